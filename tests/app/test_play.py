"""The daemon's play features, each through presses and taps: unknown tags, undo, the map,
the timer, the players' own dice, and coming back after a power cut."""

import asyncio
import random

from table.app.asking.prompts import CardTap
from table.bots import RandomBot
from table.hexgrid import distance
from table.ui.strings import text

from tests.polling import until_async

from .driver import Player, enrol_all, running, seated, sim_daemon


def texts(daemon):
    return daemon.current().screen(daemon.view()).texts


async def until(daemon, player, bot, want, limit=3000):
    """Play on with ``bot`` until ``want(daemon)`` holds at a decision."""
    for _ in range(limit):
        await player.confirm()
        if daemon.game.request is None:
            raise AssertionError("the game ended first")
        if want(daemon):
            return
        await player.choose(bot(daemon.game))
    raise AssertionError("never got there")


def test_an_unknown_tag_opens_the_walk_and_a_card_not_in_hand_is_refused(tmp_path):
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            await until(daemon, p, RandomBot(4), lambda d: isinstance(d.current(), CardTap))
            log = list(daemon.game.log)
            await p.tap("04DEADBEEF0001")                   # never enrolled: the walk
            unknown = texts(daemon)
            assert daemon.game.log == log and daemon.teacher.walk is not None
            await p.press("back")                           # not now: the card asked again
            assert isinstance(daemon.current(), CardTap)
            team = daemon.game.turn.team
            weapon = next(c for c in sorted(daemon.cards)
                          if c not in daemon.game.request.options
                          and daemon.cards[c].kind in ("supply", "superweapon"))
            await p.tap(p.tags[weapon])
            not_in_hand = texts(daemon)
            assert daemon.game.log == log
            await p.press("ok")
            drop = next(c for c in sorted(daemon.cards) if daemon.cards[c].kind == "drop")
            await p.tap(p.tags[drop])
            not_weapon = texts(daemon)
            await p.press("ok")
            playable = next(c for c in daemon.game.request.options if c != "pass")
            await p.tap(p.tags[playable])
            assert daemon.game.log[len(log)]["answer"] == playable
            names = (daemon.cards[weapon].name("en"), text(f"team.{team}", "en"),
                     daemon.cards[drop].name("en"))
            return unknown, not_in_hand, not_weapon, names

    unknown, not_in_hand, not_weapon, (weapon, team, drop) = asyncio.run(main())
    assert any(text("teach.title", "en") in t for t in unknown)
    # each refusal says why, in the players' words
    assert any(f"{weapon} is not in {team}'s hand" in t for t in not_in_hand)
    assert any(f"{drop} is not a weapon card" in t for t in not_weapon)


def test_long_back_undoes_a_move_and_shows_how_to_put_the_worm_back(tmp_path):
    async def main():
        async with seated(tmp_path, 2) as (daemon, p):
            await p.confirm()
            # the first decision follows the setup's dice: undo cannot go past them
            log = list(daemon.game.log)
            await p.press("back", long=True)
            refused = texts(daemon)
            assert daemon.game.log == log
            await p.press("ok")
            await until(daemon, p, RandomBot(2), lambda d: d.game.request.kind == "move"
                        and any(k == "inch" for k, _ in d.game.request.options))
            worm = daemon.game.turn.worm
            start = daemon.tracker.board.things[worm].at
            inch = next(v for v in daemon.game.request.options if v[0] == "inch")
            await p.choose(inch)
            assert daemon.tracker.board.things[worm].at == inch[1]
            await p.confirm()
            n = len(daemon.game.log)
            await p.press("back", long=True)
            undone = texts(daemon)
            await p.press("ok")
            step = texts(daemon)
            moved_back = daemon.tracker.board.things[worm].at
            return refused, undone, step, n, len(daemon.game.log), start, moved_back, daemon

    refused, undone, step, n_before, n_after, start, moved_back, daemon = asyncio.run(main())
    assert any(text("error.undo_roll", "en") in t for t in refused)
    assert n_after == n_before - 1
    assert text("undo.done", "en") in undone
    assert moved_back == start
    assert any("to the flashing hex" in t for t in step)


def test_a_direction_inches_at_once_and_long_back_takes_it_back(tmp_path):
    """Issue 37 items 1 and 4: on the move question a direction button inches the worm at
    once where nothing there rolls (one press, no OK); no die having been rolled for it, a
    long Back takes the inch back and the move is asked again (tests/app/test_prompts.py: on
    a Mine's hex the press moves the cursor, and OK inches)."""
    from table.app.asking.prompts import MovePick

    def sure_inch(d) -> bool:
        p = d.current()
        return isinstance(p, MovePick) and bool(p.sure) and p.cursor == p.here

    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            await until(daemon, p, RandomBot(3), sure_inch)
            prompt, worm = daemon.current(), daemon.game.turn.worm
            start, n = daemon.tracker.board.things[worm].at, len(daemon.game.log)
            way, inch = next(iter(prompt.sure.items()))
            await p.press(str(way))
            answer = daemon.game.log[-1]["answer"]
            moved = (len(daemon.game.log) - n, (answer[0], tuple(answer[1])),
                     daemon.game.board.things[worm].at)
            await p.confirm()
            await p.press("back", long=True)
            undone = texts(daemon)
            await p.confirm()
            again = (len(daemon.game.log) == n, daemon.game.board.things[worm].at,
                     daemon.tracker.board.things[worm].at, isinstance(daemon.current(), MovePick))
            return start, inch, moved, undone, again
    start, inch, moved, undone, again = asyncio.run(main())
    assert moved == (1, tuple(inch), inch[1])         # one press: the inch, answered
    assert text("undo.done", "en") in undone
    assert again == (True, start, start, True)        # taken back: the move asked again


def test_a_direction_picks_a_worm_at_once_and_long_back_takes_it_back(tmp_path):
    """Issue 37 item 4: no die is rolled for the worm, so a direction that reaches a worm of
    its own (not damaged) picks it at once; a long Back takes the choice back and the worm is
    asked again, the cursor on the default."""
    from table.app.asking.prompts import WormPick

    def picks(d) -> bool:
        p = d.current()
        return isinstance(p, WormPick) and any(
            p.picked(b) is not None and p.picked(b) not in p.hurt
            and len(p.options[p.picked(b)]) == 1 for b in range(1, 7))

    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            await until(daemon, p, RandomBot(3), picks)
            prompt, n = daemon.current(), len(daemon.game.log)
            way = next(b for b in range(1, 7) if prompt.picked(b) is not None
                       and prompt.picked(b) not in prompt.hurt
                       and len(prompt.options[prompt.picked(b)]) == 1)
            worm = prompt.options[prompt.picked(way)][0][0]
            await p.press(str(way))
            chosen = len(daemon.game.log) - n, daemon.game.log[-1]["answer"], daemon.game.turn.worm
            await p.confirm()
            await p.press("back", long=True)
            undone = texts(daemon)
            await p.confirm()
            again = daemon.current()
            return worm, chosen, undone, len(daemon.game.log) == n, \
                isinstance(again, WormPick) and again.cursor == prompt.start
    worm, chosen, undone, same_log, asked_again = asyncio.run(main())
    assert chosen == (1, worm, worm)                    # one press: the worm, answered
    assert text("undo.done", "en") in undone
    assert same_log and asked_again                     # taken back: the worm asked again


def test_an_inch_onto_a_crate_from_the_players_deck_is_taken_back_before_its_tap(tmp_path):
    """Issue 37 item 4: with the players' own decks a direction inches onto a crate at once
    (the card is theirs to draw and tap: no card revealed yet), and a long Back at the tap's
    question takes the inch back: the crate is on the board again, the move asked again."""
    from table.app.asking.prompts import DeckTap, MovePick

    def onto_crate(d):
        p = d.current()
        return isinstance(p, MovePick) and p.cursor == p.here and any(
            any(t.kind == "crate" for t in d.game.board.in_hex(v[1])) for v in p.sure.values())

    def on_board(d) -> int:
        return sum(t.kind == "crate" for t in d.game.board.things.values())

    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            await until(daemon, p, RandomBot(3), onto_crate, limit=6000)
            way = next(w for w, v in daemon.current().sure.items()
                       if any(t.kind == "crate" for t in daemon.game.board.in_hex(v[1])))
            n, crates = len(daemon.game.log), on_board(daemon)
            await p.press(str(way))
            await p.confirm()
            asked = daemon.game.request.kind, isinstance(daemon.current(), DeckTap)
            await p.press("back", long=True)
            await p.confirm()
            return asked, n, crates, len(daemon.game.log), on_board(daemon), \
                isinstance(daemon.current(), MovePick)
    asked, n, crates, n_after, crates_after, again = asyncio.run(main())
    assert asked == ("card_tapped", True)            # the players' draw, asked: nothing revealed
    assert (n_after, crates_after, again) == (n, crates, True)


def test_a_power_cut_resumes_at_the_same_decision_and_steps(tmp_path):
    async def first():
        async with seated(tmp_path, 6) as (daemon, p):
            bot = RandomBot(6)
            for _ in range(25):
                await p.confirm()
                await p.choose(bot(daemon.game))
            state = (list(daemon.game.log), daemon.game.request, daemon.queue.steps[:],
                     texts(daemon), daemon.tracker.board.as_json())
        daemon.close()              # (a kill would leave the same files: WAL, fsync)
        return state

    async def second():
        daemon = sim_daemon(tmp_path, 6)
        async with running(daemon):
            state = (list(daemon.game.log), daemon.game.request, daemon.queue.steps[:],
                     texts(daemon), daemon.tracker.board.as_json())
        daemon.close()
        return state

    before = asyncio.run(first())
    after = asyncio.run(second())
    assert after[0] == before[0] and after[1] == before[1]
    assert after[3] == before[3]                       # the same screen
    assert after[4] == before[4]                       # the same board on the LEDs
    assert [s.instruction for s in after[2]] == [s.instruction for s in before[2]]


def test_map_entry_marks_land_and_the_last_map_is_remembered(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path, 1)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            w = daemon.wizard
            for v in ("en", "start", "start", "start", "auto", "players", "auto", "new"):
                await p.choose(v)
            editor = w.prompt
            offered = set(editor.land)
            # walk to a water hex next to the land and make it land; then end the map
            target = next(h for h in sorted(editor.grid) if h not in offered and h != (0, 0)
                          and any(distance(h, x) == 1 for x in offered))
            await p.walk(editor, target)
            await p.press("ok")
            await p.press("ok", long=True)
            first_land = set(daemon.game.config.land)
            daemon.jg.journal.finish(daemon.jg.game_id, {"winners": []})
            daemon.new_wizard()
            w = daemon.wizard
            for v in ("en", "start", "start", "start", "auto", "players", "auto"):
                await p.choose(v)
            menu_values = list(w.prompt.values)
            await p.choose("last")
            return offered, target, first_land, menu_values, set(daemon.game.config.land)

    offered, target, first_land, menu_values, second_land = asyncio.run(main())
    assert first_land == offered | {target}
    assert menu_values[0] == "last"
    assert second_land == first_land


def test_the_turn_timer_counts_down_and_ends_the_turn(tmp_path):
    now = [1000.0]

    async def main():
        daemon = sim_daemon(tmp_path, 3, clock=lambda: now[0], fps=100)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.wizard(rules=("timer",))
            await p.confirm()
            assert daemon.game.request.kind == "worm"
            team = daemon.game.turn.team
            oled_before = daemon.dev["display"].image.tobytes()
            now[0] += 30
            await until_async(lambda: daemon.dev["display"].image.tobytes() != oled_before,
                              what="the countdown redrawn")
            oled_later = daemon.dev["display"].image.tobytes()
            now[0] += 31
            await until_async(lambda: any(e.get("timeout") for e in daemon.game.log),
                              what="the time-up logged")
            return team, oled_before, oled_later, texts(daemon), daemon.game

    team, before, later, shown, game = asyncio.run(main())
    assert before != later                      # the countdown moved on the OLED
    assert {"timeout": True} in game.log
    assert text("timer.up", "en") in shown
    # no worm was chosen: the turn went to End turn (its Drop card) or on to the next team
    assert game.turn.step == "end" or game.turn.team != team


def test_the_players_own_dice_are_typed_in_and_replay_after_a_restart(tmp_path):
    rnd = random.Random(9)
    bot = RandomBot(9)

    def player_bot(game):
        d = game.request
        return rnd.choice(d.options) if d.kind in ("die_typed", "flip_typed") else bot(game)

    async def first():
        async with seated(tmp_path, 9, dice="own") as (daemon, p):
            assert daemon.game.config.own_dice
            kinds = set()
            for _ in range(60):
                await p.confirm()
                kinds.add(daemon.game.request.kind)
                await p.choose(player_bot(daemon.game))
            state = (list(daemon.game.log), daemon.game.request)
        daemon.close()
        return kinds, state

    async def second():
        daemon = sim_daemon(tmp_path, 9)
        async with running(daemon):
            state = (list(daemon.game.log), daemon.game.request)
        daemon.close()
        return state

    kinds, before = asyncio.run(first())
    assert "die_typed" in kinds
    assert asyncio.run(second()) == before
