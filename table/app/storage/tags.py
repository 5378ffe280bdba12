"""Which card each NFC tag is: the enrol table, kept as TOML in the state directory.

    [tags]
    "04A1B2C3D4E5F6" = "bazooka"

``worms-table enroll`` writes it; the daemon reads it to turn a tap into a card.  A tag not in
the table (or naming a card the library no longer has) is unknown: the daemon says so and
changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from table import filetext
from table.filetext import write_atomic

FILE = "tags.toml"


class TagFileError(Exception):
    """The tag file cannot be read; the message says which file and what to do."""


class TagStore:
    """The enrol table of ``path`` (None: one in memory, never read or written)."""

    def __init__(self, path: Path | str | None, cards: Mapping | None = None, read: bool = True):
        self.path = Path(path) if path is not None else None
        if cards is None:
            from table.cards import library
            cards = library()
        self.cards = cards
        self.tags: dict[str, str] = {}
        if read and self.path is not None:   # (read=False: an empty table, the file left alone)
            self.load()

    def load(self) -> None:
        if self.path is None:
            return
        try:
            data = filetext.read_toml(self.path)
        except FileNotFoundError:
            self.tags = {}
            return
        except (OSError, filetext.Unreadable) as err:
            raise TagFileError(f"{self.path}: cannot read the card tags ({err}); fix or delete "
                               "the file and enrol the cards again (worms-table enroll)") from None
        tags = data.get("tags", {})
        if not isinstance(tags, dict):
            raise TagFileError(f"{self.path}: [tags] must be a table of UID = card id")
        wrong = [uid for uid, card in tags.items() if not isinstance(card, str)]
        if wrong:
            raise TagFileError(f"{self.path}: tag {wrong[0]!r} must name a card as a string "
                               "(\"UID\" = \"card id\"); fix the file or enrol the cards again "
                               "(worms-table enroll)")
        self.tags = {str(uid).upper(): card for uid, card in tags.items()}

    def card(self, uid: str) -> str | None:
        """The card id of tag ``uid``, or None if the tag is unknown or its card is gone."""
        card = self.tags.get(uid.upper())
        return card if card in self.cards else None

    def enrol(self, uid: str, card_id: str) -> None:
        if card_id not in self.cards:
            raise ValueError(f"no card {card_id!r} in the library")
        self.tags[uid.upper()] = card_id
        self.save()

    def forget(self, uid: str) -> None:
        if self.tags.pop(uid.upper(), None) is not None:
            self.save()

    def save(self) -> None:
        if self.path is None:          # (in memory: the shop demo's table writes nothing)
            return
        lines = ["# worms-table: which card each NFC tag is (written by worms-table enroll)",
                 "[tags]"]
        lines += [f"{json.dumps(uid)} = {json.dumps(card)}" for uid, card in sorted(self.tags.items())]
        write_atomic(self.path, "\n".join(lines) + "\n")
