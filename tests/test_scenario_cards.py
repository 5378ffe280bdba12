"""An owner's cards in a scenario file (docs/scenarios.md, "An owner's cards"): `[[cards]]` in
either form join the library for that scenario only; any problem a card file would have, or
an id the library has, is malformed (exit 2) naming cards[i] and the field."""

import json

import pytest

from table.cards import library
from tests.test_scenario_errors import scenario

CARD = '''
[[cards]]
id = "test_charge"
kind = "supply"
names = { en = "Test Charge" }
target = "adjacent"
action = ["TEXT"]
text = [{ do = "blast" }]
'''

#: blue's worm A beside red's X, one die: a hit
WORMS = '''
[[things]]
kind = "worm"
id = "A"
team = "blue"
at = [0, 0]

[[things]]
kind = "worm"
id = "X"
team = "red"
at = [1, 0]

[random]
dice = ["hit"]
'''

STEP_FORM = '''
[board]
land = [[0, 0], [1, 0], [0, 1]]
wind = 3
''' + WORMS + '''
[[steps]]
do = "play"
worm = "A"
card = "test_charge"
target = [1, 0]
'''

GAME_FORM = '''
[game]
seed = 3
land = [[0, 0], [1, 0], [0, 1], [1, 1]]
wind = 2
hands = { blue = ["test_charge"], red = ["uzi"] }
''' + WORMS + '''
[[turns]]
team = "blue"
worm = "A"
card = "test_charge"
target = [1, 0]
'''


@pytest.mark.parametrize("form", [STEP_FORM, GAME_FORM])
def test_a_card_of_the_file_is_played_in_either_form(tmp_path, capsys, form):
    code, out, err = scenario(tmp_path, capsys, form + CARD)
    assert code == 0, err
    result = json.loads(out)
    assert {"event": "damage", "thing": "X", "at": [1, 0]} in result["events"]
    assert any(t["kind"] == "crater" and t["at"] == [1, 0] for t in result["things"])
    assert "test_charge" not in library()                  # for that scenario only


@pytest.mark.parametrize("form", [STEP_FORM, GAME_FORM])
@pytest.mark.parametrize("change, says", [
    (('target = "adjacent"', 'target = "adjacent"\nrange = 3'),
     "cards[0]: card test_charge: range: only the within"),
    (('id = "test_charge"', 'id = "bazooka"'),
     "cards[0]: card bazooka: id: already in the library"),
    (('text = [{ do = "blast" }]', 'text = [{ do = "explode" }]'),
     "cards[0]: card test_charge: text[0]: each step needs do"),
    (('names = { en = "Test Charge" }', 'names = { en = "Test\\nCharge" }'),
     "cards[0]: card test_charge: names.en: one line"),
])
def test_a_bad_card_is_malformed_naming_cards_i_and_the_field(tmp_path, capsys, form, change,
                                                                says):
    code, out, err = scenario(tmp_path, capsys, form + CARD.replace(*change))
    assert code == 2 and out == ""
    assert says in err and "Traceback" not in err


def test_cards_must_be_tables(tmp_path, capsys):
    code, _, err = scenario(tmp_path, capsys, 'cards = "test_charge"\n' + STEP_FORM)
    assert code == 2 and "cards" in err
