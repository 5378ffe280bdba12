"""A card's name typed on the box (issue 32 item 7): the teach walk's keyboard.

The keys are the players' language's letters, then digits and marks, then space, delete,
capitals/small letters and done (:mod:`table.ui.keyboard`).  On the six buttons 2 and 3 step
to the next key, 5 and 6 to the one before, 1 and 4 a row up and down; on the encoder a turn
steps a key; OK types the key under the cursor.  A name starts with a capital, the letters
after it small (the case key turns that round).  Done answers the name typed (blank: the
card keeps its name); Back, taken by the walk, leaves the keyboard with the name as it was.
"""

from __future__ import annotations

from table.cards.schema import MAX_NAME
from table.ui import screens
from table.ui.keyboard import COLUMNS, key_title, keyboard, keys

from table.app.asking.prompts import Answer, Prompt, Refuse

#: what each input does to the cursor (the grid is COLUMNS keys wide)
MOVES = {"2": 1, "3": 1, "cw": 1, "5": -1, "6": -1, "ccw": -1, "1": -COLUMNS, "4": COLUMNS}


class Keyboard(Prompt):
    """The keys of ``lang`` under the name typed so far (``typed``), at most ``limit``
    characters; OK on Done answers the name, stripped."""
    animated = False

    def __init__(self, lang: str, title: str, typed: str = "", limit: int = MAX_NAME):
        self.lang, self.title, self.limit = lang, title, limit
        self.typed = typed
        self.upper = not typed          # a name's first letter: a capital
        self.auto = True                # (and small letters after it, unless the case key)
        self.cursor = 0

    @property
    def keys(self) -> list[str]:
        return keys(self.lang, self.upper)

    @property
    def selected(self) -> str:
        return self.keys[self.cursor]

    def screen(self, view):
        key = self.selected
        return keyboard(key_title(key, view.lang, self.title), self.typed, self.keys,
                        self.cursor, screens.pick(view.lang))

    def press(self, event) -> Answer | Refuse | None:
        if event.long:
            return None
        if event.name == "ok":
            return self.type(self.selected)
        if event.name in MOVES:
            self.cursor = (self.cursor + MOVES[event.name]) % len(self.keys)
        return None

    def type(self, key: str) -> Answer | None:
        """What OK does on ``key``: the name answered (done), or changed."""
        if key == "done":
            return Answer(" ".join(self.typed.split()))
        if key == "delete":
            self.typed = self.typed[:-1]
            self.upper, self.auto = not self.typed, True
        elif key == "case":
            self.upper, self.auto = not self.upper, False
        elif len(self.typed) < self.limit:
            self.typed += " " if key == "space" else key
            if self.auto:
                self.upper = False
        return None


__all__ = ["Keyboard", "MOVES"]
