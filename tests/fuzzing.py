"""Mutated files for every reader: a valid file's data with one part changed (a value of
another type or a nasty one, a key removed, a key added, a list emptied or nested), or its text
with bytes flipped, cut or repeated.  Each reader must answer with its own error (naming the
file and field) or accept the file; anything else is a traceback a user would see.

Used by tests/test_fuzz_readers.py (driven by Hypothesis) and bench/security.py (counts).
"""

from __future__ import annotations

import copy
import datetime
import random
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


@dataclass
class Reader:
    """One file reader: its seed files, how to read data or a file, the errors it may raise."""
    name: str
    seeds: list[Path]
    read_data: Callable[[dict], object]
    read_file: Callable[[Path], object]
    errors: tuple[type[BaseException], ...]


def readers() -> list[Reader]:
    from table import cards, profiles as profile, scenarios
    from table.app import tags

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
        Reader("profile", [ROOT / "hardware" / "reference.toml"],
               lambda data: profile.parse(data, "fuzzed.toml"), profile.load,
               (profile.ProfileError,)),
        Reader("tags", [ROOT / "tests" / "vectors" / "tags.toml"], tags_data, tags_file,
               (tags.TagFileError,)),
    ]


_TMP: list[str] = []


def _tmp() -> str:
    if not _TMP:
        import tempfile
        _TMP.append(tempfile.mkdtemp(prefix="worms-fuzz-"))
    return _TMP[0]


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


def one(reader: Reader, rnd: random.Random) -> BaseException | None:
    """Feed ``reader`` one mutated file; the unexpected exception it raised, or None."""
    seed = rnd.choice(reader.seeds)
    text = seed.read_text(encoding="utf-8")
    try:
        if rnd.random() < 0.8:
            data = mutate(tomllib.loads(text), rnd, rnd.randrange(1, 4))
            try:
                _toml(data)
            except (TypeError, ValueError):
                return None                 # not writable as TOML: no file could hold it
            reader.read_data(data)
        else:
            path = Path(_tmp()) / f"garbled-{reader.name}.toml"
            path.write_bytes(garble(text, rnd))
            reader.read_file(path)
    except reader.errors:
        return None
    except Exception as err:                 # a traceback a user would see
        return err
    return None


def run(per_reader: int, seed: int = 0) -> dict:
    """Feed every reader ``per_reader`` mutated files: {"fuzz_files", "fuzz_tracebacks", ...}."""
    rnd = random.Random(seed)
    files, failures = 0, []
    for reader in readers():
        for _ in range(per_reader):
            files += 1
            err = one(reader, rnd)
            if err is not None:
                failures.append(f"{reader.name}: {type(err).__name__}: {err}")
    return {"fuzz_files": files, "fuzz_tracebacks": len(failures), "samples": failures[:5]}
