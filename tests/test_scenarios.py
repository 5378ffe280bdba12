"""The scenario files in tests/scenarios/: rulebook examples and one or more per ruling.

Each NAME.toml has a NAME.json beside it listing the parts of the output it pins (any key of
the output, plus ``accuracy_dice``: the dice count of each Accuracy roll, in order).
"""

import json
from pathlib import Path

import pytest

from table.cli import main
from table.scenarios import load

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))


def test_every_ruling_has_a_scenario():
    names = {f.stem.split("_")[0] for f in FILES}
    rulings = {"g2", "g4", "g5", "d2", "d4", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8",
               "e9", "e10", "e11", "e12", "e13", "e14", "e15", "e16", "t1", "t3", "t7"}
    assert rulings <= names
    assert {"example"} <= names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path):
    expected = json.loads(path.with_suffix(".json").read_text())
    out = load(path).run()
    for key, value in expected.items():
        if key == "accuracy_dice":
            got = [e["dice"] for e in out["events"] if e["event"] == "accuracy"]
        else:
            got = out[key]
        assert got == value, f"{key} differs"


def test_command_prints_json_and_exits_0(capsys):
    assert main(["scenario", str(HERE / "example_turn.toml")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out)[:6] == ["wind", "land", "target", "things", "destroyed", "cards_drawn"]
    assert out["unused"] == {"dice": 0, "flips": 0}
    assert all("event" in e for e in out["events"])
