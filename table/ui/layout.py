"""Text on a 128x64 screen: wrap and measure with the real OLED font, and say what does not fit.

Every screen draws its text through :class:`Canvas`, which records a *problem* for each line
that had to be cut, each word wider than its box, and each character the font has no glyph for
(it would show as a box, the font's "notdef"), so a test can render every screen in every
language and assert nothing is lost.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from table.fonts import font

WIDTH, HEIGHT = 128, 64
#: A code point no font here has (plane 16 private use): what a missing glyph looks like.
NOTDEF = "\U0010FFFD"


def _mask(fnt: ImageFont.FreeTypeFont, ch: str) -> tuple:
    m = fnt.getmask(ch, mode="1")
    return m.size, bytes(m)


@functools.lru_cache(maxsize=4096)
def has_glyph(fnt: ImageFont.FreeTypeFont, ch: str) -> bool:
    """``ch`` draws as itself in ``fnt``, not as the font's notdef box."""
    if ch.isspace():
        return True
    return _mask(fnt, ch) != _mask(fnt, NOTDEF)


def missing_glyphs(s: str, fnt: ImageFont.FreeTypeFont) -> list[str]:
    """The distinct characters of ``s`` that ``fnt`` cannot draw, in order of appearance."""
    return list(_missing(s, fnt))


@functools.lru_cache(maxsize=2048)
def _missing(s: str, fnt: ImageFont.FreeTypeFont) -> tuple[str, ...]:
    return tuple(ch for ch in dict.fromkeys(s) if not has_glyph(fnt, ch))


def line_height(fnt: ImageFont.FreeTypeFont) -> int:
    ascent, descent = fnt.getmetrics()
    return ascent + descent


def wrap(s: str, fnt: ImageFont.FreeTypeFont, width: int) -> tuple[list[str], list[str]]:
    """Greedy word wrap of ``s`` to ``width`` pixels (``\\n`` forces a break).

    Returns the lines and the words too wide for a line on their own (those are split where
    they overflow, so nothing is dropped, but they read badly: a problem to report).
    """
    lines, too_wide = _wrapped(s, fnt, width)
    return list(lines), list(too_wide)


@functools.lru_cache(maxsize=1024)
def _wrapped(s: str, fnt: ImageFont.FreeTypeFont,
             width: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`wrap`, measured once for the same text (a screen drawn again, every change)."""
    lines: list[str] = []
    too_wide: list[str] = []
    for para in s.split("\n"):
        more, wide = _paragraph(para, fnt, width)
        lines += more
        too_wide += wide
    return tuple(lines), tuple(too_wide)


@functools.lru_cache(maxsize=2048)
def _paragraph(para: str, fnt: ImageFont.FreeTypeFont,
               width: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One paragraph of :func:`wrap`, measured once (a screen of changes puts together lines
    measured one by one before)."""
    words = para.split()
    whole = " ".join(words)
    if fnt.getlength(whole) <= width:       # (one line: no start of it is wider than all of it)
        return (whole,), ()
    lines: list[str] = []
    too_wide: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if fnt.getlength(trial) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = word
        if fnt.getlength(word) > width:
            too_wide.append(word)
            while fnt.getlength(line) > width:
                cut = len(line) - 1
                while cut > 1 and fnt.getlength(line[:cut]) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
    lines.append(line)
    return tuple(lines), tuple(too_wide)


@functools.lru_cache(maxsize=4096)
def length(s: str, fnt: ImageFont.FreeTypeFont) -> float:
    """``fnt.getlength(s)``, measured once for the same text (a screen drawn again)."""
    return fnt.getlength(s)


@functools.lru_cache(maxsize=2048)
def _stamp(s: str, fnt: ImageFont.FreeTypeFont) -> tuple[Image.Image, int, int]:
    """``s`` in ``fnt`` drawn once (a screen drawn again draws the same lines): its pixels,
    and where they sit from the point the text is drawn at."""
    left, top, right, bottom = (int(v) for v in fnt.getbbox(s, mode="1"))
    image = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(image).text((-left, -top), s, font=fnt, fill=1)
    return image, left, top


@dataclass
class Canvas:
    """A 128x64 1-bit image being drawn, and the problems met drawing its text."""

    image: Image.Image = field(default_factory=lambda: Image.new("1", (WIDTH, HEIGHT), 0))
    problems: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    def text(self, xy: tuple[int, int], s: str, fnt: ImageFont.FreeTypeFont,
             fill: int = 1) -> None:
        """``s`` drawn at ``xy`` as ``ImageDraw.text`` draws it, pixel for pixel."""
        stamp, left, top = _stamp(s, fnt)
        self.draw.bitmap((xy[0] + left, xy[1] + top), stamp, fill=fill)

    def check(self, s: str, fnt: ImageFont.FreeTypeFont) -> None:
        """Record ``s`` as shown, and any character of it ``fnt`` has no glyph for."""
        self.texts.append(s)
        missing = missing_glyphs(s, fnt)
        if missing:
            shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
            self.problems.append(f"no glyph for {shown} in {s!r}")

    def line(self, xy: tuple[int, int], s: str, fnt: ImageFont.FreeTypeFont | None = None,
             width: int | None = None, fill: int = 1, align: str = "left") -> None:
        """One line of text at ``xy`` (top-left of the line box) within ``width`` pixels."""
        fnt = fnt or font(12)
        x, y = xy
        width = WIDTH - x if width is None else width
        self.check(s, fnt)
        shown = s
        if length(s, fnt) > width:
            self.problems.append(f"cut off: {s!r} is {length(s, fnt):.0f} px wide, "
                                 f"the box {width}")
            while shown and fnt.getlength(shown) > width:
                shown = shown[:-1]
        if align == "center":
            x += int((width - length(shown, fnt)) // 2)
        elif align == "right":
            x += int(width - length(shown, fnt))
        self.text((x, y), shown, fnt, fill)

    def block(self, box: tuple[int, int, int, int], s: str,
              fnt: ImageFont.FreeTypeFont | None = None, fill: int = 1,
              align: str = "left", valign: str = "top") -> int:
        """Wrapped text in ``box`` (x0, y0, x1, y1, exclusive); returns the lines drawn."""
        fnt = fnt or font(12)
        x0, y0, x1, y1 = box
        pitch = line_height(fnt)
        self.check(s, fnt)
        lines, too_wide = wrap(s, fnt, x1 - x0)
        for word in too_wide:
            self.problems.append(f"word {word!r} is wider than its box ({x1 - x0} px)")
        room = max(0, (y1 - y0) // pitch)
        if len(lines) > room:
            self.problems.append(f"cut off: {s!r} needs {len(lines)} lines, the box has {room}")
            lines = lines[:room]
        if valign == "middle":
            y0 += ((y1 - y0) - pitch * len(lines)) // 2
        for i, ln in enumerate(lines):
            lx = x0
            if align == "center":
                lx += int((x1 - x0 - length(ln, fnt)) // 2)
            self.text((lx, y0 + i * pitch), ln, fnt, fill)
        return len(lines)

    def title(self, s: str, mark: str = "") -> None:
        """An inverted title bar across the top (rows 0-12), ``mark`` at its right end."""
        self.bar((0, 0, WIDTH - 1, TITLE_H - 1))
        fnt = font(12, bold=True)
        room = WIDTH - 2 - (int(length(mark, fnt)) + 2 if mark else 0)
        self.line((1, 0), s, fnt, width=room, fill=0)          # (the title's words first)
        if mark:
            self.line((room + 2, 0), mark, fnt, width=WIDTH - room - 2, fill=0)

    def bar(self, box: tuple[int, int, int, int]) -> None:
        """A filled rectangle (x0, y0, x1, y1, inclusive)."""
        self.draw.rectangle(box, fill=1)


class Measure(Canvas):
    """A canvas that only measures: the texts a screen shows and what does not fit (text cut
    off, a word too wide), with no pixel drawn, to choose between layouts of a screen before
    drawing the one chosen.  A glyph the font lacks is no problem here: it is missing in every
    layout, and the screen drawn says so."""

    def __init__(self) -> None:        # (no image)
        self.problems: list[str] = []
        self.texts: list[str] = []

    def check(self, s: str, fnt: ImageFont.FreeTypeFont) -> None:
        self.texts.append(s)

    def text(self, xy: tuple[int, int], s: str, fnt: ImageFont.FreeTypeFont,
             fill: int = 1) -> None:
        pass

    def bar(self, box: tuple[int, int, int, int]) -> None:
        pass


TITLE_H = 13
#: The body under a title bar: four lines of the 12 px font.
BODY = (1, TITLE_H + 2, WIDTH - 1, HEIGHT)


#: The room a name has on the OLED: a line of the 12 px text.  (An owner's card may be named
#: with 40 letters: a name wider than a line is cut short.)
NAME_W = WIDTH - 2
_AROUND = 20           # px kept for the marks around a name cut short: «», or ».


def short(s: str, width: int = NAME_W, fnt: ImageFont.FreeTypeFont | None = None) -> str:
    """``s`` whole where it fits ``width`` pixels of ``fnt`` (the 12 px font), else cut short
    with an ellipsis, a little shorter than a line: room for the marks a sentence puts around
    it (a name of one word is not wrapped apart from them) and for a word after it.

    >>> short("Powerful Explosives")
    'Powerful Explosives'
    >>> cut = short("W" * 40); cut[-1], font(12).getlength(cut) <= NAME_W - _AROUND
    ('…', True)
    """
    return _short(s, width, fnt or font(12))


@functools.lru_cache(maxsize=1024)
def _short(s: str, width: int, fnt: ImageFont.FreeTypeFont) -> str:
    """:func:`short`, worked out once for a name (a deal or a deck names the same cards)."""
    room = min(width, NAME_W - _AROUND)
    if length(s, fnt) <= (width if " " in s.strip() else room):
        return s
    return cut(s, lambda start: fnt.getlength(start) <= room)


def cut(s: str, fits: Callable[[str], bool]) -> str:
    """The longest start of ``s`` that, ending "…", ``fits`` (a longer start never fits
    better): found by halving, not a letter at a time."""
    good, over = 0, len(s)
    while over - good > 1:
        mid = (good + over) // 2
        if fits(s[:mid].rstrip() + "…"):
            good = mid
        else:
            over = mid
    return s[:good].rstrip() + "…"


def card_name(cards: Mapping[str, Any], card_id: str, lang: str, width: int = NAME_W) -> str:
    """The card ``card_id`` as the OLED names it: its printed name in ``lang`` (its id when
    ``cards`` has no such card), cut short past ``width`` pixels."""
    card = cards.get(card_id)
    return short(card.name(lang) if card is not None else card_id, width)
