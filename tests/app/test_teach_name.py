"""A card taught on the buttons is named on the box (issue 32 item 7): the check screen's
"Name" row opens a keyboard with the letters of the game's language, Czech and Ukrainian
included; the name typed is the card's, on the box, in its file and on the page."""

import asyncio

import pytest

from table.app.asking.prompts import DeckTap
from table.app.teach.keyboard import Keyboard
from table.app.teach.walk import Result, Walk, names
from table.bots import RandomBot
from table.cards import authoring
from table.devices.buttons import InputEvent
from table.langs import LANGS
from table.ui.keyboard import LETTERS, keys
from tests.app.driver import seated
from tests.app.test_teach_daemon import UNKNOWN, play_until, teach
from tests.app.walking import Hands, view

NAMES = {"en": "Holy Hand Grenade 2", "cs": "Svatý ruční granát", "uk": "М’ята граната"}


def told(lang):
    """A walk through a simple Supply card, at its check screen."""
    w = Walk(lang, "card_1", names(1), kinds=("supply",), known={})
    Hands(w).picks("go", "direct", 4, ("TEXT",), {"do": "blast"}, {"do": "blast"}, "done")
    assert w.stage == "check" and w.prompt.selected == "save"      # (Save still first)
    return w


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_is_named_on_the_buttons_in_the_games_language(lang):
    w = told(lang)
    h = Hands(w)
    h.pick("name")
    assert isinstance(w.prompt, Keyboard)
    h.pick(NAMES[lang])
    assert w.stage == "check" and w.prompt.selected == "save"
    assert any(NAMES[lang] in label for label in w.prompt.labels)
    out = h.pick("save")
    assert isinstance(out, Result)
    card, problems = authoring.check(out.raw, {}, source="card")
    assert problems == [] and card is not None
    assert {card.name(other) for other in LANGS} == {NAMES[lang]}


def test_the_keyboard_types_capitals_first_deletes_and_leaves_with_back():
    w = told("cs")
    Hands(w).pick("name")
    k = w.prompt

    def press(name):
        return k.press(InputEvent(name))

    press("ok")                                   # the first key: A, a capital
    assert k.typed == "A" and k.selected == "a"   # then small letters
    press("2")
    press("ok")
    assert k.typed == "Aá"
    k.cursor = k.keys.index("delete")
    press("ok")
    assert k.typed == "A"
    k.cursor = 0
    press("1")                                    # a row up from the first row: wraps round
    assert k.cursor == len(k.keys) - 12
    assert w.back() and w.stage == "check"        # Back: the name as it was
    assert w.raw["names"] == names(1)


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_of_the_keyboard_draws_cleanly(lang):
    k = Keyboard(lang, "Name", "Ž" * 20)
    for upper in (True, False):
        k.upper = upper
        assert k.keys == keys(lang, upper)
        assert set(LETTERS[lang] if upper else LETTERS[lang].lower()) <= set(k.keys)
        for c in range(len(k.keys)):
            k.cursor = c
            screen = k.screen(view(lang))
            assert screen.problems == (), (lang, c, screen.problems)


def test_a_card_taught_and_named_on_the_box_is_named_everywhere(tmp_path, owner_cards):
    from table.web.view import TableView
    page = TableView(lang="cs", hand=True)           # the page, watching the table

    async def main():
        async with seated(tmp_path / "state", 4, lang="cs") as (daemon, player):
            daemon.page.on_snapshot = page.show
            await play_until(daemon, player, RandomBot(4),
                             lambda p: isinstance(p, DeckTap) and p.deck == "supply")
            await player.tap(UNKNOWN)
            await teach(daemon, player, ("go", "supply", "direct", 4, ("TEXT",),
                                         {"do": "blast"}, {"do": "blast"}, "done", "name"))
            assert isinstance(daemon.current(), Keyboard)
            await player.choose(NAMES["cs"])
            await teach(daemon, player, ("save",))
            assert daemon.teacher.walk is None
            card = daemon.cards["card_1"]
            assert card.name("cs") == NAMES["cs"]
            assert f'"{NAMES["cs"]}"' in (owner_cards / "card_1.toml").read_text("utf-8")
            listed = {c["id"]: c["names"]["cs"] for c in page.state()["cards"]}
            assert listed["card_1"] == NAMES["cs"]          # the page's cards and rename list
    asyncio.run(main())
