"""Decision requests: the one door through which a player (buttons, a bot, a scenario file)
answers whenever a rule lets them choose.

The engine builds a :class:`Decision` listing every legal answer and a default (the rulings'
default).  A *decider* is any callable ``decide(decision) -> answer``.  The engine only asks
when there are two or more legal options, and refuses an answer that is not one of them.

A decision is typed: its ``kind`` (a :class:`DecisionKind`: what its options are), its
``purpose`` (a :class:`Purpose`: what it is for), the ``card`` being played and the ``item``
being placed or drawn (or None).  Its ``why`` is only derived from those (:func:`why_of`), for
the log and ``as_json()`` (``"accuracy"``, ``"bazooka:target"``, ``"place:mine"``...); it is
never parsed back.

>>> d = Decision("hex", ((0, 0), (1, 0)), (0, 0), Purpose.TARGET, card="bazooka")
>>> d.kind, d.why, d.purpose, d.card, d.item
(<DecisionKind.HEX: 'hex'>, 'bazooka:target', <Purpose.TARGET: 'target'>, 'bazooka', None)
>>> Decision("pile", ("mine", "crate"), "mine", Purpose.PLACE, item="mine").why
'place:mine'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, NamedTuple, Sequence

from table.hexgrid import Hex

from .errors import EngineError


class DecisionKind(StrEnum):
    """What a decision's options are (a string enum: ``DecisionKind.HEX == "hex"``)."""

    DIE = "die"
    DIRECTION = "direction"
    HEX = "hex"
    THING = "thing"
    ORDER = "order"
    WORM = "worm"
    MOVE = "move"
    CARD = "card"
    PILE = "pile"
    DIE_TYPED = "die_typed"
    FLIP_TYPED = "flip_typed"
    CARD_TAPPED = "card_tapped"
    EDIT = "edit"


class KindOf(NamedTuple):
    """What a decision of a kind is: a row of :data:`DECISION_KINDS`."""

    options: str            # what its options are
    turn: bool = False      # a turn's own choice: the Timer running out cuts it short (T7)
    typed: bool = False     # answered with what the players rolled, flipped or drew for real:
    #                         it enters the log as the chance outcome it stands for


#: The kinds of decision: the one table of them (what their options are; which a turn's
#: Timer cuts short; which the players answer with their own dice or cards).
DECISION_KINDS: dict[DecisionKind, KindOf] = {
    DecisionKind.DIE: KindOf("one of the rolled die faces, e.g. '3', 'wind', 'hit'"),
    DecisionKind.DIRECTION: KindOf("a direction 1..6"),
    DecisionKind.HEX: KindOf("a hex (q, r)"),
    DecisionKind.THING: KindOf("the id of a Thing"),
    DecisionKind.ORDER: KindOf("an order of simultaneous entry effects, e.g. ('mine', 'crate')"),
    # the game's own decisions (table/engine/game.py)
    DecisionKind.WORM: KindOf("the id of one of the active team's worms (activation)", turn=True),
    DecisionKind.MOVE: KindOf("a Movement: ('skip', None), ('inch', (q, r)) or ('jump', (q, r))",
                              turn=True),
    DecisionKind.CARD: KindOf("a card id from the hand, or PASS (a Sudden Death draft: a card id)",
                              turn=True),
    DecisionKind.PILE: KindOf("a Thing from the setup pile: 'worm:<team>', 'oil_drum', 'mine' or "
                              "'crate'"),
    # the players' own dice (GameConfig.own_dice; table/engine/dice.py)
    DecisionKind.DIE_TYPED: KindOf("the face a player rolled on a real die: '1'..'6', 'wind', "
                                   "'hit'; ``info`` is (what for, k, n, Thing id or None): die k "
                                   "of the n rolled together", typed=True),
    DecisionKind.FLIP_TYPED: KindOf("the side a player flipped on a real Danger coin: 'safe' or "
                                    "'danger'; ``info`` is (what for, 1, 1, Thing id or None)",
                                    typed=True),
    # the players' own decks (GameConfig.own_decks; table/engine/dice.py)
    DecisionKind.CARD_TAPPED: KindOf("the card a player drew from a real deck and tapped: a card "
                                     "id still in it", typed=True),
    # card text resolved by hand (a by_hand step, table/engine/vocabulary.py)
    DecisionKind.EDIT: KindOf("DONE, or one change the players made by hand: ('remove', id), "
                              "('damage', id), ('heal', id), ('place', kind, (q, r)), "
                              "('move', id, (q, r))"),
}
#: Decisions a timer running out cuts short (a card text being resolved is finished first):
#: a turn's own choices, the worm, the moves and the card.
TIMED = tuple(k for k, kind in DECISION_KINDS.items() if kind.turn)
#: the decisions the players answer with what they rolled, flipped or drew for real: the
#: answer enters the log as the chance outcome (or the revealed card) it stands for
TYPED = tuple(k for k, kind in DECISION_KINDS.items() if kind.typed)

class Way(StrEnum):
    """How a worm moves one step (T1): a :class:`Movement`'s ``way``."""

    SKIP = "skip"
    INCH = "inch"
    JUMP = "jump"


class Movement(NamedTuple):
    """One option of a ``move`` decision: ``Movement(Way.INCH, (1, 0))``, ``SKIP``.

    A tuple (a string enum in it), so it equals, hashes and is written (journal, JSON, the
    golden files) as the plain ``("inch", (1, 0))`` it stands for, and an answer read back from
    a log as a plain tuple is the same answer; its repr is the plain tuple's too.

    >>> Movement(Way.INCH, (1, 0)) == ("inch", (1, 0)), SKIP, SKIP.way is Way.SKIP
    (True, ('skip', None), True)
    """

    way: Way
    to: Hex | None = None

    def __repr__(self) -> str:
        return repr((self.way.value, self.to))


#: the move that stays put (always an option of a ``move`` decision)
SKIP = Movement(Way.SKIP, None)
class Change(StrEnum):
    """What the players changed by hand (an ``edit`` decision's option: :class:`Edit`,
    :class:`EditAt`)."""

    REMOVE = "remove"
    DAMAGE = "damage"
    HEAL = "heal"
    PLACE = "place"
    MOVE = "move"


class Edit(NamedTuple):
    """A Thing removed, damaged or healed by hand: ``Edit(Change.DAMAGE, "blue-1")``, written
    as the plain ``("damage", "blue-1")`` (as :class:`Movement` is)."""

    change: Change
    thing: str

    def __repr__(self) -> str:
        return repr((self.change.value, self.thing))


class EditAt(NamedTuple):
    """A change that names a hex: a Thing moved there (``EditAt(Change.MOVE, "blue-1",
    (1, 0))``), or one of a kind placed there from the pool (``EditAt(Change.PLACE, "mine",
    (0, 2))``); written as the plain 3-tuple."""

    change: Change
    what: str
    at: Hex

    def __repr__(self) -> str:
        return repr((self.change.value, self.what, self.at))


#: a ``card`` decision's "no card" (always an option when a weapon is asked for)
PASS = "pass"
#: an ``edit`` decision's "nothing more changed" (its default)
DONE = "done"


def seat_actor(seat: int) -> str:
    """The actor of a decision asked of a seat before the teams are dealt to the seats (setup
    by the players, the Sudden Death draft): ``"seat:<n>"``."""
    return f"seat:{seat}"


def seat_of(actor: str | None, seats: Sequence[str]) -> int | None:
    """The seat that answers a decision asked of ``actor``: seat n for ``"seat:<n>"``, a team's
    own seat in ``seats`` (the game's ``seats``); None for nobody, or a team no seat holds.

    >>> seat_of("seat:1", ["red", "blue"]), seat_of("blue", ["red", "blue"]), seat_of(None, [])
    (1, 1, None)
    """
    if actor is None:
        return None
    if actor.startswith("seat:"):
        return int(actor[5:])
    return list(seats).index(actor) if actor in seats else None


def team_of(actor: str | None, seats: Sequence[str]) -> str | None:
    """The team that answers a decision asked of ``actor``: a team itself, the team at seat n
    for ``"seat:<n>"`` (None while no team sits there)."""
    if actor is not None and actor.startswith("seat:"):
        i = int(actor[5:])
        return seats[i] if i < len(seats) else None
    return actor


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
    NEXT = "next"                   # thing: which of the Things waiting in a group goes next
                                    # (E2.7, with the game option "choose the order")
    PROD = "prod"                   # thing: the Thing the full-hex rule prods (E7.4)
    # the players' own dice (dice.py)
    ROLL = "roll"                   # die_typed: the face rolled
    FLIP = "flip"                   # flip_typed: the side flipped
    # the players' own decks (dice.py)
    DRAW = "draw"                   # card_tapped (item: the deck, "supply" or "drop"): the
                                    # card drawn; its ``why`` is ``draw:<deck>``


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


class Illegal(EngineError):
    """An illegal move, target or answer.  Nothing after the check has changed the board."""


class NeedDecision(Exception):
    """A step needs an answer nobody has given yet (the game makes it its request)."""

    def __init__(self, decision: "Decision"):
        super().__init__(decision.why)
        self.decision = decision


@dataclass(frozen=True)
class Decision:
    """A question the game waits on: who answers, what for, every legal answer and the default."""

    kind: DecisionKind        # what the options are (a key of DECISION_KINDS)
    options: tuple[Any, ...]  # every legal answer
    default: Any              # the rulings' default, one of options
    purpose: Purpose          # what it is for
    actor: str | None = None  # the team choosing (the active team), if known
    info: tuple | None = None  # per-option data for the UI, parallel to options (e.g. the
                               # Accuracy dice a target hex would roll), or None
    card: str | None = None   # the card being played, if any
    item: str | None = None   # the Thing being placed, or the deck drawn from, if any

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", DecisionKind(self.kind))
        object.__setattr__(self, "purpose", Purpose(self.purpose))
        if self.purpose is Purpose.AFFECT and self.card is None:
            raise ValueError("an AFFECT decision names its card")

    @property
    def why(self) -> str:
        """What it is for, as the log and ``as_json()`` say it (derived; never parsed)."""
        return why_of(self.purpose, self.card, self.item)

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
