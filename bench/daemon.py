"""The table daemon's figures: button press to OLED and LED update, start to READY, memory.

* ``press_to_update_ms``: whole games on simulated devices, every decision entered the way the
  players do (button presses and card taps, chosen from a random bot's answers).  The presses
  come from another thread, as gpiozero's do, and each is timed from ``SimButtons.press`` to
  the end of the redraw it caused (the OLED image shown and the LED frame pushed).
  Goal: p99 < 30 ms.  Before each press the driver waits :data:`PAUSE_S`, as a person's hand
  does between two presses (tens of ms at the quickest): the driver (the bot choosing, the
  presses worked out) runs in this process, which a Pi's does not, and under ``--pi`` its CPU
  would otherwise use up the quota's period the press falls in.  The daemon's own work in the
  pause (the LEDs' animation, the box thinking) still runs, and still delays a press it meets.
* ``press_cpu_ms``: the CPU the daemon's loop thread spent handling each of those presses
  (``time.thread_time``: user and system time, the journal's syscalls included), which a CPU
  quota does not change: under ``--pi`` a press's wall time is about eight times this, plus
  up to one 8 ms period of waiting for the quota.
* ``start_to_ready_s``: ``worms-table run --sim --no-web`` started as a process, timed until
  it sends READY=1 on $NOTIFY_SOCKET (systemd's protocol), its modules compiled beforehand as
  an install compiles them.  Goal: < 2 s (at a Pi's speed: ``bench/run --pi daemon``).
* ``start_to_ready_resume_s``: the same start on a state folder whose journal holds a game in
  progress of ``resume_log_entries`` log entries (a four-team game of random bots): what a box
  shows after a power cut late in a game, the game replayed from its log.  Same goal.
* ``rss_mb``: that process's resident memory once ready and after a few seconds of running;
  and this process's after the games (bench and bots included).  Goal: < 80 MB.
* ``bus_100khz``, ``bus_400khz``: ``led_frame_interval_ms_p99`` and ``press_to_led_ms_p99``
  with the simulated OLED taking a real bus's time per frame (bench/frames.py).

    python bench/daemon.py      # prints JSON
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stats import ms, percentile  # noqa: E402

GAMES = 3
PAUSE_S = 0.02         # before each press: a quick person's hand, longer than the quota's period


def rss_mb(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


class Driver:
    """Presses buttons and taps cards from its own thread, one input at a time, timing each."""

    def __init__(self, daemon, tags):
        self.d = daemon
        self.buttons = daemon.devices.buttons
        self.reader = daemon.devices.card_reader
        self.tags = {card: uid for uid, card in tags.items()}
        self.done = threading.Event()
        self.ended = 0.0
        self.press_ms: list[float] = []
        self.tap_ms: list[float] = []
        self.cpu = 0.0                     # the loop thread's CPU in the last handler
        self.press_cpu_ms: list[float] = []
        for name in ("handle_input", "handle_tap"):
            real = getattr(daemon, name)
            setattr(daemon, name, self._timed(real))
        # (the supervisor hands the devices' events to what it was given when it was made)
        daemon.supervisor.on_input, daemon.supervisor.on_tap = daemon.handle_input, daemon.handle_tap

    def _timed(self, real):
        def handler(*args):
            c0 = time.thread_time()
            real(*args)
            self.cpu = time.thread_time() - c0
            self.ended = time.perf_counter()
            self.done.set()
        return handler

    def press(self, name: str) -> None:
        time.sleep(PAUSE_S)
        self.done.clear()
        t0 = time.perf_counter()
        self.buttons.press(name)
        if not self.done.wait(5):
            raise RuntimeError(f"no redraw after pressing {name}")
        self.press_ms.append(ms(self.ended - t0))
        self.press_cpu_ms.append(ms(self.cpu))

    def tap(self, uid: str) -> None:
        time.sleep(PAUSE_S)
        self.done.clear()
        t0 = time.perf_counter()
        self.reader.tap(uid)
        if not self.done.wait(5):
            raise RuntimeError("no redraw after a tap")
        self.tap_ms.append(ms(self.ended - t0))
        self.reader.remove()

    def choose(self, value) -> None:
        """Answer the prompt on show with ``value``, as a player does (table.app.presses); a
        hex off the box's grid (a jump into the sea beyond it) is out of the cursor's reach, so
        the nearest answer on the grid instead."""
        from table.app.presses import inputs_for
        from table.app.asking.prompts import HexPick
        from table.hexgrid import distance
        prompt = self.d.current()
        if isinstance(prompt, HexPick):
            grid = self.d.grid
            at = {v: h for h, opts in prompt.options.items() for v, _ in opts}
            if value in at and at[value] not in grid:
                value = min((v for v, h in at.items() if h in grid),
                            key=lambda v: (distance(at[v], at[value]), str(v)), default=value)
        for kind, what in inputs_for(prompt, value, self.buttons.inputs):
            if kind == "tap":
                self.tap(self.tags[what])
            else:
                self.press(what)

    def game(self, bot) -> int:
        from table.app.showing.views import Step
        from table.app.asking.prompts import Notice
        for v in ("en", "start", "start", "start", "auto", "box", "auto"):     # the box draws
            self.choose(v)
        maps = self.d.wizard.prompt.values                   # the last map, or a new one
        self.choose("last" if "last" in maps else "new")     # (not the box's tiles: laid apart)
        if self.d.mode == "wizard":                          # the map editor: accept its map
            self.done.clear()
            self.buttons.press("ok", long=True)
            self.done.wait(5)
        n = 0
        while self.d.mode != "over":
            if isinstance(self.d.current(), (Step, Notice)):
                self.press("ok")
            else:
                self.choose(bot(self.d.game))
                n += 1
        self.press("ok")                                      # back to the wizard
        return n


def games() -> dict:
    from table.app.daemon import Daemon
    from table.bots import RandomBot
    from table.cards import open_library
    from table.devices.build import build_devices
    from table.profiles import load

    open_library(examples=True)   # as run --sim: a library with a Supply deck, so the box draws
    with tempfile.TemporaryDirectory() as state:
        devices = build_devices(load(None), sim=True)
        daemon = Daemon(devices, state, seed=1)
        daemon.open_state()       # the state folder read now, so the tags enrolled below are kept
        tags = {f"04{i:012X}": c for i, c in enumerate(sorted(daemon.cards))}
        for uid, card in tags.items():
            daemon.tags.enrol(uid, card)
        driver = Driver(daemon, tags)
        result = {}

        def play():
            result["decisions"] = sum(driver.game(RandomBot(seed)) for seed in range(GAMES))

        run_beside(daemon, play)
        daemon.close()
        devices.close()
        p, cpu = driver.press_ms, driver.press_cpu_ms
        return {
            "games": GAMES, "decisions": result["decisions"], "presses": len(p),
            "taps": len(driver.tap_ms),
            "press_to_update_ms": {"p50": percentile(p, 50), "p99": percentile(p, 99),
                                   "max": max(p), "goal_p99": 30},
            "press_cpu_ms": {"p50": percentile(cpu, 50), "p90": percentile(cpu, 90),
                             "p99": percentile(cpu, 99), "max": max(cpu)},
            "tap_to_update_ms_p99": percentile(driver.tap_ms, 99) if driver.tap_ms else None,
            "rss_mb_this_process_after_games": rss_mb(),
        }


def run_beside(daemon, play) -> None:
    """Run the daemon on this thread's loop and ``play()`` in another thread (as a person's
    presses come from gpiozero's), from READY until it returns; its error is raised here."""
    failed = []

    def player():
        try:
            while not daemon.ready:
                time.sleep(0.001)
            play()
        except BaseException as err:     # report it from the main thread
            failed.append(err)
        finally:
            daemon.bridge.loop.call_soon_threadsafe(daemon.stop)

    async def main():
        thread = threading.Thread(target=player, daemon=True)
        thread.start()
        await daemon.run(started=gc.freeze)         # as worms-table run does once up
        thread.join()

    asyncio.run(main())
    if failed:
        raise failed[0]


#: the game a resumed start finds in progress: at least this many log entries
RESUME_ENTRIES = 300


def game_in_progress(state_dir: str, entries: int = RESUME_ENTRIES) -> str:
    """A state folder whose journal holds a four-team game between random bots, still in
    progress after ``entries`` log entries (as after a power cut late in a game): the long game
    of ``bench/run game``, its answers given again up to there."""
    from game import long_game

    from table.librarygame import LibraryGame
    from table.journal import Journal, JournaledGame

    played = long_game(entries)
    os.makedirs(state_dir, exist_ok=True)
    journal = Journal(os.path.join(state_dir, "journal.sqlite"), game_cls=LibraryGame)
    try:
        jg = JournaledGame.new(journal, played.config, played.seed)
        answers = iter(e["answer"] for e in played.log if "answer" in e)
        while len(jg.log) < entries:
            jg.answer(next(answers))
    finally:
        journal.close()
    return state_dir


def _start(state_dir: str, watch_s: float = 0.0) -> tuple[float, float | None, float | None]:
    """``worms-table run --sim --no-web`` on ``state_dir``: seconds to READY=1, and its
    resident memory then and ``watch_s`` seconds later (None without a wait)."""
    exe = Path(sys.executable).with_name("worms-table")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "notify.sock")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.settimeout(30)
        env = dict(os.environ, NOTIFY_SOCKET=path)
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(exe), "run", "--sim", "--no-web", "--state-dir", state_dir],
                                env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while "READY=1" not in sock.recv(4096).decode():
                pass
            ready = time.perf_counter() - t0
            rss_ready = rss_later = None
            if watch_s:
                rss_ready = rss_mb(proc.pid)
                time.sleep(watch_s)
                rss_later = rss_mb(proc.pid)
        finally:
            proc.terminate()
            proc.wait(20)
            sock.close()
    return ready, rss_ready, rss_later


def start_to_ready() -> dict:
    # the modules compiled first, as on the Pi (pip compiles what it installs); otherwise a
    # PYTHONDONTWRITEBYTECODE environment would time the compiler, not the start
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "table")],
                   stdout=subprocess.DEVNULL, check=False)
    with tempfile.TemporaryDirectory() as tmp:
        ready, rss_ready, rss_later = _start(os.path.join(tmp, "state"), watch_s=3)
        resumed = _start(game_in_progress(os.path.join(tmp, "resume")))[0]
    return {"start_to_ready_s": round(ready, 3), "goal_s": 2,
            "start_to_ready_resume_s": round(resumed, 3), "resume_log_entries": RESUME_ENTRIES,
            "rss_mb_process_ready": rss_ready, "rss_mb_process_after_3s": rss_later,
            "goal_rss_mb": 80}


def main() -> dict:
    import frames

    out = start_to_ready()
    out.update(games())
    out.update(frames.main())        # the LED animation with the OLED on a 100/400 kHz bus
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
