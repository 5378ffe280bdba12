"""Freeze told on the board (issue 32 item 4): a worm encased in ice is a token to put beside
it, its thaw a token to take away, the page draws the ice, and an attack the ice stops says
so instead of "Nobody hurt"."""

import pytest

from table.app.showing.pageview import things_at
from table.app.showing.putback import undo_steps
from table.app.showing.tracker import Tracker
from table.engine import Board, Resolver, Script, Thing
from table.langs import LANGS
from table.ui.story import turn_log
from table.ui.summaries import card_summary

LAND = {(0, 0), (1, 0), (2, 0)}


def game_events():
    """Blue plays Freeze; Red's Bazooka blasts Blue 1 (encased), then again (the ice holds);
    Blue's next turn: the ice goes.  The ice's events are the engine's own (a Resolver's)."""
    board = Board(land=set(LAND), wind=1)
    board.add(Thing("blue-1", "worm", (0, 0), "blue"))
    board.add(Thing("red-1", "worm", (2, 0), "red"))
    r = Resolver(board, Script())
    turn = [{"event": "turn", "number": 1, "team": "blue"},
            {"event": "activate", "worm": "blue-1", "team": "blue", "at": [0, 0]},
            {"event": "play", "card": "freeze", "team": "blue", "worm": "blue-1"}]
    r.shield("blue")
    blue = turn + r.events + [{"event": "end_turn", "team": "blue"}]
    r.events = []
    attack = [{"event": "activate", "worm": "red-1", "team": "red", "at": [2, 0]},
              {"event": "play", "card": "bazooka", "team": "red", "worm": "red-1"}]
    r.damage(board.things["blue-1"])
    red = ([{"event": "turn", "number": 2, "team": "red"}] + attack + r.events
           + [{"event": "end_turn", "team": "red"}])
    r.events = []
    r.damage(board.things["blue-1"])
    red2 = ([{"event": "turn", "number": 3, "team": "red"}] + attack + r.events
            + [{"event": "end_turn", "team": "red"}])
    r.events = []
    r.thaw("blue")
    thaw = [{"event": "turn", "number": 4, "team": "blue"}] + r.events
    assert [e["event"] for e in red if e["event"] in ("freeze", "ice_holds")] == ["freeze"]
    assert [e["event"] for e in red2 if e["event"] in ("freeze", "ice_holds")] == ["ice_holds"]
    return blue, red, red2, thaw


def tracker():
    t = Tracker(sorted(LAND))
    t.apply([{"event": "place", "thing": "blue-1", "kind": "worm", "at": [0, 0]},
             {"event": "place", "thing": "red-1", "kind": "worm", "at": [2, 0]}])
    return t


def lines(steps, lang="en"):
    return [c.text(lang) for s in steps for c in s.changes]


def summaries(steps, t, lang="en"):
    return [card_summary(lang, s.summary, t.board)[1] for s in steps if s.summary]


def test_the_ice_is_put_beside_the_worm_held_and_taken_away():
    blue, red, red2, thaw = game_events()
    t = tracker()
    said = summaries(t.steps(blue), t)
    assert said and "Blue: under Freeze till their next turn" in said[0]
    assert "Nobody hurt" not in said[0]
    steps = t.steps(red)
    assert "Put an ice token beside Blue 1" in lines(steps)
    assert "Encased in ice: Blue 1" in summaries(steps, t)[0]
    assert [th["frozen"] for th in things_at(t.board, (0, 0), "en")] == [True]   # the page
    steps = t.steps(red2)
    said = summaries(steps, t)[0]
    assert "Blue 1: the ice holds" in said and "Nobody hurt" not in said
    steps = t.steps(thaw)
    assert "Take the ice token away from Blue 1" in lines(steps)
    assert [th["frozen"] for th in things_at(t.board, (0, 0), "en")] == [False]


def test_an_undo_puts_the_ice_back_as_it_was():
    blue, red, red2, thaw = game_events()
    t = tracker()
    t.steps(blue + red)
    iced = t.board.copy()
    t.steps(red2 + thaw)
    told = [s.instruction for s in undo_steps(t.board, iced)]
    assert "Freeze blue worm 1: put an ice token beside it" in [i.text("en") for i in told]


@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_log_tells_the_ice(lang):
    blue, red, red2, thaw = game_events()
    log = turn_log(blue + red + red2 + thaw, lang)
    assert all("{" not in line for line in log)
    if lang == "en":
        assert log[1].endswith("Encased in ice: Blue 1") and log[2].endswith(
            "Blue 1: the ice holds"), log


@pytest.mark.parametrize("lang", LANGS)
def test_the_ice_words_fit_the_screen_in_every_language(lang):
    from table.app.asking.prompt import View
    from table.app.showing.views import Step
    from table.hexgrid import hexagon
    blue, red, red2, thaw = game_events()
    t = tracker()
    grid = frozenset(hexagon((0, 0), 4))
    for batch in (blue, red, red2, thaw):
        steps = t.steps(batch)
        for i, s in enumerate(steps):
            screen = Step(s, i, len(steps)).screen(View(lang, t.board, grid, "red", "red-1"))
            assert screen.problems == (), (lang, screen.problems)


def test_a_worm_lost_in_ice_takes_its_ice_token_with_it():
    """A worm encased in ice still sinks in water: the players take its token away too."""
    blue, red, red2, thaw = game_events()
    t = tracker()
    t.steps(blue + red)
    sink = [{"event": "turn", "number": 3, "team": "red"},
            {"event": "move", "thing": "blue-1", "at": [0, 0], "to": [0, 5]},
            {"event": "destroy", "thing": "blue-1", "kind": "worm", "at": [0, 5],
             "cause": "sank"}]
    said = lines(t.steps(sink))
    assert "Take the ice token away from Blue 1" in said, said
