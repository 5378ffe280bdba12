"""The card library a program reads: every card by id, from folders named once.

Its folders, in the order they are read: the shipped cards (``table/cards/data/``), the
owner's card folder (where new cards are written: the first folder of ``WORMS_TABLE_CARDS``,
else ``$XDG_CONFIG_HOME/worms-table/cards``), the other folders and files of
``WORMS_TABLE_CARDS``, and the example pack when the program asks for it (``run --sim``, the
shop demo; a real table never).  The owner's folder need not exist yet: the first card written
makes it, and it is read from then on.

A :class:`CardLibrary` is a read-only mapping of card id to card, so every part that reads
cards (the game, the page, the teacher, ``enroll``, the box's draws, the demo) is handed the
same object.  It changes only through itself: :meth:`CardLibrary.write` and
:meth:`CardLibrary.rename` write a card file and read the folders again, :meth:`CardLibrary.add`
makes a card known that has no file, :meth:`CardLibrary.refresh` reads again what changed on
disk.  A file that does not load, or that reuses an id already in the library, is left out and
named in :attr:`CardLibrary.problems` (the rest still load); it is read again once it changes.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from table.engine.cards import Card

from .authoring import rename, write
from .reading import CardError, load_file, owner_file_cards, shipped_cards


def default_folder() -> Path:
    """The owner's card folder when ``WORMS_TABLE_CARDS`` names none:
    ``$XDG_CONFIG_HOME/worms-table/cards`` (``~/.config/worms-table/cards``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "worms-table" / "cards"


def example_folder() -> Path | None:
    """The example pack of owner cards written for this project (invented cards, not the
    printed game's): package data (``table/cards/examples/``, which the clone's
    ``examples/cards/`` points to), so an installed copy has it too; None if it is missing."""
    folder = Path(__file__).resolve().parent / "examples"
    return folder if folder.is_dir() else None


class CardLibrary(Mapping[str, Card]):
    """Every card by id: ``base`` (default the shipped cards), then the card files of
    ``folders`` in order (a folder's ``*.toml``, or a file); new card files go to ``owner``.
    Nothing is read until the cards are first asked for (or :meth:`refresh`)."""

    def __init__(self, owner: Path, folders: Sequence[Path] = (),
                 base: Mapping[str, Card] | None = None):
        self.owner = Path(owner)
        self.folders = tuple(Path(f) for f in folders)
        self.base = dict(base) if base is not None else None
        self.problems: list[str] = []      # the files left out, and why (one line each)
        self._taught: dict[str, Card] = {}   # cards made known without a file (add)
        self._cards: dict[str, Card] | None = None
        self._seen: tuple | None = None    # the files as last read (path, size, time)
        self._lock = threading.Lock()      # (the page's card form writes from a worker)
        self.read_only = False             # True: no card file written (the shop demo)

    @classmethod
    def from_env(cls, examples: bool = False) -> CardLibrary:
        """The folders as the environment names them (see the module's doc); ``examples``:
        the example pack too, read last."""
        env = os.environ.get("WORMS_TABLE_CARDS")
        pack = example_folder() if examples else None
        entries = [Path(e).expanduser() for e in (env or "").split(os.pathsep) if e]
        owner = next((e for e in entries if e.suffix != ".toml"
                      and e.resolve() != example_folder()), default_folder())
        folders = [owner] + [e for e in entries if e != owner]
        if pack is not None and all(e.resolve() != pack for e in folders):
            folders.append(pack)
        return cls(owner, folders)

    @classmethod
    def fixed(cls, cards: Mapping[str, Card]) -> CardLibrary:
        """Exactly ``cards`` (no folder read); cards written go to the environment's owner
        folder and join it (a test's, a tool's)."""
        return cls(cls.from_env().owner, (), base=cards)

    # -- the mapping ---------------------------------------------------------------------------
    @property
    def cards(self) -> dict[str, Card]:
        """The cards now (a dict never changed afterwards: a refresh makes a new one)."""
        cards = self._cards
        if cards is None:
            self.refresh()
            cards = self._cards
            assert cards is not None
        return cards

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    # -- reading -------------------------------------------------------------------------------
    def files(self) -> list[Path]:
        """The card files of the folders, in the order they are read (the owner's folder
        only once it exists)."""
        out: list[Path] = []
        for entry in self.folders:
            if entry.is_dir():
                out.extend(sorted(entry.glob("*.toml")))
            elif entry != self.owner:         # a file named (a missing one is named wrong)
                out.append(entry)
        return list(dict.fromkeys(out))      # (each file once)

    def _stamp(self, files: list[Path]) -> tuple:
        out: list[tuple] = []
        for path in files:
            try:
                st = path.stat()
                out.append((path, st.st_size, st.st_mtime_ns))
            except OSError:
                out.append((path, None, None))
        return tuple(out)

    def refresh(self) -> bool:
        """Read the folders again where a file was added, changed or removed since the last
        read: True if anything was read."""
        with self._lock:
            files = self.files()
            stamp = self._stamp(files)
            if stamp == self._seen and self._cards is not None:
                return False
            cards = dict(self.base) if self.base is not None else \
                {c.id: c for c in shipped_cards()}
            problems: list[str] = []
            for path in files:
                try:
                    mine = owner_file_cards(path)
                except CardError as err:
                    problems += err.problems
                    continue
                except Exception as err:      # a reader's own failure: the file left out
                    problems.append(f"{path}: {type(err).__name__}: {err}")
                    continue
                clash = [f"{path}: card {c.id}: id: already in the library "
                         f"({cards[c.id].source or 'shipped'})" for c in mine if c.id in cards]
                if clash:
                    problems += clash
                    continue
                cards.update((c.id, c) for c in mine)
            for card in self._taught.values():
                cards.setdefault(card.id, card)
            self._cards, self.problems, self._seen = cards, problems, stamp
            return True

    def checked(self) -> dict[str, Card]:
        """The cards, or CardError naming every file that does not load (a tool's reading)."""
        cards = self.cards
        if self.problems:
            raise CardError(list(self.problems))
        return dict(cards)

    # -- changing it ---------------------------------------------------------------------------
    def add(self, card: Card) -> None:
        """``card`` known at once (taught, or written by someone who said so)."""
        with self._lock:
            self._taught[card.id] = card
            if self._cards is not None:     # (else the first read takes it)
                self._cards = {**self._cards, card.id: card}

    def write(self, raw: dict) -> Path:
        """Check ``raw`` against the library, write it to the owner's folder (made if it is
        not there yet), and read the folders again: the card's path.  CardError: nothing
        written, every problem named."""
        self._writable()
        path = write(raw, folder=self.owner, known=self)
        self._read_back(path)
        return path

    def rename(self, card_id: str, names: dict) -> Path:
        """Give card ``card_id`` of the owner's folder new ``names`` (see
        :func:`table.cards.authoring.rename`), and read the folders again."""
        self._writable()
        path = rename(card_id, names, known=self, folder=self.owner)
        self._read_back(path)
        return path

    def _writable(self) -> None:
        if self.read_only:
            raise CardError(["this table writes no card file (the shop demo keeps nothing): "
                             "add your cards at a table of your own (worms-table run)"])

    def _read_back(self, path: Path) -> None:
        """The folders read again after writing ``path``; its cards as written (also where no
        folder is read: a library of fixed cards)."""
        self.refresh()
        for card in load_file(path):
            if self.get(card.id) != card:
                self.add(card)
