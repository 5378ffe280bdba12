"""The presenter: one :class:`TableSnapshot` per change, and the devices drawn from it.

After each change the daemon asks :meth:`Presenter.present` for a new snapshot: the prompt's
screen is drawn once (with the turn timer's clock) and posted to the OLED, its LED frame (the
outer ring pulsing red while the OLED is missing) pushed to the LEDs, the dial turned to the
wind; the snapshot holds all of it, plus the page's view of the game when someone watches.
Between changes :meth:`Presenter.animate` moves the LED animation on: the same snapshot with
the next frame.  The page (table/web) is handed each snapshot and reads nothing else.

The LEDs' frames go out from the LEDs' own thread (:meth:`HexLeds.post`): a change's frame at
once (before the OLED image, once the journal says the change is on disk: ``durable``); an
animation's frames :data:`AHEAD` beats ahead, each for the moment it is due (the beats are
``period`` seconds apart from ``origin``, the ticker's beats, table/app/tasks.py), so a press
or a journal commit that holds the loop when a frame falls due does not hold the animation.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any, Callable

from table.ui.snapshot import TableSnapshot, frame_items, one_bit

from .present import fault_frame, push_frame, with_clock
from .prompts import Prompt, View
from .spectate import selected_row
from .supervisor import Supervisor

#: the beats an animation's frames are planned ahead: a loop held for up to about that long
#: (a press, a journal commit waiting for a busy SD card, the drawing at a Pi's speed) never
#: holds the LEDs; a frame costs little (a change plans them all again, off its way)
AHEAD = 4


class Presenter:
    def __init__(self, supervisor: Supervisor, period: float = 1 / 15) -> None:
        self.supervisor = supervisor
        self.period = period                             # the animation's beat, seconds
        self.origin = time.monotonic()                   # its first beat (the ticker's too)
        self.snapshot: TableSnapshot | None = None     # the last one
        self._version = 0
        self._planned: int | None = None        # the last beat (from origin) with a frame planned
        self._ahead: dict[int, dict | None] = {}   # the frames planned, by beat

    def present(self, prompt: Prompt, view: View, t: float, *, mode: str, lang: str,
                clock_left: float | None = None, wind: int | None = None,
                page: dict[str, Any] | None = None,
                durable: Callable[[], None] | None = None) -> TableSnapshot:
        """Draw ``prompt`` over ``view`` at ``t`` seconds (its animations' time) and return the
        new snapshot; ``clock_left``: the turn timer's seconds to show; ``wind``: where the dial
        points (None: leave it); ``page``: the page's view of the game (board, team, hand,
        log, cursor), if anyone watches; ``durable``: returns once what this shows is on disk
        (the journal's commit, running meanwhile), or raises: then nothing is shown."""
        drawn = time.monotonic()                         # (when ``t`` is the animation's time)
        frame = self._frame(prompt, view, t)             # drawn while the journal commits ...
        screen = prompt.screen(view)
        image = screen.image if clock_left is None else with_clock(screen.image, clock_left)
        image = one_bit(image)
        if durable is not None:
            durable()                                    # ... and shown once it is on disk
        posted = time.monotonic()
        leds = self._show(frame)                         # the LEDs first: they show the change
        sup = self.supervisor
        display = sup.dev.get("display")
        if display is not None:
            # posted to the display's own thread; while it is failing, tried in place
            # (every retry_s) so that "back" is said only once a frame really got through
            send = display.show if "display" in sup.faults else display.post
            sup.safely("display", send, image)
        last = self.snapshot
        self._version += 1
        snap = TableSnapshot(
            version=self._version, mode=str(mode), lang=lang, oled=tuple(screen.texts),
            selected=selected_row(prompt, screen.texts), screen=image, leds=leds,
            brightness=getattr(sup.dev.get("leds"), "brightness", 1.0),
            wind=wind if wind is not None else (last.wind if last is not None else None),
            faults=tuple(sorted(sup.faults)), **(page or {}))
        self._point(wind)
        self.snapshot = snap
        self._replan_soon(prompt, view, t - drawn, posted)
        return snap

    def _replan_soon(self, prompt: Prompt, view: View, t0: float, posted: float) -> None:
        """After a change (its frame posted at ``posted``; the animation's time is ``t0`` plus
        ``time.monotonic()``): the animation's frames planned were of the table before it
        (dropped when the change's frame went out): planned again from the new one for the
        beats after the change's own, on the loop right after this change (not in its way),
        unless another change came first."""
        version = self._version
        self._planned = math.floor((posted - self.origin) / self.period)
        self._ahead.clear()

        def replan() -> None:
            faults = self.supervisor.faults
            if self._version == version and (prompt.animated or "display" in faults):
                self._plan(prompt, view, t0 + time.monotonic(), most=1)
        try:
            asyncio.get_running_loop().call_soon(replan)
        except RuntimeError:                 # (no loop: a test drawing by hand)
            replan()

    def animate(self, prompt: Prompt, view: View, t: float) -> TableSnapshot | None:
        """The LEDs' animation moved on, ``t`` being its time now: the frames of the beats up
        to :data:`AHEAD` ahead planned (normally one: the newest); the last snapshot with the
        frame shown about now (None before the first)."""
        if self.snapshot is None:
            return None
        leds = self._plan(prompt, view, t)
        self._version += 1
        self.snapshot = self.snapshot.next(version=self._version,
                                           leds=self.snapshot.leds if leds is None else leds,
                                           faults=tuple(sorted(self.supervisor.faults)))
        self._point(self.snapshot.wind)
        return self.snapshot

    def _plan(self, prompt: Prompt, view: View, t: float, most: int = 2) -> tuple | None:
        """Post the frames of the next beats not planned yet, at ``most`` of them, up to
        :data:`AHEAD` beats after the one nearest now (a ticker a little early or late for its
        beat plans the same ones): after a change, one; then two a tick until the plan is
        :data:`AHEAD` long (presses in quick succession drop few frames planned for nothing).
        The frame of the beat nearest now as the snapshot holds it (None: not planned).
        While the LEDs are failing, one frame, tried in place."""
        if "leds" in self.supervisor.faults:
            return self._show(self._frame(prompt, view, t))
        now = time.monotonic()
        nearest = math.floor((now - self.origin) / self.period + 0.5)
        first = self._planned + 1 if self._planned is not None else nearest + 1
        # a beat gone by unplanned (a replan late behind a long press): its frame at once
        first = max(first, math.floor((now - self.origin) / self.period))
        last = min(nearest + AHEAD, first + most - 1)
        for beat in range(first, last + 1):
            due = self.origin + beat * self.period
            self._ahead[beat] = frame = self._frame(prompt, view, t + (due - now))
            self._post(frame, due)
        self._planned = max(last, self._planned or 0)
        for beat in [b for b in self._ahead if b < nearest]:
            del self._ahead[beat]
        frame = self._ahead.get(nearest)         # (the snapshot: the frame shown about now)
        return None if frame is None else self._as_shown(frame)

    def _frame(self, prompt: Prompt, view: View, t: float) -> dict | None:
        """The LEDs' frame at animation time ``t`` (None: no LEDs)."""
        sup = self.supervisor
        if sup.dev.get("leds") is None:
            return None
        frame = prompt.frame(view, t)
        return fault_frame(frame, t) if "display" in sup.faults else frame

    def _show(self, frame: dict | None) -> tuple:
        """Post ``frame`` to the LEDs at once; the frame as the snapshot holds it."""
        self._post(frame)
        return self._as_shown(frame)

    def _post(self, frame: dict | None, due: float | None = None) -> None:
        """Post ``frame`` to the LEDs, at once or at ``due`` (monotonic seconds)."""
        sup = self.supervisor
        leds = sup.dev.get("leds")
        if leds is None or frame is None:
            return
        if "leds" in sup.faults:             # tried in place: "back" once a frame got through
            sup.safely("leds", push_frame, leds, frame)
        else:
            sup.safely("leds", leds.post, frame, due)

    def _as_shown(self, frame: dict | None) -> tuple:
        """``frame`` as the LEDs show it (a hex it leaves out keeps its colour), as the
        snapshot holds it."""
        leds = self.supervisor.dev.get("leds")
        if leds is None or frame is None:
            return ()
        last = self.snapshot
        shown = dict(last.leds) if last is not None and last.leds else dict.fromkeys(
            leds.hexes, (0, 0, 0))
        shown.update((h, c) for h, c in frame.items() if h in shown)
        return frame_items(shown)

    def _point(self, wind: int | None) -> None:
        dial = self.supervisor.dev.get("wind")
        if dial is not None and wind is not None and dial.direction != wind:
            self.supervisor.safely("wind", dial.point, wind)

