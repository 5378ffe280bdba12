"""How strong the box's levels are, and how long the hard one thinks.

    bench/run bots                  # 200 two-team games a pairing (about 10 minutes)
    BOTS_GAMES=40 bench/run bots    # a quicker look (BOTS_WORKERS: processes, default 4)
    .venv/bin/python bench/bots.py --pairing hard normal 100   # one pairing, a line a game

Each pairing plays the same fixed seeds, the seats swapped every other game, two teams, the
shipped cards, at most 60 rounds.  A game is *decided* when one team wins alone before the
round limit; the win rate is the first bot's share of the decided games, with its 95%
confidence interval (Wilson).  ``greedy`` is the yardstick (like the levels it sees only what
its team could), ``normal`` the careful greedy bot.  Goals (issues 25, 35): hard beats greedy in at least
65% of decided games and normal in at least 70%; easy loses to greedy more often than not (a
new player can beat it); greedy beats random.

``undecided_share`` is the share of all the pairings' games not decided, and ``undecided``
says why each one did not end: the round limit (and how the game stood: worms, cards in
hands, the Supply deck) or a shared win.  ``puzzles_solved`` is the share of the tactical
suite (tests/bots/puzzles.py: hand-made positions with the answer worked out by hand) each
level solves; goals: hard 95%, normal 80%.

``hard_decision_ms`` is the hard bot's time per decision of its own (every decision, the
quick ones included), wall clock, on this machine, over a few games played in the main
process alone (the pairings before it run in worker processes).  ``hard_decision_ms_pi`` replays a sample
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

PAIRINGS = (("hard", "greedy"), ("hard", "normal"), ("normal", "greedy"), ("easy", "greedy"),
            ("greedy", "random"))


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


def _one(args) -> tuple[int, str | None, dict | None]:
    """One game of a pairing (a worker process's job): its number, the winning bot's name
    (None: not decided) and, for a game not decided, why (:func:`why_undecided`)."""
    a, b, n, seed = args
    game, names = _game(a, b, n, seed)
    result = game.result
    why = why_undecided(game)
    if why is not None:
        return n, None, why
    return n, names[game.seats.index(result.winners[0])], None


def why_undecided(game) -> dict | None:
    """Why a finished game is not decided (None: it is): ``end`` is ``shared`` (a tie the
    comparison of T6 could not break) or ``round_limit`` (the bench's limit of rounds: the
    rules had not ended it), with how it stood: each team's worms [all, damaged], the cards in
    hands, the Supply and Drop decks, and the turn of the last damage done to a worm."""
    result = game.result
    if result.reason != "round_limit" and not result.shared:
        return None
    turn, last_hurt = 0, None
    for e in game.events:
        if e["event"] == "turn":
            turn = e["number"]
        elif e["event"] == "damage" or (e["event"] == "destroy" and e.get("kind") == "worm"):
            last_hurt = turn
    return {"end": "round_limit" if result.reason == "round_limit" else f"shared:{result.reason}",
            "worms": {t: [len(game.board.worms(t)), sum(w.damaged for w in game.board.worms(t))]
                      for t in game.teams},
            "cards_in_hands": sum(game.hand_size(t) for t in game.teams),
            "supply": game.decks["supply"], "drop": game.decks["drop"],
            "last_worm_hurt_turn": last_hurt,
            "turns": result.turns}


def _game(a: str, b: str, n: int, seed: int, keep=None):
    """Game ``n`` of ``a`` against ``b`` (``a`` in the first seat in even games)."""
    from table.engine.decisions import seat_of
    from table.cards import library
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    game = LibraryGame.new(GameConfig(teams=2, max_rounds=60), f"bots:{seed}:{n}", library())
    names = (a, b) if n % 2 == 0 else (b, a)
    seats = [_bot(names[0], f"{n}:0"), _bot(names[1], f"{n}:1")]
    while game.request is not None:
        d = game.request
        seat = seat_of(d.actor, game.seats) or 0
        started = time.perf_counter()
        answer = seats[seat](game)
        if keep is not None and names[seat] == a:
            keep(game, (time.perf_counter() - started) * 1000)
        game.answer(answer)
    return game, names


def play(a: str, b: str, games: int, seed: int = 25, workers: int = 1, first: int = 0,
         lines=None) -> dict:
    """``games`` two-team games of ``a`` against ``b``, numbered from ``first`` (in ``workers``
    processes: each game is independent, so the result is the same however many); ``lines``:
    a file each game's outcome is written to as one JSON line the moment it is known."""
    jobs = [(a, b, n, seed) for n in range(first, first + games)]
    done = []
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as pool:
            outcomes = pool.map(_one, jobs)
            done = [_written(o, lines) for o in outcomes]
    else:
        done = [_written(_one(j), lines) for j in jobs]
    decided = sum(1 for _, w, _ in done if w is not None)
    wins = sum(1 for _, w, _ in done if w == a)
    return {"games": games, "decided": decided, "wins": wins,
            "win_rate": round(wins / decided, 3) if decided else None,
            "ci95": wilson(wins, decided),
            "undecided": {n: why for n, _, why in done if why is not None}}


def _written(outcome, lines):
    if lines is not None:
        n, winner, why = outcome
        lines.write(json.dumps({"game": n, "winner": winner, "undecided": why}) + "\n")
        lines.flush()
    return outcome


def puzzles_solved(levels=("hard", "normal", "easy")) -> dict:
    """The share of the tactical suite (tests/bots/puzzles.py) each level solves, and the
    names of the positions it misses."""
    from table.bots import for_level
    from tests.bots.puzzles import PUZZLES, position

    out: dict = {}
    for level in levels:
        missed = [p.name for p in PUZZLES if not p.solved(for_level(level, 1)(position(p)))]
        out[level] = round(1 - len(missed) / len(PUZZLES), 3)
        out[f"{level}_missed"] = missed
    out["positions"] = len(PUZZLES)
    return out


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
    workers = int(os.environ.get("BOTS_WORKERS", str(min(4, os.cpu_count() or 1))))
    out: dict = {pair: play(*pair.split("_vs_"), games, workers=workers)
                 for pair in (f"{a}_vs_{b}" for a, b in PAIRINGS)}
    undecided = {f"{pair} game {n}": why for pair, r in out.items()
                 for n, why in r.pop("undecided").items()}
    out["undecided_share"] = round(len(undecided) / max(1, games * len(PAIRINGS)), 3)
    out["undecided"] = undecided
    out["puzzles_solved"] = puzzles_solved()
    out["goal_puzzles_solved"] = {"hard": 0.95, "normal": 0.8}
    out["goal_hard_vs_normal_win_rate"] = 0.7
    # the hard bot's time per decision: a few games in this one process, nothing beside it
    hard_ms: list[float] = []
    sample: list = []

    def keep(game, ms):
        hard_ms.append(ms)
        if len(game.request.options) > 1 and len(sample) < 60 and len(hard_ms) % 5 == 0:
            sample.append(game.fork("sample"))

    for n in range(int(os.environ.get("BOTS_TIMED_GAMES", "4"))):
        _game("hard", "greedy", n, 99, keep=keep)
    out["hard_decision_ms"] = _percentiles(hard_ms)
    out["hard_decision_ms_pi"] = at_pi_speed(sample)
    return out


def pairing(argv: list[str]) -> None:
    """``bench/bots.py --pairing A B GAMES [FIRST]``: one pairing alone, each game's outcome a
    JSON line on stdout as it ends (a long measurement run in the background keeps what it
    has), then the summary line."""
    a, b, games = argv[0], argv[1], int(argv[2])
    first = int(argv[3]) if len(argv) > 3 else 0
    workers = int(os.environ.get("BOTS_WORKERS", "1"))
    r = play(a, b, games, workers=workers, first=first, lines=sys.stdout)
    r.pop("undecided")
    print(json.dumps({f"{a}_vs_{b}": r}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--time-positions"]:
        _time_positions(sys.argv[2])
    elif sys.argv[1:2] == ["--pairing"]:
        pairing(sys.argv[2:])
    else:
        print(json.dumps({"bots": main()}, indent=2))
