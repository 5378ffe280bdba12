"""The page's card form beside a daemon (issue 19): a card written there while the box walks
an unknown tag finishes the walk -- enrolled to that tag, named as typed, drawn or played at
once; a card tapped in private (the Starter dealt face down) is taught there with nothing of
it on the OLED; any other card written is known to the running game at once.

The real server (commands.common.start_web) on the daemon's loop, its routes called over
HTTP as the page calls them; the players' side through presses and taps only."""

import asyncio
from contextlib import asynccontextmanager

import aiohttp
import pytest

from table.app.asking.prompts import CardTap, DeckTap, Notice
from table.bots import RandomBot
from table.commands.common import start_web
from table.engine.setup import HIDDEN
from tests.app.driver import running, seated, sim_daemon
from tests.app.test_teach_daemon import UNKNOWN, play_until

BANANA = {"id": "banana_bomb", "kind": "supply", "names": {"en": "Banana Bomb"},
          "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]}
SAUCE = {"id": "secret_sauce", "kind": "starter", "names": {"en": "Secret Sauce"},
         "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]}


#: every test here has an owner's card folder of its own, empty at first
pytestmark = pytest.mark.usefixtures("owner_cards")


class Page:
    """The page's two card requests, over HTTP."""

    def __init__(self, server, cookies=None):
        self.server = server
        self.url = server.url.rstrip("/")
        self.cookies = cookies

    async def post(self, path: str, card: dict) -> tuple[int, dict]:
        return await self.post_json(path, {"card": card})

    async def post_json(self, path: str, body: dict) -> tuple[int, dict]:
        async with aiohttp.ClientSession(cookie_jar=self.cookies) as s:
            async with s.post(self.url + path, json=body) as res:
                return res.status, await res.json()


@asynccontextmanager
async def paged(state_dir, seed):
    """A game in play (tests.app.driver.seated) with the real server beside it: the daemon,
    the players' buttons and the page."""
    async with seated(state_dir, seed) as (daemon, player):
        server = await start_web(daemon.devices, daemon.page, "127.0.0.1", 0)
        try:
            async with aiohttp.ClientSession() as s:    # a page watches: its view drawn
                async with s.get(server.url + "state") as res:
                    assert res.status == 200
            yield daemon, player, Page(server)
        finally:
            await server.stop()


async def to_move(daemon, player) -> None:
    """Play on (seed 2) to a team's first move: its turn, before its weapon card."""
    await play_until(daemon, player, RandomBot(2), lambda p: daemon.game.request is not None
                     and daemon.game.request.kind == "move")


async def to_card(daemon, player, team: str) -> None:
    """Play on (seed 2) to the weapon card of ``team``'s next turn."""
    await play_until(daemon, player, RandomBot(2), lambda p: isinstance(p, CardTap)
                     and daemon.game.turn.team == team)


async def to_a_draw(daemon, player) -> None:
    """Play on (seed 4) to the top Supply card drawn (the players' own decks)."""
    await play_until(daemon, player, RandomBot(4),
                     lambda p: isinstance(p, DeckTap) and p.deck == "supply")


async def tap_in_private(daemon, player) -> str:
    """To a team's first move (seed 2), and its face-down Starter tapped there, in private
    (no card is asked for); the team."""
    await to_move(daemon, player)
    await player.tap(UNKNOWN)
    return daemon.game.turn.team


async def tap_at_its_card(daemon, player, team: str) -> None:
    """OK, on to ``team``'s next weapon card, and the face-down Starter tapped: played."""
    await player.press("ok")
    await to_card(daemon, player, team)
    await player.tap(UNKNOWN)


def oled(daemon) -> str:
    return "\n".join(daemon.current().screen(daemon.view()).texts)


def test_the_form_finishes_the_walk_on_show_and_the_card_is_drawn_at_once(tmp_path,
                                                                       owner_cards):
    async def main():
        async with paged(tmp_path / "state", 4) as (daemon, player, page):
            await to_a_draw(daemon, player)
            asked = daemon.current()
            team = daemon.game.request.actor
            await player.tap(UNKNOWN)
            assert daemon.teacher.walk is not None
            # a Starter is not what the box is asking for: the check says so, no write
            status, checked = await page.post("/cards/check", dict(SAUCE))
            assert status == 200 and not checked["valid"]
            assert any("another kind" in p and "Supply card" in p
                       for p in checked["problems"]), checked
            assert "played at once" in checked["note"]
            status, refused = await page.post("/cards/new", dict(SAUCE))
            assert status == 409 and not (owner_cards / "secret_sauce.toml").exists()
            # the Supply card the group holds: written, taught, drawn
            status, written = await page.post("/cards/new", dict(BANANA))
            assert status == 200 and written["taught"] == "banana_bomb", written
            assert daemon.teacher.walk is None and daemon.current() is not asked
            assert "banana_bomb" in daemon.game.hands[team]
            assert daemon.tags.card(UNKNOWN) == "banana_bomb"
            assert daemon.cards["banana_bomb"].name("en") == "Banana Bomb"
            assert (owner_cards / "banana_bomb.toml").is_file()
            log = list(daemon.game.log)
        return log

    log = asyncio.run(main())

    async def again():                        # a restart: the same game, the card known
        daemon = sim_daemon(tmp_path / "state", seed=4)
        async with running(daemon):
            assert daemon.game.log == log and "banana_bomb" in daemon.game.cards
    asyncio.run(again())


def test_a_card_tapped_in_private_is_taught_on_the_page_and_shown_nowhere(tmp_path):
    async def main():
        async with paged(tmp_path / "state", 2) as (daemon, player, page):
            page.server.view.hand = False       # (as on a page that had to pair)
            listed = [c["id"] for c in page.server.view.state()["cards"]]
            team = await tap_in_private(daemon, player)
            assert HIDDEN in daemon.game.hands[team]
            assert isinstance(daemon.current(), Notice)
            assert "own page" in oled(daemon) and "Unknown card" in oled(daemon)
            status, checked = await page.post("/cards/check", dict(SAUCE))
            assert checked["valid"] and "in private" in checked["note"]
            status, written = await page.post("/cards/new", dict(SAUCE))
            # written as card_1: its id, which any page may look for, says nothing of it
            assert status == 200 and written["taught"] == "card_1"
            assert daemon.tags.card(UNKNOWN) == "card_1"
            assert daemon.cards["card_1"].name("en") == "Secret Sauce"
            status, checked = await page.post("/cards/check", dict(SAUCE))
            assert checked["valid"], checked          # the typed id tells nothing
            status, renamed = await page.post_json("/cards/rename", {
                "id": "card_1", "names": {"en": "Mine now"}})
            assert status == 422 and "no card 'card_1'" in renamed["error"]
            says = oled(daemon)
            assert "face down" in says and "Secret Sauce" not in says
            assert HIDDEN in daemon.game.hands[team]      # still face down in the hand
            assert [c["id"] for c in page.server.view.state()["cards"]] == listed   # unlisted
            page.server.view.hand = True        # (the simulator's own page lists it)
            assert "card_1" in [c["id"] for c in page.server.view.state()["cards"]]
            page.server.view.hand = False
            await tap_at_its_card(daemon, player, team)  # played: known, no walk
            assert daemon.teacher.walk is None
            plays = [e for e in daemon.game.events if e["event"] == "play"]
            assert plays[-1]["card"] == "card_1" and plays[-1]["team"] == team
            assert HIDDEN not in daemon.game.hands[team]
            assert "card_1" in [c["id"] for c in page.server.view.state()["cards"]]
    asyncio.run(main())


def test_a_card_written_mid_game_is_known_at_once(tmp_path):
    async def main():
        async with paged(tmp_path / "state", 2) as (daemon, player, page):
            status, written = await page.post("/cards/new", dict(BANANA))
            assert status == 200 and written == {"ok": True, "path": written["path"],
                                                 "added": "banana_bomb"}
            assert "banana_bomb" in daemon.game.cards and "banana_bomb" in daemon.cards
            assert page.server.view.state()["cards"][-1]["id"] == "banana_bomb"
    asyncio.run(main())


def test_a_card_taught_on_the_buttons_gets_its_printed_name_from_the_page(tmp_path,
                                                                          owner_cards):
    from tests.app.test_teach_daemon import BAZOOKA_LIKE, teach

    async def main():
        async with paged(tmp_path / "state", 4) as (daemon, player, page):
            await to_a_draw(daemon, player)
            await player.tap(UNKNOWN)
            await teach(daemon, player, BAZOOKA_LIKE)
            assert daemon.cards["card_1"].name("en") == "Card 1"
            key = page.server.view.live()["cards_key"]
            names = {"en": "Banana Bomb", "cs": "Banánová bomba", "uk": ""}
            async with aiohttp.ClientSession() as s:
                async with s.post(page.url + "/cards/rename",
                                  json={"id": "card_1", "names": names}) as res:
                    assert res.status == 200, await res.text()
                async with s.post(page.url + "/cards/rename",       # a shipped card
                                  json={"id": "bazooka", "names": names}) as res:
                    assert res.status == 422
                    assert "not a card file of your own card folder" in (
                        await res.json())["error"]
            card = daemon.cards["card_1"]
            assert (card.name("en"), card.name("cs")) == ("Banana Bomb", "Banánová bomba")
            assert (card.target, card.accuracy, card.action) == ("direct", 4,
                                                                 ("TEXT", "MOVE"))
            assert page.server.view.live()["cards_key"] != key     # the pages ask again
            assert daemon.cards["bazooka"].name("en") == "Bazooka"
        text = (owner_cards / "card_1.toml").read_text(encoding="utf-8")
        assert 'en = "Banana Bomb"' in text and "uk =" not in text
    asyncio.run(main())


def test_a_private_tap_taught_on_the_buttons_after_all_waits_no_more(tmp_path):
    from tests.app.test_teach_daemon import STARTER_LIKE, teach

    async def main():
        async with paged(tmp_path / "state", 2) as (daemon, player, page):
            team = await tap_in_private(daemon, player)   # not taught on the page
            assert daemon.teacher.private == [UNKNOWN]
            await tap_at_its_card(daemon, player, team)   # played: the walk, on the buttons
            await teach(daemon, player, STARTER_LIKE)
            assert daemon.tags.card(UNKNOWN) == "card_1"
            assert daemon.teacher.private == []
            status, written = await page.post("/cards/new", dict(BANANA))
            assert status == 200 and written.get("added") == "banana_bomb", written
            assert daemon.tags.card(UNKNOWN) == "card_1"
    asyncio.run(main())
