"""Every file reader answers a damaged file with its own error naming the file and field, never
a traceback: thousands of mutated scenario, card, tile, profile and tag files, settings.json,
journal rows and journal files (tests/fuzzing.py: structures and text mutated), the state files
set aside and never "storage failed"."""

import logging
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import fuzzing

READERS = {r.name: r for r in fuzzing.readers()}
#: per reader, the same files on every run: 3,950 in all (the state readers open a state
#: folder, and a journal, for each; more in bench/run security)
EXAMPLES = {"settings": 150, "journal-rows": 200, "journal-file": 200}


@pytest.fixture
def quiet():
    """The set-aside files are logged as errors: thousands of lines nobody reads here."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


@pytest.mark.parametrize("name", sorted(READERS))
def test_mutated_files_get_the_readers_own_error(name, quiet):
    reader = READERS[name]

    @settings(max_examples=EXAMPLES.get(name, 680), derandomize=True, deadline=None, database=None,
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

