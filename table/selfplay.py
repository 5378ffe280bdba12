"""Bots play whole games against each other (`worms-table selfplay`); every invariant is
checked after every step (table/engine/invariants.py) and one JSON object summarises it all.

Each game draws its number of teams (``--teams``, default 2-4), a random set of optional
rules and, one game in five, placement by the players (the bots) from the seed; bots take
the seats in turn, shifted by one seat each game.  With the
Timer option the clock sometimes runs out; now and then an answer is undone and given again
(the position must come back exactly); every tenth game is replayed from its log and must end
identically.  Any exception or broken invariant counts as an error (the first few are listed).
"""

from __future__ import annotations

import json
import random
import time
import traceback


def play_game(config, seed, bots, cards, rnd, check=True, replay=False, tiles=None) -> dict:
    """Play one game; returns {"result", "decisions", "checks"}; raises on any error."""
    from table.engine.decisions import seat_of
    from table.engine.game import TURN_PHASES
    from table.librarygame import LibraryGame
    from table.engine.invariants import problems

    game = LibraryGame.new(config, seed, cards, tiles=tiles)
    decisions = checks = 0
    timer = "timer" in config.options
    while game.request is not None:
        d = game.request
        if timer and game.turn.step in TURN_PHASES and rnd.random() < 0.02:
            try:
                game.time_up()
            except Exception as err:
                if type(err).__name__ != "Illegal":
                    raise
            else:
                continue
        seat = seat_of(d.actor, game.seats) or 0
        answer = bots[seat % len(bots)](game)
        before = game.board.as_json() if rnd.random() < 0.01 else None
        game.answer(answer)
        decisions += 1
        if before is not None and game.can_undo:
            game.undo()
            if game.board.as_json() != before or game.request != d:
                raise AssertionError("undo did not bring back the position")
            game.answer(answer)
        if check:
            broken = problems(game)
            checks += 1
            if broken:
                raise AssertionError("invariant broken: " + "; ".join(broken))
    if replay:
        again = LibraryGame.replay(config, seed, json.loads(json.dumps(game.log)), cards, tiles=tiles)
        if again.result != game.result or again.board.as_json() != game.board.as_json():
            raise AssertionError("the replay of the log ended differently")
    return {"result": game.result, "seats": game.seats, "decisions": decisions, "checks": checks}


def selfplay(games: int, seed: int, bot_names: list[str], teams=(2, 4), rules="random",
             max_rounds: int = 60, check=True) -> dict:
    from table.bots import make
    from table.cards import library
    from table.cards.tiles import box_tiles
    from table.engine.game import OPTIONS, GameConfig

    cards = library()
    tiles = box_tiles()
    rnd = random.Random(f"selfplay:{seed}")
    wins = {name: 0 for name in bot_names}
    games_played = errors = draws = decisions = checks = 0
    by_teams: dict[str, dict[str, int]] = {}
    samples: list[dict[str, object]] = []
    start = time.perf_counter()
    for n in range(games):
        k = rnd.randint(*teams)
        options = tuple(o for o in OPTIONS if rules == "random" and rnd.random() < 0.3)
        placement = "players" if rnd.random() < 0.2 else "auto"
        config = GameConfig(teams=k, options=options, max_rounds=max_rounds, placement=placement)
        game_seed = f"{seed}:{n}"
        bots = [make(bot_names[(i + n) % len(bot_names)], f"{game_seed}:{i}") for i in range(k)]
        games_played += 1
        try:
            g = play_game(config, game_seed, bots, cards, rnd, check, replay=(n % 10 == 0),
                          tiles=tiles)
        except Exception as err:  # every failure is counted and shown, never hidden
            errors += 1
            if len(samples) < 5:
                samples.append({"game": n, "seed": game_seed, "config": config.as_json(),
                                "error": f"{type(err).__name__}: {err}",
                                "where": traceback.format_exc(limit=-3)})
            continue
        decisions += g["decisions"]
        checks += g["checks"]
        by = by_teams.setdefault(str(k), {"games": 0, "draws": 0})
        by["games"] += 1
        res = g["result"]
        if res.shared:
            draws += 1
            by["draws"] += 1
        else:
            seat = g["seats"].index(res.winners[0])
            name = bots[seat].name
            wins[name] += 1
            by[name] = by.get(name, 0) + 1
    seconds = time.perf_counter() - start
    return {"games": games_played, "errors": errors, "wins": wins, "draws": draws,
            "decisions": decisions, "invariant_checks": checks, "by_teams": by_teams,
            "error_samples": samples, "seconds": round(seconds, 3),
            "games_per_second": round(games_played / seconds, 2) if seconds > 0 else None}
