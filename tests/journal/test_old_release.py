"""A game saved mid-game by the release before this one resumes after an update (issue 38,
item 7: a game saved by the previous release did not resume -- "Cannot resume": the starting
deal had changed -- so an update mid-game lost the game).

tests/vectors/old_journals_11f0498.json holds six games as commit 11f0498 (the third release)
journaled them, each stopped mid-game: its config, seed, log and what it kept beside it (the
cards and tiles), read out of the SQLite file as written.  Each is put back into a journal
and resumed by this build, and played on."""

import json
from pathlib import Path

import pytest

from table.bots import RandomBot
from table.journal import Journal, resume
from table.journal.codec import config_from_plain
from table.librarygame import LibraryGame

OLD = json.loads((Path(__file__).parent.parent / "vectors" / "old_journals_11f0498.json")
                 .read_text(encoding="utf-8"))


@pytest.mark.parametrize("record", OLD, ids=lambda r: f"seed {r['seed']}")
def test_a_game_saved_by_the_third_release_resumes_and_plays_on(tmp_path, record):
    path = tmp_path / "journal.sqlite"
    with Journal(path, game_cls=LibraryGame) as journal:
        journal.new_game(config_from_plain(LibraryGame, record["config"]), record["seed"],
                         record["log"], kept=record["kept"])
    jg = resume(path, game_cls=LibraryGame)
    assert jg is not None and jg.log == record["log"]
    bot = RandomBot(record["seed"])
    for _ in range(30):
        if jg.request is None:
            break
        jg.answer(bot(jg.game))
    jg.close()
