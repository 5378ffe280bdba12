"""docs/cards.md's table of text steps, made from the vocabulary's records.

Each row is one :class:`~table.engine.anatomy.CardStep` of
:data:`~table.engine.vocabulary.CARD_STEPS`: its name, its parameters (their choices, bounds
and defaults), whether it needs the Target Token and its effect in words.  The doc holds the
table between two markers; a test checks it is the one :func:`steps_table` makes, and
``python -m table.cards.stepdoc docs/cards.md`` writes it there after a step changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from table.engine.vocabulary import CARD_STEPS, CardStep, Param

BEGIN = "<!-- the steps: made by table/cards/stepdoc.py from table/engine/vocabulary.py -->"
END = "<!-- end of the steps -->"


def _words(values) -> str:
    return ", ".join(f"`{v}`" for v in values)


def param_words(key: str, p: Param) -> str:
    """One parameter as the table says it: *extra* when only a card that needs it sets it,
    its values (the default first) or bounds, and "required" when it has no default."""
    if p.many:
        what = ("any of " if p.default == () else "one or more of ") + _words(p.choices)
    elif p.choices:
        what = _words(p.choices)
    elif p.number is not None:
        what = f"{p.number[0]} to {p.number[1]}"
    else:
        what = f"one line, at most {p.text} characters"
    required = "required: " if p.default is None and not p.many else ""
    return ("" if p.asked else "*extra* ") + f"`{key}` ({required}{what})"


def target_words(step: CardStep) -> str:
    """When the step needs the Target Token (its record's ``target``)."""
    t = step.target
    if t is None:
        return "no"
    if t.key is None:
        return "yes"
    words = f"when `{t.key}` is " + " or ".join(f"`{v}`" for v in t.values)
    if t.free is not None:
        words += f" and `{t.free}` is not " + " or ".join(f"`{v}`" for v in t.free_values)
    return words


def step_row(step: CardStep) -> str:
    keys = ", ".join(param_words(k, p) for k, p in step.params.items()) or "none"
    return f"| `{step.name}` | {keys} | {target_words(step)} | {step.effect} |"


def steps_table() -> str:
    """The Markdown table of every step, between the doc's markers."""
    rows = [BEGIN, "| step | keys | at the Target Token | effect |", "| --- | --- | --- | --- |"]
    rows += [step_row(s) for s in CARD_STEPS.values()]
    return "\n".join(rows + [END])


def with_table(doc: str) -> str:
    """``doc`` with the table between its markers made afresh (ValueError: no markers)."""
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the doc has no table of steps between {BEGIN!r} and {END!r}")
    return doc[:start] + steps_table() + doc[end + len(END):]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m table.cards.stepdoc docs/cards.md", file=sys.stderr)
        return 2
    path = Path(argv[0])
    path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
