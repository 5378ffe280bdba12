"""SIGKILL a process playing journaled games, many times, each time at a moment the parent
chooses: after a random number of committed answers, during the next one (in the engine, in
SQLite, in a commit), or anywhere while it starts.  The child (tests/journal/stepper.py) takes
one step per go-ahead, so the entries between two kills do not depend on the machine's speed.

:func:`kill_and_resume` returns ``kill_resumes`` (kills after which the journal opened and
rebuilt every game, each a prefix of the uninterrupted one), ``kill_entries_lost``
(acknowledged entries missing after a kill) and ``kill_problems`` (what went wrong after a
kill that did not resume); it raises AssertionError,
saying what happened, when the child does anything else (ends by itself, finishes its games,
fails).  The bench (bench/security_storage.py) and tests/journal/test_kill.py call it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from table.journal import Journal, JournalError
from table.journal.journaled import as_json
from tests.journal.player import game_api, uninterrupted

ROOT = Path(__file__).resolve().parents[2]
MOST_BETWEEN = 20          # at most this many answers (+1 in flight) between two kills


def _start(path, kind, seed, games):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.journal.stepper", str(path), kind, str(seed), str(games)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


def _line(child, kills: int, games: int) -> bytes:
    line = child.stdout.readline()
    if line == b"done\n":
        raise AssertionError(f"the child finished all its {games} games before kill "
                             f"{kills + 1}: the kills had nothing left to interrupt")
    if not line:
        child.kill()
        _, err = child.communicate()
        raise AssertionError(f"the child ended by itself before kill {kills + 1} (exit "
                             f"{child.returncode}): {err.decode()[-2000:]}")
    return line


def kill_and_resume(tmp, kind: str = "real", seed: int = 2000, games: int = 30,
                    kills: int = 50) -> dict:
    game_cls = game_api(kind).game_cls
    reference = uninterrupted(kind, seed, games)
    answers = sum(sum(1 for e in log if _is_answer(e)) for log, _, _ in reference)
    assert answers > kills * (MOST_BETWEEN + 1), \
        f"{games} games hold {answers} answers: too few for {kills} kills"
    path = Path(tmp) / "journal.sqlite"
    rng = random.Random(seed)
    resumes = lost = 0
    seen, problems = set(), []
    for k in range(kills):
        child = _start(path, kind, seed, games)
        acked = None
        if rng.random() < 0.2:
            # anywhere: while starting, opening the journal or rebuilding the game
            time.sleep(rng.uniform(0, 0.2))
        else:
            assert _line(child, k, games) == b"ready\n"
            for _ in range(rng.randrange(0, MOST_BETWEEN)):
                child.stdin.write(b"go\n")
                child.stdin.flush()
                line = _line(child, k, games)
                assert line.startswith(b"ack "), line
                _, gid, n = line.split()
                acked = (int(gid), int(n))
            child.stdin.write(b"go\n")            # and kill it during this answer
            child.stdin.flush()
            time.sleep(rng.uniform(0, 0.002))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        if child.returncode != -signal.SIGKILL:
            raise AssertionError(
                f"the child ended by itself before kill {k + 1} (exit {child.returncode}"
                f"{', having finished its games' if b'done' in out else ''}): "
                f"{err.decode()[-2000:]}")
        # Whatever was acknowledged is in the journal, the journal holds a prefix of the
        # uninterrupted games, and every game in it rebuilds: then the box resumes.
        try:
            with Journal(path, game_cls=game_cls) as journal:
                for info in journal.games():
                    log = journal.entries(info.id)
                    if log != reference[info.id - 1][0][:len(log)]:
                        raise JournalError(f"game {info.id} is not the uninterrupted one")
                    journal.load(info.id)
                    seen.add((info.id, len(log)))
                if acked is not None:
                    lost += max(0, acked[1] - journal.info(acked[0]).entries)
            resumes += 1
        except JournalError as err:
            problems.append(f"after kill {k + 1}: {err}")
            path.unlink(missing_ok=True)
    assert len(seen) > kills // 2, "the kills did not land at many different moments"

    child = _start(path, kind, seed, games)
    out, err = child.communicate(b"", timeout=300)    # stdin closed: plays everything left
    assert child.returncode == 0, err.decode()[-2000:]
    with Journal(path, game_cls=game_cls) as journal:
        infos = journal.games()
        assert [i.seed for i in infos] == [seed + i for i in range(games)]
        for info, (log, board, result) in zip(infos, reference):
            game = journal.load(info.id)
            assert info.status == "finished" and info.result == as_json(result)
            assert (list(game.log), game.board.as_json(), game.result) == (log, board, result)
            assert game.request is None
    return {"kill_resumes": resumes, "kill_entries_lost": lost, "kill_problems": problems}


def _is_answer(entry) -> bool:
    if isinstance(entry, dict):
        return "answer" in entry
    return bool(entry) and entry[0] == "answer"
