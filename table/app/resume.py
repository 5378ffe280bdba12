"""Picking the game in play up again (after a restart or a power cut), exactly where it was.

The journal holds every answer and chance outcome, and how far the players had copied the
board changes (:meth:`StateFolder.progress`): the game is loaded from it, the tracker's board
brought to what the players had been shown, and the steps rebuilt batch by batch as they were
shown, so none is repeated and none is lost.  :func:`tracker_for` also serves a new game and an
undo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from table.journal import Journal, JournaledGame

from table.app.showing.views import box_drawn, land_of, setup_board, start_hands
from table.app.showing.tracker import Tracker


def latest_game(journal: Journal | None) -> JournaledGame | None:
    """The unfinished game last played in ``journal``, or None (raises ``JournalError``)."""
    if journal is None:
        return None
    game_id = journal.latest_unfinished()
    return None if game_id is None else JournaledGame.load(journal, game_id)


def tracker_for(game: Any, settings: Mapping[str, Any]) -> Tracker:
    """The tracker of ``game``'s board as the players lay it, from the setup on."""
    return Tracker(land_of(game), 1, setup=lambda: setup_board(game),
                   deal=lambda: start_hands(game), cards=lambda: game.cards,
                   drawn=None if game.config.own_decks else lambda: box_drawn(game),
                   box=(team for team, _ in game.config.box),
                   # the owner's setting: one change a screen instead of a hex a screen
                   one_each=bool(settings.get("one_change_per_screen")))


def steps_as_shown(tracker: Tracker, events: Sequence[dict[str, Any]], shown: int,
                   cuts: list[int]) -> list[Any]:
    """The tracker brought to the first ``shown`` events, and the steps of the rest exactly
    as they were shown (a batch from each cut to the next)."""
    tracker.apply(events[:shown])
    return [s for a, b in zip([shown] + cuts, cuts + [len(events)])
            for s in tracker.steps(events[a:b])]


__all__ = ["latest_game", "steps_as_shown", "tracker_for"]
