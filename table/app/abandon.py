"""Abandoning the game in play: held OK on the colour legend (itself held OK; the page's
"Abandon this game…" holds OK twice) asks first (:class:`AbandonQuestion`: "Keep playing",
under the cursor, or "Abandon it"); abandoning finishes the game in the journal as abandoned,
kept there, and the new-game wizard (table/app/wizard.py) starts a new game after it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from table.ui import screens
from table.ui.strings import text

from table.app.asking.prompts import Answer, Menu

log = logging.getLogger("worms-table")


class AbandonQuestion(Menu):
    """Abandon the game in play?  "Keep playing" (under the cursor first; Back too) or "Abandon
    it", which calls ``abandon`` (:func:`abandon_game`): the journal keeps the game, finished
    as abandoned, and the new-game wizard starts."""

    def __init__(self, abandon: Callable[[], None]):
        super().__init__("", [], ["keep", "abandon"], 0,
                         draw=lambda view, cursor: abandon_screen(view.lang, cursor))
        self.abandon = abandon

    def press(self, event):
        if event.name == "back" and not event.long:
            return Answer("keep")
        out = super().press(event)
        if isinstance(out, Answer) and out.value == "abandon":
            self.abandon()
        return out


def abandon_screen(lang: str, cursor: int) -> screens.Screen:
    """The question: "Keep playing" or "Abandon it", what the one under the cursor does."""
    keys = ("abandon.keep", "abandon.yes")
    return screens.explained_menu(text("abandon.title", lang), [text(k, lang) for k in keys],
                                  text(f"{keys[cursor]}_help", lang), cursor)


def abandon_game(table) -> None:
    """The game in play is given up: finished in the journal as abandoned (no winners; kept
    there, not deleted; the next game is a new one after it), and the new-game wizard starts
    (``table``: the daemon)."""
    jg = table.jg
    if jg is not None and table.journal is not None:
        table.journal.finish(jg.game_id, {"winners": [], "abandoned": True})
        log.info("game %s abandoned (kept in the journal)", jg.game_id)
    table.new_wizard()
