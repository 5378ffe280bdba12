"""The fields of a scenario file, checked: both forms (docs/scenarios.md) read through these.

Every reader raises :class:`Malformed` naming the field (``things[2].at``) and what it expected.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from table.engine import BOX, FACES, TEAMS, THING_KINDS, WORMS_PER_TEAM, Board, Thing
from table.engine.anatomy import WEAPON_KINDS
from table.engine.board import ENTRY_KINDS
from table.engine.decisions import SKIP, DecisionKind, Movement, Way

RANDOM_KEYS = {"dice", "flips"}
ORDER_GROUPS = frozenset(ENTRY_KINDS)
THING_KEYS = {"kind", "id", "team", "at", "damaged"}


class ScenarioError(Exception):
    """The root of a scenario file's errors: :class:`Malformed` or :class:`CannotRun`."""


class Malformed(ScenarioError):
    """The file breaks the format; exit 2."""


class CannotRun(ScenarioError):
    """A step cannot run; exit 1."""


# -- reading the file --------------------------------------------------------------------------

def keys(table: Any, allowed: set[str], where: str) -> dict:
    if not isinstance(table, dict):
        raise Malformed(f"{where}: expected a table, got {show(table)}")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise Malformed(f"{where}: unknown key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
    return table


def show(v: Any) -> str:
    try:
        return json.dumps(v, default=str)    # (a TOML date or time shows as its text)
    except ValueError:                       # a list holding itself cannot come from TOML
        return repr(v)


def whole(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise Malformed(f"{where}: expected a whole number, got {show(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise Malformed(f"{where}: {v} is out of range ({lo}..{hi})")
    return v


def hexagon(v: Any, where: str) -> tuple[int, int]:
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise Malformed(f"{where}: expected a hex [q, r], got {show(v)}")
    return (v[0], v[1])


def items(v: Any, where: str) -> list:
    if not isinstance(v, list):
        raise Malformed(f"{where}: expected a list, got {show(v)}")
    return v


def face(v: Any, where: str) -> str:
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if v not in FACES:
        raise Malformed(f"{where}: {show(v)} is not a die face (faces: {', '.join(FACES)})")
    return v


def parse_random(data: dict) -> tuple[list[str], list[str]]:
    """The [random] section: the scripted dice and flips."""
    rnd = keys(data.get("random", {}), RANDOM_KEYS, "random")
    dice = [face(v, f"random.dice[{i}]") for i, v in enumerate(items(rnd.get("dice", []), "random.dice"))]
    flips = items(rnd.get("flips", []), "random.flips")
    for i, v in enumerate(flips):
        if v not in ("safe", "danger"):
            raise Malformed(f"random.flips[{i}]: {show(v)} is not a flip (safe or danger)")
    return dice, flips


def parse_things(raw: Any, board: Board) -> None:
    parsed = [_thing(item, f"things[{i}]", board) for i, item in enumerate(items(raw, "things"))]
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


def _thing(item: Any, where: str, board: Board) -> tuple:
    """One ``[[things]]`` entry, checked (its id reserved on ``board``): ``(id or None, kind,
    at, team, damaged)``."""
    keys(item, THING_KEYS, where)
    kind = item.get("kind")
    if kind not in THING_KINDS:
        raise Malformed(f"{where}.kind: unknown kind {show(kind)} (kinds: {', '.join(THING_KINDS)})")
    if "at" not in item:
        raise Malformed(f"{where}.at: missing")
    at = hexagon(item["at"], f"{where}.at")
    if not board.is_land(at):
        raise Malformed(f"{where}.at: {list(at)} is water; Things start on land hexes")
    team = item.get("team")
    if kind == "worm":
        _worm_fields(item, where)
    else:
        for key in ("team", "damaged"):
            if key in item:
                raise Malformed(f"{where}.{key}: only worms have a {key}")
    damaged = item.get("damaged", False)
    if not isinstance(damaged, bool):
        raise Malformed(f"{where}.damaged: expected true or false, got {show(damaged)}")
    thing_id = item.get("id")
    if thing_id is not None:
        if not isinstance(thing_id, str) or not thing_id:
            raise Malformed(f"{where}.id: expected a non-empty text, got {show(thing_id)}")
        if board.id_taken(thing_id) or thing_id == "target":
            raise Malformed(f"{where}.id: {thing_id!r} is used twice" if thing_id != "target"
                            else f"{where}.id: 'target' is reserved for the Target Token")
        board.reserve_id(thing_id)
    return thing_id, kind, at, team, damaged


def _worm_fields(item: dict, where: str) -> None:
    team = item.get("team")
    if team is None:
        raise Malformed(f"{where}.team: a worm needs a team ({', '.join(TEAMS)})")
    if team not in TEAMS:
        raise Malformed(f"{where}.team: unknown team {show(team)} (teams: {', '.join(TEAMS)})")
    if "id" not in item:
        raise Malformed(f"{where}.id: a worm needs an id")


def parse_choices(table: dict) -> dict[str, list]:
    """``[choices]``: a queue of answers for each kind of decision, each read as
    :data:`CHOICES` says."""
    return {kind: [CHOICES[DecisionKind(kind)](a, f"choices.{kind}[{i}]")
                   for i, a in enumerate(items(answers, f"choices.{kind}"))]
            for kind, answers in table.items()}


def _thing_id(a: Any, where: str) -> str:
    if not isinstance(a, str):
        raise Malformed(f"{where}: expected a Thing id, got {show(a)}")
    return a


def _card_id(a: Any, where: str) -> str:
    if not isinstance(a, str):
        raise Malformed(f"{where}: expected a card id, got {show(a)}")
    return a


def _order(a: Any, where: str) -> tuple:
    groups = items(a, where)
    if not groups or any(not isinstance(g, str) or g not in ORDER_GROUPS for g in groups):
        raise Malformed(f"{where}: expected a list of {', '.join(sorted(ORDER_GROUPS))}")
    return tuple(groups)


#: the kinds of decision ``[choices]`` may answer, and how an answer of each is read (the
#: scenario files' mapping of a decision kind)
CHOICES: dict[DecisionKind, Callable[[Any, str], Any]] = {
    DecisionKind.CARD: _card_id,
    DecisionKind.DIE: face,
    DecisionKind.DIRECTION: lambda a, where: whole(a, where, 1, 6),
    DecisionKind.HEX: hexagon,
    DecisionKind.THING: _thing_id,
    DecisionKind.ORDER: _order,
}
CHOICE_KINDS = {str(k) for k in CHOICES}


def order(table: dict, where: str) -> bool:
    """``order``: ``"choose"`` (the active player orders simultaneous Things, E2.7: a
    ``thing`` decision each time two or more of a group wait) or ``"hex"`` (the default)."""
    v = table.get("order", "hex")
    if v not in ("hex", "choose"):
        raise Malformed(f"{where}: {show(v)} is not an order (hex or choose)")
    return v == "choose"


def parse_move(m, where: str) -> Movement:
    """One movement: ``{inch = [q, r]}``, ``{jump = [q, r]}`` or ``{skip = true}``."""
    keys(m, {"inch", "jump", "skip"}, where)
    if len(m) != 1:
        raise Malformed(f"{where}: give exactly one of inch, jump or skip")
    if "skip" in m:
        if m["skip"] is not True:
            raise Malformed(f"{where}.skip: expected true")
        return SKIP
    kind = next(iter(m))
    return Movement(Way(kind), hexagon(m[kind], f"{where}.{kind}"))


def parse_cards(raw: Any) -> dict:
    """The shipped cards with the file's own ``[[cards]]`` (the card-file schema, docs/cards.md)
    joined, for this scenario only: never the owner's card folder of whoever runs it (one
    file settles it); a card a card file could not hold, or an id the shipped cards have, is
    malformed naming ``cards[i]`` and the field."""
    from table.cards import parse_card
    from table.cards.reading import shipped_cards

    cards = {c.id: c for c in shipped_cards()}
    for i, table in enumerate(items(raw, "cards")):
        card, problems = parse_card(table, f"cards[{i}]", i)
        if problems:
            raise Malformed("; ".join(problems))
        assert card is not None
        if card.id in cards:
            raise Malformed(f"cards[{i}]: card {card.id}: id: already in the library "
                            f"({cards[card.id].source or 'shipped'})")
        cards[card.id] = card
    return cards


# -- a card played ------------------------------------------------------------------------------

#: the keys of a ``then`` entry: a card played at a PLAY symbol
THEN_KEYS = {"card", "target", "facing", "thing", "moves"}


def weapon(card: Any, where: str, cards: dict) -> None:
    """``card`` is a weapon card of the library (Malformed names the known ones if not)."""
    known = cards.get(card) if isinstance(card, str) else None
    if known is None or known.kind not in WEAPON_KINDS:
        ids = ", ".join(sorted(c.id for c in cards.values() if c.kind in WEAPON_KINDS))
        raise Malformed(f"{where}: unknown weapon card {show(card)} (known: {ids})")


def played(t: dict, where: str, moves: str) -> dict:
    """An entry's card play read: its ``target``, ``facing``, ``thing`` and the answers of
    its card's MOVE symbols (under the key ``moves``)."""
    out = dict(t)
    if "thing" in t and not isinstance(t["thing"], str):
        raise Malformed(f"{where}.thing: expected text, got {show(t['thing'])}")
    if "target" in t:          # (a hex: the token may have moved by then)
        out["target"] = hexagon(t["target"], f"{where}.target")
    if "facing" in t:
        out["facing"] = whole(t["facing"], f"{where}.facing", 1, 6)
    out[moves] = [parse_move(m, f"{where}.{moves}[{j}]")
                  for j, m in enumerate(items(t.get(moves, []), f"{where}.{moves}"))]
    return out


def thens(raw: Any, where: str, cards: dict) -> list[dict]:
    """A play's ``then`` entries read: the cards played at its PLAY symbols, in order."""
    out = []
    for k, entry in enumerate(items(raw, where)):
        at = f"{where}[{k}]"
        keys(entry, THEN_KEYS, at)
        if "card" not in entry:
            raise Malformed(f"{at}.card: missing (the card played at that PLAY symbol)")
        weapon(entry["card"], f"{at}.card", cards)
        out.append(played(entry, at, "moves"))
    return out

