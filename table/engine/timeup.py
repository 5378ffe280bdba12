"""The Timer option's rules (T7): the clock the daemon keeps runs out (``Game.time_up``), and
the turn goes to End turn once any card text being resolved is finished.  The log holds a
``{"timeout": true}`` entry where it took effect, so a replay gives it again at the same
question.  While the game waits for a die, a coin or a card the players give, the time-up is
held and logged at the turn's next question once that is given (:class:`Timer`).
"""

from __future__ import annotations

from typing import Any

from .config import GameConfig
from .decisions import TYPED, Decision, Illegal
from .rerun import TIMEOUT
from .state import Phase, State

#: the phases of a turn before End turn (the timer runs in these)
TURN_PHASES = (Phase.ACTIVATE, Phase.MOVE1, Phase.MOVE2, Phase.WEAPON)


def timer_seconds(config: GameConfig) -> int | None:
    """Seconds from the turn's start (before a worm is activated, T7) to End turn when the
    Timer option is on, else None."""
    return config.timer_seconds if "timer" in config.options else None


def may_run_out(st: State, answers: list[Any], held: int | None) -> bool:
    """True if the timer may run out now: during a turn, before End turn, once (``answers``:
    the phase's so far; ``held``: the turn of a time-up held, or None)."""
    return st.phase in TURN_PHASES and not st.timed_out and TIMEOUT not in answers \
        and held is None


def waits_for_players(request: Decision | None) -> bool:
    """True while the game waits for a die, a coin or a card the players give (TYPED): a
    time-up is then held until it is given."""
    return request is not None and request.kind in TYPED


class Timer:
    """A game's side of the Timer: its ``seconds`` (None: the option is off) and a time-up
    ``held`` while the players give a die, a coin or a card (the turn it ran out in)."""

    def __init__(self, config: GameConfig) -> None:
        self.seconds = timer_seconds(config)
        self.held: int | None = None

    def run_out(self, st: State, answers: list[Any], request: Decision | None) -> bool:
        """The clock ran out: True if the timeout is to be logged now; held (False) while
        the game waits for the players (``request``)."""
        if self.seconds is None:
            raise Illegal("the Timer option is not on in this game")
        if not may_run_out(st, answers, self.held):
            raise Illegal("the timer can only run out during a turn, before End turn, once")
        if waits_for_players(request):
            self.held = st.turn_no
            return False
        return True

    def release(self, st: State, answers: list[Any], request: Decision | None) -> bool:
        """Once the players gave what the game waited for: True if the time-up held is to be
        logged now (the game has come to a question of the same turn before End turn); it is
        dropped if the turn got there first (the text being resolved ended it, or the step
        went on to End turn)."""
        turn = self.held
        if turn is None or waits_for_players(request):
            return False
        self.held = None
        return request is not None and st.turn_no == turn and may_run_out(st, answers, None)
