"""The OLED's keyboard: a card's name typed on the buttons, with the letters of the players'
language (Czech and Ukrainian with theirs), a grid of keys under the name so far.

:data:`LETTERS` is each language's alphabet as it orders its letters; :func:`keys` the keys of
a language in one case; :func:`keyboard` draws them (the key under the cursor inverted).  A
key is a character to type, or one of :data:`SPECIAL` (space, delete, capitals or small
letters, done), drawn as a sign and named in words in the title while the cursor is on it.
"""

from __future__ import annotations

from table.fonts import font

from .layout import TITLE_H, WIDTH, Canvas, length
from .screens import Screen, screen_of
from .strings import text

#: each language's letters, in its alphabet's order (upper case)
LETTERS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "cs": "AÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ",
    "uk": "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ",
}
#: the digits and the marks a card's printed name may have (the Ukrainian apostrophe ’)
MARKS = {"en": "0123456789-'.!&", "cs": "0123456789-'.!&", "uk": "0123456789-’.!&"}
#: the keys that type no character, and the sign each is drawn as
SPECIAL = {"space": "▁", "delete": "←", "case": "↕", "done": "✓"}
COLUMNS = 12
ROWS = 3                       # the rows of keys shown under the name
KEY_W = 10                     # a key's cell, in pixels (the font is 6 px a character)
X0 = (WIDTH - COLUMNS * KEY_W) // 2


def keys(lang: str, upper: bool) -> list[str]:
    """The keys of ``lang``'s keyboard, its letters in capitals (``upper``) or small, then the
    digits and marks, then :data:`SPECIAL`."""
    letters = LETTERS.get(lang, LETTERS["en"])
    return [*(letters if upper else letters.lower()), *MARKS.get(lang, MARKS["en"]), *SPECIAL]


def key_title(key: str, lang: str, title: str) -> str:
    """The title while the cursor is on ``key``: a special key's name, else ``title``."""
    return text(f"teach.key.{key}", lang) if key in SPECIAL else title


def keyboard(title: str, typed: str, board: list[str], cursor: int, hint: str) -> Screen:
    """The name typed so far (its end, when it is longer than the room) with the caret, the
    keys' ``hint`` at its right, then three rows of ``board``'s keys, scrolled so the
    cursor's row shows, its key inverted."""
    c = Canvas()
    fnt = font(12)
    rows = (len(board) + COLUMNS - 1) // COLUMNS
    row = cursor // COLUMNS
    first = max(0, min(row - 1, rows - ROWS))
    c.title(title, ("↑" if first > 0 else "") + ("↓" if first + ROWS < rows else ""))
    shown = typed + "▌"
    room = WIDTH - 8 - int(length(hint, fnt))
    while length(shown, fnt) > room:
        shown = "…" + shown[2:]
    c.line((1, TITLE_H + 2), shown, fnt, width=room)
    c.line((room + 6, TITLE_H + 2), hint, fnt, width=WIDTH - room - 7, align="right")
    for r in range(first, min(rows, first + ROWS)):
        y = TITLE_H + 2 + 12 * (1 + r - first)
        labels = [SPECIAL.get(k, k) for k in board[r * COLUMNS:(r + 1) * COLUMNS]]
        c.check("".join(labels), fnt)
        for i, label in enumerate(labels):
            x = X0 + i * KEY_W
            on = r * COLUMNS + i == cursor
            if on:
                c.draw.rectangle((x, y, x + KEY_W - 1, y + 11), fill=1)
            c.text((x + (KEY_W - int(length(label, fnt))) // 2, y), label, fnt,
                   fill=0 if on else 1)
    return screen_of(c)


__all__ = ["COLUMNS", "LETTERS", "MARKS", "SPECIAL", "key_title", "keyboard", "keys"]
