"""What is wrong with the state folder, as the players are told it: the kinds of problem and
their words, a :class:`Problem` to show once, a :class:`Fault` that stops play, and a damaged
file moved aside (kept, never deleted).  The state folder itself is
table/app/storage/folder.py.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from table.ui.strings import text

log = logging.getLogger("worms-table")

#: The kinds of state problem the players are told of; their words (a title, a body) are in the
#: gettext catalogs, table/ui/locale: ``storage.<kind>.title`` and ``storage.<kind>.body``.
PROBLEM_KINDS = ("full", "failed", "damaged", "newer", "replay", "file", "cards")


def words(kind: str, lang: str, **args) -> tuple[str, str]:
    """The title and body of the problem ``kind`` (one of :data:`PROBLEM_KINDS`) in ``lang``."""
    if kind not in PROBLEM_KINDS:
        raise ValueError(f"no state problem {kind!r}; the kinds are {', '.join(PROBLEM_KINDS)}")
    return text(f"storage.{kind}.title", lang), text(f"storage.{kind}.body", lang, **args)


@dataclass
class Problem:
    """Something wrong with the state, to show once (``kind``: one of PROBLEM_KINDS)."""
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
