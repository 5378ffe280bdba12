"""The game as the box plays it: the engine's Game, plus the players' own dice typed in.

With ``own_dice`` on (a :class:`TableConfig` setting, stored in the journal with the rest of
the config), every die and Danger coin the engine needs becomes a request of its own --
``Decision("die_typed", FACES)`` or ``Decision("flip_typed", ("safe", "danger"))`` -- which the
players answer with the face they rolled.  The value then enters the log as the ordinary
chance outcome, so a replay feeds the logged faces back in, undo still never goes past a
revealed result, and everything else in the engine is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.chance import FACES, SIDES
from table.engine.decisions import Decision, Illegal
from table.engine.game import GameConfig, NeedDecision
from table.game import Game

TYPED = ("die_typed", "flip_typed")


@dataclass(frozen=True)
class TableConfig(GameConfig):
    own_dice: bool = False          # the players roll real dice and type each face in


class TableGame(Game):
    """A :class:`Game` whose config may say ``own_dice``."""

    @staticmethod
    def config_from_json(data: dict) -> TableConfig:     # the journal's hook
        return TableConfig.from_json(data)

    @classmethod
    def new(cls, config, seed, cards=None, script=None, tiles=None) -> "TableGame":
        if isinstance(config, dict):
            config = TableConfig.from_json(config)
        return super().new(config, seed, cards, script, tiles=tiles)

    @classmethod
    def replay(cls, config, seed, log, cards=None, script=None) -> "TableGame":
        if isinstance(config, dict):
            config = TableConfig.from_json(config)
        if getattr(config, "own_dice", False) and script is None:
            script = ([e["value"] for e in log if e.get("chance") == "die"],
                      [e["value"] for e in log if e.get("chance") == "flip"])
        return super().replay(config, seed, log, cards, script)

    def _typed(self) -> bool:
        return getattr(self.config, "own_dice", False) and not self.__dict__.get("_forked")

    def _roll(self) -> str:
        if self._dice or not self._typed():
            return super()._roll()
        raise NeedDecision(Decision("die_typed", FACES, FACES[0], "roll"))

    def _flip(self) -> str:
        if self._flips or not self._typed():
            return super()._flip()
        raise NeedDecision(Decision("flip_typed", SIDES, SIDES[0], "flip"))

    def undo(self) -> None:
        if not self._typed():
            return super().undo()
        i = self._undo_point()
        if i is None:
            return super().undo()          # raises Illegal with the engine's words
        g = type(self).replay(self.config, self.seed, self._log[:i], self.cards)
        self.__dict__.update(g.__dict__)

    def fork(self, seed) -> "TableGame":
        g = super().fork(seed)
        g._forked = True
        return g

    def answer(self, value) -> None:
        d = self.request
        if d is None or d.kind not in TYPED:
            return super().answer(value)
        if value not in d.options:
            raise Illegal(f"{value!r} is not a {'die face' if d.kind == 'die_typed' else 'coin side'}"
                          f"; legal: {', '.join(d.options)}")
        pending = self._dice if d.kind == "die_typed" else self._flips
        dice, flips = self._script or ((), ())
        n_log = len(self._log)
        pending.append(value)
        try:
            self._advance()
        except Exception:
            if value in pending:
                pending.remove(value)
            del self._log[n_log:]
            raise
        self._script = ((*dice, value), tuple(flips)) if d.kind == "die_typed" else \
            (tuple(dice), (*flips, value))
