"""The reply's danger (table/bots/danger.py, issue 35 item 2): what the other side's best attack
in its next turn can be expected to cost, worked out by hand on small maps, and the hard level
moving out of it where nothing in its own turn tells it to."""

import pytest

import table.bots.search as search
from table.bots import SearchBot
from collections import Counter

from table.bots.danger import ELIMINATED, Hands, Threat, danger
from table.cards import library
from table.engine.game import GameConfig
from table.engine.setup import STARTING_HAND
from table.hexgrid import hexagon

from .puzzles import SKIP, WIDE, Puzzle, _w, position

BIG = tuple(hexagon((0, 0), 3))


def _game(land, things, red, blue=("girder",), before=()):
    """Blue to move, Red holding ``red`` (the real hands: danger() is asked of the game itself,
    not of a bot's copy)."""
    return position(Puzzle("danger", "", land, things, blue, "move", before=before, red=red))


def test_an_uzi_within_reach_of_a_last_damaged_worm_is_the_game():
    game = _game(BIG, (_w((0, 0), "blue-1"), _w((3, 0), "red-1")), ("uzi",))
    game.board.things["blue-1"].damaged = True       # (the active worm healed when activated)
    # Red walks two inches to (1, 0) and fires along the line: the worm and the game are lost
    assert danger(game, "blue") == ELIMINATED + 1
    game.board.things["blue-1"].damaged = False      # a healthy worm loses a life, not the game
    assert danger(game, "blue") == 1


def test_out_of_the_uzis_reach_there_is_no_danger():
    # Red's worm at (3, 0) reaches (1, 0) at best; the Uzi fires at most two hexes along a line
    game = _game(BIG, (_w((-3, 0), "blue-1"), _w((3, 0), "red-1")), ("uzi",))
    assert danger(game, "blue") == 0
    assert danger(game, "red") == 0                  # Blue holds no weapon: Red is safe


def test_powerful_explosives_push_a_worm_off_the_shore():
    strip = tuple((q, 0) for q in range(5))
    things = (_w((0, 0), "blue-1"), _w((1, 0), "blue-2"), _w((4, 0), "red-1"))
    game = _game(strip, things, ("grenade",))
    plain = danger(game, "blue")
    game.board.rules.add("powerful_explosives")
    # a Blast on (1, 0) pushes Blue 1 from (0, 0) west into the water (and Blue 2, in the hex,
    # is damaged and thrown); worth more than any Blast without the pushes
    assert danger(game, "blue") > plain + 1


def test_the_attacker_does_not_count_on_a_blast_among_its_own_worms():
    alone = _game(BIG, (_w((0, 0), "blue-1"), _w((0, 3), "blue-2"), _w((3, 0), "red-1")),
                  ("grenade",))
    beside = _game(BIG, (_w((0, 0), "blue-1"), _w((0, 0), "red-2"), _w((0, 3), "blue-2"),
                         _w((3, 0), "red-1")), ("grenade",))
    assert 0 < danger(beside, "blue") < danger(alone, "blue")


def _last_worm_on_the_shore():
    """Blue's last worm on a strip two hexes wide, its second move to make; Red's two worms at
    the far end hold a Bazooka and an Uzi.  Nothing Blue does this turn can hurt anyone (it
    holds a Girder): only the reply tells one move from another."""
    things = (_w((3, 0), "blue-1"), _w((0, 0), "red-1"), _w((0, 1), "red-2"))
    return _game(WIDE, things, ("uzi", "bazooka"), before=(("move", SKIP),))


def test_the_hard_level_moves_its_last_worm_out_of_the_replys_danger(monkeypatch):
    game = _last_worm_on_the_shore()
    stays = game.fork("stay")
    stays.answer(SKIP)
    answers = {SearchBot(seed)(game) for seed in range(3)}
    assert SKIP not in answers
    for answer in answers:
        moved = game.fork("moved")
        moved.answer(answer)
        assert danger(moved, "blue") < danger(stays, "blue")
    # without the reply's price every move is as good as staying, and staying is quieter
    monkeypatch.setattr(search, "REPLY", 0.0)
    assert {SearchBot(seed)(game) for seed in range(3)} == {SKIP}


def test_pricing_the_danger_changes_nothing_in_the_game():
    game = _last_worm_on_the_shore()
    before = (game.board.as_json(), game.hands)
    danger(game, "blue")
    assert (game.board.as_json(), game.hands) == before        # it only looks


def test_an_unseen_card_is_weighed_by_its_chance():
    game = _game(BIG, (_w((0, 0), "blue-1"), _w((3, 0), "red-1")), ("uzi",))
    game.board.things["blue-1"].damaged = True
    threat = Threat(game, "blue", "red")
    # one card unseen, an Uzi one time in four: the game is lost one time in four
    assert threat.expected((), [(1, Counter({"uzi": 1, "girder": 3}))]) == pytest.approx(
        (ELIMINATED + 1) / 4)
    assert threat.expected(("uzi",), [(1, Counter({"girder": 4}))]) == ELIMINATED + 1   # known
    assert threat.expected((), [(0, Counter({"uzi": 4}))]) == 0                          # none held
    # two unseen cards from two pools: the Uzi is missed only if both miss it (3/4 * 1/2)
    two = [(1, Counter({"uzi": 1, "girder": 3})), (1, Counter({"uzi": 1, "freeze": 1}))]
    assert threat.expected((), two) == pytest.approx((ELIMINATED + 1) * (1 - 3 / 4 * 1 / 2))


def _dealt(fifth):
    """A standard two-team game whose hands are stated: each team's four Starters (T8) and a
    fifth card, Red's ``fifth``; Blue to choose its worm."""
    from table.librarygame import LibraryGame

    hands = (("blue", STARTING_HAND + ("grenade",)), ("red", STARTING_HAND + (fifth,)))
    return LibraryGame.new(GameConfig(teams=2, hands=hands), "danger:hands", library())


def test_what_the_team_knows_of_the_other_hand_is_what_a_player_at_the_table_knows():
    game = _dealt("grenade")
    hands = Hands(game, "blue")
    assert hands.known == {"red": sorted(STARTING_HAND)} and hands.hidden == {"red": 1}
    box = Counter({c: card.copies for c, card in library().items()
                   if card.kind in ("starter", "supply", "superweapon")})
    assert hands.pool == box - Counter(game.hands["blue"]) - Counter(STARTING_HAND)


def test_a_card_a_team_drew_from_a_crate_is_a_supply_card():
    from types import SimpleNamespace

    game = _dealt("grenade")
    # everyone sees Red open a crate and draw (the shipped Supply deck holds only the Freeze)
    seen = SimpleNamespace(teams=game.teams, cards=game.cards, hands=game.hands, decks=game.decks,
                           log=game.log + [{"reveal": "supply", "team": "red", "card": "freeze"}],
                           hand_size=lambda t: game.hand_size(t) + (t == "red"))
    hands = Hands(seen, "blue")
    assert hands.hidden == {"red": 2}
    (n_drawn, drawn), (n_fifth, fifth) = hands.unseen["red"]
    assert (n_drawn, n_fifth) == (1, 1)
    assert {library()[c].kind for c in drawn} == {"supply"} and "freeze" in drawn
    assert {library()[c].kind for c in fifth} == {"starter"}
    # Blue's last worm, damaged, in the Uzi's reach: the drawn card cannot be an Uzi, so the
    # price is the fifth Starter's chance alone, less than with both cards from every copy
    game.board.things["blue-1"].damaged = True
    threat = Threat(game, "blue", "red")
    assert threat.expected((), hands.unseen["red"]) == pytest.approx(
        threat.expected((), [(1, fifth)]))
    assert threat.expected((), hands.unseen["red"]) < threat.expected((), [(2, hands.pool)])


def test_the_price_with_what_the_team_knows_is_the_same_whatever_the_unseen_card_is():
    grenade, girder = _dealt("grenade"), _dealt("girder")
    assert grenade.board.as_json() == girder.board.as_json()
    priced = [danger(g, "blue", hands=Hands(g, "blue")) for g in (grenade, girder)]
    assert priced[0] == priced[1] > 0
