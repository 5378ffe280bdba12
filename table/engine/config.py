"""A game's settings: the teams, the optional rules, the map, the starting layout, who rolls,
who draws.

``GameConfig`` is checked when made (ValueError names the setting) and stored as JSON in the
journal (:meth:`GameConfig.as_json`, :meth:`GameConfig.from_json`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .board import TEAMS
from table.hexgrid import Hex
from .setup import capacity_problem

#: Optional rules (T7 and the rulebook's other variants).
OPTIONS = ("parting_gifts", "reduced_blast", "no_sudden_death", "longer_game", "timer",
           "true_elimination", "sudden_death_draft", "late_superweapons")


@dataclass(frozen=True)
class GameConfig:
    teams: int = 2                                  # 2-4, or 5-6 with the extra teams
    options: tuple[str, ...] = ()                   # from OPTIONS
    land: tuple[Hex, ...] | None = None             # None: the standard map (setup.py)
    placement: str = "auto"                         # "auto" or "players" (decisions)
    things: tuple[dict, ...] | None = None          # a fixed starting layout (scenarios)
    drop_deck: tuple[str, ...] | None = None        # a fixed Drop deck, top first
    hands: tuple[tuple[str, tuple[str, ...]], ...] | None = None   # fixed starting hands:
                                                    # (team, card ids) for every team in play
    wind: int | None = None                         # a fixed initial wind
    max_rounds: int | None = None                   # stop after this many rounds (bots)
    timer_seconds: int = 60
    larger_map: bool = False                        # the automatic map: every tile, not one each
    own_dice: bool = False                          # the players roll real dice and type each face
    own_decks: bool = False                         # the players draw from real decks and tap

    def __post_init__(self):
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        if not isinstance(self.teams, int) or not 2 <= self.teams <= len(TEAMS):
            return f"teams: {self.teams!r}, a game has 2 to {len(TEAMS)} teams"
        for o in self.options:
            if o not in OPTIONS:
                return f"options: unknown option {o!r} (known: {', '.join(OPTIONS)})"
        if self.placement not in ("auto", "players"):
            return f"placement: {self.placement!r}, expected auto or players"
        if self.hands is not None:
            named = [team for team, _ in self.hands]
            if len(set(named)) != len(named) or not set(named) <= set(TEAMS):
                return f"hands: {named!r}, expected each team once"
        if self.wind is not None and self.wind not in range(1, 7):
            return f"wind: {self.wind!r}, expected 1..6"
        if self.things is None:      # (an automatic map is checked once it is laid)
            return capacity_problem(set(self.land) if self.land is not None else None, self.teams)
        return None

    def as_json(self) -> dict:
        out = asdict(self)
        out["options"] = list(self.options)
        if self.land is not None:
            out["land"] = [list(h) for h in self.land]
        if self.things is not None:
            out["things"] = [dict(t) for t in self.things]
        if self.drop_deck is not None:
            out["drop_deck"] = list(self.drop_deck)
        if self.hands is not None:
            out["hands"] = {team: list(cards) for team, cards in self.hands}
        return out

    @classmethod
    def from_json(cls, data: dict) -> "GameConfig":
        data = dict(data)
        if "options" in data:
            data["options"] = tuple(data["options"])
        if data.get("land") is not None:
            data["land"] = tuple(tuple(h) for h in data["land"])
        if data.get("things") is not None:
            data["things"] = tuple({**t, "at": list(t["at"])} for t in data["things"])
        if data.get("drop_deck") is not None:
            data["drop_deck"] = tuple(data["drop_deck"])
        if data.get("hands") is not None:
            data["hands"] = tuple((team, tuple(cards)) for team, cards in data["hands"].items())
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown game setting {sorted(unknown)[0]!r}")
        return cls(**data)
