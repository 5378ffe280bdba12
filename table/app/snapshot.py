"""One snapshot of the table per change: everything the OLED, the LEDs and the page show.

The presenter builds a :class:`TableSnapshot` after each change; the devices and the page read
that one object rather than the daemon's state or each other (a snapshot never changes: a new
change is a new snapshot).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.hexgrid import Hex

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class TableSnapshot:
    """What the table shows at one moment."""

    version: int                                   # 1, 2, ... one more per change
    mode: str                                      # the daemon's Mode (or the demo's)
    lang: str
    oled: tuple[str, ...] = ()                     # the OLED's words, line by line
    screen: Any = None                             # the OLED's image (Pillow, 128x64), if drawn
    leds: tuple[tuple[Hex, Colour], ...] = ()      # the LED frame, hex by hex
    wind: int | None = None                        # where the wind dial points
    board: tuple[dict[str, Any], ...] = ()         # each hex: at, water, things
    team: str | None = None                        # the team to play, in words
    hand: tuple[str, ...] | None = None            # its hand (in simulation only)
    log: tuple[str, ...] = ()                      # the turn log
    cursor: dict[str, Any] | None = None           # the hex under the cursor and what is on it
    faults: tuple[str, ...] = ()                   # the devices failing
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def frame(self) -> dict[Hex, Colour]:
        """The LED frame as a mapping."""
        return dict(self.leds)
