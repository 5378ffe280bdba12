"""A card's anatomy as data (the rulebook's "card anatomy" pages), and what a step of its text is.

A :class:`Card` has a kind (the Starter and Superweapon symbols, or a Drop or Sudden Death
card), a target (the target symbols: :data:`TARGETS`, with a range N for "within N" and extra
hex terms in ``where``), Accuracy X, the action line's symbols left to right (:data:`SYMBOLS`)
and its text as ordered steps, each a dict ``{"do": <step>, <param>: <value>, ...}``.

A step is a :class:`CardStep` record: its name, its resolver, its parameters (:class:`Param`),
when it needs the Target Token (:class:`Targeted`) and its words.  The records themselves, one
per step, are :data:`table.engine.vocabulary.CARD_STEPS`; a record is checked when it is made,
so a step without a resolver, or naming a parameter it does not have, cannot exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from table.hexgrid import Hex

from .board import Thing
from .tiles import REACH as MAP_REACH

CARD_KINDS = ("starter", "supply", "superweapon", "drop", "sudden_death")
WEAPON_KINDS = ("starter", "supply", "superweapon")
#: the action line's symbols: inch or jump, resolve the text, play another weapon card
SYMBOLS = ("MOVE", "TEXT", "PLAY")
#: the target symbols (E12); ``within`` and ``direct_within`` take a range N
TARGETS = ("own_hex", "adjacent", "direct", "within", "direct_within", "any", "airstrike", "new_hex")
RANGED = ("within", "direct_within")
#: hex terms a target may add (``where``): a land hex, a new hex (not the token's), a non-full
#: hex (fewer than three Things), an empty hex (none)
WHERE = ("land", "new", "non_full", "empty")

#: Bounds of one card (what the box and its map allow; a card beyond them is a typo).
#: The farthest a target can be: across the biggest automatic map and one ring of water.
MAP_SPAN = 2 * MAP_REACH + 1
MAX_RANGE = MAP_SPAN
#: Accuracy X: no card needs more than the map's span (at the farthest hex it still rolls one)
MAX_ACCURACY = MAP_SPAN
#: copies of one card in a box (the Drop deck of six players is 14 cards)
MAX_COPIES = 24
MAX_NAME = 40
MAX_ID = 40
MAX_NOTES = 500
MAX_STEPS = 20
MAX_SYMBOLS = 8
MAX_HEXES = MAP_SPAN
MAX_TEXT = 200

#: the words of the steps' parameters (the kinds of Thing: board.THING_KINDS and POOL_KINDS)
PICKS = ("one", "all")
#: where a step acts: the Target Token's hex, the active worm's own hex, or the hexes of the
#: Things the step before acted on ("its hex")
AT = ("target", "own_hex", "them")
#: the hexes round where a step acts: the hex, the six next to it, both, or a line of
#: ``length`` hexes (from the worm toward the target, from the target on beyond it, along an
#: airstrike's facing)
AREAS = ("hex", "around", "hex_and_around", "line", "beyond", "facing")
PLACE_AT = ("target", "emptiest", "same", "own_hex", "them")
#: which way a ``move`` step goes
WAYS = ("choose", "wind", "roll", "away")
WHAT = ("target", "things", "worm", "them")
#: which Things a step acts on: those where it acts, or the ones the step before acted on
#: ("it", "them", "that worm")
THINGS_OR_THEM = ("things", "them")


class Param(NamedTuple):
    """One parameter of a step: a choice (``choices``; ``many``: a list of them), a whole
    number (``number``: its bounds) or a line of text (``text``: its longest length).
    ``default`` None: required; the first choice is the default where there is one."""
    choices: tuple[str, ...] = ()
    many: bool = False
    number: tuple[int, int] | None = None
    text: int = 0
    default: Any = None
    #: asked for every such step (else an extra the player may set: a step line's
    #: ``key=value`` in ``cards new``, an "options" entry on the box)
    asked: bool = True


def choice(choices: tuple[str, ...], required: bool = False, asked: bool = True) -> Param:
    """A parameter that is one of ``choices`` (the first by default, unless ``required``)."""
    return Param(choices, default=None if required else choices[0], asked=asked)


def extra(choices: tuple[str, ...]) -> Param:
    """A choice set only when the card says so (its default otherwise)."""
    return choice(choices, asked=False)


class Targeted(NamedTuple):
    """When a step acts at the Target Token's hex, or on the token or the Things in its hex:
    always (``key`` None), or when its parameter ``key`` (said, or its default) is one of
    ``values`` -- unless its parameter ``free`` is one of ``free_values`` (a step acting on
    what the step before acted on).  A weapon card with no target rule cannot have such a
    step; played with no token on the board (a Drop card) it does nothing."""
    key: str | None = None
    values: tuple[str, ...] = ()
    free: str | None = None
    free_values: tuple[str, ...] = ()


#: a step that always acts at the Target Token's hex
ALWAYS = Targeted()
NAME_RE = re.compile(r"[a-z][a-z_]*", re.ASCII)


@dataclass
class Play:
    """What one card play needs besides the board: the choices given up front."""
    worm: Thing
    target: Hex | None = None
    facing: int | None = None
    thing: str | None = None
    placed_at: Hex | None = field(default=None)
    #: the Things the last step that acted on Things acted on ("it", "them")
    them: tuple[str, ...] = ()


class Card(NamedTuple):
    """A card's definition: what it is, its names, its target and the steps of its effect."""

    id: str
    kind: str
    names: dict[str, str]
    target: str | None = None          # one of TARGETS, or None
    range: int | None = None           # N of "within N"
    accuracy: int | None = None
    action: tuple[str, ...] = ()
    text: tuple[dict, ...] = ()
    lasting: str | None = None         # Sudden Death: the lasting rule
    drop: tuple[dict, ...] = ()        # Sudden Death: the Drop part
    notes: str = ""
    source: str = ""                   # the file it came from
    copies: int = 1                    # how many of this card the box holds
    where: tuple[str, ...] = ()        # extra hex terms of the target (WHERE)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id

    @property
    def moves(self) -> int:
        return self.action.count("MOVE")

    @property
    def by_hand(self) -> bool:
        """Some of its text is resolved by the players themselves."""
        return any(s.get("do") == "by_hand" for s in self.text + self.drop)


#: how a step resolves: on the :class:`~table.engine.effects.Resolver` (which needs this
#: module: Any here), for the card played, its play and the step as said
Resolve = Callable[[Any, Card, Play, dict], None]


class StepError(ValueError):
    """A card step record that cannot be (the vocabulary's own mistake, found at import)."""


@dataclass(frozen=True)
class CardStep:
    """One step of a card's text, all there is to it: its name (a step's ``do``), how it
    resolves, its parameters in the order the box asks them, when it needs the Target Token
    (None: never) and its effect in words (docs/cards.md's table of steps; on the box its
    words are the catalogs' ``teach.step.<name>``).  ``teach_row``: its place among the teach
    walk's text rows, the steps a player looks for first lowest (None: no row of its own).

    Made checked: a record without a resolver, with a parameter it cannot take, or needing
    the token by a parameter or value it does not have raises :class:`StepError`."""
    name: str
    resolve: Resolve
    params: Mapping[str, Param]
    target: Targeted | None
    effect: str
    teach_row: int | None = None
    #: the Things it acts on are what a later step's "it" or "them" means
    names_them: bool = False

    def __post_init__(self) -> None:
        def bad(what: str) -> StepError:
            return StepError(f"card step {self.name!r}: {what}")
        if not isinstance(self.name, str) or not NAME_RE.fullmatch(self.name):
            raise bad("a step's name is lower-case letters and _")
        if not callable(self.resolve):
            raise bad("has no resolver: give it the function that resolves it")
        for key, p in self.params.items():
            if key == "do" or not NAME_RE.fullmatch(key) or not isinstance(p, Param):
                raise bad(f"parameter {key!r}: a name other than do, and a Param")
            if (bool(p.choices), p.number is not None, p.text > 0).count(True) != 1:
                raise bad(f"parameter {key!r}: choices, a number or a line of text (one of them)")
            if p.default is None and not p.asked:
                raise bad(f"parameter {key!r}: a required parameter is asked (asked=True)")
        t = self.target
        if t is not None and t.key is not None and (
                t.key not in self.params or not t.values
                or not set(t.values) <= set(self.params[t.key].choices)):
            raise bad(f"needs the target by {t.key}={t.values}: not a choice of its parameters")
        if t is not None and t.free is not None and (
                t.free not in self.params or not set(t.free_values) <= set(self.params[t.free].choices)):
            raise bad(f"is free of the target by {t.free}={t.free_values}: not a choice of its "
                      "parameters")
        if not self.effect.strip():
            raise bad("say its effect in words (docs/cards.md's table)")
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def value(self, step: dict, key: str) -> Any:
        """``step``'s value for ``key``, or the parameter's default."""
        return step[key] if key in step else self.params[key].default

    def needs_target(self, step: dict) -> bool:
        """Whether ``step`` (one of these) acts at the Target Token (:class:`Targeted`)."""
        t = self.target
        if t is None or (t.free is not None and self.value(step, t.free) in t.free_values):
            return False
        return t.key is None or self.value(step, t.key) in t.values


def registry(*steps: CardStep) -> Mapping[str, CardStep]:
    """The records by name, in order; a name or a teach row given twice raises
    :class:`StepError`."""
    out: dict[str, CardStep] = {}
    rows: dict[int, str] = {}
    for s in steps:
        if s.name in out:
            raise StepError(f"card step {s.name!r}: defined twice")
        if s.teach_row is not None and s.teach_row in rows:
            raise StepError(f"card step {s.name!r}: teach row {s.teach_row} is taken by "
                            f"{rows[s.teach_row]!r}")
        out[s.name] = s
        if s.teach_row is not None:
            rows[s.teach_row] = s.name
    return MappingProxyType(out)
