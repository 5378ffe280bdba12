"""Nothing shown twice, nothing lost: killed at any step of a list of board changes, the box
comes back at exactly the next change the players have not confirmed."""

import asyncio

import pytest

from table.app.showing.views import Step
from table.bots import RandomBot

from .driver import Player, running, seated, sim_daemon, started


def shown(daemon) -> tuple:
    return daemon.current().screen(daemon.view()).texts


def test_killed_at_every_step_of_a_long_list_the_box_resumes_at_the_next_one(tmp_path):
    async def reference():
        daemon = sim_daemon(tmp_path / "once", 7)
        async with running(daemon):
            p = Player(daemon)
            await p.wizard()
            seen = []
            while isinstance(daemon.current(), Step):
                seen.append(shown(daemon))
                await p.press("ok")
            return seen, shown(daemon)

    steps, after = asyncio.run(reference())
    assert len(steps) >= 7              # the setup: the deal, each team's worms, the Things

    async def restarted():
        state = tmp_path / "killed"
        daemon = sim_daemon(state, 7)
        async with running(daemon):
            await Player(daemon).wizard()
        got = []
        for _ in range(len(steps)):
            daemon = sim_daemon(state, 7)        # a new process: what the last one left
            task = await started(daemon)
            got.append(shown(daemon))
            await Player(daemon).press("ok")
            daemon.stop()                         # then "killed": nothing else is written
            await task
        daemon = sim_daemon(state, 7)
        async with running(daemon):
            return got, shown(daemon)

    got, end = asyncio.run(restarted())
    assert got == steps                           # each step once, in order
    assert end == after                           # then the game's first question


def test_a_restart_in_the_middle_of_a_turn_repeats_nothing(tmp_path):
    """Mid-game: the steps a shot left, half confirmed, then a restart."""
    async def main():
        daemon = sim_daemon(tmp_path, 3)
        async with running(daemon):
            p = Player(daemon)
            await p.wizard()
            bot = RandomBot(3)
            for _ in range(3000):
                if len(daemon.queue.steps) >= 3 and daemon.queue.done > 0:
                    break
                if isinstance(daemon.current(), Step) or daemon.overlay is not None:
                    await p.press("ok")
                else:
                    await p.choose(bot(daemon.game))
            assert len(daemon.queue.steps) >= 3
            rest = []
            await p.press("ok")
            expected_next = shown(daemon)
        again = sim_daemon(tmp_path, 3)
        async with running(again):
            rest.append(shown(again))
            return expected_next, rest

    expected_next, rest = asyncio.run(main())
    assert rest == [expected_next]


def test_the_owners_setting_keeps_one_change_a_screen(tmp_path):
    import json

    from table.app.showing.views import setup_board
    from table.app.showing.tracker import Tracker
    from table.engine.game import GameConfig
    from table.engine.setup import standard_land
    from table.librarygame import LibraryGame

    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps({"one_change_per_screen": True}))

    async def main():
        daemon = sim_daemon(state, 7)
        async with running(daemon):
            await Player(daemon).wizard()
            return daemon.tracker.one_each
    assert asyncio.run(main()) is True

    config = GameConfig(teams=2, land=tuple(sorted(standard_land(2))))
    game = LibraryGame.new(config, 5)
    trackers = [Tracker(config.land, setup=lambda: setup_board(game), one_each=one)
                for one in (False, True)]
    bot, seen = RandomBot(5), 0
    steps = [[], []]
    for _ in range(400):
        if game.request is None:
            break
        for i, t in enumerate(trackers):
            steps[i] += t.steps(game.events[seen:])
        seen = len(game.events)
        game.answer(bot(game))
    grouped, one_each = steps
    from table.ui.screenfuls import ROLLS      # (a die's line stays with the change it made)
    assert all(len([c for c in s.changes if c.key not in ROLLS]) <= 1 for s in one_each)
    assert any(len(s.changes) > 1 for s in grouped) and len(one_each) > len(grouped)



@pytest.mark.parametrize("batches", [1, 2])
def test_killed_right_after_a_resume_the_box_resumes_at_the_same_step(tmp_path, batches):
    """A power cut just after a restart, before any press, loses nothing of how far the
    players had copied: each start shows the same step, mid-game, with the changes still to
    copy in one batch or (as an answer given while copying leaves them) two."""
    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            bot, q = RandomBot(3), daemon.queue
            for _ in range(3000):
                if len(q.steps) >= 2 and q.done > 0 and 0 < q.base < len(daemon.game.events) - 1:
                    break
                if isinstance(daemon.current(), Step) or daemon.overlay is not None:
                    await p.press("ok")
                else:
                    await p.choose(bot(daemon.game))
            if batches == 2:                          # the last event came in a batch of its own
                daemon.store.save_progress(daemon.jg.game_id, q.base,
                                           [len(daemon.game.events) - 1], q.done)
            saved, on_show = progress(daemon), shown(daemon)
        assert saved[0] > 0 and saved[2] > 0                # mid-game, some steps copied
        seen = []
        for _ in range(3):                            # started, then killed at once
            daemon = sim_daemon(tmp_path, 3)
            task = await started(daemon)
            seen.append((shown(daemon), progress(daemon)))
            daemon.stop()                             # nothing else is written
            await task
        return saved, on_show, seen

    saved, on_show, seen = asyncio.run(main())
    assert [p for _, p in seen] == [saved] * 3        # how far they got, kept as it was
    assert len({s for s, _ in seen}) == 1             # the same step on show each time
    if batches == 1:
        assert seen[0][0] == on_show                  # the one on show before the restart


def progress(daemon) -> tuple:
    return daemon.store.progress(daemon.jg.game_id, len(daemon.game.events))
