"""The shop demo (table/app/demo.py) on an asyncio loop: :func:`run_async` paces the show's
beats and animations in real time (a ticker moving the LEDs' animation on, on the presenter's
beat, as in the daemon), and :func:`attach` hands the buttons' and the card reader's events
(from their threads) to the loop, where an input cuts the show short so that its screen goes
up at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import tasks
from .bridge import LoopBridge
from .demo import Demo, log

if TYPE_CHECKING:
    from table.devices.build import Devices


async def run_async(demo: Demo, stop: asyncio.Event, games: int | None = None) -> None:
    """Pace the show on the running loop until ``stop`` (an asyncio.Event) is set or ``games``
    games are over.  Inputs (from any thread) go through :func:`attach`."""
    wake = demo.wake = asyncio.Event()
    demo.supervisor.bridge.loop = asyncio.get_running_loop()   # the devices' errors, on it
    stage = demo.stage
    ticker = asyncio.create_task(tasks.every(stage.presenter.period, stage.tick, "the show's LEDs",
                                             stage.presenter.origin))
    start_games = demo.games
    try:
        while not stop.is_set() and (games is None or demo.games - start_games < games):
            wake.clear()
            animations, hold = demo.step()
            for scene, seconds in animations:
                demo.stage.play(scene, seconds)
                demo.draw()
                await _wait(wake, stop, seconds)
                if stop.is_set():
                    return
                if wake.is_set():        # an input: its screen goes up now, not after the show
                    break
            if hold > 0 and not wake.is_set():
                await _wait(wake, stop, hold)
    finally:
        ticker.cancel()
        await asyncio.gather(ticker, return_exceptions=True)


async def _wait(wake: asyncio.Event, stop: asyncio.Event, seconds: float) -> None:
    """Until ``seconds`` are up, an input wakes the show, or it is stopped."""
    waits = [asyncio.ensure_future(e.wait()) for e in (wake, stop)]
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


def attach(demo: Demo, devices: Devices, loop: asyncio.AbstractEventLoop,
           tags: dict[str, str] | None = None) -> None:
    """Hand the buttons' and the card reader's events (from their threads) to the loop.

    A tag is read as its card through ``tags`` (UID -> card id: the enrol table of
    ``worms-table enroll``), else as a sim tag (:mod:`table.cards.simtags`)."""
    from table.cards.simtags import card_for_uid

    tags = {uid.upper(): card for uid, card in (tags or {}).items()}
    bridge = LoopBridge(loop)

    def on_loop(fn: Callable[..., None], *args: Any) -> None:
        def run() -> None:
            try:
                fn(*args)
            except Exception:                 # never let one input stop the show
                log.exception("demo: input failed")
            if demo.wake is not None:
                demo.wake.set()
        bridge.call(run)

    def card(uid: str) -> str | None:
        found = tags.get(uid.upper())
        return found if found in demo.cards else card_for_uid(uid, demo.cards)

    demo.lying = lambda: card(devices.card_reader.current) if devices.card_reader.current \
        else None
    devices.buttons.on_input = lambda event: on_loop(demo.press, event)
    devices.card_reader.on_tap = lambda uid: on_loop(lambda: demo.tap(card(uid)))


__all__ = ["attach", "run_async"]
