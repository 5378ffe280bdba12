"""Benchmark of the host <-> Pico link over the fake Pico (a pty running the real firmware).

With 1% of bytes corrupted and 1% dropped in each direction, PicoLeds shows ``frames``
LED frames (each changes 1-8 random LEDs; every 50th refills the whole grid), and every
frame the strip received is compared with the one the host meant.  Then the Pico is
unplugged and plugged back ``replugs`` times; the reconnect time is from the replug to the
first acknowledged show on the fresh Pico.

``loop_stall_ms_mute_pico`` is the longest the event loop answers nothing while the Pico goes
mute: a loop pushes LED frames as the daemon's ticker does (15 a second, through the
supervisor and ``push_frame``), a heartbeat task on it ticks every millisecond, and the Pico
stops answering; the figure is the longest gap between two ticks from then until the link has
declared the Pico dead and the supervisor heard of it on the loop (``mute_pico_found_dead_s``
after the Pico went mute, the link's default ``dead_after_s`` of 2 s and a retransmission
timeout after it).  Goal: at most 50 ms, on the desktop and under ``--pi``.
``loop_stall_ms_answering_pico`` is the same gap in the 2.5 s before (about as long), the
Pico answering: what the machine's load alone costs the loop, to read the first by.  What the
process made before is frozen first, as ``worms-table run`` freezes what starting made
(``gc.freeze``): else a full pass of the garbage collector over the frames benchmark's heap
(over 100 ms at the Pi's speed) may fall in the window and be counted as the Pico's.

``post_to_led_ms_p50`` / ``_p99``: from ``PicoLeds.post`` (a press's frame, as the loop posts it)
to the fake Pico's strip showing it, one frame at a time (``post_to_led_frames`` of them): what
the link adds to a press's way to the LEDs.

``main()`` returns the figures as a dict; ``python bench/link.py`` prints them as JSON.

``link_buffer_max_bytes()`` (for ``bench/run security``) sends 10 MB of sync bytes (0x7E)
to the host's PicoLink over the pty and 10 MB to the Pico's firmware node, and returns the
most either decoder held meanwhile, in bytes (goal under 64 KiB; the codec's bound is
``linkcodec.KEEP``, 127 bytes).  ``python bench/link.py --buffers`` prints it.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

REPO = Path(__file__).resolve().parents[1]
for _p in (REPO, REPO / "tests" / "link"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import fakepico  # noqa: E402  (tests/link/fakepico.py)
from stats import percentile  # noqa: E402

from table.devices import DeviceError  # noqa: E402
from table.devices import linkcodec as C  # noqa: E402
from table.hexgrid import hexagon  # noqa: E402
from table.devices.link import open_link  # noqa: E402
from table.devices.pico import PicoLeds  # noqa: E402
from table.app.core.bridge import LoopBridge  # noqa: E402
from table.app.core.supervisor import Supervisor  # noqa: E402
from table.app.showing.views import push_frame  # noqa: E402


# a pty's round trip is well under a millisecond: the retransmission timeout may go low
ACK_TIMEOUT = 0.01
MIN_ACK_TIMEOUT = 0.002


def main(frames: int = 10_000, corrupt: float = 0.01, drop: float = 0.01, replugs: int = 5,
         seed: int = 7) -> dict:
    quiet = logging.getLogger("table.devices.link")
    level = quiet.level
    quiet.setLevel(logging.ERROR)          # the replugs are meant: no warnings for them
    try:
        figures = _run(frames, corrupt, drop, replugs, seed)
        figures.update(post_to_led())
        figures.update(mute_pico_stall())
        return figures
    finally:
        quiet.setLevel(level)


def post_to_led(frames: int = 500) -> dict:
    """From ``PicoLeds.post`` to the strip showing the frame (the module's docstring)."""
    shown = threading.Event()
    took: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        pico = fakepico.FakePico(folder, on_show=lambda frame: shown.set())
        link = open_link(str(pico.path))                 # the box's own timings
        leds = PicoLeds(link, hexagon((0, 0), 4))
        hexes = sorted(leds.hexes)
        try:
            for k in range(frames):
                leds.set(hexes[k % len(hexes)], (k % 256, 7, 9))
                shown.clear()
                t0 = time.monotonic()
                leds.post()
                if not shown.wait(10):
                    raise RuntimeError("a frame posted was not shown within 10 s")
                took.append(time.monotonic() - t0)
        finally:
            leds.close()
            link.close()
            pico.close()
    return {"post_to_led_frames": frames, "post_to_led_ms_p50": round(percentile(took, 50) * 1000, 2),
            "post_to_led_ms_p99": round(percentile(took, 99) * 1000, 2)}


def mute_pico_stall(fps: float = 15.0, answered_s: float = 2.5) -> dict:
    """The loop's longest silence while the Pico goes mute (the module's docstring)."""
    said = [logging.getLogger(name) for name in ("table.devices.link", "worms-table")]
    levels = [log.level for log in said]
    for log in said:
        log.setLevel(logging.CRITICAL)                   # the Pico's going is meant
    gc.collect()
    gc.freeze()
    with tempfile.TemporaryDirectory() as folder:
        pico = fakepico.FakePico(folder)
        link = open_link(str(pico.path))                 # the box's own timings
        leds = PicoLeds(link, hexagon((0, 0), 4))
        try:
            gaps, dead_s = asyncio.run(_mute_while_pushing(pico, leds, fps, answered_s))
        finally:
            leds.close()
            link.close()
            pico.close()
            for log, level in zip(said, levels):
                log.setLevel(level)
            gc.unfreeze()
    return {"loop_stall_ms_mute_pico": round(max(gaps[True]) * 1000, 1),
            "goal_loop_stall_ms_mute_pico": 50,
            "loop_stall_ms_answering_pico": round(max(gaps[False]) * 1000, 1),
            "mute_pico_found_dead_s": round(dead_s, 2)}


async def _mute_while_pushing(pico, leds, fps: float, answered_s: float):
    loop = asyncio.get_running_loop()
    told = asyncio.Event()
    sup = Supervisor(SimpleNamespace(leds=leds), bridge=LoopBridge(loop),
                     on_fault=lambda name, err: told.set())
    sup.open("leds")
    hexes = sorted(leds.hexes)
    gaps: dict[bool, list[float]] = {False: [], True: []}     # Pico muted: the loop's gaps
    muted = [False]

    async def heartbeat():
        last = time.monotonic()
        while True:
            await asyncio.sleep(0.001)
            now = time.monotonic()
            gaps[muted[0]].append(now - last)
            last = now

    async def frames():
        k = 0
        while True:
            k += 1
            sup.safely("leds", push_frame, leds, {h: (k % 256, i % 256, 9) for i, h in enumerate(hexes)})
            await asyncio.sleep(1 / fps)

    tasks = [asyncio.create_task(heartbeat()), asyncio.create_task(frames())]
    await asyncio.sleep(answered_s)                      # frames answered, as they should be
    muted[0], pico.mute = True, True
    start = time.monotonic()
    await asyncio.wait_for(told.wait(), 30)
    dead_s = time.monotonic() - start
    await asyncio.sleep(0.5)                             # and a while after
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return gaps, dead_s


def _run(frames: int, corrupt: float, drop: float, replugs: int, seed: int) -> dict:
    rng = random.Random(seed)
    shown: list[tuple] = []
    faults = fakepico.Faults(drop=drop, corrupt=corrupt)
    with tempfile.TemporaryDirectory() as folder:
        pico = fakepico.FakePico(folder, to_pico=faults, to_host=faults, seed=seed,
                                 on_show=shown.append)
        link = open_link(str(pico.path), ack_timeout=ACK_TIMEOUT, min_ack_timeout=MIN_ACK_TIMEOUT,
                         read_poll_s=0.002, reconnect_poll_s=0.05, window=4)
        try:
            leds = PicoLeds(link, hexagon((0, 0), 4), brightness=0.8)
            hexes = sorted(leds.hexes)
            expected = []
            start = time.monotonic()
            for i in range(frames):
                if i % 50 == 0:
                    leds.fill(_color(rng))
                for _ in range(rng.randint(1, 8)):
                    leds.set(rng.choice(hexes), _color(rng))
                leds.show()
                expected.append(leds.frame())
            elapsed = time.monotonic() - start
            n_shown = len(shown)
            wrong = sum(1 for a, b in zip(shown, expected) if a != b) + abs(n_shown - len(expected))
            stats = dict(link.stats)

            reconnects = []
            for _ in range(replugs):
                pico.unplug()
                while link.connected:
                    time.sleep(0.005)
                time.sleep(0.2)
                t0 = time.monotonic()
                pico.replug()
                while True:
                    try:
                        leds.set(rng.choice(hexes), _color(rng))
                        leds.show()
                        break
                    except DeviceError:
                        if time.monotonic() - t0 > 10:
                            raise
                        time.sleep(0.01)
                reconnects.append(time.monotonic() - t0)
                if shown[-1] != leds.frame():
                    wrong += 1
        finally:
            link.close()
            pico.close()
    return {
        "frames_sent": frames,
        "frames_shown": n_shown,
        "frames_wrong": wrong,
        "frames_per_s": round(frames / elapsed, 1),
        "bytes_corrupted_pct": corrupt * 100,
        "bytes_dropped_pct": drop * 100,
        "ack_timeout_s": [MIN_ACK_TIMEOUT, ACK_TIMEOUT],
        "retransmitted_messages": stats["retransmitted"],
        "timeouts": stats["timeouts"],
        "fast_retransmits": stats["fast_retransmits"],
        "garbage_bytes_skipped": stats["garbage_bytes"],
        "replugs": replugs,
        "reconnect_s_max": round(max(reconnects), 3) if reconnects else None,
        "reconnect_s_mean": round(sum(reconnects) / len(reconnects), 3) if reconnects else None,
    }


def link_buffer_max_bytes(total: int = 10_000_000, chunk: int = 65536) -> int:
    """The most bytes the host's or the Pico's link decoder held while ``total`` sync bytes
    came in (in chunks of ``chunk``), sampled after every chunk."""
    quiet = logging.getLogger("table.devices.link")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    run = bytes([C.SYNC]) * chunk
    held = [0]
    with tempfile.TemporaryDirectory() as folder:
        pico = fakepico.FakePico(folder)
        link = open_link(str(pico.path), dead_after_s=3600.0, heartbeat_s=3600.0)
        try:
            sent = 0
            while sent < total:                    # the host's side, through the pty
                pico.send_raw(run)
                sent += chunk
                held.append(link.buffered()[1])
            deadline = time.monotonic() + 120
            while link.stats["garbage_bytes"] < sent - 2 * chunk and time.monotonic() < deadline:
                time.sleep(0.05)
                held.append(link.buffered()[1])
            node = pico.node                       # the Pico's side (the same codec file)
            sent = 0
            while sent < total:
                node.feed(run)
                sent += chunk
                held.append(len(node.decoder.buf))
        finally:
            link.close()
            pico.close()
            quiet.setLevel(level)
    return max(held)


def _color(rng: random.Random) -> tuple[int, int, int]:
    return (rng.randrange(256), rng.randrange(256), rng.randrange(256))


if __name__ == "__main__":
    if sys.argv[1:] == ["--buffers"]:
        print(json.dumps({"link_buffer_max_bytes": link_buffer_max_bytes()}))
    elif sys.argv[1:] == ["--post"]:
        print(json.dumps(post_to_led()))
    elif sys.argv[1:] == ["--mute"]:
        print(json.dumps(mute_pico_stall()))
    else:
        frames = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
        print(json.dumps(main(frames=frames)))
