"""The service's sandbox as systemd judges it: `systemd-analyze security --offline=yes`.

:func:`systemd_exposure` is the overall exposure of systemd/worms-table.service (0 safest,
10 least safe; the goal is at most 2.0), or None where systemd-analyze is missing or too old
for --offline (systemd 250+).  `bench/run security` prints it as `systemd_exposure`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "worms-table.service"
_LEVEL = re.compile(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)")


def analyze(*args: str) -> subprocess.CompletedProcess | None:
    """systemd-analyze with ``args``, or None where it is not installed."""
    exe = shutil.which("systemd-analyze")
    if exe is None:
        return None
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8",
                               "SYSTEMD_COLORS": "0", "SYSTEMD_PAGER": ""})


def systemd_exposure(unit: Path | str = UNIT) -> float | None:
    """The unit's overall exposure level by `systemd-analyze security --offline=yes`."""
    done = analyze("security", "--offline=yes", "--no-pager", str(unit))
    if done is None:
        return None
    found = _LEVEL.search(done.stdout + done.stderr)
    return float(found.group(1)) if found else None


def verify_problems(unit: Path | str = UNIT) -> list[str] | None:
    """What `systemd-analyze verify` says of the unit, less the install path (/opt/worms-table,
    absent off a Pi); None where systemd-analyze is missing."""
    done = analyze("verify", "--no-pager", str(unit))
    if done is None:
        return None
    return [line for line in (done.stdout + done.stderr).splitlines()
            if line.strip() and "/opt/worms-table" not in line]
