"""The teach walk's text menu starts on the likeliest next line (table/app/teach/likely.py):
the line the box's cards of the same sort most often put there (issue 32 item 8)."""

from table.app.teach.likely import DONE, followers
from table.app.teach.walk import Walk
from table.cards.reading import shipped_cards

SHIPPED = {card.id: card for card in shipped_cards()}


def told(kind, *steps, known=SHIPPED):
    """A walk of a card of ``kind`` at its text menu, ``steps`` told already, answered as the
    buttons answer it (a weapon: a direct target, no Accuracy, a text line)."""
    w = Walk("en", "card_1", {"en": "Card 1"}, kinds=(kind,), known=known)
    for answer in ("go",) + (("direct", None, ("TEXT",)) if kind == "supply" else ()):
        w.answer(answer)
    for step in steps:
        w.answer({"do": step["do"]})
        while w.stage in ("param", "reach"):
            w.answer(step[w.param] if w.stage == "param" else w.prompt.values[0])
    assert w.stage == "text" and w.raw.get("text", []) == [dict(s) for s in steps]
    return w


def test_a_drop_card_starts_on_place_and_goes_on_to_change_wind():
    """Every shipped Drop card starts with a Place and most follow it with Change Wind."""
    first = told("drop").prompt.selected
    assert first["do"] == "place"
    assert followers(SHIPPED, "drop", "place").count({"do": "change_wind"}) >= 3
    after = told("drop", {"do": "place", "kind": "crate", "at": "emptiest"}).prompt.selected
    assert after == {"do": "change_wind"}
    assert told("drop", {"do": "change_wind"}).prompt.selected == DONE


def test_a_weapon_starts_on_blast_and_is_done_after_it():
    assert told("supply").prompt.selected == {"do": "blast"}
    assert told("supply", {"do": "blast"}).prompt.selected == DONE


def test_with_no_library_the_menu_starts_at_its_top():
    w = told("drop", {"do": "place", "kind": "crate", "at": "emptiest"}, known={})
    assert w.prompt.cursor == 0 and w.prompt.selected == DONE
