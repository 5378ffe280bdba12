"""Benchmark of the game layer: how fast whole games run, how long the greedy bot thinks.

    python bench/game.py            # prints one JSON object
    python bench/game.py --full     # also the acceptance selfplay: 1,000 games, 2-4 teams,
                                    # random optional rules, every invariant checked, and
                                    # greedy against random in two-team games

Figures (goals from issue 3):
* ``random_games_per_second``: two-team games between random bots (goal: 100 or more);
* ``greedy_decision_ms_p99``: the greedy bot's time per decision, 99th percentile
  (goal: under 50 ms).  Wall-clock figures, with the process CPU time beside them
  (``*_cpu``) because a busy machine slows the wall clock, not the work.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def random_games(games: int = 200, seed: int = 1) -> dict:
    from table.cards import library
    from table.engine.game import GameConfig
    from table.game import Game

    cards = library()
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for n in range(games):
        g = Game.new(GameConfig(teams=2, max_rounds=60), f"{seed}:{n}", cards)
        rnd = random.Random(n)
        while g.request is not None:
            g.answer(rnd.choice(g.request.options))
            decisions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"random_games": games, "random_games_per_second": round(games / wall, 1),
            "random_games_per_second_cpu": round(games / cpu, 1),
            "random_decisions_per_game": round(decisions / games, 1)}


def greedy_decisions(games: int = 10, seed: int = 1) -> dict:
    from table.bots import GreedyBot, RandomBot
    from table.cards import library
    from table.engine.game import GameConfig
    from table.game import Game

    cards = library()
    wall_times, cpu_times = [], []
    for n in range(games):
        g = Game.new(GameConfig(teams=2, max_rounds=60), f"{seed}:{n}", cards)
        bots = [GreedyBot(n), RandomBot(n)]
        while g.request is not None:
            d = g.request
            seat = int(d.actor[5:]) if d.actor.startswith("seat:") else g.seats.index(d.actor)
            bot = bots[seat]
            w, c = time.perf_counter(), time.process_time()
            answer = bot(g)
            if bot.name == "greedy":
                wall_times.append(time.perf_counter() - w)
                cpu_times.append(time.process_time() - c)
            g.answer(answer)

    def p(xs, q):
        xs = sorted(xs)
        return round(1000 * xs[min(len(xs) - 1, int(q * len(xs)))], 2)

    return {"greedy_decisions": len(wall_times),
            "greedy_decision_ms_p50": p(wall_times, 0.5),
            "greedy_decision_ms_p99": p(wall_times, 0.99),
            "greedy_decision_ms_p99_cpu": p(cpu_times, 0.99),
            "greedy_decision_ms_max": p(wall_times, 1.0)}


def main(full: bool = False) -> dict:
    out = {}
    out.update(random_games())
    out.update(greedy_decisions())
    out["goal_random_games_per_second"] = 100
    out["goal_greedy_decision_ms_p99"] = 50
    if full:
        from table.selfplay import selfplay
        mixed = selfplay(1000, 1, ["random", "random"], (2, 4))
        out["selfplay_1000"] = {k: mixed[k] for k in ("games", "errors", "draws",
                                                      "invariant_checks", "games_per_second")}
        duel = selfplay(200, 2, ["greedy", "random"], (2, 2), rules="none")
        out["greedy_vs_random_2_teams"] = {
            "games": duel["games"], "errors": duel["errors"], "wins": duel["wins"],
            "draws": duel["draws"],
            "greedy_win_rate": round(duel["wins"]["greedy"] / max(1, duel["games"]), 3)}
    return out


if __name__ == "__main__":
    print(json.dumps(main(full="--full" in sys.argv[1:])))
