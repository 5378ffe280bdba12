"""An owner's bad card or tile file stops a command with exit 2 and names the file, never a
traceback; a game on a fixed map does not need the tiles at all."""

import os
import subprocess
import sys

import pytest


def run(args, **env):
    return subprocess.run([sys.executable, "-m", "table.cli", *args], capture_output=True,
                          text=True, env={**os.environ, **env}, timeout=300)


@pytest.fixture
def bad_cards(tmp_path):
    (tmp_path / "mine.toml").write_text("cards = 5\n", encoding="utf-8")
    return str(tmp_path)


@pytest.fixture
def bad_tiles(tmp_path):
    path = tmp_path / "tiles.toml"
    path.write_text("tiles = [\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("args", [["selfplay", "--games", "1"],
                                  ["demo", "--sim", "--no-web", "--games", "1", "--fast"]])
def test_a_bad_card_file_is_named_with_exit_2(bad_cards, args):
    done = run(args, WORMS_TABLE_CARDS=bad_cards)
    assert done.returncode == 2, done.stderr
    assert "mine.toml" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["selfplay", "--games", "1"],
                                  ["demo", "--sim", "--no-web", "--games", "1", "--fast"]])
def test_a_bad_tile_file_is_named_with_exit_2(bad_tiles, args):
    done = run(args, WORMS_TABLE_TILES=bad_tiles)
    assert done.returncode == 2, done.stderr
    assert "tiles.toml" in done.stderr and "Traceback" not in done.stderr


def test_a_game_on_a_fixed_map_needs_no_tiles(bad_tiles, monkeypatch):
    from table.engine.game import GameConfig
    from table.engine.setup import standard_land
    from table.librarygame import LibraryGame

    monkeypatch.setenv("WORMS_TABLE_TILES", bad_tiles)
    game = LibraryGame.new(GameConfig(teams=2, land=tuple(sorted(standard_land(2)))), 1)
    assert game.request is not None


def test_a_card_file_that_is_not_a_file_is_named_not_read(tmp_path):
    """Issue 38, item 7: owner card files were first read whole with no bound: a symlink to
    /dev/zero was OOM-killed at every start, a FIFO hung it.  Now each is a problem named,
    read in a worker that must come back."""
    import threading

    from table.cards.cardlibrary import CardLibrary

    os.symlink("/dev/zero", tmp_path / "zero.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "big.toml").write_bytes(b"# " + b"x" * (5 * 1024 * 1024) + b"\n")
    library = CardLibrary(tmp_path, [tmp_path])
    done = threading.Thread(target=library.refresh, daemon=True)
    done.start()
    done.join(60)
    assert not done.is_alive(), "reading the card folder hung"
    said = "\n".join(library.problems)
    assert "zero.toml: not a regular file" in said and "pipe.toml: not a regular file" in said
    assert "big.toml: bigger than" in said
    assert "bazooka" in library                      # the shipped cards are all there
