"""Every effect of the rules (E1-E16, T1), applied to a :class:`~table.engine.board.Board`.

A :class:`Resolver` holds the board, the chance source, the decider and the active worm, and
applies effects one call at a time.  Chain reactions (a Mine going off, an Oil Drum bursting, a
Parting Gift) resolve completely, depth first, at the moment they are triggered (E2.5).  Every
change is also recorded in ``events``: the list the table turns into instructions for the
players and the scenario runner prints.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from . import entering
from .board import FIXED, Board, Thing
from .chance import face_direction
from .decisions import Decider, Decision, DecisionKind, Illegal, Purpose, take_default
from .events import PLAIN, EventKind
from table.hexgrid import DIRECTIONS, Hex, distance, neighbour
from .targeting import can_inch, can_jump

#: Optional rules and lasting effects the effects read from ``board.rules``.
RULES = ("reduced_blast", "parting_gifts", "one_life", "powerful_explosives")
#: the game option (E2.7) under which the active player orders simultaneous Things, also read
#: from ``board.rules``
CHOOSE_ORDER = "choose_order"


def accuracy_dice(worm_hex: Hex, target: Hex, x: int) -> int:
    """How many dice Accuracy X rolls (E1): X at the own and adjacent hexes, one fewer per
    hex beyond, never fewer than one."""
    return max(1, x - max(0, distance(worm_hex, target) - 1))


class Resolver:
    def __init__(self, board: Board, chance, decide: Decider | None = None,
                 active_worm: str | None = None):
        self.board = board
        self.chance = chance
        self.decide = decide or take_default
        self.events: list[dict] = []
        self.active_worm: str | None = None
        self.active_team: str | None = None
        #: T3: the active worm was damaged (or destroyed) since this was last cleared.
        self.active_hurt = False
        if active_worm is not None:
            self.activate(active_worm)

    # -- plumbing --------------------------------------------------------------------------

    def activate(self, worm_id: str | None) -> None:
        """Make ``worm_id`` the active worm (None: nobody's turn)."""
        self.active_worm = worm_id
        worm = self.board.things.get(worm_id) if worm_id else None
        self.active_team = worm.team if worm else None
        self.active_hurt = False

    def event(self, event: EventKind, /, **data: Any) -> None:
        """Record an event: ``event`` one of :class:`~table.engine.events.EventKind` (any
        other is refused: the set is closed), ``data`` its keys (table/engine/events.py)."""
        name = PLAIN.get(event)
        if name is None:
            raise ValueError(f"{event!r} is not an event kind (table/engine/events.py lists them)")
        self.events.append({"event": name, **data})

    def roll(self, why: str, k: int = 1, n: int = 1, thing: str | None = None) -> str:
        """One die rolled ``for`` ``why``: die ``k`` of the ``n`` rolled together, for
        ``thing`` (a Thing's id) if it is one Thing's roll; players typing the face in are
        told all that."""
        face = self.chance.roll((why, k, n, thing))
        self.event(EventKind.ROLL, face=face, **{"for": why})
        return face

    def flip(self, why: str, thing: str | None = None) -> str:
        side = self.chance.flip((why, 1, 1, thing))
        self.event(EventKind.FLIP, side=side, **{"for": why})
        return side

    def ask(self, kind: DecisionKind | str, options: Iterable[Any], default: Any,
            purpose: Purpose, *,
            card: str | None = None, info: tuple | None = None) -> Any:
        """Ask the decider, if there is anything to decide."""
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        d = Decision(DecisionKind(kind), options, default, purpose, self.active_team, info,
                     card=card)
        answer = self.decide(d)
        if answer not in options:
            shown = ", ".join(str(list(o) if isinstance(o, tuple) else o) for o in options)
            raise Illegal(f"{answer!r} is not a legal {kind} for {d.why} (legal: {shown})")
        return answer

    def in_turn(self, things: list[Thing], h: Hex) -> Iterator[Thing]:
        """E2.7: ``things`` (worms first, then hex order), each while it is still in ``h``
        when its turn comes.  In hex order, unless "choose the order" is on
        (:data:`CHOOSE_ORDER`): then, each time two or more of one group wait (the worms, then
        the rest), the active player picks which goes next (default: the first in hex
        order)."""
        waiting = list(things)
        while True:
            waiting = [t for t in waiting if self.alive(t, h)]
            if not waiting:
                return
            group = [t for t in waiting if t.kind == "worm"] or waiting
            nxt = group[0]
            if CHOOSE_ORDER in self.board.rules and len(group) > 1:
                picked = self.ask("thing", [t.id for t in group], nxt.id, Purpose.NEXT)
                nxt = next(t for t in group if t.id == picked)
            waiting.remove(nxt)
            yield nxt

    def alive(self, thing: Thing, h: Hex | None = None) -> bool:
        """``thing`` is still on the board (and in ``h``, if given)."""
        return self.board.things.get(thing.id) is thing and (h is None or thing.at == h)

    def direction_of(self, face: str) -> int | None:
        return face_direction(face, self.board.wind)

    # -- destroy, damage (E3), oil drum (E4), flood (E16) -----------------------------------

    def destroy(self, thing: Thing, cause: str, gift_at: Hex | None = None) -> None:
        """Destroy ``thing``: off the board, back to the pool.  With Parting Gifts a worm's
        death Blasts its hex, or ``gift_at`` (where its Blast die pointed, or the water it
        sank in, T7)."""
        at = thing.at
        self.board.remove(thing)
        where = gift_at if cause == "sank" and gift_at is not None else at
        self.event(EventKind.DESTROY, thing=thing.id, kind=thing.kind, at=list(where),
                   cause=cause)
        if thing.id == self.active_worm:
            self.active_hurt = True
        if thing.kind == "worm" and "parting_gifts" in self.board.rules:
            self.blast(gift_at if gift_at is not None else at, why="parting_gift")

    def damage(self, thing: Thing, gift_at: Hex | None = None) -> None:
        """Damage one Thing (E3)."""
        kind = thing.kind
        if kind == "worm":
            board = self.board
            if thing.id in board.frozen:
                self.event(EventKind.ICE_HOLDS, thing=thing.id, at=list(thing.at))
                return
            if thing.team in board.shielded:
                board.frozen.add(thing.id)
                self.event(EventKind.FREEZE, thing=thing.id, at=list(thing.at))
                return
            if thing.id == self.active_worm:
                self.active_hurt = True
            if thing.damaged or "one_life" in self.board.rules:
                self.destroy(thing, "damage", gift_at)
            else:
                thing.damaged = True
                self.event(EventKind.DAMAGE, thing=thing.id, at=list(thing.at))
        elif kind == "oil_drum":
            self.oil_drum(thing)
        elif kind == "mine":
            at = thing.at
            self.destroy(thing, "damage")
            self.blast(at, why="mine")
        elif kind == "crate":
            self.destroy(thing, "damage")
        # Fire and Craters take no damage.

    def oil_drum(self, drum: Thing) -> None:
        """E4: burst, roll five dice, damage the named hexes, set them on fire."""
        at = drum.at
        self.destroy(drum, "damage")
        hexes: list[Hex] = []
        for k in range(1, 6):
            d = self.direction_of(self.roll("oil_drum", k, 5))
            h = at if d is None else neighbour(at, d)
            if h not in hexes:
                hexes.append(h)
        self.event(EventKind.OIL_DRUM, at=list(at), hexes=[list(h) for h in hexes])
        for h in hexes:
            for thing in self.in_turn(self.board.worms_first(h), h):
                self.damage(thing)
        for h in hexes:
            self.place("fire", h)
        for h in hexes:
            entering.full_hex(self, h)

    def flood(self, h: Hex) -> None:
        """E16: the hex becomes water for good and everything in it is destroyed."""
        self.board.land.discard(h)
        if self.board.water_tiles > 0:
            self.board.water_tiles -= 1
        self.event(EventKind.FLOOD, at=list(h))
        for thing in self.board.in_hex(h):
            if self.alive(thing, h):
                self.destroy(thing, "flood")

    # -- place (E8), emptiest (E9) ---------------------------------------------------------

    def place(self, kind: str, h: Hex, team: str | None = None) -> Thing | None:
        """Place a Thing from the pool.  The caller applies the full-hex rule once the effect
        that placed it has resolved."""
        board = self.board
        if kind == "worm":
            raise Illegal("worms are never placed from the pool during play")
        if board.in_pool(kind) <= 0:
            self.event(EventKind.POOL_EMPTY, kind=kind, at=list(h))
            return None
        if not board.is_land(h):
            self.event(EventKind.SINK, kind=kind, at=list(h))
            return None
        thing = board.add(Thing(board.new_id(kind), kind, h, team))
        self.event(EventKind.PLACE, thing=thing.id, kind=kind, at=list(h))
        if kind == "crater" and board.craters(h) >= 3:
            self.flood(h)
        return thing

    def emptiest(self, ask: bool = True) -> Hex | None:
        """E9: the land hex with the fewest Things; ties are the active player's choice
        (``ask`` False: the answer cannot matter, the first of them)."""
        land = self.board.land_in_order()
        if not land:
            return None
        fewest = min(self.board.count(h) for h in land)
        tied = [h for h in land if self.board.count(h) == fewest]
        return self.ask("hex", tied, tied[0], Purpose.EMPTIEST) if ask else tied[0]

    # -- moving (E7; what entering a hex sets off: table/engine/entering.py), scatter (E5, E6) ---

    def move(self, thing: Thing, h: Hex, by: str) -> None:
        """E7: move ``thing`` into ``h`` with every consequence."""
        board = self.board
        start = thing.at
        if start == h:
            return
        self.event(EventKind.MOVE, thing=thing.id, by=by, **{"from": list(start)}, to=list(h))
        if not board.is_land(h):
            self.destroy(thing, "sank", gift_at=h)
            return
        board.lift(thing)
        board.put(thing, h)
        if thing.kind == "crater" and board.craters(h) >= 3:
            self.flood(h)
            return
        entering.entry_effects(self, thing, h)
        entering.full_hex(self, h)

    def scatter(self, thing: Thing, by: str = "scatter") -> None:
        """E5."""
        d = self.direction_of(self.roll(by, thing=thing.id))
        if d is not None:
            self.move(thing, neighbour(thing.at, d), by)

    def knockback(self, thing: Thing) -> None:
        """E6: a scatter that always moves; on ``hit`` the active player picks the way."""
        d = self.direction_of(self.roll("knockback", thing=thing.id))
        if d is None:
            d = self.ask("direction", DIRECTIONS, 1, Purpose.KNOCKBACK)
        self.move(thing, neighbour(thing.at, d), "knockback")

    # -- the Target Token ------------------------------------------------------------------

    def set_target(self, h: Hex, facing: int | None = None) -> None:
        self.board.target = h
        self.board.target_facing = facing
        self.event(EventKind.TARGET, at=list(h), facing=facing)

    def _step_target(self, d: int | None, why: str) -> None:
        if d is not None and self.board.target is not None:
            self.board.target = neighbour(self.board.target, d)
            self.event(EventKind.TARGET, at=list(self.board.target),
                        facing=self.board.target_facing, by=why)

    def scatter_target(self) -> None:
        """E5 on the token (an airstrike token keeps its facing)."""
        self._step_target(self.direction_of(self.roll("scatter")), "scatter")

    def knockback_target(self) -> None:
        d = self.direction_of(self.roll("knockback"))
        if d is None:
            d = self.ask("direction", DIRECTIONS, 1, Purpose.KNOCKBACK)
        self._step_target(d, "knockback")

    def accuracy(self, worm_hex: Hex, target: Hex, x: int, facing: int | None = None) -> Hex:
        """E1: put the token on ``target``, roll, let the player pick a die, move the token."""
        n = accuracy_dice(worm_hex, target, x)
        self.set_target(target, facing)
        faces = [self.roll("accuracy", k, n) for k in range(1, n + 1)]
        options = list(dict.fromkeys(faces))
        pick = self.ask("die", options, "hit" if "hit" in faces else faces[0], Purpose.ACCURACY)
        self.event(EventKind.ACCURACY, dice=n, rolled=faces, picked=pick)
        self._step_target(self.direction_of(pick), "accuracy")
        landed = self.board.target
        assert landed is not None                # set above; a step only moves it
        return landed

    # -- blasts (E2, E11, E15) -------------------------------------------------------------

    def blast(self, h: Hex, why: str = "blast") -> None:
        """E2, then E15's pushes when Powerful Explosives is in force."""
        board = self.board
        self.event(EventKind.BLAST, at=list(h), **{"for": why})
        if not board.is_land(h):
            return
        self.place("crater", h)
        if board.is_land(h):
            rules = board.rules
            for thing in self.in_turn([t for t in board.worms_first(h) if t.kind not in FIXED], h):
                d = self.direction_of(self.roll("blast", thing=thing.id))
                if "reduced_blast" not in rules:
                    gift_at = h if d is None else neighbour(h, d)
                    self.damage(thing, gift_at)
                if d is not None and self.alive(thing):
                    self.move(thing, neighbour(thing.at, d), "blast")
            entering.full_hex(self, h)
        if "powerful_explosives" in board.rules:
            self.push_away(h)

    def airstrike(self, h: Hex, facing: int) -> None:
        """E11: three Blasts in a line from the token along its facing."""
        for i in range(3):
            self.blast(neighbour(h, facing, i), why="airstrike")

    def push_away(self, h: Hex) -> None:
        """E15: move the movable Things round ``h`` one hex further away, each once."""
        plan = [(neighbour(h, d), d) for d in DIRECTIONS]
        plan_things = [[t for t in self.board.worms_first(n) if t.kind not in FIXED]
                       for n, _ in plan]
        for (n, d), things in zip(plan, plan_things):     # (each hex's in turn: E2.7)
            for thing in self.in_turn(things, n):
                self.move(thing, neighbour(n, d), "push")

    # -- Freeze (cards.md): a team's worms are encased instead of damaged -------------------

    def shield(self, team: str) -> None:
        """Freeze: until the start of ``team``'s next turn, each of its worms that would be
        damaged is encased in ice instead, and then ignores all damage (not water)."""
        self.board.shielded.add(team)
        self.event(EventKind.SHIELD, team=team)

    def thaw(self, team: str) -> None:
        """The start of ``team``'s turn: its ice tokens go, and so does its Freeze."""
        board = self.board
        for wid in sorted(board.frozen):
            worm = board.things[wid]
            if worm.team == team:
                board.frozen.discard(wid)
                self.event(EventKind.THAW, thing=wid, at=list(worm.at))
        board.shielded.discard(team)

    # -- wind (E10), movement (T1) ----------------------------------------------------------

    def change_wind(self) -> None:
        """E10: a number turns the wind; ``wind`` and ``hit`` leave it."""
        face = self.roll("wind")
        if face not in ("wind", "hit") and int(face) != self.board.wind:
            self.event(EventKind.WIND, **{"from": self.board.wind}, to=int(face))
            self.board.wind = int(face)

    def worm(self, worm_id: str) -> Thing:
        thing = self.board.things.get(worm_id)
        if thing is None or thing.kind != "worm":
            raise Illegal(f"there is no worm {worm_id!r} on the board")
        return thing

    def inch(self, worm: Thing, to: Hex) -> None:
        if not can_inch(self.board, worm.at, to):
            raise Illegal(f"worm {worm.id} cannot inch from {list(worm.at)} to {list(to)}: "
                          "an inch goes to an adjacent land hex")
        self.move(worm, to, "inch")

    def jump(self, worm: Thing, to: Hex) -> None:
        """T1: land on any hex within two (the own hex: the worm stays; water: it sinks),
        entry effects there, then scatter if it still exists."""
        if not can_jump(self.board, worm.at, to):
            raise Illegal(f"worm {worm.id} cannot jump from {list(worm.at)} to {list(to)}: "
                          "a jump lands on a hex within two of the worm's own")
        self.move(worm, to, "jump")
        if self.alive(worm):
            self.scatter(worm, "jump")
