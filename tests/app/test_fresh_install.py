"""A new box's first evening (issue 31): cards taught in the wizard before the first game, on a
fresh install (no owner card folder yet) of a table run as ``run --sim`` runs it (the example
pack read too), are in that game: the decks screen counts them, the page lists them and renames
them, a crate's draw and a play take them, and the game resumed after a restart knows them.

Everything through the daemon's inputs (presses and taps) and the page's requests; the owner's
folder and the state are temporary folders (never this machine's home)."""

import asyncio

import aiohttp
import pytest

from table.app.asking.prompts import CardTap, DeckTap
from table.app.teach.teacher import TeachPass
from table.bots import RandomBot
from table.cards import close_library, open_library
from table.cards.simtags import card_for_uid, sim_uid
from table.commands.common import start_web
from tests.app.driver import Player, enrol_all, running, sim_daemon
from tests.app.test_teach_daemon import BAZOOKA_LIKE, play_until, teach

TAGS = ("04F1E5A1000001", "04F1E5A1000002")      # two tags the box has never seen


@pytest.fixture
def fresh_home(tmp_path, monkeypatch):
    """A home of its own with no card folder in it: the owner's folder does not exist."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.delenv("WORMS_TABLE_CARDS", raising=False)
    folder = tmp_path / "home" / ".config" / "worms-table" / "cards"
    assert not folder.exists()
    return folder


def table(state, seed):
    """The daemon as ``worms-table run --sim`` makes it: the program's library with the example
    pack, the simulator's tags looked up among the daemon's cards."""
    close_library()                                  # (a new process)
    library = open_library(examples=True)
    daemon = sim_daemon(state, seed=seed, tag_lookup=lambda uid: card_for_uid(uid, daemon.cards))
    assert daemon.cards is library
    return daemon


async def through_the_wizard_teaching(daemon, player) -> int:
    """Language, two teams, people play, no rules, the box's dice; then "Teach your cards":
    a deck of two, each tag new; back at the decks screen.  The Supply cards known before."""
    w = daemon.wizard
    for value in ("en", "start", "start", "start", "auto"):
        await player.choose(value)
    before = w.supply[0]
    await player.choose("teach")
    count = w.prompt
    while count.n != 2:
        await player.press("4" if count.n > 2 else "1")
    await player.press("ok")
    p = daemon.current()
    assert isinstance(p, TeachPass)
    for uid in TAGS:
        await player.tap(uid)
        await teach(daemon, player, BAZOOKA_LIKE)
    assert p.taught == ["card_1", "card_2"]
    await player.press("ok")                          # the deck is done: the decks screen
    assert w.stage == "decks"
    return before


def test_cards_taught_before_the_first_game_are_in_it_and_after_a_restart(tmp_path, fresh_home):
    state = tmp_path / "state"

    async def first_evening():
        daemon = table(state, seed=3)
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            before = await through_the_wizard_teaching(daemon, player)
            assert sorted(p.name for p in fresh_home.iterdir()) == ["card_1.toml",
                                                                    "card_2.toml"]
            assert daemon.wizard.supply[0] == before + 2      # the decks screen counts them
            listed = {c.id for c in daemon.cards.values()}
            assert {"card_1", "card_2", "example_mud_pie"} <= listed
            # the page: its card row lists them, and its rename names Card 1
            server = await start_web(daemon.devices, daemon.page, "127.0.0.1", 0)
            try:
                async with aiohttp.ClientSession() as page:
                    async with page.get(server.url.rstrip("/") + "/state") as res:
                        row = [c["id"] for c in (await res.json())["cards"]]
                    assert {"card_1", "card_2"} <= set(row)
                    async with page.post(server.url.rstrip("/") + "/cards/rename",
                                         json={"id": "card_1",
                                               "names": {"en": "Banana Bomb"}}) as res:
                        assert res.status == 200, await res.text()
            finally:
                await server.stop()
            assert daemon.cards["card_1"].name("en") == "Banana Bomb"
            player.tags.update({c: sim_uid(c) for c in ("card_1", "card_2")})   # the card row
            for value in ("players", "auto", "new"):
                await player.choose(value)
            await player.press("ok", long=True)                # the map as offered: play
            game = daemon.game
            assert {"card_1", "card_2"} <= set(game.cards)
            # the first Supply draw (a crate): the page's card row taps Card 1's sim tag
            await play_until(daemon, player, RandomBot(3),
                             lambda p: isinstance(p, DeckTap) and p.deck == "supply")
            team = game.request.actor
            await player.tap(sim_uid("card_1"))
            assert "card_1" in game.hands[team], daemon.current()
            # its team's next card to play: Card 1
            await play_until(daemon, player, RandomBot(3),
                             lambda p: isinstance(p, CardTap) and game.request.actor == team
                             and "card_1" in p.options)
            await player.tap(sim_uid("card_1"))
            await play_until(daemon, player, RandomBot(3), lambda p: any(
                e["event"] == "play" and e["card"] == "card_1" for e in game.events))
            return list(game.log)

    log = asyncio.run(first_evening())

    async def after_a_restart():
        daemon = table(state, seed=3)
        tags = enrol_all(daemon)                  # (every card the library knows now)
        async with running(daemon):
            player = Player(daemon, tags)
            game = daemon.game
            assert game is not None and game.log == log             # resumed
            assert {"card_1", "card_2"} <= set(game.cards) and "card_2" in daemon.cards
            await play_until(daemon, player, RandomBot(5),
                             lambda p: isinstance(p, DeckTap) and p.deck == "supply")
            team = game.request.actor
            await player.tap(sim_uid("card_2"))                      # drawn, not refused
            assert "card_2" in game.hands[team], daemon.current()

    asyncio.run(after_a_restart())
