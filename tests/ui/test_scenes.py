"""LED scenes: colours from a known layout, and animations driven by the time passed in."""

import time

import pytest

from table.devices.leds import SimHexLeds
from table.hexgrid import hexagon
from table.engine import Board, Resolver, Script, Thing
from table.ui import scenes
from table.ui.instructions import Instruction
from table.ui.scenes import (ACCURACY_COLOURS, LAND, OFF, TEAM_COLOURS, THING_COLOURS, WATER,
                             WHITE)

GRID = hexagon((0, 0), 4)


def layout() -> Board:
    board = Board(land=set(hexagon((0, 0), 3)) - {(0, -3)}, wind=2)
    board.add(Thing("red-1", "worm", (0, 0), team="red"))
    board.add(Thing("red-2", "worm", (2, -1), team="red", damaged=True))
    board.add(Thing("blue-1", "worm", (-1, 0), team="blue"))
    board.add(Thing("crate-1", "crate", (1, 1)))
    board.add(Thing("mine-1", "mine", (-1, 0)))
    return board


def test_board_frame_colours():
    f = scenes.board_frame(layout(), GRID)
    assert set(f) == set(GRID)
    assert f[(0, 0)] == TEAM_COLOURS["red"]
    assert f[(2, -1)] == TEAM_COLOURS["red"]          # a hurt worm pulses: bright first,
    low = scenes.board_frame(layout(), GRID, 0.6)[(2, -1)]          # then low
    assert low == scenes.scale(TEAM_COLOURS["red"], scenes.HURT_LOW)
    assert f[(-1, 0)] == TEAM_COLOURS["blue"]         # a worm shows over the mine under it
    assert f[(1, 1)] == THING_COLOURS["crate"]
    assert f[(0, 1)] == LAND and f[(0, -3)] == WATER and f[(4, 0)] == WATER


def test_the_accuracy_colours_count_the_dice_and_keep_the_top_one():
    assert [scenes.accuracy_colour(n) for n in (1, 2, 3, 4)] == list(ACCURACY_COLOURS[:4])
    assert scenes.accuracy_colour(9) == ACCURACY_COLOURS[-1]     # more dice than colours


def test_legal_hexes():
    board = layout()
    g = scenes.legal(board, GRID, [(0, 1), (9, 9)])
    assert g[(0, 1)] == WHITE and (9, 9) not in g


def test_cursor_and_instruction_blink_at_a_steady_rate():
    base = scenes.board_frame(layout(), GRID)
    assert scenes.cursor(base, (0, 1), 0.0)[(0, 1)] == WHITE
    assert scenes.cursor(base, (0, 1), 0.25)[(0, 1)] == LAND
    assert scenes.cursor(base, (0, 1), 0.5)[(0, 1)] == WHITE
    ins = Instruction("do.move_worm", {"team": "red", "n": "1"}, (0, 0), (0, 1))
    a, b = scenes.instruction(base, ins, 0.1), scenes.instruction(base, ins, 0.3)
    assert (a[(0, 0)], a[(0, 1)]) == (WHITE, OFF)
    assert (b[(0, 0)], b[(0, 1)]) == (OFF, WHITE)


def test_animate_is_steady_and_never_reads_the_clock(monkeypatch):
    def no_clock():
        raise AssertionError("a scene read the clock")

    monkeypatch.setattr(time, "time", no_clock)
    monkeypatch.setattr(time, "monotonic", no_clock)
    base = scenes.board_frame(layout(), GRID)
    frames = list(scenes.animate(scenes.blast(base, (0, 0)), t0=100.0, seconds=0.8, fps=25))
    times = [t for t, _ in frames]
    assert len(frames) == 21 and times[0] == 100.0 and times[-1] == pytest.approx(100.8)
    assert all(b - a == pytest.approx(0.04) for a, b in zip(times, times[1:]))
    assert frames[0][1][(0, 0)] == WHITE               # the flash, fading to the board
    assert frames[-1][1] == base
    again = list(scenes.animate(scenes.blast(base, (0, 0)), t0=100.0, seconds=0.8, fps=25))
    assert again == frames
    with pytest.raises(ValueError):
        next(scenes.animate(scenes.blast(base, (0, 0)), 0, 1, fps=0))


def test_scatter_path_runs_one_hex_a_step():
    base = {h: OFF for h in GRID}
    path = [(0, 0), (1, 0), (2, 0)]
    scene = scenes.scatter_path(base, path, step=0.2)
    assert [scene(0.0)[h] for h in path] == [WHITE, OFF, OFF]
    assert [scene(0.41)[h] != OFF for h in path] == [True, True, True]
    assert scene(0.41)[(2, 0)] == WHITE and scene(0.41)[(0, 0)] != WHITE   # the trail fades


def test_new_water_settles_to_water():
    base = scenes.board_frame(layout(), GRID)
    scene = scenes.new_water(base, [(0, 1)], seconds=1.0)
    assert scene(0.0)[(0, 1)] == scenes.NEW_WATER
    assert scene(1.0)[(0, 1)] == WATER and scene(1.0)[(1, 1)] == base[(1, 1)]


def test_wind_arrow_runs_from_the_dial_to_the_edge():
    scene = scenes.wind_arrow(GRID, 3)
    lit_hexes = {h for t in (0.0, 0.3, 0.6) for h, c in scene(t).items() if c != OFF}
    assert lit_hexes == {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)}


def test_a_frame_shows_on_the_simulated_grid():
    leds = SimHexLeds(GRID)
    for h, c in scenes.legal(layout(), GRID, [(0, -1)], ACCURACY_COLOURS[3]).items():
        leds.set(h, c)
    leds.show()
    assert leds.shown()[(0, -1)] == ACCURACY_COLOURS[3]


def test_event_scenes_from_a_real_blast():
    board = Board(land={(0, 0), (1, 0)}, wind=3)
    board.add(Thing("red-1", "worm", (0, 0), team="red"))
    r = Resolver(board, Script(dice=["3", "5"]))
    r.blast((0, 0))          # the worm is thrown SE into (1, 0)
    r.change_wind()          # and the wind turns to 5
    base = scenes.board_frame(board, GRID)
    got = scenes.event_scenes(r.events, base, GRID)
    assert [seconds for _, seconds in got] == [0.8, 0.4, 1.5]
    blast, path, wind = (scene for scene, _ in got)
    assert blast(0.0)[(0, 0)] == WHITE
    assert path(0.2)[(1, 0)] == WHITE
    assert wind(0.0)[(0, 0)] != base[(0, 0)] and wind(0.15)[(-1, 1)] != base[(-1, 1)]
