"""The service's sandbox as systemd judges it: `systemd-analyze security --offline=yes`.

:func:`systemd_exposure` is the overall exposure of systemd/worms-table.service (0 safest,
10 least safe; the goal is at most 2.0), or None where systemd-analyze is missing or too old
for --offline (systemd 250+).  `bench/run security` prints it as `systemd_exposure`.

:func:`proc_mount_options`, :func:`proc_shows` and :func:`unit_hides` say what the service's own
/proc holds (ProtectProc=, ProcSubset=, ProtectKernelTunables=...), and
:func:`kernel_proc_entries` asks the kernel itself, where it lets an unprivileged mount happen.
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


def service_settings(unit: Path | str = UNIT) -> dict[str, list[str]]:
    """The unit's [Service] settings: name -> every value it is given, in order."""
    settings: dict[str, list[str]] = {}
    section = None
    for raw in Path(unit).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line:
            name, value = line.split("=", 1)
            settings.setdefault(name.strip(), []).append(value.strip())
    return settings


def proc_mount_options(unit: Path | str = UNIT) -> str:
    """The options systemd mounts the service's own /proc with: ProtectProc= as ``hidepid=``,
    ProcSubset=pid as ``subset=pid`` (systemd.exec(5); the last value given counts)."""
    settings = service_settings(unit)
    options = []
    protect = settings.get("ProtectProc", ["default"])[-1]
    if protect != "default":
        options.append(f"hidepid={protect}")
    if settings.get("ProcSubset", ["all"])[-1] == "pid":
        options.append("subset=pid")
    return ",".join(options)


def proc_shows(entry: str, options: str) -> bool:
    """Whether the top-level /proc entry ``entry`` (``cpuinfo``, ``device-tree``, ``1``) is
    there in a procfs mounted with ``options``: under ``subset=pid`` only the processes'
    folders, ``self`` and ``thread-self`` (the kernel's Documentation/filesystems/proc.rst)."""
    if "subset=pid" in options.split(","):
        return entry.isdigit() or entry in ("self", "thread-self")
    return True


def unit_hides(path: str, unit: Path | str = UNIT) -> bool:
    """Whether the unit makes ``path`` inaccessible: InaccessiblePaths=, and what
    ProtectKernelTunables= and ProtectKernelLogs= take away under /proc (systemd.exec(5))."""
    settings = service_settings(unit)
    hidden = [p.lstrip("-+") for value in settings.get("InaccessiblePaths", []) for p in value.split()]
    if settings.get("ProtectKernelTunables", ["no"])[-1] == "yes":
        hidden += ["/proc/kallsyms", "/proc/kcore"]
    if settings.get("ProtectKernelLogs", ["no"])[-1] == "yes":
        hidden += ["/proc/kmsg"]
    return any(path == h or path.startswith(h.rstrip("/") + "/") for h in hidden)


def kernel_proc_entries(options: str) -> set[str] | None:
    """The top-level entries of a real procfs mounted with ``options`` (in new user, mount and
    pid namespaces, by util-linux's unshare), or None where the kernel or unshare refuses."""
    exe = shutil.which("unshare")
    if exe is None:
        return None
    script = ('d=$(mktemp -d) && mount -t proc -o "$1" proc "$d" && ls -1 "$d"; '
              'r=$?; umount "$d" 2>/dev/null; rmdir "$d"; exit $r')
    done = subprocess.run([exe, "--user", "--map-root-user", "--mount", "--pid", "--fork",
                           "sh", "-c", script, "sh", options or "defaults"],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return None
    return set(done.stdout.split())
