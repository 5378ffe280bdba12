"""The dice and coins behind the board changes, said beside them (issue 23): a line on the
screen of the hex they changed, "Jump die: 3 → SE" above "Red 2: move here", so a worm that
lands away from where it jumped, a scattered token or a mine that went off say why.

The engine's ``roll`` and ``flip`` events carry the face (or side) and what it was for, not
the Thing: the events around them say which (a jump's scatter follows the jump's move, a
Blast's roll comes before the damage and the move of the Thing it is for, a mine's flip after
the mine is taken away).  A roll is put on the hex where its Thing ends up (where it went
when it left the board), else where it happened.  The Accuracy dice are picked on a screen of
their own, and the wind roll turns the dial on one, so neither is said again here.

>>> from table.engine.board import Board, Thing
>>> before = Board(land={(0, 0), (1, 0), (2, 0)}, wind=1)
>>> _ = before.add(Thing("red-2", "worm", (0, 0), "red"))
>>> after = before.copy(); w = after.things["red-2"]; after.lift(w); after.put(w, (2, 0))
>>> events = [{"event": "move", "thing": "red-2", "by": "jump", "from": [0, 0], "to": [1, 0]},
...           {"event": "roll", "face": "3", "for": "jump"},
...           {"event": "move", "thing": "red-2", "by": "jump", "from": [1, 0], "to": [2, 0]}]
>>> [(c.key, c.at, c.text("en")) for c in rolled(events, before, after)]
[('ch.roll', (2, 0), 'Jump die: 3 → SE')]
"""

from __future__ import annotations

from table.engine.board import Board
from table.engine.chance import face_direction
from table.hexgrid import Hex

from .changes import Change

#: what a roll may be for -> the ``by`` of the move it makes (None: it moves no Thing)
MOVES = {"jump": "jump", "scatter": "scatter", "knockback": "knockback", "blast": "blast",
         "move": "card"}
#: said elsewhere: the Accuracy dice (picked on their own screen), the wind (the dial's screen)
UNSAID = ("accuracy", "wind")
#: events that name the Thing a Blast's roll was for (before its move, if any)
HURT = ("damage", "destroy", "freeze", "ice_holds")


def _hex(v) -> Hex | None:
    return (int(v[0]), int(v[1])) if v is not None else None


class _Walk:
    """The events in order, with where each Thing and the token are at each of them."""

    def __init__(self, events: list[dict], before: Board, after: Board,
                 active: str | None = None):
        self.events = events
        self.after = after
        self.active = active                   # the active worm (a jump onto its own hex)
        self.where: list[dict] = []            # before event i: thing -> hex
        self.token: list[Hex | None] = []
        pos: dict[str, Hex | None] = {t.id: t.at for t in before.things.values()}
        token = before.target
        for e in events:
            self.where.append(dict(pos))
            self.token.append(token)
            name = e["event"]
            if name in ("move", "place") and e.get("thing"):
                pos[e["thing"]] = _hex(e.get("to") if name == "move" else e.get("at"))
            elif name == "target":
                token = _hex(e["at"])
            elif name == "activate":
                self.active = e["worm"]

    def near(self, i: int, step: int) -> tuple[int, dict]:
        """The first event from ``i`` on (``step`` +1) or back (-1) that is no roll or flip."""
        j = i + step
        while 0 <= j < len(self.events) and self.events[j]["event"] in ("roll", "flip"):
            j += step
        return (j, self.events[j]) if 0 <= j < len(self.events) else (j, {})

    def ends(self, thing: str, i: int) -> Hex | None:
        """Where ``thing`` is after the batch; if it left the board, where the players take
        it off (where it stood before the batch), else where it was last."""
        t = self.after.things.get(thing)
        if t is not None:
            return t.at
        if self.where and thing in self.where[0]:
            return self.where[0][thing]
        last = self.where[i].get(thing)
        for e in self.events[i:]:
            if e.get("thing") == thing and e["event"] in ("move", "destroy"):
                last = _hex(e.get("to") if e["event"] == "move" else e.get("at"))
        return last

    def roll_at(self, i: int) -> Hex | None:
        """The hex roll ``i`` is said at (None: not said)."""
        e = self.events[i]
        why = e.get("for")
        _, nxt = self.near(i, 1)
        _, prev = self.near(i, -1)
        by = MOVES.get(str(why))
        if nxt.get("event") == "move" and nxt.get("by") == by:
            return self.ends(nxt["thing"], i)
        if why == "blast" and nxt.get("event") in HURT and nxt.get("thing"):
            return self.ends(nxt["thing"], i)
        if nxt.get("event") == "target" and nxt.get("by") == why:
            return _hex(nxt["at"])
        if why == "oil_drum" and prev.get("event") == "destroy":
            return _hex(prev["at"])
        if why in ("jump", "move") and prev.get("event") == "move":
            return self.ends(prev["thing"], i)        # a bullseye: it stays where it landed
        if why == "jump" and self.active is not None:  # a jump onto the worm's own hex
            return self.ends(self.active, i)
        if why == "knockback" and prev.get("event") == "prod":
            return self.ends(prev["thing"], i)
        if why in ("scatter", "knockback") and prev.get("event") in ("target", "accuracy", ""):
            return self.token[i]
        if prev.get("event") == "blast" or (why == "blast" and prev.get("at") is not None):
            return _hex(prev.get("at"))
        return None

    def flip_at(self, i: int) -> Hex | None:
        _, prev = self.near(i, -1)
        return _hex(prev.get("at")) if prev.get("event") == "destroy" else None


def rolled(events: list[dict], before: Board, after: Board,
           active: str | None = None) -> list[Change]:
    """A line for each die and coin the batch ``events`` rolled (``before`` and ``after``: the
    board either side of it; ``active``: the active worm as the batch starts), at the hex it
    changed, in the order they were rolled; the dice of one kind at one hex on one line (the
    Oil Drum's five, a Blast's on each Thing: "Blast: bullseye, 4→S")."""
    walk = _Walk(events, before, after, active)
    dice: dict[tuple[Hex, str], list[tuple[str, int]]] = {}    # (hex, what for) -> faces
    order: list[tuple[int, Change | tuple[Hex, str]]] = []
    for i, e in enumerate(events):
        if e["event"] == "flip":
            at = walk.flip_at(i)
            if at is not None:
                order.append((i, Change("ch.flip", {"flip": e["for"], "side": e["side"]}, at)))
            continue
        if e["event"] != "roll" or e.get("for") in UNSAID:
            continue
        at = walk.roll_at(i)
        if at is None:
            continue
        key = (at, e["for"])
        if key not in dice:
            dice[key] = []
            order.append((i, key))
        d = face_direction(e["face"], after.wind) if e["for"] != "oil_drum" else None
        dice[key].append((e["face"], d or 0))
    return [item if isinstance(item, Change) else _line(item, dice[item]) for _, item in order]


def _line(key: tuple[Hex, str], faces: list[tuple[str, int]]) -> Change:
    """The line of the dice of one kind rolled at one hex (a die and the way it sent its
    Thing, or the bullseye; several on one line)."""
    at, why = key
    if len(faces) > 1 or why == "oil_drum":
        return Change("ch.roll_dice", {"roll": why, "faces": tuple(faces)}, at)
    face, d = faces[0]
    return Change("ch.roll" if d else "ch.roll_hit",
                  {"roll": why, "face": face, **({"dir": d} if d else {})}, at)


#: the changes of a worm a die moved, which its die's line goes just before (:func:`with_rolls`)
WORM_MOVED = ("ch.move_worm", "ch.came_back", "ch.worm_sank", "ch.worm_out")
#: the dice that move a worm: a jump's, a Knockback's, a card's move
WORM_DICE = ("jump", "knockback", "move")


def with_rolls(changes: list[Change], rolls: list[Change]) -> list[Change]:
    """``changes`` with each roll's line put before the first change at its hex; a die that
    moves a worm, before that worm's change there (a mine it flipped on the way said first:
    "Mine flip: Safe / Remove the mine / Jump die: 5 → SW / Blue 1: drowned", each die on
    the screen of what it did); a hex that changed only by its roll, a bullseye, comes after
    the others."""
    out = list(changes)
    for r in reversed(rolls):
        worm = r.key == "ch.roll" and r.args.get("roll") in WORM_DICE
        i = next((k for k, c in enumerate(out) if c.at == r.at and c.key in WORM_MOVED), None) \
            if worm else None
        if i is None:
            i = next((k for k, c in enumerate(out) if c.at == r.at), None)
        if i is None:
            out.append(r)
        else:
            out.insert(i, r)
    return out
