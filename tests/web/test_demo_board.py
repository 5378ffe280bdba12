"""The board the page and the LEDs draw is the board the engine laid (issue 38 item 1): in the
show (an automatic map, laid by the engine from the box's tiles), in the short game against
the box (a fixed layout on the standard land) and in a game at the table, every Thing the page
draws stands on land, and every hex it draws as land is land the engine laid (land only ever
shrinks, by flooding).  The page and the LEDs both draw the tracker's board
(table/app/showing/tracker.py)."""

from __future__ import annotations

import asyncio

from table.app.demo.show import Act
from table.bots import RandomBot
from table.engine.game import GameConfig

from tests.app.driver import Player, enrol_all, play_out, running, sim_daemon

from .test_demo import on_show, play_versus, press


class LandCheck:
    """Checks each snapshot the daemon pushes to the page against the engine's laid land."""

    def __init__(self, daemon) -> None:
        self.d = daemon
        self.boards = 0
        self.failed: list[str] = []
        daemon.page.on_snapshot = self

    def __call__(self, snap) -> None:
        game = self.d.game
        if not snap.board or game is None or game.setup is None:
            return
        laid = game.setup.board.land
        self.boards += 1
        for row in snap.board:
            at = tuple(row["at"])
            if row["things"] and row["water"]:
                self.failed.append(f"{[t['name'] for t in row['things']]} drawn on water at {at}")
            if not row["water"] and at not in laid:
                self.failed.append(f"{at} drawn as land, which the engine never laid")


def test_the_show_s_board_is_the_map_the_engine_laid(devices, clock):
    daemon, show = on_show(devices, clock)
    check = LandCheck(daemon)
    assert daemon.game.config.land is None            # the automatic map
    for _ in range(400):
        show.beat()
        if show.games:
            break
    assert check.boards > 50 and check.failed == []
    things = {t.at for t in daemon.game.setup.board.things.values()}
    drawn = {tuple(r["at"]) for r in daemon.presenter.snapshot.board if not r["water"]}
    assert drawn and drawn <= daemon.game.setup.board.land and len(things) > 2


def test_the_short_game_s_board_is_the_one_the_engine_laid(devices, clock):
    daemon, show = on_show(devices, clock, seed=2)
    show.beat()
    press(daemon, "ok", long=True)
    assert show.act == Act.VERSUS
    check = LandCheck(daemon)
    play_versus(daemon, show, clock)
    assert check.boards > 5 and check.failed == []


def test_a_table_game_on_the_automatic_map_draws_the_map_laid():
    async def main():
        daemon = sim_daemon(None, seed=7)
        check, tags = LandCheck(daemon), enrol_all(daemon)
        async with running(daemon):
            daemon.start_game(GameConfig(teams=3, max_rounds=2))
            await play_out(daemon, Player(daemon, tags), RandomBot(7))
        return check

    check = asyncio.run(main())
    assert check.boards > 20 and check.failed == []
