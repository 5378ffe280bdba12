"""The walk through a card the box does not know (table/app/teach/walk.py), screen by screen.

A "player" here presses buttons only: it moves the cursor down (button 4) until the row it
wants is under it and presses OK, counting every press, the way the box's buttons work it.
"""

from dataclasses import replace

import pytest

from table.app.asking.prompts import Answer, Menu, Refuse, View
from table.app.teach.keyboard import Keyboard
from table.app.teach.walk import Result, Ticks, Walk, summary
from table.cards import parse_card
from table.devices.buttons import InputEvent
from table.engine.board import Board, Thing
from table.hexgrid import hexagon
from table.ui.strings import LANGS

GRID = frozenset(hexagon((0, 0), 4))


def view(lang="en"):
    b = Board(land=set(hexagon((0, 0), 3)), wind=1)
    b.add(Thing("blue-1", "worm", (0, 0), "blue"))
    return View(lang, b, GRID, "blue", "blue-1")


class Hands:
    """Buttons on a walk: every press counted."""

    def __init__(self, walk):
        self.walk = walk
        self.presses = 0

    def press(self, name):
        self.presses += 1
        return self.walk.prompt.press(InputEvent(name))

    def pick(self, value):
        """Down until ``value`` is under the cursor, then OK; the walk takes the answer."""
        p = self.walk.prompt
        for _ in range(len(p.values) + 1):
            if p.values[p.cursor] == value:
                break
            self.press("4")
        assert p.values[p.cursor] == value, (p.values, value)
        out = self.press("ok")
        assert isinstance(out, Answer), out
        return self.walk.answer(out.value)


def walk(**kw):
    return Walk("en", "card_1", {"en": "Card 1"}, known={}, **kw)


def test_a_bazooka_like_supply_card_is_told_in_a_dozen_presses():
    w = walk(kinds=("supply", "superweapon", "starter"))
    h = Hands(w)
    assert h.pick("go") is None and w.stage == "kind"
    assert h.pick("supply") is None and w.stage == "target"
    assert w.prompt.selected == "direct"            # the usual target is where it starts
    assert h.pick("direct") is None and w.stage == "accuracy"
    assert h.pick(4) is None and w.stage == "action"
    assert h.pick(("TEXT", "MOVE")) is None and w.stage == "text"
    assert h.pick({"do": "blast"}) is None and w.stage == "reach"
    assert w.prompt.selected == {"do": "blast"}     # where: the target hex, the usual
    assert h.pick({"do": "blast"}) is None and w.stage == "text"
    assert w.prompt.selected == "done"              # one line told: "Done" comes first
    assert h.pick("done") is None and w.stage == "check"
    out = h.pick("save")
    assert isinstance(out, Result) and all(s["do"] != "by_hand" for s in out.raw["text"])
    card, problems = parse_card(out.raw, "test", 0)
    assert problems == []
    assert (card.kind, card.target, card.accuracy, card.action, card.text) == (
        "supply", "direct", 4, ("TEXT", "MOVE"), ({"do": "blast"},))
    assert h.presses <= 40
    assert h.presses == 14


def test_a_shotgun_like_card_with_a_range_two_shots_and_a_placed_thing():
    w = walk()
    h = Hands(w)
    h.pick("go")
    h.pick("starter")
    h.pick("direct_within")
    assert w.stage == "range" and w.prompt.selected == 2
    h.pick(3)
    h.pick(None)                                    # no Accuracy
    h.pick(("TEXT",))
    h.pick({"do": "damage", "pick": "all"})
    h.pick({"do": "damage", "pick": "all"})         # where: the target hex
    h.pick({"do": "new_target"})
    h.pick({"do": "place"})
    assert w.stage == "param" and w.param == "kind"
    h.pick("fire")
    assert w.param == "at"
    h.pick("target")
    h.pick("done")
    out = h.pick("save")
    assert out.raw["range"] == 3 and "accuracy" not in out.raw
    assert out.raw["text"] == [{"do": "damage", "pick": "all"}, {"do": "new_target"},
                               {"do": "place", "kind": "fire", "at": "target"}]
    assert h.presses <= 40


def test_back_goes_one_screen_back_and_forgets_that_answer():
    w = walk()
    h = Hands(w)
    h.pick("go")
    h.pick("supply")
    h.pick("any")
    assert w.raw["target"] == "any"
    assert w.back() and w.stage == "target" and "target" not in w.raw
    assert w.back() and w.stage == "kind"
    assert w.back() and w.stage == "start"
    assert not w.back()                             # the first screen: the walk is left
    assert h.pick("cancel") == "cancel"


def test_symbol_by_symbol_and_take_back():
    w = walk(kinds=("supply",))
    h = Hands(w)
    h.pick("go")                                    # one kind only: no kind screen
    assert w.stage == "target"
    h.pick(None)                                    # no target: no Accuracy asked
    assert w.stage == "action"
    h.pick("symbols")
    h.pick("MOVE")
    h.pick("MOVE")
    h.pick("undo")
    h.pick("TEXT")
    h.pick("done")
    assert w.raw["action"] == ["MOVE", "TEXT"] and w.stage == "text"
    # without a target, the steps acting only at the Target Token are not offered; a Blast
    # is, at the worm's own hex only
    offered = [v.get("do") for v in w.prompt.values if isinstance(v, dict)]
    assert "move_worm" not in offered and "blast" in offered and "change_wind" in offered
    h.pick({"do": "blast"})
    assert w.stage == "reach" and all(
        v == "kinds" or v.get("at") == "own_hex" for v in w.prompt.values)
    h.pick({"do": "blast", "at": "own_hex"})
    h.pick({"do": "change_wind"})
    h.pick("done")
    assert isinstance(h.pick("save"), Result)


def test_remove_asks_its_kinds_as_ticks():
    w = walk()
    h = Hands(w)
    for v in ("go", "supply", "adjacent", None, ("TEXT",), {"do": "remove"}):
        h.pick(v)
    p = w.prompt
    assert isinstance(p, Ticks)
    assert p.press(InputEvent("ok")) is None        # "mine"? the cursor was on the first row
    first = p.values[0]
    assert p.ticked == [first] and p.selected == (first,)
    out = p.press(InputEvent("ok"))
    assert out == Answer((first,))
    w.answer(out.value)
    assert w.stage == "reach" and w.prompt.selected == {"do": "remove", "kinds": [first]}
    h.pick({"do": "remove", "kinds": [first], "pick": "all"})      # every one of them
    assert w.raw["text"] == [{"do": "remove", "kinds": [first], "pick": "all"}]


@pytest.mark.parametrize("lang, said", [
    ("en", "Flip the Danger Flipper on danger: Blast the target hex 2"),
    ("cs", "Hoďte žetonem nebezpečí nebezpečí: výbuch cílový hex 2")])
def test_a_line_by_hand_is_the_words_picked_never_not_listed(lang, said):
    w = Walk(lang, "card_1", {"en": "Card 1"}, known={})
    h = Hands(w)
    for v in ("go", "supply", "any", 3, ("TEXT",)):
        h.pick(v)
    h.pick("by_hand")
    assert w.stage == "words" and w.prompt.selected == "flip"
    for v in ("flip", "danger", "blast", "own_hex", "undo", "target_hex", "2"):
        h.pick(v)
    assert w.prompt.selected == "done"
    h.pick("done")
    assert w.stage == "text" and w.raw["text"] == [{"do": "by_hand", "text": said}]
    h.pick("done")
    out = h.pick("save")
    assert isinstance(out, Result) and out.raw["text"][0]["text"] == said


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_of_the_walk_draws_cleanly_in_every_language(lang):
    w = Walk(lang, "card_1", {"en": "Card 1"}, known={})
    h = Hands(w)
    shown = []

    def look():
        s = w.prompt.screen(view(lang))
        assert s.problems == (), (w.stage, s.problems)
        shown.append(w.stage)
        w.prompt.frame(view(lang), 0.0)

    for v in ("go", "supply", "direct_within", 2, 3, "symbols", "TEXT", "done",
              {"do": "place"}, "mine", "same", {"do": "rule"}, "one_life", "done"):
        look()
        h.pick(v)
    look()
    assert shown[-1] == "check"
    assert isinstance(w.prompt, Menu)
    lines = summary(w.raw, lang)
    assert len(lines) >= 5
    for key in ("drop", "sudden_death"):
        w2 = Walk(lang, "card_2", {"en": "Card 2"}, kinds=(key,), known={})
        Hands(w2).pick("go")
        assert w2.prompt.screen(view(lang)).problems == ()


def test_the_target_screen_lights_what_the_symbol_allows():
    w = walk()
    h = Hands(w)
    h.pick("go")
    h.pick("supply")
    v = view()
    direct = w.prompt.frame(v, 0.0)
    h.press("4")                                    # any hex
    anyhex = w.prompt.frame(v, 0.0)

    def lit(frame):
        return {k for k, c in frame.items() if c == (255, 255, 255)}
    assert lit(direct) < lit(anyhex)
    assert not isinstance(w.prompt.press(InputEvent("ok", long=True)), (Answer, Refuse))


def walk_screens(lang):
    """Every screen of the walk, with the cursor on every row (tests/ui/test_screens.py
    checks they draw cleanly and that every string of the walk is on one of them)."""
    from table.app.teach.walk import names
    from table.app.teach import where, wording
    from table.ui.strings import text
    out = []

    def every_row():
        p = w.prompt
        rows = len(p.keys) if isinstance(p, Keyboard) else len(p.values) + isinstance(p, Ticks)
        for c in range(rows):
            p.cursor = c
            out.append(p.screen(view(lang)))
        p.cursor = 0

    def through(*values):
        for v in values:
            every_row()
            Hands(w).pick(v)
        every_row()

    w = Walk(lang, "card_1", names(12), known={})
    through("go", "superweapon", "within", 8, 6, "symbols", "PLAY", "done")
    Hands(w).pick("name")                                # the name, on the keyboard
    for typed in ("", "Ab"):
        w.prompt.typed = typed
        every_row()
    w.back()
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    through("go", "airstrike", None, ("TEXT",), {"do": "place"}, "crate", "own_hex",
            {"do": "remove"})
    w.prompt.press(InputEvent("ok"))                     # a tick
    every_row()
    w = Walk(lang, "card_1", names(1), kinds=("drop",), known={})
    through("go", {"do": "place"}, "mine", "emptiest", {"do": "place"}, "fire", "them",
            {"do": "rule"}, "powerful_explosives", "done")
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})    # the hex terms, where,
    through("go", "terms")                                             # kinds, a line, words
    w.prompt.press(InputEvent("ok"))                     # a tick
    every_row()
    w.answer(("land",))
    through("airstrike", None, ("TEXT",), {"do": "knockback"}, "kinds")
    w.prompt.press(InputEvent("ok"))
    every_row()
    w.answer(("worm",))
    through({"do": "knockback", "pick": "one", "kinds": ["worm"]}, {"do": "damage", "pick": "one"},
            {"do": "damage", "pick": "one", "area": "line"}, 4, {"do": "remove"})
    w.answer(("mine",))
    through({"do": "remove", "kinds": ["mine"], "at": "own_hex", "area": "around", "pick": "all"},
            {"do": "heal"}, {"do": "heal", "what": "them"}, {"do": "blast"},
            {"do": "blast", "at": "them"})
    for part in range(0, len(wording.WORDS), 10):     # (a line holds 200 characters)
        through("by_hand", *wording.WORDS[part:part + 10], "undo", "done")
    through("done")                                     # the check screen: by hand, its words
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})    # every other where
    through("go", "direct", None, ("TEXT",), {"do": "scatter"},
            {"do": "scatter", "what": "things"})
    for row in where.rows(w, {"do": "damage", "pick": "all"}):
        out.append(Menu("", [text(row[0], lang)], [0]).screen(view(lang)))
    w.raw["target"] = "airstrike"
    for row in where.rows(w, {"do": "damage", "pick": "all"}):
        out.append(Menu("", [text(row[0], lang)], [0]).screen(view(lang)))
    from table.cards import library
    taken = {"card_1": library([])["bazooka"]}          # the id taken meanwhile
    w = Walk(lang, "card_1", names(1), kinds=("sudden_death",), known=taken)
    through("go", "one_life", {"do": "change_wind"}, "done")
    assert Hands(w).pick("save") is None                # the check: refused, and why
    assert any("already in the library" in p for p in w.problems)
    out.append(w.prompt.screen(view(lang)))             # (test_teach_refused.py: each why)
    w.answer(None)                                      # OK: the check screen again
    every_row()
    from table.app.teach.refusals import TOO_MANY_STEPS, TOO_MANY_SYMBOLS, refused_screen
    for why in (TOO_MANY_SYMBOLS, TOO_MANY_STEPS):      # every plural form of each
        out += [refused_screen(replace(why, n=n), lang) for n in (1, 2, 5, why.n)]
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    through("go", None, "symbols", *["PLAY"] * 9, "done")
    Hands(w).pick("save")                               # refused: the notice, then the check
    out.append(w.prompt.screen(view(lang)))             # screen with the line marked
    w.answer(None)
    every_row()
    for fix in (False, True):                           # a line cut short there, said whole
        w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
        through("go", None, "symbols", *["MOVE", "PLAY"] * (5 if fix else 4), "done")
        if fix:                                         # refused: OK to the marked line
            Hands(w).pick("save")
            w.answer(None)
        w.answer("fix" if fix else ("line", 2))
        assert w.stage == "whole"
        every_row()
    # the teach pass: the deck's size, the cards left (every plural form), a refusal
    from table.app.teach.teacher import Count, TeachPass
    import table.ui.strings as strings
    from table.ui import screens
    out.append(Count(strings.text("teach.pass_title", lang),
                     strings.text("teach.pass_count", lang), 99).screen(view(lang)))
    cards = library([])
    for left in (0, 1, 2, 5, 11, 21, 22, 99):
        p = TeachPass(cards, left + 1)
        p.tap("freeze")
        out.append(p.screen(view(lang)))
    out.append(screens.error(lang, "teach.not_supply", card="Ninja Rope"))
    out.append(screens.message(strings.text("card.title", lang),
                               strings.text("prompt.card", lang) + "\n"
                               + strings.text("teach.hint", lang), footer="OK"))
    # a card tapped in private (never named), and what the page's card form is told
    from types import SimpleNamespace
    from table.app.teach.teacher import Teacher, private_screen
    out += [private_screen(key, view(lang)) for key in ("teach.private", "teach.private_done")]
    teacher = Teacher(SimpleNamespace(lang=lang, cards=cards))
    teacher.walk = Walk(lang, "card_1", names(1), kinds=("supply", "superweapon"), known={})
    said = [teacher.card_problem({"kind": "starter"}), teacher.card_note(lambda uid: True)]
    teacher.walk, teacher.private = None, ["04C0FFEE000001"]
    said.append(teacher.card_note(lambda uid: True))
    title = strings.text("teach.title", lang)
    out += [screens.message(title, words) for words in said]
    return out


def test_its_hex_is_offered_only_after_a_step_that_acts_on_things():
    w = walk(kinds=("drop",))
    h = Hands(w)
    h.pick("go")
    h.pick({"do": "place"})
    h.pick("mine")
    assert "them" not in w.prompt.values              # the first line: nothing before it
    h.pick("emptiest")
    h.pick({"do": "place"})
    h.pick("fire")
    assert "them" in w.prompt.values
    h.pick("them")
    assert w.raw["text"][-1] == {"do": "place", "kind": "fire", "at": "them"}


def test_the_first_screen_says_the_lists_keys_and_5_jumps_four_lines_of_text():
    """Issue 32 item 8: every list of the walk moves four rows on 2 and 5 (as every list of
    the box does), and the walk's first screen says so, in every language."""
    for lang in LANGS:
        w = Walk(lang, "card_1", {"en": "Card 1"}, kinds=("supply",), known={})
        shown = w.prompt.screen(view(lang))
        assert not shown.problems and shown.texts[-1].endswith("2/5 ±4"), shown.texts
    w = walk(kinds=("supply",))
    h = Hands(w)
    for value in ("go", "direct", None, ("TEXT",)):
        h.pick(value)
    assert w.stage == "text"
    rows = w.prompt.values
    assert h.press("5") is None and w.prompt.selected == rows[4]
    assert h.press("2") is None and w.prompt.selected == rows[0]
    assert h.press("2") is None and w.prompt.selected == rows[-1]     # round from the top
