"""The journal's file: its schema, how a new one is made, how an existing one is checked and
opened (:func:`connect`), and the errors, one class for each thing a caller can do about them
(see :mod:`table.journal.store`)."""

from __future__ import annotations

import errno
import os
import sqlite3

#: "WoRM": marks the file as a worms-table journal (SQLite's application_id header field).
APPLICATION_ID = 0x576F524D
#: The schema this code writes; a file with a higher number was written by a newer version.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE games (
    id       INTEGER PRIMARY KEY,
    created  TEXT NOT NULL,                 -- UTC, ISO 8601
    config   TEXT NOT NULL,                 -- JSON (codec.encode)
    seed     TEXT NOT NULL,                 -- JSON
    status   TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
    result   TEXT                           -- JSON, once finished
);
CREATE TABLE entries (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,              -- 1, 2, 3 ... per game, never reused
    kind     TEXT NOT NULL,                 -- for people reading the file
    payload  TEXT NOT NULL,                 -- JSON (codec.encode)
    undone   INTEGER NOT NULL DEFAULT 0,    -- 1: taken back by undo, kept for the record
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX games_by_status ON games (status, id);
""" + "\n"

#: How far the players have copied a game's board changes (what the box shows next after a
#: restart).  Added to schema 1 files on opening: older versions ignore the table.
PROGRESS_TABLE = """
CREATE TABLE IF NOT EXISTS progress (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    data     TEXT NOT NULL                  -- JSON (codec.encode), the daemon's own
);
"""

#: What a game was set up with, kept beside it so that it never depends on files that can change
#: under it (its cards and map tiles).  Added to schema 1 files on opening: older versions
#: ignore the table.
KEPT_TABLE = """
CREATE TABLE IF NOT EXISTS kept (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    data     TEXT NOT NULL,                 -- JSON (codec.encode): the game class's own
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


class JournalError(Exception):
    """The journal cannot be used: the message names the file and what to do.  The root of the
    journal's errors; a subclass says what the caller can do (see the module's doc)."""


class JournalIOError(JournalError):
    """Storage failed: the file cannot be written or read (read-only, failing storage).
    Trying again later may work."""


class JournalFull(JournalIOError):
    """The disk is full.  Trying again once there is room may work."""


class JournalDamaged(JournalError):
    """The file is not a readable worms-table journal (damaged, empty, another program's):
    move it aside and start a new one."""


class JournalNewer(JournalError):
    """The file was written by a newer worms-table: upgrade, or move it aside."""


class JournalReplayError(JournalError):
    """A game in the file does not replay (written by another version, or a value in it is
    not valid JSON); the file itself is readable."""


#: What SQLite says of a file it can read that is not what this code wrote: a table or column
#: gone, a text that is not UTF-8 (a flipped byte), a page that does not add up.
DAMAGED = ("malformed", "not a database", "no such table", "no such column",
           "Could not decode to UTF-8", "datatype mismatch")


#: What reading a journal may raise: SQLite's errors, and the error of decoding one of its
#: messages that quotes a damaged schema's bytes.
ERRORS = (sqlite3.Error, UnicodeDecodeError)


def error_class(err: sqlite3.Error | UnicodeDecodeError) -> type[JournalError]:
    """The journal error that says what SQLite's (or decoding's) ``err`` means for the caller."""
    if isinstance(err, UnicodeDecodeError):
        return JournalDamaged
    name = getattr(err, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL") or "disk is full" in str(err):
        return JournalFull
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
            words in str(err) for words in DAMAGED):
        return JournalDamaged
    return JournalIOError


#: the path of a journal kept in memory only (it writes no file: the shop demo's, which runs
#: for days on an SD card and has nothing to resume)
MEMORY = ":memory:"


def in_memory() -> sqlite3.Connection:
    """A new journal in memory: the schema of a file, nothing written anywhere (usable from
    another thread than the one that made it, one at a time, as a file's: :func:`connect`)."""
    db = sqlite3.connect(MEMORY, isolation_level=None, check_same_thread=False)
    _make_schema(db)
    return db


def _make_schema(db: sqlite3.Connection) -> None:
    """The tables of a new, empty journal and its marks, committed at once."""
    # auto_vacuum must be chosen before the first table exists (pruned games give their
    # pages back)
    db.execute("PRAGMA auto_vacuum = INCREMENTAL")
    db.executescript("BEGIN IMMEDIATE;" + _SCHEMA + PROGRESS_TABLE + KEPT_TABLE + f"""
        PRAGMA application_id = {APPLICATION_ID};
        PRAGMA user_version = {SCHEMA_VERSION};
        COMMIT;""")


def create(path: str) -> None:
    """A new journal, made under a temporary name and renamed into place once its schema
    is committed and synced: a kill leaves no file, or a whole journal."""
    tmp = path + ".new"
    try:
        for leftover in (tmp, tmp + "-journal"):     # our own file from a start cut short
            if os.path.exists(leftover):
                os.unlink(leftover)
        db = sqlite3.connect(tmp, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode = PERSIST").fetchall()
            db.execute("PRAGMA synchronous = FULL")
            _make_schema(db)
        finally:
            db.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        if os.path.exists(tmp + "-journal"):
            os.unlink(tmp + "-journal")
        os.replace(tmp, path)
        sync_dir(os.path.dirname(os.path.abspath(path)))
    except sqlite3.Error as err:
        raise error_class(err)(f"cannot create journal {path}: {err}") from err
    except OSError as err:
        cls = JournalFull if err.errno in (errno.ENOSPC, errno.EDQUOT) else JournalIOError
        raise cls(f"cannot create journal {path}: {err.strerror or err}") from err


def check(db: sqlite3.Connection, path: str) -> None:
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise JournalDamaged(
            f"{path} is an SQLite database but not a worms-table journal; "
            "move it aside to start a new journal, or give another path")
    if version > SCHEMA_VERSION:
        raise JournalNewer(
            f"{path} was written by a newer worms-table (journal schema {version}, this one "
            f"reads up to {SCHEMA_VERSION}); upgrade worms-table or give another path")
    # a file written in WAL mode by an older version: its WAL is checkpointed into the
    # file and removed by the switch
    mode = db.execute("PRAGMA journal_mode = PERSIST").fetchone()[0]
    if mode != "persist":
        raise JournalIOError(f"{path}: SQLite refused the rollback journal (got {mode!r}); "
                             "is another program using the file?")
    db.execute("PRAGMA synchronous = FULL")
    check = db.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        problems = "; ".join(row[0] for row in check[:3])
        raise JournalDamaged(f"{path} is damaged ({problems}); move it aside and start anew")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = sorted({"games", "entries"} - tables)
    if missing:
        raise JournalDamaged(f"{path} is damaged (no table {', '.join(missing)}); move it "
                             "aside and start anew")


def probe(db: sqlite3.Connection) -> None:
    """A write transaction begun and rolled back: raises if the file cannot be written
    (SQLite opens a read-only file read-only without a word)."""
    db.execute("BEGIN IMMEDIATE")
    db.execute("ROLLBACK")


def nonempty(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


def sync_dir(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def connect(path: str) -> sqlite3.Connection:
    """The journal at ``path`` opened (made first where there is no file; :data:`MEMORY`: one in
    memory), checked, and given the tables a schema 1 file may lack; a JournalError (its class
    says what to do) where it cannot be used."""
    if path == MEMORY:                   # Journal(":memory:"): no file at all
        return in_memory()
    parent = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise JournalError(f"{path} is a directory; give the journal a file name")
    if not os.path.isdir(parent):
        raise JournalIOError(
            f"cannot create journal {path}: directory {parent} does not exist")
    if not os.path.exists(path):
        create(path)
    elif os.path.getsize(path) == 0 and not nonempty(path + "-wal"):
        raise JournalDamaged(
            f"{path} is empty (0 bytes): the games it held are lost; move it aside to start "
            "a new journal")
    try:
        # opened in a worker thread (the daemon's setup) and used on the loop after: one
        # thread at a time, so SQLite's same-thread check is off
        db = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
    except ERRORS as err:
        raise error_class(err)(f"cannot open journal {path}: {err}") from err
    try:
        check(db, path)
        probe(db)
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'progress'").fetchall():
            db.executescript("BEGIN IMMEDIATE;" + PROGRESS_TABLE + "COMMIT;")
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'kept'").fetchall():
            db.executescript("BEGIN IMMEDIATE;" + KEPT_TABLE + "COMMIT;")
    except ERRORS as err:
        db.close()
        cls = error_class(err)
        if cls is JournalIOError and isinstance(err, sqlite3.DatabaseError) \
                and not isinstance(err, sqlite3.OperationalError):
            cls = JournalDamaged
        if cls is JournalDamaged:
            raise JournalDamaged(
                f"{path} is not a readable worms-table journal ({err}); "
                "move it aside to start a new journal, or give another path") from err
        raise cls(f"cannot use journal {path}: {err}") from err
    except JournalError:
        db.close()
        raise
    return db
