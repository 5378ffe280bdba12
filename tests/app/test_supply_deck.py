"""Players draw by default; "Box draws" only when the library holds a Supply deck the box can
draw (issue 19): otherwise the decks screen says how many Supply cards the box knows."""

from table.app.wizard import Wizard
from table.cards import SUPPLY_DECK_MIN, holds_supply_deck, library, supply_known
from table.hexgrid import hexagon
from tests.app.driver import wizard_at

GRID = frozenset(hexagon((0, 0), 4))


def decks_menu(cards):
    w = Wizard(GRID, "en", cards=cards)
    assert w.own_decks                                  # players draw: the default
    return wizard_at(w, "decks")


def test_the_shipped_library_holds_no_supply_deck_the_examples_do(monkeypatch):
    from table.cards import open_library
    assert supply_known(library()) == (1, 1) and not holds_supply_deck(library())
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    monkeypatch.delenv("WORMS_TABLE_CARDS")
    open_library(examples=True)
    assert supply_known(library())[1] >= SUPPLY_DECK_MIN and holds_supply_deck(library())


def test_box_draws_is_offered_only_when_the_library_holds_a_supply_deck():
    from table.app.asking.prompts import View
    from table.engine.board import Board
    view = View("en", Board(land=set(), wind=1), GRID)
    few = decks_menu(library())
    assert few.values == ["players", "teach"]
    said = " ".join(few.screen(view).texts)
    assert "The box knows 1 Supply card: add yours on the page" in said
    plenty = {c: card._replace(copies=8) if card.kind == "supply" else card
              for c, card in library().items()}
    assert decks_menu(plenty).values == ["players", "box", "teach"]
    assert decks_menu(None).values == ["players", "box", "teach"]      # not known: all
