"""The docs name only code that exists: each file, command and Python name in README.md,
CONTRIBUTING.md and docs/*.md is looked up in the repository as it is now.

What counts as a code reference (inline code spans, `like this`; fenced blocks are left to
tests/test_docs.py, which runs their examples):

1. **A path**: a span with no space that holds a "/", ends in a file extension or is a dot
   file (`show.py`, `app/show.py`, `tests/app/`, `.importlinter`). It must be a file or
   folder of the repository, given whole from the repository's root or as its tail
   (`app/show.py` is table/app/demo/show.py, `show.py` any file of that name); a trailing "/" asks
   for a folder. Left alone: places on an installed box or a user's machine (starting with
   "/", "~" or "$"), what set-up or a command makes (MADE: `.venv/`, `review/`, `parts.md`...),
   and spans with a placeholder ("<", "*", "...", "{", or a word of PLACEHOLDERS such as NAME
   or FILE).
2. **A command**: a span with spaces. Each word of it that is a path with a "/" is checked as
   in 1 (not a bare file name: `--profile my.toml` is the reader's own file); in
   `worms-table SUB --opt ...` SUB is a subcommand of table.cli.COMMANDS and each --opt one
   of its options (as its --help lists them); in `bench/run NAME ...` each lowercase NAME is
   a benchmark, bench/NAME.py with a main() (bench/runner.py's rule); in `python -m MODULE`
   the module exists.
3. **A name**: a span that is a dotted chain of identifiers, maybe called (`Daemon.answer`,
   `inputs.press`, `Prompt.frame(view, t)`, `table.engine.board.split_id`). It is looked up
   when its first word is anchored:
   * a path span just before it, with only white space between (`app/prompts.py`
     `for_decision`, `devices/serialreader.py` `SerialReader._run`): the chain is looked up in
     that file, whatever its first word;
   * `table`: a module path;
   * a capitalised name defined at the top of a module in table/ (`Daemon.render`);
   * the name of a module in table/ (`inputs` is table.app.inputs): lowercase dotted words
     that name no module (`do.heal`, `decision.card`: catalog keys, an object's fields),
     the variables the doc's own examples bind (`>>> game = ...`) and the file fields of
     FIELDS (`game.hands`: a scenario file's, as its messages name it) are not references.
   The chain is followed with getattr on the imported module, and on a class an attribute
   also counts if the class or a base of it annotates it or sets `self.<name>` (an instance's
   attribute; the chain is not followed past one). Each `name=` in the parentheses must be a
   parameter of the callable, and the anchored names inside them are looked up too.
   A bare capitalised word (`Daemon`, `TableSnapshot`) must be defined in table/, bench/ or
   tests/ (a class, a function, a name at module or class level, an enum member), or be in
   OUTSIDE, the few names of other projects the docs speak of. A bare word all in capitals
   (`ASKS`, but also `FAIL` printed by a command, `WORMS_TABLE_CARDS` in the environment) is
   looked up only after a path: write `app/prompts.py` `ASKS` or `prompts.ASKS`.

In hardware/*.md, firmware/*.md and examples/README.md (PATHS_ONLY) the dotted words are a
profile's or a protocol's keys (`display.bus`), so only paths and commands are checked there.
CHANGELOG.md is history (it names what was removed) and is not checked.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import io
import inspect
import os
import re
import textwrap
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Pages whose dotted words are a profile's or a protocol's keys (`display.bus`,
#: `leds.color_order`), not code: their paths and commands are checked, not their names.
PATHS_ONLY = [*sorted((ROOT / "hardware").glob("*.md")), *sorted((ROOT / "firmware").glob("*.md")),
              ROOT / "examples" / "README.md"]
SKIP_DIRS = {".git", ".venv", "__pycache__", ".cache", ".mypy_cache", ".pytest_cache",
             ".ruff_cache", "node_modules", "build", "dist"}
#: Made by set-up or by a command, not kept: set-up's folders, what `worms-table screens --out
#: review` and `worms-table parts --out box` write.
MADE = (".venv/", ".cache/", "review/", "box/", "parts.md", "diffuser.svg")
PLACEHOLDERS = {"NAME", "NNN", "N", "DIR", "FILE", "X", "ID"}
EXTENSIONS = ("py", "md", "toml", "js", "po", "pot", "json", "txt", "png", "sh", "svg", "stl")
#: Names of other projects the docs speak of, by the project they belong to.
OUTSIDE = {"MockFactory": "gpiozero"}
#: Dotted words whose first word names a module of table/ but which are fields of a file the
#: docs describe, as the program names them in its messages.
FIELDS = {"game.hands": "a scenario file's hands (docs/scenarios.md)",
          "pi.pin_library": "a hardware profile's pin library (hardware/README.md)"}

SPAN = re.compile(r"(?<!`)`((?:[^`\n]|\n(?![ \t]*\n))+?)`(?!`)")   # over a line's end, not a paragraph's
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CHAIN = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
NAME_SPAN = re.compile(r"(?P<chain>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\((?P<args>.*)\))?")
PATH_SPAN = re.compile(r"[\w.~$/<>*{}-]+")
CAPITALISED = re.compile(r"[A-Z]\w*")


@dataclass(frozen=True)
class Span:
    page: Path
    line: int
    text: str
    after_path: str | None      # the path span just before it, if only white space is between

    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}: `{self.text}`"


def spans(page: Path) -> list[Span]:
    text = FENCE.sub(lambda m: "\n" * m.group().count("\n"), page.read_text(encoding="utf-8"))
    found: list[Span] = []
    last_end, last_path = -1, None
    for m in SPAN.finditer(text):
        before = last_path if last_end >= 0 and not text[last_end:m.start()].strip() else None
        inside = " ".join(m.group(1).split())
        found.append(Span(page, text.count("\n", 0, m.start()) + 1, inside, before))
        last_end = m.end()
        last_path = inside if is_path(inside) else None
    return found


def is_path(s: str) -> bool:
    """A path (rule 1): `app/show.py`, `tests/app/`, `.importlinter` (a dot file)."""
    if " " in s or not PATH_SPAN.fullmatch(s) or s.startswith("-"):
        return False
    return ("/" in s or bool(re.fullmatch(rf"[\w.-]*\w\.(?:{'|'.join(EXTENSIONS)})", s))
            or bool(re.fullmatch(r"\.\w[\w-]{4,}", s)))     # not an extension: `.json`


# ---- the repository's files ---------------------------------------------------------------

@cache
def repo_paths() -> tuple[frozenset[str], frozenset[str]]:
    files, dirs = set(), set()
    for here, subdirs, names in os.walk(ROOT, followlinks=True):   # examples/cards is a link
        subdirs[:] = [d for d in subdirs if d not in SKIP_DIRS and not d.endswith(".egg-info")]
        rel = Path(here).relative_to(ROOT).as_posix()
        if rel != ".":
            dirs.add(rel)
        files.update(name if rel == "." else f"{rel}/{name}" for name in names)
    return frozenset(files), frozenset(dirs)


def placeholder(s: str) -> bool:
    return (any(c in s for c in "<*{") or "..." in s
            or any(w in PLACEHOLDERS for w in re.split(r"[^A-Za-z]+", s)))


def path_problem(s: str) -> str | None:
    if s.startswith(("/", "~", "$")) or s.startswith(MADE) or placeholder(s):
        return None
    files, dirs = repo_paths()
    want = s.removeprefix("./").rstrip("/")
    pool = dirs if s.endswith("/") else files | dirs
    if any(p == want or p.endswith("/" + want) for p in pool):
        return None
    return (f"no {'folder' if s.endswith('/') else 'file'} of the repository is or ends with "
            f"{want!r}: give the path as it is now, or drop it")


def files_for(path: str) -> list[str]:
    files, _ = repo_paths()
    return sorted(p for p in files if p.endswith(".py") and (p == path or p.endswith("/" + path)))


# ---- the project's names --------------------------------------------------------------------

def module_of(file: str) -> str:
    return file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


@cache
def table_modules() -> dict[str, list[str]]:
    """Each module of table/ by its own name (``inputs`` -> [``table.app.inputs``])."""
    files, _ = repo_paths()
    by_name: dict[str, list[str]] = {}
    for f in sorted(files):
        if f.startswith("table/") and f.endswith(".py"):
            mod = module_of(f)
            by_name.setdefault(mod.rsplit(".", 1)[-1], []).append(mod)
    return by_name


def _defined(tree: ast.AST, top_only: bool) -> set[str]:
    names: set[str] = set()
    nodes = tree.body if top_only and isinstance(tree, ast.Module) else ast.walk(tree)
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for n in ast.walk(target):
                    if isinstance(n, ast.Name):
                        names.add(n.id)
                    elif isinstance(n, ast.Attribute):
                        names.add(n.attr)
    return names


@cache
def tree_of(file: str) -> ast.Module:
    return ast.parse((ROOT / file).read_text(encoding="utf-8"))


@cache
def top_level() -> dict[str, list[str]]:
    """Each name defined at the top of a module of table/ -> the modules defining it."""
    where: dict[str, list[str]] = {}
    for f in sorted(repo_paths()[0]):
        if f.startswith("table/") and f.endswith(".py"):
            for name in _defined(tree_of(f), top_only=True):
                where.setdefault(name, []).append(module_of(f))
    return where


@cache
def anywhere() -> frozenset[str]:
    """Every name defined anywhere in table/, bench/ and tests/ (classes' members included)."""
    names: set[str] = set()
    for f in repo_paths()[0]:
        if f.endswith(".py") and f.split("/", 1)[0] in ("table", "bench", "tests"):
            names |= _defined(tree_of(f), top_only=False)
    return frozenset(names)


def instance_attribute(cls: type, name: str) -> bool:
    """The class or a base of it annotates ``name`` or sets ``self.name``."""
    for klass in cls.__mro__:
        if name in getattr(klass, "__annotations__", {}):
            return True
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name) and node.value.id == "self"
                    and node.attr == name):
                return True
    return False


def follow(obj: object, owner: str, chain: list[str]) -> tuple[object | None, str | None]:
    """getattr along ``chain`` from ``obj``; (the object reached or None past an instance's
    attribute, None) or (None, what is missing)."""
    for name in chain:
        if hasattr(obj, name):
            obj, owner = getattr(obj, name), f"{owner}.{name}"
        elif isinstance(obj, type) and instance_attribute(obj, name):
            return None, None
        else:
            return None, f"{owner} has no {name!r}"
    return obj, None


def lookup_in_module(module: str, chain: list[str]) -> tuple[object | None, str | None]:
    try:
        mod = importlib.import_module(module)
    except ImportError as err:
        return None, f"module {module} does not import ({err})"
    return follow(mod, module, chain)


def lookup_in_file(file: str, chain: list[str]) -> tuple[object | None, str | None]:
    """A chain in a file outside table/ (tests/, bench/): looked up in its syntax tree."""
    tree = tree_of(file)
    top = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    if chain[0] not in _defined(tree, top_only=True):
        return None, f"{file} defines no {chain[0]!r}"
    if len(chain) > 1 and chain[0] in top and chain[1] not in _defined(top[chain[0]], False):
        return None, f"{file}: {chain[0]} has no {chain[1]!r}"
    return None, None


def resolve(chain: list[str], after_path: str | None, bound: set[str]
            ) -> tuple[bool, object | None, str | None]:
    """(is it a reference, the object it names if known, the problem if any)."""
    if after_path and after_path.endswith(".py") and not placeholder(after_path):
        candidates = files_for(after_path)
        if not candidates:
            return True, None, None          # the path itself is reported
        problems = []
        for f in candidates:
            if f.startswith("table/"):
                obj, problem = lookup_in_module(module_of(f), chain)
            else:
                obj, problem = lookup_in_file(f, chain)
            if problem is None:
                return True, obj, None
            problems.append(problem)
        return True, None, "; ".join(problems)
    head = chain[0]
    if head == "table":
        for cut in range(len(chain), 0, -1):
            module = ".".join(chain[:cut])
            try:
                importlib.import_module(module)
            except ImportError:
                continue
            obj, problem = lookup_in_module(module, chain[cut:])
            return True, obj, problem
        return True, None, f"no module {'.'.join(chain)}"
    if CAPITALISED.fullmatch(head) and not (len(chain) == 1 and head.isupper()):
        modules = top_level().get(head)
        if modules is None:
            if len(chain) == 1 and (head in anywhere() or head in OUTSIDE):
                return True, None, None
            return True, None, f"nothing in table/ defines {head!r}"
        return _first(modules, chain)
    if (head in bound or len(chain) == 1 or head not in table_modules()
            or ".".join(chain[:2]) in FIELDS):
        return False, None, None
    is_ref, obj, problem = _first(table_modules()[head], chain[1:])
    if problem:
        problem += (f" (a lowercase first word is read as the module {head!r}: for a method of"
                    f" an object write its class, `{head.capitalize()}.{'.'.join(chain[1:])}`)")
    return is_ref, obj, problem


def _first(modules: list[str], chain: list[str]) -> tuple[bool, object | None, str | None]:
    problems = []
    for module in modules:
        obj, problem = lookup_in_module(module, chain)
        if problem is None:
            return True, obj, None
        problems.append(problem)
    return True, None, "; ".join(problems)


def keyword_problems(obj: object, args: str, label: str) -> list[str]:
    keywords = re.findall(r"(?<![\w=!<>])([A-Za-z_]\w*)=(?!=)", re.sub(r"\"[^\"]*\"", "", args))
    if not keywords or not callable(obj):
        return []
    try:
        params = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        return []
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return []
    return [f"{label} takes no {k}=" for k in keywords if k not in params]


# ---- a span's problems ----------------------------------------------------------------------

def bound_in_examples(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    names = set(re.findall(r"^\s*>>> (\w+)\s*=", text, re.M))
    names |= set(re.findall(r"^\s*>>> for (\w+)", text, re.M))
    return names


@cache
def options_of(command: str) -> frozenset[str]:
    """The options `worms-table COMMAND --help` lists."""
    from table.cli import build_parser
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        build_parser(command).parse_args([command, "--help"])
    return frozenset(re.findall(r"(?<![\w-])--[a-z][a-z-]*", out.getvalue()))


def command_problems(words: list[str]) -> list[str]:
    problems = []
    for i, w in enumerate(words):
        if "/" in w and is_path(w) and (p := path_problem(w)):
            problems.append(p)
        if i and words[i - 1] == "-m" and w.startswith("table"):
            try:
                importlib.import_module(w)
            except ImportError:
                problems.append(f"there is no module {w}")
    if words[0].endswith("worms-table") and len(words) > 1 and not words[1].startswith("-"):
        from table.cli import COMMANDS
        if words[1] not in COMMANDS and words[1] not in PLACEHOLDERS:
            problems.append(f"worms-table has no subcommand {words[1]!r} (table/cli.py COMMANDS)")
        elif words[1] in COMMANDS:
            for w in words[2:]:
                option = w.strip("[]|").split("=")[0]
                if re.fullmatch(r"--[a-z][a-z-]*", option) and option not in options_of(words[1]):
                    problems.append(f"worms-table {words[1]} has no option {option} "
                                    f"(worms-table {words[1]} --help lists them)")
    if words[0] == "bench/run":
        for w in words[1:]:
            bench = ROOT / "bench" / f"{w}.py"
            if re.fullmatch(r"[a-z_]+", w) and not (
                    bench.exists() and "\ndef main(" in bench.read_text(encoding="utf-8")):
                problems.append(f"there is no benchmark bench/{w}.py (with a main())")
    return problems


def problems_of(span: Span, bound: set[str]) -> list[str]:
    s = span.text
    if is_path(s):
        return [p] if (p := path_problem(s)) else []
    m = NAME_SPAN.fullmatch(s)
    if m is None:
        if " " in s and not s.startswith(("{", "[", "(", '"')) and "=" not in s.split()[0]:
            return command_problems(s.split())
        return []
    chain = m.group("chain").split(".")
    is_ref, obj, problem = resolve(chain, span.after_path, bound)
    if not is_ref:
        return []
    if problem:
        return [problem]
    args = m.group("args")
    if args is None:
        return []
    found = keyword_problems(obj, args, m.group("chain"))
    for inner in CHAIN.findall(re.sub(r"\"[^\"]*\"", "", args)):
        parts = inner.split(".")
        if len(parts) > 1 or (CAPITALISED.fullmatch(parts[0]) and not hasattr(builtins, parts[0])
                              and parts[0] not in PLACEHOLDERS):
            is_ref, _, problem = resolve(parts, None, bound)
            if is_ref and problem:
                found.append(f"{inner}: {problem}")
    return found


def stale(page: Path, names: bool = True) -> list[str]:
    bound = bound_in_examples(page)
    return [f"{span.where()}: {p}" for span in spans(page)
            if names or is_path(span.text) or " " in span.text
            for p in problems_of(span, bound)]


@pytest.mark.parametrize("page", PAGES + PATHS_ONLY, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_code_reference_in_the_docs_exists(page):
    found = stale(page, names=page not in PATHS_ONLY)
    assert not found, ("the docs name code that is not there (rename each to what the code "
                       "calls it now, or drop it; the rule is this file's docstring):\n"
                       + "\n".join(found))


def test_a_stale_name_a_moved_file_and_a_wrong_keyword_are_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "Presses go to `Daemon.handle_input` through `app/inputs.py` `press`.\n"
        "Not any more: `Daemon.handle_press`, `app/demo.py`, `app/inputs.py` `shove`,\n"
        "`inputs.shove`, `table.app.demoloop.run`, `DemoMode`, `Daemon(devices, None, shw=1)`,\n"
        "`worms-table shop`, `bench/run dmon stats`, `tests/app/test_nothing.py`,\n"
        "`worms-table run [--sim] [--turbo]`.\n"
        "Not references: `do.heal`, `target = \"any\"`, `wizard`, `/etc/worms-table`.\n",
        encoding="utf-8")
    found = "\n".join(stale(page))
    for name in ("Daemon.handle_press", "app/demo.py", "shove", "inputs.shove", "demoloop",
                 "DemoMode", "shw=", "'shop'", "bench/dmon.py", "bench/stats.py", "test_nothing.py",
                 "--turbo"):
        assert name in found, name
    assert len(found.splitlines()) == 12, found
    assert "Daemon.handle_input" not in found and "do.heal" not in found


def test_the_rule_sees_the_references_it_should():
    """The spans taken for references are most of the architecture's: a rule that checked
    nothing would pass every doc."""
    page = ROOT / "docs" / "architecture.md"
    bound = bound_in_examples(page)
    checked = [s for s in spans(page)
               if is_path(s.text) or (m := NAME_SPAN.fullmatch(s.text)) is not None
               and resolve(m.group("chain").split("."), s.after_path, bound)[0]]
    assert len(checked) > 0.8 * len(spans(page)), [s.text for s in spans(page) if s not in checked]


