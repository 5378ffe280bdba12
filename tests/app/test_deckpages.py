"""The decks to build at setup, told over as few screens as fit the OLED in every language
(table/app/showing/deckpages.py; issue 37 item 1: the setup's presses)."""

from table.app.showing.deckpages import deck_pages
from table.app.showing.stepscreens import deal_fits, deal_screen
from table.cards import library
from table.langs import LANGS


def test_the_decks_pages_hold_as_many_kinds_as_fit_and_never_split_a_kind():
    from table.cards.cardlibrary import example_folder
    cards = library(extra=sorted(example_folder().glob("*.toml")))   # (the example pack too)
    supply = [c for c in sorted(cards) if cards[c].kind in ("supply", "superweapon")]
    drop = [c for c in sorted(cards) if cards[c].kind == "drop"]
    decks = {"supply": [c for c in supply for _ in range(2)], "drop": drop * 4, "bottom": "x"}
    pages = deck_pages(decks, cards)
    assert all(deal_fits(lang, page, cards) for page in pages for lang in LANGS)
    for lang in LANGS:
        assert not any(deal_screen(lang, page, cards).problems for page in pages)
    told = [c for page in pages for part in page["parts"] for c in part.get("cards", ())]
    assert sorted(told) == sorted(decks["supply"] + decks["drop"])       # each card once
    for kind in supply + drop:                                     # a kind on one page
        assert len({p["page"] for p in pages for part in p["parts"]
                    if kind in part.get("cards", ())}) == 1
    assert [p["page"] for p in pages] == [(i, len(pages)) for i in range(1, len(pages) + 1)]
    assert pages[-1]["parts"][-1] == {"bottom": True}              # never named
    # three kinds a page, as before, took more screens than the measured fit
    assert len(pages) < -(-len(supply) // 3) + -(-len(drop) // 3) + 1


def test_the_teams_dealt_the_same_cards_are_told_once():
    from table.app.showing.tracker import Tracker
    from table.engine.setup import HIDDEN
    hand = ["uzi", "bazooka", "ninja_rope", "girder", HIDDEN]
    for hands, screens in (({"blue": hand, "red": hand, "green": hand}, 1),
                           ({"blue": hand, "red": hand[:4] + ["grenade"]}, 2)):
        teams = list(hands)
        tracker = Tracker([(0, 0)], deal=lambda h=hands: {**h, "decks": {
            "supply": [], "drop": [], "bottom": None}}, cards=library)
        dealt = [s.deal for s in tracker.steps([{"event": "setup", "wind": 1, "order": teams}])
                 if s.deal is not None and "parts" not in s.deal]
        assert len(dealt) == screens
    assert dealt[0] == {"team": "blue", "cards": hand}
    words = deal_screen("en", {"teams": ["blue", "red"], "cards": hand}, library()).texts
    assert words[0] == "Deal: each team"
