"""The prompts the daemon builds from its state, each built once for a state and kept, so that
reading what is on show (:meth:`Daemon.current`) is the same object until it is answered (a
prompt keeps its cursor) and changes nothing the table shows: a step to copy, the game's
decision, the game's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table.librarygame import LibraryGame

from table.app.asking.prompt import Prompt, View
from table.app.showing.views import Step, game_over, pending_hexes, winner_frame
from table.app.asking.prompts import for_decision
from table.app.showing.stepqueue import StepQueue


class OnShow:
    """The prompt last built of each kind, with the state it was built for."""

    def __init__(self) -> None:
        self._step: tuple[Any, Step] | None = None
        self._asked: tuple[Any, Prompt] | None = None
        self._over: tuple[Any, Prompt] | None = None

    def forget_asked(self) -> None:
        """The game moved on (an answer, an undo, a time-up): its decision is asked anew."""
        self._asked = None

    def forget(self) -> None:
        """The game is gone (storage failed)."""
        self._step = self._asked = self._over = None

    def step(self, queue: StepQueue) -> Step:
        """The first of the steps to copy (``queue`` holds some)."""
        key = (id(queue.steps[0]), queue.done)
        if self._step is None or self._step[0] != key:
            self._step = (key, Step(queue.steps[0], *queue.number(),   # "Hex 2/3"
                                    pending=pending_hexes(queue.steps[1:])))
        return self._step[1]

    def asked(self, game: LibraryGame | None, view: Callable[[], View]) -> Prompt | None:
        """The game's decision as the table asks it (None: nothing asked)."""
        d = game.request if game is not None else None
        if game is None or d is None:
            return None
        key = (id(d), len(game.log))
        if self._asked is None or self._asked[0] != key:
            self._asked = (key, for_decision(d, view()))
        return self._asked[1]

    def over(self, game: LibraryGame | None) -> Prompt:
        """The end of ``game``: who won (the winners' worms lit); OK for a new game."""
        key = (id(game), len(game.log) if game is not None else 0)
        if self._over is None or self._over[0] != key:
            result = game.result if game is not None else None
            winners = list(result.winners) if result is not None else []
            events = game.events if game is not None else []
            self._over = (key, game_over(result, events,
                                         frame=lambda v, t: winner_frame(v, winners, t)))
        return self._over[1]


__all__ = ["OnShow"]
