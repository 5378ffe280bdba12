"""The storage guard: what the table shows while its state folder is in trouble.

* Problems found while reading the state (a damaged file moved aside, a card file left out, a
  game that does not replay) are shown one at a time, each until OK is pressed
  (:meth:`StorageGuard.problem_notice`).
* A write that fails (storage full, read-only, failing) stops play on a "storage full" /
  "storage failed" screen (:meth:`StorageGuard.prompt`): the daemon drops the game in memory
  (it may be ahead of the file) and, once :meth:`StateFolder.retry` finds storage working
  again -- OK on that screen, or every ``retry_s`` (:meth:`StorageGuard.tick`, from the
  daemon's retry task) -- the game goes on from the journal, as after a restart.
"""

from __future__ import annotations

import logging
import time
from typing import Callable

from table.journal import JournalDamaged, JournalError, JournalIOError
from table.ui import screens

from table.app.showing.views import fault_frame
from table.app.asking.prompts import Notice, View
from table.app.storage.folder import StateFolder
from table.app.storage.problems import Fault, Problem, words

log = logging.getLogger("worms-table")


class StorageGuard:
    """The storage side of the table over ``store`` (a :class:`StateFolder`): ``on_failed()``
    drops the game in memory, ``on_back()`` goes on from the journal; ``status(words)`` tells
    systemd (a :class:`Notifier`'s ``status``)."""

    retry_s = 30.0

    def __init__(self, store: StateFolder, *, status: Callable[[str], object],
                 on_failed: Callable[[], None], on_back: Callable[[], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.status = status
        self.on_failed = on_failed
        self.on_back = on_back
        self.clock = clock
        self.tried = -1e9                         # when storage was last tried again
        self._prompt: Notice | None = None          # the screen of the fault...
        self._shown: Fault | None = None              # ...this one

    def problem_notice(self) -> Notice | None:
        """The next state problem to show (as the overlay), taken off the list; None if none."""
        if not self.store.problems:
            return None
        problem: Problem = self.store.problems.pop(0)

        def draw(v: View) -> screens.Screen:
            title, body = words(problem.kind, v.lang, **problem.args)
            return screens.message(title, body)
        return Notice(draw)

    def prompt(self) -> Notice | None:
        """The "storage failed" screen while storage is at fault (OK: try again), the same
        object for the same fault; None while storage works.  Changes nothing on show."""
        fault = self.store.fault
        if fault is None:
            return None
        if self._prompt is None or self._shown is not fault:
            def draw(v: View) -> screens.Screen:
                title, body = words(fault.kind, v.lang)
                return screens.message(title, body)
            self._prompt = Notice(draw, frame=lambda v, t: fault_frame(v.base(), t))
            self._shown = fault
        return self._prompt

    def failed(self, err: BaseException) -> None:
        """A write failed: drop the game in memory (it may be ahead of the file) and wait for
        storage to work again."""
        fault = self.store.failed(err)
        self.status(f"storage {fault.kind}: {err}")
        self.on_failed()
        self.tried = self.clock()

    def retry(self) -> bool:
        """Try storage again; if it works, go on from the journal (the game in play, or a new
        game's wizard)."""
        self.tried = self.clock()
        if not self.store.retry():
            return False
        self.status("storage works again")
        self.on_back()
        return True

    def tick(self) -> bool:
        """From the retry task: try storage again every ``retry_s``; True if it came back."""
        if self.store.fault is None or self.clock() - self.tried < self.retry_s:
            return False
        try:
            return self.retry()
        except Exception:                   # never let it stop the retry task
            log.exception("retrying storage failed")
            return False

    def resume_failed(self, err: JournalError) -> None:
        """The game in play could not be rebuilt (a JournalError): storage trouble, or a game
        that does not replay (named, left in the journal; the daemon starts a new game)."""
        if isinstance(err, JournalIOError):      # (and JournalFull)
            self.failed(err)
        elif isinstance(err, JournalDamaged):     # set aside (named), a new journal
            if not self.store.journal_damaged(err):
                self.failed(err)
        else:
            log.error("cannot resume the game in play: %s; it stays in the journal; a new game",
                      err)
            self.store.problems.append(Problem("replay", str(err)))
