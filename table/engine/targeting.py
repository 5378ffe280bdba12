"""Where things may go: movement (T1) and targeting predicates (E12), a card's target among them.

Legality lives here and only here: the effects, the scenario runner, the game, the bots and
the daemon's "legal hexes lit" all ask these functions.
"""

from __future__ import annotations

from functools import lru_cache
from .anatomy import RANGED, Card
from .board import Board, Thing
from .decisions import Illegal
from table.hexgrid import Hex, distance, hexagon, is_direct


def can_inch(board: Board, start: Hex, to: Hex) -> bool:
    """Inch: to an adjacent land hex."""
    return distance(start, to) == 1 and board.is_land(to)


def can_jump(board: Board, start: Hex, to: Hex) -> bool:
    """Jump: to any hex within two, whatever lies between: the own hex (the worm stays, then
    scatters) and water (it sinks) included."""
    return distance(start, to) <= 2


@lru_cache(maxsize=8192)
def _around(start: Hex, radius: int) -> tuple[Hex, ...]:
    return tuple(h for h in hexagon(start, radius) if h != start)


@lru_cache(maxsize=8192)
def _within(start: Hex, radius: int) -> tuple[Hex, ...]:
    return tuple(hexagon(start, radius))


def inches(board: Board, start: Hex) -> list[Hex]:
    """Every legal inch from ``start``, in reading order."""
    return [h for h in _around(start, 1) if can_inch(board, start, h)]


def jumps(board: Board, start: Hex) -> list[Hex]:
    """Every legal jump from ``start``, in reading order (the own hex among them)."""
    return [h for h in _within(start, 2) if can_jump(board, start, h)]


#: Target rules (E12), each ``rule(worm_hex, target, n, board) -> bool``.  ``n`` is the
#: rule's number (within N) where it has one.
TARGET_RULES = {
    "own_hex": lambda w, t, n, b: t == w,
    "adjacent": lambda w, t, n, b: distance(w, t) <= 1,          # own hex or a neighbour
    "direct": lambda w, t, n, b: is_direct(w, t),
    "within": lambda w, t, n, b: distance(w, t) <= n,
    "direct_within": lambda w, t, n, b: is_direct(w, t) and distance(w, t) <= n,
    "any": lambda w, t, n, b: True,
    "airstrike": lambda w, t, n, b: True,                         # any hex, with a facing
    "new_hex": lambda w, t, n, b: t != b.target,
}


def target_ok(card: Card, worm_hex: Hex, h: Hex, board) -> bool:
    """``h`` is a legal target of ``card`` from ``worm_hex`` (its rule, then its hex terms)."""
    if card.target is None:
        return True
    return (TARGET_RULES[card.target](worm_hex, h, card.range, board)
            and where_ok(card.where, h, board))


def describe_target(card: Card) -> str:
    rule = f"{card.target} {card.range}" if card.target in RANGED else (card.target or "none")
    return " ".join((rule,) + card.where)


def check_target(board: Board, card: Card, worm: Thing, target: Hex | None) -> Hex:
    """The hex ``card`` played by ``worm`` aims at (its own hex for a card with no target);
    :class:`~table.engine.decisions.Illegal` for a missing or illegal target."""
    if card.target is None:
        return worm.at
    if target is None:
        raise Illegal(f"{card.id} needs a target hex")
    if not target_ok(card, worm.at, target, board):
        raise Illegal(f"{list(target)} is not a legal target for {card.id} from {list(worm.at)} "
                      f"(target rule: {describe_target(card)})")
    return target


def where_ok(where: tuple[str, ...], h: Hex, board) -> bool:
    """``h`` has every hex term of ``where`` (the card anatomy's WHERE)."""
    for term in where:
        if term == "land" and not board.is_land(h):
            return False
        if term == "new" and h == board.target:
            return False
        if term == "non_full" and (not board.is_land(h) or board.count(h) >= 3):
            return False
        if term == "empty" and board.count(h) > 0:
            return False
    return True
