"""The game told turn by turn, for the spectator page: one line a turn, from the engine's
events, in the players' language ("4. Red 2: Bazooka, missed · hurt: Blue 1"); a card played
at another card's PLAY symbol has a line of its own, under the same turn's number."""

from __future__ import annotations

from collections.abc import Mapping

from .instructions import identify, worm_number
from .strings import text, worm_short


def _worm(lang: str, thing_id: str) -> str:
    return worm_short(lang, identify(thing_id)[1] or "", worm_number(thing_id))


def turn_log(events: list[dict], lang: str, cards: Mapping | None = None,
             last: int = 12) -> list[str]:
    """A line for each of the ``last`` turns (each card played in it), newest last, then (a
    game over) the end's."""
    end = [end_log(lang, e) for e in events[-1:] if e.get("event") == "game_over"]
    return (_turns(events, lang, cards, last) + end)[-last:]


def _turns(events: list[dict], lang: str, cards: Mapping | None, last: int) -> list[str]:
    """A line for each of the ``last`` turns (each card played in it), newest last."""
    lines: list[str] = []
    turn = None

    def flush():
        if turn is None:
            return
        head = f"{turn['n']}. " + (_worm(lang, turn["worm"]) if turn["worm"]
                                   else text("team." + turn["team"], lang))
        parts = [turn["card"] or text("log.no_card", lang)]
        if turn["shot"]:
            parts.append(text("sum.hit" if turn["shot"] == "hit" else "sum.miss", lang))
        for key in ("hurt", "out", "sank", "iced", "ice_holds"):
            if turn[key]:
                parts.append(text(f"sum.{key}", lang, who=", ".join(turn[key])))
        if turn["drop"]:
            parts.append(turn["drop"])
        lines.append(f"{head}: " + " · ".join(parts))

    for e in events:
        name = e.get("event")
        if name == "turn":
            flush()
            turn = {"n": e["number"], "team": e["team"], "worm": None, "card": None,
                    "shot": None, "hurt": [], "out": [], "sank": [], "iced": [], "ice_holds": [],
                    "drop": None}
        elif turn is None:
            continue
        elif name == "activate":
            turn["worm"] = e["worm"]
        elif name == "play":
            if turn["card"] is not None:      # played at a PLAY symbol: a line of its own
                flush()
                turn = {**turn, "card": None, "shot": None, "hurt": [], "out": [],
                        "sank": [], "iced": [], "ice_holds": [], "drop": None}
            card = (cards or {}).get(e["card"])
            turn["card"] = card.name(lang) if card is not None else e["card"]
        elif name == "accuracy":
            turn["shot"] = "hit" if e.get("picked") == "hit" else "miss"
        elif name == "damage" and identify(e["thing"])[0] == "worm":
            who = _worm(lang, e["thing"])
            if who not in turn["hurt"]:
                turn["hurt"].append(who)
        elif name in ("freeze", "ice_holds"):
            who = _worm(lang, e["thing"])
            key = "iced" if name == "freeze" else "ice_holds"
            if who not in turn[key]:
                turn[key].append(who)
        elif name == "destroy" and e.get("kind") == "worm":
            who = _worm(lang, e["thing"])
            turn["sank" if e.get("cause") == "sank" else "out"].append(who)
            if who in turn["hurt"]:
                turn["hurt"].remove(who)
        elif name in ("drop", "sudden_death") and not e.get("sudden_death"):
            card = (cards or {}).get(e["card"])
            turn["drop"] = text("do.drop", lang, card=card.name(lang) if card else e["card"])
    flush()
    return lines[-last:]


def end_log(lang: str, e: dict) -> str:
    """The log's last line: who won, and why (table.ui.summaries.end_lines)."""
    from table.engine.state import GameResult
    from .summaries import end_lines, winner_line
    result = GameResult.from_json(e)
    return " · ".join([winner_line(lang, list(result.winners))] + end_lines(lang, result))
