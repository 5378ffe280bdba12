"""A card taught on the buttons that the library's checks refuse (table/app/teach/refusals.py):
each refusal the walk can reach, driven by presses alone, is said whole in the box's language
on a screen of its own; OK goes back to the check screen with the line to change marked, and
OK on that line back to the screen that told it.

What the buttons cannot get wrong, and why, is the last test's docstring.
"""

import asyncio
from types import SimpleNamespace

import pytest

from table.app.presses import inputs_for
from table.app.asking.prompts import Answer, Menu, Notice
from table.app.storage.tags import TagStore
from table.app.teach.walk import ACCURACY, RANGES, Result, Ticks, Walk, names
from table.app.teach.teacher import Teacher, TeachPass
from table.cards import CardLibrary, authoring, library
from table.cards.schema import id_problem, name_problem
from table.devices.buttons import InputEvent
from table.engine.vocabulary import MAX_ACCURACY, MAX_RANGE, MAX_STEPS, MAX_SYMBOLS
from table.langs import LANGS
from table.ui.strings import text
from tests.app.driver import Player, enrol_all, running, sim_daemon
from tests.app.walking import BUTTONS, Hands, view


def said(walk: Walk, lang: str) -> str:
    screen = walk.prompt.screen(view(lang))
    assert screen.problems == (), screen.problems           # whole, on 128x64
    return "\n".join(screen.texts)


def refused(walk: Walk, hands: Hands, lang: str, key: str, n: int, found: str) -> None:
    """Save is pressed: the check refuses the card with an English problem holding ``found``
    (the library's words); the OLED says ``key`` instead, whole, with its button hint."""
    assert hands.pick("save") is None
    card, problems = authoring.check(walk.raw, {}, source="card")
    assert card is None and any(found in p for p in problems), problems
    assert isinstance(walk.prompt, Notice) and walk.stage == "refused"
    words = said(walk, lang)
    assert text("teach.refused.title", lang) in words
    assert text(key, lang, n=n) in words.replace("\n", " ")
    assert text("button.ok", lang) in words                  # OK goes on
    assert hands.pick(None) is None and walk.stage == "check"


def marked(walk: Walk, lang: str) -> str:
    """The check screen's marked line, under the cursor."""
    menu = walk.prompt
    assert isinstance(menu, Menu)
    rows = [label for label in menu.labels if label.startswith("✗ ")]
    assert len(rows) == 1 and menu.labels[menu.cursor] == rows[0], menu.labels
    assert menu.selected == "fix"
    said(walk, lang)
    return rows[0][2:]


@pytest.mark.parametrize("lang", LANGS)
def test_an_action_line_longer_than_a_card_holds_is_refused_in_words_and_fixed(lang):
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    h = Hands(w)
    h.picks("go", "direct", 3, "symbols")
    h.picks(*["MOVE"] * (MAX_SYMBOLS + 1), "done")           # one symbol too many
    assert w.stage == "check"
    refused(w, h, lang, "teach.refused.symbols", MAX_SYMBOLS, f"at most {MAX_SYMBOLS} symbols")
    line = marked(w, lang)
    assert line == f"{text('teach.symbol.MOVE', lang)} ×{MAX_SYMBOLS + 1}"   # counted
    h.picks("fix")                                           # back where the line was told
    assert w.stage == "symbols" and len(w.raw["action"]) == MAX_SYMBOLS + 1
    h.picks("undo", "done")
    out = h.pick("save")
    assert isinstance(out, Result) and out.raw["action"] == ["MOVE"] * MAX_SYMBOLS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["supply", "drop", "sudden_death"])
def test_more_lines_of_text_than_a_card_holds_are_refused_in_words_and_fixed(lang, kind):
    w = Walk(lang, "card_1", names(1), kinds=(kind,), known={})
    h = Hands(w)
    h.pick("go")
    if kind == "supply":
        h.picks("any", None, ("TEXT",))
    elif kind == "sudden_death":
        h.pick(w.prompt.values[0])                           # a lasting rule
    field = "drop" if kind == "sudden_death" else "text"
    for _ in range(MAX_STEPS + 1):                           # one line too many
        h.pick({"do": "change_wind"})
    h.pick("done")
    assert len(w.raw[field]) == MAX_STEPS + 1
    refused(w, h, lang, "teach.refused.steps", MAX_STEPS, f"at most {MAX_STEPS} steps")
    assert marked(w, lang) == text("teach.step.change_wind", lang)   # the last line
    h.picks("fix", "undo", "done")
    out = h.pick("save")
    assert isinstance(out, Result) and len(out.raw[field]) == MAX_STEPS


def test_back_on_the_refusal_is_the_check_screen_and_back_again_forgets_the_mark():
    w = Walk("en", "card_1", names(1), kinds=("supply",), known={})
    h = Hands(w)
    h.picks("go", None, "symbols", *["PLAY"] * (MAX_SYMBOLS + 1), "done", "save")
    assert w.stage == "refused"
    assert w.back() and w.stage == "check" and "fix" in w.prompt.values
    assert w.back() and w.stage == "symbols" and w.refused is None
    h.pick("done")
    assert "fix" not in w.prompt.values                      # told again: no mark yet


def test_the_teacher_shows_the_refusal_in_the_box_language_and_teaches_the_card_after_it(
        owner_cards):
    """Through the Teacher, as the daemon runs it (its presses; the host stands in for the
    daemon): a Czech box, the wizard's teach pass, an unknown tag."""
    cards = CardLibrary.fixed(library([]))
    host = SimpleNamespace(lang="cs", cards=cards, jg=None, tags=TagStore(None, cards))
    teacher = Teacher(host)
    deck = TeachPass(host.cards, 3)
    assert teacher.tapped("04C0FFEE000001", None, deck) is None

    def press(name: str) -> None:
        assert teacher.press(InputEvent(name), teacher.prompt)

    def answer(value) -> None:
        for _, name in inputs_for(teacher.prompt, value, BUTTONS):
            press(name)

    for value in ("go", "supply", "adjacent", None, "symbols", *["PLAY"] * 9, "done", "save"):
        answer(value)
    words = "\n".join(teacher.prompt.screen(view("cs")).texts)
    assert "Kartu nelze uložit" in words and "Akční lišta má nejvýš 8 symbolů" in " ".join(
        words.split()) and "Action" not in words
    press("ok")
    assert teacher.walk is not None and "✗ " in teacher.prompt.labels[teacher.prompt.cursor]
    for value in ("fix", "undo", "done", "save"):
        answer(value)
    assert teacher.walk is None and deck.taught == ["card_1"]
    assert host.cards["card_1"].action == ("PLAY",) * 8
    assert host.tags.card("04C0FFEE000001") == "card_1"
    assert (owner_cards / "card_1.toml").is_file()


def test_a_refusal_no_button_can_cause_still_says_something_on_the_box():
    """The check refuses what the buttons cannot do (here: the walk handed an id already
    taken, which the Teacher never does): the box says the page's card form says why, and
    marks no line."""
    w = Walk("uk", "bazooka", names(1), kinds=("supply",), known=library([]))
    h = Hands(w)
    h.picks("go", "any", 2, ("TEXT",), {"do": "blast"}, {"do": "blast"}, "done", "save")
    assert any("already in the library" in p for p in w.problems)
    words = said(w, "uk")
    assert text("teach.refused.other", "uk") in " ".join(words.split())
    h.pick(None)
    assert w.stage == "check" and "fix" not in w.prompt.values
    assert w.prompt.selected == "save"


def _tell_step(h: Hands, row) -> None:
    """Add the text row ``row``, its asked parameters answered with their first choice, and
    where it acts with the first row too."""
    w = h.walk
    h.pick(row)
    while w.stage in ("param", "reach"):
        p = w.prompt
        if isinstance(p, Ticks):
            h.press("ok")                                    # the first ticked, on to Done
            out = h.press("ok")
            assert isinstance(out, Answer)
            w.answer(out.value)
        else:
            h.pick(p.values[0])


@pytest.mark.parametrize("target", [None, "direct", "within"])
def test_what_the_buttons_cannot_get_wrong(target):
    """Every other problem of :func:`table.cards.authoring.check` cannot be reached from the
    buttons, so the box has no words of its own for them (``teach.refused.other``):

    * ``id``, ``names``: the Teacher makes them (``card_<n>``, "Card <n>", n one more than the
      cards so named), never one taken (``known`` is the running library); only an owner's
      hand-written file with a 35-digit ``card_<n>`` could make either too long.
    * ``kind``, ``lasting``, ``drop`` on a card that is no Sudden Death card, ``action`` on a
      card that is not a weapon, an empty action line, TEXT with no text: the walk asks the
      kind from the kinds allowed where the tag was tapped, asks a lasting rule of a Sudden
      Death card only, writes its steps to ``drop``, skips the action line of other kinds,
      offers Done on the action line and the text only once they have a line (but at once
      on a Sudden Death card's drop part, which may be empty: tests/app/test_teach_cards.py).
    * ``range``, ``accuracy``: offered from RANGES and ACCURACY (within the bounds, checked
      here), a range only for within targets, no Accuracy without a target.
    * a step's parameters: offered from the vocabulary's own choices, where it acts and on
      what too (the reach screen, table/app/teach/where.py); a by-hand line's words are
      picked from a list whose Done comes only once there is a word; the hex terms
      (``where``) from the vocabulary's WHERE; ``copies`` and ``notes`` are never set on
      the buttons (the page's form sets them).
    * a step acting at the Target Token, or aiming again (``new_target``), on a card with no
      target rule: not offered (``schema.works_without_target``), checked here: every text
      row the walk offers for a card with this ``target``, told where its reach screen
      starts, saves.
    """
    assert max(RANGES) <= MAX_RANGE and max(ACCURACY) <= MAX_ACCURACY
    assert all(name_problem(n) is None for n in names(10 ** 6).values())
    assert id_problem(f"card_{10 ** 6}") is None
    probe = Walk("en", "card_1", names(1), kinds=("supply",), known={})
    Hands(probe).picks("go", target, *([2] if target == "within" else []))
    if target is not None:
        Hands(probe).pick(None)                              # no Accuracy
    Hands(probe).pick(("TEXT",))
    rows = [v for v in probe.prompt.values if isinstance(v, dict)]
    assert len(rows) >= 6
    if target is None:                                       # (no target hex to go to)
        assert not any(r["do"] in ("move_worm", "new_target") for r in rows)
    for row in rows:
        w = Walk("en", "card_1", names(1), kinds=("supply",), known={})
        h = Hands(w)
        h.picks("go", target, *([2] if target == "within" else []))
        if target is not None:
            h.pick(None)
        h.pick(("TEXT",))
        _tell_step(h, row)
        h.pick("done")
        out = h.pick("save")
        assert isinstance(out, Result), (row, w.problems)


def test_on_the_box_a_czech_group_teaching_its_deck_reads_the_refusal_and_fixes_it(
        tmp_path, owner_cards):
    """The whole box (the daemon, its buttons and reader): the wizard's teach pass in Czech,
    an unknown tag, a line of nine symbols; the OLED says why in Czech, and the card is
    taught once one symbol is taken back."""
    async def main():
        daemon = sim_daemon(tmp_path / "state", seed=2)
        async with running(daemon):
            player = Player(daemon, enrol_all(daemon))
            for answer in ("cs", "start", "start", "start", "auto", "teach"):
                await player.choose(answer)
            await player.press("ok")                       # the deck's size as it stands
            deck = daemon.current()
            assert isinstance(deck, TeachPass)
            await player.tap("04C0FFEE000001")
            for value in ("go", "supply", "adjacent", None, "symbols", *["PLAY"] * 9, "done",
                          "save"):
                await player.choose(value)
            shown = daemon.current().screen(daemon.view())
            assert shown.problems == ()
            words = " ".join(" ".join(shown.texts).split())
            assert "Kartu nelze uložit" in words and "nejvýš 8 symbolů" in words
            await player.press("ok")
            check = daemon.current()
            assert check.selected == "fix" and check.labels[check.cursor].startswith("✗ ")
            for value in ("fix", "undo", "done", "save"):
                await player.choose(value)
            assert daemon.current() is deck and deck.taught == ["card_1"]
        return daemon.cards["card_1"].action

    assert asyncio.run(main()) == ("PLAY",) * 8
    assert (owner_cards / "card_1.toml").is_file()
