"""`worms-table run --sim` or `demo --sim` as a process, for the browser tests: started, and
the address of the page it serves read from what it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path


def start_sim(command: str, state_dir: Path, seed: int, *args: str) -> tuple[subprocess.Popen, str]:
    """``worms-table COMMAND --sim`` on a free port with ``seed`` and more ``args``; the
    process (its output a pipe, read up to the page's line) and the page's address."""
    cmd = [sys.executable, "-m", "table.cli", command, "--sim", "--state-dir", str(state_dir),
           "--port", "0", "--seed", str(seed), *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    lines = []
    while True:
        line = proc.stdout.readline()
        assert line, f"worms-table {command} stopped: {''.join(lines)}"
        lines.append(line)
        if m := re.match(r"simulator: (http://127\.0\.0\.1:\d+/)$", line.strip()):
            return proc, m.group(1)
