"""docs/cards.md's table of effect sentences: each row's steps are the card its scenario file
plays (tests/scenarios/, pinned by tests/test_scenarios.py), read the way the page's card form
reads a line (table/cards/authoring.py step_line, and card-form.js stepLines under node); and
the table says every area, and "it"/"them", at least once."""

import json
import re
import tomllib
from pathlib import Path

import pytest

from bench.teach import read_lines
from table.cards.authoring import line_of, step_line
from table.engine.anatomy import AREAS
from table.scenarios import load

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "cards.md"
SCENARIOS = ROOT / "tests" / "scenarios"


def rows() -> list[tuple[str, list[str], str]]:
    doc = DOCS.read_text(encoding="utf-8")
    table = doc.split("<!-- sentences -->")[1].split("<!-- end of the sentences -->")[0]
    out = []
    for line in table.strip().splitlines()[2:]:
        sentence, steps, file = [c.strip() for c in line.strip("|").split("|")]
        out.append((sentence, re.findall(r"`([^`]+)`", steps), file.strip("`")))
    return out


ROWS = rows()


@pytest.mark.parametrize("sentence, lines, file", ROWS, ids=[r[2] for r in ROWS])
def test_each_sentence_is_the_card_its_scenario_plays(sentence, lines, file):
    path = SCENARIOS / file
    [card] = tomllib.loads(path.read_text(encoding="utf-8"))["cards"]
    assert [step_line(x) for x in lines] == card["text"], sentence
    assert [line_of(s) for s in card["text"]] and all(
        step_line(line_of(s)) == s for s in card["text"])
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    out = load(path).run()
    assert {k: out[k] for k in expected} == expected


def test_the_table_says_every_area_and_what_the_step_before_acted_on():
    words = " ".join(x for _, lines, _ in ROWS for x in lines)
    for area in AREAS:
        if area != "hex":
            assert f"area={area}" in words, area
    assert "what=them" in words and "at=them" in words


def test_the_page_form_reads_each_line_as_the_python_does():
    lines = [x for _, got, _ in ROWS for x in got] + [
        "by_hand text=Flip the Danger Flipper: on danger, Blast your own hex.",
        "move pick=all hexes=3 way=roll"]
    (got,), reader = read_lines(["\n".join(lines)])     # (bench/teach.py's reader of the form)
    if reader == "python":
        pytest.skip("no node (nor Playwright's) to run card-form.js")
    assert got == [step_line(x) for x in lines]
