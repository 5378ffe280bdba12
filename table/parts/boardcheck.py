"""The `power board` check: the layout in `powerboard` cannot short and does what the circuit
says.  Pure Python.

Wired the usual perfboard way, with bare tinned wire on the back, every hole a wire passes over
joins it.  So the check walks every wire hole by hole and finds:
- a wire that is not along a row or a column, or leaves the board;
- a wire over a lead of another net (a foreign pad), or a hole that two nets pass (a short);
- a lead on a corner screw's head, or two leads in one hole;
- a net whose leads the wires do not join into one (an open), or two nets joined (a short).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .powerboard import BOARD, PARTS, WIRES, Fitted, Perfboard

Hole = tuple[int, int]
SCREW_KEEP_MM = 1.5 + 1.0        # a corner screw's head (M2.5 pan: 4.5 mm across) to a pad


def holes_along(points: Sequence[Hole]) -> list[Hole]:
    """Every hole a polyline passes, its corners and ends included; ValueError if it is not
    along rows and columns."""
    out = [points[0]]
    for (c0, r0), (c1, r1) in zip(points, points[1:]):
        if c0 != c1 and r0 != r1:
            raise ValueError(f"a wire runs diagonally from {(c0, r0)} to {(c1, r1)}")
        n = max(abs(c1 - c0), abs(r1 - r0))
        out += [(c0 + (c1 - c0) * k // n, r0 + (r1 - r0) * k // n) for k in range(1, n + 1)]
    return out


def problems(parts: Iterable[Fitted] = PARTS, wires: Iterable[tuple[str, Sequence[Hole]]] = WIRES,
             board: Perfboard = BOARD) -> list[str]:
    out: list[str] = []
    leads = _leads(parts, board, out)
    joined = _wires(wires, leads, board, out)
    by_net: dict[str, list[Hole]] = {}
    for hole, (net, _) in leads.items():
        by_net.setdefault(net, []).append(hole)
    for net, holes in sorted(by_net.items()):
        groups = {joined.root(h) for h in holes}
        if len(groups) > 1:
            apart = sorted(leads[h][1] for h in holes if joined.root(h) != joined.root(holes[0]))
            out.append(f"{net} is open: {leads[holes[0]][1]} does not reach {', '.join(apart)}")
    nets_of: dict[Hole, set[str]] = {}
    for hole, (net, _) in leads.items():
        nets_of.setdefault(joined.root(hole), set()).add(net)
    for nets in nets_of.values():
        if len(nets) > 1:
            out.append(f"the wires join {' and '.join(sorted(nets))}: a short")
    return list(dict.fromkeys(out))


def _leads(parts: Iterable[Fitted], board: Perfboard, out: list[str]) -> dict[Hole, tuple[str, str]]:
    """hole -> (net, "U1 7") of every lead on a net; misplaced leads go to `out`."""
    leads: dict[Hole, tuple[str, str]] = {}
    for part in parts:
        for lead in part.leads:
            where = f"{part.ref} {lead.pin}".strip()
            if not _on(board, lead.hole):
                out.append(f"{where} at {lead.hole} is off the {board.cols} x {board.rows} board")
                continue
            if lead.hole in leads:
                out.append(f"{where} and {leads[lead.hole][1]} share hole "
                           f"{board.name_of(lead.hole)}")
            x, y = board.xy(lead.hole)
            if any(math.hypot(x - sx, y - sy) < SCREW_KEEP_MM for sx, sy in board.screw_holes):
                out.append(f"{where} at {board.name_of(lead.hole)} is under a corner screw")
            if lead.net:
                leads[lead.hole] = (lead.net, where)
    return leads


def _wires(wires: Iterable[tuple[str, Sequence[Hole]]], leads: dict[Hole, tuple[str, str]],
           board: Perfboard, out: list[str]) -> _Joins:
    """Walk each wire hole by hole: what it passes goes to `out`, what it joins is returned."""
    owner: dict[Hole, str] = {h: net for h, (net, _) in leads.items()}
    joined = _Joins()
    for net, points in wires:
        try:
            path = holes_along(points)
        except ValueError as err:
            out.append(f"{net}: {err}")
            continue
        off = [h for h in path if not _on(board, h)]
        if off:
            out.append(f"{net}: a wire leaves the board at {off[0]}")
            continue
        for hole in path:
            if hole in leads and leads[hole][0] != net:
                out.append(f"{net}: a wire over {leads[hole][1]} ({leads[hole][0]}) at "
                           f"{board.name_of(hole)}: a foreign pad")
            elif owner.get(hole, net) != net:
                out.append(f"{net} and {owner[hole]} both pass {board.name_of(hole)}: a short")
            owner.setdefault(hole, net)
        for a, b in zip(path, path[1:]):
            joined.join(a, b)
    return joined


def _on(board: Perfboard, hole: Hole) -> bool:
    return 1 <= hole[0] <= board.cols and 1 <= hole[1] <= board.rows


class _Joins:
    """Union-find over holes."""

    def __init__(self) -> None:
        self.up: dict[Hole, Hole] = {}

    def root(self, h: Hole) -> Hole:
        while self.up.get(h, h) != h:
            h = self.up[h]
        return h

    def join(self, a: Hole, b: Hole) -> None:
        self.up[self.root(a)] = self.root(b)


def check() -> tuple[list[str], str]:
    """(problems, figure) for `worms-table parts`."""
    nets = {lead.net for p in PARTS for lead in p.leads if lead.net}
    holes = sum(len(holes_along(points)) for _, points in WIRES)
    return problems(), (f"{len(PARTS) - 1} parts and {len(nets)} nets on a {BOARD.cols} x "
                        f"{BOARD.rows}-hole board, {len(WIRES)} wires over {holes} holes, no "
                        "foreign pad, no short, no open")
