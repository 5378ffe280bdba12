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

#: The levels a team the box plays can have, weakest first (the bots: table/bots/).
LEVELS = ("easy", "normal", "hard")

#: Optional rules (T7 and the rulebook's other variants).
OPTIONS = ("parting_gifts", "reduced_blast", "no_sudden_death", "longer_game", "timer",
           "true_elimination", "sudden_death_draft", "late_superweapons", "choose_order")


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up: teams, options, map, and any fixed layout, deck or hands."""

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
    box: tuple[tuple[str, str], ...] = ()           # the teams the box plays: (team, level)
    colours: tuple[str, ...] | None = None          # the teams' colours (None: the first
                                                    # ``teams`` of TEAMS)

    def __post_init__(self):
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        if not isinstance(self.teams, int) or not 2 <= self.teams <= len(TEAMS):
            return f"teams: {self.teams!r}, a game has 2 to {len(TEAMS)} teams"
        c = self.colours
        if c is not None and (len(set(c)) != len(c) or not set(c) <= set(TEAMS)
                              or len(c) != self.teams):
            return f"colours: {c!r}, expected {self.teams} different team colours"
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
        problem = self._box_problem()
        if problem:
            return problem
        if self.things is None:      # (an automatic map is checked once it is laid)
            return capacity_problem(set(self.land) if self.land is not None else None, self.teams)
        return None

    def _box_problem(self) -> str | None:
        teams = (self.colours or TEAMS[:self.teams]) if isinstance(self.teams, int) else ()
        seen = set()
        for entry in self.box:
            if not (isinstance(entry, tuple) and len(entry) == 2):
                return f"box: {entry!r}, expected (team, level)"
            team, level = entry
            if team not in teams or team in seen:
                return f"box: {team!r} is not a team of this game, or named twice"
            if level not in LEVELS:
                return f"box: level {level!r} (levels: {', '.join(LEVELS)})"
            seen.add(team)
        return None       # (every team the box's: the shop demo's show; the wizard offers it not)

    def box_level(self, team: str | None) -> str | None:
        """The level the box plays ``team`` at, or None if players play it."""
        return dict(self.box).get(team) if team is not None else None

    def as_json(self) -> dict:
        out = asdict(self)
        if not self.box:
            del out["box"]          # (so every game before box teams keeps its JSON)
        else:
            out["box"] = [list(e) for e in self.box]
        out["options"] = list(self.options)
        if self.land is not None:
            out["land"] = [list(h) for h in self.land]
        if self.things is not None:
            out["things"] = [dict(t) for t in self.things]
        if self.drop_deck is not None:
            out["drop_deck"] = list(self.drop_deck)
        if self.hands is not None:
            out["hands"] = {team: list(cards) for team, cards in self.hands}
        if self.colours is None:
            del out["colours"]                      # (older journals and files say nothing)
        else:
            out["colours"] = list(self.colours)
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
        if data.get("box") is not None:
            data["box"] = tuple(tuple(e) if isinstance(e, list) else e for e in data["box"])
        if data.get("colours") is not None:
            data["colours"] = tuple(data["colours"])
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown game setting {sorted(unknown)[0]!r}")
        return cls(**data)
