"""A hex named in words a group can find it by on the cardboard board: walked from the Wind
Dial along the board's straight lines, in the dial's own directions ("2N 1NE": two hexes
north of the dial, then one north-east), so a screen that asks for a change at a hex says
which as well as the LEDs do (issue 37 item 2); two hexes sharing a screen are each named
above their changes (:func:`pair_screen`).

>>> hex_name("en", (1, -3)), hex_name("en", (0, 2)), hex_name("cs", (-1, 0))
('2N 1NE', '2S', '1SZ')
>>> hex_title("en", 1, 3, (1, -3))
'Hex 1/3: 2N 1NE'
"""

from __future__ import annotations

from table.fonts import font
from table.hexgrid import Hex, legs

from .layout import BODY, WIDTH, Canvas, length, line_height
from .screens import OK_ON, Screen, screen_of
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


def pair_screen(lang: str, index: tuple[int, int], n: int, groups) -> Screen:
    """The changes at two hexes on one screen, the ``index``-th of ``n`` hexes ("Hexes
    5+6/6"): each hex's name, in bold, on a line above its changes' lines.  ``groups``: (the
    hex, its lines) in order, and (None, the lines said of the whole screen) last."""
    c = Canvas()
    c.title(text("ch.title_hexes", lang, i=index[0], j=index[1], n=n), OK_ON)
    x0, y, x1, y1 = BODY
    pitch = line_height(font(12))
    for h, lines in groups:
        if h is not None:
            c.line((x0, y), hex_name(lang, h) + ":", font(12, bold=True), width=x1 - x0)
            y += pitch
        for line in lines:
            y += pitch * c.block((x0, y, x1, y1), line)
    return screen_of(c)
