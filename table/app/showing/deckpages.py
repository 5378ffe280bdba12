"""The decks the players build at setup, told a page (an OLED screen, one OK) at a time: the
Supply deck (named by kind and counted, or the players' own: how many cards the box knows),
the Drop deck, and the Sudden Death card under it, face down and never named.  As many of
them go on a page as fit it in every language, measured with the screen's own font
(:func:`table.app.showing.stepscreens.deal_fits`): a kind's copies are never split over pages."""

from __future__ import annotations

from typing import Mapping

from table.langs import LANGS


def deck_pages(decks: dict, cards: Mapping) -> list[dict]:
    """The pages of ``decks`` (what each deck holds: :func:`table.app.showing.views.start_hands`'
    ``decks``; ``cards``: the game's cards, for their names), each ``{"parts": [...], "page":
    (its number, how many)}``; a part is a deck's cards (``deck``, ``cards``; the players' own
    Supply deck: ``known``) or the card under the Drop deck (``bottom``)."""
    from table.app.showing.stepscreens import deal_fits

    def fits(parts: list[dict]) -> bool:
        page = {"parts": parts, "page": (9, 9)}          # (the widest page number)
        return all(deal_fits(lang, page, cards) for lang in LANGS)

    pages: list[list[dict]] = []
    for unit in _units(decks):
        trial = _with(pages[-1], unit) if pages else None
        if trial is not None and fits(trial):
            pages[-1] = trial
        else:
            pages.append([unit])
    return [{"parts": parts, "page": (i, len(pages))} for i, parts in enumerate(pages, 1)]


def _units(decks: dict) -> list[dict]:
    """What the pages tell, in order, each as small as a page may hold: a kind of card of a
    deck (all its copies), the players' own Supply deck, the card under the Drop deck."""
    out: list[dict] = []
    if "known" in decks:                   # the players' own deck: how many the box knows
        out.append({"deck": "supply", "cards": list(decks["supply"]), "known": decks["known"]})
    else:
        out += _kinds("supply", decks["supply"])
    out += _kinds("drop", decks["drop"])
    if decks["bottom"] is not None:  # under them, face down: unnamed until it is revealed
        out.append({"bottom": True})
    return out


def _kinds(deck: str, ids: list[str]) -> list[dict]:
    """A deck's cards a kind at a time (all copies of a kind together); an empty deck is said
    too."""
    kinds = list(dict.fromkeys(ids))
    return [{"deck": deck, "cards": [c for c in ids if c == k]} for k in kinds] or \
        [{"deck": deck, "cards": []}]


def _with(parts: list[dict], unit: dict) -> list[dict]:
    """``parts`` with ``unit`` added: to the last part where it is more of the same deck."""
    last = parts[-1]
    if "deck" in unit and last.get("deck") == unit["deck"] and "known" not in last:
        return parts[:-1] + [{**last, "cards": last["cards"] + unit["cards"]}]
    return parts + [unit]
