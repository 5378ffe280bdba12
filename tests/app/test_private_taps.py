"""Issue 38, item 7: a card tapped in private is the tapping page's to teach, and nothing of it
reaches another page.  Two paired pages (their own sessions) beside a daemon in play; the
taps and the card form over HTTP, as the page sends them."""

import asyncio

import aiohttp
import pytest

from table.commands.common import start_web
from tests.app.driver import seated
from tests.app.test_teach_form import BANANA, SAUCE, to_move
from tests.polling import until_async

pytestmark = pytest.mark.usefixtures("owner_cards")


class Paired:
    """One page with a session of its own."""

    def __init__(self, server):
        self.url = server.url.rstrip("/")
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def pair(self, code: str) -> None:
        async with self.http.get(self.url + "/state",
                                 headers={"X-Pairing-Code": code}) as res:
            assert res.status == 200

    async def post(self, path: str, body: dict) -> tuple[int, dict]:
        async with self.http.post(self.url + path, json=body) as res:
            return res.status, await res.json()


def test_a_private_tap_is_taught_only_on_the_page_that_tapped(tmp_path):
    async def main():
        async with seated(tmp_path / "state", 2) as (daemon, player):
            server = await start_web(daemon.devices, daemon.page, "127.0.0.1", 0, pairing=True)
            a, b = Paired(server), Paired(server)
            try:
                for page in (a, b):
                    await page.pair(server.pairing_code)
                await to_move(daemon, player)
                _, tapped = await a.post("/tap", {"card": "blank"})
                mine = tapped["uid"]
                await until_async(lambda: daemon.teacher.private == [mine])
                # the other page is told nothing of it, and its card does not finish it
                _, checked = await b.post("/cards/check", {"card": dict(BANANA)})
                assert "note" not in checked
                status, written = await b.post("/cards/new", {"card": dict(BANANA)})
                assert status == 200 and written.get("added") == "banana_bomb", written
                assert daemon.tags.card(mine) is None
                # a second private tap, from the other page, does not take its place
                _, tapped = await b.post("/tap", {"card": "blank"})
                theirs = tapped["uid"]
                await until_async(lambda: daemon.teacher.private == [mine, theirs])
                _, checked = await a.post("/cards/check", {"card": dict(SAUCE)})
                assert "in private" in checked["note"]
                status, written = await a.post("/cards/new", {"card": dict(SAUCE)})
                assert status == 200 and written["taught"] == "card_1", written
                assert daemon.tags.card(mine) == "card_1" and daemon.tags.card(theirs) is None
                assert daemon.teacher.private == [theirs]
                # nor may the other page rename it, or tap it, or see it on the reader
                status, renamed = await b.post("/cards/rename",
                                               {"id": "card_1", "names": {"en": "Mine"}})
                assert status == 422 and "no card 'card_1'" in renamed["error"]
                status, refused = await b.post("/tap", {"card": "card_1"})
                assert status == 400 and "card_1" not in refused["error"].split("; the cards")[1]
            finally:
                for page in (a, b):
                    await page.http.close()
                await server.stop()
    asyncio.run(main())
