"""What the daemon does when its state folder is in trouble (a part of :class:`Daemon`).

* Problems found while reading the state (a damaged file moved aside, a card file left out, a
  game that does not replay) are shown one at a time, each until OK is pressed.
* A write that fails (storage full, read-only, failing) stops play on a "storage full" /
  "storage failed" screen: the game in memory is dropped (it may be ahead of the file) and,
  once :meth:`StateFolder.retry` finds storage working again -- OK on that screen, or every
  ``storage_retry_s`` -- the game goes on from the journal, as after a restart.
"""

from __future__ import annotations

import logging

from table.ui import screens

from .hardware import _fault_frame
from .prompts import Notice
from .state import Problem, words

log = logging.getLogger("worms-table")


class StorageMixin:
    """The daemon's storage handling; uses ``self.store`` (a StateFolder) and the daemon's
    game, prompts and notifier."""

    storage_retry_s = 30.0
    _storage_prompt: Notice | None = None
    _storage_tried = -1e9

    @property
    def journal(self):
        return self.store.journal

    def _problem_notice(self) -> Notice | None:
        """The next state problem to show (as the overlay), if any."""
        if not self.store.problems:
            return None
        problem: Problem = self.store.problems.pop(0)

        def draw(v):
            title, body = words(problem.kind, v.lang, **problem.args)
            return screens.message(title, body)
        return Notice(draw)

    def storage_prompt(self) -> Notice | None:
        """The "storage failed" screen while storage is at fault (OK: try again)."""
        fault = self.store.fault
        if fault is None:
            self._storage_prompt = None
            return None
        if self._storage_prompt is None or self._storage_prompt.fault is not fault:
            def draw(v):
                title, body = words(fault.kind, v.lang)
                return screens.message(title, body)
            self._storage_prompt = Notice(draw, frame=lambda v, t: _fault_frame(v.base(), t))
            self._storage_prompt.fault = fault
        return self._storage_prompt

    def storage_failed(self, err: BaseException) -> None:
        """A write failed: drop the game in memory (it may be ahead of the file) and wait for
        storage to work again."""
        fault = self.store.failed(err)
        self.notifier.status(f"storage {fault.kind}: {err}")
        self.jg = None
        self.tracker = None
        self.steps, self.step_no, self.step_total = [], 0, 0
        self.deadline = None
        self.timer_turn = None
        self.overlay = None
        self._game_prompt = self._step_prompt = None
        self.mode = "storage"
        self._storage_tried = self.clock()

    def retry_storage(self) -> bool:
        """Try storage again; if it works, go on from the journal (the game in play, or a new
        game's wizard)."""
        self._storage_tried = self.clock()
        if not self.store.retry():
            return False
        self.notifier.status("storage works again")
        self._start_from_journal()
        return True

    def _start_from_journal(self) -> None:
        if self.store.fault is None and self.resume():
            return
        if self.store.fault is not None:
            self.mode = "storage"
        elif self.mode != "wizard" or self.wizard is None:
            self.new_wizard()

    def _resume_failed(self, err) -> None:
        """The game in play could not be rebuilt: storage trouble, or a game that does not
        replay (named, left in the journal, and a new game)."""
        if err.reason in ("full", "io"):
            self.storage_failed(err)
            return
        if err.reason == "damaged":             # set aside (named), a new journal
            if not self.store.journal_damaged(err):
                self.storage_failed(err)
            self.jg = None
            return
        log.error("cannot resume the game in play: %s; it stays in the journal; a new game",
                  err)
        self.store.problems.append(Problem("replay", str(err)))
        self.jg = None

    def _storage_tick(self) -> bool:
        """From the retry task: try storage again every ``storage_retry_s``; True if it came
        back."""
        if self.store.fault is None or self.clock() - self._storage_tried < self.storage_retry_s:
            return False
        try:
            return self.retry_storage()
        except Exception:                   # never let it stop the retry task
            log.exception("retrying storage failed")
            return False
