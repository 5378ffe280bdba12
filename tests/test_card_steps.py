"""One record per card step (table/engine/vocabulary.py CARD_STEPS): a step is its record, so one
without a resolver, or with a parameter or a target use it cannot have, is refused when it is
made; docs/cards.md's table of steps and the box's words come from the records."""

from pathlib import Path

import pytest

from table.cards import parse_card
from table.cards.stepdoc import BEGIN, END, steps_table, with_table
from table.engine.anatomy import ALWAYS, CardStep, Param, StepError, Targeted, choice, registry
from table.engine.vocabulary import CARD_STEPS, needs_target
from table.langs import LANGS
from table.ui.strings import FORMS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


def _noop(r, card, play, step):
    return None


def test_a_step_without_a_resolver_is_refused_when_it_is_made():
    with pytest.raises(TypeError):
        CardStep("teleport", params={}, target=ALWAYS, effect="the worm goes anywhere")
    with pytest.raises(StepError, match="'teleport': has no resolver"):
        CardStep("teleport", None, {}, ALWAYS, "the worm goes anywhere")


@pytest.mark.parametrize("params, target, effect, says", [
    ({"do": Param()}, None, "x", "parameter 'do'"),
    ({"far": (1, 2)}, None, "x", "parameter 'far'"),
    ({"far": Param()}, None, "x", "'far': choices, a number or a line of text"),
    ({"far": Param(("a",), number=(1, 2))}, None, "x", "'far': choices, a number"),
    ({"far": Param(("a",), asked=False)}, None, "x", "'far': a required parameter is asked"),
    ({}, Targeted("at", ("target",)), "x", "needs the target by at="),
    ({"at": choice(("target", "own_hex"))}, Targeted("at", ("moon",)), "x", "not a choice"),
    ({}, None, " ", "its effect in words"),
])
def test_a_step_that_says_what_it_cannot_have_is_refused(params, target, effect, says):
    with pytest.raises(StepError, match=says):
        CardStep("teleport", _noop, params, target, effect)


def test_a_step_named_twice_or_on_a_taken_teach_row_is_refused():
    one = CardStep("teleport", _noop, {}, None, "the worm goes anywhere", teach_row=1)
    with pytest.raises(StepError, match="defined twice"):
        registry(one, one)
    two = CardStep("swap", _noop, {}, None, "two worms swap hexes", teach_row=1)
    with pytest.raises(StepError, match="'swap': teach row 1 is taken by 'teleport'"):
        registry(one, two)


def test_a_records_parameters_cannot_be_changed_after():
    with pytest.raises(TypeError):
        CARD_STEPS["blast"].params["at"] = Param()            # type: ignore[index]


def test_every_step_the_validator_accepts_resolves():
    for name, step in CARD_STEPS.items():
        assert callable(step.resolve), name
        raw = {"do": name, **{k: (list(p.choices[:1]) if p.many else p.choices[0] if p.choices
                                  else p.number[0] if p.number else "words")
                              for k, p in step.params.items() if p.default is None}}
        card, problems = parse_card({"id": "c", "kind": "supply", "names": {"en": "C"},
                                     "target": "any", "action": ["TEXT"], "text": [raw]}, "t", 0)
        assert problems == [] and card is not None, (name, problems)


def test_the_target_use_is_the_records():
    assert needs_target({"do": "blast"}) and not needs_target({"do": "blast", "at": "own_hex"})
    assert needs_target({"do": "move_worm"}) and not needs_target({"do": "heal"})
    assert needs_target({"do": "knockback"}) and not needs_target({"do": "scatter", "what": "worm"})
    assert needs_target({"do": "place", "kind": "mine"})
    assert not needs_target({"do": "place", "kind": "mine", "at": "emptiest"})


def test_the_docs_table_of_steps_is_the_one_the_records_make():
    doc = DOCS.read_text(encoding="utf-8")
    assert doc.count(BEGIN) == 1 and doc.count(END) == 1
    assert with_table(doc) == doc, (
        "docs/cards.md's table of steps is not the records': run "
        "`python -m table.cards.stepdoc docs/cards.md`")
    assert all(f"| `{name}` |" in steps_table() for name in CARD_STEPS)


def test_every_step_the_walk_offers_has_its_words_in_every_language():
    for name, step in CARD_STEPS.items():
        if step.teach_row is None:
            continue
        keys = [k for k in FORMS if k == f"teach.step.{name}" or k.startswith(f"teach.step.{name}.")]
        assert keys, name
        assert all(FORMS[k][lang] for k in keys for lang in LANGS), name
