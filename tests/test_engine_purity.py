"""The engine imports nothing outside the standard library, itself and the pure hex geometry leaf
(table/hexgrid.py), and does no I/O (nor does that leaf)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import table.engine

ENGINE = Path(table.engine.__file__).parent
#: the leaves the engine shares with the hardware side, held to the same purity
LEAVES = ("table.hexgrid",)
SOURCES = [*ENGINE.glob("*.py"), ENGINE.parent / "hexgrid.py"]


def test_importing_the_engine_loads_only_the_standard_library_and_itself():
    code = ("import sys, json; before = set(sys.modules); import table.engine; "
            "print(json.dumps(sorted(set(sys.modules) - before)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout)
    foreign = [m for m in loaded
               if m.split(".")[0] not in sys.stdlib_module_names
               and m != "table" and not m.startswith("table.engine") and m not in LEAVES]
    assert foreign == []


def test_engine_source_imports_only_stdlib_and_relative_modules():
    for path in SOURCES:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 1:     # relative, within the engine
                    continue
                assert node.level == 0, f"{path.name} imports from outside the engine"
                names = [node.module]
            else:
                continue
            for name in names:
                if name in LEAVES:
                    continue
                assert name.split(".")[0] in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_engine_does_no_io_and_reads_no_clock():
    banned = {"open", "print", "input"}
    banned_modules = {"os", "io", "time", "datetime", "socket", "subprocess", "pathlib",
                      "random", "sqlite3", "threading", "asyncio"}
    for path in SOURCES:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in banned, f"{path.name} calls {node.func.id}()"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    assert name.split(".")[0] not in banned_modules, f"{path.name} imports {name}"
