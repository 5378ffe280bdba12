"""One snapshot of the table per change: everything the OLED, the LEDs, the dial and the page
show.

The presenter (table/app/showing/presenter.py) builds a :class:`TableSnapshot` after each change and
draws the devices from it; the page (table/web) is pushed the same object and reads nothing
else -- no device is read back, nothing is polled.  A snapshot never changes: a new change is a
new snapshot (its ``version`` one more).  It lives here, below both the app and the page,
because it is the contract between them.
"""

from typing import Any, NamedTuple

from PIL import Image

from table.hexgrid import Hex

Colour = tuple[int, int, int]


class TableSnapshot(NamedTuple):
    """What the table shows at one moment."""

    version: int                                   # 1, 2, ... one more per change
    mode: str                                      # the daemon's Mode
    lang: str
    oled: tuple[str, ...] = ()                     # the OLED's words, line by line
    selected: int | None = None                    # the line OK chooses (a menu's row)
    screen: Image.Image | None = None              # the OLED's 1-bit image (None: not drawn)
    leds: tuple[tuple[Hex, Colour], ...] = ()      # the LED frame, hex by hex (sorted)
    brightness: float = 1.0                        # the LEDs' brightness cap
    wind: int | None = None                        # where the wind dial points (None: unknown)
    board: tuple[dict[str, Any], ...] = ()         # each hex: at, water, things (the page's)
    team: str | None = None                        # the team to play, in words
    hand: tuple[str, ...] | None = None            # its hand (in simulation only)
    hands: tuple[tuple[str, int], ...] = ()        # each team (in words) and its hand's size
    box: tuple[str, ...] = ()                      # the teams the box plays, in words
    log: tuple[Any, ...] = ()                      # the turn log
    cursor: dict[str, Any] | None = None           # the hex under the cursor and what is on it
    faults: tuple[str, ...] = ()                   # the devices failing

    @property
    def frame(self) -> dict[Hex, Colour]:
        """The LED frame as a mapping."""
        return dict(self.leds)

    def next(self, **changes: Any) -> "TableSnapshot":
        """The snapshot after a change: ``changes`` applied, the version one more (unless
        ``changes`` says which)."""
        return self._replace(**{"version": self.version + 1, **changes})


def frame_items(frame: dict[Hex, Colour]) -> tuple[tuple[Hex, Colour], ...]:
    """An LED frame as a snapshot holds it: (hex, colour) pairs, sorted by hex."""
    return tuple(sorted(frame.items()))


def one_bit(image: Image.Image) -> Image.Image:
    """``image`` as the OLED shows it: 1-bit by a plain threshold, no dithering."""
    if image.mode == "1":
        return image
    return image.convert("L").convert("1", dither=Image.Dither.NONE)
