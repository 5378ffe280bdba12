"""Cards the teach walk (table/app/teach/walk.py) must let a group tell on the buttons, as printed:
a Sudden Death card that is a lasting rule alone, a card with no target (offered only the
steps that work without one), and lines too long for a row of the check screen (said whole).
"""

import itertools

import pytest

from table.app.asking.prompts import Answer, Menu
from table.app.teach.walk import Result, Ticks, Walk, line_label, names
from table.app.teach.words import parts
from table.cards import authoring
from table.engine.board import Board, Thing
from table.engine.cards import resolve_drop
from table.engine.chance import Script
from table.engine.effects import RULES, Resolver
from table.engine.vocabulary import MAX_SYMBOLS, needs_target
from table.fonts import font
from table.librarygame import LibraryGame
from table.hexgrid import hexagon
from table.langs import LANGS
from table.ui.strings import text
from tests.app.walking import Hands, view


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


def _every_way_to_tell(target):
    """Every line of text the walk lets a card with ``target`` (no Accuracy, action TEXT)
    have, each parameter answered every way its menu offers: (the walk, the step) pairs."""
    def start() -> Walk:
        w = Walk("en", "card_1", names(1), kinds=("supply",), known={})
        Hands(w).picks("go", target, *([] if target is None else [None]), ("TEXT",))
        return w

    out = []
    todo = [[row] for row in start().prompt.values if isinstance(row, dict)]
    while todo:
        path = todo.pop()
        w = start()
        h = Hands(w)
        for answer in path:
            h.pick(answer)
        if w.stage in ("param", "reach") and not isinstance(w.prompt, Ticks):
            todo += [path + [v] for v in w.prompt.values if v != "kinds"]
        elif w.stage == "length":                                      # a line: its usual 3
            h.pick(3)
            out.append((w, w.raw["text"][-1]))
        elif w.stage == "param":                                       # ticks: the first
            h.press("ok")
            w.answer(h.press("ok").value)
            while w.stage == "reach":                                  # where: the first
                h.pick(w.prompt.values[0])
            out.append((w, w.raw["text"][-1]))
        else:
            out.append((w, w.raw["text"][-1]))
    return out


def test_a_card_with_no_target_is_offered_only_steps_that_work_without_one():
    """The engine cannot place at, or scatter, a Target Token a card with no target never
    put down (vocabulary.needs_target: the library refuses such a step on such a card); the
    walk offers neither, and every line it does offer, told every way, saves."""
    told = _every_way_to_tell(None)
    steps = [step for _, step in told]
    assert {"do": "change_wind"} in steps and {"do": "freeze"} in steps
    assert not any(needs_target(s) for s in steps), steps
    assert {"do": "blast", "at": "own_hex"} in steps and {"do": "knockback", "what": "worm"} in steps
    places = [s for s in steps if s["do"] == "place"]
    assert places and {s["at"] for s in places} == {"emptiest", "same", "own_hex"}
    for w, step in told:
        assert Hands(w).pick("done") is None
        out = Hands(w).pick("save")
        assert isinstance(out, Result), (step, w.problems)


def test_a_card_with_a_target_is_offered_them():
    steps = [step for _, step in _every_way_to_tell("any")]
    assert {"do": "scatter"} in steps
    assert any(s["do"] == "place" and s["at"] == "target" for s in steps)
    for step in ({"do": "blast", "area": "hex_and_around"}, {"do": "blast", "area": "beyond"},
                 {"do": "knockback", "pick": "one"}, {"do": "heal", "what": "things"},
                 {"do": "damage", "pick": "all", "area": "line"}):
        assert step in steps, step


def test_the_library_refuses_what_the_walk_does_not_offer_and_a_kept_game_still_resumes():
    raw = {"id": "card_1", "kind": "supply", "names": {"en": "Card 1"}, "action": ["TEXT"],
           "text": [{"do": "place", "kind": "mine"}, {"do": "scatter"}]}
    card, problems = authoring.check(raw, {}, source="card")
    assert card is None and any("needs a target rule" in p for p in problems), problems
    # a game an older build started with such a card in its journal still reads it back
    kept = LibraryGame.from_kept([{"cards": [raw]}])
    assert kept["cards"]["card_1"].text == tuple(raw["text"])


def test_a_drop_card_acting_at_the_token_is_refused_and_a_kept_one_acts_where_it_lies():
    """A Drop card has no target (issue 33 item 2): its lines at the Target Token are refused,
    each named.  One a game's journal kept from an older build still resumes: drawn before any
    card was aimed, those lines have nothing to act at (no Blast, no Thing placed, no token
    scattered) and the rest resolve; once a card put the token down, they act there."""
    raw = {"id": "drop_1", "kind": "drop", "names": {"en": "Drop 1"},
           "text": [{"do": "blast"}, {"do": "place", "kind": "mine"}, {"do": "scatter"},
                    {"do": "place", "kind": "crate", "at": "emptiest"}]}
    card, problems = authoring.check(raw, {}, source="card")
    assert card is None and [p.split(": ")[2] for p in problems] == ["text[0]", "text[1]",
                                                                     "text[2]"], problems
    card = LibraryGame.from_kept([{"cards": [raw]}])["cards"]["drop_1"]
    board = Board(land=set(hexagon((0, 0), 2)), wind=1)
    board.add(Thing("blue-1", "worm", (0, 0), "blue"))
    r = Resolver(board, Script(dice=["3"] * 6))
    resolve_drop(r, card)
    assert board.target is None
    assert sorted(t.kind for t in board.things.values()) == ["crate", "worm"]
    assert not any(e["event"] in ("blast", "damage", "scatter") for e in r.events)
    board.target = (1, 0)                         # once a card put it down: at the token
    r = Resolver(board, Script(dice=["3"] * 6))
    resolve_drop(r, card)
    assert [e["event"] for e in r.events][:2] == ["blast", "place"], r.events
    assert any(t.kind == "mine" for t in board.things.values())


def _widest_action_line(lang: str) -> list[str]:
    """The action line of at most MAX_SYMBOLS symbols whose check-screen line is widest."""
    fnt = font(12)
    lines = (list(line) for n in range(1, MAX_SYMBOLS + 1)
             for line in itertools.product(("TEXT", "MOVE", "PLAY"), repeat=n))
    return max(lines, key=lambda line: fnt.getlength(line_label(line, lang)))


def _every_row_clean(walk: Walk, lang: str) -> list[str]:
    """Each row of the menu on show under the cursor: drawn whole on 128x64; its labels."""
    menu = walk.prompt
    assert isinstance(menu, Menu)
    for c in range(len(menu.values)):
        menu.cursor = c
        assert menu.screen(view(lang)).problems == (), (walk.stage, c)
    menu.cursor = 0
    return menu.labels


def _read_whole(walk: Walk, h: Hands, row: int, lang: str) -> list[str]:
    """OK on the check screen's ``row``, cut short ("…"): its line said whole; the rows."""
    labels = _every_row_clean(walk, lang)
    whole = parts(walk.raw, lang)[row][1]
    shown = labels[row].removeprefix("✗ ")
    assert shown != whole and shown.endswith("…") and whole.startswith(shown[:-1].rstrip())
    h.pick(walk.prompt.values[row])
    assert walk.stage == "whole"
    return _every_row_clean(walk, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_action_line_is_cut_with_an_ellipsis_and_read_whole_on_ok(lang):
    line = _widest_action_line(lang)
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    h = Hands(w)
    h.picks("go", None, "symbols", *line, "done")
    if "TEXT" in line:
        h.picks({"do": "change_wind"}, "done")
    row = [p for p, _ in parts(w.raw, lang)].index("action")
    rows = _read_whole(w, h, row, lang)
    assert rows[:-1] == [f"{n}. {text(f'teach.symbol.{s}', lang)}"
                         for n, s in enumerate(line, 1)]               # left to right
    assert rows[-1] == text("teach.whole.back", lang)
    h.press("4")
    h.pick(w.prompt.values[1])                                         # OK on any row: back
    assert w.stage == "check" and w.prompt.cursor == row               # where it was read
    h.pick(("line", row))
    assert w.back() and w.stage == "check"                             # Back: the same
    assert isinstance(h.pick("save"), Result)


@pytest.mark.parametrize("lang", LANGS)
def test_remove_with_every_kind_ticked_is_read_whole(lang):
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    h = Hands(w)
    h.picks("go", "adjacent", None, ("TEXT",), {"do": "remove"})
    ticks = w.prompt
    assert isinstance(ticks, Ticks)
    for i in range(len(ticks.values)):                                 # tick each in turn
        while ticks.cursor != i:
            h.press("4")
        h.press("ok")
    out = h.press("ok")                                                # on Done
    assert isinstance(out, Answer) and len(out.value) == len(ticks.values)
    w.answer(out.value)
    h.pick(w.prompt.selected)                                          # where: the target hex
    h.pick("done")
    row = len(parts(w.raw, lang)) - 1
    rows = _read_whole(w, h, row, lang)
    assert " ".join(rows[:-1]).split() == parts(w.raw, lang)[row][1].split()
    h.pick("back")
    assert w.stage == "check" and isinstance(h.pick("save"), Result)


@pytest.mark.parametrize("lang", LANGS)
def test_the_line_to_change_cut_short_is_read_whole_then_changed(lang):
    """A line refused (one symbol too many) and too long for its row: OK on the marked
    row says it whole, its last row "Change it"; OK there goes where it was told."""
    line = (["MOVE", "PLAY"] * MAX_SYMBOLS)[:MAX_SYMBOLS + 1]
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    h = Hands(w)
    h.picks("go", None, "symbols", *line, "done", "save", None)        # refused, read
    assert w.prompt.selected == "fix"
    rows = _read_whole(w, h, w.prompt.cursor, lang)
    assert len(rows) == MAX_SYMBOLS + 2 and rows[-1] == text("teach.whole.fix", lang)
    h.pick("fix")
    assert w.stage == "symbols"
    h.picks("undo", "done")
    assert isinstance(h.pick("save"), Result)
