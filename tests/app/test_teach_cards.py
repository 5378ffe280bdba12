"""Cards the teach walk (table/app/teach.py) must let a group tell on the buttons, as printed:
a Sudden Death card that is a lasting rule alone, a card with no target (offered only the
steps that work without one), and lines too long for a row of the check screen (said whole).
"""

import pytest

from table.app.presses import inputs_for
from table.app.prompts import Answer, View
from table.app.teach import Result, Walk, names
from table.cards import authoring
from table.devices.buttons import InputEvent
from table.engine.board import Board, Thing
from table.engine.cards import resolve_drop
from table.engine.chance import Script
from table.engine.effects import RULES, Resolver
from table.hexgrid import hexagon
from table.langs import LANGS

BUTTONS = ("1", "2", "3", "4", "5", "6")


def view(lang: str) -> View:
    board = Board(land=set(hexagon((0, 0), 3)), wind=1)
    board.add(Thing("blue-1", "worm", (0, 0), "blue"))
    return View(lang, board, frozenset(hexagon((0, 0), 4)), "blue", "blue-1")


class Hands:
    """The box's buttons on a walk (table.app.presses): each answer as presses."""

    def __init__(self, walk: Walk):
        self.walk = walk

    def press(self, name: str):
        return self.walk.prompt.press(InputEvent(name))

    def pick(self, value):
        out = None
        for _, name in inputs_for(self.walk.prompt, value, BUTTONS):
            out = self.press(name)
        assert isinstance(out, Answer), (self.walk.stage, value, out)
        return self.walk.answer(out.value)

    def picks(self, *values):
        for v in values:
            assert self.pick(v) is None, (self.walk.stage, v)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule", list(RULES))
def test_a_sudden_death_card_of_a_lasting_rule_alone_is_told_and_saved(lang, rule):
    """The rules (T4) put no drop part on every Sudden Death card: once revealed its lasting
    rule holds and a later Drop step resolves its drop part, if it has one.  So Done is
    offered on its first line; the card saves and the engine plays it."""
    w = Walk(lang, "card_1", names(1), kinds=("sudden_death",), known={})
    h = Hands(w)
    h.picks("go", rule)
    assert w.stage == "text" and w.prompt.selected == "done"      # where the cursor starts
    assert "undo" not in w.prompt.values                           # nothing to take back
    assert w.prompt.screen(view(lang)).problems == ()
    h.pick("done")
    assert w.stage == "check"
    out = h.pick("save")
    assert isinstance(out, Result), w.problems
    card, problems = authoring.check(out.raw, {}, source="card")
    assert problems == [] and card is not None
    assert (card.lasting, card.drop) == (rule, ())
    board = Board(land=set(hexagon((0, 0), 2)), wind=1)
    r = Resolver(board, Script())
    resolve_drop(r, card)                                          # revealed: the rule holds
    resolve_drop(r, card, revealed=False)                          # a later Drop step: nothing
    assert rule in board.rules


def test_a_drop_card_still_needs_a_line_before_done():
    w = Walk("en", "card_1", names(1), kinds=("drop",), known={})
    Hands(w).pick("go")
    assert w.stage == "text" and "done" not in w.prompt.values
