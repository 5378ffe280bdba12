"""Bad scenario files: exit 2 naming the field, exit 1 naming the step, never a traceback."""

import subprocess
import sys
import textwrap

import pytest

from table.cli import main

BASE = """
[board]
land = [[0, 0], [1, 0], [0, 1]]
wind = 3
[[things]]
kind = "worm"
id = "A"
team = "blue"
at = [0, 0]
"""


def scenario(tmp_path, capsys, text: str) -> tuple[int, str, str]:
    """``worms-table scenario`` on a file of ``text``: the exit code, what it printed, what
    it said on stderr."""
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def run(tmp_path, capsys, text, base=BASE):
    code, _, err = scenario(tmp_path, capsys, textwrap.dedent(base) + textwrap.dedent(text))
    return code, err


MALFORMED = {
    "unknown section": ("[dice]\nx = 1\n", "unknown key 'dice'"),
    "unknown key": ('[[steps]]\ndo = "blast"\nat = [0, 0]\npower = 3\n', "steps[0]: unknown key 'power'"),
    "unknown kind": ('[[things]]\nkind = "sheep"\nat = [1, 0]\n', "things[1].kind: unknown kind \"sheep\""),
    "unknown team": ('[[things]]\nkind = "worm"\nid = "B"\nteam = "pink"\nat = [1, 0]\n', "things[1].team"),
    "unknown card": ('[[steps]]\ndo = "play"\nworm = "A"\ncard = "sheep"\ntarget = [0, 0]\n', "steps[0].card"),
    "unknown drop card": ('[[steps]]\ndo = "drop"\ncard = "bazooka"\n', "steps[0].card"),
    "unknown step": ('[[steps]]\ndo = "teleport"\n', "steps[0].do: unknown step \"teleport\""),
    "worm without team": ('[[things]]\nkind = "worm"\nid = "B"\nat = [1, 0]\n', "things[1].team: a worm needs a team"),
    "worm without id": ('[[things]]\nkind = "worm"\nteam = "red"\nat = [1, 0]\n', "things[1].id"),
    "thing on water": ('[[things]]\nkind = "mine"\nat = [4, 4]\n', "things[1].at: [4, 4] is water"),
    "too many mines": ('[[things]]\nkind = "mine"\nat = [1, 0]\n' * 7, "the box holds 6"),
    "five worms a team": ("".join(f'[[things]]\nkind = "worm"\nid = "B{i}"\nteam = "red"\nat = [1, 0]\n' for i in range(5)), "team red has 5 worms"),
    "three craters": ('[[things]]\nkind = "crater"\nat = [1, 0]\n' * 3, "three Craters in [1, 0]"),
    "place a worm": ('[[steps]]\ndo = "place"\nkind = "worm"\nat = [1, 0]\n', "steps[0].kind"),
    "bad die face": ('[random]\ndice = ["7"]\n', "random.dice[0]"),
    "bad flip": ('[random]\nflips = ["heads"]\n', "random.flips[0]"),
    "bad hex": ('[[steps]]\ndo = "blast"\nat = [0]\n', "steps[0].at: expected a hex"),
    "missing key": ('[[steps]]\ndo = "inch"\nworm = "A"\n', "steps[0].to: missing"),
    "duplicate id": ('[[things]]\nkind = "mine"\nid = "A"\nat = [1, 0]\n', "things[1].id: 'A' is used twice"),
    "unknown rule": ("", "board.rules[0]: unknown rule"),
    "bad choice kind": ('[choices]\ncolour = ["red"]\n', "choices: unknown key 'colour'"),
    "bad wind": ("", "board.wind: 9 is out of range"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_malformed_exits_2_naming_the_field(tmp_path, capsys, name):
    text, message = MALFORMED[name]
    base = BASE
    if name == "unknown rule":
        base = BASE.replace("wind = 3", 'wind = 3\nrules = ["gravity"]')
    if name == "bad wind":
        base = BASE.replace("wind = 3", "wind = 9")
    code, err = run(tmp_path, capsys, text, base)
    assert code == 2, err
    assert message in err


def test_not_toml_and_missing_file(tmp_path, capsys):
    code, err = run(tmp_path, capsys, "this is = = not toml")
    assert code == 2 and "not valid TOML" in err
    assert main(["scenario", str(tmp_path / "nope.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


CANNOT_RUN = {
    "inch too far": ('[[steps]]\ndo = "inch"\nworm = "A"\nto = [2, 0]\n', "step 1 (inch)"),
    "inch into water": ('[[steps]]\ndo = "inch"\nworm = "A"\nto = [-1, 0]\n', "step 1 (inch)"),
    "jump too far": ('[[steps]]\ndo = "jump"\nworm = "A"\nto = [0, 3]\n', "step 1 (jump)"),
    "out of dice": ('[[steps]]\ndo = "scatter"\nthing = "A"\n', "step 1 (scatter): the script has no dice left"),
    "out of flips": ('[[things]]\nkind = "mine"\nat = [1, 0]\n[[steps]]\ndo = "inch"\nworm = "A"\nto = [1, 0]\n', "no flips left"),
    "worm gone": ('[[steps]]\ndo = "move"\nthing = "A"\nto = [5, 5]\n[[steps]]\ndo = "inch"\nworm = "A"\nto = [1, 0]\n', "step 2 (inch): there is no worm 'A'"),
    "target off the rule": ('[random]\ndice = ["hit"]\n[[steps]]\ndo = "play"\nworm = "A"\ncard = "bazooka"\ntarget = [1, 1]\n', "step 1 (play): [1, 1] is not a legal target for bazooka"),
    "uzi out of range": ('[[steps]]\ndo = "play"\nworm = "A"\ncard = "uzi"\ntarget = [0, 3]\n', "not a legal target for uzi"),
    "too many moves": ('[random]\ndice = ["hit", "hit", "hit", "hit", "hit"]\n[[steps]]\ndo = "play"\nworm = "A"\ncard = "bazooka"\ntarget = [0, 0]\nmoves = [{skip = true}, {skip = true}]\n', "1 MOVE symbol(s), 2 moves"),
    "illegal choice": ('[random]\ndice = ["1", "2"]\n[choices]\ndie = ["hit"]\n[[steps]]\ndo = "accuracy"\nworm = "A"\ntarget = [0, 0]\nx = 2\n', "'hit' is not a legal die for accuracy"),
    "no target token": ('[[steps]]\ndo = "blast"\nat = "target"\n', "Target Token is not on the board"),
    "thing not named": ('[[things]]\nkind = "crate"\nat = [1, 0]\n[[steps]]\ndo = "play"\nworm = "A"\ncard = "girder"\ntarget = [1, 0]\nthing = "crate-1"\n', "not a Thing girder can affect"),
}


@pytest.mark.parametrize("name", CANNOT_RUN)
def test_cannot_run_exits_1_naming_the_step(tmp_path, capsys, name):
    text, message = CANNOT_RUN[name]
    code, err = run(tmp_path, capsys, text)
    assert code == 1, err
    assert message in err


def test_real_command_never_prints_a_traceback(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[board]\nland = 5\nwind = 1\n")
    proc = subprocess.run([sys.executable, "-m", "table.cli", "scenario", str(bad)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "board.land: expected a list" in proc.stderr
    assert proc.stdout == ""
