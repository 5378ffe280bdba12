"""Cards as the engine sees them: a target rule, Accuracy, an action line and card text made of
steps from a small vocabulary, and how playing one resolves (T1, T3, E8, E12, E14).

Reading card files and checking them is :mod:`table.cards`' job; this module only needs the
:class:`Card` values.  The vocabulary of text steps (each one line of card text):

=================  ==================================================================
``blast``          Blast the target hex (with an ``airstrike`` target: its three hexes)
``damage``         damage one Thing in the target hex (``pick = "one"``, the player's
                   choice, E14) or every Thing there (``pick = "all"``)
``move_worm``      move the active worm to the target hex (E7)
``remove``         destroy one Thing of ``kinds`` in the target hex (E14)
``place``          place a ``kind`` at ``"target"``, ``"emptiest"`` (E9), ``"same"`` (the hex
                   of the previous ``place``) or ``"own_hex"``
``change_wind``    E10
``scatter``        scatter the Target Token (E5)
``new_target``     pick a new target hex (not the token's hex) under the card's rule and
                   aim again: the following steps happen there ("repeat at a new hex")
``rule``           a lasting ``rule`` comes into force (``rule = "one_life"``)
``freeze``         until the start of the player's next turn, each of their worms that would
                   be damaged is encased in ice instead and then ignores damage (not water)
=================  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .board import FIXED, Thing
from .decisions import Illegal, Purpose
from .effects import Resolver
from .events import EventKind
from table.hexgrid import Hex, hexagon
from .targeting import TARGET_RULES

CARD_KINDS = ("starter", "supply", "superweapon", "drop", "sudden_death")
SYMBOLS = ("MOVE", "TEXT", "PLAY")
STEP_KINDS = ("blast", "damage", "move_worm", "remove", "place", "change_wind", "scatter",
              "new_target", "rule", "freeze")
PLACE_AT = ("target", "emptiest", "same", "own_hex")
#: how far the "new hex" choice looks for targets (phantom water goes on for ever)
REACH = 8


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    names: dict[str, str]
    target: str | None = None          # a key of targeting.TARGET_RULES, or None
    range: int | None = None           # N of "within N"
    accuracy: int | None = None
    action: tuple[str, ...] = ()
    text: tuple[dict, ...] = ()
    lasting: str | None = None         # Sudden Death: the lasting rule
    drop: tuple[dict, ...] = ()        # Sudden Death: the Drop part
    notes: str = ""
    source: str = ""                   # the file it came from
    copies: int = 1                    # how many of this card the box holds

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id

    @property
    def moves(self) -> int:
        return self.action.count("MOVE")


@dataclass
class Play:
    """What one card play needs besides the board: the choices given up front."""
    worm: Thing
    target: Hex | None = None
    facing: int | None = None
    thing: str | None = None
    placed_at: Hex | None = field(default=None)


def check_target(r: Resolver, card: Card, worm: Thing, target: Hex | None) -> Hex:
    if card.target is None:
        return worm.at
    if target is None:
        raise Illegal(f"{card.id} needs a target hex")
    rule = TARGET_RULES[card.target]
    if not rule(worm.at, target, card.range, r.board):
        raise Illegal(f"{list(target)} is not a legal target for {card.id} from {list(worm.at)} "
                      f"(target rule: {describe_target(card)})")
    return target


def describe_target(card: Card) -> str:
    if card.target in ("within", "direct_within"):
        return f"{card.target} {card.range}"
    return card.target or "none"


def aim(r: Resolver, card: Card, play: Play, target: Hex) -> None:
    """Every card puts the Target Token on its target, with or without Accuracy (E12)."""
    if card.accuracy is not None:
        r.accuracy(play.worm.at, target, card.accuracy, play.facing)
    else:
        r.set_target(target, play.facing)


def resolve_text(r: Resolver, card: Card, play: Play, steps=None) -> None:
    """Resolve the card text once: aim, then each line in order."""
    if card.target is not None and steps is None:
        target = check_target(r, card, play.worm, play.target)
        aim(r, card, play, target)
    for step in (card.text if steps is None else steps):
        resolve_step(r, card, play, step)


def resolve_step(r: Resolver, card: Card, play: Play, step: dict) -> None:
    do = step["do"]
    board = r.board
    if do in ("blast", "damage", "move_worm", "remove"):
        if board.target is None:
            raise Illegal(f"{card.id}: {do!r} acts at the Target Token, which is not on the board")
        target: Hex = board.target
    if do == "blast":
        if card.target == "airstrike":
            r.airstrike(target, board.target_facing or play.facing or 1)
        else:
            r.blast(target)
    elif do == "damage":
        if step.get("pick", "one") == "all":
            for t in board.worms_first(target):
                if r.alive(t, target):
                    r.damage(t)
        else:
            hit = _choose_thing(r, play, target, lambda t: t.kind not in FIXED, card)
            if hit is not None:
                r.damage(hit)
    elif do == "move_worm":
        if r.alive(play.worm):
            r.move(play.worm, target, "card")
    elif do == "remove":
        kinds = set(step["kinds"])
        gone = _choose_thing(r, play, target, lambda t: t.kind in kinds, card)
        if gone is not None:
            r.destroy(gone, "removed")
    elif do == "place":
        at = step.get("at", "target")
        h: Hex | None
        if at == "emptiest":
            h = r.emptiest()
        elif at == "same":
            h = play.placed_at
        elif at == "own_hex":
            h = play.worm.at
        else:
            h = board.target
        if h is not None:
            r.place(step["kind"], h)
            play.placed_at = h
            r.full_hex(h)
    elif do == "change_wind":
        r.change_wind()
    elif do == "scatter":
        r.scatter_target()
    elif do == "new_target":
        legal = [h for h in hexagon(play.worm.at, REACH)
                 if h != board.target and (card.target is None or TARGET_RULES[card.target](
                     play.worm.at, h, card.range, board))]
        if not legal:
            return
        h = r.ask("hex", legal, legal[0], Purpose.NEW_TARGET, card=card.id)
        aim(r, card, play, h)
    elif do == "freeze":
        if play.worm.team is not None:           # (a Drop card has no player to protect)
            r.shield(play.worm.team)
    elif do == "rule":
        board.rules.add(step["rule"])
        r.event(EventKind.RULE, rule=step["rule"])
    else:  # pragma: no cover - table.cards validates step kinds
        raise Illegal(f"unknown card step {do!r}")


def _choose_thing(r: Resolver, play: Play, h: Hex, can_affect, card: Card) -> Thing | None:
    """E14: one Thing in ``h`` the effect can affect; default the first, worms first."""
    options = [t.id for t in r.board.worms_first(h) if can_affect(t)]
    if play.thing is not None:
        if play.thing not in options:
            raise Illegal(f"{play.thing!r} is not a Thing {card.id} can affect in {list(h)} "
                          f"(there: {', '.join(options) or 'none'})")
        return r.board.things[play.thing]
    if not options:
        return None
    return r.board.things[r.ask("thing", options, options[0], Purpose.AFFECT, card=card.id)]


def play_card(r: Resolver, card: Card, worm: Thing, target: Hex | None = None,
              facing: int | None = None, thing: str | None = None,
              moves: Iterable[tuple[str, Hex | None]] = ()) -> None:
    """Play a weapon card: its action line from left to right (T1, T3).

    ``moves`` answers the MOVE symbols in order: ``("inch", hex)``, ``("jump", hex)`` or
    ``("skip", None)``.  Damage to the active worm stops the line once the current text is
    resolved (T3).  PLAY symbols are the game's business (another card from the hand); here
    they are passed over.
    """
    if card.kind in ("drop", "sudden_death"):
        raise Illegal(f"{card.id} is not a weapon card")
    todo = list(moves)
    if len(todo) > card.moves:
        raise Illegal(f"{card.id} has {card.moves} MOVE symbol(s), {len(todo)} moves were given")
    if r.active_worm != worm.id:
        r.activate(worm.id)
    play = Play(worm, target, facing, thing)
    for symbol in card.action:
        if not r.alive(worm) or r.active_hurt:
            break
        if symbol == "TEXT":
            resolve_text(r, card, play)
        elif symbol == "MOVE":
            kind, to = todo.pop(0) if todo else ("skip", None)
            if kind in ("inch", "jump") and to is None:
                raise Illegal(f"{card.id}: an {kind} needs a hex to go to")
            if kind == "inch" and to is not None:
                r.inch(worm, to)
            elif kind == "jump" and to is not None:
                r.jump(worm, to)


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
