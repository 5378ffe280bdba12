"""A press is shown once what it changed is on disk (issue 20): the journal commits it when the
press's block ends, and nothing of it reaches the OLED, the LEDs or the page before the commit
is done; a commit that fails shows nothing of the press, only the storage screen."""

import asyncio
from contextlib import asynccontextmanager

from table.app.storage.problems import words
from tests.journal.faulty import disk_full, opening
from tests.spies import posts

from .driver import Player, enrol_all, running, sim_daemon


@asynccontextmanager
async def deciding(state_dir):
    """A daemon at a game's first decision, its steps copied; the daemon, the players, the
    snapshots it handed out and its journal's connection (tests/journal/faulty.py)."""
    with opening() as opened:
        daemon = sim_daemon(state_dir, 5, retry_s=60)
    snaps: list = []
    daemon.page.on_snapshot = snaps.append
    async with running(daemon):
        player = Player(daemon, enrol_all(daemon))
        await player.wizard()
        await player.confirm()
        yield daemon, player, snaps, opened.of(daemon.journal.path)


def test_an_answer_is_shown_only_once_it_is_committed(tmp_path):
    async def main():
        async with deciding(tmp_path) as (daemon, player, snaps, db):
            posted = posts(daemon.dev["display"])
            seen = []                  # at each COMMIT: the OLED's words handed out, its posts
            db.on_commit = lambda: seen.append((snaps[-1].oled, len(posted)))
            before = snaps[-1].oled, len(posted), len(daemon.game.log)
            await player.choose(daemon.game.request.default)
            return before, seen, (snaps[-1].oled, len(posted), len(daemon.game.log))

    before, seen, after = asyncio.run(main())
    assert after[2] > before[2]                          # the answer was taken
    assert seen and seen[0] == before[:2]                # nothing of it shown before the commit
    assert after[0] != before[0] and after[1] > before[1]   # shown once committed


def test_a_commit_that_fails_shows_nothing_of_the_press_but_the_storage_screen(tmp_path):
    async def main():
        async with deciding(tmp_path) as (daemon, player, snaps, db):
            def full() -> None:                      # the commit fails, not the writes
                raise disk_full()
            db.on_commit = full
            n = len(snaps)
            await player.press("ok")                     # answers the decision on show
            return snaps[n:], daemon.jg
    after, jg = asyncio.run(main())
    assert jg is None                                    # nothing in memory ahead of the file
    full = words("full", "en", file="")[0]
    assert after and all(full in " ".join(snap.oled) for snap in after)   # only that screen
