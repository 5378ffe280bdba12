"""scripts/check-pi-os's commands: run with their output in its log, a failure said as Blocked."""

from __future__ import annotations

import subprocess
from pathlib import Path


class Blocked(Exception):
    """This machine cannot run a stage: the message names the command and what it said."""


def sh(*argv: str, log: Path | None = None, timeout: float | None = None,
       check: bool = True) -> subprocess.CompletedProcess:
    """``argv`` run, its output appended to ``log`` (or captured); Blocked when it fails."""
    out = open(log, "a") if log else subprocess.PIPE
    try:
        done = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, text=True,
                              timeout=timeout)
    finally:
        if log:
            out.close()
    if check and done.returncode != 0:
        said = done.stdout if not log else tail(log)
        raise Blocked(f"{' '.join(argv)} failed (exit {done.returncode}): {said.strip()[-600:]}")
    return done


def tail(path: Path, lines: int = 8) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
