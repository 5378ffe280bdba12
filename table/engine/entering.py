"""What a Thing entering a hex sets off (E7.3, E7.4): the crates it opens, the mines it
triggers, the fire it douses, in the order the active player chooses; then a hex left with four
or more Things is brought back to three (prods).  Called by the
:class:`~table.engine.effects.Resolver` as every move ends, and by a card's step or a scenario
that puts Things straight into a hex.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Iterable, Protocol

from .board import FIXED, Board, Thing
from .decisions import DecisionKind, Purpose
from .events import EventKind
from table.hexgrid import Hex


class Resolver(Protocol):
    """What entering a hex uses of the :class:`~table.engine.effects.Resolver` (a Protocol,
    so that this module does not import the one that calls it)."""

    board: Board

    def ask(self, kind: DecisionKind | str, options: Iterable[Any], default: Any,
            purpose: Purpose, *, card: str | None = None, info: tuple | None = None) -> Any: ...
    def alive(self, thing: Thing, h: Hex | None = None) -> bool: ...
    def destroy(self, thing: Thing, cause: str, gift_at: Hex | None = None) -> None: ...
    def event(self, event: EventKind, /, **data: Any) -> None: ...
    def flip(self, why: str, thing: str | None = None) -> str: ...
    def blast(self, h: Hex, why: str = "blast") -> None: ...
    def damage(self, thing: Thing, gift_at: Hex | None = None) -> None: ...
    def knockback(self, thing: Thing) -> None: ...


def entry_effects(r: Resolver, thing: Thing, h: Hex) -> None:
    """E7.3: crates, then mines, then fire, unless the active player orders them
    otherwise; each applies only while ``thing`` is still in ``h``."""
    kinds = {t.kind for t in r.board.in_hex(h) if t is not thing}
    groups = []
    if thing.kind == "worm" and "crate" in kinds:
        groups.append("crate")
    if (thing.kind == "worm" and "mine" in kinds) or (thing.kind == "mine" and "worm" in kinds):
        groups.append("mine")
    if "fire" in kinds:
        groups.append("fire")
    if not groups:
        return
    order = tuple(groups)
    if len(groups) > 1:
        order = r.ask("order", permutations(groups), order, Purpose.ENTRY)
    for group in order:
        if not r.alive(thing, h):
            return
        _GROUPS[group](r, thing, h)


def _open_crates(r: Resolver, thing: Thing, h: Hex) -> None:
    for crate in _others(r, h, "crate", thing):
        if r.alive(thing, h) and r.alive(crate, h):
            r.destroy(crate, "opened")
            team = thing.team
            assert team is not None          # only a worm opens a crate
            r.board.cards_drawn[team] = r.board.cards_drawn.get(team, 0) + 1
            r.event(EventKind.DRAW, team=team, worm=thing.id)


def _trigger_mines(r: Resolver, thing: Thing, h: Hex) -> None:
    mines = [thing] if thing.kind == "mine" else _others(r, h, "mine", thing)
    for mine in mines:
        if r.alive(thing, h) and r.alive(mine, h):
            r.destroy(mine, "triggered")
            if r.flip("mine", thing.id) == "danger":
                r.blast(h, why="mine")


def _douse_fire(r: Resolver, thing: Thing, h: Hex) -> None:
    for fire in _others(r, h, "fire", thing):
        if r.alive(thing, h) and r.alive(fire, h):
            r.destroy(fire, "doused")
            if r.flip("fire", thing.id) == "danger":
                r.damage(thing)


def _others(r: Resolver, h: Hex, kind: str, thing: Thing) -> list[Thing]:
    return [t for t in r.board.in_hex(h) if t.kind == kind and t is not thing]


#: E7.4: a land hex holding this many Things (or more) has one prodded out
FULL_HEX = 4


def full_hex(r: Resolver, h: Hex) -> None:
    """E7.4: while ``h`` holds four or more Things, prod one with a Knockback Scatter: a
    worm if there is one, otherwise a Thing other than a Crater or Fire (the active player
    picks which).  Prodding is not optional: only Craters and Fire stay over-full."""
    board = r.board
    while board.is_land(h) and board.count(h) >= FULL_HEX:
        things = board.in_hex(h)
        candidates = [t for t in things if t.kind == "worm"] or \
                     [t for t in things if t.kind not in FIXED]
        if not candidates:
            return
        ids = [t.id for t in candidates]
        pick = board.things[r.ask("thing", ids, ids[0], Purpose.PROD)]
        r.event(EventKind.PROD, thing=pick.id, at=list(h))
        r.knockback(pick)


#: What entering a hex does to each group of Things already there (E7.3).
_GROUPS = {"crate": _open_crates, "mine": _trigger_mines, "fire": _douse_fire}
