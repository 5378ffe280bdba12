"""The board: land and water, the Things on it in hex order, the pool, the wind, the Target
Token (rulings G4, G5, E13).

A :class:`Board` is plain data.  Effects (``effects.py``) change it; nothing here rolls dice or
asks anyone anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from table.hexgrid import Hex, reading_key


class ThingKind(NamedTuple):
    """What a kind of Thing is to the rules (a row of :data:`THINGS`)."""

    box: int | None     # how many the box holds (E13); None: the worms, four a team
    pile: bool          # one a player goes into the setup pile (T8)
    fixed: bool         # neither moves by itself nor takes damage (D4, E7.4)
    explodes: bool      # goes off in a blast (a Mine, an Oil Drum)
    entry: bool         # has an entry effect: several in one hex are ordered (E7.3)
    flipped: bool       # its effect flips the Danger Flipper (a Mine, a Fire)


#: The kinds of Thing, in the rulebook's order: the one table of them (the lists below are
#: read from it; a new kind is a row here).
THINGS: dict[str, ThingKind] = {
    "worm": ThingKind(box=None, pile=False, fixed=False, explodes=False,
                      entry=False, flipped=False),
    "oil_drum": ThingKind(box=6, pile=True, fixed=False, explodes=True,
                          entry=False, flipped=False),
    "mine": ThingKind(box=6, pile=True, fixed=False, explodes=True,
                      entry=True, flipped=True),
    "crate": ThingKind(box=6, pile=True, fixed=False, explodes=False,
                       entry=True, flipped=False),
    "fire": ThingKind(box=10, pile=False, fixed=True, explodes=False,
                      entry=True, flipped=True),
    "crater": ThingKind(box=20, pile=False, fixed=True, explodes=False,
                        entry=False, flipped=False),
}
#: the kinds of Thing, in the rulebook's order
THING_KINDS = tuple(THINGS)
#: the kinds that come from the pool (all but the worms), and how many of each the box holds
POOL_KINDS = tuple(k for k, kind in THINGS.items() if kind.box is not None)
BOX = {k: kind.box for k, kind in THINGS.items() if kind.box is not None}
#: one of each per player goes into the setup pile (T8)
PILE_KINDS = tuple(k for k, kind in THINGS.items() if kind.pile)
#: Things that neither move by themselves nor take damage (D4, E7.4).
FIXED = frozenset(k for k, kind in THINGS.items() if kind.fixed)
#: Things that go off in a blast
EXPLOSIVE = frozenset(k for k, kind in THINGS.items() if kind.explodes)
#: Things with an entry effect (E7.3), and the ones whose effect flips the Danger Flipper
ENTRY_KINDS = tuple(k for k, kind in THINGS.items() if kind.entry)
FLIPPED_FOR = tuple(k for k, kind in THINGS.items() if kind.flipped)
WATER_TILES = 9
WORMS_PER_TEAM = 4
#: Teams in turn-order number (T5): blue 1, red 2, green 3, yellow 4, purple 5, grey 6.
TEAMS = ("blue", "red", "green", "yellow", "purple", "grey")


def split_id(thing_id: str) -> tuple[str, int | None]:
    """What an id says of its Thing, as the engine names them: ``"blue-2"`` -> ``("blue", 2)``
    (a worm: its team and number, setup's :func:`~table.engine.setup.place_thing`),
    ``"mine-3"`` -> ``("mine", 3)`` (the kind, :meth:`Board.new_id`).  A scenario's own id is its
    own stem, with the number it ends with, if any (``"A"`` -> ``("A", None)``).

    The one place an id is read: a :class:`Thing` carries its ``team`` and ``number``; this is
    for the Things that events name and no board at hand holds any more (or yet).

    >>> split_id("blue-2"), split_id("crater-11"), split_id("A"), split_id("B03")
    (('blue', 2), ('crater', 11), ('A', None), ('B03', 3))
    """
    stem = thing_id.rsplit("-", 1)[0]
    digits = len(thing_id) - len(thing_id.rstrip("0123456789"))
    return stem, int(thing_id[-digits:]) if digits else None


@dataclass
class Thing:
    """A Thing on the board: its ``id`` (unique in a game), ``kind`` (:data:`THING_KINDS`), where it
    stands, a worm's ``team`` and whether it is ``damaged`` (worms only)."""
    id: str
    kind: str
    at: Hex
    team: str | None = None
    damaged: bool = False

    @cached_property
    def number(self) -> int | None:
        """The number it is known by ("blue worm 2"; the third crater), read from its id once;
        None for a scenario's own name that ends in no digit ("A")."""
        return split_id(self.id)[1]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.kind == "worm":
            out["team"] = self.team
        out["at"] = list(self.at)
        if self.kind == "worm":
            out["damaged"] = self.damaged
        return out


@dataclass
class Board:
    """The board as the rules see it: the land, the wind, the things on it and where they lie."""

    land: set[Hex]
    wind: int
    rules: set[str] = field(default_factory=set)
    things: dict[str, Thing] = field(default_factory=dict)   # on the board, by id
    hexes: dict[Hex, list[str]] = field(default_factory=dict)  # ids in hex order
    destroyed: list[str] = field(default_factory=list)
    target: Hex | None = None
    target_facing: int | None = None
    water_tiles: int = WATER_TILES
    cards_drawn: dict[str, int] = field(default_factory=dict)
    shielded: set[str] = field(default_factory=set)         # teams under a Freeze
    frozen: set[str] = field(default_factory=set)           # worms encased in ice
    counts: dict[str, int] = field(default_factory=dict)     # Things on the board per kind
    _next: dict[str, int] = field(default_factory=dict)      # next id number per kind
    _used: set[str] = field(default_factory=set)             # every id ever given
    _land_order: list[Hex] | None = None                     # cache of land_in_order()

    # -- queries ---------------------------------------------------------------------------

    def is_land(self, h: Hex) -> bool:
        return h in self.land

    def land_in_order(self) -> list[Hex]:
        """The land hexes in reading order (cached: land only ever shrinks, by flooding)."""
        if self._land_order is None or len(self._land_order) != len(self.land):
            self._land_order = sorted(self.land, key=reading_key)
        return self._land_order

    def in_hex(self, h: Hex) -> list[Thing]:
        """The Things in ``h`` in hex order (a new list)."""
        ids = self.hexes.get(h)
        return [self.things[i] for i in ids] if ids else []

    def count(self, h: Hex) -> int:
        ids = self.hexes.get(h)
        return len(ids) if ids else 0

    def worms_first(self, h: Hex) -> list[Thing]:
        """The Things in ``h``: worms first, then the rest, each group in hex order."""
        things = self.in_hex(h)
        return [t for t in things if t.kind == "worm"] + [t for t in things if t.kind != "worm"]

    def on_board(self, kind: str, team: str | None = None) -> int:
        if team is None:
            return self.counts.get(kind, 0)
        return sum(1 for t in self.things.values() if t.kind == kind and t.team == team)

    def in_pool(self, kind: str) -> int:
        """How many of ``kind`` the pool still holds (E13)."""
        return BOX[kind] - self.on_board(kind)

    def craters(self, h: Hex) -> int:
        ids = self.hexes.get(h)
        return sum(1 for i in ids if self.things[i].kind == "crater") if ids else 0

    def occupied(self) -> list[Hex]:
        return sorted((h for h, ids in self.hexes.items() if ids), key=reading_key)

    def worms(self, team: str | None = None) -> list[Thing]:
        return [t for t in self.things.values()
                if t.kind == "worm" and (team is None or t.team == team)]

    # -- changes (no rules here: effects.py decides when to call these) --------------------

    def new_id(self, kind: str) -> str:
        n = self._next.get(kind, 1)
        while f"{kind}-{n}" in self._used:
            n += 1
        self._next[kind] = n + 1
        name = f"{kind}-{n}"
        self._used.add(name)
        return name

    def id_taken(self, name: str) -> bool:
        """Whether ``name`` was ever given to a Thing of this board (or reserved)."""
        return name in self._used

    def reserve_id(self, name: str) -> None:
        self._used.add(name)

    def add(self, thing: Thing) -> Thing:
        """Put ``thing`` on the board, last in hex order of its hex."""
        self._used.add(thing.id)
        self.things[thing.id] = thing
        self.counts[thing.kind] = self.counts.get(thing.kind, 0) + 1
        self.hexes.setdefault(thing.at, []).append(thing.id)
        return thing

    def lift(self, thing: Thing) -> None:
        """Take ``thing`` off its hex (it stays in ``things``)."""
        ids = self.hexes[thing.at]
        ids.remove(thing.id)
        if not ids:
            del self.hexes[thing.at]

    def put(self, thing: Thing, h: Hex) -> None:
        """Set ``thing`` down in ``h``, last in hex order."""
        thing.at = h
        self.hexes.setdefault(h, []).append(thing.id)

    def remove(self, thing: Thing) -> None:
        """Destroy ``thing``: off the board, back to the pool (E13)."""
        self.lift(thing)
        del self.things[thing.id]
        self.counts[thing.kind] -= 1
        self.frozen.discard(thing.id)
        self.destroyed.append(thing.id)

    def copy(self) -> "Board":
        """An independent copy: fresh containers and Things (a deep copy, made field by field:
        every batch of board changes the players copy takes one)."""
        d = dict(self.__dict__)
        for k, v in d.items():
            if isinstance(v, (dict, set, list)):
                d[k] = v.copy()
        d["hexes"] = {h: ids[:] for h, ids in self.hexes.items()}
        d["things"] = {k: Thing(t.id, t.kind, t.at, t.team, t.damaged)
                       for k, t in self.things.items()}
        board = Board.__new__(Board)
        board.__dict__ = d
        return board

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Board":
        """The board :meth:`as_json` describes: land, wind, the Things in hex order (their
        health and ice), the Target Token, the pool, the cards drawn."""
        board = cls(land={(h[0], h[1]) for h in data["land"]}, wind=data["wind"])
        for t in data["things"]:
            board.add(Thing(t["id"], t["kind"], (t["at"][0], t["at"][1]), t.get("team"),
                            t.get("damaged", False)))
            if t.get("frozen"):
                board.frozen.add(t["id"])
        target = data.get("target")
        board.target = (target[0], target[1]) if target is not None else None
        board.destroyed = list(data.get("destroyed", ()))
        board._used.update(board.destroyed)
        board.cards_drawn = dict(data.get("cards_drawn", {}))
        return board

    def as_json(self) -> dict:
        things = []
        for h in self.occupied():
            for t in self.in_hex(h):
                things.append(t.as_json() | ({"frozen": True} if t.id in self.frozen else {}))
        return {
            "wind": self.wind,
            "land": [list(h) for h in self.land_in_order()],
            "target": list(self.target) if self.target is not None else None,
            "things": things,
            "destroyed": list(self.destroyed),
            "cards_drawn": dict(self.cards_drawn),
        }
