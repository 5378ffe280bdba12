"""Nothing shown twice, nothing lost (issue 11 item 2): how far the players have copied a list
of board changes is kept in the journal, committed with each OK, so a daemon stopped or killed
at any step of a long list comes back at exactly the next unconfirmed change."""

import asyncio

from table.app.showing.views import Step
from table.librarygame import LibraryGame
from table.journal import Journal

from .driver import Player, enrol_all, sim_daemon, started


def shown(daemon):
    p = daemon.current()
    return type(p).__name__, p.screen(daemon.view()).texts


class Box:
    """A daemon running as a task; ``kill()`` drops it without closing anything."""

    def __init__(self, state_dir):
        self.d = sim_daemon(state_dir, 7)

    async def start(self):
        self.task = await started(self.d)
        return self.d

    async def kill(self):
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def test_killed_at_every_step_of_a_long_list_the_box_shows_the_next_unconfirmed_one(tmp_path):
    async def main():
        box = Box(tmp_path)
        daemon = await box.start()
        p = Player(daemon, enrol_all(daemon))
        await p.wizard(teams=4)
        total = len(daemon.queue.steps)
        assert total >= 8, total                       # the setup: a long list
        seen, kills = [], 0
        while isinstance(daemon.current(), Step):
            before = shown(daemon)
            seen.append(before)
            await box.kill()                           # killed with this step on show
            kills += 1
            box = Box(tmp_path)
            daemon = await box.start()
            assert shown(daemon) == before, f"after {len(seen)} of {total} steps"
            await Player(daemon).press("ok")
        after_list = shown(daemon)
        await box.kill()
        box = Box(tmp_path)
        daemon = await box.start()
        again = shown(daemon)
        gid = daemon.jg.game_id
        await box.kill()
        return total, seen, kills, after_list, again, gid

    total, seen, kills, after_list, again, gid = asyncio.run(main())
    assert kills == total == len(seen)
    assert len(set(map(str, seen))) == total           # each change shown once, in order
    assert again == after_list and again[0] != "Step"  # none shown twice after the list
    with Journal(tmp_path / "journal.sqlite", game_cls=LibraryGame) as j:
        assert j.progress(gid)["done"] == 0            # the list was confirmed to its end
    assert not (tmp_path / "progress.json").exists()   # the journal keeps it, nothing else
