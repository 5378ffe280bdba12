"""The players' own dice typed in, through the daemon's buttons (issue 23 item 1): one screen
a die saying which of how many and what for, buttons 1-6 enter that face, the wind face and
the bullseye from a list that moves and picks as every list does (issue 37 item 4), an idle
OK enters nothing, and the face typed last can be taken back (a long Back) while the journal
keeps it."""

import asyncio
import json
import sqlite3

from table.app.asking.typed_dice import FaceEntry
from table.bots import RandomBot
from table.inputs import ENCODER
from table.ui.strings import text

from .driver import Player, enrol_all, running, seated, sim_daemon


async def to_typed(daemon, p, bot, want=lambda d: True, limit=400):
    """Play on (typed faces: '3') until a die to type in that ``want`` accepts is asked."""
    for _ in range(limit):
        await p.confirm()
        d = daemon.game.request
        if d.kind == "die_typed" and want(d):
            assert isinstance(daemon.current(), FaceEntry)
            return d
        if d.kind == "die_typed":
            await p.choose("3")
        elif d.kind == "flip_typed":
            await p.choose("safe")
        else:
            await p.choose(bot(daemon.game))
    raise AssertionError("no such die asked")


def texts(daemon):
    return "\n".join(daemon.current().screen(daemon.view()).texts).split("\n")


def test_each_die_says_which_of_how_many_and_a_number_button_enters_it(tmp_path):
    async def main():
        async with seated(tmp_path, 3, dice="own") as (daemon, p):
            d = await to_typed(daemon, p, RandomBot(3))
            assert d.info[0] == "wind"                      # the setup's wind roll
            assert text("roll.for.wind", "en") in texts(daemon)
            assert text("typed.die", "en") in texts(daemon)
            d = await to_typed(daemon, p, RandomBot(3),
                               lambda d: d.info[0] == "accuracy" and d.info[2] > 1)
            k, n = d.info[1], d.info[2]
            assert text("typed.die_of", "en", k=k, n=n) in texts(daemon)
            card = next(e["card"] for e in reversed(daemon.game.events) if e["event"] == "play")
            assert f'{text("roll.for.accuracy", "en")}: {daemon.cards[card].name("en")}' \
                in texts(daemon)
            log = list(daemon.game.log)
            await p.press("5")                              # one press: a 5
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "5"}
            if k < n:                                       # the next die says what came before
                assert text("typed.die_of", "en", k=k + 1, n=n) in texts(daemon)
                assert text("typed.so_far", "en", faces="5") in texts(daemon)
    asyncio.run(main())


def test_an_idle_ok_enters_nothing_and_wind_and_bullseye_are_a_list_like_every_list(tmp_path):
    async def main():
        async with seated(tmp_path, 5, dice="own") as (daemon, p):
            await to_typed(daemon, p, RandomBot(5))
            log = list(daemon.game.log)
            await p.press("ok")                             # an idle OK opens the list...
            assert daemon.game.log == log                   # ...and enters nothing
            assert text("typed.more", "en") in texts(daemon)
            assert daemon.current().selected == "wind"      # (its cursor on the first row)
            await p.press("back")                           # closes it
            assert text("typed.more", "en") not in texts(daemon)
            await p.press("ok")
            await p.press("4")                              # a number moves the list's cursor
            assert daemon.game.log == log and daemon.current().selected == "hit"
            await p.press("1")
            await p.press("ok")                             # OK picks: the wind face
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "wind"}
            await to_typed(daemon, p, RandomBot(5))
            log = list(daemon.game.log)
            for name in ("ok", "4", "ok"):                  # the bullseye
                await p.press(name)
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "hit"}
    asyncio.run(main())


def test_the_danger_flippers_sides_are_a_list_with_no_side_chosen_at_first():
    """Issue 37 item 4: the coin's sides move and pick as every list does, none under the
    cursor at first: a number moves the cursor (4 onto Safe, 1 onto Danger), OK picks; an
    idle OK enters nothing but puts the cursor on the first side."""
    from table.app.asking.prompts import Answer, View, for_decision
    from table.devices.buttons import InputEvent
    from table.engine.board import Board
    from table.engine.decisions import Decision
    v = View("en", Board(land=set(), wind=1), frozenset())
    d = Decision("flip_typed", ("safe", "danger"), "safe", "flip", "blue", info=("mine",))
    p = for_decision(d, v)
    screen = p.screen(v)
    assert screen.selected is None and {"Safe", "Danger!"} <= set(screen.texts)
    assert p.press(InputEvent("ok")) is None and p.selected == "safe"     # (entered nothing)
    assert p.screen(v).texts[p.screen(v).selected] == "Safe"
    assert p.press(InputEvent("4")) is None and p.selected == "danger"
    assert p.press(InputEvent("ok")) == Answer("danger")
    for first, side in (("4", "safe"), ("1", "danger"), ("3", "safe"), ("6", "danger")):
        p = for_decision(d, v)
        assert p.press(InputEvent(first)) is None and p.selected == side
        assert p.press(InputEvent("ok")) == Answer(side)


def test_a_mistyped_die_is_taken_back_and_the_journal_keeps_it(tmp_path):
    async def main():
        async with seated(tmp_path, 3, dice="own") as (daemon, p):
            asked = await to_typed(daemon, p, RandomBot(3),
                                   lambda d: d.info[0] == "accuracy" and d.info[2] > 1)
            log = list(daemon.game.log)
            await p.press("2")                              # meant 4
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "2"}
            assert daemon.game.log[-1] == {"chance": "die", "value": "2"}
            await p.press("back", long=True)                # a long Back takes it back...
            assert text("undo.die", "en", what="2") in texts(daemon)
            await p.press("ok")                             # ...saying what: "Undone"
            await p.confirm()
            assert daemon.game.log == log and daemon.game.request == asked
            assert isinstance(daemon.current(), FaceEntry)
            await p.press("4")
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "4"}
            db = sqlite3.connect(tmp_path / "journal.sqlite")
            rows = [r[0] for r in db.execute(
                "SELECT payload FROM entries WHERE game_id = ? AND undone = 1",
                (daemon.jg.game_id,))]
            db.close()
            assert any(json.loads(r) == {"chance": "die", "value": "2"} for r in rows)
    asyncio.run(main())


def test_an_encoder_build_walks_the_faces_from_none(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path, 3)
        async with running(daemon):
            daemon.dev["buttons"].inputs = ENCODER   # a rotary encoder build
            p = Player(daemon, enrol_all(daemon))
            await p.wizard(dice="own")
            await to_typed(daemon, p, RandomBot(3))
            log = list(daemon.game.log)
            await p.press("ok")                             # the list of wind and bullseye
            assert daemon.game.log == log
            await p.press("back")
            for _ in range(3):
                await p.press("cw")
            assert daemon.current().selected == "3"
            await p.press("ok")
            assert daemon.game.log[len(log)] == {"chance": "die", "value": "3"}
    asyncio.run(main())


def test_a_mistyped_jump_die_taken_back_asks_to_put_nothing_back(tmp_path):
    """The die typed for a jump moved the worm on a screen not yet copied: taken back, the
    box asks for the die again and never to move back a worm nobody moved."""
    async def main():
        daemon = sim_daemon(tmp_path, 5)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.wizard(dice="own")
            bot = RandomBot(5)
            for _ in range(400):
                await p.confirm()
                d = daemon.game.request
                if d.kind == "die_typed" and d.info[0] == "jump":
                    break
                if d.kind == "move" and any(o[0] == "jump" for o in d.options):
                    await p.choose(next(o for o in d.options if o[0] == "jump"))
                elif d.kind in ("die_typed", "flip_typed"):
                    await p.choose("3" if d.kind == "die_typed" else "safe")
                else:
                    await p.choose(bot(daemon.game))
            assert d.info[0] == "jump"
            board = {t.id: t.at for t in daemon.tracker.board.things.values()}
            await p.press("1")                              # meant another
            said = texts(daemon)
            await p.press("back", long=True)
            undone = texts(daemon)
            await p.press("ok")
            return said, undone, board, daemon
    said, undone, board, daemon = asyncio.run(main())
    assert any(line.startswith("Jump die: 1") for line in said), said
    assert text("undo.die", "en", what="1") in undone
    assert isinstance(daemon.current(), FaceEntry)          # no step to put a worm back
    assert {t.id: t.at for t in daemon.tracker.board.things.values()} == board
