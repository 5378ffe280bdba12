"""The shop demo: the bots' show, a visitor's shot, idling back to the show, the command."""

from __future__ import annotations

import asyncio

import pytest

from table.cli import main
from table.app import boxseat
from table.app.demo import BYE_S, NOTICE_S, RESULT_S, Demo
from table.app.demoloop import run_async
from table.app.demopairing import CODE_S, PairedDemo
from table.devices import DeviceError
from table.devices.buttons import InputEvent
from table.game import Game
from table.ui import screens
from table.ui.snapshot import one_bit
from tests.polling import until_async


@pytest.fixture
def demo(devices, clock):
    return Demo(devices, seed=3, clock=clock)


def answers(game) -> list:
    return [e["answer"] for e in game.log if "answer" in e]


def test_the_show_plays_whole_games_on_every_device(demo, devices):
    demo.play_games(2)
    assert demo.games == 2 and demo.decisions > 40
    assert demo.game.result is None and answers(demo.game) == []   # a fresh third game
    assert devices.display.posted > demo.decisions
    assert devices.display.flush(10)                                # the newest reaches the panel
    assert devices.display.panel().tobytes() == devices.display.image.tobytes()
    assert demo.stage.snapshot is not None and demo.stage.snapshot.version > demo.decisions   # one a change
    assert devices.leds.frames > 0
    assert devices.wind.history and devices.wind.direction in range(1, 7)
    assert any(c != (0, 0, 0) for c in devices.leds.shown().values())
    assert devices.leds.shown() == {h: devices.leds.capped(c) for h, c in demo.stage.snapshot.leds}


def test_each_beat_shows_the_decision_then_its_answer(demo, devices):
    demo.step()                                   # the invitation, with the wind running
    invite = devices.display.image.tobytes()
    assert invite == screens.message("Worms: try it!", "Tap the Bazooka to try a shot\n"
                                     "or press any button").image.convert("1").tobytes()
    animations, hold = demo.step()                # a bot's decision on show
    assert animations == [] and hold > 0 and demo.prompt is not None
    before = len(demo.game.log)
    demo.step()                                   # ... then answered
    assert len(demo.game.log) > before and demo.prompt is None


def test_the_show_s_seats_are_played_as_the_box_plays_a_team(demo):
    """Each bot answer is the table's box at its easy level (table/app/boxseat.py), made for
    the position: the same game played again by boxseat.choose is the same game."""
    for _ in range(40):
        demo.step()
    game = demo.game
    assert len(answers(game)) > 10
    again = Game.new(demo.config, game.seed, demo.cards)
    while len(again.log) < len(game.log):
        again.answer(boxseat.choose(again, again.seed, "easy"))
    assert again.log == game.log


def visit(demo, clock, card="bazooka") -> None:
    demo.press(InputEvent("3"))                   # any button wakes the table
    assert demo.mode == "visitor" and demo.game.turn.step == "weapon"
    team = demo.visitor_team
    assert card in demo.game.request.options
    demo.tap(card)
    for _ in range(20):                           # aim where the cursor starts, take the dice
        if demo.mode != "visitor":
            break
        clock.now += 1
        demo.press(InputEvent("ok"))
    assert demo.mode == "bye"
    assert demo.game.turn.team != team or demo.game.turn.step != "weapon"


def test_a_visitor_takes_a_shot(demo, clock, devices):
    for _ in range(7):
        demo.step()
    visit(demo, clock)
    assert demo.visits == 1 and "bazooka" in answers(demo.game)
    events = [e["event"] for e in demo.game.events]
    assert "blast" in events[events.index("play"):]
    result = screen_text(demo)                    # the visitor sees what the shot did
    assert result.startswith("Bazooka: result") and ("Left: " in result or "Missed the aim" in result
                                                     or "A hit!" in result)
    demo.step()
    assert demo.mode == "bye" and screen_text(demo) == result
    clock.now += RESULT_S
    demo.step()                                   # then: goodbye
    bye = devices.display.image.tobytes()
    assert bye == screens.message("Worms: try it!", "Back to the show in a moment") \
        .image.convert("1").tobytes()
    assert demo.mode == "bye"
    clock.now += BYE_S
    decisions = demo.decisions
    demo.step()
    demo.step()
    assert demo.mode == "show" and demo.decisions == decisions + 1


def test_a_visitor_who_plays_no_weapon_is_told_so(demo, clock):
    """OK on the weapon step plays no card: the result says no weapon this turn (not an
    earlier card's result, and no crash)."""
    for _ in range(30):                           # the team has played cards before
        demo.step()
    demo.press(InputEvent("3"))
    team, log = demo.visitor_team, len(demo.game.log)
    for _ in range(5):
        if demo.mode != "visitor":
            break
        demo.press(InputEvent("ok"))
    assert demo.mode == "bye" and "pass" in answers(demo.game)[-1:]
    assert any(e["event"] == "play" and e.get("team") == team for e in demo.game.events)
    assert screen_text(demo) == "Worms: try it! No weapon this turn" and len(demo.game.log) > log


def test_a_silent_visitor_hands_back_to_the_bots(demo, clock):
    demo.press(InputEvent("ok"))
    assert demo.mode == "visitor"
    clock.now += 59
    demo.step()
    assert demo.mode == "visitor"
    demo.press(InputEvent("2"))                   # an input restarts the minute
    clock.now += 59
    demo.step()
    assert demo.mode == "visitor"
    clock.now += 1
    decisions = demo.decisions
    demo.step()
    demo.step()
    assert demo.mode == "show" and demo.decisions == decisions + 1


def test_a_card_that_cannot_be_played_is_refused_clearly(demo, clock, devices):
    demo.tap("grenade")                           # a tap starts the visit and plays at once
    assert demo.mode == "visitor" and answers(demo.game)[-1] == "grenade"
    log = len(demo.game.log)
    demo.tap("supplies")                          # while aiming: says why not
    assert len(demo.game.log) == log
    assert devices.display.image.tobytes() == \
        screens.error("en", "error.card_in_play").image.convert("1").tobytes()
    demo.tap(None)                                # a tag that is no card
    assert devices.display.image.tobytes() == \
        screens.error("en", "error.unknown_tag").image.convert("1").tobytes()
    clock.now += NOTICE_S
    demo.step()
    assert devices.display.image.tobytes() == \
        demo.prompt.screen(demo.view()).image.convert("1").tobytes()


def test_a_card_the_team_does_not_hold_is_said_never_swapped(demo, devices):
    demo.step()
    assert "Tap the Bazooka to try a shot" in screen_text(demo)
    demo.tap("supplies")                          # a Drop card: the visit starts, and says so
    assert demo.mode == "visitor" and "supplies" not in answers(demo.game)
    held = next(c for c in ("bazooka", "grenade") if c in demo.game.request.options)
    said = screen_text(demo)
    assert "This team has no Supplies" in said and demo.cards[held].name("en") in said
    assert demo.game.request.kind == "card" and "supplies" not in answers(demo.game)
    before = answers(demo.game)
    demo.tap(held)                                # the card it holds plays
    assert answers(demo.game) == before + [held]


def test_after_a_mistake_the_visitor_s_ok_only_clears_it(demo, clock, devices):
    demo.press(InputEvent("3"))                   # the visit: the weapon step
    assert demo.mode == "visitor" and demo.game.request.kind == "card"
    log = list(demo.game.log)
    demo.tap("supplies")                          # a card that is no weapon: "Oops"
    assert demo.game.log == log
    clock.now += NOTICE_S                         # the notice clears itself...
    demo.step()
    demo.press(InputEvent("ok"))                  # ...and the OK that reads it passes nothing
    assert demo.game.log == log and demo.mode == "visitor"
    assert demo.game.request.kind == "card"


def test_the_invitation_comes_back_during_a_game(demo, devices):
    shown = []
    for _ in range(40):
        demo.step()
        shown.append(screen_text(demo))
    invites = [i for i, t in enumerate(shown) if "Tap the Bazooka" in t or "Hold OK" in t]
    assert invites[0] == 0 and len(invites) >= 3          # between games and during them


def test_a_card_lying_on_the_reader_is_the_visitors_card(demo, devices):
    demo.lying = lambda: "grenade"
    demo.press(InputEvent("ok"))
    assert demo.mode == "visitor" and answers(demo.game)[-1] in ("grenade", "bazooka")


def screen_text(demo) -> str:
    """What the OLED shows, as words: the screen the demo drew last."""
    return " ".join(demo.last_screen.texts) if demo.last_screen is not None else ""


class NoDisplayYet:
    """The simulated devices, but the OLED fails to open the first time."""

    def __init__(self, devices) -> None:
        self.real, self.tries = devices, 0

    def __getattr__(self, name: str):
        if name == "display" and self.tries == 0:
            self.tries += 1
            raise DeviceError("OLED display", "check the cable")
        return getattr(self.real, name)


def test_a_missing_display_is_opened_again_as_in_the_daemon(devices, clock, caplog):
    demo = Demo(NoDisplayYet(devices), seed=3, clock=clock)
    demo.step()                                   # the invitation: the show goes on without it
    assert devices.display.image is None and "check the cable" in caplog.text
    assert devices.leds.frames > 0
    demo.retry()                                  # (every retry_s, on the loop)
    assert devices.display.image is not None
    assert devices.display.image.tobytes() == one_bit(demo.last_screen.image).tobytes()


def test_bad_options(devices):
    with pytest.raises(ValueError, match="language must be one of en, cs, uk"):
        Demo(devices, lang="de")
    with pytest.raises(ValueError, match="bots must be one of easy, greedy, random"):
        Demo(devices, bots="smart")


def test_inputs_from_device_threads_reach_the_show(devices):
    """The paced loop with the buttons and the reader attached, as `worms-table demo` runs."""
    demo = Demo(devices, seed=5, bots="random", tags={"04a1b2c3d4e5f6": "bazooka"})

    async def scenario():
        stop = asyncio.Event()
        task = asyncio.create_task(run_async(demo, stop))
        await until_async(lambda: demo.wake is not None, what="the show running")
        await asyncio.to_thread(devices.buttons.press, "1")      # from another thread
        await until_async(lambda: demo.mode == "visitor", what="a visitor's game")
        await asyncio.to_thread(devices.card_reader.tap, "04A1B2C3D4E5F6")   # an enrolled tag
        await until_async(lambda: answers(demo.game)[-1:] == ["bazooka"], what="the card played")
        stop.set()
        await asyncio.wait_for(task, 5)

    asyncio.run(scenario())


def test_the_command_at_full_speed(capsys):
    assert main(["demo", "--sim", "--fast", "--games", "2", "--bots", "random"]) == 0
    assert "worms-table demo: 2 games" in capsys.readouterr().out


def test_the_command_reads_the_enrol_table(tmp_path, caplog):
    """A damaged enrol table is set aside and named, and the show goes on (issue 24)."""
    (tmp_path / "tags.toml").write_text("[tags\n")
    assert main(["demo", "--sim", "--fast", "--games", "1", "--state-dir", str(tmp_path)]) == 0
    assert "cannot read the card tags" in caplog.text and "enroll" in caplog.text
    assert [p.read_text() for p in tmp_path.glob("tags.toml.damaged-*")] == ["[tags\n"]


def test_the_command_refuses_bad_options(capsys):
    assert main(["demo", "--sim", "--fast"]) == 2
    assert "give --games N too" in capsys.readouterr().err
    assert main(["demo", "--sim", "--games", "0"]) == 2
    assert "--games must be 1 or more" in capsys.readouterr().err


def test_demo_host_shows_the_pairing_code_and_holding_1_reopens(devices, clock):
    """`demo --host ...`: the page's code stays on the OLED, over the bots' show, until a
    button or CODE_S; holding 1 asks the page for a new code (issue 24, item 3)."""
    demo = PairedDemo(devices, seed=3, clock=clock)
    code = screens.message("worms-table", "493817").image.tobytes()
    demo.show_code("493817")
    for _ in range(20):                             # the show goes on under it ...
        animations, hold = demo.step()
        assert animations == [] and 0 < hold <= CODE_S
        assert demo.last_screen.image.tobytes() == code
        clock.now += CODE_S / 40
    opened = []
    demo.on_pair_button = lambda: opened.append(True) or demo.show_code("111222")
    demo.press(InputEvent("1", long=True))
    assert opened == [True] and demo.mode == "show"
    demo.step()
    assert demo.last_screen.image.tobytes() == \
        screens.message("worms-table", "111222").image.tobytes()
    demo.press(InputEvent("ok"))                    # a button takes the code away ...
    assert demo.mode == "show"
    demo.step()
    assert demo.last_screen.image.tobytes() != code
    demo.show_code("493817")
    clock.now += CODE_S                             # ... and so does time
    demo.step()
    assert demo.last_screen.image.tobytes() != code
