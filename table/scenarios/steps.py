"""The step form of a scenario file: a position, scripted dice, and effect steps applied to it.

The format is docs/scenarios.md's; :func:`parse` reads a file's data, :meth:`StepScenario.run`
applies its steps and returns the resulting position as JSON-ready data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from table.engine import THING_KINDS, Board, Illegal, OutOfRandom, Resolver, Script, Thing
from table.engine import entering
from table.engine.cards import CardPlay
from table.engine.effects import CHOOSE_ORDER, RULES

from .fields import (CHOICE_KINDS, CannotRun, Malformed, hexagon, items, keys, order, parse_cards,
                     parse_choices, parse_move, parse_random, parse_things, show, thens, weapon,
                     whole)

SECTIONS = {"title", "board", "things", "random", "choices", "steps", "cards"}
BOARD_KEYS = {"land", "wind", "rules", "order"}

#: do -> (required keys, optional keys).  Every step may also name the active `worm`.
SCENARIO_STEPS: dict[str, tuple[set[str], set[str]]] = {
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
    "play": ({"worm", "card"}, {"target", "facing", "thing", "moves", "then"}),
    "drop": ({"card"}, set()),
}


@dataclass
class StepScenario:
    board: Board
    dice: list[str]
    flips: list[str]
    choices: dict[str, list]
    steps: list[dict] = field(default_factory=list)
    title: str = ""
    cards: dict = field(default_factory=dict)    # the library, and the file's own cards

    def run(self) -> dict:
        """Apply the steps; the position, the unused script and the events (CannotRun: exit 1)."""
        script = Script(self.dice, self.flips)
        r = Resolver(self.board, script, ScriptedChoices(self.choices))
        for n, step in enumerate(self.steps, 1):
            try:
                _apply(r, step, self.cards)
            except (Illegal, OutOfRandom) as err:
                raise CannotRun(f"step {n} ({step['do']}): {err}") from None
        out = self.board.as_json()
        out["unused"] = script.unused
        out["events"] = r.events
        return out


def parse(data: dict) -> StepScenario:
    keys(data, SECTIONS, "the file")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise Malformed(f"title: expected text, got {show(title)}")
    if "board" not in data:
        raise Malformed("board: the [board] section is missing (it needs land and wind)")
    board = _parse_board(keys(data["board"], BOARD_KEYS, "board"))
    parse_things(data.get("things", []), board)
    dice, flips = parse_random(data)
    choices = parse_choices(keys(data.get("choices", {}), CHOICE_KINDS, "choices"))
    cards = parse_cards(data.get("cards", []))
    steps = [_parse_step(s, i, cards)
             for i, s in enumerate(items(data.get("steps", []), "steps"))]
    return StepScenario(board, dice, flips, choices, steps, title, cards)


def _parse_board(table: dict) -> Board:
    for key in ("land", "wind"):
        if key not in table:
            raise Malformed(f"board.{key}: missing")
    land = {hexagon(h, f"board.land[{i}]") for i, h in enumerate(items(table["land"], "board.land"))}
    wind = whole(table["wind"], "board.wind", 1, 6)
    rules = set()
    for i, rule in enumerate(items(table.get("rules", []), "board.rules")):
        if rule not in RULES:
            raise Malformed(f"board.rules[{i}]: unknown rule {show(rule)} (known: {', '.join(RULES)})")
        rules.add(rule)
    if order(table, "board.order"):
        rules.add(CHOOSE_ORDER)
    return Board(land=land, wind=wind, rules=rules)


def _parse_step(step: Any, i: int, cards: dict) -> dict:
    where = f"steps[{i}]"
    if not isinstance(step, dict):
        raise Malformed(f"{where}: expected a table, got {show(step)}")
    do = step.get("do")
    if not isinstance(do, str) or do not in SCENARIO_STEPS:
        raise Malformed(f"{where}.do: unknown step {show(do)} (steps: {', '.join(SCENARIO_STEPS)})")
    required, optional = SCENARIO_STEPS[do]
    keys(step, required | optional | {"do", "worm"}, where)
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
                out[key] = "target" if v == "target" else hexagon(v, f"{where}.{key}")
    for key in ("worm", "thing", "card"):
        if key in step and not isinstance(step[key], str):
            raise Malformed(f"{where}.{key}: expected text, got {show(step[key])}")
    if "facing" in step:
        out["facing"] = whole(step["facing"], f"{where}.facing", 1, 6)
    if do == "damage" and ("thing" in step) == ("at" in step):
        raise Malformed(f"{where}: a damage step takes either thing or at")
    if do == "place":
        if step["kind"] == "worm":
            raise Malformed(f"{where}.kind: worms are not placed from the pool")
        if step["kind"] not in THING_KINDS:
            raise Malformed(f"{where}.kind: unknown kind {show(step['kind'])}")
    if do == "accuracy":
        out["x"] = whole(step["x"], f"{where}.x", 1)
    if do == "play":
        _check_play(step, out, where, cards)
    if do == "drop":
        _check_drop(step, where, cards)
    return out


def _check_play(step: dict, out: dict, where: str, cards: dict) -> None:
    weapon(step["card"], f"{where}.card", cards)
    out["moves"] = [parse_move(m, f"{where}.moves[{j}]")
                    for j, m in enumerate(items(step.get("moves", []), f"{where}.moves"))]
    out["then"] = thens(step.get("then", []), f"{where}.then", cards)


def _check_drop(step: dict, where: str, cards: dict) -> None:
    card = cards.get(step["card"])
    if card is None or card.kind not in ("drop", "sudden_death"):
        known = ", ".join(sorted(c.id for c in cards.values() if c.kind in ("drop", "sudden_death")))
        raise Malformed(f"{where}.card: unknown Drop or Sudden Death card {show(step['card'])} "
                        f"(known: {known})")


class ScriptedChoices:
    """Answers decisions from the file's [choices] queues, else the rulings' default."""

    def __init__(self, choices: dict[str, list]):
        self.queues = {k: list(v) for k, v in choices.items()}

    def __call__(self, decision):
        queue = self.queues.get(decision.kind)
        if queue:
            return queue.pop(0)
        return decision.default


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


def _apply(r: Resolver, step: dict, cards: dict) -> None:
    if "worm" in step:
        r.activate(r.worm(step["worm"]).id)
    else:
        r.activate(None)
    do = _DOES.get(step["do"])
    if do is not None:
        do(r, step, cards)


def _blast(r: Resolver, step: dict, cards: dict) -> None:
    h = _hex_of(r, step["at"])
    if "facing" in step:
        r.airstrike(h, step["facing"])
    else:
        r.blast(h)


def _damage(r: Resolver, step: dict, cards: dict) -> None:
    if "thing" in step:
        r.damage(_thing(r, step["thing"]))
        return
    h = _hex_of(r, step["at"])
    for thing in r.board.worms_first(h):
        if r.alive(thing, h):
            r.damage(thing)


def _the_target(r: Resolver, step: dict) -> bool:
    """Whether the step moves the Target Token (Illegal if it is not on the board)."""
    if step["thing"] != "target":
        return False
    if r.board.target is None:
        raise Illegal("the Target Token is not on the board")
    return True


def _move(r: Resolver, step: dict, cards: dict) -> None:
    if _the_target(r, step):
        r.set_target(_hex_of(r, step["to"]), r.board.target_facing)
    else:
        r.move(_thing(r, step["thing"]), _hex_of(r, step["to"]), "step")


def _scatter(r: Resolver, step: dict, cards: dict) -> None:
    if _the_target(r, step):
        r.scatter_target()
    else:
        r.scatter(_thing(r, step["thing"]))


def _knockback(r: Resolver, step: dict, cards: dict) -> None:
    if _the_target(r, step):
        r.knockback_target()
    else:
        r.knockback(_thing(r, step["thing"]))


def _place(r: Resolver, step: dict, cards: dict) -> None:
    h = r.emptiest() if step["at"] == "emptiest" else _hex_of(r, step["at"])
    if h is not None:
        r.place(step["kind"], h)
        entering.full_hex(r, h)


def _accuracy(r: Resolver, step: dict, cards: dict) -> None:
    worm = r.worm(step["worm"])
    r.accuracy(worm.at, _hex_of(r, step["target"]), step["x"])


def _play(r: Resolver, step: dict, cards: dict) -> None:
    from table.cards import play_card
    target = _hex_of(r, step["target"]) if "target" in step else None
    then = [CardPlay(cards[e["card"]], e.get("target"), e.get("facing"), e.get("thing"),
                     tuple(e["moves"])) for e in step["then"]]
    play_card(r, cards[step["card"]], r.worm(step["worm"]), target,
              facing=step.get("facing"), thing=step.get("thing"), moves=step["moves"], then=then)


def _drop(r: Resolver, step: dict, cards: dict) -> None:
    from table.cards import resolve_drop
    resolve_drop(r, cards[step["card"]])


#: what each step of the step form does (``do``)
_DOES: dict[str, Callable[[Resolver, dict, dict], None]] = {
    "blast": _blast, "damage": _damage, "move": _move, "scatter": _scatter,
    "knockback": _knockback, "place": _place,
    "change_wind": lambda r, step, cards: r.change_wind(),
    "accuracy": _accuracy,
    "inch": lambda r, step, cards: r.inch(r.worm(step["worm"]), _hex_of(r, step["to"])),
    "jump": lambda r, step, cards: r.jump(r.worm(step["worm"]), _hex_of(r, step["to"])),
    "play": _play, "drop": _drop,
}
