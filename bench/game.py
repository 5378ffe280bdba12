"""Benchmark of the game layer: how fast whole games run, how long the greedy bot thinks.

    python bench/game.py            # prints one JSON object
    python bench/game.py --full     # also the acceptance selfplay: 1,000 games, 2-4 teams,
                                    # random optional rules, every invariant checked, and
                                    # greedy against random in two-team games

Figures (goals from issue 3):
* ``random_games_per_second``: two-team games between random bots (goal: 100 or more);
* ``greedy_decision_ms_p99``: the greedy bot's time per decision, 99th percentile
  (goal: under 50 ms);
* ``new_game_ms_p50``: a new two-team game, its map laid and the hands dealt (goal: 5 ms);
* ``undo_ms_p99``: one undo in a game of 150 entries or more (goal at a Pi's speed,
  ``bench/run --pi game``: 100 ms);
* ``replay_ms_long_game``: the first 150 entries of such a game replayed from its log
  (goal at a Pi's speed: 150 ms).  Wall-clock figures, with the process CPU time beside them
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
    from table.librarygame import LibraryGame

    cards = library()
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    for n in range(games):
        g = LibraryGame.new(GameConfig(teams=2, max_rounds=60), f"{seed}:{n}", cards)
        rnd = random.Random(n)
        while g.request is not None:
            g.answer(rnd.choice(g.request.options))
            decisions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"random_games": games, "random_games_per_second": round(games / wall, 1),
            "random_games_per_second_cpu": round(games / cpu, 1),
            "random_decisions_per_game": round(decisions / games, 1)}


def greedy_decisions(games: int = 10, seed: int = 1) -> dict:
    from table.engine.decisions import seat_of
    from table.bots import GreedyBot, RandomBot
    from table.cards import library
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    cards = library()
    wall_times, cpu_times = [], []
    for n in range(games):
        g = LibraryGame.new(GameConfig(teams=2, max_rounds=60), f"{seed}:{n}", cards)
        bots = [GreedyBot(n), RandomBot(n)]
        while g.request is not None:
            d = g.request
            seat = seat_of(d.actor, g.seats) or 0
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


def _ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(q * len(xs)))], 2)


def long_game(entries: int = 150):
    """A four-team game between random bots whose log has at least ``entries`` entries."""
    from table.bots import RandomBot
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    for seed in range(100):
        game = LibraryGame.new(GameConfig(teams=4, max_rounds=60), f"long:{seed}")
        bot = RandomBot(seed)
        while game.request is not None:
            game.answer(bot(game))
        if len(game.log) >= entries + 50:
            return game
    raise RuntimeError(f"no random game of {entries} entries in 100 seeds")


def setup_undo_replay(news: int = 50, undos: int = 60, entries: int = 150) -> dict:
    """New games, undo late in a long game, and the replay of that game's first entries."""
    from table.cards import library
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    cards = library()
    new_wall, new_cpu = [], []
    for n in range(news):
        w, c = time.perf_counter(), time.process_time()
        LibraryGame.new(GameConfig(teams=2, max_rounds=60), f"new:{n}", cards)
        new_wall.append(time.perf_counter() - w)
        new_cpu.append(time.process_time() - c)
    game = long_game(entries)
    log = game.log
    undo_wall, undo_cpu = [], []
    for i in [i for i in range(entries, len(log)) if "answer" in log[i]]:
        if len(undo_wall) == undos:
            break
        before = LibraryGame.replay(game.config, game.seed, log[:i + 1], cards)
        if not before.can_undo:         # the answer revealed a random result: no undo
            continue
        w, c = time.perf_counter(), time.process_time()
        before.undo()
        undo_wall.append(time.perf_counter() - w)
        undo_cpu.append(time.process_time() - c)
    replay_wall, replay_cpu = [], []
    for _ in range(5):
        w, c = time.perf_counter(), time.process_time()
        LibraryGame.replay(game.config, game.seed, log[:entries], cards)
        replay_wall.append(time.perf_counter() - w)
        replay_cpu.append(time.process_time() - c)
    return {"new_game_ms_p50": _ms(new_wall, 0.5), "new_game_ms_p50_cpu": _ms(new_cpu, 0.5),
            "undos": len(undo_wall), "undo_ms_p99": _ms(undo_wall, 0.99),
            "undo_ms_p99_cpu": _ms(undo_cpu, 0.99), "long_game_entries": entries,
            "replay_ms_long_game": _ms(replay_wall, 0.5),
            "replay_ms_long_game_cpu": _ms(replay_cpu, 0.5)}


def main(full: bool = False) -> dict:
    out = {}
    out.update(random_games())
    out.update(greedy_decisions())
    out.update(setup_undo_replay())
    out["goal_new_game_ms_p50"] = 5
    out["goal_pi_undo_ms_p99"] = 100
    out["goal_pi_replay_ms_long_game"] = 150
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
