"""The journal: every game's config, seed and log in one SQLite file.

One row per game and one row per log entry (an answer or a chance outcome).  The file uses a
rollback journal (``journal_mode=PERSIST``, ``synchronous=FULL``): every change is one
transaction, written into the file itself before the method returns, so whatever a caller was
told is stored survives a kill or a power cut -- and there is no write-ahead log beside the file
whose loss or damage would silently take the last entries with it.  A new file is made under a
temporary name and renamed into place once its schema is committed, so an empty (0-byte)
journal is never one this code left: it is reported as damaged, not silently started afresh.

Every error is a :class:`JournalError`; its class says what the caller can do:
:class:`JournalDamaged` (move the file aside), :class:`JournalNewer` (written by a newer
version), :class:`JournalIOError` (cannot write: read-only, failing storage) and its
:class:`JournalFull` (the disk is full), :class:`JournalReplayError` (a game does not replay);
a plain JournalError is anything else (a closed journal, no such game, a value that is not plain
data).  A game is rebuilt with ``LibraryGame.replay(config, seed, log)``: the engine, not the
journal, decides what the entries mean, and what undo may take back.
"""

import logging
import os
import sqlite3
import time
from typing import NamedTuple

from .codec import NotPlainData, config_from_plain, config_to_plain, decode, encode, entry_kind
from .commits import Commits
from .files import (APPLICATION_ID, ERRORS, SCHEMA_VERSION, JournalDamaged, JournalError,
                    JournalFull, JournalIOError, JournalNewer, JournalReplayError, connect,
                    error_class)

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "GameInfo", "Journal", "JournalDamaged",
           "JournalError", "JournalFull", "JournalIOError", "JournalNewer", "JournalReplayError"]

log = logging.getLogger(__name__)


class GameInfo(NamedTuple):
    """One game of the journal as listed: its id, when it began, its seed, status and result."""

    id: int
    created: str
    seed: object
    status: str            # "playing" or "finished"
    result: object         # None while playing
    entries: int           # live entries (not undone)


def _default_game_cls():
    from table.librarygame import LibraryGame  # noqa: PLC0415  (the engine loads only when needed)

    return LibraryGame


class Journal(Commits):
    """An open journal file (``":memory:"``: one in memory, writing no file).
    ``keep_finished``: keep at most that many finished games (the oldest are pruned when a
    game finishes); None keeps them all."""

    def __init__(self, path, *, keep_finished: int | None = None, game_cls=None):
        if keep_finished is not None and keep_finished < 0:
            raise ValueError("keep_finished must be 0 or more")
        self.path = os.fspath(path)
        self.keep_finished = keep_finished
        self._game_cls = game_cls
        self._batch: list | None = None      # inside batch(): what waits for its commit
        self._db: sqlite3.Connection | None = connect(self.path)

    def probe(self) -> None:
        """Does storage work (again)?  Commits a write that changes nothing (the schema number
        set to itself: page 1 and the rollback journal written and synced); JournalError if it
        fails."""
        db = self._db
        if db is None:
            raise JournalError(f"journal {self.path} is closed")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"PRAGMA user_version = {int(version)}")
            db.execute("COMMIT")
        except ERRORS as err:
            if db.in_transaction:
                self._rollback(db)
            raise error_class(err)(f"cannot write journal {self.path}: {err}") from err

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def game_cls(self):
        if self._game_cls is None:
            self._game_cls = _default_game_cls()
        return self._game_cls

    def _q(self, sql: str, args=()):
        if self._db is None:
            raise JournalError(f"journal {self.path} is closed")
        try:
            return self._db.execute(sql, args).fetchall()
        except ERRORS as err:
            raise error_class(err)(f"cannot read journal {self.path}: {err}") from err

    @staticmethod
    def _encode(what: str, value) -> str:
        try:
            return encode(value)
        except NotPlainData as err:
            raise JournalError(f"cannot journal this {what}: {err}") from err

    # -- writing ---------------------------------------------------------------------------

    def new_game(self, config, seed, log=(), result=None, kept=()) -> int:
        """Start a game (with the entries ``LibraryGame.new`` already logged, if any, and ``kept``:
        what it was set up with, plain data the game class reads back with ``from_kept``, so
        that a resume does not depend on files that can change); its id."""
        kept_rows = [self._encode("kept", k) for k in kept]
        config_json = self._encode("config", config_to_plain(config))
        seed_json = self._encode("seed", seed)
        rows = [(entry_kind(e), self._encode("entry", e)) for e in log]
        created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        with self._tx() as db:
            game_id = db.execute(
                "INSERT INTO games (created, config, seed, status) VALUES (?, ?, ?, 'playing')",
                (created, config_json, seed_json)).lastrowid
            self._insert(db, game_id, 0, rows)
            db.executemany("INSERT INTO kept (game_id, seq, data) VALUES (?, ?, ?)",
                           [(game_id, i, k) for i, k in enumerate(kept_rows, 1)])
            if result is not None:
                self._finish(db, game_id, result)
        if result is not None:
            self._housekeeping()
        return game_id

    def kept(self, game_id: int) -> list:
        """What :meth:`new_game` kept beside the game (what it was set up with), in order."""
        rows = self._q("SELECT seq, data FROM kept WHERE game_id = ? ORDER BY seq", (game_id,))
        return [self._decode(d, f"game {game_id} kept {seq}") for seq, d in rows]

    def append(self, game_id: int, entry) -> None:
        """Append one entry; returns once it is committed."""
        self.extend(game_id, [entry])

    def extend(self, game_id: int, entries, result=None) -> None:
        """Append ``entries`` (and, with a ``result``, finish the game) in one transaction."""
        rows = [(entry_kind(e), self._encode("entry", e)) for e in entries]
        with self._tx() as db:
            status = self._status(db, game_id)
            if status != "playing":
                raise JournalError(f"game {game_id} in {self.path} is finished; nothing to add")
            last = db.execute("SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?",
                              (game_id,)).fetchone()[0]
            self._insert(db, game_id, last, rows)
            if result is not None:
                self._finish(db, game_id, result)
        if result is not None:
            self._housekeeping()

    def finish(self, game_id: int, result) -> None:
        """Mark a game finished with its result (JSON-able), then prune old finished games."""
        with self._tx() as db:
            self._status(db, game_id)
            self._finish(db, game_id, result)
        self._housekeeping()

    def _status(self, db, game_id: int) -> str:
        row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"no game {game_id} in journal {self.path}")
        return row[0]

    @staticmethod
    def _insert(db, game_id: int, last_seq: int, rows) -> None:
        db.executemany(
            "INSERT INTO entries (game_id, seq, kind, payload) VALUES (?, ?, ?, ?)",
            [(game_id, last_seq + i, kind, payload) for i, (kind, payload) in enumerate(rows, 1)])

    def _finish(self, db, game_id: int, result) -> None:
        db.execute("UPDATE games SET status = 'finished', result = ? WHERE id = ?",
                   (self._encode("result", result), game_id))

    def _housekeeping(self) -> None:
        """Prune after a game finished.  The game's own data is already committed, so a
        failure here is only logged: it must not look like a lost answer."""
        if self._batch is not None:        # once the batch is committed
            self._batch.append(self._housekeeping)
            return
        try:
            self.prune()
        except JournalError as err:
            log.warning("%s", err)

    def prune(self, keep: int | None = None) -> int:
        """Delete the oldest finished games beyond ``keep`` (default: ``keep_finished``), then
        give the space back to the file system.  Games in play are never pruned.  Returns how
        many games were deleted."""
        keep = self.keep_finished if keep is None else keep
        if keep is None:
            return 0
        with self._tx() as db:
            old = [r[0] for r in db.execute(
                "SELECT id FROM games WHERE status = 'finished' ORDER BY id DESC LIMIT -1 OFFSET ?",
                (keep,))]
            for game_id in old:
                db.execute("DELETE FROM entries WHERE game_id = ?", (game_id,))
                db.execute("DELETE FROM progress WHERE game_id = ?", (game_id,))
                db.execute("DELETE FROM kept WHERE game_id = ?", (game_id,))
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        if old:
            try:
                db.execute("PRAGMA incremental_vacuum").fetchall()
            except ERRORS as err:
                raise error_class(err)(f"cannot compact journal {self.path}: {err}") from err
        return len(old)

    # -- reading ---------------------------------------------------------------------------

    def games(self, game_id: int | None = None) -> list[GameInfo]:
        """Every game in the file, oldest first (or just game ``game_id``)."""
        rows = self._q(
            "SELECT g.id, g.created, g.seed, g.status, g.result,"
            " (SELECT count(*) FROM entries e WHERE e.game_id = g.id AND e.undone = 0)"
            " FROM games g WHERE ? IS NULL OR g.id = ? ORDER BY g.id", (game_id, game_id))
        return [GameInfo(i, c, self._decode(s, f"game {i} seed"), st,
                         None if r is None else self._decode(r, f"game {i} result"), n)
                for i, c, s, st, r, n in rows]

    def info(self, game_id: int) -> GameInfo:
        """One game's id, start time, seed, status, result and number of entries."""
        found = self.games(game_id)
        if not found:
            raise JournalError(f"no game {game_id} in journal {self.path}")
        return found[0]

    def set_progress(self, game_id: int, data) -> None:
        """Keep ``data`` (plain data: how far the players have copied the game's board
        changes) with the game; returns once it is committed."""
        payload = self._encode("progress", data)
        with self._tx() as db:
            self._status(db, game_id)
            db.execute("INSERT OR REPLACE INTO progress (game_id, data) VALUES (?, ?)",
                       (game_id, payload))

    def progress(self, game_id: int):
        """What :meth:`set_progress` last kept for the game, or None."""
        rows = self._q("SELECT data FROM progress WHERE game_id = ?", (game_id,))
        return self._decode(rows[0][0], f"game {game_id} progress") if rows else None

    def latest_unfinished(self) -> int | None:
        """The id of the most recently started game still in play, or None."""
        rows = self._q("SELECT max(id) FROM games WHERE status = 'playing'")
        return rows[0][0]

    def entries(self, game_id: int) -> list:
        """A game's log as stored: every entry not undone, in order."""
        self._game_row(game_id)
        rows = self._q("SELECT seq, payload FROM entries WHERE game_id = ? AND undone = 0"
                       " ORDER BY seq", (game_id,))
        return [self._decode(p, f"game {game_id} entry {seq}") for seq, p in rows]

    def load(self, game_id: int):
        """The game rebuilt from its journal with ``LibraryGame.replay``."""
        config_json, seed_json = self._game_row(game_id)[:2]
        config = self._decode(config_json, f"game {game_id} config")
        seed = self._decode(seed_json, f"game {game_id} seed")
        log = self.entries(game_id)
        kept = self.kept(game_id)
        game_cls = self.game_cls
        try:
            more = game_cls.from_kept(kept) if kept and hasattr(game_cls, "from_kept") else {}
            return game_cls.replay(config_from_plain(game_cls, config), seed, log, **more)
        except Exception as err:   # the file or the engine changed under the game
            raise JournalReplayError(
                f"game {game_id} in {self.path} does not replay ({type(err).__name__}: {err}); "
                "the journal may come from another version of worms-table") from err

    def _game_row(self, game_id: int):
        rows = self._q("SELECT config, seed, status FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise JournalError(f"no game {game_id} in journal {self.path}")
        return rows[0]

    def _decode(self, text: str, what: str):
        try:
            return decode(text)
        except ValueError as err:
            raise JournalReplayError(f"{self.path}: {what} is not valid JSON ({err}); "
                                     "the file is damaged") from err

    # -- undo ------------------------------------------------------------------------------

    def undo(self, game_id: int, game=None):
        """Take back the last answer of a game, as far as ``game.undo()`` allows (never past a
        revealed random result).  ``game`` is the game as loaded (loaded here if not given).
        Returns the game after the undo, or None (and changes nothing) if it cannot undo."""
        if game is None:
            game = self.load(game_id)
        if not game.can_undo:
            return None
        before = list(game.log)
        game.undo()
        after = list(game.log)
        with self._tx() as db:
            last = db.execute("SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?",
                              (game_id,)).fetchone()[0]
            live = [r[0] for r in db.execute(
                "SELECT seq FROM entries WHERE game_id = ? AND undone = 0 ORDER BY seq",
                (game_id,))]
            if len(live) != len(before):
                raise JournalError(
                    f"game {game_id} in {self.path} holds {len(live)} entries but the game has "
                    f"{len(before)}; reload it before undoing")
            if after == before[:len(after)]:            # undo shortened the log
                gone = live[len(after):]
                db.executemany("UPDATE entries SET undone = 1 WHERE game_id = ? AND seq = ?",
                               [(game_id, seq) for seq in gone])
            elif after[:len(before)] == before:         # undo is itself logged
                rows = [(entry_kind(e), self._encode("entry", e)) for e in after[len(before):]]
                self._insert(db, game_id, last, rows)
            else:
                raise JournalError(f"game {game_id}: undo rewrote the log instead of "
                                   "shortening or extending it; the journal cannot follow")
            if game.result is None:
                db.execute("UPDATE games SET status = 'playing', result = NULL WHERE id = ?",
                           (game_id,))
        return game
