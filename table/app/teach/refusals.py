"""Why the box cannot save a card taught on the buttons, said whole and in the box's language.

The teach walk (table/app/teach/walk.py) checks the card it was told with the library's own checks
(:func:`table.cards.authoring.check`) before it is saved.  Those checks speak English to a card
file's author; on the box a refusal is a screen of its own (:func:`refused_screen`): "Cannot
save the card", the reason in a few words from the catalogs, OK back to the check screen with
the line to change marked (OK on that line goes back to the screen that told it).

What the buttons can get wrong is little: the walk asks for every part in turn and offers only
what the card's kind and target allow, but it does not count.  So a card can be refused for

* an action line longer than the vocabulary's :data:`~table.engine.vocabulary.MAX_SYMBOLS`
  (symbol by symbol), and
* more lines of text (or of a Sudden Death card's drop part) than
  :data:`~table.engine.vocabulary.MAX_STEPS`.

Anything else the checks find (a card the walk was handed with an id already taken, say: not
from the box's own buttons, tests/app/test_teach_refused.py) is "the page's card form says
why", the English problems logged.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.vocabulary import MAX_STEPS, MAX_SYMBOLS
from table.ui import screens
from table.ui.strings import text


@dataclass(frozen=True)
class Refusal:
    """Why a taught card cannot be saved: the catalog entry saying it (``n``: its number), the
    part of the card to change (a line of :func:`table.app.teach.words.parts`; None: no one
    line) and the walk's screen that changes it."""
    key: str
    n: int = 0
    part: str | None = None
    stage: str | None = None


#: the reasons the box says in its own words, the first that holds is said
TOO_MANY_SYMBOLS = Refusal("teach.refused.symbols", MAX_SYMBOLS, "action", "symbols")
TOO_MANY_STEPS = Refusal("teach.refused.steps", MAX_STEPS, "text", "text")
OTHER = Refusal("teach.refused.other")


def refusal(raw: dict, field: str) -> Refusal:
    """Why ``raw`` (a card the check refused; ``field``: where its steps are, ``text`` or
    ``drop``) cannot be saved, in the box's terms."""
    if len(raw.get("action") or ()) > MAX_SYMBOLS:
        return TOO_MANY_SYMBOLS
    if len(raw.get(field) or ()) > MAX_STEPS:
        return TOO_MANY_STEPS
    return OTHER


def refused_screen(why: Refusal, lang: str) -> screens.Screen:
    """The refusal on the OLED: the title, the reason whole, OK goes on."""
    return screens.message(text("teach.refused.title", lang), text(why.key, lang, n=why.n),
                           hint=screens.go_on(lang))


__all__ = ["OTHER", "Refusal", "TOO_MANY_STEPS", "TOO_MANY_SYMBOLS", "refusal",
           "refused_screen"]
