"""The acceptance test: SIGKILL a process playing journaled games 50 times at random moments;
each restart resumes from the journal, and the games end exactly as uninterrupted ones."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from table.journal import Journal
from tests.journal.player import game_api, uninterrupted

ROOT = Path(__file__).resolve().parents[2]
KILLS = 50


def _start(path, kind, seed, games):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.journal.player", str(path), kind, str(seed), str(games)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


def _acks(stdout: bytes):
    """The (game id, entries) the child was told were committed, last one last."""
    out = []
    for line in stdout.decode().splitlines():
        if line.startswith("ack "):
            _, gid, n = line.split()
            out.append((int(gid), int(n)))
    return out


def kill_and_resume(tmp_path, kind, seed, games):
    game_cls = game_api(kind).game_cls
    reference = uninterrupted(kind, seed, games)
    path = tmp_path / "journal.sqlite"
    rng = random.Random(seed)
    kills, seen = 0, set()
    while kills < KILLS:
        child = _start(path, kind, seed, games)
        if rng.random() < 0.2:
            # anywhere: while starting, opening the journal or rebuilding the game
            time.sleep(rng.uniform(0, 0.2))
        else:
            # while playing: after a random number of committed answers, then a random
            # fraction of a millisecond or two (in the engine, in SQLite, in a commit)
            want = rng.randrange(0, 30)
            assert child.stdout.readline() == b"ready\n", child.stderr.read().decode()
            for _ in range(want):
                assert child.stdout.readline().startswith(b"ack "), child.stderr.read().decode()
            time.sleep(rng.uniform(0, 0.002))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        assert child.returncode == -signal.SIGKILL, (
            f"the child ended by itself before kill {kills + 1} (exit {child.returncode}): "
            f"{err.decode()[-2000:]}")
        kills += 1
        # Whatever was acknowledged is in the journal, and the journal holds a prefix of
        # the uninterrupted games.
        with Journal(path, game_cls=game_cls) as journal:
            infos = journal.games()
            for info in infos:
                log = journal.entries(info.id)
                assert log == reference[info.id - 1][0][:len(log)]
                seen.add((info.id, len(log)))
            acks = _acks(out)
            if acks:
                gid, n = acks[-1]
                assert journal.info(gid).entries >= n
    assert len(seen) > KILLS // 2, "the kills did not land at many different moments"

    child = _start(path, kind, seed, games)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err.decode()[-2000:]
    with Journal(path, game_cls=game_cls) as journal:
        infos = journal.games()
        assert [i.seed for i in infos] == [seed + i for i in range(games)]
        for info, (log, board, result) in zip(infos, reference):
            game = journal.load(info.id)
            assert info.status == "finished" and info.result == result
            assert (list(game.log), game.board.as_json(), game.result) == (log, board, result)
            assert game.request is None


def test_sigkill_50_times_during_real_games(tmp_path):
    kill_and_resume(tmp_path, "real", seed=2000, games=12)
