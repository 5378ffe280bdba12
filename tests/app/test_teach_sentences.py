"""Every effect sentence of docs/cards.md's table, told on the box's buttons (the teach walk),
comes back as exactly the card its scenario plays: the player reads each screen and answers
it as the card says (bench/teach.py's player, the one `bench/run teach` counts presses with)."""

import importlib.util
import tomllib
from pathlib import Path

import pytest

from tests.test_sentences import ROWS, SCENARIOS

BENCH = Path(__file__).resolve().parents[2] / "bench" / "teach.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_teach_for_tests", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TEACH = _bench()


@pytest.mark.parametrize("file", [r[2] for r in ROWS])
def test_each_sentence_is_told_on_the_buttons_exactly(file):
    [card] = tomllib.loads((SCENARIOS / file).read_text(encoding="utf-8"))["cards"]
    raw = {k: v for k, v in card.items() if k not in ("id", "names")}
    raw["names"] = {"en": "Told"}
    presses, exact = TEACH.on_the_buttons(raw)
    assert exact, file
    assert presses <= 40, (file, presses)


def test_the_headline_sentence_knocks_back_only_the_worm_it_damaged():
    raw = {"kind": "supply", "names": {"en": "Told"}, "target": "adjacent", "action": ["TEXT"],
           "text": [{"do": "damage", "pick": "one", "kinds": ["worm"]},
                    {"do": "knockback", "what": "them"}]}
    walk = TEACH.Walk("en", "card_1", {"en": "Card 1"}, kinds=("supply",), known={})
    player = TEACH.Player(walk)
    seen = []
    while True:
        seen.append(walk.stage)
        out = TEACH.answer(player, raw)
        if isinstance(out, TEACH.Result):
            break
    assert out.raw["text"] == raw["text"]
    assert seen.count("reach") == 3 and "kinds" in seen      # where twice, the kinds once
