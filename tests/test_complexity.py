"""The code stays as simple to read as it is now: no function or method in table/ above radon's
cyclomatic complexity 25, and no decision kind compared with a string literal (a kind is a
:class:`DecisionKind`; each layer asks by kind through its one mapping: the engine's
``decisions.DECISION_KINDS``, the box's ``app/prompts.ASKS``, the scenario files' ``fields.CHOICES``
and ``turns._FROM_TURN``)."""

import ast

from radon.complexity import cc_visit_ast
from radon.visitors import Function

from table.engine.board import THING_KINDS
from table.engine.decisions import DecisionKind
from tests.sources import ROOT, sources, tree

LIMIT = 25

#: decision kinds a Thing also has ("worm"): such a literal is a decision's kind only when
#: compared with a decision's own ``kind``
SHARED = {k.value for k in DecisionKind} & set(THING_KINDS)
ONLY_DECISIONS = {k.value for k in DecisionKind} - SHARED
#: names a decision goes by (``d.kind``, ``decision.kind``, ``game.request.kind``)
DECISION_NAMES = {"d", "decision", "request", "req"}


def test_no_function_in_table_above_cc_25():
    over = []
    for path in sources("table"):
        for block in cc_visit_ast(tree(path)):
            if isinstance(block, Function) and block.complexity > LIMIT:
                name = f"{block.classname}.{block.name}" if block.classname else block.name
                over.append(f"{path.relative_to(ROOT)}:{block.lineno} {name} "
                            f"(CC {block.complexity})")
    assert not over, f"split these below radon CC {LIMIT}:\n" + "\n".join(over)


def _is_kind(node: ast.AST) -> bool:
    """``x.kind``, ``kind``, ``x["kind"]`` or ``x.get("kind")``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and len(node.args) >= 1
            and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind")


def _is_decisions_kind(node: ast.AST) -> bool:
    """``d.kind``, ``decision.kind``, ``<anything>.request.kind``."""
    if not (isinstance(node, ast.Attribute) and node.attr == "kind"):
        return False
    owner = node.value
    return ((isinstance(owner, ast.Name) and owner.id in DECISION_NAMES)
            or (isinstance(owner, ast.Attribute) and owner.attr in ("request", "decision")))


def _strings(node: ast.AST) -> list[str]:
    """The string constants ``node`` is (a constant) or holds (a tuple, list or set of them)."""
    elts = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def kind_literals(source: str | ast.Module) -> list[tuple[int, str]]:
    """Where ``source`` (text, or parsed) compares a decision kind with a string literal:
    ``(line, literal)``."""
    found = []
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            pairs = [(a, b) for a, b in zip(sides, sides[1:])] + \
                    [(b, a) for a, b in zip(sides, sides[1:])]
        elif isinstance(node, ast.Match):
            pairs = [(node.subject, c.pattern.value) for c in node.cases
                     if isinstance(c.pattern, ast.MatchValue)]
        else:
            continue
        for kind, other in pairs:
            if not _is_kind(kind):
                continue
            for s in _strings(other):
                if s in ONLY_DECISIONS or (s in SHARED and _is_decisions_kind(kind)):
                    found.append((node.lineno, s))
    return sorted(found)


def test_no_decision_kind_compared_with_a_string():
    found = [f"{path.relative_to(ROOT)}:{line} compares a decision kind with {s!r}"
             for path in sources("table", "bench")
             for line, s in kind_literals(tree(path))]
    assert not found, ("compare with DecisionKind members, or ask by kind through a mapping "
                       "(app/prompts.ASKS):\n" + "\n".join(found))


def test_the_check_sees_what_it_must_and_nothing_else():
    caught = kind_literals('''
if d.kind == "hex": pass
if game.request.kind in ("worm", "move"): pass
if kind == "die": pass
if e.get("kind") != "card_tapped": pass
if "flip_typed" == self.kind: pass
match d.kind:
    case "order": pass
''')
    assert [s for _, s in caught] == ["hex", "move", "worm", "die", "card_tapped",
                                      "flip_typed", "order"]
    assert kind_literals('''
if t.kind == "worm": pass                # a Thing's kind
if e["kind"] == "worm": pass             # an event placing a worm
if d.kind == DecisionKind.HEX: pass
if card.kind in ("supply", "drop"): pass
if name == "hex": pass
''') == []


def test_every_decision_kind_is_asked_on_the_box():
    from table.app.asking.prompts import ASKS
    assert set(ASKS) == set(DecisionKind)
