"""Benchmark of the journal: what a committed answer costs, and how long a restart takes.

    python bench/journal.py [--dir DIR]     # prints one JSON object

Figures:
* ``append_ms_p50`` / ``append_ms_p99``: one answer's entries committed (a rollback journal,
  ``journal_mode=PERSIST``, ``synchronous=FULL``: the journal and the file each synced, so no
  write-ahead log can be lost with the last answers in it), measured around
  ``Journal.extend``.  On a desktop SSD: p50 3.9 ms, p99 13 ms (WAL was 1.2 ms and 7.5 ms);
* ``answer_ms_p50`` / ``answer_ms_p99``: a whole ``JournaledGame.answer`` (engine + commit);
* ``replay_ms_long_game``: ``Journal.load`` of the longest of the games played (the restart
  after a power cut; the median of 5), with its number of entries;
* ``bytes_per_entry``: the file size over the entries it holds.

The disk decides the commit figures: run it with ``--dir`` on the filesystem the journal will
live on (a Pi's SD card is much slower to fsync than a desktop SSD).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stats import ms, percentile  # noqa: E402


def measure(directory: str | None = None, games: int = 6, seed: int = 1) -> dict:
    from table.engine.game import GameConfig
    from table.journal import Journal, JournaledGame

    appends, answers, longest = [], [], (0, None)
    with tempfile.TemporaryDirectory(dir=directory) as tmp:
        path = os.path.join(tmp, "journal.sqlite")
        with Journal(path) as journal:
            real_extend = journal.extend

            def timed_extend(*args, **kwargs):
                t = time.perf_counter()
                real_extend(*args, **kwargs)
                appends.append(time.perf_counter() - t)

            journal.extend = timed_extend
            for n in range(games):
                config = GameConfig(teams=2 + n % 3, options=("longer_game",))
                played = JournaledGame.new(journal, config, f"{seed}:{n}")
                rnd = random.Random(n)
                while played.request is not None:
                    t = time.perf_counter()
                    played.answer(rnd.choice(played.request.options))
                    answers.append(time.perf_counter() - t)
                if len(played.log) > longest[0]:
                    longest = (len(played.log), played.game_id)
            entries = sum(info.entries for info in journal.games())
            replays = []
            for _ in range(5):
                t = time.perf_counter()
                journal.load(longest[1])
                replays.append(time.perf_counter() - t)
            size = os.path.getsize(path)            # (no write-ahead log: all in the file)
    return {
        "journal_games": games,
        "answers": len(answers),
        "append_ms_p50": ms(percentile(appends, 50)),
        "append_ms_p99": ms(percentile(appends, 99)),
        "answer_ms_p50": ms(percentile(answers, 50)),
        "answer_ms_p99": ms(percentile(answers, 99)),
        "long_game_entries": longest[0],
        "replay_ms_long_game": ms(percentile(replays, 50)),
        "bytes_per_entry": round(size / entries, 1),
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", help="where to put the journal (default: the temp directory)")
    args = parser.parse_args(argv if argv is not None else [])
    return measure(args.dir)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
