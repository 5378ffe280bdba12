"""The daemon's named parts, each on its own: the device supervisor, the loop bridge, the step
queue, the storage guard, the turn timer; and reading what is on show changes nothing."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

from table.app.core.bridge import LoopBridge
from table.app.core.mode import Mode
from table.app.showing.stepqueue import StepQueue
from table.app.storage.guard import StorageGuard
from table.app.core.supervisor import Supervisor
from table.app.core.turntimer import TurnTimer
from table.devices import DeviceError


class Flaky:
    """A device attribute that fails to open until ``ok`` is set."""

    def __init__(self):
        self.ok = False
        self.calls = 0

    @property
    def leds(self):
        if not self.ok:
            raise DeviceError("LED strip", "plug it in")
        return SimpleNamespace(name="leds")


def test_the_supervisor_names_a_fault_once_retries_it_slowly_and_says_when_it_is_back():
    now = [0.0]
    failed, back = [], []
    devices = Flaky()
    sup = Supervisor(devices, retry_s=3.0, clock=lambda: now[0],
                     on_fault=lambda n, e: failed.append(n), on_back=back.append)
    sup.open("leds")
    sup.open("leds")
    assert failed == ["leds"] and "leds" in sup.faults and "leds" not in sup.dev
    devices.ok = True
    sup.open("leds")
    assert back == ["leds"] and not sup.faults and sup.dev["leds"].name == "leds"

    tries = []

    def send(x):
        tries.append(x)
        raise DeviceError("LED strip", "check the cable")
    sup.safely("leds", send, 1)                 # fails: a fault
    now[0] = 1.0
    sup.safely("leds", send, 2)                 # tried again once
    for t in (2.0, 3.9):                        # then not within retry_s of that try
        now[0] = t
        sup.safely("leds", send, 0)
    now[0] = 4.1
    sup.safely("leds", send, 3)
    assert tries == [1, 2, 3]
    now[0] = 7.5
    sup.safely("leds", tries.append, 4)         # works again
    assert tries == [1, 2, 3, 4] and back == ["leds", "leds"] and not sup.faults


def test_the_bridge_runs_a_thread_s_call_on_the_loop():
    async def main():
        bridge = LoopBridge()
        got = []
        early = bridge.wrap(got.append)
        early("before the loop")                # no loop yet: dropped
        bridge.loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def on_loop(x):
            got.append((x, threading.current_thread() is threading.main_thread()))
            done.set()
        cb = bridge.wrap(on_loop)
        worker = threading.Thread(target=cb, args=("from a thread",))
        worker.start()
        await asyncio.wait_for(done.wait(), 10)
        worker.join()
        return got
    assert asyncio.run(main()) == [("from a thread", True)]


def test_the_step_queue_saves_how_far_the_players_got():
    q = StepQueue()
    q.replace(["a", "b"], base=5)
    assert q and q.total == 2 and q.progress(events=9) == (5, [], 0)
    assert not q.extend([], seen=9)
    assert q.extend(["c"], seen=9) and q.steps == ["a", "b", "c"] and q.total == 3
    q.confirm()
    assert q.steps == ["b", "c"] and q.progress(events=12) == (5, [9], 1)
    q2 = StepQueue()                            # after a restart: the same queue
    q2.replace(["a", "b", "c"], base=5)
    q2.resume_at([9], 1)
    assert q2.steps == q.steps and q2.done == q.done
    q.confirm()
    q.confirm()
    assert not q and q.total == 0 and q.progress(events=12) == (12, [], 0)


class Store:
    def __init__(self):
        self.fault = None
        self.works = False
        self.problems = []

    def failed(self, err):
        self.fault = SimpleNamespace(kind="full")
        return self.fault

    def retry(self):
        if self.works:
            self.fault = None
        return self.works


def test_the_storage_guard_drops_the_game_and_tries_again_every_retry_s():
    now = [100.0]
    store, said, events = Store(), [], []
    guard = StorageGuard(store, status=said.append, on_failed=lambda: events.append("dropped"),
                         on_back=lambda: events.append("back"), clock=lambda: now[0])
    guard.failed(OSError("disk full"))
    assert events == ["dropped"] and said == ["storage full: disk full"]
    assert guard.prompt() is not None and guard.prompt() is guard.prompt()
    now[0] += guard.retry_s - 1
    assert not guard.tick()                     # too soon
    now[0] += 2
    assert not guard.tick()                     # tried: still failing
    store.works = True
    assert not guard.tick()                     # tried a moment ago
    now[0] += guard.retry_s
    assert guard.tick() and events == ["dropped", "back"] and guard.prompt() is None


def test_the_turn_timer_starts_once_the_changes_are_copied():
    now = [0.0]
    timer = TurnTimer(lambda: now[0])
    game = SimpleNamespace(timer=60, result=None, turn=SimpleNamespace(step="move1", number=3))
    timer.check(game, copying=True)
    assert timer.left() is None
    timer.check(game, copying=False)
    now[0] = 59.5
    assert timer.left() == 0.5 and not timer.expired()
    assert timer.new_second() and not timer.new_second()
    now[0] = 60.0
    assert timer.expired()
    timer.check(game, copying=False)            # the same turn: the clock is not restarted
    assert timer.expired()


def test_the_last_turns_clock_stops_while_the_next_turns_changes_are_copied():
    # (before: the clock of a turn that ended in time kept running into the next turn while
    # its changes were copied, and its time-up then ended that turn before it began)
    now = [0.0]
    timer = TurnTimer(lambda: now[0])
    game = SimpleNamespace(timer=60, result=None, turn=SimpleNamespace(step="weapon", number=3))
    timer.check(game, copying=False)
    now[0] = 30.0
    game.turn = SimpleNamespace(step="activate", number=4)    # End turn, with changes to copy
    timer.check(game, copying=True)
    now[0] = 61.0
    assert timer.left() is None and not timer.expired()
    timer.check(game, copying=False)
    assert timer.left() == 60.0


def test_reading_what_is_on_show_changes_nothing(tmp_path):
    from table.app.storage.problems import Problem

    from .driver import sim_daemon
    daemon = sim_daemon(tmp_path)
    daemon.new_wizard()
    daemon.store.problems += [Problem("replay", "one"), Problem("replay", "two")]
    before = (daemon.mode, daemon.overlay, list(daemon.store.problems))
    shown = [daemon.current() for _ in range(3)]
    assert (daemon.mode, daemon.overlay, list(daemon.store.problems)) == before
    assert all(p is daemon.wizard.prompt for p in shown)
    daemon.settle()                             # the next problem goes on show
    assert daemon.current() is daemon.overlay and len(daemon.store.problems) == 1
    assert daemon.mode == Mode.WIZARD == "wizard"
    daemon.close()


def test_the_storage_screen_is_not_the_storage_screen_once_storage_works():
    # (before: the guard forgot its screen only when it was read again, so a read changed
    # what a press on the old screen did; now a press on a screen no longer on show changes
    # nothing: table/app/inputs.py outcome, tests/app/test_stale_answer.py)
    store = Store()
    guard = StorageGuard(store, status=lambda words: None, on_failed=lambda: None,
                         on_back=lambda: None)
    guard.failed(OSError("disk full"))
    shown = guard.prompt()
    assert shown is not None and guard.prompt() is shown
    store.fault = None                          # storage works again (nothing read since)
    assert guard.prompt() is None


def _state(daemon):
    """Everything a read could change: the mode, what is on show, the steps and how far they
    are copied, the game's log, the board as laid, the box's thinking, the timer."""
    q = daemon.queue
    return (daemon.mode, daemon.overlay, q.done, q.total, len(daemon.game.log),
            daemon.tracker.board.as_json(), daemon.box.prompt, daemon.timer.deadline,
            list(daemon.store.problems))


def _read_all(daemon):
    """Read what is on show the way the presenter and the page do."""
    from table.app.showing.pageview import page_view

    prompt = daemon.current()
    view = daemon.view()
    prompt.screen(view)
    prompt.frame(view, 0.0)
    page_view(prompt, view, daemon.game, daemon.tracker.board, daemon.lang, sim=True,
              cards=daemon.cards)
    assert daemon.current() is prompt           # the same object until it is answered
    return prompt


def test_reading_a_game_in_play_and_at_its_end_changes_nothing(tmp_path):
    from table.devices.buttons import InputEvent
    from table.engine.game import GameConfig

    from .driver import sim_daemon
    daemon = sim_daemon(tmp_path)
    daemon.supervisor.open_all()
    # (two rounds: 25 inputs never end it, so the end is read before it is settled; one
    # round's game, with fewer screens to copy now, could end on the 25th)
    daemon.start_game(GameConfig(teams=2, max_rounds=2))
    for _ in range(25):                         # steps to copy, then the turn's questions
        if daemon.game.result is not None:
            break
        before = _state(daemon)
        _read_all(daemon)
        assert _state(daemon) == before
        daemon.handle_input(InputEvent("ok"))
    while daemon.game.result is None:           # to the end, by the rulings' defaults
        if daemon.queue:
            daemon.queue.confirm()
        else:
            daemon.answer(daemon.game.request.default)
    while daemon.queue:
        daemon.queue.confirm()
    before = _state(daemon)
    assert before[0] == Mode.PLAY
    _read_all(daemon)
    assert _state(daemon) == before             # the game over on show, still "play"...
    daemon.settle()
    assert daemon.mode == Mode.OVER             # ...until the change is taken
    daemon.close()


def test_reading_never_starts_the_box_thinking(tmp_path):
    from table.engine.game import GameConfig

    from .driver import sim_daemon
    started = []
    daemon = sim_daemon(tmp_path)
    daemon.box.run_in_thread = started.append   # (nothing runs: we only see it asked)
    daemon.start_game(GameConfig(teams=2, max_rounds=1, box=(("red", "easy"),)))
    while daemon.queue:
        daemon.queue.confirm()
    while daemon.game.request is not None and boxseat_team(daemon) is None:
        daemon.answer(daemon.game.request.default)
        while daemon.queue:
            daemon.queue.confirm()
    assert boxseat_team(daemon) == "red"
    for _ in range(3):
        before = _state(daemon)
        _read_all(daemon)
        assert _state(daemon) == before and started == [] and daemon.box.prompt is None
    daemon.settle()                             # the change taken: now the box thinks
    assert len(started) == 1 and daemon.box.busy
    daemon.close()


def boxseat_team(daemon):
    from table.app.boxseat import box_team
    return box_team(daemon.game)


def test_a_missing_pico_is_logged_once_naming_the_devices_it_stops(tmp_path, caplog):
    """Issue 36, item 6: one line for the LEDs and the dial, not the same line twice."""
    from table.devices.build import resolve_port

    class NoPico:
        display = SimpleNamespace(on_error=None)
        card_reader = SimpleNamespace(on_tap=None, on_remove=None, on_error=None)

        @property
        def leds(self):
            return resolve_port(str(tmp_path / "usb-MicroPython_*-if00"))

        wind = leds

        @property
        def buttons(self):
            raise DeviceError("buttons", "GPIO17 is taken")

    sup = Supervisor(NoPico())
    with caplog.at_level("ERROR", logger="worms-table"):
        sup.open_all()
        sup.open_all()                                  # still failing: nothing new to say
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [f"hex LEDs and wind dial (Pico): nothing matches {tmp_path}/usb-MicroPython_*-if00: "
                     f"no serial device is plugged in ({tmp_path} is empty or absent); plug the "
                     "Pico in over USB and check it runs firmware/ (firmware/README.md)",
                     "buttons: GPIO17 is taken"]
    assert set(sup.faults) == {"leds", "wind", "buttons"} and set(sup.dev) == {"display", "card_reader"}
