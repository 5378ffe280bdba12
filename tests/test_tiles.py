"""Map tiles (T8): the shipped tiles, an owner's tile file, automatic maps by the rulebook's
rule (one tile per player, each touching the Wind Dial hex or a tile already down)."""

import random

import pytest

from table.cards.tiles import ENV, TileError, box_tiles, load_tiles
from table.cli import main
from table.hexgrid import distance, neighbour
from table.engine.tiles import DIAL, REACH, Tile, auto_map, lay, placements
from table.librarygame import GameConfig, LibraryGame


class Chance:
    def __init__(self, seed):
        self.rnd = random.Random(seed)

    def pick(self, options, what):
        return self.rnd.choice(list(options))


def joined(hexes) -> bool:
    hexes = set(hexes)
    todo, seen = [next(iter(hexes))], set()
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo += [neighbour(h, d) for d in range(1, 7) if neighbour(h, d) in hexes]
    return seen == hexes


def test_the_box_ships_four_tiles_of_four_four_five_and_five_hexes():
    tiles = box_tiles()
    assert sorted(len(t.hexes) for t in tiles) == [4, 4, 5, 5]
    assert [t.number for t in tiles] == [1, 2, 3, 4]


@pytest.mark.parametrize("seed", range(20))
def test_every_tile_laid_touches_the_dial_or_a_tile_already_down(seed):
    land, laid = auto_map(box_tiles(), 4, False, Chance(seed))
    tiles = {t.number: t for t in box_tiles()}
    down: set = set()
    for number, anchor, turns in laid:
        hexes = set(lay(tiles[number], anchor, turns))
        assert not hexes & down and DIAL not in hexes           # no overlap, never on the dial
        assert any(neighbour(h, d) in down | {DIAL} for h in hexes for d in range(1, 7))
        assert all(distance(DIAL, h) <= REACH for h in hexes)   # on the box's LED grid
        down |= hexes
    assert down == land and len(land) == 18
    assert joined(land | {DIAL})


@pytest.mark.parametrize("teams, sizes", [(2, range(8, 11)), (3, range(13, 15)), (4, [18])])
def test_a_seeded_automatic_game_has_one_tile_per_player(teams, sizes):
    for seed in range(5):
        g = LibraryGame.new(GameConfig(teams=teams), seed)
        laid = next(e for e in g.events if e["event"] == "map")["tiles"]
        assert len(laid) == teams
        assert len(g.board.land) in sizes
        again = LibraryGame.new(GameConfig(teams=teams), seed)               # the seed decides the map
        assert again.board.land == g.board.land


def test_larger_map_lays_every_tile():
    g = LibraryGame.new(GameConfig(teams=2, larger_map=True), 3)
    assert len(next(e for e in g.events if e["event"] == "map")["tiles"]) == 4
    assert len(g.board.land) == 18


def test_more_players_than_tiles_says_so_and_plays_on_the_tiles_there_are():
    g = LibraryGame.new(GameConfig(teams=5), 1)
    assert {"event": "deck_short", "deck": "tiles", "card": None, "wanted": 5,
            "have": 4} in g.events
    assert len(g.board.land) == 18 and g.request is not None


def test_a_placement_never_covers_the_dial_or_land_and_always_touches():
    tile = Tile(9, ((0, 0), (1, 0)))
    land = {(1, 0), (2, 0)}
    for _number, anchor, turns in placements(tile, land):
        hexes = set(lay(tile, anchor, turns))
        assert not hexes & (land | {DIAL})
        assert any(neighbour(h, d) in land | {DIAL} for h in hexes for d in range(1, 7))


def test_an_owner_describes_their_tiles_once(tmp_path, monkeypatch):
    path = tmp_path / "tiles.toml"
    path.write_text("".join(f"[[tiles]]\nnumber = {n}\nhexes = [[0, 0], [1, 0], [2, 0]]\n"
                            for n in range(1, 7)))
    monkeypatch.setenv(ENV, str(path))
    assert [len(t.hexes) for t in box_tiles()] == [3] * 6
    g = LibraryGame.new(GameConfig(teams=6), 2)                  # six players, six tiles
    assert len(g.board.land) == 18
    assert not any(e["event"] == "deck_short" and e["deck"] == "tiles" for e in g.events)


@pytest.mark.parametrize("text, message", [
    ("[[tiles]]\nnumber = 1\nhexes = [[0, 0], [3, 0]]\n", "tiles[0].hexes: the hexes of a tile must join"),
    ("[[tiles]]\nnumber = 1\nhexes = [[0, 0], [0]]\n", "tiles[0].hexes[1]: expected a hex [q, r]"),
    ("[[tiles]]\nnumber = true\nhexes = [[0, 0]]\n", "tiles[0].number"),
    ("[[tiles]]\nnumber = 1\nhexes = [[0, 0]]\n[[tiles]]\nnumber = 1\nhexes = [[0, 0]]\n",
     "tiles[1].number: tile 1 is listed twice"),
    ("[[tiles]]\nnumber = 1\nhexes = [[0, 0]]\ncolour = 3\n", "tiles[0].colour: unknown key"),
    ("[[tiles]]\nnumber = 1\nhexes = []\n", "tiles[0].hexes"),
    ("tiles = 3\n", "tiles: expected one or more"),
    ("this is = not toml", "not valid TOML"),
])
def test_a_bad_tile_file_is_named_by_file_and_field_exit_2(tmp_path, capsys, text, message):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(TileError):
        load_tiles(path)
    assert main(["tiles", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}" in err and message in err and "Traceback" not in err


def test_the_tiles_command_lists_the_box(capsys):
    assert main(["tiles"]) == 0
    out = capsys.readouterr().out
    assert out.count("tile ") == 4 and "5 hexes" in out


def test_a_bad_owner_tile_file_stops_selfplay_with_exit_2(tmp_path, capsys, monkeypatch):
    path = tmp_path / "tiles.toml"
    path.write_text("[[tiles]]\nnumber = 1\n")
    monkeypatch.setenv(ENV, str(path))
    assert main(["selfplay", "--games", "1"]) == 2
    assert "tiles[0].hexes" in capsys.readouterr().err
