"""Checkpoints: the game as it stood between two steps, kept every few log entries, so that
undo rebuilds a long game from the last one before the answer taken back and re-runs only the
entries after it, never the whole game (table/engine/game.py's ``undo``).  Also the setup
record's side: :attr:`Checkpoints.setup` reads it back from the log.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, NamedTuple

from .dice import PlayersDice
from .state import Setup, State

#: a checkpoint is kept at the first step's end this many log entries after the last one, so
#: undo re-runs at most about that many entries, however long the game
EVERY = 12


class Checkpoint(NamedTuple):
    """The game between two steps: how long its log and events were, its state
    (``State.snapshot()``) and a copy of its chance source."""

    n_log: int
    n_events: int
    state: tuple
    dice: Any


def dice_copy(dice):
    """An independent copy of a chance source (table/engine/dice.py) as it stands."""
    d = copy.copy(dice)
    d.rng = copy.copy(dice.rng)
    d.dice, d.flips, d.taps = list(dice.dice), list(dice.flips), list(dice.taps)
    return d


def dice_resumed(dice, rest: list[dict], typed: bool):
    """The chance source of a checkpoint, going on through the log entries ``rest`` after it:
    the faces, sides and cards the players gave (``typed``: their own dice; ``own_decks``)
    are the ones ``rest`` holds, as a replay's would be (dice_for)."""
    d = dice_copy(dice)
    if typed:
        d.dice = [e["value"] for e in rest if e.get("chance") == "die"]
        d.flips = [e["value"] for e in rest if e.get("chance") == "flip"]
    if d.own_decks:
        d.taps = [e["card"] for e in rest if e.get("reveal") and e.get("card") is not None]
    return d



class Checkpoints:
    """The checkpoint and setup-record methods of :class:`table.engine.game.Game`."""

    _log: list[dict[str, Any]]
    _events: list[dict[str, Any]]
    _checkpoints: list[Checkpoint]
    _setup_record: dict | None
    _fork: bool
    _st: State
    _base: dict
    _answers: list[Any]
    _known: list[dict[str, Any]]
    _run_events: list[dict[str, Any]]
    _request: Any
    _snap: tuple | None
    _dirty: bool
    dice: Any

    if TYPE_CHECKING:
        def _advance(self) -> None: ...

        def _feed(self, log: list, start: int, learn: dict[int, list[dict]]) -> None: ...

    @property
    def setup(self) -> Setup | None:
        """The game as its setup left it: the board as laid, the hands as dealt, what the decks
        held (:class:`~table.engine.state.Setup`), read from the log's ``setup`` record (never
        re-derived); None while setup is still going on."""
        record = self._setup_record
        if record is None:
            record = next((e["setup"] for e in self._log if "setup" in e), None)
        return Setup.from_json(record) if record is not None else None

    def _keep_setup_aside(self) -> None:
        """A log written before games recorded their setup: the record made again is kept
        beside the log, not in it, so the log stays entry for entry the one stored."""
        for n, e in enumerate(self._log):
            if "setup" in e:
                self._setup_record = e["setup"]
                del self._log[n]
                self._checkpoints = [Checkpoint(c.n_log - 1, *c[1:]) if c.n_log > n else c
                                     for c in self._checkpoints]
                return

    def _from_checkpoint(self, log: list) -> "Checkpoints | None":
        """The game ``log`` describes, rebuilt from the last checkpoint within it and the
        entries after that (a few), not from the start; None without such a checkpoint (or
        with cards taught during the game: a replay puts those where they belong)."""
        cp = next((c for c in reversed(self._checkpoints) if c.n_log <= len(log)), None)
        if cp is None or any("learn" in e for e in self._log):
            return None
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g._st = State.from_snapshot(cp.state)
        g.dice = dice_resumed(cp.dice, log[cp.n_log:], isinstance(self.dice, PlayersDice))
        g._log = log[:cp.n_log]
        g._events = self._events[:cp.n_events]
        g._answers, g._known, g._run_events = [], [], []
        g._request, g._snap, g._dirty = None, None, False
        g._checkpoints = [c for c in self._checkpoints if c.n_log <= cp.n_log]
        g._advance()
        g._feed(log, cp.n_log, {})
        return g

    def _checkpoint(self) -> None:
        """Keep the game as it stands between two steps, every EVERY log entries (undo)."""
        last = self._checkpoints[-1].n_log if self._checkpoints else 0
        if not self._fork and len(self._log) - last >= EVERY:
            self._checkpoints.append(Checkpoint(len(self._log), len(self._events),
                                                self._st.snapshot(), dice_copy(self.dice)))
