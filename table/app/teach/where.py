"""Where a line of card text acts and on what, as the teach walk asks it once the step is
chosen: the reach screen ("Blast: where?" -- the target hex; it and the hexes next to it; a
line from the worm; "it", what the line before acted on; ...), the kinds of Thing it may be
limited to, and a line's length.

The rows are made from the step's record (:data:`~table.engine.vocabulary.CARD_STEPS`): each
meaning below is offered where the step has the parameters it sets and its values, where the
card can use it (a card with no target: nothing at the Target Token; "it" only after a line
that acts on Things; the airstrike's line only on an airstrike card), the step's own default
first.  What the walk keeps is the step as a card file says it: a value equal to the
parameter's default is left out.
"""

from __future__ import annotations

from typing import Any

from table.engine.reach import LINES
from table.cards.schema import works_without_target
from table.engine.vocabulary import CARD_STEPS, MAX_HEXES
from table.ui.strings import text

from table.app.asking.prompts import Menu, Prompt
from table.app.teach.words import asked, meaning, menu_choices, reach_keys

#: every meaning the reach screen can offer, in its order: its name (its words are the
#: catalogs' ``teach.reach.<name>``) and the parameters it sets
MEANINGS: tuple[tuple[str, dict[str, str]], ...] = (
    ("hex", {}),
    ("all", {"what": "things", "pick": "all"}),
    ("them", {"what": "them"}),
    ("their_hex", {"at": "them"}),
    ("hex_and_around", {"what": "things", "area": "hex_and_around", "pick": "all"}),
    ("around", {"what": "things", "area": "around", "pick": "all"}),
    ("beyond", {"what": "things", "area": "beyond", "pick": "all"}),
    ("line", {"what": "things", "area": "line", "pick": "all"}),
    ("facing", {"what": "things", "area": "facing", "pick": "all"}),
    ("own_hex", {"what": "things", "at": "own_hex", "pick": "all"}),
    ("own_around", {"what": "things", "at": "own_hex", "area": "around", "pick": "all"}),
    ("own_hex_and_around", {"what": "things", "at": "own_hex", "area": "hex_and_around",
                            "pick": "all"}),
    ("one", {"what": "things", "pick": "one"}),
    ("token", {"what": "target"}),
    ("worm", {"what": "worm"}),
)
LENGTHS = tuple(range(1, MAX_HEXES + 1))


def works(w: Any, step: dict, open_reach: bool = True) -> bool:
    """Whether ``step`` (its parameters asked so far) can work on the walk's card: on a weapon
    card with no target, some answer to its questions left (and, ``open_reach``, to where
    it acts) acts elsewhere than at the Target Token, and it does not aim again
    (:func:`~table.cards.schema.works_without_target`, the card check's own rule); "them"
    (what the step before acted on) only after a step that acts on Things.  A card with no
    target: a weapon without one, or a Drop or Sudden Death card."""
    if "them" in step.values() and not any(
            CARD_STEPS[s["do"]].names_them for s in w.raw.get(w.steps_field, ())):
        return False
    if w.raw.get("target") is not None:
        return True
    for key in asked(step["do"]):
        choices = menu_choices(step["do"], key)
        if key not in step and choices:
            return any(works(w, {**step, key: c}, open_reach) for c in choices)
    if works_without_target(step):
        return True
    return open_reach and any(
        made is not None and meaning(made) is not None and works_without_target(made)
        for made in (_fit(step, sets) for _, sets in MEANINGS))


def tidy(step: dict) -> dict:
    """``step`` as a card file says it: its parameters' defaults left out."""
    rec = CARD_STEPS[step["do"]]
    return {k: v for k, v in step.items()
            if k == "do" or k not in rec.params or rec.params[k].default != v
            or rec.params[k].asked}


def _fit(step: dict, sets: dict[str, str]) -> dict | None:
    """``step`` with the parameters a meaning sets that it has (None: a value it cannot take)."""
    params = CARD_STEPS[step["do"]].params
    out = {k: v for k, v in step.items() if k not in reach_keys(step)}
    for key, v in sets.items():
        if key in reach_keys(step):
            if v not in params[key].choices:
                return None
            out[key] = v
    return tidy(out)


def rows(w: Any, step: dict) -> list[tuple[str, Any]]:
    """The reach screen's rows for ``step``: (words key, the step it makes, or ``"kinds"``),
    the step's own default first; none where the step reaches nowhere else."""
    params = CARD_STEPS[step["do"]].params
    if not reach_keys(step):
        return []
    airstrike = w.raw.get("target") == "airstrike"
    out: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for _, sets in MEANINGS:
        made = _fit(step, sets)
        name = meaning(made) if made is not None else None
        if made is None or name is None or name in seen or not works(w, made, False):
            continue
        if name == "facing" and (not airstrike or step["do"] == "blast"):
            continue                            # (an airstrike card's Blast is its line)
        seen.add(name)
        out.append((f"teach.reach.{name}", made))
    default = meaning(tidy({k: v for k, v in step.items() if k not in reach_keys(step)}))
    out.sort(key=lambda row: row[0] != f"teach.reach.{default}")
    if "kinds" in params and not params["kinds"].asked:
        out.append(("teach.reach.kinds", "kinds"))
    return out if len(out) > 1 else []


def ask_reach(w: Any) -> Prompt:
    assert w.pending is not None
    options = rows(w, w.pending)
    current = meaning(w.pending)
    cursor = next((i for i, (_, s) in enumerate(options)
                   if isinstance(s, dict) and meaning(s) == current), 0)
    return Menu(text("teach.ask.reach", w.lang), [text(k, w.lang) for k, _ in options],
                [s for _, s in options], cursor)


def ask_length(w: Any) -> Prompt:
    return Menu(text("teach.ask.length", w.lang), [str(n) for n in LENGTHS], list(LENGTHS),
                LENGTHS.index(3))


__all__ = ["LENGTHS", "LINES", "MEANINGS", "ask_length", "ask_reach",
           "meaning", "rows", "tidy", "works"]
