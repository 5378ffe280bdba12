"""Every device frame is drawn from the snapshot alone, and the page is never one change ahead
(issue 31 item 1), over whole games through the buttons: after each snapshot the LEDs show its
frame (drawn again from it by :func:`devices_of`), the OLED its image, the dial its wind, each
snapshot pushed to the LEDs once; and while the players copy a card's changes, the page's board
is the board as they have it plus the change on show: a hex that no change copied so far
touches is as it was before the changes, a hex whose changes are all copied is as it is after
them, and the team to play is the one whose turn made them."""

import asyncio

import pytest

from table.app.core.tablestate import Doing
from table.app.showing.presenter import devices_of
from table.bots import RandomBot

from .driver import Player, enrol_all, play_out, running, sim_daemon


def hexes(step) -> frozenset:
    """The hexes a step changes: its changes' and its instruction's, and where a moved Thing
    comes from."""
    return frozenset(step.hexes) | {c.src for c in step.changes if c.src is not None}


class Watcher:
    """Checks each snapshot the daemon hands on as it is made; notes the page's board."""

    def __init__(self, daemon):
        self.d = daemon
        self.pushed = daemon.dev["leds"].frames
        self.snaps = 0
        self.periods: list[list] = [[None]]      # per run of steps: the boards, then after
        self.seen: dict[int, frozenset] = {}     # the steps of the run so far: their hexes
        self.failed: list[str] = []               # the checks that failed, in order

    def __call__(self, snap) -> None:
        # (kept, not raised: the daemon's loop only logs what a callback raises)
        try:
            self._check(snap)
        except AssertionError as err:
            self.failed.append(f"snapshot {self.snaps}: {err}")

    def _check(self, snap) -> None:
        d = self.d
        leds, display, dial = d.dev["leds"], d.dev["display"], d.dev["wind"]
        frame, image, wind = devices_of(snap)
        assert leds.frames == self.pushed + 1, "each snapshot is pushed to the LEDs once"
        self.pushed = leds.frames
        assert leds.shown() == {h: leds.capped(c) for h, c in frame.items()}
        assert display.image is not None and display.image.tobytes() == image.tobytes()
        assert wind is None or dial.direction == wind
        self.snaps += 1
        if snap.board and d.game is not None:
            self._page(snap)

    def _page(self, snap) -> None:
        rows = {tuple(r["at"]): r for r in snap.board}
        queue = self.d.queue
        if not queue:                            # every change copied: the next run's start
            self.periods[-1].append(rows)
            self.periods.append([(rows, snap.team)])
            self.seen = {}
            return
        for step in queue.steps:
            self.seen.setdefault(id(step), hexes(step))
        later = set().union(*(hexes(s) for s in queue.steps[1:]))
        done = {i for i in self.seen} - {id(s) for s in queue.steps}
        touched = set().union(*(self.seen[i] for i in done))
        if self.d.doing() == Doing.COPYING:      # (the change on show, being copied)
            touched |= hexes(queue.steps[0])
        # a crate the players put where they chose it, a worm they inched or jumped, is never
        # said again (table/app/showing/tracker.py): its hexes may show it from their answer on
        # or with its batch's changes
        opening = self.d.tracker.opening         # (every team is the players' here)
        own = ({tuple(opening["at"])} if opening is not None and opening["event"] == "place"
               and opening.get("kind") == "crate" else set())
        if opening is not None and opening["event"] == "move" and opening.get("by") in (
                "inch", "jump"):
            own = {tuple(opening["from"]), tuple(opening["to"])}
        self.periods[-1].append((rows, touched, later | hexes(queue.steps[0]), snap.team, own))

    def check_page(self) -> int:
        """The page's boards while steps were copied, against the boards before and after
        them; the number of boards checked."""
        checked = 0
        for period in self.periods:
            first, *boards = period
            if first is None or len(boards) < 2 or not isinstance(boards[-1], dict):
                continue
            start, team = first
            end = boards.pop()
            for rows, touched, to_come, copying_team, own in boards:
                assert copying_team == team, "the next team's turn shown before it came"
                for h, row in rows.items():
                    if h in own:
                        continue
                    if h not in touched:
                        assert row == start[h], f"{h} shown changed before its change is copied"
                    elif h not in to_come:
                        assert row == end[h], f"{h} not shown as copied"
                checked += 1
        return checked


@pytest.mark.parametrize("seed", [3, 8])
def test_every_device_frame_is_the_snapshots_and_the_page_never_runs_ahead(tmp_path, seed):
    async def main():
        daemon = sim_daemon(tmp_path, seed)
        tags = enrol_all(daemon)
        async with running(daemon):
            watch = Watcher(daemon)
            daemon.page.on_snapshot = watch
            player = Player(daemon, tags)
            await player.wizard()
            await play_out(daemon, player, RandomBot(seed))
            return daemon, watch

    daemon, watch = asyncio.run(main())
    assert daemon.game.result is not None
    assert not watch.failed, "\n".join(watch.failed[:5])
    assert watch.snaps > 100
    assert watch.check_page() > 30      # (boards shown while changes were copied: 40-45 here)
