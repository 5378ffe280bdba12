"""Bots and selfplay: whole games, every invariant checked after every step.

The acceptance run (1,000 games, and greedy against random over 200 games) is in
bench/game.py --full; these are the smaller CI versions."""

import json

from table.cli import main
from table.engine.board import Thing
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.engine.invariants import problems
from table.selfplay import selfplay


def test_random_bots_play_100_games_without_an_error(capsys):
    assert main(["selfplay", "--games", "100", "--seed", "5", "--bots", "random,random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 100 and out["errors"] == 0, out["error_samples"]
    assert out["invariant_checks"] == out["decisions"] > 100 * 20
    assert sum(out["wins"].values()) + out["draws"] == 100
    assert set(out["by_teams"]) == {"2", "3", "4"}
    assert out["games_per_second"] > 0


def test_greedy_beats_random_in_two_team_games():
    out = selfplay(30, 11, ["greedy", "random"], teams=(2, 2), rules="none", max_rounds=40)
    assert out["errors"] == 0, out["error_samples"]
    assert out["wins"]["greedy"] >= 0.7 * out["games"], out


def test_a_bad_bot_name_is_a_user_error(capsys):
    assert main(["selfplay", "--games", "1", "--bots", "greedy,clever"]) == 2
    assert "bots are random, greedy" in capsys.readouterr().err
    assert main(["selfplay", "--games", "1", "--teams", "1-9"]) == 2


def test_invariants_catch_a_broken_position():
    g = LibraryGame.new(GameConfig(teams=2), 3)
    assert problems(g) == []
    board = g.board
    h = next(iter(board.land))
    for i in range(5):
        board.add(Thing(f"extra-{i}", "oil_drum", h))
    board.add(Thing("swimmer", "crate", (40, 40)))
    found = " / ".join(problems(g))
    assert "holds" in found and "on water" in found
    assert "7 of oil_drum on the board" in found     # 6 in the box, 2 + 5 on the board
