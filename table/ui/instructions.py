"""Engine events turned into physical instructions for the players, one at a time.

The engine records every change as an event (see :mod:`table.engine.effects`); the players
must copy each change onto the cardboard board.  :func:`instructions` turns a list of events
into :class:`Instruction` values: what to do (a string key and its arguments, read in any
language with :meth:`Instruction.text`) and which LED hexes to flash (``at``, and ``to`` for
a move).  Rolls, flips and the like are bookkeeping: the dice are shown on the OLED, not
copied onto the board, so they give no instruction.

A worm is called by its team and number (:attr:`Thing.number <table.engine.board.Thing.number>`:
"red-2" is red worm 2), or by its whole id when that ends in no digit (a scenario's "A").
"""

from typing import Any, Mapping, NamedTuple

from table.cards import library
from table.engine.board import THING_KINDS, TEAMS, Board, Thing, split_id
from table.hexgrid import Hex

from .layout import card_name
from .strings import NO_ARGS, sentence, text

#: Events that change nothing the players must copy onto the board.
BOOKKEEPING = frozenset({"roll", "flip", "accuracy", "blast", "oil_drum", "prod", "sink",
                         "map", "deck_short",
                         "pool_empty", "setup", "turn", "activate", "play", "end_turn",
                         "reshuffle", "drop_empty", "final_round", "eliminated", "game_over",
                         "card_drawn", "shield", "ice_holds", "by_hand"})
#: Which form of the team name each sentence takes.
TEAM_FORM = {"do.move_worm": "team_acc", "do.lay_down": "team_acc", "do.worm_sank": "team_adj",
             "do.worm_out": "team_adj", "do.draw": "team", "do.take": "team",
             "do.supply_empty": "team",
             "do.heal": "team_acc", "do.place_worm": "team_acc", "do.freeze": "team_acc",
             "do.thaw": "team_acc", "do.last_worm": "team", "do.eliminated": "team"}


class Instruction(NamedTuple):
    """One thing the players do on the real board: a string key, its arguments, the hexes."""

    key: str                               # a string key of table.ui.strings ("do.*")
    args: Mapping[str, Any] = NO_ARGS   # team id, worm number n, direction d, rule
    at: Hex | None = None                  # the hex to flash: where it happens, or starts
    to: Hex | None = None                  # where a move ends

    def text(self, lang: str) -> str:
        args = dict(self.args)
        if "team" in args:
            args["team"] = text(f"{TEAM_FORM[self.key]}.{args['team']}", lang)
        if "rule" in args:
            args["rule"] = text(f"rule.{args['rule']}", lang)
        if "card" in args:
            args["card"] = card_name(library(), args["card"], lang)
        return sentence(text(self.key, lang, **args))


def worm_number(worm: Thing | str) -> str:
    """The number a worm is called by ("2" for red worm 2), or its whole id when that ends in
    no digit; ``worm`` is the Thing, or its id when no board at hand holds it."""
    if isinstance(worm, Thing):
        number, name = worm.number, worm.id
    else:
        number, name = split_id(worm)[1], worm
    return name if number is None else str(number)


def identify(thing_id: str) -> tuple[str, str | None]:
    """Kind and team of a Thing the board did not hold, from the ids the engine gives:
    ``"<team>-<n>"`` for worms, ``"<kind>-<n>"`` for the rest."""
    stem = split_id(thing_id)[0]
    if stem in TEAMS:
        return "worm", stem
    if stem in THING_KINDS:
        return stem, None
    raise ValueError(f"the events name a Thing {thing_id!r} that the board before them did "
                     "not hold: pass the board as it was before the first event")


def _hex(v) -> Hex | None:
    return tuple(v) if v is not None else None


def turn_instruction(e: dict) -> Instruction:
    """A turn that changes without a question (the ``activate`` of a team's last worm, a team
    ``eliminated``, the final round), said."""
    if e["event"] == "activate":
        return Instruction("do.last_worm", {"team": e["team"], "n": worm_number(e["worm"])},
                           tuple(e["at"]) if e.get("at") is not None else None)
    if e["event"] == "eliminated":
        return Instruction("do.eliminated", {"team": e["team"]})
    return Instruction("do.final_round", {})


def instructions(events: list[dict], before: Board) -> list[Instruction]:
    """The physical steps for ``events``, which the engine recorded starting from the board
    ``before`` (as it was before the first of them: it names the Things they mention)."""
    return _Steps(before).say(events)


class _Steps:
    """The instructions of a run of events, one handler a kind of event (:data:`COPIED`)."""

    def __init__(self, before: Board) -> None:
        self.held = dict(before.things)          # the Things as the board before them held
        self.things = {t.id: (t.kind, t.team) for t in before.things.values()}
        self.where: dict[str, Hex | None] = {t.id: t.at for t in before.things.values()}  # "heal"
        self.target = before.target
        self.sudden = None     # the Sudden Death card just revealed: its rule is not said twice
        self.out: list[Instruction] = []

    def say(self, events: list[dict]) -> list[Instruction]:
        i = 0
        while i < len(events):
            e = events[i]
            name = e["event"]
            nxt = events[i + 1] if i + 1 < len(events) else {}
            i += 1
            if name in BOOKKEEPING:
                continue
            handler = COPIED.get(name)
            if handler is None:
                raise ValueError(f"no instruction for the engine event {name!r}: add it to "
                                 "table/ui/instructions.py COPIED (or to BOOKKEEPING if the "
                                 "players have nothing to do)")
            i += handler(self, e, nxt) or 0       # (a handler may take the next event too)
        return self.out

    def known(self, thing_id: str) -> tuple[str, str | None]:
        if thing_id not in self.things:
            self.things[thing_id] = identify(thing_id)
        return self.things[thing_id]

    def worm(self, thing_id: str) -> dict:
        return {"team": self.known(thing_id)[1],
                "n": worm_number(self.held.get(thing_id) or thing_id)}

    def _on_move(self, e: dict, nxt: dict) -> int:
        thing = e["thing"]
        kind = self.known(thing)[0]
        start, end = _hex(e["from"]), _hex(e["to"])
        self.where[thing] = end
        if (nxt.get("event") == "destroy" and nxt.get("thing") == thing
                and nxt.get("cause") == "sank"):
            self.out.append(Instruction("do.worm_sank", self.worm(thing), start, end)
                            if kind == "worm" else Instruction(f"do.remove.{kind}", {}, start, end))
            return 1
        if kind == "worm":
            self.out.append(Instruction("do.move_worm", self.worm(thing), start, end))
        else:
            self.out.append(Instruction(f"do.move.{kind}", {}, start, end))
        return 0

    def _on_destroy(self, e: dict, nxt: dict) -> None:
        kind, at = e["kind"], _hex(e["at"])
        self.out.append(Instruction("do.worm_out", self.worm(e["thing"]), at) if kind == "worm"
                        else Instruction(f"do.remove.{kind}", {}, at))

    def _on_damage(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.lay_down", self.worm(e["thing"]), _hex(e["at"])))

    def _on_freeze(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction(f"do.{e['event']}", self.worm(e["thing"]), _hex(e["at"])))

    def _on_heal(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.heal", self.worm(e["worm"]), self.where.get(e["worm"])))

    def _on_place(self, e: dict, nxt: dict) -> None:
        self.where[e["thing"]] = _hex(e["at"])
        if e["kind"] == "worm":      # setup
            self.out.append(Instruction("do.place_worm", self.worm(e["thing"]), _hex(e["at"])))
        else:
            self.things[e["thing"]] = (e["kind"], None)
            self.out.append(Instruction(f"do.place.{e['kind']}", {}, _hex(e["at"])))

    def _on_flood(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.flood", {}, _hex(e["at"])))

    def _on_wind(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.wind", {"d": e["to"]}))

    def _on_draw(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.draw", {"team": e["team"]}))

    def _on_supply_empty(self, e: dict, nxt: dict) -> None:
        self.out.append(Instruction("do.supply_empty", {"team": e["team"]}))

    def _on_target(self, e: dict, nxt: dict) -> None:
        at = _hex(e["at"])
        if e.get("by") is not None:
            self.out.append(Instruction("do.move_target", {}, self.target, at))
        elif e.get("facing") is not None:
            self.out.append(Instruction("do.target_facing", {"d": e["facing"]}, at))
        else:
            self.out.append(Instruction("do.target", {}, at))
        self.target = at

    def _on_drop(self, e: dict, nxt: dict) -> None:
        name = e["event"]
        if not e.get("sudden_death"):    # the lasting Sudden Death card is named once
            self.out.append(Instruction(f"do.{name}", {"card": e["card"]}))
        self.sudden = e["card"] if name == "sudden_death" else None

    def _on_rule(self, e: dict, nxt: dict) -> None:
        if e.get("card") is None or e["card"] != self.sudden:
            self.out.append(Instruction("do.rule", {"rule": e["rule"]}))


#: Events the players copy onto the board, each with the handler that turns it into
#: instructions (a handler that takes the next event too returns 1).
COPIED = {"move": _Steps._on_move, "destroy": _Steps._on_destroy, "damage": _Steps._on_damage,
          "heal": _Steps._on_heal, "freeze": _Steps._on_freeze, "thaw": _Steps._on_freeze,
          "place": _Steps._on_place, "flood": _Steps._on_flood, "wind": _Steps._on_wind,
          "draw": _Steps._on_draw, "supply_empty": _Steps._on_supply_empty,
          "target": _Steps._on_target, "rule": _Steps._on_rule, "drop": _Steps._on_drop,
          "sudden_death": _Steps._on_drop}
