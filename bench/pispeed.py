"""Pi speed: run the benchmarks with the CPU of a Raspberry Pi Zero 2 W (``bench/run --pi``).

A Pi Zero 2 W runs Python about eight times slower than one desktop core.  A cgroup CPU quota of
1 ms in every 8 ms gives this process, and every process it starts, one eighth of one CPU: the
period is short so a latency benchmark sees a slow CPU (a pause of 7 ms at worst) rather than a
fast one that stops for long stretches.  cgroup v1 (``/sys/fs/cgroup/cpu``) and cgroup v2 (a
``/sys/fs/cgroup`` whose ``cgroup.subtree_control`` offers ``cpu``) both work; either needs root.
Where neither is allowed, :class:`NoQuota` says why, and nothing runs at the wrong speed.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")
QUOTA_US = 1000      # the kernel's least quota: 1 ms ...
SHARE = 8            # ... in every 8 ms: a Pi Zero 2 W


class NoQuota(Exception):
    """The machine does not let this process put a CPU quota on itself."""


def _v1(root: Path) -> Path | None:
    cpu = root / "cpu"
    return cpu if (cpu / "cpu.cfs_quota_us").exists() else None


def _v2(root: Path) -> bool:
    control = root / "cgroup.subtree_control"
    try:
        return "cpu" in control.read_text().split()
    except OSError:
        return False


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as e:
        raise NoQuota(f"cannot write {path} ({e.strerror or e}); a CPU quota needs root "
                      "and a writable cgroup") from e


def _make_group(root: Path, share: int) -> tuple[Path, Path, str]:
    """The new group, the group to go back to, and a description of the quota."""
    period = QUOTA_US * share
    v1 = _v1(root)
    if v1 is not None:
        if not os.access(v1, os.W_OK):
            raise NoQuota(f"{v1} is not writable (a CPU quota needs root)")
        group = v1 / f"bench-pi-{os.getpid()}"
        group.mkdir()
        _write(group / "cpu.cfs_period_us", str(period))
        _write(group / "cpu.cfs_quota_us", str(QUOTA_US))
        return group, v1, f"cgroup v1 {group}"
    if _v2(root):
        if not os.access(root, os.W_OK):
            raise NoQuota(f"{root} is not writable (a CPU quota needs root)")
        group = root / f"bench-pi-{os.getpid()}"
        group.mkdir()
        _write(group / "cpu.max", f"{QUOTA_US} {period}")
        return group, root, f"cgroup v2 {group}"
    raise NoQuota(f"no cgroup CPU controller under {root} (neither v1 {root / 'cpu'} "
                  f"nor v2 with 'cpu' in {root / 'cgroup.subtree_control'})")


@contextmanager
def pi_speed(share: int = SHARE, root: Path | None = None) -> Iterator[str]:
    """Inside the block this process has 1 ms of CPU in every ``share`` ms; yields what it set.

    Raises :class:`NoQuota` (before anything runs) when the machine does not allow it.
    """
    group, parent, where = _make_group(CGROUP if root is None else root, share)
    # a SIGTERM (a `timeout`, a kill) ends the block as an exit does, so the group goes too
    before = signal.signal(signal.SIGTERM, _exit)
    try:
        _write(group / "cgroup.procs", str(os.getpid()))
        yield f"1 ms of CPU in every {share} ms ({where})"
    finally:
        signal.signal(signal.SIGTERM, before)
        if group.exists():
            try:
                (parent / "cgroup.procs").write_text(str(os.getpid()))
                group.rmdir()
            except OSError:
                pass   # a child still in the group: the kernel frees it when that child ends


def _exit(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
