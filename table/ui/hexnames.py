"""A hex named in words a group can find it by on the cardboard board: walked from the Wind
Dial along the board's straight lines, in the dial's own directions ("2N 1NE": two hexes
north of the dial, then one north-east), so a screen that asks for a change at a hex says
which as well as the LEDs do (issue 37 item 2).

>>> hex_name("en", (1, -3)), hex_name("en", (0, 2)), hex_name("cs", (-1, 0))
('2N 1NE', '2S', '1SZ')
>>> hex_title("en", 1, 3, (1, -3))
'Hex 1/3: 2N 1NE'
"""

from __future__ import annotations

from table.fonts import font
from table.hexgrid import Hex, legs

from .layout import WIDTH, length
from .strings import text

#: the Wind Dial's hex: the centre of the LED grid (the wizard's water hex)
DIAL: Hex = (0, 0)
#: the title bar's room left of the "OK→" mark, in pixels (layout.Canvas.title)
_ROOM = WIDTH - 2 - 20


def hex_name(lang: str, h: Hex) -> str:
    """``h`` walked from the dial: each leg its count and direction ("2N 1NE")."""
    return " ".join(text("hex.leg", lang, k=k, dir=text(f"dir.{d}", lang)) for k, d in legs(DIAL, h))


def hex_title(lang: str, i: int, n: int, h: Hex) -> str:
    """The title of the changes at hex ``h``, the ``i``-th of ``n`` hexes: "Hex 2/3: 2N 1NE"
    where it fits the title bar, else "2/3: 2N 1NE", else the hex's name alone."""
    where = hex_name(lang, h)
    fnt = font(12, bold=True)
    for key in ("ch.title_at", "ch.title_at_short"):
        title = text(key, lang, i=i, n=n, where=where)
        if length(title, fnt) <= _ROOM:
            return title
    return where
