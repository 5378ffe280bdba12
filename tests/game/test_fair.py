"""The box plays fair (issue 38 item 5): no answer of any level depends on what its team cannot
see.  The same game is played again with the hidden cards changed (the Drop deck in another
order, of other cards, over the other Sudden Death card; the other team's fifth Starter another
card; the players draw from their own decks, so every draw is the card tapped, whatever the
box believes the deck holds) and given the same answers: at every decision of the level's
team the answer must be the one it gave in the real game.  A copy that stops being the same
game in view (the other team played the card that differs) is left out from there."""

from __future__ import annotations

from dataclasses import replace

import pytest

from table.bots import SearchBot, for_level, make
from table.cards import library
from table.engine.decisions import DecisionKind, seat_of
from table.engine.decisions import Illegal
from table.engine.game import GameConfig
from table.librarygame import LibraryGame

FIXED = ("uzi", "bazooka", "ninja_rope", "girder")
DROPS = ("mine_drop", "supplies", "mine_drop", "supplies", "supplies", "mine_drop")


def _config(box_fifth: str, other_fifth: str, drops: tuple[str, ...]) -> GameConfig:
    # (blue and red: which of them the box plays is the seat the seed gives)
    return GameConfig(teams=2, max_rounds=30, own_decks=True, drop_deck=drops,
                      hands=(("blue", FIXED + (box_fifth,)), ("red", FIXED + (other_fifth,))))


def _seen(d):
    """A decision as the players see it (a draw from their own deck: not what the box
    believes lies on top, which is no answer of the box's)."""
    return replace(d, default=None) if d is not None and d.kind == DecisionKind.CARD_TAPPED else d


def _bot(level: str, seed):
    return SearchBot(seed, trials=6, samples=1) if level == "hard" else for_level(level, seed)


def _play_side_by_side(level: str, seed: str, turns: int) -> int:
    real = LibraryGame.new(_config("grenade", "grenade", DROPS + ("one_life",)), seed, library())
    box = real.seats[0]
    box_fifth = "grenade"
    other_fifth = ("uzi", "ninja_rope")

    def hands(fifth_of_other: str) -> tuple:
        return (box_fifth, fifth_of_other) if box == "blue" else (fifth_of_other, box_fifth)

    copies = [LibraryGame.new(_config(*hands("grenade"), tuple(reversed(DROPS)) + ("one_life",)),
                              seed, library()),
              LibraryGame.new(_config(*hands("grenade"), ("supplies",) * 6 + ("powerful_explosives",)),
                              seed, library())]
    copies += [LibraryGame.new(_config(*hands(c), DROPS + ("one_life",)), seed, library())
               for c in other_fifth]
    opponent = make("random", 5)
    checked = 0
    while real.request is not None and real.turn.number <= turns:
        d = real.request
        mine = (seat_of(d.actor, real.seats) or 0) == 0 and d.kind != DecisionKind.CARD_TAPPED
        answer = _bot(level, len(real.log))(real) if mine else opponent(real)
        for game in list(copies):
            if _seen(game.request) != _seen(d):
                copies.remove(game)
                continue
            if mine:
                assert _bot(level, len(real.log))(game) == answer, (level, d, len(real.log))
                checked += 1
            try:
                game.answer(answer)
            except Illegal:
                copies.remove(game)          # the card that differs was played: in view now
        real.answer(answer)
    return checked


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_answers_differently_when_only_hidden_cards_differ(level):
    assert _play_side_by_side(level, f"fair:{level}", turns=8) >= 12


def _variants(seed: str) -> tuple:
    real = LibraryGame.new(_config("grenade", "grenade", DROPS + ("one_life",)), seed, library())
    box = real.seats[0]
    other = [("uzi", "grenade"), ("grenade", "uzi")][box == "blue"]
    copies = [LibraryGame.new(_config("grenade", "grenade", ("supplies",) * 6 + ("powerful_explosives",)),
                              seed, library()),
              LibraryGame.new(_config(*other, tuple(reversed(DROPS)) + ("one_life",)), seed, library())]
    return real, box, copies


def _played_on(game, steps: int = 60) -> list:
    while game.request is not None and steps:
        game.answer(game.request.default)
        steps -= 1
    return [e for e in game.log if "reveal" in e or "chance" in e]


def test_the_copies_a_team_searches_are_dealt_from_what_it_has_not_seen():
    real, box, copies = _variants("fair:fork")
    other = next(t for t in real.teams if t != box)
    for k in range(3):
        mine = real.fork(k, viewer=box)
        assert mine.hands[box] == real.hands[box]
        assert len(mine.hands[other]) == len(real.hands[other])
        assert set(FIXED) <= set(mine.hands[other])       # the Starters every player takes
        for game in copies:
            theirs = game.fork(k, viewer=box)
            assert (theirs.hands, theirs.deck_cards) == (mine.hands, mine.deck_cards)
            assert _played_on(theirs) == _played_on(real.fork(k, viewer=box))
