"""Storage that fails on demand, at the seam where SQLite itself reports it: the connections a
journal opens are made by sqlite3's own ``factory`` (:func:`opening`), a
:class:`FaultyConnection`.  While its ``error`` is set, every statement that writes (INSERT,
UPDATE, DELETE, COMMIT) raises it before it reaches SQLite -- as SQLite raises
``database or disk is full`` when a page cannot be allocated or a commit cannot be written --
and the transaction is left for the journal to roll back.  ``on_commit`` is called as each
COMMIT begins.  (Tests run as root: a read-only folder made with chmod would not stop them, so
the failure is injected here.)"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from table.journal import Journal

WRITES = ("INSERT", "UPDATE", "DELETE", "COMMIT")


def disk_full() -> sqlite3.OperationalError:
    err = sqlite3.OperationalError("database or disk is full")
    err.sqlite_errorcode, err.sqlite_errorname = 13, "SQLITE_FULL"
    return err


def io_error() -> sqlite3.OperationalError:
    err = sqlite3.OperationalError("disk I/O error")
    err.sqlite_errorcode, err.sqlite_errorname = 10, "SQLITE_IOERR"
    return err


class FaultyConnection(sqlite3.Connection):
    """A connection whose writes raise ``error`` while it is set (``refused`` counts them)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.error: Exception | None = None
        self.refused = 0
        self.on_commit: Callable[[], None] | None = None

    def _check(self, sql: str) -> None:
        if self.on_commit is not None and sql.strip().upper() == "COMMIT":
            self.on_commit()
        if self.error is not None and sql.lstrip().upper().startswith(WRITES):
            self.refused += 1
            raise self.error

    def execute(self, sql, parameters=(), /):
        self._check(sql)
        return super().execute(sql, parameters)

    def executemany(self, sql, parameters, /):
        self._check(sql)
        return super().executemany(sql, parameters)

    def executescript(self, sql, /):
        self._check(sql)
        return super().executescript(sql)


class Opened(dict):
    """The connections opened in an :func:`opening` block, by the file's path (the last one
    opened on each)."""

    def of(self, path) -> FaultyConnection:
        return self[os.path.abspath(os.fspath(path))]


@contextmanager
def opening() -> Iterator[Opened]:
    """Every SQLite connection opened inside the block (a journal's, with the journal or the
    daemon that opens it) made a :class:`FaultyConnection`, doing as SQLite does until told
    otherwise; ``opened.of(path)`` is the one on ``path``."""
    real = sqlite3.connect
    opened = Opened()

    def connect(database, *args, **kwargs):
        db = real(database, *args, factory=FaultyConnection, **kwargs)
        opened[os.path.abspath(os.fspath(database))] = db
        return db

    sqlite3.connect = connect
    try:
        yield opened
    finally:
        sqlite3.connect = real


def open_journal(path, **kwargs) -> tuple[Journal, FaultyConnection]:
    """``(journal, db)``: a journal opened on ``path``, and the connection it opened (a
    :class:`FaultyConnection`: it fails on demand only)."""
    with opening() as opened:
        journal = Journal(path, **kwargs)
    return journal, opened.of(path)
