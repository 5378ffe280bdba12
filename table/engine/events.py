"""Every event the engine records: a closed set of kinds, each with its keys.

An event is a JSON-ready dict, ``{"event": <kind>, <key>: <value>, ...}``, appended to
``Resolver.events`` (and so to ``Game.events`` and a scenario file's output) by
:meth:`table.engine.effects.Resolver.event`, which refuses a kind not listed here.  The dicts
stay plain (the kind is stored as its ``str``), so journals and scenario outputs read the same
as before the set was closed.  ``docs/scenarios.md`` explains the effects' events and
``docs/game.md`` the game's.

>>> EventKind("blast") is EventKind.BLAST, EventKind.BLAST == "blast"
(True, True)
>>> problem({"event": "blast", "at": [0, 0], "for": "mine"}) is None
True
>>> problem({"event": "blast", "at": [0, 0]})
"a blast event lacks 'for'"
>>> problem({"event": "boom"})
"'boom' is not an event kind"
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """What happened.  The effects (rulings E1-E16, docs/scenarios.md):"""

    ROLL = "roll"                    # a die rolled: face, for
    FLIP = "flip"                    # the Danger Flipper: side, for
    TARGET = "target"                # the Target Token put or moved: at, facing, [by]
    ACCURACY = "accuracy"            # an Accuracy roll: dice, rolled, picked
    BLAST = "blast"                  # a Blast: at, for
    PLACE = "place"                  # a Thing placed: thing, kind, at, [setup]
    SINK = "sink"                    # a Thing placed on water sank: kind, at
    POOL_EMPTY = "pool_empty"        # nothing of that kind left to place: kind, at
    MOVE = "move"                    # a Thing moved: thing, by, from, to
    DAMAGE = "damage"                # a worm laid down: thing, at
    DESTROY = "destroy"              # a Thing left the board: thing, kind, at, cause
    DRAW = "draw"                    # a crate opened, a Supply card to draw: team, worm
    PROD = "prod"                    # the full-hex rule prods a Thing: thing, at
    OIL_DRUM = "oil_drum"            # an Oil Drum burst: at, hexes
    FLOOD = "flood"                  # a hex became water: at
    WIND = "wind"                    # the wind changed: from, to
    RULE = "rule"                    # a lasting rule in force: rule, [card]
    SHIELD = "shield"                # a Freeze: team
    FREEZE = "freeze"                # a worm encased in ice: thing, at
    ICE_HOLDS = "ice_holds"          # damage to an encased worm does nothing: thing, at
    THAW = "thaw"                    # the ice token goes: thing, at
    BY_HAND = "by_hand"              # card text the players resolve themselves: card, text
    # the game's (docs/game.md)
    MAP = "map"                      # the automatic map laid: tiles, land
    DECK_SHORT = "deck_short"        # a deck (or the map tiles) ran short: deck, card, wanted, have
    SETUP = "setup"                  # the game starts: seats, order, wind, drop_deck, supply_deck
    TURN = "turn"                    # a turn begins: number, team
    ACTIVATE = "activate"            # a worm activated: worm, team, at
    HEAL = "heal"                    # a damaged worm healed on activation: worm
    PLAY = "play"                    # a weapon card played: card, team, worm
    END_TURN = "end_turn"            # End turn: team
    DROP = "drop"                    # a Drop card (or Sudden Death's drop part): card,
                                     # [sudden_death]
    SUDDEN_DEATH = "sudden_death"    # the Sudden Death card revealed: card, rule
    RESHUFFLE = "reshuffle"          # the Drop cards reshuffled (No Sudden Death): deck, cards
    DROP_EMPTY = "drop_empty"        # the Drop step finds no card
    CARD_DRAWN = "card_drawn"        # a Supply card handed out: team
    SUPPLY_EMPTY = "supply_empty"    # the Supply deck had no card to hand out: team
    ELIMINATED = "eliminated"        # a team lost its last worm: team
    FINAL_ROUND = "final_round"      # the final round begins (T6): teams
    GAME_OVER = "game_over"          # the result (GameResult.as_json()): winners, shared,
                                     # reason, worms, undamaged, turns


#: Each kind's keys: (always there, sometimes there).
KEYS: dict[EventKind, tuple[tuple[str, ...], tuple[str, ...]]] = {
    EventKind.ROLL: (("face", "for"), ()),
    EventKind.FLIP: (("side", "for"), ()),
    EventKind.TARGET: (("at", "facing"), ("by",)),
    EventKind.ACCURACY: (("dice", "rolled", "picked"), ()),
    EventKind.BLAST: (("at", "for"), ()),
    EventKind.PLACE: (("thing", "kind", "at"), ("setup",)),
    EventKind.SINK: (("kind", "at"), ()),
    EventKind.POOL_EMPTY: (("kind", "at"), ()),
    EventKind.MOVE: (("thing", "by", "from", "to"), ()),
    EventKind.DAMAGE: (("thing", "at"), ()),
    EventKind.DESTROY: (("thing", "kind", "at", "cause"), ()),
    EventKind.DRAW: (("team", "worm"), ()),
    EventKind.PROD: (("thing", "at"), ()),
    EventKind.OIL_DRUM: (("at", "hexes"), ()),
    EventKind.FLOOD: (("at",), ()),
    EventKind.WIND: (("from", "to"), ()),
    EventKind.RULE: (("rule",), ("card",)),
    EventKind.SHIELD: (("team",), ()),
    EventKind.FREEZE: (("thing", "at"), ()),
    EventKind.ICE_HOLDS: (("thing", "at"), ()),
    EventKind.THAW: (("thing", "at"), ()),
    EventKind.BY_HAND: (("card", "text"), ()),
    EventKind.MAP: (("tiles", "land"), ()),
    EventKind.DECK_SHORT: (("deck", "card", "wanted", "have"), ()),
    EventKind.SETUP: (("seats", "order", "wind", "drop_deck", "supply_deck"), ()),
    EventKind.TURN: (("number", "team"), ()),
    EventKind.ACTIVATE: (("worm", "team", "at"), ()),
    EventKind.HEAL: (("worm",), ()),
    EventKind.PLAY: (("card", "team", "worm"), ()),
    EventKind.END_TURN: (("team",), ()),
    EventKind.DROP: (("card",), ("sudden_death",)),
    EventKind.SUDDEN_DEATH: (("card", "rule"), ()),
    EventKind.RESHUFFLE: (("deck", "cards"), ()),
    EventKind.DROP_EMPTY: ((), ()),
    EventKind.CARD_DRAWN: (("team",), ()),
    EventKind.SUPPLY_EMPTY: (("team",), ()),
    EventKind.ELIMINATED: (("team",), ()),
    EventKind.FINAL_ROUND: (("teams",), ()),
    EventKind.GAME_OVER: (("winners", "shared", "reason", "worms", "undamaged", "turns"), ()),
}

#: kind -> the plain ``str`` an event dict holds (also the check that a kind is known)
PLAIN: dict[str, str] = {k.value: k.value for k in EventKind}


def problem(event: dict[str, Any]) -> str | None:
    """What is wrong with an event dict (an unknown kind, a key missing or unknown), or None."""
    name = event.get("event")
    if name not in PLAIN:
        return f"{name!r} is not an event kind"
    must, may = KEYS[EventKind(name)]
    keys = set(event) - {"event"}
    for k in must:
        if k not in keys:
            return f"a {name} event lacks {k!r}"
    extra = sorted(keys - set(must) - set(may))
    if extra:
        return f"a {name} event has the unknown key {extra[0]!r}"
    return None
