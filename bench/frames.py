"""The LED animation while the OLED's bus is slow: whole games played through the daemon's
inputs on simulated devices whose OLED takes a real I2C bus's time per frame
(``build_devices(bus_time=True)``, ``display.bus_hz`` 100 kHz and 400 kHz).

* ``led_frame_interval_ms_p99``: the time between two frames of the LED animation (the
  daemon's ticker pushes an animated prompt's frame for now every 1/fps, on the loop), as the
  LEDs get them, while one prompt is on show (a press's own frame in between is not counted),
  while a game is played with a press every 50 ms.  Goal: within 5 ms of the animation
  period: neither the OLED's writes, nor a press, nor a journal commit may hold it.
* ``led_frame_interval_during_commits_ms_p99``: the same, for the frames held while the journal
  committed a press (``journal_commits``: how many commits).
* ``press_to_led_ms_p99``: from a button press (in another thread, as gpiozero's) to the LED
  frame it caused.  Goal: under 30 ms.

Imported by bench/daemon.py (``bench/run daemon``); ``python bench/frames.py`` alone too.
"""

from __future__ import annotations

import json
import tempfile
import time

from stats import ms, percentile

GAMES = 1


def _profile(bus_hz: int):
    from table.profiles import load

    profile = load(None)
    return profile._replace(display=profile.display._replace(bus_hz=bus_hz))


def at_bus(bus_hz: int) -> dict:
    from daemon import Driver, run_beside

    from table.app.daemon import Daemon
    from table.bots import RandomBot
    from table.cards import open_library
    from table.devices.build import build_devices
    from table.devices.display import frame_seconds

    open_library(examples=True)   # as run --sim: a library with a Supply deck, so the box draws
    with tempfile.TemporaryDirectory() as state:
        devices = build_devices(_profile(bus_hz), sim=True, bus_time=True)
        daemon = Daemon(devices, state, seed=3)
        daemon.open_state()       # the state folder read now, so the tags enrolled below are kept
        tags = {f"04{i:012X}": c for i, c in enumerate(sorted(daemon.cards))}
        for uid, card in tags.items():
            daemon.tags.enrol(uid, card)
        driver = Driver(daemon, tags)
        leds, display = devices.leds, devices.display
        # every LED frame as the LEDs get it: (time, the prompt on show, pushed by the
        # animation's ticker rather than by a change)
        pushes: list[tuple[float, int, bool]] = []
        _on_the_loop(daemon, leds, pushes)

        commits: list[tuple[float, float]] = []        # each journal commit: (start, end)
        journal = daemon.journal
        real_commit = journal._commit

        def commit(after):
            t0 = time.perf_counter()
            try:
                real_commit(after)
            finally:
                commits.append((t0, time.perf_counter()))
        journal._commit = commit

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
            "journal_commits": len(commits),
            "led_frame_interval_during_commits_ms_p99": percentile(during, 99) if during else None,
            "presses": len(press_to_led), "press_to_led_ms_p99": percentile(press_to_led, 99),
            "goal_press_to_led_ms_p99": 30,
        }


def _on_the_loop(daemon, leds, pushes: list) -> None:
    """Each frame a render pushes on the loop: when, the prompt on show, and whether the
    ticker's render (the animation) pushed it."""
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
