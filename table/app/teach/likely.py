"""The teach walk's likeliest next line: where the text menu's cursor starts.

A card's lines follow each other the way the box's other cards of its sort say them (a Drop
or Sudden Death card: a Place, then mostly a Change Wind; a weapon: mostly one line, then
Done).  So the cursor starts on the line that the cards the walk was given (the library of
the box: the shipped cards, the owner's) most often put after the line told last (on the
first line: the one they most often start with; after the last: Done), counted among the
cards of the same sort (weapons, or Drop and Sudden Death cards); a tie, or a library with
none of that sort: the row nearest the top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from table.engine.vocabulary import WEAPON_KINDS

#: the end of a card's text: the text menu's "Done" row
DONE = "done"


def sort_of(kind: str) -> str:
    return "weapon" if kind in WEAPON_KINDS else "drop"


def _fits(row: Any, step: Mapping) -> bool:
    """The text menu's ``row`` starts ``step`` (its step, with the small choice it says)."""
    return isinstance(row, dict) and row["do"] == step["do"] and all(
        step.get(k) == v for k, v in row.items() if k != "do")


def followers(known: Mapping, kind: str, before: str | None) -> list:
    """What the known cards of ``kind``'s sort say after a line of step ``before`` (None:
    first), once a card: each a step, or :data:`DONE` (their text ends there)."""
    out: list = []
    for card in known.values():
        if sort_of(card.kind) != sort_of(kind):
            continue
        steps = list(card.text) + list(card.drop)
        dos = [None] + [s["do"] for s in steps]
        out += [nxt for prev, nxt in zip(dos, steps + [DONE]) if prev == before]
    return out


def next_row(values: list, known: Mapping | None, kind: str, steps: list) -> int:
    """The text menu's row (an index of ``values``) the cursor starts on."""
    said = followers(known or {}, kind, steps[-1]["do"] if steps else None)

    def count(row) -> int:
        return sum(1 for nxt in said if (row == nxt if nxt == DONE else _fits(row, nxt)))
    return max(range(len(values)), key=lambda i: (count(values[i]), -i)) if said else 0


__all__ = ["DONE", "followers", "next_row", "sort_of"]
