"""The state read when the daemon starts (``Daemon.setup`` runs it in a worker thread, so
the loop goes on meanwhile): the state folder opened (its settings and its journal,
:meth:`StateFolder.open`), the card library read, the enrolled tags read.  Blocking file I/O
only: nothing here touches the loop or the devices, and nothing raises (what is wrong is a
problem of the folder, shown once the devices are up).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from table.cards import CardLibrary, current_library
from table.langs import LANGS

from table.app.storage.folder import StateFolder, load_cards
from table.app.storage.tags import TagStore


class Opened(NamedTuple):
    cards: CardLibrary         # the card library, read
    tags: TagStore             # the enrolled tags
    lang: str | None           # the players' language, as the settings keep it (None: unset)


def unread(cards: Mapping | None) -> tuple[CardLibrary, TagStore]:
    """Before :func:`read_state`: the card library (``cards`` None: the program's,
    table.cards.current_library; a plain mapping: exactly those cards), nothing of it read
    yet, and a tag table with no tag and no file."""
    library = current_library() if cards is None else \
        cards if isinstance(cards, CardLibrary) else CardLibrary.fixed(cards)
    return library, TagStore(None, library)


def read_state(store: StateFolder, cards: CardLibrary) -> Opened:
    """Open ``store``, read the card library ``cards`` and the tags."""
    store.open()
    cards, problem = load_cards(cards)
    store.problems += [problem] if problem else []
    lang = store.settings.get("lang")
    return Opened(cards, store.tags(cards), lang if lang in LANGS else None)
