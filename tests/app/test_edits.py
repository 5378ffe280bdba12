"""Card text played by hand, told back hex by hex (table/app/asking/by_hand.py): the prompt of the
engine's ``edit`` decision, through button presses."""

import pytest

from table.app.asking.by_hand import DONE, EditPick
from table.app.asking.prompts import Answer, View, for_decision
from table.devices.buttons import InputEvent
from table.engine.board import Board, Thing
from table.engine.decisions import Decision, Purpose
from table.hexgrid import hexagon
from table.ui.strings import LANGS

GRID = frozenset(hexagon((0, 0), 4))


def board():
    b = Board(land=set(hexagon((0, 0), 2)) - {(0, 0)}, wind=2)
    b.add(Thing("blue-1", "worm", (1, 0), "blue"))
    b.add(Thing("red-1", "worm", (-1, 0), "red"))
    b.add(Thing("mine-1", "mine", (0, 1)))
    return b


def edits(b):
    land = sorted(b.land)
    out = [DONE]
    for t in b.things.values():
        out.append(("remove", t.id))
        if t.kind == "worm":
            out.append(("damage", t.id))
        out += [("move", t.id, h) for h in land if h != t.at]
    out += [("place", "fire", h) for h in land]
    return tuple(out)


def view(lang="en"):
    return View(lang, board(), GRID, "blue", "blue-1")


def press(p, *names):
    out = None
    for n in names:
        out = p.press(InputEvent(n))
    return out


def prompt(lang="en"):
    d = Decision("edit", edits(board()), DONE, Purpose.AFFECT, "blue", card="card_1")
    return for_decision(d, view(lang))


def test_a_change_is_a_hex_then_a_row_of_what_changed_there():
    p = prompt()
    assert isinstance(p, EditPick) and p.grid.cursor == (1, 0)      # the worm's hex first
    assert press(p, "ok") is None                                  # what changed here?
    labels = p.sub.labels
    assert labels[0] == "Nothing more changed"
    assert "Remove: blue worm 1" in labels and "Damage: blue worm 1" in labels
    assert "Place: Fire" in labels
    p.sub.cursor = labels.index("Damage: blue worm 1")
    assert press(p, "ok") == Answer(("damage", "blue-1"))


def test_nothing_more_changed_and_back_to_the_grid():
    p = prompt()
    press(p, "ok")
    assert press(p, "back") is None and p.sub is None               # back on the grid
    assert press(p, "ok", "ok") == Answer(DONE)


def test_a_move_asks_where_to_on_the_grid():
    p = prompt()
    press(p, "ok")
    p.sub.cursor = p.sub.labels.index("Move: blue worm 1…")
    assert press(p, "ok") is None and p.moving == "blue-1"
    assert "blue worm 1: where to?" in " ".join(p.screen(view()).texts)
    target = p.sub.cursor
    assert press(p, "ok") == Answer(("move", "blue-1", target))


@pytest.mark.parametrize("lang", LANGS)
def test_the_screens_draw_cleanly(lang):
    for s in edit_screens(lang):
        assert s.problems == ()


def edit_screens(lang):
    """Every screen of the prompt (tests/ui/test_screens.py: every string on one)."""
    out = []
    p = prompt(lang)
    out.append(p.screen(view(lang)))
    press(p, "ok")
    for c in range(len(p.sub.values)):
        p.sub.cursor = c
        out.append(p.screen(view(lang)))
    p.sub.cursor = [v[0] if isinstance(v, tuple) else v for v in p.sub.values].index("moving")
    press(p, "ok")
    out.append(p.screen(view(lang)))
    q = Decision("edit", (DONE, ("heal", "red-1")), DONE, Purpose.AFFECT, "blue", card="card_1")
    b = board()
    b.things["red-1"].damaged = True
    e = for_decision(q, View(lang, b, GRID, "blue", "blue-1"))
    press(e, "ok")
    out.append(e.screen(view(lang)))
    return out
