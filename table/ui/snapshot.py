"""One snapshot of the table per change: everything the OLED, the LEDs, the dial and the page
show.

The presenter (table/app/showing/presenter.py) builds a :class:`TableSnapshot` after each
change; the page (table/web) is pushed the same object and draws its view from it alone: the
LEDs, the OLED, the wind, the game beside them, the cards it lists and the inputs it offers
(:class:`Controls`, what lies on the card reader included) -- the page reads no device back
and polls nothing.  A snapshot never changes: a new change is a new snapshot (its ``version``
one more).  It lives here, below both the app and the page, because it is the contract
between them (with table/ui/pagelink.py, what the page may ask of the table).
"""

from typing import TYPE_CHECKING, Any, NamedTuple

from PIL import Image

from table.hexgrid import Hex

if TYPE_CHECKING:
    from table.engine.cards import Card

Colour = tuple[int, int, int]


class Controls(NamedTuple):
    """The table's inputs as a page shows them: the buttons and the card reader, whether the
    page may work them (simulated ones), and the card lying on the reader as the reader last
    said (its taps and removals)."""

    buttons: tuple[str, ...] = ()                  # the buttons' names (none: no buttons)
    press: bool = False                            # simulated: the page presses them
    reader: bool = False                           # the table has a card reader
    tap: bool = False                              # simulated: the page taps cards on it
    on_reader: str | None = None                   # the UID of the card lying on it


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
    cards: tuple["Card", ...] = ()                 # the card library as the table has it now
    secret: frozenset[str] = frozenset()           # taught in private, not yet played
    controls: Controls = Controls()                # the buttons and the card reader

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
