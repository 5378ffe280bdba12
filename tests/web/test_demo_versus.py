"""The shop demo's short game against the box (issue 25): hold OK, play Blue through the
table's prompts against the box's Red, the first worm hurt ends it, and the show goes on with
its game (kept in the journal, in memory)."""

from __future__ import annotations

import pytest

from table.app import boxseat
from table.cards import library
from table.librarygame import LibraryGame
from table.app.demo import versus
from table.app.demo.show import Act
from table.app.demo.shot import WeaponPick

from .test_demo import on_show, play_versus, press, said, take_default

RESULTS = ("First blood: you win!", "First blood: the box wins",
           "A draw: nobody drew first blood")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_visitor_plays_a_short_game_against_the_box_then_the_show_goes_on(devices, clock,
                                                                            seed):
    daemon, show = on_show(devices, clock, seed=seed)
    for _ in range(12):
        show.beat()
    show_game, log = daemon.jg.game_id, list(daemon.game.log)
    press(daemon, "ok", long=True)
    assert show.act == Act.VERSUS and daemon.jg.game_id != show_game
    assert daemon.game.config.box == (("red", "easy"),)
    assert sorted(w.team for w in daemon.game.board.worms()) == ["blue", "red"]
    play_versus(daemon, show, clock)
    assert show.act == Act.BYE and daemon.jg.game_id == show_game
    assert daemon.game.log == log                     # the show's game as it was
    assert any(r in said(daemon) for r in RESULTS), said(daemon)
    clock.now += 10
    show.beat()
    assert show.act == Act.SHOW
    assert [g.status for g in daemon.journal.games()] == ["playing", "finished"]


def test_a_visitor_who_walks_away_hands_the_table_back_to_the_show(devices, clock):
    daemon, show = on_show(devices, clock, seed=4, idle_s=60)
    show.beat()
    show_game = daemon.jg.game_id
    press(daemon, "ok", long=True)
    clock.now += 61
    show.beat()
    assert show.act == Act.SHOW and daemon.jg.game_id == show_game


def test_every_other_invitation_offers_the_game_against_the_box(devices, clock):
    daemon, show = on_show(devices, clock, seed=5)
    shown = set()
    for _ in range(200):
        show.beat()
        shown.add(said(daemon))
    assert any("Hold OK to play a short game against the box" in s for s in shown)
    assert any("try a shot" in s for s in shown)


def test_a_short_game_begun_while_the_winner_is_on_show_ends_in_a_new_show_game(devices, clock,
                                                                               monkeypatch):
    """OK held in the seconds the show's winner is on show: that game is over (the memory
    journal keeps one finished game: the short game's end prunes it), so the show goes on
    with a new game, not an error screen about a game that cannot be resumed."""
    monkeypatch.setattr(versus, "ROUNDS", 1)
    daemon, show = on_show(devices, clock, seed=2, rounds=1)
    while daemon.game.result is None or daemon.queue:
        show.beat()
    over, games = daemon.jg.game_id, show.games
    press(daemon, "ok", long=True)
    play_versus(daemon, show, clock)
    assert any(r in said(daemon) for r in RESULTS), said(daemon)
    assert not daemon.store.problems
    clock.now += 10
    show.beat()
    assert show.act == Act.SHOW and daemon.jg.game_id not in (over, None)
    assert daemon.game.result is None and show.games == games + 1
    assert [g.status for g in daemon.journal.games()] == ["finished", "playing"]


def test_the_box_s_moves_in_the_short_game_are_the_box_s_own(devices, clock):
    """A visitor pressing on while the box's Red is to answer (before the show's next beat
    gives the box's answer) answers nothing for the box."""
    daemon, show = on_show(devices, clock, seed=1)
    press(daemon, "ok", long=True)
    for _ in range(500):
        game = daemon.game
        if not daemon.queue and game.request is not None and boxseat.box_team(game) == "red":
            break
        clock.now += 0.5
        take_default(daemon)
        if show.act != Act.VERSUS:
            pytest.fail("the short game ended before the box was asked")
    else:
        pytest.fail("the box was never asked")
    log = list(game.log)
    for name in ("ok", "2", "3", "ok"):
        press(daemon, name)
        assert game.log == log                    # (the box's to answer, on its beat)
    show.beat()
    assert len(game.log) > len(log)


def test_the_visitor_s_first_shot_can_hit_the_box_s_worm(devices, clock):
    """The short game starts with the two worms on one straight line, three hexes apart: at
    the visitor's first weapon step its Bazooka reaches the box's worm, and the aim starts
    on it (issue 38 item 4)."""
    daemon, show = on_show(devices, clock, seed=3)
    press(daemon, "ok", long=True)
    for _ in range(50):                               # OK through the moves (none made)
        game = daemon.game
        if game.turn.step == "weapon" and not daemon.queue:
            break
        take_default(daemon)
    assert game.turn.team == versus.VISITOR and "bazooka" in game.request.options
    assert isinstance(daemon.current(), WeaponPick) and daemon.current().selected == "bazooka"
    press(daemon, "ok")                               # the Bazooka: where to aim
    red = game.board.things["red-1"].at
    assert game.request.kind == "hex" and red in game.request.options
    assert daemon.current().cursor == red


def short_game(seed: str) -> LibraryGame:
    """The short game on the engine alone, dealt from the shipped cards only: never from a
    library this process has open (a daemon of another test opens one, the example pack's
    cards with it) or an owner's folder, which deal other decks and so another game."""
    return LibraryGame.new(versus.config(), seed, cards=library(extra=[]))


def play_short_game(seed: str) -> LibraryGame:
    """The short game: the box's Red at its easy level, Blue passing every decision with its
    default, until first blood or the end."""
    game = short_game(seed)
    while game.request is not None and versus.outcome(game) is None:
        game.answer(boxseat.choose(game, game.seed) if game.turn.team == versus.BOX
                    else game.request.default)
    return game


def test_the_box_drowning_itself_wins_the_visitor_nothing():
    """Red jumps into the water in its own turn (Blue never fired): a draw, not "you win"."""
    game = short_game("versus:x:0")
    while game.request is not None and versus.outcome(game) is None:
        d = game.request
        into_water = [o for o in d.options if d.kind == "move" and o[0] == "jump"
                      and not game.board.is_land(tuple(o[1]))]
        game.answer(into_water[0] if game.turn.team == versus.BOX and into_water
                    else d.default)
    assert not game.board.worms(versus.BOX)
    assert versus.hurt_by(game.events, versus.BOX) == versus.BOX
    assert versus.outcome(game) == versus.Outcome(None)


def test_the_box_s_shot_in_its_turn_wins_it_the_short_game():
    """Over a dozen seeds (whichever of them the box's level hurts the visitor in, so a change
    of the level's play moves no seed here): each game in which the visitor's worm was first
    hurt in the box's turn, the box's own unhurt, is the box's win; there is one at least."""
    shots = []
    for n in range(12):
        game = play_short_game(f"versus:x:{n}")
        if (versus.hurt_by(game.events, versus.VISITOR) == versus.BOX
                and versus.hurt_by(game.events, versus.BOX) is None):
            shots.append(versus.outcome(game))
    assert shots and all(o == versus.Outcome(versus.BOX) for o in shots), shots
