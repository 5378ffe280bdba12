"""Round 4 of the scenario contract (docs/scenarios.md): the decisions before turn 1 (the
Sudden Death Draft, `[choices] card`) and the cards played at PLAY symbols (`then`, both
forms)."""

import json

import pytest

from tests.test_scenario_errors import scenario

#: two owner Sudden Death cards: four in all with the box's two, two each, each keeps one
DRAFT = '''
[game]
seed = {seed}
teams = 2
options = ["sudden_death_draft"]

[[cards]]
id = "blasts_sd"
kind = "sudden_death"
names = {{ en = "Reduced" }}
lasting = "reduced_blast"

[[cards]]
id = "gifts_sd"
kind = "sudden_death"
names = {{ en = "Gifts" }}
lasting = "parting_gifts"
'''

SD = {"one_life", "powerful_explosives", "blasts_sd", "gifts_sd"}


def _out(tmp_path, capsys, text) -> dict:
    code, out, err = scenario(tmp_path, capsys, text)
    assert code == 0, err
    return json.loads(out)


def _offered(tmp_path, capsys, seed: int, picks: list[str]) -> list[str]:
    """The Sudden Death cards the next seat is dealt, in the order offered: after ``picks``,
    an answer no card can be makes the engine name them (exit 1, naming the moment)."""
    text = DRAFT.format(seed=seed) + f"[choices]\ncard = {json.dumps(picks + ['nope'])}\n"
    code, _, err = scenario(tmp_path, capsys, text)
    assert code == 1 and "before turn 1" in err and "Traceback" not in err, err
    return err.split("legal: ")[1].strip().split(", ")


def test_the_draft_is_answered_and_setup_and_turn_1_follow(tmp_path, capsys):
    """Issue 33 item 1: the file once stopped at turn 0, step draft, with no setup and empty
    hands; with a turn entry it could not run ("it is None's turn")."""
    out = _out(tmp_path, capsys, DRAFT.format(seed=4) + '[[turns]]\nteam = "blue"\n')
    assert [e["event"] for e in out["events"]].count("setup") == 1
    assert out["turn"]["number"] == 2 and out["turn"]["team"] == "red"
    assert all(len(hand) == 5 for hand in out["hands"].values())
    assert out["decks"]["drop"] == 6                # 2 x 2 + 2 Drop cards, one drawn


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_drafted_card_is_one_the_players_kept(tmp_path, capsys, seed):
    """Each player is dealt two of the four and keeps one (`[choices] card`, in seating order;
    an empty queue: the first offered); the card under the Drop deck, revealed at the seventh
    Drop step, is one of the two kept, never one given up."""
    first = _offered(tmp_path, capsys, seed, [])
    second = _offered(tmp_path, capsys, seed, [first[0]])
    assert len(first) == len(second) == 2 and set(first) | set(second) == SD
    passes = "[[turns]]\n" * 7                      # six Drop cards, then the Sudden Death card
    for picks in ([], [first[1], second[1]], [first[0], second[1]]):
        text = DRAFT.format(seed=seed) + f"[choices]\ncard = {json.dumps(picks)}\n" + passes
        out = _out(tmp_path, capsys, text)
        [revealed] = [e["card"] for e in out["events"] if e["event"] == "sudden_death"]
        kept = picks or [first[0], second[0]]
        assert revealed in kept, (picks, revealed)


#: a card whose action line plays another card from the hand after its text
GUST = '''
[[cards]]
id = "gust"
kind = "supply"
names = { en = "Gust" }
action = ["TEXT", "PLAY"]
text = [{ do = "change_wind" }]
'''

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
dice = ["hit", "hit", "hit", "hit", "hit", "hit"]   # the wind, four Accuracy dice, X's Blast
'''

GAME = '''
[game]
seed = 3
land = [[0, 0], [1, 0], [0, 1], [1, 1]]
wind = 2
hands = { blue = ["gust", "bazooka"], red = ["uzi"] }
''' + WORMS + '''
[[turns]]
team = "blue"
worm = "A"
card = "gust"
'''

STEPS = '''
[board]
land = [[0, 0], [1, 0], [0, 1], [1, 1]]
wind = 2
''' + WORMS + '''
[[steps]]
do = "play"
worm = "A"
card = "gust"
'''


@pytest.mark.parametrize("form", [GAME, STEPS])
def test_a_card_played_at_a_play_symbol(tmp_path, capsys, form):
    out = _out(tmp_path, capsys, form + 'then = [{ card = "bazooka", target = [1, 0] }]\n' + GUST)
    events = out["events"]
    assert {"event": "damage", "thing": "X", "at": [1, 0]} in events
    assert any(e["event"] == "target" and e["at"] == [1, 0] for e in events)
    assert out["unused"]["dice"] == 0
    if form is GAME:
        assert [e["card"] for e in events if e["event"] == "play"] == ["gust", "bazooka"]
        assert out["hands"]["blue"] == []
    quiet = _out(tmp_path, capsys, form + GUST)          # no then: the PLAY symbol passes
    assert not any(e["event"] == "damage" for e in quiet["events"])


@pytest.mark.parametrize("form, then, says", [
    (GAME, '[{ card = "uzi", target = [1, 0] }]', "then[0].card: uzi is not a card in the hand"),
    (GAME, '[{ card = "bazooka", target = [1, 0] }, { card = "uzi" }]',
     "then: 2 given, the cards played have 1 PLAY symbol(s)"),
    (STEPS, '[{ card = "bazooka", target = [1, 0] }, { card = "uzi" }]',
     "then: 2 given, the cards played have 1 PLAY symbol(s)"),
    (GAME, '[{ card = "bazooka", target = [1, 0], moves = [{ skip = true }, { skip = true }] }]',
     "then[0].moves: 2 given, bazooka has 1 MOVE symbol(s)"),
])
def test_a_then_the_cards_cannot_play_cannot_run(tmp_path, capsys, form, then, says):
    code, _, err = scenario(tmp_path, capsys, form + f"then = {then}\n" + GUST)
    assert code == 1 and says in err and "Traceback" not in err, err


@pytest.mark.parametrize("form", [GAME, STEPS])
@pytest.mark.parametrize("then, says", [
    ('[{ target = [1, 0] }]', "then[0].card: missing"),
    ('[{ card = "supplies" }]', "then[0].card: unknown weapon card"),
    ('[{ card = "bazooka", aim = 3 }]', "then[0]: unknown key 'aim'"),
    ('[{ card = "bazooka", target = "near" }]', "then[0].target: expected a hex"),
])
def test_a_malformed_then_is_named(tmp_path, capsys, form, then, says):
    code, _, err = scenario(tmp_path, capsys, form + f"then = {then}\n" + GUST)
    assert code == 2 and says in err and "Traceback" not in err, err


def test_choices_card_is_a_queue_of_card_ids(tmp_path, capsys):
    code, _, err = scenario(tmp_path, capsys, DRAFT.format(seed=1) + "[choices]\ncard = [3]\n")
    assert code == 2 and "choices.card[0]: expected a card id, got 3" in err


def test_the_game_form_takes_order_choose(tmp_path, capsys):
    def game(order: str) -> str:
        return GAME.replace("wind = 2\n", f"wind = 2\n{order}\n") + GUST
    for order in ('order = "choose"', 'order = "hex"'):
        _out(tmp_path, capsys, game(order))
    code, _, err = scenario(tmp_path, capsys, game("order = 3"))
    assert code == 2 and "game.order: 3 is not an order (hex or choose)" in err
