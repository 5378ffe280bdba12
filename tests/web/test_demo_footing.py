"""The box at the show's level never drowns its own worm by choice (issue 38 item 4): in the
show's games and in the short game against the box, no jump it makes may end in the water
(at the easy level it jumped where it could inch, and the scatter threw it in: a quarter of
the show's turn lines said "Drowned" of the team's own worm)."""

from __future__ import annotations

from table.app.demo import footing
from table.engine.decisions import Way

from .test_demo import on_show, play_versus, press


def watch_moves(daemon) -> list[bool]:
    """For each move the daemon is given from now on, whether it is a jump that may drown."""
    seen: list[bool] = []
    real = daemon.answer

    def answer(value):
        game = daemon.game
        if game.request.kind == "move":
            seen.append(value[0] == Way.JUMP and footing.risky(game.board, tuple(value[1])))
        real(value)
    daemon.answer = answer
    return seen


def test_the_show_s_box_makes_no_jump_that_may_drown(devices, clock):
    daemon, show = on_show(devices, clock, seed=7)
    moves = watch_moves(daemon)
    show.play_games(3)
    assert len(moves) > 30 and not any(moves)


def test_the_box_in_the_short_game_makes_no_jump_that_may_drown(devices, clock):
    daemon, show = on_show(devices, clock, seed=7)
    show.beat()
    moves = watch_moves(daemon)
    for _ in range(4):
        press(daemon, "ok", long=True)
        play_versus(daemon, show, clock)
        clock.now += 10
        show.beat()
    assert len(moves) > 10 and not any(moves)


def test_a_risky_jump_becomes_the_inch_to_the_same_hex(devices, clock):
    daemon, show = on_show(devices, clock, seed=7)
    for _ in range(300):
        game = daemon.game
        if game.request is not None and game.request.kind == "move" and not daemon.queue:
            inches = [o for o in game.request.options if o[0] == Way.INCH
                      and footing.risky(game.board, tuple(o[1]))]
            if inches:
                break
        show.beat()
    to = inches[0][1]
    jump = next(o for o in game.request.options if o[0] == Way.JUMP and o[1] == to)
    assert footing.dry(game, jump) == inches[0]
    assert footing.dry(game, inches[0]) == inches[0]
