"""The table's one state (issue 31 item 1): one object holds what the table is doing, its
language, the notice over it and the box's thinking; one setter changes them and announces
each change; nothing else assigns them (read in the source, so a new module is held to it
too); and what is on show follows from it by one rule."""

import ast
from pathlib import Path

import pytest

from table.app.core.mode import Mode
from table.app.core.tablestate import Doing, Facts, TableState
from table.app.daemon import Daemon

TABLE = Path(__file__).resolve().parents[2] / "table"
STATE_MODULE = TABLE / "app" / "core" / "tablestate.py"
#: the state's attributes, assigned by the state module alone
HELD = {"overlay", "mode", "thinking"}


def assigned_attributes(tree: ast.AST):
    """(line, object's source, attribute) of each assignment to an attribute in ``tree``."""
    def targets(node):
        if isinstance(node, ast.Assign):
            return node.targets
        if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            return [node.target]
        return []

    def flat(target):
        if isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                yield from flat(t)
        elif isinstance(target, ast.Attribute):
            yield target
    for node in ast.walk(tree):
        for target in targets(node):
            for attr in flat(target):
                yield attr.lineno, ast.unparse(attr.value), attr.attr
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "setattr" and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)):
            yield node.lineno, ast.unparse(node.args[0]), node.args[1].value


def modules():
    return sorted(p for p in TABLE.rglob("*.py") if p != STATE_MODULE)


def test_no_module_but_the_state_assigns_the_overlay_the_mode_or_the_boxs_thinking():
    found = [f"{p.relative_to(TABLE.parent)}:{line}: {obj}.{attr} assigned"
             for p in modules()
             for line, obj, attr in assigned_attributes(ast.parse(p.read_text(encoding="utf-8")))
             if attr in HELD]
    assert not found, "only TableState.set changes the table's state:\n" + "\n".join(found)


def test_no_part_of_the_daemon_assigns_another_objects_language():
    """The daemon's language is the state's: a part may keep a language of its own
    (``self.lang``, a wizard's, a teaching walk's), never set another's."""
    found = [f"{p.relative_to(TABLE.parent)}:{line}: {obj}.lang assigned"
             for folder in ("app", "commands") for p in sorted((TABLE / folder).rglob("*.py"))
             for line, obj, attr in assigned_attributes(ast.parse(p.read_text(encoding="utf-8")))
             if attr == "lang" and obj != "self"]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", ["mode", "lang", "overlay"])
def test_the_daemon_reads_its_state_and_cannot_set_it(name):
    held = getattr(Daemon, name)
    assert isinstance(held, property) and held.fset is None


def test_the_setter_announces_each_change_once_with_the_facts_before_and_after():
    state = TableState(Mode.WIZARD, "en")
    heard = []
    state.listeners.append(lambda before, after: heard.append((before, after)))
    notice = object()
    state.set(overlay=notice, lang="cs")
    state.set(overlay=notice)                     # no change: nothing announced
    state.set(mode="play")
    assert heard == [(Facts(Mode.WIZARD, "en"), Facts(Mode.WIZARD, "cs", notice)),
                     (Facts(Mode.WIZARD, "cs", notice), Facts(Mode.PLAY, "cs", notice))]
    assert state.mode is Mode.PLAY and state.overlay is notice and state.lang == "cs"
    with pytest.raises(TypeError, match="no such state: prompt"):
        state.set(prompt=notice)
    with pytest.raises(ValueError):
        state.set(mode="dancing")
    assert len(heard) == 2


def test_what_is_on_show_is_the_first_of_the_rule_that_holds():
    state = TableState(Mode.PLAY, "en")

    def doing(**facts):
        given = dict(stopped=False, teaching=False, copying=False, playing=True, asked=True)
        return state.doing(**{**given, **facts})
    assert doing() == Doing.ASKING
    assert doing(asked=False) == doing(playing=False) == Doing.OVER
    state.set(thinking=object())
    assert doing() == Doing.THINKING and doing(playing=False) == Doing.OVER
    assert doing(copying=True) == Doing.COPYING
    assert doing(teaching=True, copying=True) == Doing.TEACHING
    state.set(overlay=object())
    assert doing(teaching=True) == Doing.NOTICE
    assert doing(stopped=True) == Doing.STOPPED
    state.set(overlay=None, mode=Mode.WIZARD)
    assert doing(copying=True) == Doing.WIZARD
