"""Decision requests: the one door through which a player (buttons, a bot, a scenario file)
answers whenever a rule lets them choose.

The engine builds a :class:`Decision` listing every legal answer and a default (the rulings'
default).  A *decider* is any callable ``decide(decision) -> answer``.  The engine only asks
when there are two or more legal options, and refuses an answer that is not one of them.

What a decision is for is its ``why``, the string the log and ``as_json()`` carry
(``"accuracy"``, ``"bazooka:target"``, ``"place:mine"``...).  :func:`why_of` writes it and
:func:`purpose_of` reads it back, so a Decision also names it in typed fields: ``purpose``
(a :class:`Purpose`), ``card`` (the card being played, or None) and ``item`` (the Thing being
placed, or None).  Read those; never parse ``why``.

>>> d = Decision("hex", ((0, 0), (1, 0)), (0, 0), why_of(Purpose.TARGET, card="bazooka"))
>>> d.why, d.purpose, d.card, d.item
('bazooka:target', <Purpose.TARGET: 'target'>, 'bazooka', None)
>>> purpose_of("place:mine"), purpose_of("uzi")
((<Purpose.PLACE: 'place'>, None, 'mine'), (<Purpose.AFFECT: 'affect'>, 'uzi', None))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Callable

from .errors import EngineError

#: The kinds of decision, and what their options are.
KINDS = {
    "die": "one of the rolled die faces, e.g. '3', 'wind', 'hit'",
    "direction": "a direction 1..6",
    "hex": "a hex (q, r)",
    "thing": "the id of a Thing",
    "order": "an order of simultaneous entry effects, e.g. ('mine', 'crate')",
    # the game's own decisions (table/engine/game.py)
    "worm": "the id of one of the active team's worms (activation)",
    "move": "('skip', None), ('inch', (q, r)) or ('jump', (q, r)): one movement",
    "card": "a card id from the hand, or 'pass' (a Sudden Death draft: a card id)",
    "pile": "a Thing from the setup pile: 'worm:<team>', 'oil_drum', 'mine' or 'crate'",
    # the players' own dice (GameConfig.own_dice; table/engine/dice.py)
    "die_typed": "the face a player rolled on a real die: '1'..'6', 'wind', 'hit'; ``info`` is "
                 "(what for, k, n, Thing id or None): die k of the n rolled together",
    "flip_typed": "the side a player flipped on a real Danger coin: 'safe' or 'danger'; "
                  "``info`` is (what for, 1, 1, Thing id or None)",
    # the players' own decks (GameConfig.own_decks; table/engine/dice.py)
    "card_tapped": "the card a player drew from a real deck and tapped: a card id still in it",
    # card text resolved by hand (a by_hand step, table/engine/vocabulary.py)
    "edit": "'done', or one change the players made by hand: ('remove', id), ('damage', id), "
            "('heal', id), ('place', kind, (q, r)), ('move', id, (q, r))",
}


class Purpose(StrEnum):
    """What a decision is for (the engine's own; a ``why`` it does not know is read as a card
    id choosing a Thing, :attr:`AFFECT`)."""

    # setup
    PLACE = "place"                 # pile: which Thing to place; hex (item: the Thing): where
    DRAFT = "sudden_death_draft"    # card: the Sudden Death card a seat keeps
    # the turn
    ACTIVATE = "activate"           # worm: the worm to activate
    MOVE = "move"                   # move: a movement step (card: a card's MOVE symbol)
    WEAPON = "weapon"               # card: the weapon card to play, or pass
    PLAY = "play"                   # card: a card's PLAY symbol, another card from the hand
    TARGET = "target"               # hex (card): the card's target
    NEW_TARGET = "new_target"       # hex (card): "repeat at a new hex"
    FACING = "facing"               # direction (card): an airstrike's facing
    BY_HAND = "by_hand"             # edit (card): a change the players made resolving the
                                    # card's text by hand, or done
    AFFECT = "affect"               # thing (card): the Thing the card's text affects (E14);
                                    # its ``why`` is the card id alone
    # the effects
    ACCURACY = "accuracy"           # die: the Accuracy die to keep (E1)
    KNOCKBACK = "knockback"         # direction: a Knockback's way on a bullseye (E6)
    EMPTIEST = "emptiest"           # hex: among the emptiest hexes (E9)
    ENTRY = "entry"                 # order: of simultaneous entry effects (E7.3)
    PROD = "prod"                   # thing: the Thing the full-hex rule prods (E7.4)
    # the players' own dice (dice.py)
    ROLL = "roll"                   # die_typed: the face rolled
    FLIP = "flip"                   # flip_typed: the side flipped
    # the players' own decks (dice.py)
    DRAW = "draw"                   # card_tapped (item: the deck, "supply" or "drop"): the
                                    # card drawn; its ``why`` is ``draw:<deck>``


#: purposes whose ``why`` is ``<card>:<purpose>``
CARD_PURPOSES = frozenset({Purpose.MOVE, Purpose.TARGET, Purpose.NEW_TARGET, Purpose.FACING,
                           Purpose.BY_HAND})


def why_of(purpose: Purpose, card: str | None = None, item: str | None = None) -> str:
    """The ``why`` string of a decision (what the log and ``as_json()`` carry)."""
    if purpose is Purpose.AFFECT:
        if card is None:
            raise ValueError("an AFFECT decision names its card")
        return card
    if card is not None:
        return f"{card}:{purpose.value}"
    if item is not None:
        return f"{purpose.value}:{item}"
    return purpose.value


@lru_cache(maxsize=512)
def purpose_of(why: str) -> tuple[Purpose, str | None, str | None]:
    """``(purpose, card, item)`` of a ``why`` (the inverse of :func:`why_of`)."""
    head, colon, tail = why.partition(":")
    if not colon:
        return (Purpose(why), None, None) if why in _PURPOSES else (Purpose.AFFECT, why, None)
    if head in _ITEM_PURPOSES:
        return Purpose(head), None, tail
    if tail in _PURPOSES:
        return Purpose(tail), head, None
    raise ValueError(f"{why!r} names no purpose a decision has")


_PURPOSES = frozenset(p.value for p in Purpose) - {Purpose.AFFECT.value}
#: purposes whose ``why`` is ``<purpose>:<item>``
_ITEM_PURPOSES = frozenset({Purpose.PLACE.value, Purpose.DRAW.value})


class Illegal(EngineError):
    """An illegal move, target or answer.  Nothing after the check has changed the board."""


class NeedDecision(Exception):
    """A step needs an answer nobody has given yet (the game makes it its request)."""

    def __init__(self, decision: "Decision"):
        super().__init__(decision.why)
        self.decision = decision


@dataclass(frozen=True)
class Decision:
    kind: str                 # a key of KINDS
    options: tuple[Any, ...]  # every legal answer
    default: Any              # the rulings' default, one of options
    why: str                  # what it is for: "accuracy", "knockback", "prod", "emptiest", ...
    actor: str | None = None  # the team choosing (the active team), if known
    info: tuple | None = None  # per-option data for the UI, parallel to options (e.g. the
                               # Accuracy dice a target hex would roll), or None
    # what ``why`` says, typed (derived from it, see purpose_of)
    purpose: Purpose = field(init=False, repr=False, compare=False)
    card: str | None = field(init=False, repr=False, compare=False)
    item: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        purpose, card, item = purpose_of(self.why)
        object.__setattr__(self, "purpose", purpose)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "item", item)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "why": self.why,
                               "options": [_plain(o) for o in self.options],
               "default": _plain(self.default), "actor": self.actor}
        if self.info is not None:
            out["info"] = list(self.info)
        return out


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


Decider = Callable[[Decision], Any]


def take_default(decision: Decision) -> Any:
    """The default policy: the rulings' default answer."""
    return decision.default
