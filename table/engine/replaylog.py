"""Reading a game's log back (``Game.replay``): the cards the players taught the box during the
game (``learn`` entries) and checking that the game, given the log's answers again, logs what
the log holds (:class:`~table.engine.rerun.ReplayMismatch` names the first entry that differs).

Log entries (JSON objects), in order:
``{"answer": v, "kind", "why", "actor"}``; ``{"timeout": true}``; chance outcomes
``{"chance": "die"|"flip", "value"}``, ``{"chance": "shuffle", "what", "order"}``,
``{"chance": "pick", "what", "value"}``; cards revealed ``{"reveal": "supply", "team",
"card"}`` (card null: the Supply deck is empty) and ``{"reveal": "drop", "card"}``; a card
the players taught the box during the game ``{"learn": {card's fields}}`` (``Game.add_card``);
when setup ends, ``{"setup": {"board", "hands", "decks"}}`` (``Game.setup``).
With the players' own dice or decks (``own_dice``, ``own_decks``) a face, a side or a card
tapped is asked for (``die_typed``, ``flip_typed``, ``card_tapped``) and enters the log as the
chance outcome or the revealed card it stands for, never as an answer.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .decisions import Illegal
from .rerun import ReplayMismatch, same_entry


def learnt_before(log: list) -> dict[int, list[dict]]:
    """The cards taught during a game (``learn`` entries), by the index of the answer (or
    timeout) before them in ``log`` (-1: before the first)."""
    out: dict[int, list[dict]] = {}
    last = -1
    for n, entry in enumerate(log):
        if "answer" in entry or entry.get("timeout"):
            last = n
        elif isinstance(entry.get("learn"), dict):
            out.setdefault(last, []).append(entry["learn"])
    return out


def untaught(cards: dict | None, learn: dict[int, list[dict]]) -> dict | None:
    """The cards a replay starts with: ``cards`` but those taught during the game (``learn``),
    which join it where the log says."""
    learnt = {c.get("id") for cs in learn.values() for c in cs}
    if cards is None or not learnt:
        return cards
    return {k: c for k, c in cards.items() if k not in learnt}


def card_json(card: Card) -> dict[str, Any]:
    """A card as a log entry holds it (JSON-ready: lists for tuples)."""
    defaults = Card._field_defaults
    return {name: list(v) if isinstance(v, tuple) else v
            for name, v in zip(card._fields, card) if name not in defaults or v != defaults[name]}


def json_card(data: dict[str, Any]) -> Card:
    """The card of a ``learn`` log entry (the library checked it when it was taught)."""
    try:
        args: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                for k, v in data.items()}
        return Card(**args)
    except TypeError as err:
        raise Illegal(f"a card in the log cannot be read: {err}") from None


def setup_aside(mine: list[dict]) -> tuple[int, dict] | None:
    """A log written before games recorded their setup, replayed: the record made again is
    taken out of the game's log (``mine``) and kept beside it, so the log stays entry for
    entry the one stored.  Where it stood, and the record; None if there was none."""
    for n, e in enumerate(mine):
        if "setup" in e:
            del mine[n]
            return n, e["setup"]
    return None


def checked_log(mine: list[dict], log: list, learn: dict[int, list[dict]]) -> list[dict]:
    """The game's log once checked against ``log``: ReplayMismatch unless the
    game, given ``log``'s answers again, logged (``mine``) what ``log`` holds; with cards
    taught, the same entries kept in the log's order."""
    # (a card taught is added before the answer that led to it, so the game knows it
    # when that answer draws it: its entry may stand a few places earlier than logged)
    ours = [e for e in mine if "learn" not in e] if learn else mine
    theirs = [e for e in log if "learn" not in e] if learn else log
    if learn and [e for e in mine if "learn" in e] != [e for e in log if "learn" in e]:
        raise ReplayMismatch("the cards taught during the game differ from the log's")
    for n in range(len(theirs)):
        given = theirs[n]
        if n >= len(ours):
            raise ReplayMismatch(f"log entry {n}: the log goes on after the game it "
                                 f"describes stops ({given})")
        if same_entry(ours[n]) != same_entry(given):
            raise ReplayMismatch(f"log entry {n}: the game gives {ours[n]}, "
                                 f"the log has {given}")
    if learn:                   # the same entries: kept in the log's order
        return [dict(e) for e in log] + ours[len(theirs):]
    return mine
