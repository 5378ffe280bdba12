"""Playing cards: a weapon's action line (T1, T3), its text at a target (E12), a Drop or Sudden
Death card's text.  What a card can say -- its fields, its text's steps and how each step
resolves -- is :mod:`.vocabulary` (re-exported here); reading card files and checking them is
:mod:`table.cards`' job.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from table.hexgrid import Hex

from .board import Thing
from .decisions import SKIP, Illegal, Way
from .effects import Resolver
from .events import EventKind
from .vocabulary import (CARD_KINDS, CARD_STEPS, PLACE_AT, STEP_KINDS, SYMBOLS, TARGETS, WEAPON_KINDS,
                         Card, Play, aim, check_target, describe_target, resolve_step, target_ok)

__all__ = ["CARD_KINDS", "CARD_STEPS", "PLACE_AT", "STEP_KINDS", "SYMBOLS", "TARGETS",
           "WEAPON_KINDS", "Card", "CardPlay", "Play", "aim", "check_target", "describe_target",
           "play_card", "resolve_drop", "resolve_step", "resolve_text", "target_ok"]


def resolve_text(r: Resolver, card: Card, play: Play, steps=None) -> None:
    """Resolve the card text once: aim, then each line in order."""
    if card.target is not None and steps is None:
        target = check_target(r.board, card, play.worm, play.target)
        aim(r, card, play, target)
    for step in (card.text if steps is None else steps):
        resolve_step(r, card, play, step)


class CardPlay(NamedTuple):
    """A card played at a PLAY symbol (:func:`play_card`'s ``then``), with what its play
    needs up front."""
    card: Card
    target: Hex | None = None
    facing: int | None = None
    thing: str | None = None
    moves: tuple = ()


def play_card(r: Resolver, card: Card, worm: Thing, target: Hex | None = None,
              facing: int | None = None, thing: str | None = None,
              moves: Iterable[tuple[str, Hex | None]] = (), then: Iterable[CardPlay] = ()) -> None:
    """Play a weapon card: its action line from left to right (T1, T3).

    ``moves`` answers the MOVE symbols in order: a :class:`~table.engine.decisions.Movement`
    (or the plain ``("inch", hex)``, ``("jump", hex)`` or ``("skip", None)`` it stands for).
    Damage to the active worm stops the line once the current text is resolved (T3).
    ``then``: the cards played at PLAY symbols, in the order the symbols come (a PLAY symbol
    of such a card takes the next); a PLAY symbol with none left is passed over, and more of
    them than the PLAY symbols of the cards played is Illegal.  (Which cards a hand holds is
    the game's business.)
    """
    later = list(then)
    symbols = sum(c.action.count("PLAY") for c in [card] + [p.card for p in later])
    if len(later) > symbols:
        raise Illegal(f"then: {len(later)} given, the cards played have {symbols} PLAY "
                      "symbol(s)")
    _play(r, CardPlay(card, target, facing, thing, tuple(moves)), worm, later)


def _play(r: Resolver, p: CardPlay, worm: Thing, later: list[CardPlay]) -> None:
    card = p.card
    if card.kind in ("drop", "sudden_death"):
        raise Illegal(f"{card.id} is not a weapon card")
    todo = list(p.moves)
    if len(todo) > card.moves:
        raise Illegal(f"{card.id} has {card.moves} MOVE symbol(s), {len(todo)} moves were given")
    if r.active_worm != worm.id:
        r.activate(worm.id)
    play = Play(worm, p.target, p.facing, p.thing)
    for symbol in card.action:
        if not r.alive(worm) or r.active_hurt:
            break
        if symbol == "TEXT":
            resolve_text(r, card, play)
        elif symbol == "MOVE":
            way, to = todo.pop(0) if todo else SKIP
            if way in (Way.INCH, Way.JUMP) and to is None:
                raise Illegal(f"{card.id}: an {way} needs a hex to go to")
            if way == Way.INCH and to is not None:
                r.inch(worm, to)
            elif way == Way.JUMP and to is not None:
                r.jump(worm, to)
        elif symbol == "PLAY" and later:
            _play(r, later.pop(0), worm, later)


def resolve_drop(r: Resolver, card: Card, revealed: bool = True) -> None:
    """Resolve a Drop card's text, or a Sudden Death card: its lasting rule starts (when it is
    first revealed), then its Drop part; each line is one effect."""
    if card.kind not in ("drop", "sudden_death"):
        raise Illegal(f"{card.id} is not a Drop or Sudden Death card")
    if card.kind == "sudden_death" and revealed and card.lasting:
        r.board.rules.add(card.lasting)
        r.event(EventKind.RULE, rule=card.lasting, card=card.id)
    steps = card.drop if card.kind == "sudden_death" else card.text
    nobody = Thing("", "worm", (0, 0))
    active = r.board.things.get(r.active_worm) if r.active_worm is not None else None
    play = Play(active or nobody)
    for step in steps:
        resolve_step(r, card, play, step)
