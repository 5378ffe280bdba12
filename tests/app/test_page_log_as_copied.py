"""The page's turn log is the players', never ahead of them (issue 31 item 1): while they copy
a card's changes, the log shows the events up to the batch being copied, so nothing of the
turn's end (the Drop card the box drew, the next team's turn: the engine is already there)
until the card's changes are copied."""

import asyncio

import pytest

from table.app.core.tablestate import Doing
from table.bots import RandomBot
from table.ui.strings import text

from .driver import Player, enrol_all, running, sim_daemon

DROP = text("do.drop", "en", card="{}").split("{}")[0]      # "Drop card: " (the turn's end)


@pytest.fixture(autouse=True)
def supply_deck(monkeypatch):
    """"Box draws" is offered when the library holds a Supply deck: the example pack's."""
    from table.cards import open_library
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    open_library(examples=True)


class LogWatcher:
    """Checks each page snapshot (noted: the daemon's loop logs what a callback raises): while
    a step made before the turn's end (a card's summary still to come) is on show, the log's
    last turn is the one the players answered in, and has no Drop card yet."""

    def __init__(self, daemon):
        self.d = daemon
        self.asked_turn: int | None = None     # the turn of the last decision on show
        self.checked = 0
        self.ahead: list = []                  # (turn on show, the log's last lines) ahead

    def __call__(self, snap) -> None:
        d = self.d
        if d.game is None:
            return
        doing = d.doing()
        if doing == Doing.ASKING:
            self.asked_turn = d.game.turn.number
            return
        steps = d.queue.steps
        if (doing != Doing.COPYING or self.asked_turn is None
                or not any(s.summary is not None for s in steps[1:])):
            return
        numbers = [int(line.split(".", 1)[0]) for line in snap.log]
        if not numbers or max(numbers) != self.asked_turn or DROP in snap.log[-1]:
            self.ahead.append((self.asked_turn, snap.log[-2:]))
        self.checked += 1


def test_the_log_shows_no_later_turn_while_a_cards_changes_are_copied(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path, 5)
        tags = enrol_all(daemon)
        async with running(daemon):
            watch = LogWatcher(daemon)
            daemon.page.on_snapshot = watch
            player, bot = Player(daemon, tags), RandomBot(5)
            await player.wizard(teams=3, decks="box")   # (the box draws: a turn runs on)
            for _ in range(1200):               # (snapshots may be coalesced: play on to enough)
                if daemon.mode == "over" or watch.checked >= 20:
                    break
                await player.confirm()
                if daemon.game.request is not None:
                    await player.choose(bot(daemon.game))
            return watch

    watch = asyncio.run(main())
    assert watch.checked >= 10, "too few cards' changes copied to check"
    assert not watch.ahead, f"the page's log ahead of the step on show: {watch.ahead}"
