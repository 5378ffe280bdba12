"""What a card step reaches: the hexes of its area and the Things it acts on.

A step acts at a hex (its ``at``: the Target Token's, the active worm's own, or the hexes of
the Things an earlier step acted on, ``them``), widened by its ``area``: the hex alone, the six
hexes next to it, both, or a line of ``length`` hexes -- from the worm toward the target
(``line``), from the target on beyond it (``beyond``) or from the token along an airstrike's
facing (``facing``).  Among the Things there it takes those of its ``kinds`` (when given), one
of the player's choosing (E14) or all of them (``pick``), or, with ``what = "them"``, the
Things the step before it acted on ("it", "them", "that worm": :attr:`Play.them`).

Each function takes the step's record (:class:`~.anatomy.CardStep`), whose defaults fill
what the step leaves out; :mod:`.vocabulary` holds the records and the resolvers.
"""

from __future__ import annotations

from typing import Any, Callable

from table.hexgrid import DIRECTIONS, Hex, direction_to, line, neighbour

from .anatomy import Card, CardStep, Play
from .board import Thing
from .decisions import Illegal, Purpose

#: the areas whose hexes are a line of ``length`` hexes
LINES = ("line", "beyond", "facing")


def value(rec: CardStep, step: dict, key: str, default: Any = None) -> Any:
    """``step``'s ``key`` (its record's default), or ``default`` for a step without it."""
    return rec.value(step, key) if key in rec.params else default


def them(r, play: Play) -> list[Thing]:
    """The Things the step before acted on that are still on the board ("it", "them")."""
    return [r.board.things[i] for i in play.them if i in r.board.things]


def acted(play: Play, things: list[Thing]) -> None:
    """``things`` are what this step acted on: what a later step's "it" or "them" means."""
    play.them = tuple(t.id for t in things)


def _way(r, card: Card, play: Play, start: Hex, area: str) -> int:
    """The direction of a line: from the worm toward ``start`` (the target), or the token's
    facing; asked (as the card's facing) where neither says one."""
    if area == "facing":
        d = r.board.target_facing or play.facing
    else:
        d = direction_to(play.worm.at, start)
    if d is None:
        d = r.ask("direction", DIRECTIONS, DIRECTIONS[0], Purpose.FACING, card=card.id)
    return d


def _widen(r, card: Card, play: Play, rec: CardStep, step: dict, h: Hex) -> list[Hex]:
    area = value(rec, step, "area", "hex")
    ring = [neighbour(h, d) for d in DIRECTIONS]
    if area == "around":
        return ring
    if area == "hex_and_around":
        return [h] + ring
    if area in LINES:
        d = _way(r, card, play, h, area)
        n = value(rec, step, "length", 3)
        return line(neighbour(play.worm.at, d), d, n) if area == "line" else line(h, d, n)
    return [h]


def hexes(r, card: Card, play: Play, rec: CardStep, step: dict) -> list[Hex]:
    """The hexes a step acts on: its ``at`` (an ``airstrike`` card's Blast at the target:
    the three hexes of its line), widened by its ``area``."""
    at = value(rec, step, "at", "target")
    if at == "own_hex":
        base = [play.worm.at]
    elif at == "them":
        base = list(dict.fromkeys(t.at for t in them(r, play)))
    else:
        target = r.board.target
        if target is None:
            return []
        if (card.target == "airstrike" and step["do"] == "blast"
                and value(rec, step, "area", "hex") == "hex"):
            facing = r.board.target_facing or play.facing or 1
            base = [neighbour(target, facing, i) for i in range(3)]
        else:
            base = [target]
    out: list[Hex] = []
    for h in base:
        out += _widen(r, card, play, rec, step, h)
    return out


def things(r, h: Hex, rec: CardStep, step: dict, can: Callable[[Thing], bool]) -> list[Thing]:
    """The Things in ``h`` the step can act on (of its ``kinds``, when given), worms first."""
    kinds = set(value(rec, step, "kinds", ()))
    return [t for t in r.board.worms_first(h) if can(t) and (not kinds or t.kind in kinds)]


def choose_thing(r, play: Play, h: Hex, options: list[Thing], card: Card) -> Thing | None:
    """E14: one Thing in ``h`` the effect can affect; default the first, worms first (or the
    one the play named up front)."""
    ids = [t.id for t in options]
    if play.thing is not None:
        if play.thing not in ids:
            raise Illegal(f"{play.thing!r} is not a Thing {card.id} can affect in {list(h)} "
                          f"(there: {', '.join(ids) or 'none'})")
        return r.board.things[play.thing]
    if not ids:
        return None
    return r.board.things[r.ask("thing", ids, ids[0], Purpose.AFFECT, card=card.id)]


def picked(r, card: Card, play: Play, rec: CardStep, step: dict, h: Hex,
           can: Callable[[Thing], bool]) -> list[Thing]:
    """The Things in ``h`` the step acts on: all of them, or the one the player chooses."""
    options = things(r, h, rec, step, can)
    if value(rec, step, "pick", "all") == "all":
        return options
    one = choose_thing(r, play, h, options, card)
    return [] if one is None else [one]


__all__ = ["LINES", "acted", "choose_thing", "hexes", "picked", "them", "things", "value"]
