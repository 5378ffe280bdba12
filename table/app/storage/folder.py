"""The daemon's state folder: the journal, ``settings.json``, ``progress.json`` and ``tags.toml``.

Nothing here stops the daemon.  Every file is read with its values checked
(table/app/storage/checks.py); what cannot be used becomes a :class:`Problem`
(table/app/storage/problems.py) the daemon shows on the OLED (and so on the page) once its devices
are up, and is logged with the file's full path:

* a file that is damaged (not JSON, the wrong types, a journal SQLite cannot read, an empty
  journal) is moved aside as ``<name>.damaged-<UTC time>`` -- never deleted -- and the daemon
  goes on without it (defaults, a new journal);
* a folder or a journal that cannot be written (read-only, full, failing) is a :class:`Fault`:
  play stops on a "storage failed" / "storage full" screen until :meth:`StateFolder.retry`
  finds storage working again (OK on that screen, or every ``StorageGuard.retry_s``), and the game
  goes on from the journal -- the game in memory is never ahead of the file;
* a card file of the library's folders that does not load is left out of the library (the
  rest still load) and named (:func:`load_cards`).

How far the players have copied the board changes (the "progress") is kept in the journal, in
its own transaction after each OK, as durably as the game; ``progress.json`` is only read, for
a game an older version left in play.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from table import filetext

from table.app.storage.checks import check_progress, check_settings
from table.app.storage.problems import Fault, Problem, move_aside, set_aside
from table.app.storage.tags import FILE as TAGS_FILE, TagFileError, TagStore, write_atomic

if TYPE_CHECKING:
    from table.cards import CardLibrary
    from table.journal import Journal

log = logging.getLogger("worms-table")

JOURNAL = "journal.sqlite"
MEMORY = ":memory:"              # (the journal's path when the state is in memory only)
SETTINGS = "settings.json"
PROGRESS = "progress.json"
PROBE = ".storage-probe"
PROBE_BYTES = 64 * 1024          # room a few answers need, written and synced by retry()


def read_tags(folder: Path, cards: Mapping | None = None) -> tuple[TagStore, Problem | None]:
    """The enrolled tags of the state folder; a damaged tags.toml is set aside (every tag is
    then unknown until the cards are enrolled again) and named in the Problem."""
    path = Path(folder) / TAGS_FILE
    try:
        return TagStore(path, cards), None
    except TagFileError as err:
        problem = set_aside(path, str(err).split(": ", 1)[-1].split("; ")[0],
                            "enrol the cards again (worms-table enroll)")
        return TagStore(path, cards, read=False), problem


def read_settings(folder: Path) -> dict:
    """settings.json's checked data, without the rest of the state folder ({} if missing or
    damaged: a damaged file is set aside and logged)."""
    path = Path(folder) / SETTINGS
    try:
        data = filetext.read_json(path)
        wrong = check_settings(data)
    except OSError:
        return {}
    except filetext.Unreadable as err:
        wrong = str(err)
    if wrong is None:
        return data
    set_aside(path, wrong, "the defaults are used")
    return {}


def _probe(folder: Path) -> None:
    """Make the folder, write and sync a small file in it, remove it: OSError if any fails."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / PROBE
    try:
        with open(probe, "wb") as f:
            f.write(b"\0" * PROBE_BYTES)
            f.flush()
            os.fsync(f.fileno())
    finally:
        try:
            probe.unlink()
        except OSError:
            pass


def _is_full(err: BaseException) -> bool:
    import errno

    from table.journal import JournalFull
    return getattr(err, "errno", None) in (errno.ENOSPC, errno.EDQUOT) or \
        isinstance(err, JournalFull)


CHECKS = {SETTINGS: check_settings, PROGRESS: check_progress}


class StateFolder:
    """The state folder as the daemon uses it; see the module's doc.  Never raises.  Made
    without touching a file; :meth:`open` reads it.

    ``folder`` None: the state in memory only (the shop demo's, which runs for days on an SD
    card): a journal in SQLite's memory, settings and tags that start empty; no file is read
    or written."""

    def __init__(self, folder: Path | str | None, *, keep_finished: int | None = None,
                 game_cls=None):
        self.memory = folder is None
        self.folder = Path(folder) if folder is not None else Path(MEMORY)
        self.keep_finished = keep_finished
        self.game_cls = game_cls
        self.problems: list[Problem] = []
        self.fault: Fault | None = None
        self.journal: Journal | None = None
        self.settings: dict = {}

    def open(self) -> StateFolder:
        """Read the settings and open the journal (blocking file I/O: the daemon's setup runs
        it in a worker thread, table/app/daemon.py); what is wrong is a problem or a fault.
        Returns the folder itself."""
        if self.memory:
            self.open_journal()
            return self
        try:
            _probe(self.folder)
        except OSError as err:
            self._failed(err, f"state folder {self.folder}: {err.strerror or err}; "
                              "check the SD card (or give a writable --state-dir)")
            return self
        self.settings = self.read_json(SETTINGS)
        self.open_journal()
        return self

    # -- faults --------------------------------------------------------------------------------
    def _failed(self, err: BaseException, message: str) -> Fault:
        self.fault = Fault("full" if _is_full(err) else "failed", message)
        log.error("%s", message)
        return self.fault

    def failed(self, err: BaseException) -> Fault:
        """A write failed (a JournalError from the journal, an OSError): storage is at fault."""
        return self._failed(err, f"{err}; the game is kept as the journal has it, up to the "
                                 "last answer saved")

    def retry(self) -> bool:
        """Is storage working again?  Writes a probe file, opens the journal if it is not open,
        and tries a write transaction on it; True (fault cleared) if all of that works."""
        from table.journal import JournalError
        try:
            if not self.memory:
                _probe(self.folder)
            if self.journal is None:
                if not self.open_journal():
                    return False
            else:
                self.journal.probe()
        except (OSError, JournalError) as err:
            self._failed(err, f"storage in {self.folder} still fails: {err}")
            return False
        if self.fault is not None:
            log.info("storage in %s works again", self.folder)
        self.fault = None
        if not self.settings:
            self.settings.update(self.read_json(SETTINGS))
        return True

    # -- the journal ---------------------------------------------------------------------------
    def open_journal(self) -> bool:
        """Open the journal; a damaged one is moved aside (and named) and a new one opened."""
        from table.journal import Journal, JournalDamaged, JournalError, JournalNewer
        path = self.folder / JOURNAL if not self.memory else self.folder
        for attempt in (1, 2):
            try:
                self.journal = Journal(path, keep_finished=self.keep_finished,
                                       game_cls=self.game_cls)
                return True
            except (JournalDamaged, JournalNewer) as err:     # set aside, a new one opened
                if attempt == 2:
                    self._failed(err, str(err))
                    return False
                if not self._set_aside(path, err):
                    return False
            except JournalError as err:
                self._failed(err, str(err))
                return False
        return False

    def one_commit(self):
        """A block whose journal writes are committed together when it ends (one sync for
        what one press changes, :meth:`Journal.batch`): show nothing of it before the block
        has ended.  No journal: nothing to commit."""
        return self.journal.batch() if self.journal is not None else contextlib.nullcontext()

    def journal_damaged(self, err) -> bool:
        """The open journal turned out damaged (reading a game): set it aside, start anew."""
        self.close()
        self.journal = None
        return self._set_aside(self.folder / JOURNAL, err) and self.open_journal()

    def _set_aside(self, path: Path, err: Exception) -> bool:
        """The journal at ``path`` moved aside (kept) after ``err`` (a JournalDamaged or a
        JournalNewer), and the players told; False if it cannot be moved."""
        from table.journal import JournalNewer
        kind = "newer" if isinstance(err, JournalNewer) else "damaged"
        try:
            kept = move_aside(path, kind)
        except OSError as why:
            self._failed(why, f"{err}; it cannot be moved aside either ({why})")
            return False
        log.error("%s; moved aside to %s (kept, not deleted); starting a new journal", err, kept)
        self.problems.append(Problem(kind, f"{err}; kept as {kept}", {"file": kept.name}))
        return True

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # -- settings, progress, tags --------------------------------------------------------------
    def read_json(self, name: str) -> dict:
        """``name``'s data with its types checked ({} if missing, unreadable or damaged)."""
        check = CHECKS[name]
        if self.memory:
            return {}
        path = self.folder / name
        try:
            data = filetext.read_json(path)
            wrong = check(data)
        except FileNotFoundError:
            return {}
        except OSError as err:
            log.error("cannot read %s: %s; using the defaults", path, err.strerror or err)
            return {}
        except filetext.Unreadable as err:    # not UTF-8 or JSON, too deep, a huge integer
            wrong = str(err)
        if wrong is None:
            return data
        self._damaged(path, wrong)
        return {}

    def _damaged(self, path: Path, wrong: str, then: str = "the defaults are used") -> None:
        self.problems.append(set_aside(path, wrong, then))

    def write_json(self, name: str, data, durable: bool = True) -> bool:
        if self.memory or (self.fault is not None and self.journal is None):
            return False
        try:
            write_atomic(self.folder / name, json.dumps(data), durable)
            return True
        except OSError as err:
            log.warning("cannot write %s: %s", self.folder / name, err)
            return False

    def save_settings(self, settings: dict) -> None:
        self.settings = settings
        self.write_json(SETTINGS, settings)

    def progress(self, game_id: int, events: int) -> tuple[int, list[int], int]:
        """How far the players have copied game ``game_id``'s steps: the events before the
        steps on show, where each later batch of them begins, how many are confirmed.  Kept in
        the journal with the game (progress.json, where older versions kept it, is read when
        the journal has none); all events shown when neither knows the game."""
        from table.journal import JournalError
        try:
            p = self.journal.progress(game_id) if self.journal is not None else None
        except JournalError as err:
            log.error("%s; the board changes of the last answer are shown again", err)
            p = None
        if p is None:
            p = self.read_json(PROGRESS)
        elif check_progress(p) is not None:
            log.error("%s: progress of game %s: %s; the board changes are shown again",
                      self.folder / JOURNAL, game_id, check_progress(p))
            p = {}
        if p.get("game") != game_id or p["shown"] > events:
            return events, [], 0
        shown = p["shown"]
        return shown, [c for c in p.get("cuts", ()) if shown < c <= events], p.get("done", 0)

    def save_progress(self, game_id: int, shown: int, cuts: list[int], done: int) -> None:
        """Committed to the journal, as durably as the game (JournalError if it fails)."""
        if self.journal is not None:
            self.journal.set_progress(game_id, {"game": game_id, "shown": shown,
                                                "cuts": list(cuts), "done": done})

    def tags(self, cards) -> TagStore:
        """The enrolled tags; a damaged tags.toml is moved aside (enrol the cards again)."""
        if self.memory:
            return TagStore(None, cards)
        path = self.folder / TAGS_FILE
        if self.fault is not None:      # every tag unknown until storage works
            return TagStore(path, cards, read=False)
        store, problem = read_tags(self.folder, cards)
        if problem is not None:
            self.problems.append(problem)
        return store


def load_cards(cards: Mapping | None = None) -> tuple[CardLibrary, Problem | None]:
    """The daemon's card library (``cards`` None: the program's, table.cards.current_library;
    a plain mapping: exactly those cards) read, and a Problem naming the card files it left out
    (the rest still load; each is read again once it changes)."""
    from table.cards import CardLibrary, current_library
    if cards is None:
        library = current_library()
    else:
        library = cards if isinstance(cards, CardLibrary) else CardLibrary.fixed(cards)
    library.refresh()
    if not library.problems:
        return library, None
    message = "; ".join(library.problems) + "; those cards are left out until the file is " \
        "fixed (check it with worms-table cards)"
    log.error("%s", message)
    return library, Problem("cards", message)
