"""The daemon's state folder: the journal, ``settings.json``, ``progress.json`` and ``tags.toml``.

Nothing here stops the daemon.  Every file is read with its values checked; what cannot be used
becomes a :class:`Problem` the daemon shows on the OLED (and so on the page) once its devices
are up, and is logged with the file's full path:

* a file that is damaged (not JSON, the wrong types, a journal SQLite cannot read, an empty
  journal) is moved aside as ``<name>.damaged-<UTC time>`` -- never deleted -- and the daemon
  goes on without it (defaults, a new journal);
* a folder or a journal that cannot be written (read-only, full, failing) is a :class:`Fault`:
  play stops on a "storage failed" / "storage full" screen until :meth:`StateFolder.retry`
  finds storage working again (OK on that screen, or every ``StorageGuard.retry_s``), and the game
  goes on from the journal -- the game in memory is never ahead of the file;
* a card file in ``WORMS_TABLE_CARDS`` that does not load is left out of the library (the rest
  still load) and named.

How far the players have copied the board changes (the "progress") is kept in the journal, in
its own transaction after each OK, as durably as the game; ``progress.json`` is only read, for
a game an older version left in play.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from table import filetext
from table.langs import LANGS
from table.ui.strings import FORMS, text

from table.app.storage.tags import FILE as TAGS_FILE, TagFileError, TagStore, write_atomic

if TYPE_CHECKING:
    from table.journal import Journal

log = logging.getLogger("worms-table")

JOURNAL = "journal.sqlite"
MEMORY = ":memory:"              # (the journal's path when the state is in memory only)
SETTINGS = "settings.json"
PROGRESS = "progress.json"
PROBE = ".storage-probe"
PROBE_BYTES = 64 * 1024          # room a few answers need, written and synced by retry()
MAX_MAP_HEXES = 1000             # a last map bigger than any box (the wizard keeps its hexes
MAX_MAP_REACH = 50               # on the box's grid only)

#: The kinds of problem the players are told of; their words (a title, a body) are in the
#: gettext catalogs, table/ui/locale: ``storage.<kind>.title`` and ``storage.<kind>.body``.
KINDS = ("full", "failed", "damaged", "newer", "replay", "file", "cards")
#: kind: {lang: (title, body template)}, as the catalogs have them.
TEXTS = {kind: {lang: (text(f"storage.{kind}.title", lang),
                       FORMS[f"storage.{kind}.body"][lang][0]) for lang in LANGS}
         for kind in KINDS}


def words(kind: str, lang: str, **args) -> tuple[str, str]:
    """The title and body of the problem ``kind`` in ``lang``."""
    return text(f"storage.{kind}.title", lang), text(f"storage.{kind}.body", lang, **args)


@dataclass
class Problem:
    """Something wrong with the state, to show once (``kind`` is a key of TEXTS)."""
    kind: str
    message: str                     # for the log: the file and what to do
    args: dict = field(default_factory=dict)


@dataclass
class Fault:
    """Storage that does not work: play waits until :meth:`StateFolder.retry` succeeds."""
    kind: str                        # "full" or "failed"
    message: str


def stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def move_aside(path: Path, why: str = "damaged") -> Path:
    """Rename ``path`` (and its SQLite side files) to ``<name>.<why>-<UTC time>``; never
    deletes.  Returns the new path; OSError if it cannot be renamed."""
    path = Path(path)
    target = path.with_name(f"{path.name}.{why}-{stamp()}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp()}-{n}")
    os.replace(path, target)
    for side in ("-journal", "-wal", "-shm"):
        extra = path.with_name(path.name + side)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + side))
    return target


def set_aside(path: Path, wrong: str, then: str) -> Problem:
    """A damaged state file moved aside (kept), logged and returned as a Problem to show."""
    try:
        kept = f"kept as {move_aside(path)}"
    except OSError as err:
        kept = f"it cannot be moved aside ({err.strerror or err})"
    message = f"{path}: {wrong}; {kept}; {then}"
    log.error("%s", message)
    return Problem("file", message, {"file": path.name})


def read_tags(folder: Path, cards: dict | None = None) -> tuple[TagStore, Problem | None]:
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


# -- the checked readers ---------------------------------------------------------------------

def check_settings(data) -> str | None:
    """What is wrong with settings.json's data, or None."""
    if not isinstance(data, dict):
        return f"expected a JSON object, found {type(data).__name__}"
    lang = data.get("lang")
    if lang is not None and lang not in LANGS:
        return f"lang must be one of {', '.join(LANGS)}, not {lang!r}"
    land = data.get("last_map")
    if land is not None and not (isinstance(land, list) and 0 < len(land) <= MAX_MAP_HEXES
                                 and all(isinstance(h, list) and len(h) == 2
                                         and all(type(c) is int and abs(c) <= MAX_MAP_REACH
                                                 for c in h) for h in land)):
        return (f"last_map must be a list of at most {MAX_MAP_HEXES} [q, r] hexes, "
                f"q and r within {MAX_MAP_REACH} of 0")
    if data.get("wizard") is not None and not isinstance(data["wizard"], dict):
        return "wizard must be a JSON object (the answers of a new-game wizard)"
    return None


def _count(x) -> bool:
    return type(x) is int and x >= 0


def check_progress(data) -> str | None:
    """What is wrong with progress.json's data, or None."""
    if not isinstance(data, dict):
        return f"expected a JSON object, found {type(data).__name__}"
    for key in ("game", "shown"):
        if not _count(data.get(key)):
            return f"{key} must be a whole number of 0 or more"
    if "done" in data and not _count(data["done"]):
        return "done must be a whole number of 0 or more"
    if "cuts" in data and not (isinstance(data["cuts"], list) and all(map(_count, data["cuts"]))):
        return "cuts must be a list of whole numbers"
    return None


CHECKS = {SETTINGS: check_settings, PROGRESS: check_progress}


class StateFolder:
    """The state folder as the daemon uses it; see the module's doc.  Never raises.

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
        if self.memory:
            self.open_journal()
            return
        try:
            _probe(self.folder)
        except OSError as err:
            self._failed(err, f"state folder {self.folder}: {err.strerror or err}; "
                              "check the SD card (or give a writable --state-dir)")
            return
        self.settings = self.read_json(SETTINGS)
        self.open_journal()

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


def load_cards():
    """The card library; a user card file that does not load is left out (and named).  The
    rest of the program (the page, the instructions) reads the same library; the owner's
    folder stays the one read and written (a new card goes where the table reads it)."""
    from table.cards import CardError, leave_out, library, load_file, user_files
    try:
        return library(), None
    except CardError as err:
        problems = list(err.problems)
    except Exception as err:             # a reader's own failure: still no dead box
        problems = [f"{os.environ.get('WORMS_TABLE_CARDS')}: {type(err).__name__}: {err}"]
    for path in user_files():
        try:
            load_file(path)
        except Exception:                # CardError, or worse: left out
            leave_out(path)
    try:
        cards = library()
    except Exception as err:             # files that clash with each other: builtin cards only
        problems += getattr(err, "problems", [str(err)])
        for path in user_files():
            leave_out(path)
        cards = library()
    message = "; ".join(problems) + "; those cards are left out until the file is fixed " \
        "(check it with worms-table cards)"
    log.error("%s", message)
    return cards, Problem("cards", message)
