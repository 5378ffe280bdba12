"""A press is shown once what it changed is on disk (issue 20): the journal commits it in its
writer thread while the daemon draws the next screen and frame, and nothing of it reaches the
OLED, the LEDs or the page before the commit is done; a commit that fails shows nothing of the
press, only the storage screen."""

import asyncio
from contextlib import asynccontextmanager

from table.app.present import Step
from table.app.prompts import Notice
from table.app.state import words
from tests.journal.faulty import disk_full
from tests.journal.test_batch import HeldCommit

from .driver import Player, enrol_all, running, sim_daemon


@asynccontextmanager
async def deciding(state_dir):
    """A daemon at a game's first decision, its steps copied; the daemon, the players and
    the snapshots it handed out."""
    daemon = sim_daemon(state_dir, 5, retry_s=60)
    snaps: list = []
    daemon.on_snapshot = snaps.append
    async with running(daemon):
        player = Player(daemon, enrol_all(daemon))
        await player.wizard()
        while isinstance(daemon.current(), (Step, Notice)):
            await player.press("ok")
        yield daemon, player, snaps


def test_an_answer_is_drawn_while_it_commits_and_shown_once_it_is_on_disk(tmp_path):
    async def main():
        async with deciding(tmp_path) as (daemon, player, snaps):
            display = daemon.dev["display"]
            held = HeldCommit(daemon.journal)
            seen = {}
            real = held.execute

            def execute(sql, args=()):
                if sql == "COMMIT":            # what was shown while the commit was running
                    seen["snaps"], seen["posted"] = len(snaps), display.posted
                    held.release.set()
                return real(sql, args)
            held.execute = execute
            before = len(snaps), display.posted, len(daemon.game.log)
            await player.choose(daemon.game.request.default)
            return before, seen, len(snaps), display.posted, len(daemon.game.log)

    (snaps0, posted0, log0), seen, snaps1, posted1, log1 = asyncio.run(main())
    assert log1 > log0                                   # the answer was taken
    assert seen == {"snaps": snaps0, "posted": posted0}  # nothing of it shown while committing
    assert snaps1 > snaps0 and posted1 > posted0         # shown once committed


def test_a_commit_that_fails_shows_nothing_of_the_press_but_the_storage_screen(tmp_path):
    async def main():
        async with deciding(tmp_path) as (daemon, player, snaps):
            held = HeldCommit(daemon.journal, error=disk_full())
            held.release.set()
            n = len(snaps)
            await player.press("ok")                     # answers the decision on show
            return snaps[n:], daemon.jg
    after, jg = asyncio.run(main())
    assert jg is None                                    # nothing in memory ahead of the file
    full = words("full", "en", file="")[0]
    assert after and all(full in " ".join(snap.oled) for snap in after)   # only that screen
