"""The Timer option's side of :class:`table.engine.game.Game` (T7): the clock the daemon keeps
runs out (``time_up``), and the turn goes to End turn once any card text being resolved is
finished.  The log holds a ``{"timeout": true}`` entry where it took effect, so a replay
gives it again at the same question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import GameConfig
from .decisions import Decision, Illegal
from .dice import TYPED
from .rerun import TIMEOUT
from .state import Phase, State

#: the phases of a turn before End turn (the timer runs in these)
TURN_PHASES = (Phase.ACTIVATE, Phase.MOVE1, Phase.MOVE2, Phase.WEAPON)


class TimeUps:
    """The timer methods of :class:`table.engine.game.Game`."""

    config: GameConfig
    _st: State
    _answers: list[Any]
    _request: Decision | None
    _held: int | None                   # the turn of a time-up held while a die... is given

    if TYPE_CHECKING:
        def _commit_input(self, v: Any, entry: dict[str, Any]) -> None: ...

    @property
    def timer(self) -> int | None:
        """Seconds from activation to End turn when the Timer option is on (the daemon keeps
        the clock and calls time_up())."""
        return self.config.timer_seconds if "timer" in self.config.options else None

    def time_up(self) -> None:
        """The Timer ran out (T7): the turn goes to End turn once any card text being
        resolved is finished.  While the game waits for a die, a coin or a card the players
        give (TYPED) it is held, and logged at the turn's next question once that is given
        (where a replay, which has the log's faces and cards at hand, meets it too)."""
        if self.timer is None:
            raise Illegal("the Timer option is not on in this game")
        if not self._may_run_out():
            raise Illegal("the timer can only run out during a turn, before End turn, once")
        if self._request is not None and self._request.kind in TYPED:
            self._held = self._st.turn_no
            return
        self._commit_input(TIMEOUT, {"timeout": True})

    def _may_run_out(self) -> bool:
        st = self._st
        return st.phase in TURN_PHASES and not st.timed_out and TIMEOUT not in self._answers \
            and self._held is None

    def _release(self) -> None:
        """A time-up held while a die, a coin or a card was given: logged now if the game has
        come to a question of the same turn before End turn, dropped if the turn got there
        first (the text being resolved ended it, or the step went on to End turn)."""
        turn, d = self._held, self._request
        if turn is None or d is not None and d.kind in TYPED:
            return
        self._held = None
        if d is not None and self._st.turn_no == turn and self._may_run_out():
            self._commit_input(TIMEOUT, {"timeout": True})
