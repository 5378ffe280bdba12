"""Mutated files for every reader: a valid file's data with one part changed (a value of
another type or a nasty one, a key removed, a key added, a list emptied or nested), its bytes
flipped, cut or repeated, or its *text* changed as an attacker would (:func:`textual`: an
integer of thousands of digits, arrays or tables nested thousands deep, bytes that are not
UTF-8, control characters raw or escaped into a string, the file cut short, a huge string).
Each reader must answer with its own error (naming the file and field) or accept the file;
anything else is a traceback a user would see.

The readers: scenario, card, tile, profile and tag files, settings.json, the journal's rows
(a real game's config, seed and entries, each mutated in a copy of the journal and then
resumed as the daemon resumes) and the journal file itself (its bytes flipped).  For the state
files "its own error" is stricter: the daemon's :class:`StateFolder` must never raise, a damaged
file is set aside (never "storage failed"), and the box goes on.

Used by tests/test_fuzz_readers.py (driven by Hypothesis) and bench/security.py (counts).
"""

from __future__ import annotations

import copy
import datetime
import json
import random
import re
import shutil
import sqlite3
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NASTY = ["", " ", "x" * 300, "Ω", "\x00", "0", "-1", "[1]", "target", "emptiest", "hit", "worm",
         0, -1, 1, 2, 7, 99, 2**63, -(2**63), 10**30, 0.5, -0.0, float("inf"), float("nan"),
         True, False, [], [0], [[0]], [1, 2, 3], [0, 0], ["a"], [[0, 0], [1]], {}, {"a": 1},
         {"at": [0, 0]}, datetime.date(2026, 1, 1), datetime.time(1, 2)]


def _nasty(rnd: random.Random, depth: int = 0):
    if depth < 2 and rnd.random() < 0.15:
        return [_nasty(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    if depth < 2 and rnd.random() < 0.1:
        return {rnd.choice(["at", "kind", "id", "x", "do", "cards"]): _nasty(rnd, depth + 1)}
    return copy.deepcopy(rnd.choice(NASTY))


def _paths(data, prefix=()):
    """Every (container, key) in ``data``, depth first."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        out.append((data, key))
        out.extend(_paths(value, prefix + (key,)))
    return out


def mutate(data: dict, rnd: random.Random, changes: int = 1) -> dict:
    """A copy of ``data`` with ``changes`` random changes."""
    data = copy.deepcopy(data)
    for _ in range(changes):
        spots = _paths(data)
        if not spots:
            data[rnd.choice(["x", "title", "cards"])] = _nasty(rnd)
            continue
        container, key = rnd.choice(spots)
        how = rnd.random()
        if how < 0.55:
            container[key] = _nasty(rnd)
        elif how < 0.7:
            del container[key]
        elif how < 0.8 and isinstance(container, dict):
            container[rnd.choice(["extra", "id", "kind", "at", "names", "copies", "team"])] = _nasty(rnd)
        elif how < 0.9:
            container[key] = [container[key]]             # a value wrapped in a list
        else:
            other = rnd.choice(spots)
            container[key] = copy.deepcopy(other[0][other[1]])   # a value from elsewhere
    return data


def garble(text: str, rnd: random.Random) -> bytes:
    """``text`` as bytes with a few flipped, cut or repeated."""
    raw = bytearray(text.encode("utf-8"))
    for _ in range(rnd.randrange(1, 4)):
        if not raw:
            break
        i = rnd.randrange(len(raw))
        how = rnd.random()
        if how < 0.5:
            raw[i] = rnd.randrange(256)
        elif how < 0.75:
            del raw[i:i + rnd.randrange(1, 40)]
        else:
            raw[i:i] = raw[i:i + rnd.randrange(1, 40)]
    return bytes(raw)


NUMBER = re.compile(rb"(?<![\w.])-?\d+(?![\w.])")
DEEP = (33, 100, 1000, 5000, 50_000)
NOT_UTF8 = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x80\x80")
ESCAPES = (b"\\n", b"\\r", b"\\u0000", b"\\u0007", b"\\u001b[2J", b"\\u202e", b"\\u00a0",
           b"\\t", b"\\u2028")


def _huge(rnd: random.Random) -> bytes:
    return rnd.choice([b"9" * 4301, b"9" * rnd.randrange(4302, 20_000), b"1" + b"0" * 4299,
                       b"-" + b"9" * 4300, str(2 ** 64).encode(), b"9" * 30, b"1e400",
                       b"1" + b"0" * 1000])


def _deep(rnd: random.Random, json: bool) -> bytes:
    n = rnd.choice(DEEP)
    if rnd.random() < 0.5:
        return b"[" * n + b"1" + b"]" * n
    if json:
        return b'{"a":' * n + b"1" + b"}" * n
    return b"{a = " * n + b"1" + b"}" * n


def textual(text: str, rnd: random.Random, json: bool = False) -> bytes:
    """``text`` (TOML, or JSON with ``json``) as bytes with one change an attacker would make:
    see the module's doc."""
    raw = bytearray(text.encode("utf-8"))
    at = rnd.randrange(len(raw) + 1)
    numbers = list(NUMBER.finditer(bytes(raw)))
    quotes = [i + 1 for i, b in enumerate(raw) if b == 0x22]
    how = rnd.randrange(8)
    if how == 0 and numbers:                               # an integer of thousands of digits
        m = rnd.choice(numbers)
        raw[m.start():m.end()] = _huge(rnd)
    elif how == 1 and numbers:                             # a value nested thousands deep
        m = rnd.choice(numbers)
        raw[m.start():m.end()] = _deep(rnd, json)
    elif how == 2:                                         # bytes that are not UTF-8
        spot = rnd.choice(quotes) if quotes and rnd.random() < 0.7 else at
        raw[spot:spot] = rnd.choice(NOT_UTF8)
    elif how == 3:                                         # a raw control character
        spot = rnd.choice(quotes) if quotes and rnd.random() < 0.7 else at
        raw[spot:spot] = bytes([rnd.choice([0, 1, 7, 8, 11, 12, 13, 27, 127])])
    elif how == 4 and quotes:                              # one escaped into a string
        spot = rnd.choice(quotes)
        raw[spot:spot] = rnd.choice(ESCAPES) * rnd.choice([1, 1, 3, 300])
    elif how == 5 and quotes:                              # a huge string
        spot = rnd.choice(quotes)
        raw[spot:spot] = rnd.choice([b"x", "\u0411".encode(), b"[", b" "]) * rnd.choice(
            [300, 3_500, 100_000])
    else:                                                  # the file cut short
        del raw[at:]
    return bytes(raw)


@dataclass
class Reader:
    """One file reader: its seed files, how to read data or a file, the errors it may raise.
    ``form``: how its seeds are written ("toml" or "json")."""
    name: str
    seeds: list[Path]
    read_data: Callable[[object], object]
    read_file: Callable[[Path], object]
    errors: tuple[type[BaseException], ...]
    form: str = "toml"


class StorageFailed(AssertionError):
    """A damaged state file the daemon would answer with "storage failed" (forever) instead of
    setting it aside."""


def readers() -> list[Reader]:
    from table import cards, profiles as profile, scenarios
    from table.app.storage import tags
    from table.cards import tiles

    def run(sc):
        try:
            sc.run()
        except scenarios.CannotRun:        # a well-formed file whose steps cannot run: exit 1
            pass

    def scenario_data(data):
        run(scenarios.parse(data))

    def scenario_file(path):
        run(scenarios.load(path))

    def cards_data(data):
        path = Path(_tmp()) / "cards.toml"
        path.write_text(_toml(data), encoding="utf-8")
        return cards.load_file(path)

    def tiles_data(data):
        path = Path(_tmp()) / "tiles.toml"
        path.write_text(_toml(data), encoding="utf-8")
        return tiles.load_tiles(path)

    def tags_file(path):
        return tags.TagStore(path, cards={"bazooka": None, "uzi": None})

    def tags_data(data):
        path = Path(_tmp()) / "tags.toml"
        path.write_text(_toml(data), encoding="utf-8")
        return tags_file(path)

    scenario_seeds = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))
    card_seeds = sorted((ROOT / "table" / "cards" / "data").glob("*.toml"))
    return [
        Reader("scenario", scenario_seeds, scenario_data, scenario_file, (scenarios.Malformed,)),
        Reader("cards", card_seeds, cards_data, cards.load_file, (cards.CardError,)),
        Reader("tiles", [ROOT / "table" / "cards" / "tiles.toml"], tiles_data, tiles.load_tiles,
               (tiles.TileError,)),
        Reader("profile", [ROOT / "hardware" / "reference.toml"],
               lambda data: profile.parse(data, "fuzzed.toml"), profile.load,
               (profile.ProfileError,)),
        Reader("tags", [ROOT / "tests" / "vectors" / "tags.toml"], tags_data, tags_file,
               (tags.TagFileError,)),
        *state_readers(),
    ]


# -- the state folder: settings.json, the journal's rows, the journal file -------------------

def _settings_file(path: Path) -> None:
    from table.app.storage.folder import SETTINGS, StateFolder
    folder = _fresh()
    (folder / SETTINGS).write_bytes(path.read_bytes())
    store = StateFolder(folder).open()
    try:
        _no_fault(store)
    finally:
        store.close()


def _settings_data(data) -> None:
    path = Path(_tmp()) / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _settings_file(path)


def _no_fault(store) -> None:
    if store.fault is not None:
        raise StorageFailed(store.fault.message)


def resume(folder: Path) -> None:
    """What the daemon does with its state folder on start: open it, pick up the game in play
    (a damaged journal set aside and a new one opened), read its progress."""
    from table.app.storage.folder import StateFolder
    from table.librarygame import LibraryGame
    from table.journal import JournalDamaged, JournaledGame, JournalError, JournalIOError
    store = StateFolder(folder, game_cls=LibraryGame).open()
    try:
        _no_fault(store)
        try:
            game_id = store.journal.latest_unfinished()
            if game_id is not None:
                JournaledGame.load(store.journal, game_id)
                store.progress(game_id, 0)
        except JournalError as err:
            if isinstance(err, JournalIOError):
                raise StorageFailed(str(err)) from None
            if isinstance(err, JournalDamaged) and not store.journal_damaged(err):
                raise StorageFailed(f"{err}: not set aside") from None
        _no_fault(store)
    finally:
        store.close()


def template() -> Path:
    """A journal holding a real game of a few answers (made once per process)."""
    folder = Path(_tmp()) / "template"
    path = folder / "journal.sqlite"
    if path.exists():
        return path
    folder.mkdir()
    from table.librarygame import GameConfig, LibraryGame
    from table.journal import Journal, JournaledGame
    from tests.journal.player import choose
    with Journal(path, game_cls=LibraryGame) as journal:
        jg = JournaledGame.new(journal, GameConfig(teams=2), 7)
        for _ in range(12):
            if jg.result is not None:
                break
            jg.answer(choose(jg, 7))
        journal.set_progress(1, {"game": 1, "shown": 3, "cuts": [2], "done": 1})
    rows = folder / "rows"
    rows.mkdir()
    db = sqlite3.connect(path)
    try:
        for col in ("config", "seed"):
            (rows / f"games.{col}.1.json").write_text(
                db.execute(f"SELECT {col} FROM games WHERE id = 1").fetchone()[0])
        for seq, payload in db.execute("SELECT seq, payload FROM entries"):
            (rows / f"entries.payload.{seq}.json").write_text(payload)
        (rows / "progress.data.1.json").write_text(
            db.execute("SELECT data FROM progress").fetchone()[0])
    finally:
        db.close()
    return path


def _row_seeds() -> list[Path]:
    return sorted((template().parent / "rows").glob("*.json"))


_KEYS = {"games": "id", "entries": "seq", "progress": "game_id"}


def _journal_row(path: Path) -> None:
    """A copy of the template journal with one row's text replaced by the file's bytes (as
    text, UTF-8 or not), resumed as the daemon resumes."""
    table, column, key = path.name.split(".")[:3]
    folder = _fresh()
    shutil.copy(template(), folder / "journal.sqlite")
    db = sqlite3.connect(folder / "journal.sqlite")
    try:
        db.execute(f"UPDATE {table} SET {column} = CAST(? AS TEXT) WHERE {_KEYS[table]} = ?",
                   (path.read_bytes(), int(key)))
        db.commit()
    finally:
        db.close()
    resume(folder)


def _journal_row_data(data, seed: Path) -> None:
    path = Path(_tmp()) / seed.name
    path.write_text(json.dumps(data), encoding="utf-8")
    _journal_row(path)


def _journal_file(path: Path) -> None:
    folder = _fresh()
    shutil.copy(path, folder / "journal.sqlite")
    resume(folder)


def state_readers() -> list[Reader]:
    return [
        Reader("settings", [ROOT / "tests" / "vectors" / "settings.json"], _settings_data,
               _settings_file, (), form="json"),
        Reader("journal-rows", _row_seeds(), _journal_row_data, _journal_row, (), form="json"),
        Reader("journal-file", [template()], None, _journal_file, (), form="sqlite"),
    ]


_TMP: list[str] = []


def _tmp() -> str:
    if not _TMP:
        import tempfile
        _TMP.append(tempfile.mkdtemp(prefix="worms-fuzz-"))
    return _TMP[0]


def _fresh() -> Path:
    """An empty state folder (the last one is removed)."""
    base = Path(_tmp()) / "state"
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir()
    return base


def _toml(data: dict) -> str:
    import tomli_w
    return tomli_w.dumps(_tomlable(data))


def _tomlable(v):
    """TOML has no NaN-free guarantee issues but tomli_w refuses some shapes: keep them valid."""
    if isinstance(v, dict):
        return {str(k): _tomlable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_tomlable(x) for x in v]
    return v


def _flip_pages(raw: bytes, rnd: random.Random) -> bytes:
    """An SQLite file with a few bytes flipped or a page cut (anywhere but the first 100
    bytes, its header: a wrong header is only "not a database")."""
    out = bytearray(raw)
    for _ in range(rnd.randrange(1, 6)):
        i = rnd.randrange(100 if rnd.random() < 0.9 else 0, len(out))
        if rnd.random() < 0.85:
            out[i] = rnd.randrange(256)
        else:
            del out[i:i + 4096]
    return bytes(out)


def _mutated(reader: Reader, seed: Path, rnd: random.Random) -> tuple[str, object]:
    """("data", mutated data) or ("file", a path of mutated bytes), or ("skip", None)."""
    path = Path(_tmp()) / "mutated" / seed.name
    path.parent.mkdir(exist_ok=True)
    if reader.form == "sqlite":
        path.write_bytes(_flip_pages(seed.read_bytes(), rnd))
        return "file", path
    text = seed.read_text(encoding="utf-8")
    how = rnd.random()
    if how < 0.45:
        loads = json.loads if reader.form == "json" else tomllib.loads
        data = mutate(loads(text), rnd, rnd.randrange(1, 4)) if text.strip().startswith(
            ("{", "[")) or reader.form == "toml" else _nasty(rnd)
        try:
            json.dumps(data, allow_nan=False) if reader.form == "json" else _toml(data)
        except (TypeError, ValueError):
            return "skip", None             # not writable as TOML or JSON: no file holds it
        return "data", data
    path.write_bytes(garble(text, rnd) if how < 0.6 else
                     textual(text, rnd, json=reader.form == "json"))
    return "file", path


def one(reader: Reader, rnd: random.Random) -> BaseException | None:
    """Feed ``reader`` one mutated file; the unexpected exception it raised, or None."""
    seed = rnd.choice(reader.seeds)
    how, what = _mutated(reader, seed, rnd)
    try:
        if how == "data":
            if reader.name == "journal-rows":
                _journal_row_data(what, seed)
            else:
                reader.read_data(what)
        elif how == "file":
            reader.read_file(what)
    except reader.errors:
        return None
    except Exception as err:                 # a traceback a user would see
        return err
    return None


def run(per_reader: int, seed: int = 0, only: list[str] | None = None) -> dict:
    """Feed every reader ``per_reader`` mutated files: {"fuzz_files", "fuzz_tracebacks",
    "per_reader": {name: [files, tracebacks]}, "samples"}."""
    rnd = random.Random(seed)
    files, failures, per = 0, [], {}
    for reader in readers():
        if only and reader.name not in only:
            continue
        bad = 0
        for _ in range(per_reader):
            files += 1
            err = one(reader, rnd)
            if err is not None:
                bad += 1
                failures.append(f"{reader.name}: {type(err).__name__}: {str(err)[:200]}")
        per[reader.name] = [per_reader, bad]
    return {"fuzz_files": files, "fuzz_tracebacks": len(failures), "per_reader": per,
            "samples": failures[:8]}
