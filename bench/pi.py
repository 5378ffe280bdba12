"""A Raspberry Pi Zero 2 W's CPU for a benchmark: 1/8 of one core, by a cgroup CPU quota.

A Pi Zero 2 W runs Python about eight times slower than one desktop core.  A CPU quota of 1 ms
in every 8 ms period (cgroup v1 ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``, or cgroup v2
``cpu.max``) gives a process and its children that share of one core; the period is short so
that a latency benchmark sees a slow CPU (at worst a 7 ms pause) rather than bursts of full
speed.  It needs root and a writable cgroup CPU controller; :func:`pi_cgroup` says plainly
when the machine does not allow one.

>>> with pi_cgroup() as group:                       # doctest: +SKIP
...     subprocess.run(group.wrap(["python3", "bench/runner.py", "daemon"]))
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

SHARE = 8                      # a Pi Zero 2 W: 1/8 of one desktop core
V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup")


class NoQuota(Exception):
    """The machine allows no CPU quota here (not root, or no writable cgroup CPU controller)."""


class Group:
    def __init__(self, path: Path):
        self.path = path

    def wrap(self, cmd: list[str]) -> list[str]:
        """``cmd`` run inside the group (the shell joins it, then becomes ``cmd``)."""
        procs = self.path / "cgroup.procs"
        return ["sh", "-c", f'echo $$ > "{procs}" && exec "$@"', "sh", *cmd]


def _make_v1(name: str, share: int) -> Path:
    group = V1 / name
    group.mkdir()
    (group / "cpu.cfs_period_us").write_text(str(1000 * share))
    (group / "cpu.cfs_quota_us").write_text("1000")
    return group


def _make_v2(name: str, share: int) -> Path:
    if "cpu" not in (V2 / "cgroup.subtree_control").read_text().split():
        (V2 / "cgroup.subtree_control").write_text("+cpu")
    group = V2 / name
    group.mkdir()
    (group / "cpu.max").write_text(f"1000 {1000 * share}")
    return group


@contextlib.contextmanager
def pi_cgroup(share: int = SHARE):
    """A cgroup with 1/``share`` of one CPU, removed afterwards; raises :class:`NoQuota` with
    the reason where there can be none."""
    name = f"worms-pi-{os.getpid()}"
    if os.geteuid() != 0:
        raise NoQuota("a CPU quota needs root (run as root, or under sudo)")
    errors = []
    group = None
    for make, base in ((_make_v1, V1), (_make_v2, V2 / "cgroup.controllers")):
        if not base.exists():
            continue
        try:
            group = make(name, share)
            break
        except OSError as err:
            errors.append(f"{base}: {err.strerror or err}")
    if group is None:
        raise NoQuota("no writable cgroup CPU controller here"
                      + (f" ({'; '.join(errors)})" if errors else " (/sys/fs/cgroup has none)"))
    try:
        yield Group(group)
    finally:
        with contextlib.suppress(OSError):
            group.rmdir()
