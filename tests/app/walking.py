"""The box's buttons on the teach walk (table/app/teach/walk.py), for the tests of it: a table to
draw its screens on, and hands that answer each screen through presses (table.app.presses)."""

from table.app.presses import inputs_for
from table.app.asking.prompts import Answer, View
from table.app.teach.walk import Walk
from table.devices.buttons import InputEvent
from table.engine.board import Board, Thing
from table.hexgrid import hexagon

BUTTONS = ("1", "2", "3", "4", "5", "6")


def view(lang: str) -> View:
    """A small board with Blue's worm, in ``lang``: what the walk's screens are drawn on."""
    board = Board(land=set(hexagon((0, 0), 3)), wind=1)
    board.add(Thing("blue-1", "worm", (0, 0), "blue"))
    return View(lang, board, frozenset(hexagon((0, 0), 4)), "blue", "blue-1")


class Hands:
    """The box's buttons on a walk: each answer as presses (table.app.presses), counted."""

    def __init__(self, walk: Walk):
        self.walk = walk
        self.presses = 0

    def press(self, name: str):
        self.presses += 1
        return self.walk.prompt.press(InputEvent(name))

    def pick(self, value):
        """Answer the screen on show with ``value``; what the walk gives back."""
        out = None
        for _, name in inputs_for(self.walk.prompt, value, BUTTONS):
            out = self.press(name)
        assert isinstance(out, Answer), (self.walk.stage, value, out)
        return self.walk.answer(out.value)

    def picks(self, *values):
        for v in values:
            assert self.pick(v) is None, (self.walk.stage, v)
