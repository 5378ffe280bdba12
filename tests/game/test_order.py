"""E2.7, the order of simultaneous Things: hex order, or, with the game option "choose the
order", the active player's (worms always first), asked only where two or more Things of a
group wait, the hex order preselected; and T7's Timer from the turn's start (revised)."""

import json
import random

import pytest

from table.app.asking.prompts import Menu, View, for_decision
from table.devices.buttons import InputEvent
from table.engine import Board, Resolver, Script, Thing
from table.engine.decisions import Decision, Purpose
from table.engine.effects import CHOOSE_ORDER
from table.engine.game import GameConfig
from table.hexgrid import hexagon
from table.librarygame import LibraryGame


def _board(choose: bool) -> Board:
    """Two worms, a Mine and an Oil Drum in (0, 0); two worms and a crate north of it."""
    b = Board(land=set(hexagon((0, 0), 2)), wind=3, rules={CHOOSE_ORDER} if choose else set())
    for tid, kind, at, team in (("A", "worm", (0, 0), "blue"), ("mine-1", "mine", (0, 0), None),
                                ("B", "worm", (0, 0), "red"), ("drum-1", "oil_drum", (0, 0), None),
                                ("C", "worm", (0, -1), "blue"), ("crate-1", "crate", (0, -1), None),
                                ("D", "worm", (0, -1), "red")):
        b.add(Thing(tid, kind, at, team))
    return b


def _asked(choose: bool, picks: list[str] | None = None, *, push: bool = False):
    """A Blast at (0, 0) (with Powerful Explosives: its pushes too); the questions asked
    (their options and default) and the order Things were damaged or pushed in."""
    b = _board(choose)
    if push:
        b.rules.add("powerful_explosives")
    asked = []

    def decide(d: Decision):
        assert d.kind == "thing" and d.purpose is Purpose.NEXT
        asked.append((d.options, d.default))
        return picks.pop(0) if picks else d.default
    r = Resolver(b, Script(dice=["hit"] * 40, flips=["safe"] * 10), decide)
    r.blast((0, 0))
    order = [(e["event"], e["thing"]) for e in r.events if e["event"] in ("damage", "move")
             or (e["event"] == "destroy" and e["cause"] == "damage")]
    return asked, order


def test_hex_order_asks_nothing():
    asked, order = _asked(False, push=True)
    assert asked == []
    assert order[:2] == [("damage", "A"), ("damage", "B")]


def test_choose_asks_where_two_or_more_of_a_group_wait_and_defaults_keep_the_hex_order():
    asked, order = _asked(True, push=True)
    hex_asked, hex_order = _asked(False, push=True)
    assert order == hex_order                      # one OK each: the hex order
    # the worms of (0, 0), then its other Things (a Mine, an Oil Drum), then each pushed hex's
    assert asked[0] == (("A", "B"), "A")
    assert (("mine-1", "drum-1"), "mine-1") in asked
    assert all(len(options) >= 2 for options, _ in asked)
    worms_first = [options for options, _ in asked if "C" in options]
    assert worms_first and all(set(o) <= {"C", "D"} for o in worms_first)


def test_the_players_order_is_kept():
    asked, order = _asked(True, ["B", "drum-1"])
    assert order[:2] == [("damage", "B"), ("damage", "A")]
    damaged = [t for e, t in order if e == "destroy"]
    assert damaged.index("drum-1") < damaged.index("mine-1")


def test_the_prompt_preselects_the_hex_order_and_says_what_it_asks():
    b = _board(True)
    d = Decision("thing", ("A", "B"), "A", Purpose.NEXT, "blue")
    p = for_decision(d, View("en", b, frozenset(hexagon((0, 0), 4)), "blue", None))
    assert isinstance(p, Menu) and p.title == "Which goes next?"
    assert p.press(InputEvent("ok")).value == "A"           # one OK keeps the hex order


def test_the_game_option_and_the_scenario_key(tmp_path, capsys):
    from table.cli import main
    assert "choose_order" in LibraryGame.new(GameConfig(teams=2, options=("choose_order",)), 1
                                             ).board.rules
    path = tmp_path / "s.toml"
    base = ('[board]\nland = [[0, 0], [1, 0], [0, 1]]\nwind = 3\n{order}\n'
            '[[things]]\nkind = "worm"\nid = "A"\nteam = "blue"\nat = [0, 0]\n'
            '[[things]]\nkind = "worm"\nid = "B"\nteam = "red"\nat = [0, 0]\n'
            '[random]\ndice = ["3", "4"]\n[choices]\nthing = ["B"]\n'
            '[[steps]]\ndo = "blast"\nat = [0, 0]\n')
    runs = {}
    for order in ("", 'order = "hex"', 'order = "choose"'):
        path.write_text(base.format(order=order))
        assert main(["scenario", str(path)]) == 0
        runs[order] = [e["thing"] for e in json.loads(capsys.readouterr().out)["events"]
                       if e["event"] == "damage"]
    assert runs[""] == runs['order = "hex"'] == ["A", "B"] and runs['order = "choose"'] == ["B", "A"]
    path.write_text(base.format(order='order = "worms"'))
    assert main(["scenario", str(path)]) == 2
    assert 'board.order: "worms" is not an order (hex or choose)' in capsys.readouterr().err


def test_whole_games_answered_by_default_are_the_hex_order_games():
    """With "choose the order" and each of its questions answered with its default (every
    other answer as in the same game in hex order), seeded games give the events and the
    board of the hex order."""
    asked = 0
    for seed in range(1, 9):
        games = []
        for options in ((), ("choose_order",)):
            g = LibraryGame.new(GameConfig(teams=4, options=options + ("parting_gifts",),
                                           max_rounds=10), seed)
            rng = random.Random(seed)
            while g.request is not None:
                d = g.request
                if d.purpose is Purpose.NEXT:
                    asked += 1
                    g.answer(d.default)
                else:
                    g.answer(rng.choice(list(d.options)))
            games.append(g)
        assert games[0].events == games[1].events, seed
        assert games[0].board.as_json() == games[1].board.as_json(), seed
    assert asked >= 5                               # (the games did ask)


# -- T7: the Timer from the turn's start -----------------------------------------------------

def test_the_timer_may_run_out_before_a_worm_is_activated():
    g = LibraryGame.new(GameConfig(teams=2, options=("timer",)), 9)
    assert g.turn.step == "activate" and g.request.kind == "worm"
    team = g.turn.team
    g.time_up()
    assert g.turn.worm is None and (g.turn.step == "end" or g.turn.team != team)
    assert not any(e["event"] == "activate" for e in g.events)


@pytest.mark.parametrize("step", ["activate", "move1"])
def test_the_box_clock_starts_with_the_turn_not_at_activation(step):
    from types import SimpleNamespace

    from table.app.core.turntimer import TurnTimer
    timer = TurnTimer(lambda: 100.0)
    timer.check(SimpleNamespace(timer=60, result=None,
                                turn=SimpleNamespace(step=step, number=1)), copying=False)
    assert timer.left() == 60


def test_the_wizard_offers_choose_the_order_and_the_game_takes_it():
    from table.app.wizard import Wizard
    from table.engine.setup import standard_land
    grid = frozenset(hexagon((0, 0), 4))
    w = Wizard(grid, "en", last_map=sorted(standard_land(2)))
    for stage, answer in (("lang", "en"), ("teams", "start"), ("seats", "start"),
                          ("rules", "choose_order"), ("rules", "start"), ("dice", "auto"),
                          ("decks", "players"), ("placement", "auto")):
        assert w.stage == stage
        if stage == "rules":
            assert "choose_order" in w.prompt.values
        w.answer(answer)
    config = w.answer("last")
    assert config is not None and "choose_order" in config.options
    assert "choose_order" in LibraryGame.new(config, 1).board.rules
