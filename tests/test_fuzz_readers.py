"""Every file reader answers a damaged file with its own error naming the file and field, never
a traceback: thousands of mutated scenario, card, profile and tag files (tests/fuzzing.py)."""

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import fuzzing

READERS = {r.name: r for r in fuzzing.readers()}
EXAMPLES = 750          # per reader: 3,000 files in all, the same ones on every run


@pytest.mark.parametrize("name", sorted(READERS))
def test_mutated_files_get_the_readers_own_error(name):
    reader = READERS[name]

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32 - 1))
    def feed(seed):
        err = fuzzing.one(reader, random.Random(seed))
        assert err is None, f"{name}: {type(err).__name__}: {err}"

    feed()


@pytest.mark.parametrize("body, field", [
    ('[board]\nland = [[0, 0]]\nwind = 1\n[[steps]]\ndo = ["blast"]\nat = [0, 0]\n', "steps[0].do"),
    ('[game]\ndrop_deck = [["one_life"]]\n', "game.drop_deck[0]"),
    ('[game]\nteams = 2\n[choices]\norder = [[["mine"]]]\n', "choices.order[0]"),
])
def test_a_list_where_text_belongs_is_exit_2_naming_the_field(tmp_path, body, field):
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "table.cli", "scenario", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert field in done.stderr and "Traceback" not in done.stderr

