"""Benchmark of the shop demo: games back to back at full speed in one process.

    bench/run demo                  # 1,000 games (DEMO_GAMES=N for another number)
    python bench/demo.py [N]

The demo (the table daemon with the box in every seat, table/app/demo/show.py) runs on simulated
devices with a clock of its own, drawing every beat (one snapshot each) but never pausing;
every 20th game a scripted visitor wakes the table, taps the Bazooka or the Grenade and
presses OK until the shot is over.  Figures (goals from issue 6):

* ``exceptions``: any exception from a beat or an input, as the show and the daemon log
  them (goal: 0);
* ``rss_growth_mb``: resident memory after the last game less after the warm-up (a tenth of
  the games), both after a garbage collection (goal: under 5 MB);
* ``file_growth_bytes``: bytes added to files in the working directory, which the run gets
  to itself (goal: 0 -- the demo's journal is in memory, and it writes nothing);
* ``median_screen_s``: a few games more, paced as the show paces them (the clock moved on by
  each beat's hold): how long each OLED screen of words stayed on show, the median (goal: at
  least 2 s, issue 38 item 4), and ``screens_under_1s`` of ``screens``.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VISIT_EVERY = 20


def rss_mb() -> float:
    gc.collect()
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def tree_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Failures(logging.Handler):
    """Every exception logged (a beat or an input that failed: the show and the daemon log
    them and go on)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.seen.append("".join(traceback.format_exception(*record.exc_info, limit=3)))


PACED_GAMES = 3


def screen_times(games: int) -> list[float]:
    """The show paced as `worms-table demo` paces it, on a clock of its own moved on by each
    beat's hold: the seconds each OLED screen (its words) stayed on show."""
    from table import profiles as profile
    from table.app.daemon import Daemon
    from table.app.demo.show import Show
    from table.cards.simtags import card_for_uid
    from table.devices.build import build_devices

    clock = Clock()
    devices = build_devices(profile.load(), sim=True)
    show = Show(seed=2)
    daemon = Daemon(devices, None, clock=clock, show=show, tag_lookup=card_for_uid)
    times: list[float] = []
    try:
        daemon.start()
        shown, since = None, clock.now
        while show.games < games:
            hold = show.beat()
            words = daemon.presenter.snapshot.oled
            if words != shown:
                if shown is not None:
                    times.append(clock.now - since)
                shown, since = words, clock.now
            clock.now += hold
    finally:
        daemon.close()
        devices.close()
    return times


def main(games: int | None = None) -> dict:
    from table import profiles as profile
    from table.app.daemon import Daemon
    from table.app.demo.show import Act, Show
    from table.cards.simtags import card_for_uid, sim_uid
    from table.devices.build import build_devices
    from table.devices.buttons import InputEvent

    games = int(os.environ.get("DEMO_GAMES", "1000")) if games is None else games
    warm = max(1, games // 10)
    workdir = Path(tempfile.mkdtemp(prefix="worms-demo-bench-"))
    old_cwd = os.getcwd()
    os.chdir(workdir)
    clock = Clock()
    devices = build_devices(profile.load(), sim=True)
    show = Show(seed=1)
    daemon = Daemon(devices, None, clock=clock, show=show, tag_lookup=card_for_uid)
    failures = Failures()
    logging.getLogger().addHandler(failures)
    logging.getLogger().setLevel(logging.WARNING)
    visited = -1

    def visitor(show: Show) -> None:
        nonlocal visited
        if show.games % VISIT_EVERY or visited == show.games or show.act != Act.SHOW:
            return
        visited = show.games
        daemon.handle_input(InputEvent("1"))
        card = "bazooka" if (show.games // VISIT_EVERY) % 2 else "grenade"
        request = daemon.game.request if daemon.game is not None else None
        if request is not None and card in request.options:
            daemon.handle_tap(sim_uid(card))
        for _ in range(60):
            if show.act != Act.VISITOR:
                break
            clock.now += 1
            daemon.handle_input(InputEvent("ok"))
        clock.now += 60

    def beat(show: Show) -> None:
        visitor(show)
        clock.now += 0.5

    try:
        daemon.start()
        started = time.perf_counter()
        rss_start = rss_mb()
        show.play_games(warm, beat)
        rss_warm = rss_mb()
        files_warm = tree_bytes(workdir)
        show.play_games(games - warm, beat)
        seconds = time.perf_counter() - started
        rss_end = rss_mb()
        files_end = tree_bytes(workdir)
    finally:
        logging.getLogger().removeHandler(failures)
        daemon.close()
        devices.close()
        os.chdir(old_cwd)
    errors = failures.seen
    paced = screen_times(PACED_GAMES)
    return {
        "games": show.games,
        "decisions": show.decisions,
        "visitors": show.visits,
        "exceptions": len(errors),
        "first_exceptions": errors[:3],
        "games_per_second": round(show.games / seconds, 2),
        "rss_start_mb": round(rss_start, 1),
        "rss_after_warmup_mb": round(rss_warm, 1),
        "rss_end_mb": round(rss_end, 1),
        "rss_growth_mb": round(rss_end - rss_warm, 2),
        "file_growth_bytes": files_end - files_warm,
        "files_written": sorted(str(p.relative_to(workdir)) for p in workdir.rglob("*")),
        "screens": len(paced),
        "median_screen_s": round(statistics.median(paced), 2) if paced else None,
        "screens_under_1s": sum(1 for t in paced if t < 1.0),
        "goal_median_screen_s": 2.0,
        "goal_exceptions": 0,
        "goal_rss_growth_mb": 5,
        "goal_file_growth_bytes": 0,
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else None), indent=2))
