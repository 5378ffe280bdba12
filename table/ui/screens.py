"""OLED screens: pure functions from what to say to a 128x64 1-bit image.

Each returns a :class:`Screen`: the image for :meth:`table.devices.display.Display.show` and
the problems met drawing it (text cut off, a word too wide, a missing glyph); the tests render
every screen in every language and require no problems.  Layout: an inverted title bar
(rows 0-12), then four lines of the 12 px Terminus font.
"""

import math
from typing import NamedTuple

from PIL import Image

from table.fonts import font

from .layout import (BODY, HEIGHT, TITLE_H, WIDTH, Canvas, Measure, cut, length, line_height,
                     wrap)

from .strings import FACES, text

#: Screen directions of the six hex directions (flat-topped hexes, y pointing down).
ARROWS = {d: (math.sin(math.radians(a)), -math.cos(math.radians(a)))
          for d, a in zip(range(1, 7), (0, 60, 120, 180, 240, 300))}
MENU_ROWS = 4
DIE_H = 34   # a die icon's height when a line is left under the row for its meaning


class Screen(NamedTuple):
    """A drawn OLED screen: its image, what would not fit, and the texts on it."""

    image: Image.Image
    problems: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    selected: int | None = None        # the text shown inverted, the row OK chooses (a menu's)


def screen_of(c: Canvas, selected: int | None = None) -> Screen:
    """The screen drawn on ``c``; ``selected``: the index in its texts of the row shown inverted."""
    return Screen(c.image, tuple(c.problems), tuple(c.texts), selected)


# -- general ---------------------------------------------------------------------------------

#: the mark at the right of a title bar that says OK goes on
OK_ON = "OK→"


def message(title: str, body: str, footer: str | None = None, mark: str = "",
            hint: str | None = None) -> Screen:
    """A title bar and wrapped body text; ``footer`` goes right-aligned on the last line,
    ``mark`` at the right of the title bar (:data:`OK_ON`: OK goes on); ``hint``: the keys'
    hint as the footer where the body leaves it room, else "OK" at the title's right."""
    if hint is not None:
        for foot, marked in ((hint, mark), (None, mark or "OK")):
            if fits(title, body, foot, marked):
                return message(title, body, foot, marked)
    return screen_of(_message(Canvas(), title, body, footer, mark))


def fits(title: str, body: str, footer: str | None = None, mark: str = "") -> bool:
    """:func:`message` (without a hint) would show all of it: measured, not drawn (a screen
    that tries layouts draws only the one it shows)."""
    return not _message(Measure(), title, body, footer, mark).problems


def _message(c: Canvas, title: str, body: str, footer: str | None, mark: str) -> Canvas:
    c.title(title, mark)
    x0, y0, x1, y1 = BODY
    if footer:
        y1 -= 12
        c.line((x0, HEIGHT - 12), footer, width=x1 - x0, align="right")
    c.block((x0, y0, x1, y1), body)
    return c


def menu(title: str, items: list[str], cursor: int | None) -> Screen:
    """A list with the cursor's item inverted, scrolled so the cursor shows; arrows at the
    right of the title bar say there is more above or below.  An item too wide for a row
    wraps onto a second row (indented past a leading ● or ○ mark); more is a problem.  An item
    that would show half, at the top or the bottom, is left out.
    ``cursor`` None: no item is chosen yet (the list from its top, nothing inverted)."""
    if not items:
        raise ValueError("a menu needs at least one item")
    shown = None if cursor is None else max(0, min(cursor, len(items) - 1))
    cursor = 0 if shown is None else shown
    c = Canvas()
    fnt = font(12)
    laid = [_item_rows(item, fnt) for item in items]
    rows = [(i, x, ln) for i, (item_rows, _) in enumerate(laid) for x, ln in item_rows]
    starts = [next(r for r, row in enumerate(rows) if row[0] == i) for i in range(len(items))]
    end = starts[cursor + 1] if cursor + 1 < len(items) else len(rows)
    first = min(max(0, end - MENU_ROWS), max(0, len(rows) - MENU_ROWS), starts[cursor])
    while first < starts[cursor] and first not in starts:    # no half item at the top
        first += 1
    last = min(len(rows), first + MENU_ROWS)
    while last < len(rows) and rows[last][0] == rows[last - 1][0] and last - 1 > first:
        last -= 1                                            # nor at the bottom
    c.title(title, ("↑" if first > 0 else "") + ("↓" if last < len(rows) else ""))
    y = TITLE_H + 2
    selected = None
    for i in sorted({row[0] for row in rows[first:last]}):
        if i == shown:
            selected = len(c.texts)
        c.check(items[i], fnt)
        c.problems.extend(laid[i][1])
    for i, x, ln in rows[first:last]:
        if i == shown:
            c.draw.rectangle((0, y, WIDTH - 1, y + 11), fill=1)
        c.text((x, y), ln, fnt, fill=0 if i == shown else 1)
        y += 12
    return screen_of(c, selected)


def noted_menu(title: str, note: str, items: list[str], cursor: int | None,
               hint: str | None = None) -> Screen:
    """A short list under a note that says what it is for (a line or two), every row shown,
    the cursor's inverted as in :func:`menu` (None: no row chosen yet, none inverted);
    ``hint``: the keys, on the last line where the rows leave it free, else "OK" at the
    title's right (as :func:`message` does)."""
    c = Canvas()
    fnt = font(12)
    x0, y0, x1, y1 = BODY
    free = (y1 - y0) // 12 - len(items) - (len(wrap(note, fnt, x1 - x0)[0]) if note else 0)
    c.title(title, "OK" if hint is not None and free < 1 else "")
    if hint is not None and free >= 1:
        c.line((x0, HEIGHT - 12), hint, fnt, width=x1 - x0, align="right")
    y = y0 + 12 * c.block((x0, y0, x1, y1 - 12 * len(items)), note, fnt) if note else y0
    selected = None
    for i, item in enumerate(items):
        if i == cursor:
            selected = len(c.texts)
            c.draw.rectangle((0, y, WIDTH - 1, y + 11), fill=1)
        c.line((1, y), item, fnt, width=WIDTH - 2, fill=0 if i == cursor else 1)
        y += 12
    if y > HEIGHT:
        c.problems.append(f"cut off: {len(items)} rows under {note!r} need {y - y0} px")
    return screen_of(c, selected)


def _item_rows(item: str, fnt) -> tuple[list[tuple[int, str]], list[str]]:
    """The rows of one menu item, (x, text) each, and the problems: more than two rows, a
    word wider than a row."""
    room = WIDTH - 2
    if length(item, fnt) <= room:
        return [(1, item)], []
    indent = int(fnt.getlength(item[:2])) if item[:1] in "●○" and item[1:2] == " " else 0
    head, rest = (item[:2], item[2:]) if indent else ("", item)
    lines, too_wide = wrap(rest, fnt, room - indent)
    problems = [f"word {word!r} is wider than a menu row ({room - indent} px)"
                for word in too_wide]
    if len(lines) > 2:
        problems.append(f"cut off: {item!r} needs {len(lines)} rows, a menu item has 2")
        lines = lines[:2]
    return [(1, head + lines[0])] + [(1 + indent, ln) for ln in lines[1:]], problems


def menu_item(item: str) -> str:
    """``item`` as a row of :func:`menu` shows it without a problem: whole where it fits its
    two rows, else its longest start that does, ending "…" (a list that cuts a long line on
    purpose, and shows it whole on another screen).

    >>> menu_item("Blast"), menu_item("Move → Text " * 9)[-1]
    ('Blast', '…')
    """
    fnt = font(12)
    if not _item_rows(item, fnt)[1]:
        return item
    return cut(item, lambda start: not _item_rows(start, fnt)[1])


# -- dice ------------------------------------------------------------------------------------

def _arrow(c: Canvas, cx: float, cy: float, d: int, length: float, fg: int) -> None:
    """An arrow through (cx, cy) pointing in hex direction ``d``."""
    ux, uy = ARROWS[d]
    half = length / 2
    tip = (cx + ux * half, cy + uy * half)
    c.draw.line([(cx - ux * half, cy - uy * half), tip], fill=fg, width=2)
    bx, by = cx + ux * (half - 4), cy + uy * (half - 4)
    c.draw.polygon([tip, (bx - uy * 3, by + ux * 3), (bx + uy * 3, by - ux * 3)], fill=fg)


def die_icon(c: Canvas, x: int, y: int, w: int, h: int, face: str, wind: int | None,
             selected: bool = False) -> None:
    """One die face in a ``w`` x ``h`` box: a number over an arrow the way it points, the
    wind face as waves over the wind's arrow, the bullseye as rings."""
    fg = 0 if selected else 1
    c.draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=3, fill=1 - fg, outline=1)
    cx = x + (w - 1) / 2
    top, low = y + h * 0.3, y + h * 0.7      # centres of the upper and lower halves
    if face == "hit":
        cy = y + (h - 1) / 2
        for rr in (min(w, h) / 2 - 3, min(w, h) / 2 - 6):
            if rr > 1:
                c.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=fg)
        c.draw.ellipse((cx - 1, cy - 1, cx + 1, cy + 1), fill=fg)
        return
    if face == "wind":
        for dy in (-4, 0, 4):
            pts = [(cx - 5 + i, top + dy + round(math.sin(i * 1.2))) for i in range(11)]
            c.draw.line(pts, fill=fg)
        d = wind
    else:
        d = int(face)
        fnt = font(12, bold=True)
        c.check(face, fnt)
        c.draw.text((cx - fnt.getlength(face) / 2 + 0.5, top - 6), face, font=fnt, fill=fg)
    if d:
        _arrow(c, cx, low, d, min(w - 6, h * 0.4), fg)


def dice(lang: str, faces: list[str], cursor: int | None = None, wind: int | None = None,
         title: str | None = None) -> Screen:
    """A row of die faces.  With ``cursor``: the player picks one, and its meaning is
    written underneath; without: the dice are only shown (an oil drum's five)."""
    for f in faces:
        if f not in FACES:
            raise ValueError(f"{f!r} is not a die face ({', '.join(FACES)})")
    n = len(faces)
    c = Canvas()
    c.title(title or (text("prompt.die", lang) if cursor is not None
                      else text("roll.title", lang, n=n)), "OK" if cursor is not None else "")
    gap = 2
    w = min(20, (WIDTH - gap * (n - 1)) // max(1, n))
    h = DIE_H if cursor is not None else HEIGHT - TITLE_H - 4
    x = (WIDTH - (n * w + gap * (n - 1))) // 2
    for i, f in enumerate(faces):
        die_icon(c, x + i * (w + gap), TITLE_H + 2, w, h, f, wind, selected=(i == cursor))
    if cursor is not None:
        label = text(f"face.{faces[cursor]}", lang, d=wind if wind is not None else "?")
        c.line((0, HEIGHT - 12), label, width=WIDTH, align="center")
    return screen_of(c)


# -- the turn --------------------------------------------------------------------------------

def pick(lang: str) -> str:
    """The footer of a screen where 1-6 move a cursor on the LEDs and OK picks."""
    return f"1-6, {text('button.ok', lang)}"


def go_on(lang: str) -> str:
    """The footer of a screen to read: OK goes on."""
    return f"{text('button.ok', lang)} →"


def turn(lang: str, team: str, worm: str | None, prompt: str, phase: str | None = None,
         keys: bool = True) -> Screen:
    """The turn header: whose turn it is (team and worm, or the team alone before a worm is
    chosen), the step of the turn (``phase``: activate, move1, move2) in bold,
    and what to do now (``prompt``, already in ``lang``); ``keys``: the keys at the foot
    (1-6, OK) where the prompt leaves them room."""
    keys = keys and not _turn(Measure(), lang, team, worm, prompt, phase, True).problems
    return screen_of(_turn(Canvas(), lang, team, worm, prompt, phase, keys))


def _turn(c: Canvas, lang: str, team: str, worm: str | None, prompt: str, phase: str | None,
          keys: bool) -> Canvas:
    name = text(f"team.{team}", lang)
    c.title(text("turn.title", lang, team=name, n=worm) if worm is not None
            else text("turn.team", lang, team=name))
    x0, y0, x1, y1 = BODY
    if keys:
        y1 -= 12
        c.line((x0, HEIGHT - 12), pick(lang), width=x1 - x0, align="right")
    if phase is not None:
        c.line((x0, y0), text(f"phase.{phase}", lang), font(12, bold=True), width=x1 - x0)
        y0 += 12
    c.block((x0, y0, x1, y1), prompt)
    return c


def confirm(lang: str, instruction: str, index: int, total: int) -> Screen:
    """One physical change to make on the board, step ``index`` of ``total``, OK to go on."""
    return message(text("step.title", lang, i=index, n=total), instruction,
                   footer=f"{text('button.ok', lang)} →")


def changes(title: str, lines: list[str]) -> Screen:
    """The changes at one hex, a line (or two) each, under a title that says OK goes on."""
    c = Canvas()
    c.title(title, OK_ON)
    x0, y0, x1, y1 = BODY
    c.block((x0, y0, x1, y1), "\n".join(lines))
    return screen_of(c)


def timer(lang: str, seconds: float, team: str | None = None) -> Screen:
    """The turn timer: minutes and seconds in large digits, or "time is up"."""
    c = Canvas()
    c.title(text("timer.title", lang))
    left = max(0, math.ceil(seconds))
    bottom = HEIGHT - 12 if team else HEIGHT
    if left == 0:
        c.block((1, TITLE_H, WIDTH - 1, bottom), text("timer.up", lang), font(16, bold=True),
                align="center", valign="middle")
    else:
        c.line((0, TITLE_H + 2), f"{left // 60}:{left % 60:02d}", font(32, bold=True),
               width=WIDTH, align="center")
    if team:
        c.line((0, HEIGHT - 12), text(f"team.{team}", lang), width=WIDTH, align="center")
    return screen_of(c)


def fault(lang: str, device: str, retrying: bool = True) -> Screen:
    """A device that is missing or stopped answering, named, while the daemon retries."""
    body = text("fault.missing", lang, name=text(f"device.{device}", lang))
    return message(text("fault.title", lang), body,
                   footer=text("fault.retrying", lang) if retrying else None, mark=OK_ON)


def error(lang: str, key: str, **args) -> Screen:
    """A mistake that changed nothing (an unknown tag, an undo past a roll): said whole, "OK"
    at the foot, or at the title's right where the words need the line."""
    return message(text("error.title", lang), text(key, lang, **args),
                   hint=text("button.ok", lang))


def winner(lang: str, team: str | None, shared: tuple[str, ...] | list[str] = ()) -> Screen:
    """The end: the winning team in large letters; the teams that share the win (``shared``,
    said as each print says a second tie); or nobody (``team`` None)."""
    c = Canvas()
    c.title(text("over.title", lang))
    if len(shared) > 1:
        s = text("over.shared", lang, teams=", ".join(text(f"team.{t}", lang) for t in shared))
    else:
        s = (text("over.winner", lang, team=text(f"team.{team}", lang)) if team
             else text("over.draw", lang))
    box = (1, TITLE_H + 1, WIDTH - 1, HEIGHT)
    big = font(16, bold=True)                 # smaller when the words need more lines
    fnt = big if len(wrap(s, big, box[2] - box[0])[0]) * line_height(big) <= box[3] - box[1] \
        else font(12, bold=True)
    c.block(box, s, fnt, align="center", valign="middle")
    return screen_of(c)


# -- the box's seat, and a menu that explains its rows --------------------------------------

def box_thinking(lang: str, team: str) -> Screen:
    """While the box works out its move for ``team``."""
    return message(text("box.title", lang, team=text(f"team.{team}", lang)),
                   text("box.thinking", lang))


def box_turn(lang: str, team: str, line: str, short: str | None = None) -> Screen:
    """What the box does for ``team`` (a line of :mod:`table.app.boxseat`), until OK;
    ``short``: the line without its reason, shown where the whole one does not fit."""
    title, ok = text("box.title", lang, team=text(f"team.{team}", lang)), text("prompt.ok", lang)
    if short is not None and not fits(title, line, ok):
        line = short
    return message(title, line, ok)


def explained_menu(title: str, items: list[str], help_text: str, cursor: int) -> Screen:
    """A menu shown a row at a time (inverted), ``n/m`` in the title bar, and under it a line
    or two saying what the row under the cursor does (``help_text``)."""
    cursor = max(0, min(cursor, len(items) - 1))
    c = Canvas()
    c.title(title, f"{cursor + 1}/{len(items)}")
    fnt = font(12)
    rows = wrap(items[cursor], fnt, WIDTH - 2)[0][:2]
    y = TITLE_H + 1
    c.draw.rectangle((0, y, WIDTH - 1, y + 12 * len(rows) - 1), fill=1)
    selected = len(c.texts)
    c.check(items[cursor], fnt)
    for row in rows:
        c.draw.text((1, y), row, font=fnt, fill=0)
        y += 12
    c.draw.line((0, y + 1, WIDTH - 1, y + 1), fill=1)
    c.block((1, y + 2, WIDTH - 1, HEIGHT), help_text)
    return screen_of(c, selected)
