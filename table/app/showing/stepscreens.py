"""The screens a step to copy or to read draws (table/app/showing/views.py :class:`Step`): the
board changes at one hex, at two hexes each named, or over several (a chain's fires, its
worms hurt, the Things set up, the Things to take off), with a card's summary said on the last
of them where it fits (table/app/showing/joins.py); a card's summary on a screen of its own
(with the Drop card to tap next, where it fits); and the setup's deals (the cards a team
takes, a page of the decks)."""

from __future__ import annotations

from typing import Mapping

from table.engine.setup import HIDDEN
from table.ui import screens
from table.ui.hexnames import hex_title, pair_screen
from table.ui.layout import NAME_W, card_name
from table.ui.screenfuls import FIRE, HURT, fire_lines, hurt_lines, off_lines, on_screen
from table.ui.strings import text
from table.ui.summaries import card_summary, joined_lines

from table.app.showing.taps import TAPS


def changes_screen(lang: str, s, index: int | tuple[int, int], total: int) -> screens.Screen:
    """A screen of board changes: over several hexes (a chain's fires, its worms hurt, the
    Things set up, the Things to take off), at two hexes each named (``index``: both hexes'
    numbers of ``total``), or at one; the lines said of the whole screen (the wind), then a
    card's summary joined to it (``s.summary``), then the card to tap, last."""
    if s.at is None and all(c.key == FIRE for c in s.changes):
        return screens.changes(text("ch.fires_title", lang), fire_lines(lang, list(s.changes)))
    if s.at is None and all(c.key == HURT for c in s.changes):
        return screens.changes(text("ch.hurt_title", lang), hurt_lines(lang, list(s.changes)))
    if s.at is None and s.changes[0].key.startswith("ch.place"):
        return screens.changes(text("place.title", lang), setup_lines(lang, s.changes))
    if s.at is None:
        return screens.changes(text("ch.off_title", lang), off_lines(lang, list(s.changes)))
    hexes = on_screen(s.changes)
    said = [c for c in s.changes if c.key not in TAPS]          # (the tap's line said last)
    summed = joined_lines(lang, s.summary) if s.summary is not None else []
    last = [c.text(lang) for c in said if c.at is None] + summed + \
        [c.text(lang) for c in s.changes if c.key in TAPS]
    if len(hexes) > 1 and isinstance(index, tuple):         # two hexes, each named
        return pair_screen(lang, index, total, [
            (h, [c.text(lang) for c in said if c.at == h]) for h in hexes] + [(None, last)])
    first = index[0] if isinstance(index, tuple) else index
    return screens.changes(hex_title(lang, first, total, s.at),
                           [c.text(lang) for c in said if c.at is not None] + last)


def summary_screen(lang: str, s, board, cards: Mapping) -> screens.Screen:
    """A card's summary on a screen of its own (the worms left counted on ``board``); with the
    Drop card to tap next (``s.changes``: table/app/showing/taps.py), what is new of it
    (:func:`table.ui.summaries.joined_lines`) and that line below."""
    title, body = card_summary(lang, s.summary, board)
    if s.changes:
        body = "\n".join(joined_lines(lang, s.summary) + [c.text(lang) for c in s.changes])
    return told(lang, title, body, s.summary["card"], cards)


def told(lang: str, title: str, body: str, card: str, cards: Mapping) -> screens.Screen:
    """A card's summary, with OK's hint: at the foot where the body leaves room, else at the
    right of the title (the card's name alone, if the title is too wide for it)."""
    name = cards[card].name(lang) if card in cards else card
    for head, foot, mark in ((title, screens.go_on(lang), ""), (title, None, screens.OK_ON),
                             (name, None, screens.OK_ON)):
        if screens.fits(head, body, foot, mark):
            return screens.message(head, body, foot, mark)
    return screens.message(title, body)


def setup_lines(lang: str, changes) -> list[str]:
    """Setting up: which Thing goes on the flashing hexes, and how many; several kinds at
    once: each kind counted, under a line saying each goes where its colour flashes."""
    first = changes[0]
    if first.key == "ch.place_worm":
        return [text("ch.setup_worms", lang, team=text(f"team.{first.args['team']}", lang),
                     n=len(changes))]
    kinds: dict[str, int] = {}
    for c in changes:
        kind = c.key.rsplit(".", 1)[1]
        kinds[kind] = kinds.get(kind, 0) + 1
    if len(kinds) == 1:
        return [text("ch.setup_things", lang, thing=text(f"thing.{first.key.rsplit('.', 1)[1]}",
                                                          lang), n=len(changes))]
    return [text("ch.setup_kinds", lang)] + [f"{text(f'thing.{k}', lang)} ×{n}"
                                             for k, n in kinds.items()]


def deal_screen(lang: str, deal: dict, cards: Mapping) -> screens.Screen:
    """Setup: the cards a team takes, or a page of the decks to build and shuffle
    (:mod:`table.app.showing.deckpages`): each deck's cards, counted (for the number of
    players), and the Sudden Death card to put under the Drop deck unseen (never named); the
    cards' names cut to fit, and shorter still where long names would not fit and the shorter
    names are still told apart."""
    title, body = _deal_words(lang, deal, cards)
    return screens.message(title, body, mark=screens.OK_ON)


def deal_fits(lang: str, deal: dict, cards: Mapping) -> bool:
    """:func:`deal_screen` shows all of ``deal`` in ``lang``: measured, not drawn."""
    return screens.fits(*_deal_words(lang, deal, cards), mark=screens.OK_ON)


def _deal_words(lang: str, deal: dict, cards: Mapping, width: int = NAME_W) -> tuple[str, str]:
    """A deal's title and body, its names cut to ``width`` pixels, and shorter still where
    they do not fit and the shorter names are still told apart."""
    def named(ids) -> str:
        counted: dict[str, int] = {}
        for c in ids:
            counted[c] = counted.get(c, 0) + 1
        return ", ".join(f"{n}× {card_name(cards, c, lang, width)}" for c, n in counted.items())

    def part(p: dict) -> str:
        if "known" in p:                # the players' own Supply deck
            return text("deal.supply_own", lang, n=p["known"])
        if "deck" in p:
            return text(f"deal.{p['deck']}_deck", lang, cards=named(p["cards"]))
        return text("deal.bottom", lang)    # the Sudden Death card, chosen unseen: unnamed
    title, body = text("deal.decks_title", lang), ""
    if deal.get("page") and deal["page"][1] > 1:       # the decks over several screens
        body = "{}/{} ".format(*deal["page"])
    if "team" in deal or "teams" in deal:     # (every team the same cards: one screen)
        title = text("deal.title", lang, team=text(f"team.{deal['team']}", lang)) \
            if "team" in deal else text("deal.title_each", lang)
        body = text("deal.hand", lang, cards=", ".join(
            text("deal.face_down", lang) if c == HIDDEN else card_name(cards, c, lang, width)
            for c in deal["cards"]))
        ids = set(deal["cards"])
    else:
        body += "\n".join(part(p) for p in deal["parts"])
        ids = {c for p in deal["parts"] if "known" not in p for c in p.get("cards", ())}
    # long names: shorter still, while the names shortened are still told apart
    if width > NAME_W // 4 and not screens.fits(title, body, mark=screens.OK_ON) and \
            len({card_name(cards, c, lang, width // 2) for c in ids}) == \
            len({card_name(cards, c, lang, 10 ** 6) for c in ids}):
        return _deal_words(lang, deal, cards, width // 2)
    return title, body
