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
    """An asyncio loop in a thread (as the daemon's loop runs beside the clients here), with
    a watch on its longest pause: a task that asks to wake every 5 ms and notes how late it
    woke (what a button press would have waited for)."""

    TICK_S = 0.005

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.longest = 0.0
        self._watching = True
        self._watch = asyncio.run_coroutine_threadsafe(self._watcher(), self.loop)

    async def _watcher(self) -> None:
        while self._watching:
            t = time.monotonic()
            await asyncio.sleep(self.TICK_S)
            self.longest = max(self.longest, time.monotonic() - t - self.TICK_S)

    def longest_pause_ms(self) -> float:
        """The longest pause since the last call, in ms (and start again)."""
        longest, self.longest = self.longest, 0.0
        return round(longest * 1000, 1)

    def run(self, coro, timeout: float = 30.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn):
        async def run():
            return fn()
        return self.run(run())

    def close(self) -> None:
        self._watching = False
        self._watch.result(10)
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


def _page(pairing: bool = True):
    """(loop, server, devices, codes) of a page served as --host 0.0.0.0 serves it."""
    from table import profiles as profile
    from table.devices.build import build_devices
    from table.web import serve

    devices = build_devices(profile.load(), sim=True)
    loop = _Loop()
    codes: list[str] = []
    server = serve(devices, host=HOST, port=0, pairing=pairing, on_pairing_code=codes.append)
    loop.run(server.start())
    return loop, server, devices, codes


def _down(loop, server, devices) -> None:
    loop.run(server.stop())
    loop.close()
    devices.close()


def _hammer(port: int, seconds: float, rng) -> dict:
    """One client sending codes as fast as it can (keep-alive) for ``seconds``."""
    statuses: dict[int, int] = {}
    conn = None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if conn is None:
            conn = http.client.HTTPConnection(HOST, port, timeout=10)
        try:                              # keep-alive: as fast as one client can ask
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
    if conn is not None:
        conn.close()
    return statuses


def _sources(port: int, n: int, each: int, wrong: str, first: int = 1) -> None:
    for k in range(first, first + n):
        for _ in range(each):
            _guess(port, wrong, source=f"127.0.{k // 250 + 1}.{k % 250 + 1}")


def guessing(seconds: float = 60.0, host: str = HOST) -> dict:
    """One client guessing as fast as it can for ``seconds``: requests answered, codes the
    server evaluated, the statuses it got, the loop's longest pause meanwhile."""
    loop, server, devices, _ = _page()
    try:
        statuses = _hammer(server.port, seconds, random.Random(1))
        evaluated = loop.call(lambda: server.pairing.evaluated)
        pause = loop.longest_pause_ms()
    finally:
        _down(loop, server, devices)
    return {"evaluated": evaluated, "requests": sum(statuses.values()),
            "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "longest_pause_ms": pause}


def many_sources(sources: int = 200, each: int = 5) -> dict:
    """``sources`` addresses sending ``each`` wrong codes apiece, then the person at the table
    types the code (from an address of their own); then pairing closes, the same addresses
    send a code each while it is closed, someone at the table opens it again, the addresses
    try again, and the person types the new code.  Evaluated codes in all and per source,
    whether the person got in each time, the loop's longest pause."""
    loop, server, devices, codes = _page()
    pairing = server.pairing
    try:
        wrong = "000000" if codes[0] != "000000" else "111111"
        _sources(server.port, sources, each, wrong)
        first = loop.call(lambda: pairing.evaluated)
        person_first = _guess(server.port, codes[0], source="127.0.250.250")
        loop.call(pairing.close)
        first += 1
        _sources(server.port, sources, 1, codes[0])          # the right code, while closed
        while_closed = loop.call(lambda: pairing.evaluated) - first
        loop.call(server.open_pairing)
        _sources(server.port, sources, each, wrong)
        person_again = _guess(server.port, codes[-1], source="127.0.250.251")
        by_source = loop.call(lambda: dict(pairing.by_source))
        total = loop.call(lambda: pairing.evaluated)
        pause = loop.longest_pause_ms()
    finally:
        _down(loop, server, devices)
    return {"sources": sources, "codes_each": each, "evaluated_first_opening": first,
            "evaluated_while_closed": while_closed, "evaluated_in_all": total,
            "evaluated_per_source_max": max(by_source.values()),
            "person_paired_first": person_first == 200,
            "person_paired_after_reopening": person_again == 200,
            "longest_pause_ms": pause}


def _paired_session(port: int, code: str, source: str) -> str:
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", "/state", headers={"X-Pairing-Code": code})
        res = conn.getresponse()
        res.read()
        return res.getheader("Set-Cookie").split(";")[0].split("=", 1)[1]
    finally:
        conn.close()


def _get(port: int, path: str, session: str, source: str, body: dict | None = None) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(source, 0))
    try:
        headers = {"Cookie": f"worms_session={session}"}
        if body is None:
            conn.request("GET", path, headers=headers)
        else:
            conn.request("POST", path, body=json.dumps(body),
                         headers={**headers, "Content-Type": "application/json"})
        res = conn.getresponse()
        res.read()
        return res.status
    except OSError:
        return 0
    finally:
        conn.close()


def _slowloris(port: int, socks: dict, sources: int, per_source: int) -> None:
    """Top up ``sources`` addresses' connections to ``per_source`` each, and send one more
    byte of a request on each (a request a byte a second)."""
    import socket
    for k in range(sources):
        mine = socks.setdefault(k, [])
        for s in list(mine):
            try:
                s.sendall(b"X")
            except OSError:
                s.close()
                mine.remove(s)
        while len(mine) < per_source:
            try:
                s = socket.create_connection((HOST, port), timeout=2,
                                             source_address=(f"127.0.9.{k + 1}", 0))
                s.sendall(b"GET /state HTTP/1.1\r\n")
                mine.append(s)
            except OSError:
                break


def page_attacks() -> dict:
    """The loop's longest pause (ms) while strangers hold connections (slowloris from 8
    addresses, a byte a second), while a paired page opens 40 event streams, and while the
    card form is asked 40 checks with 345 owner cards in the library; and whether a paired
    page was served meanwhile (a status per attack: 200 is served)."""
    out = {}
    loop, server, devices, codes = _page()
    try:
        session = _paired_session(server.port, codes[0], "127.0.8.1")
        socks: dict = {}
        loop.longest_pause_ms()
        served = []
        for second in range(8):
            _slowloris(server.port, socks, 8, 16)
            if second >= 2:
                served.append(_get(server.port, "/state", session, "127.0.8.1"))
            time.sleep(1.0)
        out["slowloris"] = loop.longest_pause_ms()
        out["slowloris_paired_page_statuses"] = served
        for mine in socks.values():
            for s in mine:
                s.close()
        streams = []
        import socket
        for _ in range(40):
            try:
                s = socket.create_connection((HOST, server.port), timeout=2,
                                             source_address=("127.0.8.1", 0))
                s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\nCookie: worms_session="
                          + session.encode() + b"\r\n\r\n")
                streams.append(s)
            except OSError:
                pass
        time.sleep(1.0)
        out["event_streams"] = loop.longest_pause_ms()
        out["event_streams_held_by_one_page"] = loop.call(server.streams)
        other = _paired_session(server.port, codes[0], "127.0.8.2")
        out["event_streams_other_page_status"] = _stream_status(server.port, other, "127.0.8.2")
        for s in streams:
            s.close()
        with tempfile.TemporaryDirectory() as folder:
            _owner_cards(Path(folder), 345)
            os.environ["WORMS_TABLE_CARDS"] = folder
            try:
                loop.longest_pause_ms()
                card = {"id": "sheep", "kind": "supply", "names": {"en": "Sheep"},
                        "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]}
                statuses = [_get(server.port, "/cards/check", session, "127.0.8.1",
                                 {"card": card}) for _ in range(40)]
                out["card_form_345_owner_cards"] = loop.longest_pause_ms()
                out["card_form_statuses"] = sorted(set(statuses))
            finally:
                del os.environ["WORMS_TABLE_CARDS"]
    finally:
        _down(loop, server, devices)
    return out


def _stream_status(port: int, session: str, source: str) -> int:
    import socket
    with socket.create_connection((HOST, port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\nCookie: worms_session="
                  + session.encode() + b"\r\n\r\n")
        head = s.recv(64).split(b" ")
        return int(head[1]) if len(head) > 1 and head[1].isdigit() else 0


def _owner_cards(folder: Path, n: int) -> None:
    for i in range(n):
        (folder / f"c{i}.toml").write_text(
            f'[[cards]]\nid = "owner_{i}"\nkind = "supply"\nnames = {{ en = "Owner {i}" }}\n'
            'target = "any"\naction = ["TEXT"]\ntext = [{ do = "blast" }]\n')


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
                parts["server"] = await start_web(devices, daemon.page, HOST, 0, pairing=True)
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
            "pairing_guess_longest_pause_ms": guesses["longest_pause_ms"],
            "guess_seconds": seconds,
            "pairing_many_sources": many_sources(),
            "table_presses_swallowed": table_presses_swallowed()}


if __name__ == "__main__":
    if len(sys.argv) > 1:
        os.environ["SECURITY_GUESS_S"] = sys.argv[1]
    print(json.dumps(main(), indent=2))
