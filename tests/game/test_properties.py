"""Properties over random games: replay gives the same game, undo gives back the position."""

import json
import random

from hypothesis import given, settings, strategies as st

from table.engine.game import OPTIONS, GameConfig

from table.librarygame import LibraryGame
from table.engine.invariants import problems


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), teams=st.integers(2, 4),
       options=st.sets(st.sampled_from(OPTIONS)), steps=st.integers(1, 150))
def test_replay_and_undo(seed, teams, options, steps):
    cfg = GameConfig(teams=teams, options=tuple(sorted(options)), max_rounds=30)
    g = LibraryGame.new(cfg, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.request is None:
            break
        before = (g.board.as_json(), g.request, g.hands, len(g.log))
        answer = rnd.choice(g.request.options)
        g.answer(answer)
        assert problems(g) == []
        if g.can_undo and rnd.random() < 0.3:
            g.undo()
            assert (g.board.as_json(), g.request, g.hands, len(g.log)) == before
            g.answer(answer)
    again = LibraryGame.replay(cfg, seed, json.loads(json.dumps(g.log)))
    assert again.board.as_json() == g.board.as_json()
    assert again.request == g.request and again.result == g.result
    assert again.log == json.loads(json.dumps(g.log))
