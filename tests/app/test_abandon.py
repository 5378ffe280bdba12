"""Abandoning the game in play (issue 31): holding OK on the colour legend (itself held OK)
-- on the box, or the page's "Abandon this game…", which holds OK twice -- asks first; "Keep
playing" (or Back) changes nothing; "Abandon it" finishes the game in the journal as abandoned
(kept, not deleted) and the new-game wizard starts a new game after it, which a restart
resumes.  The box's side through presses only; the page's through its HTTP requests (the real
server beside the daemon)."""

import asyncio

import aiohttp

from table.app.showing.views import Legend
from table.ui.scenes import LEGEND
from table.app.abandon import AbandonQuestion
from table.commands.common import start_web
from tests.app.driver import running, seated, sim_daemon


def abandoned_and_kept(daemon, game_id: int, log: list) -> None:
    info = daemon.journal.info(game_id)
    assert (info.status, info.result) == ("finished", {"winners": [], "abandoned": True})
    assert daemon.journal.entries(game_id) == log            # every answer kept
    assert daemon.journal.latest_unfinished() is None


async def ask(player) -> None:
    """Hold OK (the colour legend), hold it again: the question."""
    await player.press("ok", long=True)
    await player.press("ok", long=True)
    assert isinstance(player.d.current(), AbandonQuestion)


def test_the_box_asks_first_and_the_journal_keeps_the_abandoned_game(tmp_path):
    state = tmp_path / "state"

    async def main():
        async with seated(state, 2) as (daemon, player):
            first, log = daemon.jg.game_id, list(daemon.game.log)
            asked = daemon.current()
            await player.press("ok", long=True)               # the colour legend
            legend = daemon.current()
            assert isinstance(legend, Legend)
            for _ in range(len(LEGEND)):                       # its last row says how
                await player.press("4")
            assert legend.screen(daemon.view()).texts[-1] == "Hold OK: abandon game…"
            assert daemon.current() is legend
            await player.press("ok", long=True)               # held again: the question
            question = daemon.current()
            assert isinstance(question, AbandonQuestion) and question.selected == "keep"
            words = " ".join(question.screen(daemon.view()).texts)
            assert "Abandon game?" in words and "Keep playing" in words
            await player.press("back")                        # no: the game as it was
            assert daemon.current() is asked and daemon.jg.game_id == first
            await ask(player)
            await player.press("ok")                          # "Keep playing": the same
            assert daemon.current() is asked and daemon.mode == "play"
            await ask(player)
            await player.menu(daemon.current(), "abandon")
            assert daemon.mode == "wizard" and daemon.jg is None
            abandoned_and_kept(daemon, first, log)
            await player.wizard()                             # a new game, after it
            assert daemon.mode == "play" and daemon.jg.game_id > first
            return first, daemon.jg.game_id

    first, second = asyncio.run(main())

    async def restart():
        daemon = sim_daemon(state, seed=2)
        async with running(daemon):
            assert daemon.jg.game_id == second                # the new game, not the old
            assert daemon.journal.info(first).status == "finished"

    asyncio.run(restart())


def test_the_page_offers_it_behind_the_same_question(tmp_path):
    async def main():
        async with seated(tmp_path / "state", 3) as (daemon, _):
            server = await start_web(daemon.devices, daemon.page, "127.0.0.1", 0)
            url = server.url.rstrip("/")
            first, log = daemon.jg.game_id, list(daemon.game.log)
            try:
                async with aiohttp.ClientSession() as page:

                    async def press(name, long=False):
                        async with page.post(url + "/press",
                                             json={"name": name, "long": long}) as res:
                            assert res.status == 200, await res.text()
                    async with page.get(url + "/state") as res:
                        assert (await res.json())["mode"] == "play"   # the button is shown
                    await press("ok", long=True)                      # the page's button:
                    await press("ok", long=True)                      # OK held twice
                    await until_shown(daemon, AbandonQuestion)
                    assert daemon.jg.game_id == first                 # only asked so far
                    await press("4")                                  # "Abandon it"
                    await press("ok")
                    await until_mode(daemon, "wizard")
                    abandoned_and_kept(daemon, first, log)
            finally:
                await server.stop()

    asyncio.run(main())


async def until_shown(daemon, kind) -> None:
    from tests.polling import until_async
    await until_async(lambda: isinstance(daemon.current(), kind), what=f"{kind.__name__} shown")


async def until_mode(daemon, mode: str) -> None:
    from tests.polling import until_async
    await until_async(lambda: daemon.mode == mode, what=f"the table in {mode}")
