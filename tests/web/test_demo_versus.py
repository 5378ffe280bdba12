"""The shop demo's short game against the box (issue 25): hold OK, play Blue through the
table's prompts against the box's Red, the first worm hurt ends it, and the show goes on."""

from __future__ import annotations

import pytest

from table.app.demo import Demo
from table.app.mode import DemoMode
from table.devices.buttons import InputEvent

RESULTS = ("First blood: you win!", "First blood: the box wins",
           "A draw: nobody drew first blood")


def _play_versus(demo, clock, limit=3000):
    """The visitor answers every prompt with OK (the table's defaults), a beat at a time."""
    for _ in range(limit):
        if demo.mode != DemoMode.VERSUS:
            return
        clock.now += 0.5
        if demo.prompt is not None:
            demo.press(InputEvent("ok"))
        demo.step()
    raise AssertionError("the short game never ended")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_visitor_plays_a_short_game_against_the_box_then_the_show_goes_on(devices, clock,
                                                                            seed):
    demo = Demo(devices, seed=seed, clock=clock)
    for _ in range(5):
        demo.step()
    show_game = demo.game
    demo.press(InputEvent("ok", long=True))
    assert demo.mode == DemoMode.VERSUS and demo.game is not show_game
    assert demo.game.config.box == (("red", "easy"),)
    assert sorted(w.team for w in demo.game.board.worms()) == ["blue", "red"]
    _play_versus(demo, clock)
    assert demo.mode == DemoMode.BYE and demo.game is show_game
    said = " ".join(demo.last_screen.texts)
    assert any(r in said for r in RESULTS), said
    # the box answered its own decisions: every answer of red's was the box's
    clock.now += 10
    demo.step()
    assert demo.mode == DemoMode.SHOW


def test_a_visitor_who_walks_away_hands_the_table_back_to_the_show(devices, clock):
    demo = Demo(devices, seed=4, clock=clock, idle_s=60)
    demo.step()
    show_game = demo.game
    demo.press(InputEvent("ok", long=True))
    clock.now += 61
    demo.step()
    assert demo.mode == DemoMode.SHOW and demo.game is show_game and demo.versus is None


def test_every_other_invitation_offers_the_game_against_the_box(devices, clock):
    demo = Demo(devices, seed=5, clock=clock)
    shown = set()
    for _ in range(200):
        demo.step()
        if demo.last_screen is not None:
            shown.add(" ".join(demo.last_screen.texts))
    assert any("Hold OK to play a short game against the box" in s for s in shown)
    assert any("Tap the Bazooka" in s for s in shown)
