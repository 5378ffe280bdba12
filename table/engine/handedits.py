"""Text resolved by hand: the changes the players may report after resolving a card's text
themselves (a ``by_hand`` step), and each change applied as it is, with no consequences (the
players resolved them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import POOL_KINDS
from .board import Thing
from .decisions import DONE, Change, Edit, EditAt
from .events import EventKind

if TYPE_CHECKING:
    from .effects import Resolver


def hand_edits(board) -> tuple:
    """Every change the players may report after resolving text by hand: :data:`DONE`, then
    remove, damage or heal a Thing, place one from the pool on a land hex, move one to a land
    hex (a Thing gone into the water is removed)."""
    land = board.land_in_order()
    out: list = [DONE]
    for t in board.things.values():
        out.append(Edit(Change.REMOVE, t.id))
        if t.kind == "worm":
            out.append(Edit(Change.HEAL if t.damaged else Change.DAMAGE, t.id))
        out += [EditAt(Change.MOVE, t.id, h) for h in land if h != t.at]
    out += [EditAt(Change.PLACE, kind, h) for kind in POOL_KINDS if board.in_pool(kind) > 0
            for h in land]
    return tuple(out)


def apply_edit(r: Resolver, change: tuple) -> None:
    """One change made by hand (an :class:`Edit` or :class:`EditAt`, or the plain tuple it
    stands for), as it is: no consequences follow (the players resolved them)."""
    board = r.board
    if change[0] == Change.PLACE:
        _, kind, h = change
        t = board.add(Thing(board.new_id(kind), kind, h))
        r.event(EventKind.PLACE, thing=t.id, kind=kind, at=list(h))
        return
    t = board.things[change[1]]
    if t.id == r.active_worm and change[0] in (Change.REMOVE, Change.DAMAGE):
        r.active_hurt = True
    if change[0] == Change.REMOVE:
        board.remove(t)
        r.event(EventKind.DESTROY, thing=t.id, kind=t.kind, at=list(t.at), cause="by_hand")
    elif change[0] == Change.DAMAGE:
        t.damaged = True
        r.event(EventKind.DAMAGE, thing=t.id, at=list(t.at))
    elif change[0] == Change.HEAL:
        t.damaged = False
        r.event(EventKind.HEAL, worm=t.id)
    else:
        start = t.at
        board.lift(t)
        board.put(t, change[2])
        r.event(EventKind.MOVE, thing=t.id, by="hand", **{"from": list(start)}, to=list(change[2]))
