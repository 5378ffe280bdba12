"""Freeze (cards.md): ice instead of damage until the start of the team's next turn."""

import random

from table.bots import sensible
from table.engine import Board, Resolver, Script, Thing
from table.librarygame import GameConfig, LibraryGame


def board():
    b = Board(land={(0, 0), (1, 0)}, wind=1)
    b.add(Thing("A", "worm", (0, 0), "blue"))
    b.add(Thing("B", "worm", (1, 0), "blue", damaged=True))
    b.add(Thing("X", "worm", (1, 0), "red"))
    return b


def test_thaw_takes_the_ice_and_the_shield_of_that_team_only():
    b = board()
    r = Resolver(b, Script())
    r.shield("blue")
    r.damage(b.things["B"])
    r.damage(b.things["X"])
    assert b.frozen == {"B"} and b.things["B"].damaged  # it was already lying down
    assert b.things["X"].damaged
    r.thaw("red")
    assert b.frozen == {"B"} and b.shielded == {"blue"}
    r.thaw("blue")
    assert b.frozen == set() and b.shielded == set()
    r.damage(b.things["B"])
    assert "B" in b.destroyed
    names = [e["event"] for e in r.events]
    assert names.count("freeze") == 1 and names.count("thaw") == 1


def test_a_destroyed_frozen_worm_leaves_no_ice_behind():
    b = board()
    r = Resolver(b, Script())
    r.shield("blue")
    r.damage(b.things["A"])
    r.move(b.things["A"], (0, 5), "test")          # water still sinks it
    assert "A" in b.destroyed and b.frozen == set()


def test_in_games_the_ice_goes_at_the_start_of_the_teams_next_turn():
    shields = thaws = 0
    for seed in range(400):              # until two worms have been encased and thawed
        if thaws >= 2:
            break
        g = LibraryGame.new(GameConfig(teams=2, max_rounds=12), f"freeze:{seed}")
        pick = random.Random(seed)
        while g.request is not None:
            options = sensible(g)                   # (no jump into water: worms live on)
            g.answer("freeze" if "freeze" in options else pick.choice(options))
        turn, since_turn = None, []
        for e in g.events:
            if e["event"] == "turn":
                turn, since_turn = e["team"], []
            elif e["event"] == "shield":
                shields += 1
            elif e["event"] == "thaw":
                thaws += 1
                assert e["thing"].startswith(turn) and "activate" not in since_turn
            since_turn.append(e["event"])
        assert g.result is not None
    assert shields > 0 and thaws > 0
