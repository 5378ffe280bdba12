"""How strong the box's levels are, and how long the hard one thinks.

    bench/run bots                  # 200 two-team games a pairing (about 10 minutes)
    BOTS_GAMES=40 bench/run bots    # a quicker look

Each pairing plays the same fixed seeds, the seats swapped every other game, two teams, the
shipped cards, at most 60 rounds.  A game is *decided* when one team wins alone; the win rate
is the first bot's share of the decided games, with its 95% confidence interval (Wilson).
Goals (issue 25): hard beats greedy in at least 65% of decided games; normal is the greedy
bot (about 50% against it); easy loses to it more often than not (a new player can beat
it); greedy beats random.

``hard_decision_ms`` is the hard bot's time per decision of its own (every decision, the
quick ones included), wall clock, on this machine.  ``hard_decision_ms_pi`` replays a sample
of those positions in a child process with a Pi Zero 2 W's share of the CPU (the quota of
``bench/run --pi``, bench/pispeed.py); goal p99 <= 3000 ms.  Where the machine allows no CPU quota it says
so instead of a figure.
"""

from __future__ import annotations

import json
import math
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PAIRINGS = (("hard", "greedy"), ("normal", "greedy"), ("easy", "greedy"), ("greedy", "random"))


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def _bot(name: str, seed):
    from table.bots import for_level, make
    return for_level(name, seed) if name == "normal" else make(name, seed)


def play(a: str, b: str, games: int, seed: int = 25, keep=None) -> dict:
    """``games`` two-team games of ``a`` against ``b``; ``keep(game, answer_ms)`` sees each of
    ``a``'s decisions."""
    from table.cards import library
    from table.engine.game import GameConfig
    from table.game import Game

    cards = library()
    wins = decided = 0
    for n in range(games):
        game = Game.new(GameConfig(teams=2, max_rounds=60), f"bots:{seed}:{n}", cards)
        names = (a, b) if n % 2 == 0 else (b, a)
        seats = [_bot(names[0], f"{n}:0"), _bot(names[1], f"{n}:1")]
        while game.request is not None:
            d = game.request
            seat = int(d.actor[5:]) if d.actor.startswith("seat:") else game.seats.index(d.actor)
            started = time.perf_counter()
            answer = seats[seat](game)
            if keep is not None and names[seat] == a:
                keep(game, (time.perf_counter() - started) * 1000)
            game.answer(answer)
        winners = game.result.winners
        if len(winners) == 1:
            decided += 1
            wins += names[game.seats.index(winners[0])] == a
    return {"games": games, "decided": decided, "wins": wins,
            "win_rate": round(wins / decided, 3) if decided else None,
            "ci95": wilson(wins, decided)}


def _percentiles(ms: list[float]) -> dict:
    ms = sorted(ms)
    if not ms:
        return {}
    return {"p50": round(ms[len(ms) // 2], 1), "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1),
            "max": round(ms[-1], 1), "decisions": len(ms)}


def _time_positions(path: str) -> None:
    """The child: at a Pi Zero 2 W's CPU share, answer every saved position with a new hard
    bot; print the times (or why there is no CPU quota here)."""
    from pispeed import NoQuota, pi_speed

    from table.bots import SearchBot
    with open(path, "rb") as f:
        games = pickle.load(f)
    times = []
    try:
        with pi_speed():
            for i, game in enumerate(games):
                started = time.perf_counter()
                SearchBot(f"pi:{i}")(game)
                times.append((time.perf_counter() - started) * 1000)
    except NoQuota as err:
        print(json.dumps({"not_measured": str(err)}))
        return
    print(json.dumps(times))


def at_pi_speed(positions: list) -> dict:
    """The hard bot's decision times on ``positions`` with a Pi Zero 2 W's share of one CPU
    (in a child process, so only it is slowed: bench/pispeed.py)."""
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as f:
        pickle.dump(positions, f)
    try:
        done = subprocess.run([sys.executable, __file__, "--time-positions", f.name],
                              capture_output=True, text=True, timeout=3600)
        if done.returncode != 0:
            return {"not_measured": done.stderr.strip()[-300:]}
        times = json.loads(done.stdout.strip().splitlines()[-1])
        return times if isinstance(times, dict) else _percentiles(times)
    finally:
        os.unlink(f.name)


def main() -> dict:
    games = int(os.environ.get("BOTS_GAMES", "200"))
    out: dict = {}
    hard_ms: list[float] = []
    sample: list = []

    def keep(game, ms):
        hard_ms.append(ms)
        if len(game.request.options) > 1 and len(sample) < 60 and len(hard_ms) % 7 == 0:
            sample.append(game.fork("sample"))

    for a, b in PAIRINGS:
        out[f"{a}_vs_{b}"] = play(a, b, games, keep=keep if a == "hard" else None)
    out["hard_decision_ms"] = _percentiles(hard_ms)
    out["hard_decision_ms_pi"] = at_pi_speed(sample)
    return out


if __name__ == "__main__":
    if sys.argv[1:2] == ["--time-positions"]:
        _time_positions(sys.argv[2])
    else:
        print(json.dumps({"bots": main()}, indent=2))
