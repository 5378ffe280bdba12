"""The turn timer (the optional rule): how long the team to play has left.

The clock of a turn starts once the players have copied the last turn's changes onto the board,
runs only in the turn's phases, and stops when the game ends.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from table.engine.game import TURN_PHASES


class TurnTimer:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.deadline: float | None = None    # when the turn in play is up; None: no clock
        self.turn: int | None = None          # the turn the clock was started for
        self._shown_second: int | None = None

    def check(self, game: Any, copying: bool) -> None:
        """Start the clock of ``game``'s turn if it is due (not while the players are
        ``copying`` the last turn's changes), or stop it."""
        if game is None or game.timer is None or game.result is not None:
            self.deadline = None
            return
        turn = game.turn
        if turn.step not in TURN_PHASES:
            self.deadline = None
            return
        if turn.number != self.turn:
            if copying:                 # the last turn's clock stops; this one's waits
                self.deadline = None
                return
            self.turn = turn.number
            self.deadline = self.clock() + game.timer

    def reset(self) -> None:
        self.deadline = None
        self.turn = None

    def expired(self) -> bool:
        return self.deadline is not None and self.clock() >= self.deadline

    def left(self) -> float | None:
        """Seconds left, or None with no clock running."""
        return None if self.deadline is None else self.deadline - self.clock()

    def new_second(self) -> bool:
        """The whole seconds left changed since last asked (the screen's clock must move)."""
        second = int(self.deadline - self.clock()) if self.deadline else None
        if second == self._shown_second:
            return False
        self._shown_second = second
        return True
