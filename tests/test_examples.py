"""The example pack of owner cards (examples/cards/): invented cards written for this project,
read by the simulator and the demo so that a desktop game finds weapons in its crates, never
by a real table."""

import argparse
from pathlib import Path

import pytest

from table.bots import GreedyBot
from table.cards import example_folder, library, load_file, open_library, owner_folder
from table.engine.game import GameConfig
from table.librarygame import LibraryGame

ROOT = Path(__file__).resolve().parent.parent


def test_the_pack_is_in_the_clone_and_says_what_it_is():
    folder = example_folder()
    assert folder == (ROOT / "examples" / "cards").resolve()    # (package data, linked)
    cards = [c for path in sorted(folder.glob("*.toml")) for c in load_file(path)]
    assert len(cards) >= 8
    for card in cards:
        assert card.id.startswith("example_") and card.kind in ("supply", "superweapon")
        assert all("(" in name for name in card.names.values()), card.names   # "(example)"
    text = (folder / "example_pack.toml").read_text(encoding="utf-8")
    assert "NOT cards of the printed game" in text


def test_a_real_table_reads_no_examples():
    assert not any(c.startswith("example_") for c in library())


def test_the_simulator_and_demo_read_them_after_the_owners_cards(monkeypatch, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(mine))
    opened = open_library(examples=True)
    assert opened.folders == (mine, example_folder())
    assert owner_folder() == mine                     # new cards still go to the owner's folder
    assert "example_mud_pie" in library()
    monkeypatch.delenv("WORMS_TABLE_CARDS")
    open_library(examples=True)                       # no owner folder at all: still not there
    assert owner_folder() != example_folder() and "example_mud_pie" in library()


def test_games_with_the_pack_find_and_play_its_weapons(monkeypatch):
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    monkeypatch.delenv("WORMS_TABLE_CARDS")
    open_library(examples=True)
    played = set()
    for seed in range(6):
        game = LibraryGame.new(GameConfig(teams=2, max_rounds=10), f"examples:{seed}")
        bot = GreedyBot(seed)
        while game.request is not None:
            game.answer(bot(game))
        played |= {e["card"] for e in game.events
                   if e["event"] == "play" and e["card"].startswith("example_")}
    assert len(played) >= 3, played


@pytest.mark.parametrize("argv, loads", [(["--sim"], True), ([], False),
                                         (["--sim", "--no-examples"], False)])
def test_run_loads_them_with_sim_only(monkeypatch, argv, loads):
    from table.commands import run

    class Stop(Exception):
        pass

    def stop(_):
        raise Stop()
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    monkeypatch.delenv("WORMS_TABLE_CARDS")
    monkeypatch.setattr(run, "state_dir", stop)
    parser = argparse.ArgumentParser()
    run.configure(parser)
    with pytest.raises(Stop):
        run.run(parser.parse_args(argv))
    from table.cards import current_library
    assert (example_folder() in current_library().folders) == loads
