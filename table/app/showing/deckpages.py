"""The decks the players build at setup, told a page (an OLED screen, one OK) at a time: the
Supply deck (named by kind and counted, or the players' own: how many cards the box knows),
the Drop deck, and the Sudden Death card under it, face down and never named."""

from __future__ import annotations

#: the kinds of card a deck's screen names (its copies counted): a page each, so that every
#: name is said whole on the OLED
KINDS_PER_PAGE = 3


def deck_pages(decks: dict) -> list[dict]:
    """The pages of ``decks`` (what each deck holds: :func:`table.app.showing.views.start_hands`'
    ``decks``), each numbered ``page``: (its number, how many)."""
    if "known" in decks:                   # the players' own deck: how many the box knows
        pages = [{"deck": "supply", "cards": decks["supply"], "known": decks["known"]}]
    else:
        pages = [{"deck": "supply", "cards": c} for c in _pages(decks["supply"])]
    pages += [{"deck": "drop", "cards": c} for c in _pages(decks["drop"])]
    if decks["bottom"] is not None:  # under them, face down: unnamed until it is revealed
        pages.append({"bottom": True})
    return [{**page, "page": (i, len(pages))} for i, page in enumerate(pages, 1)]


def _pages(ids: list[str]) -> list[list[str]]:
    """A deck's cards, a page for every :data:`KINDS_PER_PAGE` kinds (all copies of a kind
    together); one empty page for an empty deck."""
    kinds = list(dict.fromkeys(ids))
    chunks = [kinds[i:i + KINDS_PER_PAGE] for i in range(0, len(kinds), KINDS_PER_PAGE)] or [[]]
    return [[c for c in ids if c in chunk] for chunk in chunks]
