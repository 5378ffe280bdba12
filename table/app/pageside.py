"""The daemon's side of the simulator page: the :class:`table.ui.pagelink.Table` that
commands/common.py ``start_web`` joins to the page (``Daemon.page``).

It holds the hooks the page sets (each snapshot pushed to it, whether it watches, the pair
button), the card lying on the reader as the reader last said (its taps and removals), and
works out the page's fields of each :class:`table.ui.snapshot.TableSnapshot` while a page
watches: the cards the table knows, its inputs and the game beside the LEDs, its board as the
players have it plus the change they are copying (table/app/showing/pageview.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from table.ui.snapshot import TableSnapshot

from table.app.asking.prompts import Prompt, View
from table.app.gameplay import GamePlay
from table.app.showing.pageview import page_view, table_side
from table.app.teach.teacher import Teacher

log = logging.getLogger("worms-table")


class Shown(Protocol):
    """What the page's side reads of the daemon."""

    teacher: Teacher
    ready: bool
    sim: bool
    play: GamePlay

    @property
    def cards(self) -> Mapping[str, Any]: ...

    @property
    def lang(self) -> str: ...

    @property
    def dev(self) -> dict: ...

    @property
    def game(self) -> Any: ...

    def notice(self, what: str, body: str) -> None: ...

    def render(self, leds_only: bool = False) -> None: ...


class PageSide:
    """The daemon ``d`` as the page sees it."""

    def __init__(self, d: Shown) -> None:
        self.d = d
        self.on_snapshot: Callable[[TableSnapshot], None] | None = None   # each new snapshot
        self.page_watched: Callable[[], bool] = lambda: True   # False: the page's view left out
        self.on_pair_button: Callable[[], None] | None = None   # 1 held: the page's pairing
        self.on_reader: str | None = None     # the UID of the card on the reader, as it says

    @property
    def lang(self) -> str:
        return self.d.lang

    @property
    def cards(self) -> Mapping[str, Any]:
        return self.d.cards

    def notice(self, what: str, body: str) -> None:
        self.d.notice(what, body)

    def redraw(self) -> None:
        """A page watches now: drawn anew (once the table is up)."""
        if self.d.ready:
            self.d.render()

    def card_form(self) -> Teacher:
        """A page with the card form is served: the teacher hears of its cards."""
        self.d.teacher.form = True
        return self.d.teacher

    # -- the daemon's calls -----------------------------------------------------------------
    def tapped(self, uid: str) -> None:
        self.on_reader = uid

    def removed(self, uid: str) -> None:
        """The card left the reader: drawn (the page shows the reader empty)."""
        if self.on_reader == uid:
            self.on_reader = None
            self.d.render()

    def push(self, snap: TableSnapshot) -> None:
        if self.on_snapshot is not None:
            self.on_snapshot(snap)

    def fields(self, prompt: Prompt, view: View) -> dict | None:
        """The page's fields of the next snapshot, while a page watches (None: nobody
        does); a failure never stops the table."""
        if self.on_snapshot is None or not self.page_watched():
            return None
        d = self.d
        page = table_side(d.cards, d.teacher.secret(), d.dev, self.on_reader)
        try:
            page.update(page_view(prompt, view, d.game, lang=d.lang, sim=d.sim, cards=d.cards,
                                  **d.play.as_copied(prompt)))
        except Exception:
            log.exception("the page's view of the game failed")
        return page
