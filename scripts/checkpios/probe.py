"""scripts/check-pi-os --probe, run inside the booted container by its probe unit: the service's
READY, its watchdog pings, its restart after SIGKILL, its state folder kept, and its log."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path


def unit(*props: str) -> dict[str, str]:
    done = subprocess.run(["systemctl", "show", "worms-table", *(f"-p{p}" for p in props)],
                          capture_output=True, text=True)
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def wait_active(old_pid: str | None, deadline: float) -> dict[str, str] | None:
    while time.monotonic() < deadline:
        now = unit("ActiveState", "MainPID", "NRestarts", "ExecMainStartTimestampMonotonic",
                   "ActiveEnterTimestampMonotonic", "Result")
        if now.get("ActiveState") == "active" and now.get("MainPID", "0") not in ("0", old_pid):
            return now
        if now.get("ActiveState") == "failed" and now.get("Result") != "exit-code":
            return None
        time.sleep(0.5)
    return None


def state_files() -> dict[str, int]:
    folder = Path("/var/lib/worms-table")
    return {p.name: p.stat().st_size for p in folder.iterdir() if p.is_file()} \
        if folder.is_dir() else {}


def service_log() -> list[str]:
    """What the service's own process logged since the container booted."""
    return subprocess.run(["journalctl", "-b", "_SYSTEMD_UNIT=worms-table.service", "-o", "cat",
                           "--no-pager"], capture_output=True, text=True).stdout.splitlines()


def probe(out: Path) -> int:
    """Inside the container: the service's READY, watchdog, restart, state and log."""
    found: dict = {}
    started = wait_active(None, time.monotonic() + 900)
    if started is not None:
        found["ready_s"] = round((int(started["ActiveEnterTimestampMonotonic"])
                                  - int(started["ExecMainStartTimestampMonotonic"])) / 1e6, 1)
        found["restarts_before_ready"] = int(started.get("NRestarts", 0))
        pings, last, until = 0, None, time.monotonic() + 45
        while time.monotonic() < until:
            stamp = unit("WatchdogTimestampMonotonic").get("WatchdogTimestampMonotonic")
            if stamp not in (None, "0") and stamp != last:
                pings, last = pings + (last is not None), stamp
            time.sleep(1)
        found["watchdog_pings_45s"] = pings
        found["log_lines_no_devices"] = service_log()
        before = state_files()
        killed = time.monotonic()
        subprocess.run(["kill", "-9", started["MainPID"]])
        back = wait_active(started["MainPID"], time.monotonic() + 900)
        found["restart_after_kill_s"] = round(time.monotonic() - killed, 1) if back else None
        after = state_files()
        found["state_files"] = sorted(before)
        found["state_kept"] = bool(before) and all(after.get(n, -1) >= s for n, s in before.items())
    lines = service_log()
    found.setdefault("log_lines_no_devices", lines[:20])
    found["lines_naming_proc"] = [line for line in lines if "/proc" in line]
    found["tracebacks"] = [line for line in lines if "Traceback" in line][:10]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(found))
    return 0


#: what a line of the daemon's log may say about /proc and still pass, each with why; every
#: line naming /proc is printed (lines_naming_proc) and any other fails the check
#: (lines_proc_unexpected): a unit hiding part of /proc (issue 36) says "cannot be read"
