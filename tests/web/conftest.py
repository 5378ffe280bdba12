"""Fixtures for the simulator page: sim devices, a stand-in for the daemon, a running server.

The server runs on its own asyncio loop in a thread (as it runs on the daemon's loop), so
tests can talk to it with plain blocking HTTP clients or a browser from the main thread.
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request

import pytest

from table import profiles as profile
from table.cards import library
from table.devices.build import build_devices
from table.bots import RandomBot
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.hexgrid import distance
from table.ui import scenes, screens
from table.ui.snapshot import Controls, TableSnapshot, frame_items, one_bit
from table.ui.strings import text
from table.web import card_for_uid, serve

RED = (255, 0, 0)
GREEN = (0, 255, 0)
WHITE = (255, 255, 255)
DIRS = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}


class Clock:
    """A clock of the test's own (``clock=`` of the demo, pairing): ``now`` seconds, moved on
    by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


class StandIn:
    """A tiny daemon over a real game position.  Idle: the board on the LEDs and the turn on
    the OLED.  A direction button points the dial and lights that ray of hexes white; OK
    lights the grid green; Back shows the board again; a long press lights it red; a card
    lights the Accuracy rings round the active worm and shows the Accuracy dice.  After each
    change it pushes a snapshot of what it shows to the page (``push``, once attached), the
    cards it knows and its inputs (the card on the reader) in it, as the daemon's do."""

    def __init__(self, devices, lang: str = "en"):
        self.devices = devices
        self.lang = lang
        self.inputs: list[tuple[str, bool]] = []
        self.taps: list[str | None] = []
        self.removed: list[str] = []
        self.cards = library()
        self.push = None
        self.snapshot = TableSnapshot(0, "play", lang, brightness=devices.leds.brightness,
                                      cards=tuple(self.cards.values()),
                                      controls=Controls(tuple(devices.buttons.inputs), True,
                                                        True, True))
        game = LibraryGame.new(GameConfig(teams=4), 7)
        bot = RandomBot(1)
        while game.turn.step in ("place", "draft", "start", "activate"):
            game.answer(bot(game))
        self.board = game.board
        self.worm = next(w for w in self.board.worms(game.turn.team))
        self.team = game.turn.team
        devices.buttons.on_input = self.on_input
        devices.card_reader.on_tap = self.on_tap
        devices.card_reader.on_remove = self.on_remove
        self.idle()

    def attach(self, running) -> None:
        """Push to ``running``'s server from now on, starting with what is on show."""
        self.push = running.server.show
        running.call(lambda: self.push(self.snapshot))

    def changed(self, **what) -> None:
        self.snapshot = self.snapshot.next(**what)
        if self.push is not None:
            self.push(self.snapshot)

    def frame(self, frame: dict) -> None:
        leds = self.devices.leds
        full = {h: frame.get(h, (0, 0, 0)) for h in leds.hexes}
        for h, c in full.items():
            leds.set(h, c)
        leds.show()
        self.changed(leds=frame_items(full))

    def screen(self, screen) -> None:
        self.devices.display.show(screen.image)
        self.changed(oled=screen.texts, screen=one_bit(screen.image))

    def point(self, d: int) -> None:
        self.devices.wind.point(d)
        self.changed(wind=d)

    def idle(self) -> None:
        self.frame(scenes.board_frame(self.board, self.devices.leds.hexes))
        self.screen(screens.turn(self.lang, self.team, 1, text("prompt.card", self.lang)))

    def on_input(self, event) -> None:
        self.inputs.append((event.name, event.long))
        grid = self.devices.leds.hexes
        if event.name == "back" and not event.long:
            self.idle()
            return
        if event.long:
            frame = {h: RED for h in grid}
        elif event.name in "123456":
            d = int(event.name)
            self.point(d)
            dq, dr = DIRS[d]
            frame = {(dq * k, dr * k): WHITE for k in range(1, 5) if (dq * k, dr * k) in grid}
        elif event.name == "ok":
            frame = {h: GREEN for h in grid}
        else:
            frame = {}
        self.frame(frame)
        body = f"{event.name}{' (long)' if event.long else ''}"
        self.screen(screens.message("Button", body))

    def on_remove(self, uid: str) -> None:
        self.removed.append(uid)
        self.changed(controls=self.snapshot.controls._replace(on_reader=None))

    def on_tap(self, uid: str) -> None:
        self.changed(controls=self.snapshot.controls._replace(on_reader=uid))
        card = card_for_uid(uid, self.cards)
        self.taps.append(card)
        if card is None:
            self.screen(screens.message("Card", f"unknown {uid}"))
            return
        grid = self.devices.leds.hexes
        at = self.worm.at
        targets = [h for h in grid if h != at and distance(h, at) <= 3]
        self.frame(scenes.legal(self.board, grid, targets, scenes.accuracy_colour(3)))
        self.screen(screens.dice(self.lang, ["3", "wind", "hit"], cursor=1,
                                 wind=self.devices.wind.direction or 2,
                                 title=self.cards[card].name(self.lang)))


@pytest.fixture
def devices():
    devs = build_devices(profile.load(), sim=True)
    yield devs
    devs.close()


class Running:
    """A server on a loop in a thread; ``call(fn)`` runs fn on that loop and returns its result."""

    def __init__(self, devices, **options):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        options.setdefault("port", 0)
        self.server = serve(devices, **options)
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)
        self.url = f"http://127.0.0.1:{self.server.port}"

    def restart(self) -> None:
        """Stop and start the server again (on its port), e.g. to take new limits."""
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)

    def call(self, fn):
        async def run():
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self) -> None:
        if self.loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    def request(self, path: str, body=None, *, method=None, headers=None, raw: bytes | None = None,
                content_type="application/json"):
        """(status, parsed JSON or bytes) of one request; bodies are sent as JSON."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        hdrs = {"Content-Type": content_type} if data is not None else {}
        hdrs.update(headers or {})
        req = urllib.request.Request(self.url + path, data=data, headers=hdrs, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                status, payload, ctype = res.status, res.read(), res.headers["Content-Type"]
        except urllib.error.HTTPError as err:
            status, payload, ctype = err.code, err.read(), err.headers["Content-Type"]
        json_reply = (ctype or "").split(";")[0].strip() == "application/json"
        return status, json.loads(payload) if json_reply else payload


@pytest.fixture
def start():
    """start(devices, **serve_options) -> Running; every server started is stopped after."""
    started = []

    def go(devs, **options):
        r = Running(devs, **options)
        started.append(r)
        return r

    yield go
    for r in started:
        r.stop()


@pytest.fixture
def table(devices, start):
    """A running server over sim devices driven by the stand-in: (running, stand_in)."""
    stand_in = StandIn(devices)
    running = start(devices)
    stand_in.attach(running)
    return running, stand_in
