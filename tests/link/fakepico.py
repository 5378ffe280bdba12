"""A fake Pico on a pty pair, running the real firmware (firmware/main.py's build(), the
protocol node, the WS2812 and servo drivers) over the machine/rp2 stand-ins.

The host opens ``path``, a symlink standing in for /dev/serial/by-id/..., to the pty's
slave end.  Faults are injected on the Pico's side of the pty, each direction separately:
bytes dropped, corrupted, duplicated, delayed.  :meth:`unplug` removes the symlink and
closes the pty (the host's reads fail, as with a pulled cable); :meth:`replug` starts a
freshly booted Pico on a new pty behind the same path.  An exception in the firmware's
loop does what firmware/main.py's supervision does on a Pico: the board resets (the USB
port goes and comes back, as a fresh boot); ``crashes`` counts them.  ``now`` is the firmware's
millisecond clock (time.ticks_ms on a Pico): the machine's by default, or the test's own, so a
test of what the firmware does in time moves its time on itself instead of sleeping.

Used by tests/link/ and bench/link.py.
"""

from __future__ import annotations

import importlib.util
import os
import random
import select
import sys
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
for _p in (REPO / "tests" / "firmware" / "fakes", REPO / "firmware"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

_spec = importlib.util.spec_from_file_location("pico_main", REPO / "firmware" / "main.py")
pico_main = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pico_main)


@dataclass
class Faults:
    """Per-byte fault probabilities for one direction; ``delay_s`` is how long a delayed
    byte (and everything after it, order kept) is held back."""

    drop: float = 0.0
    corrupt: float = 0.0
    duplicate: float = 0.0
    delay: float = 0.0
    delay_s: float = 0.02


class _Pipe:
    """Applies Faults to a byte stream; releases bytes when their delay is over."""

    def __init__(self, faults: Faults, rng: random.Random):
        self.faults, self.rng = faults, rng
        self.held: list[tuple[float, bytes]] = []
        self.dropped = self.corrupted = self.duplicated = self.delayed = 0

    def push(self, data: bytes, now: float) -> bytes:
        f, rng = self.faults, self.rng
        if not (f.drop or f.corrupt or f.duplicate or f.delay) and not self.held:
            return data
        out = bytearray()
        for b in data:
            r = rng.random()
            if r < f.drop:
                self.dropped += 1
                continue
            if r < f.drop + f.corrupt:
                b ^= rng.randrange(1, 256)
                self.corrupted += 1
            out.append(b)
            if f.duplicate and rng.random() < f.duplicate:
                out.append(b)
                self.duplicated += 1
        if not out:
            return self.pop(now)
        if self.held or (f.delay and rng.random() < f.delay):
            if not self.held:
                self.delayed += 1
            release = max([now + f.delay_s] + [t for t, _ in self.held[-1:]])
            self.held.append((release, bytes(out)))
            return self.pop(now)
        return bytes(out)

    def pop(self, now: float) -> bytes:
        out = bytearray()
        while self.held and self.held[0][0] <= now:
            out += self.held.pop(0)[1]
        return bytes(out)


#: the host link's timings, fast enough for a fake Pico on a pty; the waits for a hello and
#: for an ack are long enough for a loaded machine (a test that wants one to run out sets its own)
FAST = dict(ack_timeout=0.02, min_ack_timeout=0.002, read_poll_s=0.002,
            reconnect_poll_s=0.02, connect_timeout=30.0, send_timeout=30.0)


class FakePico:
    def __init__(self, folder: str | os.PathLike, *, to_pico: Faults | None = None,
                 to_host: Faults | None = None, seed: int = 1, on_show=None,
                 name: str = "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00",
                 now=None):
        self.path = Path(folder) / name
        self.now = now or _ms
        self.to_pico = _Pipe(to_pico or Faults(), random.Random(seed))
        self.to_host = _Pipe(to_host or Faults(), random.Random(seed + 1))
        self.boots = 0
        self.on_show = on_show         # callback(frame) for every strip write: frames not kept
        self.mute = False              # True: the firmware hears nothing (what comes is dropped)
        self.crashes = 0
        self.supply_mv = 4950          # VSYS the firmware reports (0: "not measured", a Pico W)
        self.rail_mv = 5020            # the LED rail through the divider on GP26 (0: supply off)
        self.crashed_at: float | None = None      # time.monotonic() of the last crash
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self.node = None
        self._stop = threading.Event()
        self.plug()
        self._thread = threading.Thread(target=self._run, name="fake-pico", daemon=True)
        self._thread.start()

    # ---- the cable ------------------------------------------------------------------------

    def plug(self) -> None:
        """Boot a fresh Pico on a new pty and put the by-id symlink in place."""
        with self._lock:
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)     # a full pty drops bytes, like a USB buffer
            self._master, self._slave = master, slave
            self.reboot()
            tmp = self.path.with_name(self.path.name + ".new")
            if tmp.is_symlink():
                tmp.unlink()
            os.symlink(os.ttyname(slave), tmp)
            os.replace(tmp, self.path)

    def unplug(self) -> None:
        """The cable is pulled: the path disappears and the port fails."""
        with self._lock:
            if self.path.is_symlink():
                self.path.unlink()
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
            self.node = None

    replug = plug

    def reboot(self) -> None:
        """The firmware restarts (fresh state) while the port stays."""
        with self._lock:
            self.node = pico_main.build(self._write, now=self.now, diff=_minus,
                                        supply=lambda: self.supply_mv,
                                        rail=lambda: self.rail_mv)
            self.node.strip.sm.keep = self.on_show is None
            self.node.strip.sm.on_frame = self.on_show
            self.boots += 1

    def send_raw(self, data: bytes, chunk: int = 4096) -> None:
        """Write bytes to the host as they are (no frame, no faults), waiting while the
        pty is full."""
        view = memoryview(data)
        while view:
            with self._lock:
                master = self._master
                if master is None:
                    return
                try:
                    n = os.write(master, view[:chunk])
                except BlockingIOError:
                    n = 0
                except OSError:
                    return
            view = view[n:]
            if not n:
                select.select([], [master], [], 0.05)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.unplug()

    # ---- what the Pico shows ----------------------------------------------------------------

    @property
    def frames(self) -> list:
        """Every frame the LED strip was sent since this boot, as (r, g, b) per LED."""
        return self.node.strip.sm.frames

    @property
    def pixels(self) -> tuple:
        return self.frames[-1] if self.frames else ()

    # ---- the firmware's loop ------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        data = self.to_host.push(data, time.monotonic())
        if data and self._master is not None:
            try:
                os.write(self._master, data)
            except OSError:
                pass

    def _run(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master is None:
                time.sleep(0.002)
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.002)
            except (OSError, ValueError):
                continue
            with self._lock:
                if self._master != master or self.node is None:
                    continue
                now = time.monotonic()
                if ready:
                    try:
                        data = os.read(master, 4096)
                    except OSError:                  # nobody has the port open
                        data = b""
                    data = self.to_pico.push(data, now)
                else:
                    data = self.to_pico.pop(now)
                try:
                    if data and not self.mute:
                        self.node.feed(data)
                    late = self.to_host.pop(now)
                    if late:
                        try:
                            os.write(master, late)
                        except OSError:
                            pass
                    self.node.tick()
                except Exception:             # main.run: machine.reset() on any exception
                    self.crashes += 1
                    self.crashed_at = time.monotonic()
                    self.unplug()
                    self.plug()


def _ms() -> int:
    return int(time.monotonic() * 1000)


def _minus(a: int, b: int) -> int:
    return a - b
