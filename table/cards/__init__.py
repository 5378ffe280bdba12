"""The card library: card files (TOML) read and checked (the `worms-table cards` command is
table.commands.cards).

The shipped cards live in ``table/cards/data/``.  An owner adds their other physical cards as
more files: every ``*.toml`` in the owner's card folder and in the folders named by
``WORMS_TABLE_CARDS`` (separated by ``os.pathsep``) joins the library.  The schema is in
docs/cards.md.  Which folders a program reads is said once, in the
:class:`~table.cards.cardlibrary.CardLibrary` it opens (:func:`open_library`): every part of
the program reads that one object.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from table.engine.cards import Card, play_card, resolve_drop

from .cardlibrary import CardLibrary, default_folder, example_folder
from .reading import CardError, load_file, read_toml
from .schema import CARD_KEYS, LANGS, card_table, parse_card

__all__ = ["CARD_KEYS", "LANGS", "Card", "CardError", "CardLibrary", "card_table", "close_library",
           "current_library", "default_folder", "example_folder", "holds_supply_deck",
           "library", "load_file", "open_library", "owner_folder", "parse_card", "play_card", "read_toml",
           "resolve_drop", "supply_known"]


#: A library "holds a Supply deck" the box can draw for the players when it knows at least this
#: many Supply and Superweapon copies (two a player for four players, the count Late
#: Superweapons deals); with fewer the players keep the decks and teach the box their cards.
SUPPLY_DECK_MIN = 8


def supply_known(cards: Mapping) -> tuple[int, int]:
    """How many Supply and Superweapon cards ``cards`` knows: (distinct cards, copies)."""
    kinds = [c for c in cards.values() if c.kind in ("supply", "superweapon")]
    return len(kinds), sum(c.copies for c in kinds)


def holds_supply_deck(cards: Mapping) -> bool:
    """The box can draw the Supply deck for the players (see :data:`SUPPLY_DECK_MIN`)."""
    return supply_known(cards)[1] >= SUPPLY_DECK_MIN


#: The library this program opened (:func:`open_library`), or None: read from the
#: environment at each :func:`library`.
_opened: CardLibrary | None = None


def open_library(examples: bool = False) -> CardLibrary:
    """The program's card library, its folders as the environment names them (``examples``:
    the example pack too, as ``run --sim`` and the demo read it), made the one
    :func:`library` and :func:`current_library` give from now on."""
    global _opened
    _opened = CardLibrary.from_env(examples=examples)
    return _opened


def current_library() -> CardLibrary:
    """The library this program opened, else a new one of the environment's folders."""
    return _opened if _opened is not None else CardLibrary.from_env()


def owner_folder() -> Path:
    """Where an owner's new card files go: the owner's folder of the program's library."""
    return current_library().owner


def close_library() -> None:
    """Forget the program's library (a test's end): :func:`library` reads the environment."""
    global _opened
    _opened = None


def library(extra: list | None = None) -> dict[str, Card]:
    """Every card by id: the program's library (:func:`open_library`) as it is now, else the
    shipped cards and the owner's as the environment names them, checked (CardError names
    every file that does not load).  ``extra``: the shipped cards and those files only."""
    if extra is not None:
        return CardLibrary(default_folder(), extra).checked()
    if _opened is not None:
        return dict(_opened)
    return CardLibrary.from_env().checked()
