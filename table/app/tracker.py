"""The board as the players have it, followed event by event, and the steps they must take.

The engine's ``game.board`` is the state at the start of the phase in progress (a phase runs
again from its start with every answer), so the box keeps its own copy: a :class:`Tracker`
starts from the map and applies the engine's events as they come.  Its board is what the
LEDs show, and it names the Things of each new batch of events for
:func:`table.ui.instructions.instructions`.  :meth:`Tracker.steps` turns a batch into the
steps shown one at a time: physical changes to copy, and the dice and coins rolled on the way.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.board import Board, Thing
from table.engine.hexes import Hex
from table.ui.instructions import Instruction, instructions

#: rolls the players pick from on a prompt of their own (no separate step)
PICKED = frozenset({"accuracy"})


@dataclass(frozen=True)
class Step:
    """One thing to show and confirm with OK: an instruction, dice rolled, or a coin flip."""
    instruction: Instruction | None = None
    faces: tuple[str, ...] = ()
    why: str = ""
    side: str | None = None
    blast: Hex | None = None       # a blast that caused it: flashed on the LEDs first


class Tracker:
    """``setup``: a callable giving the board right after setup, for a game whose Things the
    box laid out itself (the engine records no event per Thing then)."""

    def __init__(self, land, wind: int = 1, setup=None):
        self.board = Board(land=set(map(tuple, land)), wind=wind)
        self.setup = setup

    def _laid_out(self) -> list[Instruction]:
        """Things the box laid out at setup, added to the board; an instruction each."""
        if self.setup is None:
            return []
        out = []
        if not hasattr(self, "_setup_board"):
            self._setup_board = self.setup()
        for t in sorted(self._setup_board.things.values(),
                        key=lambda t: (t.kind == "worm", t.id)):
            if t.id in self.board.things:
                continue
            self.board.add(Thing(t.id, t.kind, t.at, t.team, t.damaged))
            if t.kind == "worm":
                out.append(Instruction("do.place_worm", {"team": t.team, "n": _number(t.id)},
                                       t.at))
            else:
                out.append(Instruction(f"do.place.{t.kind}", {}, t.at))
        return out

    def apply(self, events) -> None:
        b = self.board
        for e in events:
            name = e["event"]
            thing = b.things.get(e.get("thing") or e.get("worm") or "")
            if name == "place" and e["thing"] not in b.things:
                team = e["thing"].rsplit("-", 1)[0] if e["kind"] == "worm" else None
                b.add(Thing(e["thing"], e["kind"], tuple(e["at"]), team))
            elif name == "move" and thing is not None:
                b.lift(thing)
                b.put(thing, tuple(e["to"]))
            elif name == "destroy" and thing is not None:
                b.remove(thing)
            elif name == "damage" and thing is not None:
                thing.damaged = True
            elif name == "heal" and thing is not None:
                thing.damaged = False
            elif name == "flood":
                b.land.discard(tuple(e["at"]))
            elif name == "target":
                b.target = tuple(e["at"])
                b.target_facing = e.get("facing")
            elif name == "wind":
                b.wind = int(e["to"])
            elif name == "setup":
                b.wind = int(e["wind"])
                self._laid_out()

    def steps(self, events) -> list[Step]:
        """The steps for a new batch of events (and the tracker moves past them)."""
        out: list[Step] = []
        chunk: list[dict] = []

        def flush():
            blast = next((tuple(e["at"]) for e in chunk if e["event"] == "blast"), None)
            for n, i in enumerate(instructions(chunk, self.board)):
                out.append(Step(instruction=i, blast=blast if n == 0 else None))
            self.apply(chunk)
            chunk.clear()

        for e in events:
            name = e["event"]
            if name == "roll" and e.get("for") not in PICKED:
                flush()
                if out and out[-1].faces and out[-1].why == e.get("for") and not out[-1].side:
                    last = out.pop()
                    out.append(Step(faces=last.faces + (e["face"],), why=last.why))
                else:
                    out.append(Step(faces=(e["face"],), why=e.get("for", "")))
            elif name == "flip":
                flush()
                out.append(Step(side=e["side"], why=e.get("for", "")))
            elif name == "setup":
                flush()
                out.extend(Step(instruction=i) for i in self._laid_out())
                self.apply([e])
            else:
                chunk.append(e)
        flush()
        return out


def undo_steps(before: Board, after: Board) -> list[Step]:
    """What to put back on the table after an undo: the board ``before`` it made ``after``."""
    out = []
    for tid, t in before.things.items():
        n = after.things.get(tid)
        who = {"team": t.team, "n": _number(tid)} if t.kind == "worm" else {}
        if n is None:
            key = "do.worm_out" if t.kind == "worm" else f"do.remove.{t.kind}"
            out.append(Instruction(key, who, t.at))
        elif n.at != t.at:
            key = "do.move_worm" if t.kind == "worm" else f"do.move.{t.kind}"
            out.append(Instruction(key, who, t.at, n.at))
        if n is not None and t.kind == "worm" and n.damaged != t.damaged:
            out.append(Instruction("do.lay_down" if n.damaged else "do.heal", who, n.at))
    for tid, n in after.things.items():
        if tid not in before.things:
            key = "do.place_worm" if n.kind == "worm" else f"do.place.{n.kind}"
            who = {"team": n.team, "n": _number(tid)} if n.kind == "worm" else {}
            out.append(Instruction(key, who, n.at))
    if after.target != before.target and after.target is not None:
        out.append(Instruction("do.move_target", {}, before.target, after.target)
                   if before.target is not None else Instruction("do.target", {}, after.target))
    if after.wind != before.wind:
        out.append(Instruction("do.wind", {"d": after.wind}))
    return [Step(instruction=i) for i in out]


def _number(thing_id: str) -> str:
    from table.ui.instructions import worm_number
    return worm_number(thing_id)
