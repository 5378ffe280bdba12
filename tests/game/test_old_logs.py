"""Logs written by earlier builds replay (table/engine/oldlogs.py): a group that updates the box
in the middle of a game resumes it (issue 19), although the engine no longer asks a question
that cannot matter (issue 23 item 4: no emptiest hex for a crate with none in the pool).

tests/vectors/old_logs_1372c62.json holds two whole games as the engine wrote them just before
commit 1372c62 (golden seeds 12 and 13 of tests/game/test_golden.py as they were then): their
logs answer that question several times."""

import json
from pathlib import Path

import pytest

from table.engine import oldlogs
from table.engine.board import Board
from table.engine.decisions import Decision, DecisionKind, Purpose
from table.engine.game import ReplayMismatch
from table.engine.state import State
from table.librarygame import GameConfig, LibraryGame

OLD = json.loads((Path(__file__).parent.parent / "vectors" / "old_logs_1372c62.json")
                 .read_text(encoding="utf-8"))


def config(record: dict) -> GameConfig:
    return GameConfig(teams=record["config"]["teams"],
                      options=tuple(record["config"]["options"]),
                      max_rounds=record["config"]["max_rounds"])


def replayed(record: dict, log: list) -> tuple[LibraryGame, list[int]]:
    """The game ``log`` describes, and the indices of the entries passed over (the entries
    :func:`oldlogs.old_question` names a rule for as the replay meets them)."""
    where = {id(entry): n for n, entry in enumerate(log)}
    passed: list[int] = []
    real = oldlogs.old_question

    def noted(entry, request, st):
        rule = real(entry, request, st)
        if rule is not None:
            passed.append(where[id(entry)])
        return rule
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(oldlogs, "old_question", noted)
        game = LibraryGame.replay(config(record), record["seed"], log)
    return game, passed


def cuts(record: dict) -> tuple[int, int]:
    """Two places where the earlier build stood waiting for the answer ``log[k]`` (where an
    update or a power cut would leave its journal): at the last question no longer asked, and
    at the first question after it."""
    log = record["log"]
    n = replayed(record, log)[1][-1]
    return n, next(i for i in range(n + 1, len(log)) if "answer" in log[i])


@pytest.mark.parametrize("record", OLD, ids=lambda r: f"seed {r['seed']}")
def test_a_log_written_before_1372c62_replays_to_its_end(record, monkeypatch):
    game, passed = replayed(record, record["log"])
    assert passed, "the vector holds answers to the question no longer asked"
    assert all(record["log"][n]["why"] == "emptiest" for n in passed)
    assert game.log == record["log"]                    # entry for entry, as the journal has it
    assert game.result.as_json() == record["result"]    # and it ends as it ended then
    monkeypatch.setattr(oldlogs, "old_question", lambda *a: None)
    with pytest.raises(ReplayMismatch):                 # (the rule is what makes it replay)
        LibraryGame.replay(config(record), record["seed"], record["log"])


@pytest.mark.parametrize("record", OLD, ids=lambda r: f"seed {r['seed']}")
def test_the_old_log_gives_the_game_its_log_without_those_answers_gives(record, monkeypatch):
    old, passed = replayed(record, record["log"])
    new_log = [e for n, e in enumerate(record["log"]) if n not in passed]
    new, none = replayed(record, new_log)
    assert none == [] and new.log == new_log
    assert old.board.as_json() == new.board.as_json()
    assert old.hands == new.hands and old.events == new.events
    assert old.result == new.result


def test_a_game_saved_mid_way_resumes_and_undoes_past_such_an_answer():
    record = OLD[0]
    log = record["log"]
    m = cuts(record)[1]
    game, passed = replayed(record, log[:m + 1])
    assert passed and passed[-1] < m
    assert game.log == log[:m + 1]
    game.undo()
    assert game.log == log[:m]                                  # the old answer stays
    game.answer(log[m]["answer"])
    assert game.log == log[:m + 1]
    whole = LibraryGame.replay(config(record), record["seed"], log)
    for entry in log[m + 1:]:                                   # and plays on to the same end
        if "answer" in entry:
            game.answer(entry["answer"])
    assert game.log == whole.log and game.result == whole.result


def test_an_old_prod_answer_is_passed_over_only_where_the_thing_is_asked():
    """Builds cad4936 to ba8586d asked 'prod or leave' a full hex without a worm (E7.4)
    before the Thing to prod; no seeded game met one, so the rule is checked on its own."""
    st = State(Board(land={(0, 0)}, wind=1))
    thing = Decision(DecisionKind.THING, ("mine-1", "oil_drum-1"), "mine-1", Purpose.PROD, "red")
    old = {"answer": "prod", "kind": "prod", "why": "full_hex", "actor": "red"}
    assert oldlogs.old_question(old, thing, st) == oldlogs.PROD_OR_LEAVE
    assert oldlogs.old_question({**old, "answer": "leave"}, thing, st) is None
    other = Decision(DecisionKind.HEX, ((0, 0), (1, 0)), (0, 0), Purpose.EMPTIEST, "red")
    assert oldlogs.old_question(old, other, st) is None


def test_kept_at_walks_on_from_where_it_left_off():
    """Issue 38, item 7: each passed-over answer walked the whole log from its start (a
    crafted log of 8,000 old answers took 24 s).  A replay's calls come in order, and the
    cursor walking on from the last gives the same places as a walk from the start."""
    import random

    from table.engine.oldlogs import Cursor, kept_at
    for seed in range(40):
        rng = random.Random(seed)
        log = [{"learn": {}} if rng.random() < 0.2 else {"answer": i} for i in range(200)]
        mine: list[dict] = []
        cursor = Cursor()
        for n, entry in enumerate(log):
            if rng.random() < 0.3 and "answer" in entry:          # passed over: inserted
                at = kept_at(mine, log, n, cursor)
                assert at == kept_at(mine, log, n)
                mine.insert(at, dict(entry))
            else:                                                 # given: logged at the end
                if rng.random() < 0.1:
                    mine.append({"learn": {}})                    # (a card, a bit early)
                if "answer" in entry:
                    mine.append(dict(entry))
