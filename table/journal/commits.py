"""The journal's transactions (a mixin of :class:`table.journal.store.Journal`): one write
transaction each, or every write of a :meth:`Commits.batch` in one.
"""

from __future__ import annotations

import logging
import sqlite3
from contextlib import contextmanager

from .files import ERRORS, JournalError, error_class

log = logging.getLogger(__name__)


class Commits:
    """The transaction side of a journal: ``path``, its connection in ``_db``."""

    path: str
    _batch: list | None
    _db: sqlite3.Connection | None = None

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
    def batch(self):
        """Every write inside the block in one transaction, committed (durably) when the block
        ends: what one press changes (an answer, how far the players have copied the board)
        costs one sync, not one a write.  Nothing is durable before the block ends, so show
        nothing of it before then.  A write that fails rolls back the writes of the block
        before it too; what was written is committed even if the block then fails otherwise;
        a failed commit raises JournalError as a write would."""
        if self._batch is not None:
            yield                          # (nested: the outer block commits)
            return
        self._batch = []
        try:
            yield
        finally:       # (what was written is committed even if the block failed after it)
            after, self._batch = self._batch, None
            self._commit(after)

    def _commit(self, after: list) -> None:
        db = self._db
        if db is not None and db.in_transaction:
            try:
                db.execute("COMMIT")
            except ERRORS as err:
                if db.in_transaction:
                    self._rollback(db)
                raise error_class(err)(f"cannot write journal {self.path}: {err}") from err
        for work in after:                 # (what waits for the commit: pruning)
            work()

    def _rollback(self, db) -> None:
        try:
            db.execute("ROLLBACK")
        except ERRORS as err:     # the first error is the one to report
            log.warning("rollback of %s failed: %s", self.path, err)
