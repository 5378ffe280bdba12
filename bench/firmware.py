"""Benchmark of the Pico firmware under real MicroPython 1.27 (the WebAssembly port under
Node.js, as tests/firmware/test_firmware_micropython.py runs it).

- ``bytes_allocated_per_frame``: after a warm-up, the bytes the heap lost (gc.mem_free()
  with the collector off) while main.serve took 10,000+ bytes of LED frames, brightness
  changes, heartbeats and servo moves plus 2,000 sync bytes, through the decoder and the
  node to the replies, divided by the frames (goal 0).
- ``reset_after_exception_s``: main.run() with an exception injected into the strip
  driver the loop calls; the time from the exception to machine.reset() (the stand-in
  records the call), as the firmware's clock measures it (goal under 2; on a Pico the
  board then reboots and the host reconnects, as ``bench/run link`` measures for a replug).

``main()`` returns the figures as a dict; ``python bench/firmware.py`` prints them as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for _p in (REPO / "tests" / "firmware",):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import mpwasm  # noqa: E402  (tests/firmware/mpwasm.py)

PROBES = REPO / "tests" / "firmware" / "probes.py"

CODE = """
import sys, json, probes
allocated, fed, frames = probes.allocation(%d)
seconds = probes.reset_after_exception()
print("FIGURES " + json.dumps({"allocated": allocated, "fed": fed, "frames": frames,
                               "reset_s": seconds, "version": list(sys.implementation.version[:3])}))
"""


def main(measured_bytes: int = 10_000) -> dict:
    done = mpwasm.run(CODE % measured_bytes, extra=[PROBES])
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("FIGURES ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the firmware probes failed under MicroPython:\n{done.stdout}{done.stderr}")
    f = json.loads(lines[-1][len("FIGURES "):])
    return {
        "micropython": ".".join(str(v) for v in f["version"]),
        "bytes_fed": f["fed"],
        "frames_fed": f["frames"],
        "bytes_allocated": f["allocated"],
        "bytes_allocated_per_frame": round(f["allocated"] / f["frames"], 3),
        "reset_after_exception_s": round(f["reset_s"], 6),
    }


if __name__ == "__main__":
    print(json.dumps(main()))
