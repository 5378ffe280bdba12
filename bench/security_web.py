"""Benchmark of the page's pairing against a guesser (issue 10, items 1 and 2).

    bench/run security_web          # both figures, 60 s of guessing
    python bench/security_web.py [SECONDS]

The page is served as ``--host 0.0.0.0`` serves it (pairing required) but bound to
127.0.0.1, so that every byte stays on this machine.  Figures (goals from issue 10):

* ``pairing_guesses_evaluated_in_60s``: :func:`pairing_guesses_evaluated_in` -- one client
  sends codes as fast as it can, ignoring every refusal and Retry-After, for 60 s; how many
  of them the server compared with its code (goal: at most 10);
* ``pairing_guess_requests_in_60s``: how many requests that client got answered;
* ``table_presses_swallowed``: :func:`table_presses_swallowed` -- the real daemon with its
  page wired as ``worms-table run`` wires it; between bursts of wrong codes from many
  clients a player presses a button on the table; how many presses went to a screen the page
  put up instead of to the game (goal: 0).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HOST = "127.0.0.1"


class _Loop:
    """An asyncio loop in a thread (as the daemon's loop runs beside the clients here)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 30.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn):
        async def run():
            return fn()
        return self.run(run())

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def _guess(port: int, code: str, source: str = HOST) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", "/state", headers={"X-Pairing-Code": code})
        res = conn.getresponse()
        res.read()
        return res.status
    finally:
        conn.close()


def guessing(seconds: float = 60.0, host: str = HOST) -> dict:
    """One client guessing as fast as it can for ``seconds``: requests answered, codes the
    server evaluated, and the statuses it got."""
    from table import profiles as profile
    from table.devices.build import build_devices
    from table.web import serve

    devices = build_devices(profile.load(), sim=True)
    loop = _Loop()
    server = serve(devices, host=host, port=0, pairing=True)
    loop.run(server.start())
    rng = random.Random(1)
    statuses: dict[int, int] = {}
    conn = None
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if conn is None:
                conn = http.client.HTTPConnection(host, server.port, timeout=10)
            try:                          # keep-alive: as fast as one client can ask
                conn.request("GET", "/state",
                             headers={"X-Pairing-Code": f"{rng.randrange(10 ** 6):06d}"})
                res = conn.getresponse()
                res.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = None
                continue
            statuses[res.status] = statuses.get(res.status, 0) + 1
            if res.will_close:
                conn.close()
                conn = None
        evaluated = loop.call(lambda: server.pairing.evaluated)
    finally:
        if conn is not None:
            conn.close()
        loop.run(server.stop())
        loop.close()
        devices.close()
    return {"evaluated": evaluated, "requests": sum(statuses.values()),
            "statuses": {str(k): v for k, v in sorted(statuses.items())}}


def pairing_guesses_evaluated_in(seconds: float = 60.0, host: str = HOST) -> int:
    """How many codes the server evaluated for one client guessing as fast as it can for
    ``seconds`` against a page that needs pairing (goal: at most 10 in 60 s)."""
    return guessing(seconds, host)["evaluated"]


def table_presses_swallowed(rounds: int = 5, wrong_per_round: int = 25) -> int:
    """Presses on the table's own buttons that a screen put up by the page took (goal: 0).

    The real daemon runs with its page wired as ``worms-table run`` wires it (pairing on).
    The players dismiss the code shown at start; then, ``rounds`` times, ``wrong_per_round``
    wrong codes come from as many clients, and a player presses 4 (down) in the wizard's
    first menu: a press is swallowed if a screen the page put up was over the menu, or the
    menu's cursor did not move.
    """
    from table import profiles as profile
    from table.app.daemon import Daemon
    from table.commands.common import start_web
    from table.devices.build import build_devices

    devices = build_devices(profile.load(), sim=True)
    loop = _Loop()
    with tempfile.TemporaryDirectory() as state, open(os.devnull, "w") as quiet:
        parts = {}

        async def up():
            parts["daemon"] = daemon = Daemon(devices, state, seed=1, sim=True)
            stdout, sys.stdout = sys.stdout, quiet           # start_web prints the address
            try:
                parts["server"] = await start_web(devices, daemon, HOST, 0, pairing=True)
            finally:
                sys.stdout = stdout
            started = asyncio.Event()
            parts["task"] = asyncio.create_task(daemon.run(started=started.set))
            await started.wait()

        async def down():
            parts["daemon"].stop()
            await parts["task"]
            await parts["server"].stop()
            parts["daemon"].close()

        def press(name: str) -> None:
            devices.buttons.press(name)
            loop.call(lambda: None)                           # the press is handled by now
            loop.call(lambda: None)

        loop.run(up())
        try:
            daemon, server = parts["daemon"], parts["server"]
            code = loop.call(lambda: server.pairing_code)
            wrong = "000000" if code != "000000" else "111111"
            press("ok")                                       # the players read the code
            swallowed = 0
            for r in range(rounds):
                for n in range(wrong_per_round):
                    _guess(server.port, wrong, source=f"127.0.{r + 1}.{n + 1}")
                shown, menu = loop.call(lambda: (daemon.overlay, daemon.current()))
                before = getattr(menu, "cursor", None)
                press("4")
                after = loop.call(lambda: getattr(daemon.current(), "cursor", None))
                moved = before is not None and after == (before + 1) % len(menu.values)
                swallowed += shown is not None or not moved
        finally:
            loop.run(down())
            loop.close()
            devices.close()
    return swallowed


def main() -> dict:
    seconds = float(os.environ.get("SECURITY_GUESS_S", "60"))
    guesses = guessing(seconds)
    return {"pairing_guesses_evaluated_in_60s": guesses["evaluated"],
            "pairing_guess_requests_in_60s": guesses["requests"],
            "pairing_guess_statuses": guesses["statuses"],
            "guess_seconds": seconds,
            "table_presses_swallowed": table_presses_swallowed()}


if __name__ == "__main__":
    if len(sys.argv) > 1:
        os.environ["SECURITY_GUESS_S"] = sys.argv[1]
    print(json.dumps(main(), indent=2))
