"""Start to READY counted in CPU instructions: a figure that load does not move.

``start_to_ready_s`` at the Pi's speed (``bench/run --pi daemon``) is the goal, but on a busy
machine it wanders by a quarter either way.  This counts the instructions a start executes,
from the interpreter's first to READY=1 (``worms-table run --sim --no-web`` with a fresh state
folder, the modules compiled first), under valgrind's callgrind: the same count, give or take
0.1%, however busy the machine is, so two builds can be compared by it at any time.  A start
takes about nine seconds under valgrind.

* ``start_instructions_millions``: the count, in millions.
* ``floor_instructions_millions``: Python starting and importing the libraries the daemon
  starts with (asyncio, Pillow, luma, sqlite3, ...) and nothing of the project's: what no change
  to the project can take away.

Without valgrind (Debian's ``valgrind`` package) the figures are left out and ``missing`` says
so.

    python bench/startcount.py      # prints JSON
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: runs ``worms-table run`` in this process and leaves it at READY=1, before anything else
START = """
import os, sys
from table.app.core import systemd as notify
notify.Notifier.ready = lambda self, *a, **k: os._exit(0)
from table.cli import main
main(["run", "--sim", "--no-web", "--state-dir", sys.argv[1]])
"""
#: the libraries a start of the daemon imports, without the project
FLOOR = ("import argparse, asyncio, gettext, hashlib, json, logging, random, sqlite3, tomllib; "
         "import PIL.Image, PIL.ImageDraw, PIL.ImageFont, luma.core.device")


def count(code: str, *args: str, env: dict | None = None) -> int:
    """The instructions ``python -c code args`` executes, by callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code, *args],
                         capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    found = re.search(r"Collected : ([\d,]+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {out.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main() -> dict:
    if shutil.which("valgrind") is None:
        return {"missing": "valgrind (Debian's valgrind package): no instruction counts"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "table")],
                   stdout=subprocess.DEVNULL, check=False)
    with tempfile.TemporaryDirectory() as tmp:
        # the catalogs' cache filled by a start first, as every start after a box's first finds it
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"), CACHE_DIRECTORY="")
        subprocess.run([sys.executable, "-c", START, os.path.join(tmp, "first")], cwd=ROOT,
                       env=env, stdout=subprocess.DEVNULL, check=True)
        start = count(START, os.path.join(tmp, "state"), env=env)
    return {"start_instructions_millions": round(start / 1e6, 1),
            "floor_instructions_millions": round(count(FLOOR) / 1e6, 1)}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
