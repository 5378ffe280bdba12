"""The LED animation while the OLED's bus is slow: whole games played through the daemon's
inputs on simulated devices whose OLED takes a real I2C bus's time per frame
(``build_devices(bus_time=True)``, ``display.bus_hz`` 100 kHz and 400 kHz).

* ``led_frame_interval_ms_p99``: the time between two frames of the LED animation (the
  daemon's ticker plans an animated prompt's next frames every 1/fps, and the LEDs' own thread
  shows each when due), as the LEDs get them, while one prompt is on show (a press's own frame
  in between is not counted), while a game is played with a press every 50 ms.  Goal: within
  5 ms of the animation period: neither the OLED's writes, nor a press, nor a journal commit
  may hold it.
* ``led_frame_interval_during_commits_ms_p99``: the same, for the frames held while the journal
  committed a press (``journal_commits``: how many commits).
* ``led_frame_late_ms_p99``: how late each animation frame reached the LEDs after the beat it
  was planned for (None before the LEDs had their own thread).  A press's frame that goes out
  just as a beat falls due takes that beat's place, so the interval figure above can read two
  periods where the LEDs in fact changed on time; this one says how regular the beats are.
* ``press_to_led_ms_p99``: from a button press (in another thread, as gpiozero's) to the LED
  frame it caused.  Goal: under 30 ms.

Imported by bench/daemon.py (``bench/run daemon``); ``python bench/frames.py`` alone too.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
import time

from stats import ms, percentile

GAMES = 1


def _profile(bus_hz: int):
    from table.profiles import load

    profile = load(None)
    return dataclasses.replace(profile, display=dataclasses.replace(profile.display, bus_hz=bus_hz))


def at_bus(bus_hz: int) -> dict:
    from daemon import Driver, run_beside

    from table.app.daemon import Daemon
    from table.bots import RandomBot
    from table.cards import use_examples
    from table.devices.build import build_devices
    from table.devices.display import frame_seconds

    use_examples()            # as run --sim: a library with a Supply deck, so the box draws
    with tempfile.TemporaryDirectory() as state:
        devices = build_devices(_profile(bus_hz), sim=True, bus_time=True)
        daemon = Daemon(devices, state, seed=3)
        tags = {f"04{i:012X}": c for i, c in enumerate(sorted(daemon.cards))}
        for uid, card in tags.items():
            daemon.tags.enrol(uid, card)
        driver = Driver(daemon, tags)
        leds, display = devices.leds, devices.display
        # every LED frame as the LEDs' own thread shows it: (time, the prompt on show when it
        # was posted, planned by the animation rather than shown at once after a change)
        pushes: list[tuple[float, int, bool]] = []
        late: list[float] = []              # each animation frame: ms after its beat
        if hasattr(leds, "post"):
            _in_their_thread(daemon, leds, pushes, late)
        else:                    # (before the LEDs had their own thread: pushed by each render)
            _on_the_loop(daemon, leds, pushes)

        commits: list[tuple[float, float]] = []        # each journal commit: (start, end)
        journal = daemon.journal
        # (the COMMIT itself; from issue 20 on, in the journal's writer thread)
        name = "_commit_now" if hasattr(journal, "_commit_now") else "_commit"
        real_commit = getattr(journal, name)

        def commit(arg):
            t0 = time.perf_counter()
            try:
                real_commit(arg)
            finally:
                commits.append((t0, time.perf_counter()))
        setattr(journal, name, commit)

        press_to_led: list[float] = []
        real_press = driver.buttons.press

        def press(name, **kw):
            t0 = time.perf_counter()
            n = len(pushes)
            real_press(name, **kw)
            deadline = time.perf_counter() + 5
            while len(pushes) == n and time.perf_counter() < deadline:
                time.sleep(0.0002)
            if len(pushes) > n:
                press_to_led.append(ms(pushes[n][0] - t0))
            time.sleep(0.05)                # a quick player: the animation runs in between
        driver.buttons.press = press

        def play():
            for seed in range(GAMES):
                driver.game(RandomBot(seed))
                time.sleep(0.5)             # the end screen's animation, undisturbed

        run_beside(daemon, play)
        daemon.close()
        devices.close()
        period = ms(1 / daemon.fps)
        # the animation's beat: from one of its frames to the next, while one prompt is on show
        # (a change's own frame in between, a cursor moved, is not one of them)
        held = []
        last = None                   # the last animation frame, while its prompt is on show
        for when, prompt, planned in pushes:
            if last is not None and prompt != last[1]:
                last = None           # another prompt's frame came between: not one animation
            if planned:
                if last is not None:
                    held.append((last[0], when))
                last = (when, prompt)
        intervals = [ms(b - a) for a, b in held]
        # ... and those of them during which the journal committed a press
        during = [ms(b - a) for a, b in held if any(c0 < b and c1 > a for c0, c1 in commits)]
        return {
            "bus_hz": bus_hz, "oled_frame_ms": ms(frame_seconds(bus_hz)),
            "oled_frames": display.frames,
            "animation_period_ms": period,
            "led_frames": len(pushes), "led_frame_interval_ms_p99": percentile(intervals, 99),
            "goal_led_frame_interval_ms_p99": round(period + 5, 1),
            "led_frame_late_ms_p99": percentile(late, 99) if late else None,
            "journal_commits": len(commits),
            "led_frame_interval_during_commits_ms_p99": percentile(during, 99) if during else None,
            "presses": len(press_to_led), "press_to_led_ms_p99": percentile(press_to_led, 99),
            "goal_press_to_led_ms_p99": 30,
        }


def _in_their_thread(daemon, leds, pushes: list, late: list) -> None:
    """Each frame the LEDs' own thread shows, told by the very object posted (frames of the
    same colours are alike): the prompt on show when it was posted, and whether the animation
    planned it."""
    from table.devices.worker import Paced

    real_post, real_show = leds.post, leds._show_staged
    posted: dict[int, tuple] = {}                   # id(value): (value, (prompt, planned))
    tag = [(0, False)]

    def show_staged(staged):
        real_show(staged)
        _, tagged, at = posted.get(id(staged), (None, (0, False), None))
        pushes.append((time.perf_counter(), *tagged))
        if at is not None:                          # an animation frame: how late for its beat
            late.append(ms(time.monotonic() - at))
    leds._show_staged = show_staged
    pacer = leds._pacer = Paced(show_staged, name="bench LEDs",
                                on_error=lambda err: leds.on_error and leds.on_error(err))
    real_pace = pacer.post

    def pace(value, at=None):
        posted[id(value)] = (value, tag[0], at)     # (kept: its id is not reused)
        real_pace(value, at)
    pacer.post = pace

    def post(frame, at=None):
        tag[0] = (id(daemon.current()), at is not None)
        real_post(frame, at)
    leds.post = post


def _on_the_loop(daemon, leds, pushes: list) -> None:
    """Where each render pushes its frame on the loop: the same figures (a code from before
    the LEDs' own thread, measured side by side)."""
    real_push, real_render = leds._push, daemon.render
    animating = [False]

    def push(frame):
        real_push(frame)
        pushes.append((time.perf_counter(), id(daemon.current()), animating[0]))
    leds._push = push

    def render(leds_only=False):
        animating[0] = leds_only
        try:
            real_render(leds_only)
        finally:
            animating[0] = False
    daemon.render = render


def main() -> dict:
    return {f"bus_{hz // 1000}khz": at_bus(hz) for hz in (100_000, 400_000)}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
