"""What the simulator page and the table it shows say to each other, typed below both (the app
and the page never import each other).

The table (the daemon, table/app/daemon.py; the enroller, table/app/teach/enroller.py) is a
:class:`Table`: it pushes each :class:`table.ui.snapshot.TableSnapshot` to ``on_snapshot``,
asks ``page_watched`` whether the page's view of the game is wanted, and calls
``on_pair_button`` when someone at the table holds the pair button; the page, for its part,
has the table show its pairing code (:meth:`Table.notice`), draw anew when a page first
watches (:meth:`Table.redraw`), and hand the cards its card form writes to a
:class:`CardSink` (:meth:`Table.card_form`).  commands/common.py ``start_web`` joins the two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from table.ui.snapshot import TableSnapshot

if TYPE_CHECKING:
    from table.engine.cards import Card


#: Whether the page writing a card may finish what the tag ``uid`` began (a tag tapped in
#: private is the page's that tapped it, or anyone's when tapped on the table itself)
Mine = Callable[[str], bool]


class CardSink(Protocol):
    """Who hears of the cards the page's form writes (the daemon's teacher); called on the
    loop."""

    def card_problem(self, raw: dict) -> str | None:
        """Why this card cannot be written now (None: it can)."""

    def card_note(self, mine: Mine) -> str | None:
        """What writing a card does now beyond writing its file (None: nothing more)."""

    def card_to_write(self, raw: dict, mine: Mine) -> dict:
        """The card as it is to be written (one taught in private gets an id that says
        nothing of it)."""

    def card_added(self, raw: dict, path: str, mine: Mine) -> dict:
        """The card was written to ``path``: what to add to the reply."""

    def card_renamed(self, card_id: str, path: str) -> None:
        """Card ``card_id``'s file at ``path`` was written again with new names."""


class Table(Protocol):
    """A table a page shows and drives."""

    on_snapshot: Callable[[TableSnapshot], None] | None         # each snapshot, to the page
    page_watched: Callable[[], bool]                            # the page's view wanted now?
    on_pair_button: Callable[[], None] | None                   # the pair button was held

    @property
    def cards(self) -> Mapping[str, Card]:
        """The table's card library (the card form writes through it)."""

    @property
    def lang(self) -> str:
        """The table's language (the page's until the first snapshot)."""

    def notice(self, what: str, body: str) -> None:
        """Show ``body`` on the table's screen (the page's pairing code; ``what`` is logged,
        never ``body``)."""

    def redraw(self) -> None:
        """A page watches now: draw anew, so that its first answer has the page's view of
        the game (nothing before the table is up)."""

    def card_form(self) -> CardSink | None:
        """A page with the card form is served: who hears of the cards it writes (None: they
        are only written to the owner's folder)."""
