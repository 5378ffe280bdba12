"""The shop demo: the table daemon with the box in every seat (table/app/demo/show.py): the show,
a visitor's shot, idling back to the show, the page's pairing code, the devices, the
command."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from table.app import boxseat
from table.app.asking.moving import MovePick
from table.app.daemon import Daemon
from table.app.demo import footing
from table.app.demo.show import BYE_S, CODE_S, NOTICE_S, RESULT_S, Act, Show
from table.app.demo.shot import WeaponPick
from table.app.demo.visitor import Scene, invite_screen
from table.cards.simtags import card_for_uid, sim_uid
from table.cli import main
from table.devices import DeviceError
from table.devices.buttons import InputEvent
from table.librarygame import LibraryGame
from table.ui import screens
from table.ui.snapshot import one_bit
from tests.polling import until_async
from tests.spies import posts


def on_show(devices, clock, *, tags: dict[str, str] | None = None, start: bool = True,
            **options):
    """A daemon on ``devices`` playing the show (its state in memory), started (``start``:
    devices open and the first game on, without running the loop)."""
    show = Show(**{"seed": 3, **options})

    def lookup(uid: str) -> str | None:
        return (tags or {}).get(uid.upper()) or card_for_uid(uid)
    daemon = Daemon(devices, None, show=show, clock=clock, tag_lookup=lookup)
    if start:
        daemon.start()
    return daemon, show


@pytest.fixture
def table(devices, clock):
    daemon, show = on_show(devices, clock)
    yield daemon, show
    daemon.close()


def answers(game) -> list:
    return [e["answer"] for e in game.log if "answer" in e]


def said(daemon) -> str:
    """What the OLED shows, as words: the last snapshot's."""
    return " ".join(daemon.presenter.snapshot.oled)


def press(daemon, name: str, long: bool = False) -> None:
    daemon.handle_input(InputEvent(name, long))


def take_default(daemon) -> None:
    """The press that takes the table's default on show: Back on the move question (it skips
    the move; OK there asks where to jump, and OK again jumps in place), OK elsewhere."""
    p = daemon.current()
    press(daemon, "back" if isinstance(p, MovePick) and p.back is not None else "ok")


def play_versus(daemon, show, clock, limit=3000) -> None:
    """The visitor answers every prompt of the short game with the table's defaults
    (:func:`take_default`), a beat at a time, until it ends."""
    for _ in range(limit):
        if show.act != Act.VERSUS:
            return
        clock.now += 0.5
        take_default(daemon)
        show.beat()
    raise AssertionError("the short game never ended")


def tap(daemon, card: str | None) -> None:
    daemon.handle_tap(sim_uid(card) if card is not None else "04DEADBEEF0001")


def test_the_show_plays_whole_games_on_every_device(table, devices, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    daemon, show = table
    posted = posts(devices.display)
    show.play_games(2)
    assert show.games == 2 and show.decisions > 40
    assert daemon.game.result is None and len(answers(daemon.game)) < 5   # a third game
    assert len(posted) > show.decisions
    assert devices.display.flush(10)                                # the newest reaches the panel
    assert devices.display.panel().tobytes() == devices.display.image.tobytes()
    snap = daemon.presenter.snapshot
    assert snap.version > show.decisions                            # one a change
    assert devices.leds.frames > 0
    assert devices.wind.history and devices.wind.direction in range(1, 7)
    assert any(c != (0, 0, 0) for c in devices.leds.shown().values())
    assert devices.leds.shown() == {h: devices.leds.capped(c) for h, c in snap.leds}
    assert os.listdir(tmp_path) == []                               # it writes nothing
    assert len(daemon.journal.games()) <= 2                         # finished games pruned


def test_each_beat_shows_the_decision_then_what_its_answer_did(table, clock):
    daemon, show = table
    assert show.beat() > 0                        # the invitation, with the wind running
    assert said(daemon) == "Worms: try it! Press any button to try a shot\nor tap a weapon card"
    assert isinstance(daemon.current(), Scene) and daemon.current().animated
    while daemon.queue or isinstance(daemon.current(), Scene):   # the setup, step by step
        show.beat()
    asked = daemon.current()
    assert daemon.game.request is not None and said(daemon) == \
        " ".join(asked.screen(daemon.view()).texts)              # the decision, as asked
    before = len(daemon.game.log)
    show.beat()                                   # ... then answered
    assert len(daemon.game.log) > before and daemon.current() is not asked


def test_the_show_s_seats_are_played_as_the_box_plays_a_team(table):
    """Each answer is the table's box at its easy level (table/app/boxseat.py), made for the
    position, its jumps that may drown made inches (table/app/demo/footing.py): the same game
    played again so is the same game."""
    daemon, show = table
    for _ in range(80):
        show.beat()
    game = daemon.game
    assert len(answers(game)) > 10
    again = LibraryGame.new(show.config, game.seed)
    while len(again.log) < len(game.log):
        again.answer(footing.dry(again, boxseat.choose(again, again.seed, "easy")))
    assert again.log == game.log


def visit(daemon, show, clock, card="bazooka") -> None:
    press(daemon, "3")                            # any button wakes the table
    game = daemon.game
    assert show.act == "visitor" and game.turn.step == "weapon"
    team = show.visitor_team
    assert card in game.request.options
    tap(daemon, card)
    for _ in range(30):                           # aim where the cursor starts, take the dice,
        if show.act != "visitor":                 # copy the steps
            break
        clock.now += 1
        press(daemon, "ok")
    assert show.act == "bye"
    assert daemon.game.turn.team != team or daemon.game.turn.step != "weapon"


def test_a_visitor_takes_a_shot(table, clock, devices):
    daemon, show = table
    for _ in range(7):
        show.beat()
    visit(daemon, show, clock)
    assert show.visits == 1 and "bazooka" in answers(daemon.game)
    events = [e["event"] for e in daemon.game.events]
    assert "blast" in events[events.index("play"):]
    result = said(daemon)                         # the visitor sees what the shot did
    assert result.startswith("Bazooka: result") and ("Left: " in result or "Missed the aim"
                                                     in result or "A hit!" in result)
    show.beat()
    assert show.act == "bye" and said(daemon) == result
    clock.now += RESULT_S
    show.beat()                                   # then: goodbye
    assert devices.display.image.tobytes() == screens.message(
        "Worms: try it!", "Back to the show in a moment").image.convert("1").tobytes()
    assert show.act == "bye"
    clock.now += BYE_S
    log = len(daemon.game.log)
    for _ in range(30):
        show.beat()
    assert show.act == "show" and len(daemon.game.log) > log


def test_a_visitor_sees_the_weapons_the_team_holds_and_ok_fires_one(table, clock, devices):
    """The visit's first screen lists the team's weapons by name, the cursor on one; ▼ moves
    it, OK plays the card under it (never a pass by surprise, issue 38 item 3)."""
    daemon, show = table
    for _ in range(60):                           # the team has played cards before
        show.beat()
    press(daemon, "3")
    team, asked = show.visitor_team, daemon.game.request
    held = [c for c in asked.options if c != "pass"]
    pick = daemon.current()
    assert isinstance(pick, WeaponPick) and pick.values == weapons_of(held)
    names = [daemon.cards[c].name("en") for c in pick.values]
    assert said(daemon).startswith(team.capitalize()) and names[0] in said(daemon)
    press(daemon, "4")                            # ▼: the next weapon
    chosen = pick.values[1 % len(pick.values)]
    press(daemon, "ok")
    assert answers(daemon.game)[-1] == chosen and show.visitor_team == team
    assert daemon.game.request is not asked


def weapons_of(held: list) -> list:
    """The weapons as the pick lists them: the Bazooka and the Grenade first."""
    return [c for c in ("bazooka", "grenade") if c in held] + \
        [c for c in held if c not in ("bazooka", "grenade")]


def test_a_silent_visitor_hands_back_to_the_show(table, clock):
    daemon, show = table
    press(daemon, "ok")
    assert show.act == "visitor"
    clock.now += 59
    show.beat()
    assert show.act == "visitor"
    press(daemon, "2")                            # an input restarts the minute
    clock.now += 59
    show.beat()
    assert show.act == "visitor"
    clock.now += 1
    log = len(daemon.game.log)
    for _ in range(10):
        show.beat()
    assert show.act == "show" and len(daemon.game.log) > log


def test_a_card_that_cannot_be_played_is_refused_clearly(table, clock, devices):
    daemon, show = table
    tap(daemon, "grenade")                        # a tap starts the visit and plays at once
    assert show.act == "visitor" and answers(daemon.game)[-1] == "grenade"
    log = len(daemon.game.log)
    while daemon.queue:
        press(daemon, "ok")
    tap(daemon, "supplies")                       # while aiming: says why not
    assert len(daemon.game.log) == log
    assert devices.display.image.tobytes() == \
        screens.error("en", "error.card_in_play").image.convert("1").tobytes()
    tap(daemon, None)                             # a tag that is no card
    assert devices.display.image.tobytes() == \
        screens.error("en", "error.unknown_tag").image.convert("1").tobytes()
    clock.now += NOTICE_S
    show.beat()
    assert devices.display.image.tobytes() == \
        one_bit(daemon.current().screen(daemon.view()).image).tobytes()
    assert daemon.game.request.kind == "hex"


def test_a_card_the_team_does_not_hold_is_said_never_swapped(table):
    daemon, show = table
    show.beat()
    assert "Press any button to try a shot" in said(daemon)
    tap(daemon, "supplies")                       # a Drop card: the visit starts, and says so
    assert show.act == "visitor" and "supplies" not in answers(daemon.game)
    held = next(c for c in ("bazooka", "grenade") if c in daemon.game.request.options)
    words = said(daemon)
    assert "This team has no Supplies" in words and daemon.cards[held].name("en") in words
    assert daemon.game.request.kind == "card" and "supplies" not in answers(daemon.game)
    press(daemon, "ok")                           # the OK that reads it passes nothing
    before = answers(daemon.game)
    assert daemon.game.request.kind == "card"
    tap(daemon, held)                             # the card it holds plays
    assert answers(daemon.game) == before + [held]


def test_after_a_mistake_the_visitor_s_ok_only_clears_it(table, clock):
    daemon, show = table
    press(daemon, "3")                            # the visit: the weapon step
    assert show.act == "visitor" and daemon.game.request.kind == "card"
    log = list(daemon.game.log)
    tap(daemon, "supplies")                       # a card that is no weapon: "Oops"
    assert daemon.game.log == log
    press(daemon, "ok")                           # the OK that reads it passes nothing
    assert daemon.game.log == log and show.act == "visitor"
    assert daemon.game.request.kind == "card"
    tap(daemon, "supplies")                       # and the notice clears itself
    clock.now += NOTICE_S
    show.beat()
    assert isinstance(daemon.current(), WeaponPick)   # the team's weapons again
    press(daemon, "ok")                           # (now the OK fires the one on show)
    assert answers(daemon.game)[-1] in ("bazooka", "grenade")


def test_the_invitation_comes_back_during_a_game(table):
    daemon, show = table
    shown = []
    for _ in range(150):
        show.beat()
        shown.append(said(daemon))
    invites = [i for i, t in enumerate(shown) if "try a shot" in t or "Hold OK" in t]
    assert invites[0] == 0 and len(invites) >= 3          # between games and during them
    assert show.games == 0                                # (all in the first game)


def test_a_card_lying_on_the_reader_is_the_visitors_card(table, devices):
    daemon, show = table
    devices.card_reader.tap(sim_uid("grenade"))   # (no loop runs: the tap itself is not handled)
    press(daemon, "ok")
    assert show.act == "visitor" and answers(daemon.game)[-1] in ("grenade", "bazooka")


class NoDisplayYet:
    """The simulated devices, but the OLED fails to open the first time."""

    def __init__(self, devices) -> None:
        self.real, self.tries = devices, 0

    def __getattr__(self, name: str):
        if name == "display" and self.tries == 0:
            self.tries += 1
            raise DeviceError("OLED display", "check the cable")
        return getattr(self.real, name)


def test_a_missing_display_is_opened_again_and_the_show_goes_on(devices, clock, caplog):
    daemon, show = on_show(NoDisplayYet(devices), clock)
    show.beat()                                   # the invitation: the show goes on without it
    assert devices.display.image is None and "check the cable" in caplog.text
    assert devices.leds.frames > 0
    assert daemon.supervisor.missing() == ["display"]
    daemon.supervisor.open("display")             # (the daemon's retry, every retry_s)
    show.beat()
    assert devices.display.image is not None
    assert devices.display.image.tobytes() == daemon.presenter.snapshot.screen.tobytes()


def test_bad_options():
    with pytest.raises(ValueError, match="language must be one of en, cs, uk"):
        Show(lang="de")
    with pytest.raises(ValueError, match="bots must be one of easy, greedy, random"):
        Show(bots="smart")


def test_the_show_speaks_its_language(devices, clock):
    daemon, show = on_show(devices, clock, lang="cs")
    show.beat()
    assert daemon.lang == "cs" and daemon.presenter.snapshot.lang == "cs"
    assert said(daemon) == " ".join(invite_screen("cs").texts)


def test_the_command_at_full_speed(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["demo", "--sim", "--fast", "--games", "2", "--bots", "random",
                 "--state-dir", str(tmp_path)]) == 0
    assert "worms-table demo: 2 games" in capsys.readouterr().out
    assert os.listdir(tmp_path) == []                   # nothing written, even there


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


def test_inputs_from_device_threads_reach_the_show(devices):
    """The paced show with the buttons and the reader attached, as `worms-table demo` runs."""
    daemon, show = on_show(devices, time.monotonic, seed=5, bots="random", start=False,
                           tags={"04A1B2C3D4E5F6": "bazooka"})

    async def scenario():
        task = asyncio.create_task(daemon.run())
        await until_async(lambda: daemon.ready and daemon.bridge.loop is not None,
                          what="the show running")
        await asyncio.to_thread(devices.buttons.press, "1")      # from another thread
        await until_async(lambda: show.act == "visitor", what="a visitor's game")
        await asyncio.to_thread(devices.card_reader.tap, "04A1B2C3D4E5F6")   # an enrolled tag
        await until_async(lambda: "bazooka" in answers(daemon.game)[-3:],
                          what="the card played")
        daemon.stop()
        await asyncio.wait_for(task, 5)

    asyncio.run(scenario())


def test_the_page_s_pairing_code_stays_over_the_show_and_holding_1_reopens(table, clock):
    """`demo --host ...`: the page's code stays on the OLED, over the show, until a button
    or CODE_S; holding 1 asks the page for a new code (issue 24, item 3)."""
    daemon, show = table
    code = screens.message("worms-table", "493817").texts
    daemon.notice("pairing", "493817")            # (the page's on_pairing_code)
    for _ in range(20):                           # the show goes on under it ...
        hold = show.beat()
        assert 0 < hold <= CODE_S and daemon.presenter.snapshot.oled == tuple(code)
        clock.now += CODE_S / 40
    opened = []
    daemon.page.on_pair_button = lambda: opened.append(True) or daemon.notice("pairing", "111222")
    press(daemon, "1", long=True)
    assert opened == [True] and show.act == "show"
    show.beat()
    assert said(daemon) == "worms-table 111222"
    press(daemon, "ok")                           # a button takes the code away ...
    assert show.act == "show" and "111222" not in said(daemon)
    daemon.notice("pairing", "493817")
    assert said(daemon) == "worms-table 493817"
    clock.now += CODE_S                           # ... and so does time
    show.beat()
    assert "493817" not in said(daemon)


def test_a_beat_is_one_snapshot_that_every_device_and_the_page_read(table, devices):
    daemon, show = table
    pushed: list = []
    daemon.page.on_snapshot = pushed.append
    for _ in range(30):
        before = len(pushed)
        show.beat()
        assert len(pushed) == before + 1           # one change, one snapshot
        snap = pushed[-1]
        assert snap is daemon.presenter.snapshot and snap.mode == "play"
        assert devices.display.image.tobytes() == snap.screen.tobytes()
        assert devices.leds.shown() == {h: devices.leds.capped(c) for h, c in snap.leds}
        assert devices.wind.direction == snap.wind == daemon.tracker.board.wind


def test_an_animation_moves_on_the_leds_each_tick_and_holds_its_last_frame(table, clock,
                                                                           devices):
    daemon, show = table
    show.beat()                                    # the invitation: the wind running
    scene = daemon.current()
    assert isinstance(scene, Scene) and scene.animated
    frames = set()
    for _ in range(10):
        clock.now += 0.1
        daemon.render(leds_only=True)              # (the daemon's ticker)
        frames.add(tuple(sorted(devices.leds.shown().items())))
    assert len(frames) > 1
    clock.now += 10
    daemon.render(leds_only=True)                  # past its end: its last frame, and still
    assert not scene.animated
