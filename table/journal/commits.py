"""The journal's transactions (a mixin of :class:`table.journal.store.Journal`): one write
transaction each, or every write of a :meth:`Commits.batch` in one; a batch's commit may run in
the journal's writer thread (``background=True``) while the caller draws what it will show,
:meth:`Commits.durable` saying when it is on disk.  While that commit runs, the connection is
the writer's: any other use of the journal (``self._db``) waits for it first.
"""

from __future__ import annotations

import logging
import sqlite3
from contextlib import contextmanager
from typing import Any

from .files import ERRORS, JournalError, error_class

log = logging.getLogger(__name__)


class Commits:
    """The transaction side of a journal: ``path``, its connection in ``_conn``."""

    path: str
    _batch: list | None
    _conn: sqlite3.Connection | None = None
    _pending: Any = None                    # a Future: batch(background=True)'s commit, running
    _after: list = []                       # what waits for that commit (pruning)
    _failed: BaseException | None = None    # how it failed, for durable() to raise
    _writer: Any = None                     # the writer thread (a ThreadPoolExecutor), once used

    @property
    def _db(self) -> sqlite3.Connection | None:
        """The connection, once the commit the writer thread may be running is done."""
        if self._pending is not None:
            self._settle()
        return self._conn

    @_db.setter
    def _db(self, db: sqlite3.Connection | None) -> None:
        self._conn = db

    # -- transactions ----------------------------------------------------------------------

    @contextmanager
    def _tx(self):
        """One write transaction: committed (durably) on exit, rolled back on any error.
        Inside :meth:`batch`, the batch's transaction, committed when the batch ends."""
        db = self._db
        if db is None:
            raise JournalError(f"journal {self.path} is closed")
        batched = self._batch is not None
        if not (batched and db.in_transaction):
            try:
                db.execute("BEGIN IMMEDIATE")
            except ERRORS as err:
                raise error_class(err)(f"cannot write journal {self.path}: {err}") from err
        try:
            yield db
            if not batched:
                db.execute("COMMIT")
        except BaseException as err:
            if db.in_transaction:       # (in a batch: every write of the batch so far)
                self._rollback(db)
            if isinstance(err, ERRORS):
                raise error_class(err)(f"cannot write journal {self.path}: {err}") from err
            raise

    @contextmanager
    def batch(self, background: bool = False):
        """Every write inside the block in one transaction, committed (durably) when the block
        ends: what one press changes (an answer, how far the players have copied the board)
        costs one sync, not one a write.  Nothing is durable before the block ends, so show
        nothing of it before then.  A write that fails rolls back the writes of the block
        before it too; what was written is committed even if the block then fails otherwise;
        a failed commit raises JournalError as a write would.

        ``background``: the commit runs in the journal's writer thread and the block returns
        at once, so the caller can draw what it will show while the disk syncs; it must call
        :meth:`durable` before showing any of it (that raises the commit's JournalError).
        Anything else that uses the journal meanwhile waits for the commit first."""
        if self._batch is not None:
            yield                          # (nested: the outer block commits)
            return
        db = self._db                      # (a commit still running: done first)
        self._batch = []
        try:
            yield
        finally:       # (what was written is committed even if the block failed after it)
            after, self._batch = self._batch, None
            if background and db is not None and db.in_transaction:
                if self._writer is None:
                    from concurrent.futures import ThreadPoolExecutor
                    self._writer = ThreadPoolExecutor(1, thread_name_prefix="journal writer")
                self._pending, self._after = self._writer.submit(self._commit_now, db), after
            else:
                self._commit(after)

    def durable(self) -> None:
        """Return once the writes of the last ``batch(background=True)`` are committed; raise
        the JournalError of that commit if it failed (once)."""
        if self._pending is not None:
            self._settle()
        err, self._failed = self._failed, None
        if err is not None:
            raise err

    def _settle(self) -> None:
        """Wait for the writer thread's commit; keep its error for :meth:`durable`."""
        pending, self._pending = self._pending, None
        after, self._after = self._after, []
        try:
            pending.result()
        except BaseException as err:       # (raised by durable(), in the caller's thread)
            self._failed = err
            return
        for work in after:
            work()

    def _commit(self, after: list) -> None:
        db = self._conn
        if db is not None and db.in_transaction:
            self._commit_now(db)
        for work in after:                 # (what waits for the commit: pruning)
            work()

    def _commit_now(self, db: sqlite3.Connection) -> None:
        """COMMIT (in the caller's thread or the writer's); rolled back if it fails."""
        try:
            db.execute("COMMIT")
        except ERRORS as err:
            if db.in_transaction:
                self._rollback(db)
            raise error_class(err)(f"cannot write journal {self.path}: {err}") from err

    def _rollback(self, db) -> None:
        try:
            db.execute("ROLLBACK")
        except ERRORS as err:     # the first error is the one to report
            log.warning("rollback of %s failed: %s", self.path, err)
