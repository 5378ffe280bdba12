"""The card library: card files (TOML) read and checked (the `worms-table cards` command is
table.commands.cards).

The shipped cards live in ``table/cards/data/``.  An owner adds their other physical cards as
more files: every ``*.toml`` in the folders named by ``WORMS_TABLE_CARDS`` (separated by
``os.pathsep``) joins the library.  The schema is in docs/cards.md.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path

from table import filetext
from table.engine.cards import Card, play_card, resolve_drop

from .schema import CARD_KEYS, LANGS, card_table, parse_card

__all__ = ["CARD_KEYS", "LANGS", "Card", "CardError", "card_table", "example_folder", "library",
           "holds_supply_deck", "load_file", "parse_card", "play_card", "resolve_drop",
           "supply_known", "use_examples"]


class CardError(Exception):
    """One or more problems in card files; ``problems`` lists each as one line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def read_toml(path: str | Path, source: str, error: type[CardError] = CardError) -> dict:
    """An owner's TOML file (cards, tiles) as data, or ``error`` naming why it cannot be read."""
    try:
        return filetext.read_toml(path)
    except OSError as err:
        raise error([f"{source}: cannot read: {err.strerror}"]) from None
    except filetext.Unreadable as err:       # not UTF-8 or TOML, too deep, a huge integer
        raise error([f"{source}: {err}"]) from None


def load_file(path: str | Path, label: str | None = None) -> list[Card]:
    """Read and check one card file; raise CardError listing every problem."""
    source = label or str(path)
    return _parse_cards(read_toml(path, source), source)


def _parse_cards(data: dict, source: str) -> list[Card]:
    problems = [f"{source}: unknown top-level key {k!r} (a card file holds [[cards]] tables)"
                for k in data if k != "cards"]
    raw = data.get("cards", [])
    if not isinstance(raw, list):
        raise CardError([f"{source}: cards must be [[cards]] tables"])
    cards = []
    seen = set()
    for i, item in enumerate(raw):
        card, errs = parse_card(item, source, i)
        problems.extend(errs)
        if card is not None:
            if card.id in seen:
                problems.append(f"{source}: card {card.id}: id: used twice in this file")
            seen.add(card.id)
            cards.append(card)
    if problems:
        raise CardError(problems)
    return cards


def default_folder() -> Path:
    """The owner's card folder when ``WORMS_TABLE_CARDS`` is not set at all:
    ``$XDG_CONFIG_HOME/worms-table/cards`` (``~/.config/worms-table/cards``), where
    ``worms-table cards new`` writes (table/cards/authoring.py)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "worms-table" / "cards"


#: Owner's files left out of the library, as they were then (size, mtime): a file that does not
#: load is named and left out by the daemon (table/app/storage/folder.py) while the rest of its folder
#: is read (and written) as before; once the file changes it is read again.
_left_out: dict[Path, tuple[int, int]] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def leave_out(path: str | Path) -> None:
    """Leave the owner's file ``path`` out of :func:`user_files` until it changes."""
    stamp = _stamp(Path(path))
    if stamp is not None:
        _left_out[Path(path)] = stamp


#: A library "holds a Supply deck" the box can draw for the players when it knows at least this
#: many Supply and Superweapon copies (two a player for four players, the count Late
#: Superweapons deals); with fewer the players keep the decks and teach the box their cards.
SUPPLY_DECK_MIN = 8


def supply_known(cards: dict) -> tuple[int, int]:
    """How many Supply and Superweapon cards ``cards`` knows: (distinct cards, copies)."""
    kinds = [c for c in cards.values() if c.kind in ("supply", "superweapon")]
    return len(kinds), sum(c.copies for c in kinds)


def holds_supply_deck(cards: dict) -> bool:
    """The box can draw the Supply deck for the players (see :data:`SUPPLY_DECK_MIN`)."""
    return supply_known(cards)[1] >= SUPPLY_DECK_MIN


def example_folder() -> Path | None:
    """The example pack of owner cards written for this project (invented cards, not the
    printed game's): package data (``table/cards/examples/``, which the clone's
    ``examples/cards/`` points to), so an installed copy has it too; None if it is missing."""
    folder = Path(__file__).resolve().parent / "examples"
    return folder if folder.is_dir() else None


def use_examples() -> Path | None:
    """Let the library read the example pack too, after the owner's cards (the simulator and
    the demo do; a real table never): its folder goes last in ``WORMS_TABLE_CARDS``, so the
    owner's folder stays first (where new cards are written).  The folder, or None."""
    folder = example_folder()
    if folder is None:
        return None
    env = os.environ.get("WORMS_TABLE_CARDS")
    if env is None:                          # the owner's default folder, when there is one
        entries = [str(default_folder())] if default_folder().is_dir() else []
    else:
        entries = [e for e in env.split(os.pathsep) if e]
    if str(folder) not in entries:
        os.environ["WORMS_TABLE_CARDS"] = os.pathsep.join(entries + [str(folder)])
    return folder


def user_files() -> list[Path]:
    """The owner's card files: WORMS_TABLE_CARDS' folders and files, else the default folder
    (less those left out, see :func:`leave_out`)."""
    env = os.environ.get("WORMS_TABLE_CARDS")
    files: list[Path] = []
    if env is None:                          # unset (not empty): the default folder, if any
        folder = default_folder()
        files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    for entry in filter(None, (env or "").split(os.pathsep)):
        p = Path(entry)
        files.extend(sorted(p.glob("*.toml")) if p.is_dir() else [p])
    return [f for f in files if f not in _left_out or _left_out[f] != _stamp(f)]


@lru_cache(maxsize=None)
def _builtin() -> tuple[Card, ...]:
    cards = []
    for res in sorted(Path(__file__).with_name("data").iterdir(), key=lambda p: p.name):
        if res.name.endswith(".toml"):
            cards.extend(_parse_cards(tomllib.loads(res.read_text(encoding="utf-8")),
                                      f"table/cards/data/{res.name}"))
    return tuple(cards)


#: each owner file read: its bytes and its cards (parsed again only once the bytes change)
_read: dict[Path, tuple[bytes, tuple[Card, ...]]] = {}


def _owner_cards(path: Path) -> tuple[Card, ...]:
    """The cards of one owner file, parsed once for the same bytes (the screens name cards
    after each change: a TOML parse each time cost more than the rest of a press)."""
    try:
        data = path.read_bytes()
    except OSError:
        data = None                          # load_file says why
    known = _read.get(path)
    if data is not None and known is not None and known[0] == data:
        return known[1]
    cards = tuple(load_file(path))
    if data is not None:
        _read[path] = (data, cards)
    return cards


def library(extra: list[Path] | None = None) -> dict[str, Card]:
    """Every card by id: the shipped ones, then the owner's (which may not reuse an id)."""
    cards = {c.id: c for c in _builtin()}
    problems = []
    for path in (user_files() if extra is None else extra):
        for card in _owner_cards(Path(path)):
            if card.id in cards:
                problems.append(f"{path}: card {card.id}: id: already in the library "
                                f"({cards[card.id].source})")
            else:
                cards[card.id] = card
    if problems:
        raise CardError(problems)
    return cards
