"""The box's map tiles as data: ``table/cards/tiles.toml`` ships with the package; an owner
describes their own tiles once in a file named by ``WORMS_TABLE_TILES``, which then replaces
the shipped ones.  The format is in docs/cards.md ("Map tiles").

>>> [(t.number, len(t.hexes)) for t in box_tiles()]
[(1, 4), (2, 4), (3, 5), (4, 5)]
>>> parse_tiles({"tiles": [{"number": 1, "hexes": [[0, 0], [2, 0]]}]}, "mine.toml")
Traceback (most recent call last):
...
table.cards.tiles.TileError: mine.toml: tiles[0].hexes: the hexes of a tile must join edge to edge
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path

from table.cards import CardError, read_toml
from table.hexgrid import neighbour
from table.engine.tiles import Tile

__all__ = ["ENV", "TileError", "box_tiles", "load_tiles", "parse_tiles", "shipped_tiles"]

ENV = "WORMS_TABLE_TILES"
TILE_KEYS = {"number", "hexes", "notes"}
MAX_TILE_HEXES = 40            # (the printed tiles have 7 or fewer)


class TileError(CardError):
    """Problems in a tile file; ``problems`` lists each as one line naming file and field (a
    :class:`CardError`, the root of the card library's errors)."""


def _hex(v) -> tuple[int, int] | None:
    if (isinstance(v, list) and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        return (v[0], v[1])
    return None


def _joined(hexes: list) -> bool:
    todo, seen = [hexes[0]], {hexes[0]}
    while todo:
        h = todo.pop()
        for d in range(1, 7):
            n = neighbour(h, d)
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(hexes)


def parse_tiles(data, source: str) -> list[Tile]:
    """Check a tile file's data; raise TileError listing every problem."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise TileError([f"{source}: expected [[tiles]] tables"])
    problems += [f"{source}: unknown top-level key {k!r} (a tile file holds [[tiles]] tables)"
                 for k in data if k != "tiles"]
    raw = data.get("tiles")
    if not isinstance(raw, list) or not raw:
        raise TileError(problems + [f"{source}: tiles: expected one or more [[tiles]] tables"])
    tiles, numbers = [], set()
    for i, item in enumerate(raw):
        where = f"{source}: tiles[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{where}: expected a table")
            continue
        for key in sorted(set(item) - TILE_KEYS):
            problems.append(f"{where}.{key}: unknown key (keys: {', '.join(sorted(TILE_KEYS))})")
        number = item.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            problems.append(f"{where}.number: the printed tile number, a whole number 1 or more")
            number = None
        elif number in numbers:
            problems.append(f"{where}.number: tile {number} is listed twice")
        numbers.add(number)
        hexes = item.get("hexes")
        if not isinstance(hexes, list) or not hexes:
            problems.append(f"{where}.hexes: a list of land hexes [q, r] relative to the anchor")
            continue
        if len(hexes) > MAX_TILE_HEXES:
            problems.append(f"{where}.hexes: {len(hexes)} hexes; a tile has at most "
                            f"{MAX_TILE_HEXES}")
            continue
        parsed = [_hex(h) for h in hexes]
        land = [h for h in parsed if h is not None]
        if len(land) < len(parsed):
            bad = parsed.index(None)
            problems.append(f"{where}.hexes[{bad}]: expected a hex [q, r], got {hexes[bad]!r}")
            continue
        if len(set(land)) != len(land):
            problems.append(f"{where}.hexes: a hex is listed twice")
        elif not _joined(land):
            problems.append(f"{where}.hexes: the hexes of a tile must join edge to edge")
        elif number is not None:
            tiles.append(Tile(number, tuple(land)))
    if problems:
        raise TileError(problems)
    return tiles


def load_tiles(path: str | Path) -> list[Tile]:
    """Read and check one tile file."""
    source = str(path)
    return parse_tiles(read_toml(path, source, TileError), source)


def box_tiles() -> list[Tile]:
    """The tiles of the box: the owner's file (``WORMS_TABLE_TILES``), else the shipped ones."""
    owner = os.environ.get(ENV)
    if owner:
        return load_tiles(owner)
    return list(shipped_tiles())


@lru_cache(maxsize=1)
def shipped_tiles() -> tuple[Tile, ...]:
    """The shipped tiles, read once (a new game needs them; the file never changes); a
    scenario file plays with these whatever ``WORMS_TABLE_TILES`` names."""
    text = Path(__file__).with_name("tiles.toml").read_text(encoding="utf-8")
    return tuple(parse_tiles(tomllib.loads(text), "table/cards/tiles.toml"))
