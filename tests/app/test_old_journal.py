"""A journal saved mid-game by an earlier build resumes (issue 19: an update never loses the
game in progress): its log answers a question this build no longer asks (the emptiest hex for
a crate with none in the pool, before commit 1372c62; table/engine/oldlogs.py)."""

import asyncio

import pytest

from table.app.core.mode import Mode
from table.librarygame import LibraryGame
from table.journal import Journal

from tests.game.test_old_logs import OLD, config, cuts

from .driver import running, sim_daemon


@pytest.mark.parametrize("where", ("at the old question", "after it"))
def test_the_daemon_resumes_a_journal_holding_an_answer_no_longer_asked(tmp_path, where):
    record = OLD[0]
    whole = record["log"]
    cut = cuts(record)[where == "after it"]
    log = whole[:cut]                               # the earlier build waited for whole[cut]
    if where == "at the old question":              # never given now: the game goes on
        whole = whole[:cut] + whole[cut + 1:]       # without it
    state = tmp_path / "state"
    state.mkdir()
    with Journal(state / "journal.sqlite", game_cls=LibraryGame) as journal:
        journal.new_game(config(record), record["seed"], log)

    async def resumed():
        daemon = sim_daemon(state, record["seed"])
        async with running(daemon):
            mode, jg = daemon.mode, daemon.jg
            entries = jg.journal.entries(jg.game_id)
            resumed = list(jg.game.log), entries
            jg.answer(next(e for e in whole[len(entries):] if "answer" in e)["answer"])
            answered = list(jg.game.log), jg.journal.entries(jg.game_id)
            undone = jg.undo(), list(jg.game.log), jg.journal.entries(jg.game_id)
        daemon.close()
        return mode, resumed, answered, undone

    mode, resumed, answered, undone = asyncio.run(resumed())
    assert mode == Mode.PLAY                                # not "Cannot resume ... new game"
    assert resumed[0] == resumed[1] == whole[:len(resumed[0])]   # the journal is the game's log
    assert len(resumed[0]) >= len(log)
    assert answered[0] == answered[1] == whole[:len(answered[0])]   # plays on as it did then
    assert undone[0] and undone[1] == undone[2] == resumed[0]       # and undoes, in step
