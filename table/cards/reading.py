"""Reading card files: one file's cards checked (:func:`load_file`), the shipped cards, and an
owner's file parsed once for the same bytes.  Which files make the library is
table/cards/cardlibrary.py's :class:`~table.cards.cardlibrary.CardLibrary`."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from table import filetext
from table.engine.cards import Card

from .schema import parse_card


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


@lru_cache(maxsize=None)
def shipped_cards() -> tuple[Card, ...]:
    """The cards shipped in ``table/cards/data/``."""
    cards = []
    for res in sorted(Path(__file__).with_name("data").iterdir(), key=lambda p: p.name):
        if res.name.endswith(".toml"):
            cards.extend(_parse_cards(tomllib.loads(res.read_text(encoding="utf-8")),
                                      f"table/cards/data/{res.name}"))
    return tuple(cards)


#: each owner file read: its bytes and its cards, or the CardError it raised (parsed again
#: only once the bytes change)
_read: dict[Path, tuple[bytes, tuple[Card, ...] | CardError]] = {}


def owner_file_cards(path: Path) -> tuple[Card, ...]:
    """The cards of one owner file, parsed once for the same bytes (the screens name cards
    after each change: a TOML parse each time cost more than the rest of a press); CardError
    if it does not load."""
    try:
        data = filetext.read_bytes(path)
    except (OSError, filetext.Unreadable):
        data = None                          # load_file says why
    known = _read.get(path)
    if data is not None and known is not None and known[0] == data:
        if isinstance(known[1], CardError):
            raise CardError(list(known[1].problems))
        return known[1]
    try:
        cards: tuple[Card, ...] | CardError = tuple(load_file(path))
    except CardError as err:
        cards = err
    if data is not None:
        _read[path] = (data, cards)
    if isinstance(cards, CardError):
        raise CardError(list(cards.problems))
    return cards
