"""The house matches its drawing: the layers of README.md hold (import-linter's contracts in
.importlinter), no import cycle among table's modules, no module over 400 lines, no reach into
another package's private names (nor from the tests), every file the code points at exists."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import grimp

from tests.sources import ROOT, sources, tree

TABLE = ROOT / "table"


def test_the_layer_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_every_command_is_in_the_independence_contract():
    contract = (ROOT / ".importlinter").read_text(encoding="utf-8")
    commands = {p.stem for p in (TABLE / "commands").glob("*.py")} - {"__init__", "common"}
    listed = set(re.findall(r"table\.commands\.(\w+)", contract))
    assert commands == listed, "list every command module (but common) in .importlinter"


def test_no_import_cycle():
    graph = grimp.build_graph("table")
    cycles = sorted({tuple(sorted((m, i))) for m in graph.modules
                     for i in graph.find_modules_directly_imported_by(m)
                     if graph.chain_exists(importer=i, imported=m)})
    assert not cycles, "modules that import each other (through any chain)"


def test_no_module_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in sources("table")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, "split these by concern"


def test_the_app_is_grouped_by_concept():
    """table/app/ keeps the daemon and its input path at the top and its parts in subpackages
    (core, asking, showing, storage, teach, demo): at most 20 modules directly in it."""
    top = sorted(p.name for p in (TABLE / "app").glob("*.py"))
    assert len(top) <= 20, top


def test_every_part_of_the_daemon_is_in_its_layers():
    """.importlinter's app contract names each of table/app's top-level modules and
    subpackages in its layers, so a new one cannot stand outside them."""
    contract = (ROOT / ".importlinter").read_text(encoding="utf-8")
    block = contract.split("[importlinter:contract:app]")[1].split("[importlinter:")[0]
    layers = block.split("layers =")[1].split("ignore_imports")[0]
    named = set(re.findall(r"[a-z_]+", layers))
    parts = {p.stem for p in (TABLE / "app").glob("*.py")} - {"__init__"}
    parts |= {p.name for p in (TABLE / "app").iterdir() if (p / "__init__.py").exists()}
    assert parts == named, "name each of table/app's modules and subpackages in a layer"


def _package(path: Path) -> str:
    """The top-level package of table a module belongs to (table.engine, table.app, ...)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:2])


def _private_names_defined(paths) -> set[str]:
    names = set()
    for path in paths:
        for node in ast.walk(tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


#: a named tuple's own methods: public, though named with "_" so as not to clash with its fields
NAMED_TUPLE_API = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def test_no_reach_into_another_packages_private_names():
    """``x._name`` (x not self or cls) or ``from table.p import _name`` in a module of another
    package than the one that defines ``_name``: a private name used across packages."""
    modules = sources("table")
    by_package: dict[str, list[Path]] = {}
    for path in modules:
        by_package.setdefault(_package(path), []).append(path)
    own = {pkg: _private_names_defined(paths) for pkg, paths in by_package.items()}
    reaches = []
    for path in modules:
        mine = own[_package(path)]
        for node in ast.walk(tree(path)):
            name = None
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                    and not (isinstance(node.value, ast.Call)
                             and getattr(node.value.func, "id", None) == "super")):
                name = node.attr
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("table"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__") \
                            and not node.module.startswith(_package(path)):
                        reaches.append(f"{path.relative_to(ROOT)}:{node.lineno}: {alias.name}")
            if name is not None and name not in mine and name not in NAMED_TUPLE_API:
                reaches.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{name}")
    assert not reaches


def _reaches(path: Path, private: set[str]) -> list[str]:
    """Where the module at ``path`` uses one of the ``private`` names (``x._name`` with x not
    self, cls or super(), ``from table... import _name``, a setattr or monkeypatch naming one),
    leaving out the names it defines itself (a test double's own)."""
    mine, out = _private_names_defined([path]), []
    for node in ast.walk(tree(path)):
        names: list[str] = []
        if (isinstance(node, ast.Attribute)
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                and not (isinstance(node.value, ast.Call)
                         and getattr(node.value.func, "id", None) == "super")):
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("table"):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "setattr":
            names = [a.value.rsplit(".", 1)[-1] for a in node.args[:2]
                     if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        out += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names
                if n in private and n not in mine]
    return out


def test_the_tests_drive_public_seams():
    """No test or benchmark reaches into a private name of table/ (issue 18): each goes
    through what the code offers its users, so a refactoring inside a module breaks none."""
    private = _private_names_defined(sources("table"))
    reaches = [r for path in sources("tests", "bench")
               for r in _reaches(path, private)]
    assert not reaches


def test_every_file_the_code_names_exists():
    pattern = re.compile(r"\b(?:docs|hardware|firmware|schematics|systemd|notes)/[\w./-]+"
                         r"\.(?:md|toml|py|svg)\b")
    missing = sorted({f"{path.relative_to(ROOT)} names {name}"
                      for path in sources("table")
                      for name in pattern.findall(path.read_text(encoding="utf-8"))
                      if not (ROOT / name).exists()})
    assert not missing
