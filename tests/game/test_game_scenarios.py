"""The turn-level scenario files in tests/scenarios/games/: whole turns of a game, pinned.

Each NAME.toml has a NAME.json beside it with the parts of the output it pins."""

import json
import re
from pathlib import Path

import pytest

from table.cli import main
from table.scenarios import CannotRun, Malformed, load, parse
from tests.test_scenario_errors import scenario

HERE = Path(__file__).parent.parent / "scenarios" / "games"
FILES = sorted(HERE.glob("*.toml"))


def test_there_are_game_files():
    assert {f.stem.split("_")[0] for f in FILES} >= {"t1", "t3", "t4", "t6", "t8"}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_game_file(path):
    expected = json.loads(path.with_suffix(".json").read_text())
    out = load(path).run()
    for key, value in expected.items():
        assert out[key] == value, f"{key} differs"


def test_command_runs_a_game_file(capsys):
    assert main(["scenario", str(HERE / "t6_shared_win.toml")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["shared"] is True


BASE = {
    "game": {"seed": 1, "wind": 3, "land": [[0, 0], [1, 0], [2, 0], [3, 0]]},
    "things": [
        {"kind": "worm", "id": "blue-1", "team": "blue", "at": [0, 0]},
        {"kind": "worm", "id": "red-1", "team": "red", "at": [3, 0]},
    ],
}


def _with(**parts):
    data = json.loads(json.dumps(BASE))
    data.update(parts)
    return data


@pytest.mark.parametrize("data, message", [
    (_with(game={"seed": 1, "colour": 3}), "game: unknown key 'colour'"),
    (_with(game={"options": ["warp_drive"]}), "game.options[0]: unknown option"),
    (_with(game={"drop_deck": ["bazooka"]}), "game.drop_deck[0]"),
    (_with(turns=[{"worm": "blue-1", "moves": [{"fly": [1, 0]}]}]), "turns[0].moves[0]: unknown key 'fly'"),
    (_with(turns=[{"card": "laser"}]), "turns[0].card: unknown weapon card"),
    (_with(turns=[{"moves": [{"skip": True}] * 3}]), "a turn has two movement steps"),
    (_with(things=[{"kind": "worm", "id": "blue-1", "team": "blue", "at": [0, 0]}]),
     "worms of two teams"),
    (_with(turns=[{"team": "pink"}]), 'turns[0].team: "pink" is not a team in play (blue, red)'),
    (_with(turns=[{}, {"team": "green"}]), 'turns[1].team: "green" is not a team in play'),
    (_with(game={**BASE["game"], "drop_deck": ["supplies"] * 9}),
     "game.drop_deck: 9 copies of supplies, the box holds 8"),
    *[(_with(game={**BASE["game"], "hands": hands}), message) for hands, message in (
        (["uzi"], "game.hands: expected a table of team = [card ids]"),
        ({"blue": ["uzi"]}, "game.hands: no hand for red (every team in play needs one)"),
        ({"blue": [], "red": [], "pink": []}, "game.hands.pink: not a team in play (blue, red)"),
        ({"blue": [], "red": [], "green": []}, "game.hands.green: not a team in play"),
        ({"blue": "uzi", "red": []}, "game.hands.blue: expected a list"),
        ({"blue": ["uzi", "laser"], "red": []}, 'game.hands.blue[1]: "laser" is not a weapon card'),
        ({"blue": [], "red": ["supplies"]}, 'game.hands.red[0]: "supplies" is not a weapon card'),
        ({"blue": ["uzi"] * 3, "red": ["uzi"] * 2}, "game.hands: 5 copies of uzi, the box holds 4"),
        ({"blue": ["freeze"], "red": ["freeze"]}, "game.hands: 2 copies of freeze, the box holds 1"),
    )],
])
def test_malformed_game_files_name_the_field(data, message):
    with pytest.raises(Malformed, match=re.escape(message)):
        parse(data)


def test_an_illegal_turn_cannot_run():
    sc = parse(_with(turns=[{"team": "blue", "worm": "blue-1", "moves": [{"inch": [2, 0]}]}]))
    with pytest.raises(CannotRun, match="turns\\[0\\]: .*not a legal answer to move"):
        sc.run()
    sc = parse(_with(turns=[{"team": "red"}]))
    with pytest.raises(CannotRun, match="it is blue's turn, not red's"):
        sc.run()


def test_an_unknown_team_in_a_turn_exits_2_naming_the_field(tmp_path, capsys):
    text = GAME_TEXT.format(title='title = "pink"', card="pass", card_moves="[]")
    code, _, err = scenario(tmp_path, capsys, text.replace('worm = "blue-1"\n',
                                                           'team = "pink"\nworm = "blue-1"\n'))
    assert code == 2 and "turns[0].team" in err and "pink" in err and "Traceback" not in err


def test_stated_hands_leave_the_decks_the_other_copies():
    hands = {"blue": ["uzi", "bazooka", "grenade"], "red": ["uzi", "freeze"]}
    sc = parse(_with(game={**BASE["game"], "hands": hands}, turns=[{}]))
    out = sc.run()
    assert out["hands"]["red"] == ["uzi", "freeze"]          # (blue played none: pass)
    assert out["decks"]["supply"] == 0                        # the one Freeze is in red's hand
    config = sc.config
    assert type(config).from_json(config.as_json()) == config    # a journal keeps them


GAME_TEXT = """{title}
[game]
seed = 1
wind = 3
drop_deck = ["supplies"]
land = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]
[[things]]
kind = "worm"
id = "blue-1"
team = "blue"
at = [0, 0]
[[things]]
kind = "worm"
id = "red-1"
team = "red"
at = [4, 0]
[random]
dice = ["hit", "hit", "hit", "hit", "hit", "hit"]
[[turns]]
worm = "blue-1"
card = "{card}"
target = [2, 0]
card_moves = {card_moves}
"""

STEP_TEXT = """{title}
[board]
land = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]
wind = 3
[[things]]
kind = "worm"
id = "blue-1"
team = "blue"
at = [0, 0]
[random]
dice = ["hit", "hit", "hit", "hit", "hit", "hit"]
[[steps]]
do = "play"
worm = "blue-1"
card = "{card}"
target = [2, 0]
moves = {card_moves}
"""


@pytest.mark.parametrize("title, card, moves, code, message", [
    ("title = 5", "bazooka", "[]", 2, "title: expected text"),
    ('title = "ok"', "bazooka", "[{ skip = true }, { skip = true }]", 1, "MOVE symbol"),
    ('title = "ok"', "grenade", "[{ inch = [1, 0] }]", 1, "MOVE symbol"),
    ('title = "ok"', "bazooka", "[{ inch = [1, 0] }]", 0, ""),
])
def test_the_game_form_refuses_what_the_step_form_refuses_with_the_same_exit_code(
        tmp_path, capsys, title, card, moves, code, message):
    for form, text in (("game", GAME_TEXT), ("step", STEP_TEXT)):
        got, _, err = scenario(tmp_path, capsys, text.format(title=title, card=card,
                                                             card_moves=moves))
        assert got == code, (form, err)
        assert message in err and "Traceback" not in err


def test_a_fixed_layout_needs_land_and_a_full_hex_is_not_a_choice():
    data = _with()
    del data["game"]["land"]
    with pytest.raises(Malformed, match="game.land: missing"):
        parse(data)
    with pytest.raises(Malformed, match="choices: unknown key 'prod'"):     # E7.4: always prodded
        parse(_with(choices={"prod": ["leave"]}))
    with pytest.raises(Malformed, match="game.larger_map: expected true or false"):
        parse(_with(game={"larger_map": "yes"}))
