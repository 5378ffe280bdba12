"""A tiny game with the same interface as table.engine.game.Game, for testing the journal on
its own: deterministic from its seed, with decisions (one of them answered with hexes, i.e.
tuples) and chance outcomes in the log, undo that never passes a revealed random result, and a
replay that checks every chance outcome in the log against the seed.

The game ("pig on a hex grid"): on your turn keep rolling a die (a 1 loses the turn's points
and ends the turn) or hold (bank the points, then move your marker to a neighbouring hex).
Each turn begins with a flip that may turn the wind.  First to ``target`` points wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.chance import CounterRandom
from table.engine.decisions import Decision, Illegal, Purpose
from table.hexgrid import DIRECTIONS, neighbour


@dataclass(frozen=True)
class GameConfig:
    teams: tuple[str, ...] = ("blue", "red")
    target: int = 30

    def as_json(self) -> dict:
        return {"teams": list(self.teams), "target": self.target}

    @classmethod
    def from_json(cls, data: dict) -> "GameConfig":
        return cls(teams=tuple(data["teams"]), target=int(data["target"]))


class Board:
    def __init__(self, teams):
        self.wind = 1
        self.scores = {t: 0 for t in teams}
        self.markers = {t: (0, 0) for t in teams}

    def as_json(self) -> dict:
        return {"wind": self.wind, "scores": dict(self.scores),
                "markers": {t: list(h) for t, h in self.markers.items()}}


class Game:
    def __init__(self, config: GameConfig, seed: int):
        self.config = config
        self.seed = seed
        self._rng = CounterRandom(seed)
        self.board = Board(config.teams)
        self.log: list[tuple] = []
        self.result: dict | None = None
        self.active = 0
        self.pot = 0
        self.step = "move"

    @classmethod
    def new(cls, config: GameConfig, seed: int) -> "Game":
        game = cls(config, seed)
        game._start_turn()
        return game

    @classmethod
    def replay(cls, config: GameConfig, seed: int, log) -> "Game":
        game = cls.new(config, seed)
        for entry in log:
            if entry[0] == "answer":
                game.answer(entry[1])
        if game.log != list(log):
            raise ValueError("the log does not match this config and seed")
        return game

    @property
    def team(self) -> str:
        return self.config.teams[self.active]

    @property
    def request(self) -> Decision | None:
        if self.result is not None:
            return None
        if self.step == "move":
            return Decision("move", ("roll", "hold"), "roll", Purpose.AFFECT, self.team, card="pig")
        at = self.board.markers[self.team]
        hexes = tuple(neighbour(at, d) for d in DIRECTIONS)
        return Decision("hex", hexes, hexes[0], Purpose.AFFECT, self.team, card="marker")

    def answer(self, value) -> None:
        request = self.request
        if request is None:
            raise Illegal("the game is over")
        if value not in request.options:
            raise Illegal(f"{value!r} is not one of {request.options}")
        self.log.append(("answer", value))
        if value == "roll":
            face = self._rng.below(6) + 1
            self.log.append(("die", face))
            if face == 1:
                self.pot = 0
                self._next_team()
            else:
                self.pot += face
        elif value == "hold":
            self.board.scores[self.team] += self.pot
            self.pot = 0
            self.step = "hex"
        else:
            self.board.markers[self.team] = value
            if self.board.scores[self.team] >= self.config.target:
                self.result = {"winners": [self.team], "shared": False,
                               "scores": dict(self.board.scores)}
            else:
                self._next_team()

    def _next_team(self) -> None:
        self.active = (self.active + 1) % len(self.config.teams)
        self.step = "move"
        self._start_turn()

    def _start_turn(self) -> None:
        side = ("safe", "danger")[self._rng.below(2)]
        self.log.append(("flip", side))
        if side == "danger":
            self.board.wind = self.board.wind % 6 + 1

    @property
    def can_undo(self) -> bool:
        return bool(self.log) and self.log[-1][0] == "answer"

    def undo(self) -> None:
        if not self.can_undo:
            raise Illegal("nothing to undo since the last random result")
        back = Game.replay(self.config, self.seed, self.log[:-1])
        self.__dict__.update(back.__dict__)
