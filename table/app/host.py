"""The daemon as its parts see it (a :class:`typing.Protocol`): the parts that act on the
daemon -- the box's seats (boxseat.py), the teaching walks (teaching.py), skipping ahead
(ahead.py), the inputs (inputs.py) -- are typed by what they use of it, without importing
table/app/daemon.py (which imports them)."""

from __future__ import annotations

from typing import Any, Protocol

from table.cards import CardLibrary
from table.librarygame import LibraryGame
from table.journal import JournaledGame

from table.app.asking.prompt import Prompt
from table.app.core.bridge import LoopBridge
from table.app.core.mode import Mode
from table.app.core.tablestate import TableState
from table.app.storage.folder import StateFolder
from table.app.showing.stepqueue import StepQueue
from table.app.storage.tags import TagStore


class Host(Protocol):
    """What :class:`table.app.daemon.Daemon` offers its parts."""

    state: TableState                 # the table's one state (its one setter: state.set)
    cards: CardLibrary                # the card library (table/cards/cardlibrary.py)
    queue: StepQueue                  # the steps to copy
    bridge: LoopBridge                # a worker thread's call onto the loop
    tags: TagStore                    # the enrolled tags
    store: StateFolder

    @property
    def mode(self) -> Mode: ...

    @property
    def lang(self) -> str: ...

    @property
    def overlay(self) -> Prompt | None: ...      # a notice over what is on show

    @property
    def jg(self) -> JournaledGame | None: ...      # the game in play, journaled

    @property
    def game(self) -> LibraryGame | None: ...

    def current(self) -> Prompt: ...

    def answer(self, value: Any) -> None: ...

    def render(self, leds_only: bool = False) -> None: ...


__all__ = ["Host"]
