"""The project's own Python sources, each read and parsed once for every test that walks them
(the structure, type and complexity checks each look at every module of table/).

>>> tree(ROOT / "table" / "__init__.py") is tree(ROOT / "table" / "__init__.py")
True
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
from functools import cache
from types import ModuleType
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sources(*folders: str) -> list[Path]:
    """The .py files under ``folders`` (relative to the repository), in order."""
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


@cache
def tree(path: Path) -> ast.Module:
    """``path`` parsed (the same tree each time: walk it, never change it)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def script_module(path: Path, name: str) -> ModuleType:
    """A script of scripts/ (a file without ``.py``) loaded as the module ``name``, for the
    tests of its decisions."""
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module

