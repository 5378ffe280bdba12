"""Drive a daemon the way players do: only SimButtons.press and SimCardReader.tap/remove.

``Player`` reads what the box shows (the prompt on show and its cursor, as the players see it
on the OLED and the LEDs) and presses buttons until the wanted option is under the cursor: the
inputs are table.app.presses's, as the daemon's benchmark makes them.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from table.app.showing.views import Step
from table.app.presses import inputs_for, menu_inputs, walk_to
from table.app.asking.prompts import Notice
from table.app.wizard import MapEditor
from tests.polling import until_async


async def settle(daemon) -> None:
    """Let the loop run every callback the presses scheduled."""
    loop = asyncio.get_running_loop()
    for _ in range(2):
        fut = loop.create_future()
        loop.call_soon(fut.set_result, None)
        await fut


class Player:
    def __init__(self, daemon, tags: dict[str, str] | None = None):
        self.d = daemon
        self.buttons = daemon.dev["buttons"]
        self.reader = daemon.dev["card_reader"]
        self.tags = {card: uid for uid, card in (tags or {}).items()}
        self.presses = 0
        self.taps = 0

    async def press(self, name: str, long: bool = False) -> None:
        self.buttons.press(name, long)
        self.presses += 1
        await settle(self.d)

    async def tap(self, uid: str) -> None:
        self.reader.tap(uid)
        self.reader.remove()
        self.taps += 1
        await settle(self.d)

    async def choose(self, value) -> None:
        """Answer the prompt on show with ``value`` through presses and taps."""
        await self.make(inputs_for(self.d.current(), value, self.buttons.inputs))

    async def walk(self, p, target) -> None:
        await self.make(walk_to(p, target, self.buttons.inputs))

    async def menu(self, p, value) -> None:
        await self.make(menu_inputs(p, value, self.buttons.inputs))

    async def make(self, inputs) -> None:
        """Each input in turn (table.app.presses reads the prompt again after each)."""
        for kind, what in inputs:
            if kind == "press":
                await self.press(what)
            else:
                await self.tap(self.tags[what])

    async def confirm(self, each=None) -> None:
        """OK through every step and notice on show while a game is in play (a storage
        fault's screen is left on show): the next decision, or the game's end.  ``each()``
        is called with each screen on show, before its OK."""
        while isinstance(self.d.current(), (Step, Notice)) and self.d.mode == "play":
            if each is not None:
                each()
            await self.press("ok")

    async def wizard(self, teams: int = 2, rules=(), dice: str = "auto",
                     placement: str = "auto", lang: str = "en", decks: str = "players",
                     box: dict | None = None) -> None:
        """Through the new-game wizard: ``lang``, ``teams`` teams, the teams the ``box``
        plays (team: level), the optional ``rules``,
        ``dice`` ("auto"/"own"), ``decks`` ("players"/"box": who draws), ``placement``
        ("auto"/"players"), a new map accepted as the editor offers it."""
        w = self.d.wizard
        box = box or {}
        await self.choose(lang)
        for colour in ("green", "yellow", "purple", "grey")[:teams - 2]:
            await self.menu(w.prompt, colour)            # ticked beside Blue and Red
        await self.choose("start")
        for team, level in box.items():
            while w.box.get(team) != level:
                await self.menu(w.prompt, team)
        await self.choose("start")
        for rule in rules:
            await self.choose(rule)
        await self.choose("start")
        await self.choose(dice)
        await self.choose(decks)
        await self.choose(placement)
        await self.choose("new")
        assert isinstance(w.prompt, MapEditor)
        await self.press("ok", long=True)


async def started(daemon) -> asyncio.Task:
    """The daemon's :meth:`run` as a task, once it is ready (its first screen on show)."""
    task = asyncio.create_task(daemon.run())
    await until_async(lambda: daemon.ready or task.done(), step=0, what="the daemon ready")
    if task.done():
        task.result()                            # (it failed to start: say why)
    return task


class running:
    """``async with running(daemon):`` the daemon's loop runs as a task until the block ends."""

    def __init__(self, daemon):
        self.d = daemon

    async def __aenter__(self):
        self.task = await started(self.d)
        return self.d

    async def __aexit__(self, *exc):
        self.d.stop()
        await self.task


def sim_daemon(state_dir, seed=1, devices=None, **kw):
    """A daemon on simulated devices (the reference profile's LED grid), its state read (as
    its setup does before it runs: the tests enrol tags and start games on it first)."""
    from table.app.daemon import Daemon
    from table.devices.build import build_devices
    from table.profiles import load

    if devices is None:
        devices = build_devices(load(None), sim=True)
    daemon = Daemon(devices, state_dir, seed=seed, **kw)
    daemon.open_state()
    daemon.settle()                           # (a problem reading it: on show first)
    return daemon


@asynccontextmanager
async def seated(state_dir, seed=1, **wizard):
    """``async with seated(folder, seed) as (daemon, player):`` a daemon on simulated devices,
    every card enrolled, running, its new-game wizard answered (``wizard``: the options of
    Player.wizard): a game in play, as its first question is asked."""
    daemon = sim_daemon(state_dir, seed)
    tags = enrol_all(daemon)
    async with running(daemon):
        player = Player(daemon, tags)
        await player.wizard(**wizard)
        yield daemon, player


def enrol_all(daemon) -> dict[str, str]:
    """Enrol a made-up NFC tag for every card of the library; uid -> card id."""
    tags = {f"04{i:012X}": card for i, card in enumerate(sorted(daemon.cards))}
    for uid, card in tags.items():
        daemon.tags.enrol(uid, card)
    return tags


def wizard_at(wizard, stage: str):
    """Answer the wizard's stages as they stand (Start where a menu has it, else the row under
    the cursor) until it reaches ``stage``; the prompt it shows there."""
    while wizard.stage != stage:
        prompt = wizard.prompt
        assert wizard.result is None, f"the wizard finished before {stage!r}"
        wizard.answer("start" if "start" in prompt.values else prompt.selected)
    return wizard.prompt


async def box_done(daemon, seconds: float = 120.0) -> None:
    """Wait while the box thinks for a team it plays (in a worker thread), until its answer
    is given on the loop."""
    await until_async(lambda: not daemon.box.busy, timeout=seconds, step=0.002,
                      what="the box's answer")


async def play_out(daemon, player, bot, limit=20000, told: list | None = None,
                   turns: int | None = None) -> int:
    """Answer every decision with ``bot``'s choice, through presses and taps; OK through
    every step; until the winner is on show (or, with ``turns``, the game is past that
    turn).  Returns the number of decisions; ``told`` (a list holding a list) gets the words
    of each screen OK went past (every Step and Notice), a list of them between two
    questions."""
    n = 0
    for _ in range(limit):
        await box_done(daemon)
        if daemon.mode == "over" or turns is not None and daemon.game.turn.number > turns:
            return n
        cur = daemon.current()
        if isinstance(cur, (Step, Notice)):
            if told is not None:
                told[-1].append("\n".join(cur.screen(daemon.view()).texts))
            await player.press("ok")
            continue
        if told and told[-1]:
            told.append([])
        await player.choose(bot(daemon.game))
        n += 1
    raise AssertionError("the game did not end")
