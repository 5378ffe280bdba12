"""The page's words for the OLED say which row the OLED shows inverted (the screen says which,
table/ui/screens.py ``Screen.selected``), so a screen reader, or a group reading the page,
knows what OK chooses: in every menu the box draws, the wizard's among them."""

from table.app.asking.prompts import HexPick, Menu
from table.devices.buttons import InputEvent
from table.ui import screens, wizardscreens
from table.ui.snapshot import TableSnapshot
from table.web.view import page_table

from tests.app.walking import view


def inverted(screen: screens.Screen) -> str | None:
    return None if screen.selected is None else screen.texts[screen.selected]


def test_the_row_under_the_cursor_is_the_one_selected():
    menu = Menu("Inch, jump or skip?", ["Inch", "Jump"], ["inch", "jump"])
    assert inverted(menu.screen(view("en"))) == "Inch"
    menu.press(InputEvent("4"))
    assert inverted(menu.screen(view("en"))) == "Jump"


def test_a_hex_with_two_answers_selects_a_row_only_while_its_menu_shows():
    pick = HexPick({(0, 1): [("inch", "Inch"), ("jump", "Jump")]}, {}, (0, 1),
                   lambda v, c: screens.message("Blue: worm 1", "Inch / Jump"))
    assert pick.screen(view("en")).selected is None     # the hex pick: no row to choose
    pick.press(InputEvent("ok"))
    assert inverted(pick.screen(view("en"))) == "Inch"


def test_a_scrolled_menu_and_an_item_on_two_rows_select_the_right_words():
    items = [f"Item {i}" for i in range(9)] + ["A long item that wraps onto a second row here"]
    assert inverted(screens.menu("Title", items, 6)) == "Item 6"        # scrolled, an arrow
    assert inverted(screens.menu("Title", items, 9)) == items[9]
    assert screens.menu("Title", items, None).selected is None          # nothing chosen yet


def test_the_wizards_menus_select_their_row_too():
    # (they are not the prompts' Menu: the page used to mark none of their rows)
    for lang in ("en", "cs", "uk"):
        teams = wizardscreens.teams_menu(lang, {"blue"}, 2)
        assert inverted(teams) is not None and inverted(teams) in teams.texts[1:]
        rules = wizardscreens.rules_menu(lang, set(), 1)
        assert inverted(rules) is not None
        assert inverted(wizardscreens.language_menu(2)) == "Українська"


def test_the_page_marks_the_selected_row():
    screen = wizardscreens.teams_menu("en", {"blue"}, 1)
    snap = TableSnapshot(version=1, mode="wizard", lang="en", oled=screen.texts,
                         selected=screen.selected)
    words = page_table(snap, "en", hand=False)["screen"]
    assert [w for w in words if w.startswith("▸ ")] == [f"▸ {inverted(screen)}"]
