"""The one way to read (and write) a TOML or JSON file that a person, a stranger or a power cut may have
damaged: every reader of the project's files (cards, tiles, scenarios, profiles, tags,
settings, the journal's rows) parses through here, so that every way a text can be wrong --
not UTF-8, not TOML or JSON, an integer of thousands of digits, arrays nested a thousand deep,
a file of gigabytes -- is one error, :class:`Unreadable`, which each reader names as its own
("damaged": set aside, or exit 2), never a traceback.

>>> parse_json('{"lang": "cs"}')
{'lang': 'cs'}
>>> try:
...     parse_toml("x = " + "[" * 100 + "]" * 100)
... except Unreadable as err:
...     print(err)
nested more than 32 deep
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

#: Deeper than any file of ours nests (a scenario: table, list of steps, step, hex, 4 or 5).
MAX_DEPTH = 32
#: Bigger than any file of ours (the card library is ~30 kB; a long game's JSON row ~1 MB).
MAX_BYTES = 4 * 1024 * 1024


class Unreadable(ValueError):
    """The text cannot be used; the message says why in a few words (no file name: the
    reader adds it)."""


def depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How deep lists and tables nest in ``data`` (walked a level at a time, without
    recursion; stops counting past ``limit``).

    >>> depth(1), depth([]), depth({"a": [1, [2]], "b": 3}), depth([[[[]]]], limit=2)
    (0, 1, 3, 3)
    """
    level, items = 0, [data]
    while level <= limit:
        nested = [i for i in items if isinstance(i, (list, tuple, dict))]
        if not nested:
            break
        level += 1
        items = [v for i in nested for v in (i.values() if isinstance(i, dict) else i)]
    return level


def _checked(data: Any, max_depth: int) -> Any:
    deep = depth(data, max_depth)
    if deep > max_depth:
        raise Unreadable(f"nested more than {max_depth} deep")
    return data


def _parse(loads, text: str, max_depth: int, what: str, max_chars: int | None = MAX_BYTES
           ) -> Any:
    if max_chars is not None and len(text) > max_chars:
        raise Unreadable(f"{len(text)} characters long (at most {max_chars})")
    try:
        return _checked(loads(text), max_depth)
    except RecursionError:
        raise Unreadable(f"nested more than {max_depth} deep") from None
    except (tomllib.TOMLDecodeError, UnicodeError) as err:
        raise Unreadable(f"not valid {what} ({err})") from None
    except ValueError as err:          # an integer past Python's digit limit, a bad float...
        if isinstance(err, Unreadable):
            raise
        if "digits" in str(err):
            raise Unreadable(f"not valid {what}: a number of thousands of digits (at most "
                             f"{sys.get_int_max_str_digits()})") from None
        raise Unreadable(f"not valid {what} ({err})") from None


def parse_toml(text: str, max_depth: int = MAX_DEPTH) -> dict:
    """``text`` as TOML, or :class:`Unreadable`."""
    return _parse(tomllib.loads, text, max_depth, "TOML")


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH,
               max_chars: int | None = MAX_BYTES) -> Any:
    """``text`` as JSON (bytes must be UTF-8), or :class:`Unreadable`; ``max_chars`` None:
    text of any length (it is in memory already)."""
    if isinstance(text, bytes):
        text = decode(text)
    return _parse(json.loads, text, max_depth, "JSON", max_chars)


def decode(raw: bytes) -> str:
    """``raw`` as UTF-8 text, or :class:`Unreadable` naming where it is not."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(f"not UTF-8 text (byte {err.start})") from None


def read_bytes(path: str | os.PathLike, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the file at ``path``: OSError if it cannot be read, Unreadable if it is
    not a regular file (a FIFO, a device: ``/dev/zero`` behind a symlink never ends, a FIFO
    with no writer never answers) or bigger than ``max_bytes``.  Never blocks on opening."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable("not a regular file")
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise Unreadable(f"bigger than {max_bytes} bytes")
    return raw


def read_text(path: str | os.PathLike, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the file at ``path``; OSError if it cannot be read, Unreadable if it
    is not a regular file, too big or not UTF-8."""
    return decode(read_bytes(path, max_bytes))


def read_toml(path: str | os.PathLike, max_depth: int = MAX_DEPTH) -> dict:
    """The file at ``path`` as TOML: OSError if it cannot be read, else :class:`Unreadable`."""
    return parse_toml(read_text(path), max_depth)


def read_json(path: str | os.PathLike, max_depth: int = MAX_DEPTH) -> Any:
    """The file at ``path`` as JSON: OSError if it cannot be read, else :class:`Unreadable`."""
    return parse_json(read_text(path), max_depth)


def write_atomic(path: str | os.PathLike, text: str, durable: bool = True) -> None:
    """Write ``text`` so that a power cut leaves either the old file or the new one
    (``durable``: and the new one once this returns; without, it may still be the old one)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:              # (a full disk): no half-written .tmp left behind
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if not durable:
        return
    try:
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass
