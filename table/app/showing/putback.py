"""What to put back on the table after an undo: the Things, the token and the wind as they
were before the answer taken back, a step each (the players copy them as they copy any)."""

from table.engine.board import Board
from table.ui.instructions import Instruction, worm_number

from table.app.showing.tracker import Step


def undo_steps(before: Board, after: Board) -> list[Step]:
    """What to put back on the table after an undo: the board ``before`` it made ``after``."""
    out = []
    for tid, t in before.things.items():
        n = after.things.get(tid)
        who = {"team": t.team, "n": worm_number(t)} if t.kind == "worm" else {}
        if n is None:
            key = "do.worm_out" if t.kind == "worm" else f"do.remove.{t.kind}"
            out.append(Instruction(key, who, t.at))
        elif n.at != t.at:
            key = "do.move_worm" if t.kind == "worm" else f"do.move.{t.kind}"
            out.append(Instruction(key, who, t.at, n.at))
        if n is not None and t.kind == "worm" and n.damaged != t.damaged:
            out.append(Instruction("do.lay_down" if n.damaged else "do.heal", who, n.at))
        if n is not None and (tid in after.frozen) != (tid in before.frozen):
            out.append(Instruction("do.freeze" if tid in after.frozen else "do.thaw", who, n.at))
    for tid, n in after.things.items():
        if tid not in before.things:
            key = "do.place_worm" if n.kind == "worm" else f"do.place.{n.kind}"
            who = {"team": n.team, "n": worm_number(n)} if n.kind == "worm" else {}
            out.append(Instruction(key, who, n.at))
    if after.target != before.target and after.target is not None:
        out.append(Instruction("do.move_target", {}, before.target, after.target)
                   if before.target is not None else Instruction("do.target", {}, after.target))
    if after.wind != before.wind:
        out.append(Instruction("do.wind", {"d": after.wind}))
    return [Step(instruction=i) for i in out]

