"""Board changes grouped by hex: what the players copy onto the cardboard board, in few steps.

A batch of engine events (everything one answer made happen: a blast, a chain of oil drums, a
worm that sank) is turned into the *net* change it makes to the board, hex by hex:
:func:`diff` compares the board before the batch with the board after it, so a worm thrown
twice is moved once, and a crate placed and blown away is never placed.  :func:`by_hex`
groups the changes by the hex the players touch (a moved Thing goes to its new hex; the LEDs
flash where it comes from), and :func:`pages` cuts a hex's list into screens that fit the
OLED.  One screen per hex, one OK per screen: a chain of 24 changes over six hexes takes six.
What a card and a whole game did, in words, is :mod:`.summaries`'.
"""

from typing import Any, Mapping, NamedTuple

from table.engine.board import Board
from table.hexgrid import Hex

from .instructions import worm_number
from table.langs import LANGS

from .strings import NO_ARGS, sentence, text, worm_short

#: at most this many OLED lines of changes on one screen (the title bar above them)
LINES = 4


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
                "side": text(f"coin.{args['side']}", lang)}
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


#: the lines of the dice and coins behind the changes (table/ui/rolls.py)
ROLLS = ("ch.roll", "ch.roll_hit", "ch.roll_dice", "ch.flip")
#: changes that take a Thing off the board (grouped over hexes: "take off the flashing")
OFF = ("ch.worm_out", "ch.worm_sank")


def is_off(c: Change) -> bool:
    return c.key in OFF or c.key.startswith("ch.remove")


def grouped(changes: list[Change], one_each: bool = False) -> list[tuple[Hex | None, list]]:
    """Screens for a batch: first every hex where Things only come off, on screens of their
    own (the LEDs flash them all at once; a hex whose Things went off by a die joins them
    with its die's line where they all fit a line each), then one screen a hex for the
    rest."""
    fires = [] if one_each else _fires(changes)
    hurt = [] if one_each else _hurt(changes)
    groups = by_hex([c for c in changes if c not in fires and c not in hurt])
    off = [c for h, cs in groups if all(is_off(c) for c in cs) for c in cs]
    if off and not one_each:
        for _, cs in groups:
            if _diced_off(cs) and sum(_lines(c) for c in off + cs) <= LINES:
                off += cs
    rest = [(h, cs) for h, cs in groups if not any(c in off for c in cs)]
    out: list[tuple[Hex | None, list]] = []
    if one_each:
        out += [(c.at, [c]) for c in off]
    elif len(off) > 1:
        out += [(None, page) for page in off_pages(off)]
    elif off:
        out.append((off[0].at, off))
    for h, cs in rest:
        out += [(h, page) for page in pages(cs, one_each)]
    if hurt:                          # every worm hurt at several hexes: one screen
        out.append((None, hurt))
    if fires:                         # every fire the batch started: one screen, last
        out.append((None, fires))
    return out


def _diced_off(changes: list[Change]) -> bool:
    """A hex's changes are Things taken off and the dice or coins that sent them."""
    return any(c.key in ROLLS for c in changes) and any(is_off(c) for c in changes) \
        and all(is_off(c) or c.key in ROLLS for c in changes)


#: a worm laid down, hurt (several hexes' on one screen: the worms named)
HURT = "ch.lay_down"


def hurt_lines(lang: str, hurt: list[Change]) -> list[str]:
    """The lines of the screen of a batch's worms hurt at several hexes: a line a worm."""
    return [c.text(lang) for c in hurt]


def _hurt(changes: list[Change]) -> list[Change]:
    """The worms a batch hurt, to lay down from one screen: at two hexes or more, their
    lines fitting one screen in every language; else none."""
    hurt = [c for c in changes if c.key == HURT]
    if len({c.at for c in hurt}) < 2:
        return []
    return hurt if _fit_lines(hurt, hurt_lines) else []


#: a fire placed (a chain's fires go on one screen over their hexes: :func:`fire_lines`)
FIRE = "ch.place.fire"


def _fires(changes: list[Change]) -> list[Change]:
    """The fires of a batch to put on from one screen: at two hexes or more, two at a hex
    at most, their lines fitting one screen in every language; else none (each fire said
    with its hex's other changes)."""
    fires = [c for c in changes if c.key == FIRE]
    hexes = {c.at for c in fires}
    if len(hexes) < 2 or max(sum(c.at == h for c in fires) for h in hexes) > 2:
        return []
    return fires if _fit_lines(fires, fire_lines) else []


def fire_lines(lang: str, fires: list[Change]) -> list[str]:
    """The lines of the screen of a batch's fires over several hexes: one on each flashing
    hex, and the hexes that take two named (they flash too; :func:`grouped` puts three at a
    hex on that hex's own screen)."""
    from .hexnames import hex_name
    count: dict = {}
    for c in fires:
        count[c.at] = count.get(c.at, 0) + c.args.get("times", 1)
    lines = [text("ch.fires_each", lang, n=len(count))]
    more = [hex_name(lang, h) for h, n in count.items() if n > 1]
    if more:
        lines.append(text("ch.fires_more", lang, where=", ".join(more)))
    return lines


def off_pages(off: list[Change]) -> list[list[Change]]:
    """Things to take off, on as few screens as fit (see :func:`off_lines`): the Things on
    one, the worms on the next if both do not fit on one."""
    if _fit_lines(off):
        return [off]
    things = [c for c in off if c.key not in OFF]
    worms = [c for c in off if c.key in OFF]
    return ([things] if things else []) + [worms[i:i + LINES]
                                           for i in range(0, len(worms), LINES)]


def _fit_lines(changes: list[Change], lines=None) -> bool:
    """The lines ``lines(lang, changes)`` gives (:func:`off_lines`) fit one screen in every
    language."""
    from table.fonts import font
    from .layout import BODY, wrap
    fnt = font(12)
    said = lines or off_lines
    return all(sum(len(wrap(line, fnt, BODY[2] - BODY[0])[0]) for line in said(lang, changes))
               <= LINES for lang in LANGS)


def off_lines(lang: str, off: list[Change]) -> list[str]:
    """The lines of a "take off" screen in ``lang``: a line each if they fit, else the
    Things counted by kind and the worms named on one line."""
    if sum(_lines(c) for c in off) <= LINES:
        return [c.text(lang) for c in off]
    kinds: dict[str, int] = {}
    worms = []
    for c in off:
        if c.key in OFF:
            worms.append(worm_short(lang, c.args["team"], c.args["n"]))
        else:
            for kind in c.args.get("things") or [c.key.rsplit(".", 1)[1]] * c.args.get("times", 1):
                kinds[kind] = kinds.get(kind, 0) + 1
    lines = [", ".join(f"{text(f'thing.{k}', lang)} ×{n}" for k, n in kinds.items())] \
        if kinds else []
    if worms:
        lines.append(text("ch.off_worms", lang, who=", ".join(worms)))
    return lines


_LINES: dict[tuple[str, str], int] = {}      # (key, args): its lines (a change said again)


def _lines(c: Change) -> int:
    """How many OLED lines ``c`` takes at most, over every language (worked out once for the
    same change: a worm moved, a Thing placed, said again and again in a game)."""
    said = (c.key, repr(c.args))
    n = _LINES.get(said)
    if n is None:
        from table.fonts import font
        from .layout import BODY, wrap
        fnt = font(12)
        n = max(max(1, len(wrap(c.text(lang), fnt, BODY[2] - BODY[0])[0])) for lang in LANGS)
        if len(_LINES) >= 4096:
            _LINES.clear()
        _LINES[said] = n
    return n


def pages(changes: list[Change], one_each: bool = False) -> list[list[Change]]:
    """``changes`` (of one hex) cut into screens of at most :data:`LINES` lines, the same cut in
    every language; ``one_each``: one change a screen (the owner's setting).  A die's line
    stays on the screen of the change after it (the change it made)."""
    units: list[list[Change]] = []
    held: list[Change] = []
    for c in changes:
        held.append(c)
        if c.key not in ROLLS:
            units.append(held)
            held = []
    if held:
        units.append(held)
    if one_each:
        return units
    out: list[list[Change]] = []
    used = LINES + 1
    for unit in units:
        lines = [_lines(c) for c in unit]
        # (too many dice to keep with their change: a line at a time)
        parts = [list(zip(unit, lines))] if sum(lines) <= LINES else [[cn] for cn in
                                                                      zip(unit, lines)]
        for part in parts:
            n = sum(k for _, k in part)
            if used + n > LINES:
                out.append([])
                used = 0
            out[-1] += [c for c, _ in part]
            used += n
    return out
