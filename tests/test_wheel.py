"""An installed copy is whole: the wheel ``pip`` builds from the clone holds the package data
the table reads at run time -- the example pack of owner cards above all (issue 19: the
simulator and the demo of a ``pip install .`` had no example cards, the pack sat outside the
package) -- and a copy unpacked from it, with no clone beside it, finds the pack."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from a copy of the clone (the clone itself stays untouched)."""
    src = tmp_path_factory.mktemp("clone")
    for part in ("table", "firmware"):      # (table/devices/linkcodec.py links into firmware/)
        shutil.copytree(ROOT / part, src / part, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                           "--quiet", "-w", str(out)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    [whl] = out.glob("worms_table-*.whl")
    return whl


def test_the_wheel_holds_the_example_pack_and_the_other_package_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ("table/cards/examples/example_pack.toml", "table/cards/data/weapons.toml",
                 "table/cards/tiles.toml", "table/web/static/app.js",
                 "table/ui/locale/cs/LC_MESSAGES/worms-table.po", "table/devices/linkcodec.py"):
        assert path in names, path


def test_an_installed_copy_finds_the_example_pack(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = ("import os, sys\n"
             "from table.cards import example_folder, library, open_library\n"
             "folder = example_folder()\n"
             "assert folder is not None and str(folder).startswith(sys.argv[1]), folder\n"
             "open_library(examples=True)\n"
             "print(sorted(c for c in library() if c.startswith('example_')))\n")
    env = {k: v for k, v in os.environ.items() if k != "WORMS_TABLE_CARDS"}
    env["PYTHONPATH"] = str(site)          # the unpacked wheel, no clone on the path
    done = subprocess.run([sys.executable, "-c", probe, str(site)], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "example_pea_shooter" in done.stdout and "example_mud_pie" in done.stdout
