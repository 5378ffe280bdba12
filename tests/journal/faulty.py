"""Storage that fails on demand, at the seam where SQLite itself reports it: a wrapper round a
journal's sqlite3 connection.  While ``error`` is set, every statement that writes (INSERT,
UPDATE, DELETE, COMMIT) raises it before it reaches SQLite -- as SQLite raises
``database or disk is full`` when a page cannot be allocated or a commit cannot be written --
and the transaction is left for the journal to roll back.  (Tests run as root: a read-only
folder made with chmod would not stop them, so the failure is injected here.)"""

from __future__ import annotations

import sqlite3

WRITES = ("INSERT", "UPDATE", "DELETE", "COMMIT")


def disk_full() -> sqlite3.OperationalError:
    err = sqlite3.OperationalError("database or disk is full")
    err.sqlite_errorcode, err.sqlite_errorname = 13, "SQLITE_FULL"
    return err


def io_error() -> sqlite3.OperationalError:
    err = sqlite3.OperationalError("disk I/O error")
    err.sqlite_errorcode, err.sqlite_errorname = 10, "SQLITE_IOERR"
    return err


class FaultyConnection:
    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self.error: Exception | None = None
        self.refused = 0

    @classmethod
    def install(cls, journal) -> "FaultyConnection":
        faulty = cls(journal._db)
        journal._db = faulty
        return faulty

    def _check(self, sql: str) -> None:
        if self.error is not None and sql.lstrip().upper().startswith(WRITES):
            self.refused += 1
            raise self.error

    def execute(self, sql, args=()):
        self._check(sql)
        return self.db.execute(sql, args)

    def executemany(self, sql, rows):
        self._check(sql)
        return self.db.executemany(sql, rows)

    def executescript(self, sql):
        self._check(sql)
        return self.db.executescript(sql)

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def close(self) -> None:
        self.db.close()
