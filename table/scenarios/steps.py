"""`worms-table scenario FILE.toml`: set up a position, script the dice, apply steps, print the
resulting position as JSON.  The file format is documented in docs/scenarios.md.

Exit codes: 0 done; 2 a malformed file (the message names the field); 1 a scenario that cannot
run (the message names the step).
"""

from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.engine import BOX, FACES, KINDS, TEAMS, WORMS_PER_TEAM, Board, Illegal, OutOfRandom
from table.engine import Resolver, Script, Thing
from table.engine.effects import RULES

SECTIONS = {"title", "board", "things", "random", "choices", "steps"}
#: a file with either of these is the turn-level form (table/turns.py): whole turns of a game
GAME_FORM = {"game", "turns"}
BOARD_KEYS = {"land", "wind", "rules"}
THING_KEYS = {"kind", "id", "team", "at", "damaged"}
RANDOM_KEYS = {"dice", "flips"}
CHOICE_KINDS = {"die", "direction", "hex", "thing", "order"}
ORDER_GROUPS = {"crate", "mine", "fire"}

#: do -> (required keys, optional keys).  Every step may also name the active `worm`.
STEPS: dict[str, tuple[set[str], set[str]]] = {
    "blast": ({"at"}, {"facing"}),
    "damage": (set(), {"thing", "at"}),
    "move": ({"thing", "to"}, set()),
    "scatter": ({"thing"}, set()),
    "knockback": ({"thing"}, set()),
    "place": ({"kind", "at"}, set()),
    "change_wind": (set(), set()),
    "accuracy": ({"worm", "target", "x"}, set()),
    "inch": ({"worm", "to"}, set()),
    "jump": ({"worm", "to"}, set()),
    "play": ({"worm", "card"}, {"target", "facing", "thing", "moves"}),
    "drop": ({"card"}, set()),
}


class Malformed(Exception):
    """The file breaks the format; exit 2."""


class CannotRun(Exception):
    """A step cannot run; exit 1."""


# -- reading the file --------------------------------------------------------------------------

def _keys(table: Any, allowed: set[str], where: str) -> dict:
    if not isinstance(table, dict):
        raise Malformed(f"{where}: expected a table, got {_show(table)}")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise Malformed(f"{where}: unknown key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
    return table


def _show(v: Any) -> str:
    return json.dumps(v) if isinstance(v, (list, dict, str, int, float, bool)) else repr(v)


def _int(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise Malformed(f"{where}: expected a whole number, got {_show(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise Malformed(f"{where}: {v} is out of range ({lo}..{hi})")
    return v


def _hex(v: Any, where: str) -> tuple[int, int]:
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise Malformed(f"{where}: expected a hex [q, r], got {_show(v)}")
    return (v[0], v[1])


def _list(v: Any, where: str) -> list:
    if not isinstance(v, list):
        raise Malformed(f"{where}: expected a list, got {_show(v)}")
    return v


def _face(v: Any, where: str) -> str:
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if v not in FACES:
        raise Malformed(f"{where}: {_show(v)} is not a die face (faces: {', '.join(FACES)})")
    return v


@dataclass
class Scenario:
    board: Board
    dice: list[str]
    flips: list[str]
    choices: dict[str, list]
    steps: list[dict]
    title: str = ""


def load(path: str | Path) -> Scenario:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise Malformed(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise Malformed(f"{path} is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise Malformed(f"not valid TOML: {err}") from None
    return parse(data)


def parse(data: dict) -> Scenario:
    if isinstance(data, dict) and GAME_FORM & set(data):
        from table.turns import parse_game
        return parse_game(data)
    _keys(data, SECTIONS, "the file")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise Malformed(f"title: expected text, got {_show(title)}")
    if "board" not in data:
        raise Malformed("board: the [board] section is missing (it needs land and wind)")
    board = _parse_board(_keys(data["board"], BOARD_KEYS, "board"))
    _parse_things(data.get("things", []), board)
    dice, flips = parse_random(data)
    choices = _parse_choices(_keys(data.get("choices", {}), CHOICE_KINDS, "choices"))
    steps = [_parse_step(s, i) for i, s in enumerate(_list(data.get("steps", []), "steps"))]
    return Scenario(board, dice, flips, choices, steps, title)


def parse_random(data: dict) -> tuple[list[str], list[str]]:
    """The [random] section: the scripted dice and flips."""
    rnd = _keys(data.get("random", {}), RANDOM_KEYS, "random")
    dice = [_face(v, f"random.dice[{i}]") for i, v in enumerate(_list(rnd.get("dice", []), "random.dice"))]
    flips = _list(rnd.get("flips", []), "random.flips")
    for i, v in enumerate(flips):
        if v not in ("safe", "danger"):
            raise Malformed(f"random.flips[{i}]: {_show(v)} is not a flip (safe or danger)")
    return dice, flips


def _parse_board(table: dict) -> Board:
    for key in ("land", "wind"):
        if key not in table:
            raise Malformed(f"board.{key}: missing")
    land = {_hex(h, f"board.land[{i}]") for i, h in enumerate(_list(table["land"], "board.land"))}
    wind = _int(table["wind"], "board.wind", 1, 6)
    rules = set()
    for i, rule in enumerate(_list(table.get("rules", []), "board.rules")):
        if rule not in RULES:
            raise Malformed(f"board.rules[{i}]: unknown rule {_show(rule)} (known: {', '.join(RULES)})")
        rules.add(rule)
    return Board(land=land, wind=wind, rules=rules)


def _parse_things(items: Any, board: Board) -> None:
    items = _list(items, "things")
    parsed = []
    for i, item in enumerate(items):
        where = f"things[{i}]"
        _keys(item, THING_KEYS, where)
        kind = item.get("kind")
        if kind not in KINDS:
            raise Malformed(f"{where}.kind: unknown kind {_show(kind)} (kinds: {', '.join(KINDS)})")
        if "at" not in item:
            raise Malformed(f"{where}.at: missing")
        at = _hex(item["at"], f"{where}.at")
        if not board.is_land(at):
            raise Malformed(f"{where}.at: {list(at)} is water; Things start on land hexes")
        team = item.get("team")
        if kind == "worm":
            if team is None:
                raise Malformed(f"{where}.team: a worm needs a team ({', '.join(TEAMS)})")
            if team not in TEAMS:
                raise Malformed(f"{where}.team: unknown team {_show(team)} (teams: {', '.join(TEAMS)})")
            if "id" not in item:
                raise Malformed(f"{where}.id: a worm needs an id")
        else:
            for key in ("team", "damaged"):
                if key in item:
                    raise Malformed(f"{where}.{key}: only worms have a {key}")
        damaged = item.get("damaged", False)
        if not isinstance(damaged, bool):
            raise Malformed(f"{where}.damaged: expected true or false, got {_show(damaged)}")
        thing_id = item.get("id")
        if thing_id is not None:
            if not isinstance(thing_id, str) or not thing_id:
                raise Malformed(f"{where}.id: expected a non-empty text, got {_show(thing_id)}")
            if thing_id in board._used or thing_id == "target":
                raise Malformed(f"{where}.id: {thing_id!r} is used twice" if thing_id != "target"
                                else f"{where}.id: 'target' is reserved for the Target Token")
            board.reserve_id(thing_id)
        parsed.append((thing_id, kind, at, team, damaged))
    for thing_id, kind, at, team, damaged in parsed:
        board.add(Thing(thing_id or board.new_id(kind), kind, at, team, damaged))
    for kind, limit in BOX.items():
        if board.on_board(kind) > limit:
            raise Malformed(f"things: {board.on_board(kind)} of kind {kind!r}, the box holds {limit}")
    for team in TEAMS:
        if board.on_board("worm", team) > WORMS_PER_TEAM:
            raise Malformed(f"things: team {team} has {board.on_board('worm', team)} worms, "
                            f"a team has {WORMS_PER_TEAM}")
    for h in board.occupied():
        if board.craters(h) >= 3:
            raise Malformed(f"things: three Craters in {list(h)} (such a hex is water)")


def _parse_choices(table: dict) -> dict[str, list]:
    out = {}
    for kind, answers in table.items():
        where = f"choices.{kind}"
        answers = _list(answers, where)
        conv = []
        for i, a in enumerate(answers):
            w = f"{where}[{i}]"
            if kind == "die":
                conv.append(_face(a, w))
            elif kind == "direction":
                conv.append(_int(a, w, 1, 6))
            elif kind == "hex":
                conv.append(_hex(a, w))
            elif kind == "thing":
                if not isinstance(a, str):
                    raise Malformed(f"{w}: expected a Thing id, got {_show(a)}")
                conv.append(a)
            else:
                groups = _list(a, w)
                if not groups or any(g not in ORDER_GROUPS for g in groups):
                    raise Malformed(f"{w}: expected a list of {', '.join(sorted(ORDER_GROUPS))}")
                conv.append(tuple(groups))
        out[kind] = conv
    return out


def _place_at(v: Any, where: str):
    return "target" if v == "target" else ("emptiest" if v == "emptiest" else _hex(v, where))


def _parse_step(step: Any, i: int) -> dict:
    where = f"steps[{i}]"
    if not isinstance(step, dict):
        raise Malformed(f"{where}: expected a table, got {_show(step)}")
    do = step.get("do")
    if do not in STEPS:
        raise Malformed(f"{where}.do: unknown step {_show(do)} (steps: {', '.join(STEPS)})")
    required, optional = STEPS[do]
    _keys(step, required | optional | {"do", "worm"}, where)
    for key in sorted(required):
        if key not in step:
            raise Malformed(f"{where}.{key}: missing (a {do} step needs {', '.join(sorted(required))})")
    out = dict(step)
    for key in ("at", "to", "target"):
        if key in step:
            v = step[key]
            if key == "at" and do == "place" and v == "emptiest":
                out[key] = "emptiest"
            else:
                out[key] = "target" if v == "target" else _hex(v, f"{where}.{key}")
    for key in ("worm", "thing", "card"):
        if key in step and not isinstance(step[key], str):
            raise Malformed(f"{where}.{key}: expected text, got {_show(step[key])}")
    if "facing" in step:
        out["facing"] = _int(step["facing"], f"{where}.facing", 1, 6)
    if do == "damage" and ("thing" in step) == ("at" in step):
        raise Malformed(f"{where}: a damage step takes either thing or at")
    if do == "place":
        if step["kind"] == "worm":
            raise Malformed(f"{where}.kind: worms are not placed from the pool")
        if step["kind"] not in KINDS:
            raise Malformed(f"{where}.kind: unknown kind {_show(step['kind'])}")
    if do == "accuracy":
        out["x"] = _int(step["x"], f"{where}.x", 1)
    if do == "play":
        _check_play(step, out, where)
    if do == "drop":
        _check_drop(step, where)
    return out


def _check_play(step: dict, out: dict, where: str) -> None:
    from table.cards import library
    cards = library()
    card = cards.get(step["card"])
    if card is None or card.kind in ("drop", "sudden_death"):
        known = ", ".join(sorted(c.id for c in cards.values() if c.kind not in ("drop", "sudden_death")))
        raise Malformed(f"{where}.card: unknown weapon card {_show(step['card'])} (known: {known})")
    out["moves"] = [parse_move(m, f"{where}.moves[{j}]")
                    for j, m in enumerate(_list(step.get("moves", []), f"{where}.moves"))]


def parse_move(m, where: str) -> tuple:
    """One movement: ``{inch = [q, r]}``, ``{jump = [q, r]}`` or ``{skip = true}``."""
    _keys(m, {"inch", "jump", "skip"}, where)
    if len(m) != 1:
        raise Malformed(f"{where}: give exactly one of inch, jump or skip")
    if "skip" in m:
        if m["skip"] is not True:
            raise Malformed(f"{where}.skip: expected true")
        return ("skip", None)
    kind = next(iter(m))
    return (kind, _hex(m[kind], f"{where}.{kind}"))


def _check_drop(step: dict, where: str) -> None:
    from table.cards import library
    cards = library()
    card = cards.get(step["card"])
    if card is None or card.kind not in ("drop", "sudden_death"):
        known = ", ".join(sorted(c.id for c in cards.values() if c.kind in ("drop", "sudden_death")))
        raise Malformed(f"{where}.card: unknown Drop or Sudden Death card {_show(step['card'])} "
                        f"(known: {known})")


# -- running it --------------------------------------------------------------------------------

class ScriptedChoices:
    """Answers decisions from the file's [choices] queues, else the rulings' default."""

    def __init__(self, choices: dict[str, list]):
        self.queues = {k: list(v) for k, v in choices.items()}

    def __call__(self, decision):
        queue = self.queues.get(decision.kind)
        if queue:
            return queue.pop(0)
        return decision.default


def run_scenario(sc: Scenario) -> dict:
    if hasattr(sc, "run_game"):          # the turn-level form (table/turns.py)
        return sc.run_game()
    script = Script(sc.dice, sc.flips)
    r = Resolver(sc.board, script, ScriptedChoices(sc.choices))
    for n, step in enumerate(sc.steps, 1):
        try:
            _apply(r, step)
        except (Illegal, OutOfRandom) as err:
            raise CannotRun(f"step {n} ({step['do']}): {err}") from None
    out = sc.board.as_json()
    out["unused"] = script.unused
    out["events"] = r.events
    return out


def _hex_of(r: Resolver, v):
    if v == "target":
        if r.board.target is None:
            raise Illegal("the step names the target, but the Target Token is not on the board")
        return r.board.target
    return v


def _thing(r: Resolver, thing_id: str) -> Thing:
    thing = r.board.things.get(thing_id)
    if thing is None:
        gone = " (it was destroyed)" if thing_id in r.board.destroyed else ""
        raise Illegal(f"there is no Thing {thing_id!r} on the board{gone}")
    return thing


def _apply(r: Resolver, step: dict) -> None:
    do = step["do"]
    if "worm" in step:
        r.activate(r.worm(step["worm"]).id)
    else:
        r.activate(None)
    if do == "blast":
        h = _hex_of(r, step["at"])
        if "facing" in step:
            r.airstrike(h, step["facing"])
        else:
            r.blast(h)
    elif do == "damage":
        if "thing" in step:
            r.damage(_thing(r, step["thing"]))
        else:
            h = _hex_of(r, step["at"])
            for thing in r.board.worms_first(h):
                if r.alive(thing, h):
                    r.damage(thing)
    elif do in ("move", "scatter", "knockback") and step["thing"] == "target":
        if r.board.target is None:
            raise Illegal("the Target Token is not on the board")
        if do == "move":
            r.set_target(_hex_of(r, step["to"]), r.board.target_facing)
        elif do == "scatter":
            r.scatter_target()
        else:
            r.knockback_target()
    elif do == "move":
        r.move(_thing(r, step["thing"]), _hex_of(r, step["to"]), "step")
    elif do == "scatter":
        r.scatter(_thing(r, step["thing"]))
    elif do == "knockback":
        r.knockback(_thing(r, step["thing"]))
    elif do == "place":
        h = r.emptiest() if step["at"] == "emptiest" else _hex_of(r, step["at"])
        if h is not None:
            r.place(step["kind"], h)
            r.full_hex(h)
    elif do == "change_wind":
        r.change_wind()
    elif do == "accuracy":
        worm = r.worm(step["worm"])
        r.accuracy(worm.at, _hex_of(r, step["target"]), step["x"])
    elif do == "inch":
        r.inch(r.worm(step["worm"]), _hex_of(r, step["to"]))
    elif do == "jump":
        r.jump(r.worm(step["worm"]), _hex_of(r, step["to"]))
    elif do == "play":
        from table.cards import library, play_card
        target = _hex_of(r, step["target"]) if "target" in step else None
        play_card(r, library()[step["card"]], r.worm(step["worm"]), target,
                  facing=step.get("facing"), thing=step.get("thing"), moves=step["moves"])
    elif do == "drop":
        from table.cards import library, resolve_drop
        resolve_drop(r, library()[step["card"]])


# -- the command -------------------------------------------------------------------------------

def configure(parser) -> None:
    parser.add_argument("file", help="the scenario file (TOML)")


def run(args) -> int:
    try:
        sc = load(args.file)
    except Malformed as err:
        print(f"{args.file}: malformed: {err}", file=sys.stderr)
        return 2
    try:
        out = run_scenario(sc)
    except CannotRun as err:
        print(f"{args.file}: cannot run: {err}", file=sys.stderr)
        return 1
    print(json.dumps(out, ensure_ascii=False))
    return 0
