"""The service side: sd_notify over a real socket, the systemd unit, the udev rule, and
`worms-table run` as a process that runs until it is stopped."""

import asyncio
import configparser
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from table.app.core.systemd import Notifier
from tests.programs import needs_program

from tests.polling import until, until_async

from .driver import running, sim_daemon

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "worms-table.service"
WORMS_TABLE = str(Path(sys.executable).with_name("worms-table"))      # the console script


def notify_socket(tmp_path):
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(5)
    return sock, path


def test_ready_once_the_devices_are_up_then_watchdog_pings_from_the_loop(tmp_path):
    sock, path = notify_socket(tmp_path)
    notifier = Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "40000"})
    assert notifier.watchdog_interval == 0.02

    got = []
    sock.setblocking(False)

    def drain():
        while True:
            try:
                got.append(sock.recv(4096).decode())
            except BlockingIOError:
                return

    async def main():
        daemon = sim_daemon(tmp_path / "state", notifier=notifier)
        async with running(daemon):
            up = set(daemon.dev)
            def pinged() -> bool:                    # however slow the machine: pings go on
                drain()
                return got.count("WATCHDOG=1") >= 3
            await until_async(pinged, timeout=30, what="three watchdog pings")
        return up

    up = asyncio.run(main())
    sock.setblocking(True)
    sock.settimeout(0.2)
    try:
        while True:
            got.append(sock.recv(4096).decode())
    except TimeoutError:
        pass
    assert got[0].startswith("READY=1")
    assert up == {"display", "leds", "wind", "buttons", "card_reader"}
    assert got.count("WATCHDOG=1") >= 3
    assert got[-1] == "STOPPING=1"


def test_outside_systemd_nothing_is_sent():
    n = Notifier.from_env({})
    assert n.address is None and n.watchdog_interval is None
    assert n.ready() is False and (n.count, n.last) == (1, "READY=1")
    for _ in range(1000):
        n.watchdog()
    assert (n.count, n.last) == (1001, "WATCHDOG=1") and not hasattr(n, "sent")


def test_the_watchdog_is_for_this_process_only():
    assert Notifier.from_env({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "1000000",
                              "WATCHDOG_PID": "1"}).watchdog_usec is None


def unit_keys():
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(UNIT)
    return parser


def test_the_unit_has_the_keys_the_service_relies_on():
    u = unit_keys()
    s = u["Service"]
    assert s["Type"] == "notify" and s["Restart"] == "on-failure"
    assert int(s["WatchdogSec"]) > 0
    assert s["User"] == "worms-table" and s["User"] != "root"
    assert set(s["SupplementaryGroups"].split()) == {"gpio", "i2c", "dialout"}
    assert s["StateDirectory"] == "worms-table"
    assert s["ProtectSystem"] == "strict"
    for key in ("NoNewPrivileges", "PrivateTmp", "ProtectHome"):
        assert s[key] == "yes", key
    assert "worms-table run" in s["ExecStart"]
    assert u["Install"]["WantedBy"] == "multi-user.target"
    # bounds a hostile network cannot push past (issue 24): files, memory, threads
    assert 256 <= int(s["LimitNOFILE"]) <= 4096
    assert s["MemoryMax"].endswith("M") and int(s["MemoryMax"][:-1]) <= 512
    assert int(s["TasksMax"]) > 0


@needs_program("systemd-analyze", "systemd")
def test_systemd_verifies_the_unit_with_this_checkouts_command(tmp_path):
    """systemd's own check, with ExecStart pointed at this checkout's command."""
    unit = tmp_path / "worms-table.service"
    unit.write_text(UNIT.read_text().replace("/opt/worms-table/.venv/bin/worms-table",
                                             WORMS_TABLE))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "worms-table.service" not in done.stderr, done.stderr


def test_the_udev_rule_matches_the_pico_and_gives_it_to_dialout():
    rule = (ROOT / "systemd" / "60-worms-table-pico.rules").read_text()
    line = next(ln for ln in rule.splitlines() if ln and not ln.startswith("#"))
    assert 'ATTRS{idVendor}=="2e8a"' in line and 'ATTRS{idProduct}=="0005"' in line
    assert 'GROUP="dialout"' in line and 'SUBSYSTEM=="tty"' in line


def start(tmp_path, *extra):
    env = dict(os.environ, STATE_DIRECTORY=str(tmp_path / "state"))
    env.pop("NOTIFY_SOCKET", None)
    return subprocess.Popen([WORMS_TABLE, "run", "--sim", *extra],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_run_sim_without_a_tty_runs_until_stopped_and_prints_the_page(tmp_path):
    proc = start(tmp_path, "--port", "0")
    try:
        lines = [proc.stdout.readline() for _ in range(2)]
        page = next(ln for ln in lines if ln.startswith("simulator: "))
        assert page.strip().startswith("simulator: http://127.0.0.1:")
        assert "oled" in http(page.split()[1], "/state")  # serving, with stdin closed
        assert proc.poll() is None
        assert any(str(tmp_path / "state") in ln for ln in lines)
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert (tmp_path / "state" / "journal.sqlite").exists()


def test_run_names_a_bad_profile_without_a_traceback(tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text("[wind\n")
    done = subprocess.run([WORMS_TABLE, "run", "--profile", str(bad),
                           "--state-dir", str(tmp_path / "s")], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "not valid TOML" in done.stderr and "Traceback" not in done.stderr


def http(url, path, data=None):
    import json
    import urllib.request
    req = urllib.request.Request(url + path.lstrip("/"), method="POST" if data is not None
                                 else "GET", data=None if data is None
                                 else json.dumps(data).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def settled(url: str) -> dict:
    """The page's state once what it shows (the OLED, the wind) reads the same twice running."""
    reads = [http(url, "/state")]

    def same() -> bool:
        reads.append(http(url, "/state"))
        return all(reads[-1][k] == reads[-2][k] for k in ("oled", "wind"))
    until(same, what="the page's state settled")
    return reads[-1]


def test_killed_mid_game_the_box_comes_back_to_the_same_screen(tmp_path):
    """The whole program as a process, played through the simulator page's buttons (OK only:
    the defaults), killed with SIGKILL, started again: the same screen, the same journal."""
    from table.journal import Journal

    def page(proc):
        while True:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            if line.startswith("simulator: "):
                return line.split()[1]

    proc = start(tmp_path, "--port", "0", "--seed", "12")
    try:
        url = page(proc)
        for _ in range(40):         # the wizard on its defaults: OK, and a long OK where OK
            state = settled(url)    # no longer moves it on (the map's tiles all laid)
            if state["mode"] == "play":
                break
            http(url, "/press", {"name": "ok"})
            if settled(url)["oled"] == state["oled"]:
                http(url, "/press", {"name": "ok", "long": True})
        assert state["mode"] == "play", state["oled"]
        for _ in range(60):
            http(url, "/press", {"name": "ok"})
        http(url, "/press", {"name": "back"})   # (closes a sub-menu: not a state to keep)
        before = settled(url)
    finally:
        proc.kill()
        proc.wait(10)
    with Journal(tmp_path / "state" / "journal.sqlite") as j:
        game_id = j.latest_unfinished()
        entries = j.entries(game_id)
    assert game_id is not None and any("answer" in e for e in entries)

    proc = start(tmp_path, "--port", "0", "--seed", "12")
    try:
        after = http(page(proc), "/state")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)
    with Journal(tmp_path / "state" / "journal.sqlite") as j:
        assert j.latest_unfinished() == game_id and j.entries(game_id) == entries
    assert after["oled"] == before["oled"]
    assert after["wind"] == before["wind"]
