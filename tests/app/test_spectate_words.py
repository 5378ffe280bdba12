"""The page's words for the OLED (table/app/showing/pageview.py) say which menu row the OLED shows
inverted, so a screen reader, or a group reading the page, knows what OK chooses."""

from table.app.asking.prompts import HexPick, Menu
from table.app.showing.pageview import marked
from table.devices.buttons import InputEvent


def test_the_row_under_the_cursor_is_marked():
    menu = Menu("Inch, jump or skip?", ["Inch", "Jump"], ["inch", "jump"])
    assert marked(menu, ["Inch, jump or skip?", "Inch", "Jump"]) == [
        "Inch, jump or skip?", "▸ Inch", "Jump"]
    menu.press(InputEvent("4"))
    assert marked(menu, ["Inch, jump or skip?", "Inch", "Jump"]) == [
        "Inch, jump or skip?", "Inch", "▸ Jump"]


def test_a_hex_with_two_answers_marks_its_menu_and_nothing_else():
    pick = HexPick({(0, 1): [("inch", "Inch"), ("jump", "Jump")]}, {}, (0, 1),
                   lambda v, c: None)
    words = ["Blue: worm 1", "Move 1 of 2", "Inch / Jump"]
    assert marked(pick, list(words)) == words          # no menu on show: the words as they are
    pick.press(InputEvent("ok"))
    assert marked(pick, ["Move", "Inch", "Jump"]) == ["Move", "▸ Inch", "Jump"]
