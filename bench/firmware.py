"""Benchmark of the Pico firmware under real MicroPython 1.27 (the WebAssembly port under
Node.js, as tests/firmware/test_firmware_micropython.py runs it).

- ``bytes_allocated_per_frame``: after a warm-up, the bytes the heap lost (gc.mem_free()
  with the collector off) while main.serve took 10,000+ bytes of LED frames, brightness
  changes, heartbeats and servo moves plus 2,000 sync bytes, through the decoder and the
  node to the replies, divided by the frames (goal 0).
- ``reset_after_exception_s``: main.run() with an exception injected into the strip
  driver the loop calls; the time from the exception to machine.reset() (the stand-in
  records the call), as the firmware's clock measures it (goal under 2).
- ``recovered_after_exception_s``: the whole way back, on the fake Pico (a pty running the
  firmware, tests/link/fakepico.py, which resets as main.run does: the port goes and comes
  back): from an exception in the firmware's loop to the host's LED frame shown again by
  the rebooted Pico (the host notices the port gone, reconnects, greets it, restores the
  frame); the worst of ``crashes`` tries.  A real Pico adds its reboot and USB enumeration.

``main()`` returns the figures as a dict; ``python bench/firmware.py`` prints them as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for _p in (REPO, REPO / "tests" / "firmware", REPO / "tests" / "link"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import logging  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import fakepico  # noqa: E402  (tests/link/fakepico.py)
import mpwasm  # noqa: E402  (tests/firmware/mpwasm.py)

from table.devices import DeviceError  # noqa: E402
from table.hexgrid import hexagon  # noqa: E402
from table.devices.link import open_link  # noqa: E402
from table.devices.pico import PicoLeds  # noqa: E402

PROBES = REPO / "tests" / "firmware" / "probes.py"

CODE = """
import sys, json, probes
allocated, fed, frames = probes.allocation(%d)
seconds = probes.reset_after_exception()
print("FIGURES " + json.dumps({"allocated": allocated, "fed": fed, "frames": frames,
                               "reset_s": seconds, "version": list(sys.implementation.version[:3])}))
"""


def recovered_after_exception(crashes: int = 5) -> list[float]:
    """Seconds from each injected exception to the host's frame shown again."""
    quiet = logging.getLogger("table.devices.link")
    level = quiet.level
    quiet.setLevel(logging.ERROR)          # the crashes are meant: no warnings for them
    times = []
    with tempfile.TemporaryDirectory() as folder:
        pico = fakepico.FakePico(folder)
        link = open_link(str(pico.path), ack_timeout=0.01, min_ack_timeout=0.002,
                         read_poll_s=0.002, reconnect_poll_s=0.05)
        strip = type(pico.node.strip)
        real = strip.show
        armed = []

        def show(self, pixels, cap):
            if armed:
                armed.clear()
                raise RuntimeError("injected: a bug in the strip driver")
            real(self, pixels, cap)

        strip.show = show
        try:
            leds = PicoLeds(link, hexagon((0, 0), 4), brightness=0.5)
            for k in range(crashes):
                leds.fill((k, 2 * k, 3 * k))
                leds.show()
                armed.append(True)
                leds.set((0, 0), (200, k, 0))
                try:
                    leds.show()
                except DeviceError:
                    pass
                deadline = time.monotonic() + 10
                while not (pico.frames and pico.pixels == leds.frame()):
                    if time.monotonic() > deadline:
                        raise RuntimeError("the host did not restore its frame within 10 s")
                    time.sleep(0.001)
                times.append(time.monotonic() - pico.crashed_at)
        finally:
            strip.show = real
            link.close()
            pico.close()
            quiet.setLevel(level)
    return times


def main(measured_bytes: int = 10_000) -> dict:
    done = mpwasm.run(CODE % measured_bytes, extra=[PROBES])
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("FIGURES ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the firmware probes failed under MicroPython:\n{done.stdout}{done.stderr}")
    f = json.loads(lines[-1][len("FIGURES "):])
    recovered = recovered_after_exception()
    return {
        "micropython": ".".join(str(v) for v in f["version"]),
        "bytes_fed": f["fed"],
        "frames_fed": f["frames"],
        "bytes_allocated": f["allocated"],
        "bytes_allocated_per_frame": round(f["allocated"] / f["frames"], 3),
        "reset_after_exception_s": round(f["reset_s"], 6),
        "recovered_after_exception_s_max": round(max(recovered), 3),
        "recovered_after_exception_s_mean": round(sum(recovered) / len(recovered), 3),
    }


if __name__ == "__main__":
    print(json.dumps(main()))
