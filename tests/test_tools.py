"""The checks CONTRIBUTING.md names, run as tests: mypy finds no error in ``table/``, ruff no
finding in the repository (the configuration of both is in pyproject.toml), and the few names
vulture may not call unused are each listed with why (vulture_whitelist.py).

mypy keeps its cache in ``.cache/mypy`` (git-ignored), as a developer's own ``mypy`` run does:
the first run on a fresh clone checks every module (some 20-40 s on a loaded two-core machine),
a run after it only what changed (a second or two).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=900)


def test_mypy_finds_no_error_in_table():
    done = _run("mypy", "--no-error-summary", "table")
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [], "\n".join(errors)
    assert done.returncode in (0, 1) and (done.returncode == 0) == (errors == []), \
        done.stdout[-3000:] + done.stderr[-3000:]


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--output-format", "concise")
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]


def test_the_vulture_whitelist_names_at_most_40_names_each_with_why():
    """Only names a framework or an entry point outside table/ uses: dead code is deleted."""
    source = (ROOT / "vulture_whitelist.py").read_text()
    lines = source.splitlines()
    names = [node for node in ast.parse(source).body if isinstance(node, ast.Expr)
             and isinstance(node.value, (ast.Name, ast.Attribute))]
    assert 0 < len(names) <= 40, len(names)
    assert [n.lineno for n in names if "  # " not in lines[n.lineno - 1]] == [], "say why"


def test_vulture_finds_no_dead_code_in_table():
    """Nothing dead: what vulture calls unused is deleted, or named in vulture_whitelist.py
    with why (a framework or an entry point outside table/ uses it)."""
    done = _run("vulture", "table", "vulture_whitelist.py")
    assert (done.returncode, done.stdout) == (0, ""), done.stdout[-5000:] + done.stderr[-2000:]
