"""The presenter: one :class:`TableSnapshot` per change, and the devices drawn from it.

After each change the daemon asks :meth:`Presenter.present` for a new snapshot, made first:
the screen drawn once (with the turn timer's clock), the prompt's LED frame (the outer ring
pulsing red while the OLED is missing), the wind, and the page's view of the game when someone
watches.  Then the devices are drawn from the snapshot alone (:meth:`Presenter.draw`, through
:func:`devices_of`): the LED frame pushed first, the image posted to the OLED, the dial turned.
Between changes :meth:`Presenter.animate` moves the LED animation on: the last snapshot with
the frame for now, pushed on the loop by the ticker (every ``period`` seconds from ``origin``,
table/app/core/tasks.py).  The page (table/web) is handed each snapshot and reads nothing else.

The LEDs are pushed on the loop, not from a thread of their own: at a Pi Zero 2 W's speed a
thread that wakes up when a frame falls due waits for the CPU as the loop would, and the
switching costs more than it saves (docs/benchmarks.md).
"""

from __future__ import annotations

import time
from itertools import repeat
from operator import itemgetter
from typing import Any

from table.ui.snapshot import TableSnapshot, frame_items, one_bit

from table.app.showing.views import fault_frame, push_frame, with_clock
from table.app.asking.prompts import Prompt, View
from table.app.core.supervisor import Supervisor


class Presenter:
    def __init__(self, supervisor: Supervisor, period: float = 1 / 15) -> None:
        self.supervisor = supervisor
        self.period = period                             # the animation's beat, seconds
        self.origin = time.monotonic()                   # its first beat (the ticker's too)
        self.snapshot: TableSnapshot | None = None     # the last one
        self._version = 0
        self._order: tuple[Any, tuple] = (None, ())     # the LEDs' hexes, and sorted
        self.due = False                                 # a change of state not yet drawn
        self.on_show: Prompt | None = None               # the prompt the last snapshot drew

    def present(self, prompt: Prompt, view: View, t: float, *, mode: str, lang: str,
                clock_left: float | None = None, wind: int | None = None,
                page: dict[str, Any] | None = None) -> TableSnapshot:
        """The new snapshot of ``prompt`` over ``view`` at ``t`` seconds (its animations' time),
        made first, then drawn on the devices (:meth:`draw`); ``clock_left``: the turn timer's
        seconds to show; ``wind``: where the dial points (None: where it pointed); ``page``:
        the page's view of the game (board, team, hand, log, cursor), if anyone watches."""
        screen = prompt.screen(view)
        image = screen.image if clock_left is None else with_clock(screen.image, clock_left)
        image = one_bit(image)
        sup = self.supervisor
        last = self.snapshot
        self.due = False
        self._version += 1
        snap = TableSnapshot(
            version=self._version, mode=str(mode), lang=lang, oled=tuple(screen.texts),
            selected=screen.selected, screen=image,
            leds=self._leds(prompt, view, t),
            brightness=getattr(sup.dev.get("leds"), "brightness", 1.0),
            wind=wind if wind is not None else (last.wind if last is not None else None),
            faults=tuple(sorted(sup.faults)), **(page or {}))
        self.snapshot, self.on_show = snap, prompt
        self.draw(snap)
        return snap

    def animate(self, prompt: Prompt, view: View, t: float) -> TableSnapshot | None:
        """The LEDs' frame at ``t``: the last snapshot with it, drawn on the LEDs and the dial
        (None before the first)."""
        if self.snapshot is None:
            return None
        self._version += 1
        self.snapshot = snap = self.snapshot.next(version=self._version,
                                                  leds=self._leds(prompt, view, t),
                                                  faults=tuple(sorted(self.supervisor.faults)))
        self.draw(snap, oled=False)
        return snap

    def draw(self, snap: TableSnapshot, oled: bool = True) -> None:
        """The devices drawn from ``snap`` alone (:func:`devices_of`): the LEDs first (they
        show the change), then the OLED (``oled``), then the dial."""
        sup = self.supervisor
        frame, image, wind = devices_of(snap)
        leds = sup.dev.get("leds")
        if leds is not None:
            sup.safely("leds", push_frame, leds, frame)
        display = sup.dev.get("display")
        if oled and display is not None:
            # posted to the display's own thread; while it is failing, tried in place
            # (every retry_s) so that "back" is said only once a frame really got through
            send = display.show if "display" in sup.faults else display.post
            sup.safely("display", send, image)
        dial = sup.dev.get("wind")
        if dial is not None and wind is not None and dial.direction != wind:
            sup.safely("wind", dial.post, wind)

    def changed(self, before: Any, after: Any) -> None:
        """The table's state changed (its listener, table/app/core/tablestate.py): drawn by
        the next :meth:`present` (:attr:`due` until then)."""
        self.due = True

    def _leds(self, prompt: Prompt, view: View, t: float) -> tuple:
        """The LEDs' frame at animation time ``t`` as the snapshot holds it (a hex the frame
        leaves out keeps its colour): (hex, colour) pairs sorted by hex, the sorted hexes
        worked out once for the LEDs."""
        sup = self.supervisor
        leds = sup.dev.get("leds")
        if leds is None:
            return ()
        frame = prompt.frame(view, t)
        if "display" in sup.faults:
            frame = fault_frame(frame, t)
        hexes = leds.hexes
        if self._order[0] is not hexes:
            self._order = (hexes, tuple(sorted(hexes)))
        order = self._order[1]
        last = self.snapshot.leds if self.snapshot is not None else ()
        if not last:
            return tuple(zip(order, map(frame.get, order, repeat((0, 0, 0)))))
        if tuple(map(itemgetter(0), last)) == order:        # (the same LEDs as last time)
            return tuple(zip(order, map(frame.get, order, map(itemgetter(1), last))))
        shown = dict(last)
        shown.update((h, c) for h, c in frame.items() if h in shown)
        return frame_items(shown)


def devices_of(snap: TableSnapshot) -> tuple[dict, Any, int | None]:
    """What each device shows for ``snap``, from it alone: the LEDs' frame (hex -> colour,
    before the brightness cap), the OLED's 1-bit image, where the dial points (None: leave
    it)."""
    return snap.frame, snap.screen, snap.wind
