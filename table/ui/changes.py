"""Board changes grouped by hex: what the players copy onto the cardboard board, in few steps.

A batch of engine events (everything one answer made happen: a blast, a chain of oil drums, a
worm that sank) is turned into the *net* change it makes to the board, hex by hex:
:func:`diff` compares the board before the batch with the board after it, so a worm thrown
twice is moved once, and a crate placed and blown away is never placed.  :func:`by_hex`
groups the changes by the hex the players touch (a moved Thing goes to its new hex; the LEDs
flash where it comes from).  How they are cut into screens is :mod:`.screenfuls`'; what a card
and a whole game did, in words, :mod:`.summaries`'.
"""

from typing import Any, Mapping, NamedTuple

from table.engine.board import Board
from table.hexgrid import Hex

from .instructions import worm_number

from .strings import NO_ARGS, sentence, text, worm_short

class Change(NamedTuple):
    """One change at one hex: ``key`` a string key ("ch.*"), ``at`` the hex the players touch,
    ``src`` where a moved Thing comes from (flashed too)."""
    key: str
    args: Mapping[str, Any] = NO_ARGS
    at: Hex | None = None
    src: Hex | None = None

    def text(self, lang: str) -> str:
        args = dict(self.args)
        if "team" in args:                  # "Red 2": short, so a change is one line
            args["worm"] = worm_short(lang, args.pop("team"), args.pop("n"))
        if "things" in args:            # (the same kind counted: "mine ×2, supply crate")
            counted = {k: list(args["things"]).count(k) for k in args["things"]}
            args["things"] = ", ".join(text(f"thing.{k}", lang).lower() + (f" ×{n}" if n > 1 else "")
                                       for k, n in counted.items())
        if "roll" in args or "flip" in args:    # a die behind it (table/ui/rolls.py)
            args = _roll_args(lang, args)
        times = args.pop("times", 1)
        said = sentence(text(self.key, lang, **args))
        return f"{said} ×{times}" if times > 1 else said


def _face(lang: str, face: str) -> str:
    return face if face.isdigit() else text(f"face_short.{face}", lang)


def _roll_args(lang: str, args: dict) -> dict:
    """A roll's words: what it was for, its face (or the Oil Drum's faces), the way it sent
    the Thing; a flip's Thing and side."""
    if "flip" in args:
        return {"flip": text(f"thing.{args['flip']}", lang),
                "side": text(f"coin_short.{args['side']}", lang)}
    out = {"what": text(f"roll_short.{args['roll']}", lang)}
    if "face" in args:
        out["face"] = _face(lang, args["face"])
    if "faces" in args:             # (a face, or a face and the way it sent its Thing)
        out["faces"] = ", ".join(
            f"{_face(lang, f[0])}→{text(f'dir.{f[1]}', lang)}" if isinstance(f, tuple) and f[1]
            else _face(lang, f[0] if isinstance(f, tuple) else f) for f in args["faces"])
    if "dir" in args:
        out["dir"] = text(f"dir.{args['dir']}", lang)
    return out


def _worm(t) -> dict:
    return {"team": t.team, "n": worm_number(t)}


def diff(before: Board, after: Board, events: list[dict]) -> list[Change]:
    """The net changes from ``before`` to ``after`` (``events`` made the one from the other:
    they say why a Thing went, and whether a shot missed), in the order the events touched
    the hexes."""
    order: dict[Hex | None, int] = {}

    def touch(h) -> None:
        if h is not None:
            order.setdefault(tuple(h), len(order))

    cause: dict[str, str] = {}
    opened: dict[str, tuple[str, str]] = {}    # crate -> the worm and team that opened it
    missed = hit = False
    for e in events:
        for k in ("at", "to"):
            if e.get(k) is not None and e["event"] != "blast":
                touch(e[k])
        if e["event"] == "destroy":
            cause[e["thing"]] = e.get("cause", "")
            if e.get("cause") == "opened":
                opened[e["thing"]] = ("", "")
        elif e["event"] == "draw":              # (it follows the crate its worm opened)
            crate = next((c for c, o in reversed(opened.items()) if not o[0]), None)
            if crate is not None:
                opened[crate] = (e["worm"], e["team"])
        elif e["event"] == "target" and e.get("by") == "accuracy":
            missed = True
        elif e["event"] == "accuracy":
            hit = e.get("picked") == "hit"
    out = _things(before, after, cause, opened)
    back = {e["thing"] for e in events if e["event"] == "move"}    # moved, and back again
    out += [Change("ch.came_back", _worm(t), t.at) for tid, t in before.things.items()
            if t.kind == "worm" and tid in back and tid in after.things
            and after.things[tid].at == t.at]
    out += [Change("ch.flood", {}, h) for h in sorted(before.land - after.land)]
    out += _target(before, after, missed, hit)
    for c in out:
        touch(c.at)
    first = {"ch.missed": 0, "ch.hit": 0, "ch.target": 0, "ch.target_facing": 0,
             "ch.crate_opened": 2}
    out.sort(key=lambda c: (order.get(c.at, len(order)), first.get(c.key, 1)))
    return out


def _opener(opened: tuple[str, str]) -> dict:
    return {"team": opened[1], "n": worm_number(opened[0])}


def _things(before: Board, after: Board, cause: dict[str, str],
            opened: dict[str, tuple[str, str]]) -> list[Change]:
    """Things gone (``cause``: why each was destroyed; ``opened``: the crates a worm opened,
    by whom), moved, laid down or healed, frozen or thawed, and placed (a crate on
    a worm's hex says the worm opens it when activated, T2)."""
    out: list[Change] = []
    for tid, t in before.things.items():
        n = after.things.get(tid)
        if n is None:
            if opened.get(tid, ("",))[0]:
                out.append(Change("ch.crate_opened", _opener(opened[tid]), t.at))
            elif t.kind == "worm":
                key = "ch.worm_sank" if cause.get(tid) == "sank" else "ch.worm_out"
                out.append(Change(key, _worm(t), t.at))
                if tid in before.frozen:             # its ice token goes with it
                    out.append(Change("ch.thaw", _worm(t), t.at))
            else:
                out.append(Change(f"ch.remove.{t.kind}", {}, t.at))
            continue
        if n.at != t.at:
            out.append(Change("ch.move_worm" if t.kind == "worm" else f"ch.move.{t.kind}",
                              _worm(t) if t.kind == "worm" else {}, n.at, t.at))
        if t.kind == "worm" and n.damaged != t.damaged:
            out.append(Change("ch.lay_down" if n.damaged else "ch.heal", _worm(n), n.at))
        if (tid in after.frozen) != (tid in before.frozen):
            out.append(Change("ch.freeze" if tid in after.frozen else "ch.thaw", _worm(n), n.at))
    for tid, n in after.things.items():
        if tid not in before.things:
            key = "ch.place_worm" if n.kind == "worm" else f"ch.place.{n.kind}"
            if n.kind == "crate" and any(t.kind == "worm" for t in after.in_hex(n.at)):
                key = "ch.crate_by_worm"
            out.append(Change(key, _worm(n) if n.kind == "worm" else {}, n.at))
    return out


def _target(before: Board, after: Board, missed: bool, hit: bool) -> list[Change]:
    """The Target Token: moved (a miss scattered it, an airstrike faces a way) or hit."""
    if after.target is not None and after.target != before.target:
        if missed:              # (from where it was aimed, if it stood there before)
            return [Change("ch.missed", {}, after.target, before.target)]
        if after.target_facing is not None:
            return [Change("ch.target_facing", {"d": after.target_facing}, after.target)]
        return [Change("ch.target", {}, after.target)]
    if hit and after.target is not None:
        return [Change("ch.hit", {}, after.target)]
    return []


def by_hex(changes: list[Change]) -> list[tuple[Hex | None, list[Change]]]:
    """The changes grouped by hex, in the order of their first change; the same change made
    twice at a hex (two fires) is one line, "×2"."""
    groups: dict = {}
    for c in changes:
        group = groups.setdefault(c.at, [])
        same = next((i for i, g in enumerate(group) if not g.src and not c.src and g.key == c.key
                     and {k: v for k, v in g.args.items() if k != "times"} == c.args), None)
        if same is None:
            group.append(c)
        else:
            g = group[same]
            group[same] = Change(g.key, {**g.args, "times": g.args.get("times", 1) + 1}, g.at)
    for h, group in groups.items():           # several Things off one hex: one line
        gone = [c for c in group if c.key.startswith("ch.remove.")]
        if len(gone) > 1:
            kinds = [c.key.rsplit(".", 1)[1] for c in gone for _ in range(c.args.get("times", 1))]
            i = group.index(gone[0])
            group[:] = [c for c in group if c not in gone]
            group.insert(i, Change("ch.remove_list", {"things": tuple(kinds)}, h))
    return list(groups.items())
