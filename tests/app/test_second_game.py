"""What a new group stumbled on in its second game (issue 23), each through the daemon's
buttons and taps: defaults that never hurt the team choosing (items 2), fewer presses
(item 6)."""

import asyncio

from table.app.asking.prompts import CardTap, HexPick, Menu, Notice, for_decision
from table.bots import RandomBot
from table.engine.board import Board, Thing
from table.engine.decisions import Decision, Purpose
from table.hexgrid import hexagon
from table.devices.buttons import InputEvent
from table.ui.strings import text

from .driver import Player, enrol_all, running, seated, sim_daemon
from .test_prompts import GRID


async def to_move(daemon, p, bot, limit=600):
    """Play on until the active worm's first movement step is asked."""
    for _ in range(limit):
        await p.confirm()
        d = daemon.game.request
        if d.kind == "move" and daemon.game.turn.step == "move1" and d.card is None:
            assert isinstance(daemon.current(), HexPick)
            return d
        await p.choose(bot(daemon.game))
    raise AssertionError("no move asked")


def test_back_skips_a_move_in_one_press(tmp_path):
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            await to_move(daemon, p, RandomBot(4))
            log = len(daemon.game.log)
            await p.press("back")
            assert daemon.game.log[log]["answer"] == ["skip", None]
            assert daemon.game.turn.step == "move2"
            await p.press("back")
            assert daemon.game.log[log + 1]["answer"] == ["skip", None]
            assert daemon.game.turn.step == "weapon"
    asyncio.run(main())


def test_a_weapon_tapped_while_moving_skips_ahead_to_it(tmp_path):
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            await to_move(daemon, p, RandomBot(4))
            game = daemon.game
            team = game.turn.team
            hand = [c for c in game.hands[team]
                    if c in daemon.cards and daemon.cards[c].kind in ("starter", "supply")]
            log = len(game.log)
            await p.tap(p.tags[hand[0]])
            answers = [e.get("answer") for e in game.log[log:] if "answer" in e]
            assert answers[:3] == [["skip", None], ["skip", None], hand[0]]
            assert not isinstance(daemon.current(), CardTap)      # the card is being played
    asyncio.run(main())


def test_a_card_not_in_the_hand_tapped_while_moving_is_refused_at_the_weapon_step(tmp_path):
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            await to_move(daemon, p, RandomBot(4))
            game = daemon.game
            other = next(c for c in sorted(daemon.cards) if c not in game.hands[game.turn.team]
                         and daemon.cards[c].kind == "supply")
            await p.tap(p.tags[other])
            assert game.turn.step == "weapon" and isinstance(daemon.overlay, Notice)
            said = " ".join(daemon.overlay.screen(daemon.view()).texts)
            assert daemon.cards[other].name("en") in said                # said which, and why
            await p.press("ok")
            assert isinstance(daemon.current(), CardTap)
    asyncio.run(main())


# -- defaults that never hurt the team choosing ------------------------------------------------

def view_of(board, team="blue", worm="blue-1"):
    from table.app.asking.prompts import View
    from table.cards import library
    return View("en", board, GRID, team, worm, library(), [], "weapon")


def test_the_thing_a_card_affects_starts_on_the_rulings_default():
    """Issue 37 item 4 (it replaces issue 23's enemy-first start): E14, the first Thing the
    card can affect, worms first, then hex order: the decision's default."""
    board = Board(land=set(hexagon((0, 0), 2)), wind=1)
    board.add(Thing("blue-1", "worm", (0, 0), "blue"))
    board.add(Thing("blue-2", "worm", (1, 0), "blue"))
    board.add(Thing("mine-1", "mine", (1, 0)))
    board.add(Thing("red-1", "worm", (1, 0), "red"))
    d = Decision("thing", ("blue-2", "mine-1", "red-1"), "blue-2", Purpose.AFFECT, card="uzi")
    assert for_decision(d, view_of(board)).selected == "blue-2"
    d = Decision("thing", ("red-1", "mine-1"), "red-1", Purpose.AFFECT, card="uzi")
    assert for_decision(d, view_of(board)).selected == "red-1"


def test_a_full_hex_says_so_and_that_the_chosen_thing_is_knocked_away():
    board = Board(land=set(hexagon((0, 0), 2)), wind=1)
    for wid, team in (("blue-1", "blue"), ("blue-2", "blue"), ("red-1", "red")):
        board.add(Thing(wid, "worm", (1, 0), team))
    board.add(Thing("crate-1", "crate", (1, 0)))
    d = Decision("thing", ("blue-1", "blue-2", "red-1", "crate-1"), "blue-1", "prod")
    p = for_decision(d, view_of(board))
    assert isinstance(p, Menu) and p.selected == "blue-1"     # E7.4: the first worm
    assert p.press(InputEvent("4")) is None and p.selected == "blue-2"
    shown = "\n".join(p.screen(view_of(board)).texts)
    assert "Full hex" in shown and "Knock which Thing away?" in shown and "→ blue worm 2" in shown


# -- the wizard ---------------------------------------------------------------------------------

def shown(daemon):
    return "\n".join(daemon.current().screen(daemon.view()).texts)


def test_the_first_team_screen_shows_the_teams_chosen_and_ticks_any_colours(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path, 2)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.choose("en")
            w = daemon.wizard
            assert w.stage == "teams"
            first = shown(daemon)
            assert "● Blue" in first and "● Red" in first and "Start the game" in first
            await p.menu(w.prompt, "yellow")              # OK on Yellow ticks Yellow alone
            assert w.colours == {"blue", "red", "yellow"}
            await p.menu(w.prompt, "yellow")              # and OK again clears it
            assert w.colours == {"blue", "red"}
            for colour in ("blue", "red", "grey"):        # any colours, not the first N
                await p.menu(w.prompt, colour)
            await p.choose("start")                       # one team: refused, says why
            assert w.stage == "teams" and "Tick two teams or more" in shown(daemon)
            await p.press("ok")
            await p.menu(w.prompt, "purple")
            await p.choose("start")
            assert w.stage == "seats"
            await p.choose("start")                       # everyone plays
            assert w.stage == "rules"
            await p.choose("start")
            for answer in ("auto", "players", "auto"):    # dice, decks, placement
                await p.choose(answer)
            assert "Lay the map tiles on the LEDs as on the table" in shown(daemon) or \
                "The map of your last game" in shown(daemon)  # the map modes explained
            await p.choose("new")
            await p.press("ok", long=True)
            assert daemon.mode == "play"
            assert daemon.game.config.colours == ("purple", "grey")
            assert sorted(daemon.game.teams) == ["grey", "purple"]
    asyncio.run(main())


def test_a_restart_during_the_wizard_keeps_every_answer_and_the_language(tmp_path):
    async def first():
        daemon = sim_daemon(tmp_path, 2)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.choose("cs")
            await p.menu(daemon.wizard.prompt, "green")
            await p.choose("start")
            await p.choose("start")                       # everyone plays
            await p.choose("timer")
            await p.choose("start")
            await p.choose("own")
            assert daemon.wizard.stage == "decks"
        daemon.close()

    async def second():
        daemon = sim_daemon(tmp_path, 2)
        async with running(daemon):
            w = daemon.wizard
            assert (daemon.mode, w.stage, w.lang, daemon.lang) == ("wizard", "decks", "cs", "cs")
            assert w.colours == {"blue", "red", "green"} and w.rules == {"timer"}
            assert w.own_dice
            assert text("wizard.decks", "cs") in shown(daemon)      # drawn in Czech
            p = Player(daemon, enrol_all(daemon))
            await p.press("back")                         # back a stage: the dice as given
            assert w.stage == "dice" and w.prompt.selected == "own"
        daemon.close()

    asyncio.run(first())
    asyncio.run(second())
