"""The box's levels (table/bots): the hard search is seeded by the position (a replay asks
the same question and gets the same answer), never sees another team's hand, and plays whole
games within the rules."""

import pytest

from table.bots import LEVELS, SearchBot, for_level, make
from table.cards import library
from table.engine.decisions import seat_of
from table.engine.game import GameConfig
from table.engine.invariants import problems
from table.librarygame import LibraryGame


def _game(seed="s:1"):
    return LibraryGame.new(GameConfig(teams=2, max_rounds=30), seed, library())


def _play_to_turn(game, kinds=("move",)):
    """Answer with the defaults until the request is a turn decision of ``kinds``."""
    while game.request is not None and game.request.kind not in kinds:
        game.answer(game.request.default)
    return game


def test_the_same_position_gets_the_same_answer_from_a_new_bot_and_after_a_replay():
    game = _play_to_turn(_game())
    d = game.request
    first = SearchBot(7, trials=12)(game)
    assert first in d.options
    assert SearchBot(7, trials=12)(game) == first            # a power cut: a new bot, same seed
    again = LibraryGame.replay(game.config, "s:1", game.log, library())
    assert again.request == d
    assert SearchBot(7, trials=12)(again) == first           # a replay of the journal


def test_thinking_changes_nothing_in_the_game():
    game = _play_to_turn(_game())
    before = (game.board.as_json(), {t: list(h) for t, h in game.hands.items()}, len(game.log))
    SearchBot(3, trials=12)(game)
    assert (game.board.as_json(), {t: list(h) for t, h in game.hands.items()},
            len(game.log)) == before


def test_a_fork_for_a_viewer_deals_the_other_hands_from_the_cards_it_has_not_seen():
    game = _play_to_turn(_game("s:4"))
    team = game.turn.team
    other = next(t for t in game.teams if t != team)
    box = [c for c, card in sorted(library().items()) if card.kind in ("starter", "supply")
           for _ in range(card.copies)]
    truth = list(game.hands[other])
    dealt = set()
    for k in range(20):
        trial = game.fork(f"f:{k}", viewer=team)
        assert trial.hands[team] == game.hands[team]
        assert len(trial.hands[other]) == len(game.hands[other])
        assert len(trial.deck_cards["supply"]) == len(game.deck_cards["supply"])
        held = trial.hands[team] + trial.hands[other] + trial.deck_cards["supply"]
        assert all(held.count(c) <= box.count(c) for c in held)      # cards the box holds
        dealt.add(tuple(trial.hands[other]))
    assert game.hands[other] == truth                     # the game itself is untouched
    assert len(dealt) > 1                # the viewer's copies do not all hold the true hand


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_a_whole_game_within_the_rules(level):
    game = _game(f"lvl:{level}")
    bots = [for_level(level, 1), make("random", 2)]
    if level == "hard":
        bots[0] = SearchBot(1, trials=8)
    while game.request is not None:
        d = game.request
        seat = seat_of(d.actor, game.seats) or 0
        answer = bots[seat](game)
        assert answer in d.options
        game.answer(answer)
        assert problems(game) == []
    assert game.result is not None


def test_an_unknown_level_is_named():
    with pytest.raises(ValueError, match="unknown level 'expert'.*easy, normal, hard"):
        for_level("expert")


def _a_crate_to_place():
    """A game at its first Drop card's question with several emptiest hexes (E9): where a
    crate goes changes nothing a one-look bot can score."""
    from table.bots import RandomBot
    from table.engine.decisions import Purpose
    for seed in range(20):
        game, bot = _game(f"drop:{seed}"), RandomBot(seed)
        for _ in range(400):
            d = game.request
            if d is None:
                break
            if d.purpose is Purpose.EMPTIEST and len(d.options) > 3:
                return game
            game.answer(bot(game))
    raise AssertionError("no Drop card with several emptiest hexes in 20 games")


def test_the_easy_level_takes_the_offer_among_equal_answers_when_asked_to():
    from table.bots import EasyBot, GreedyBot
    game = _a_crate_to_place()
    d = game.request
    assert {GreedyBot(s)(game) for s in range(8)} - {d.default}     # a tie: some pick another
    assert all(GreedyBot(s, offer=True)(game) == d.default for s in range(8))
    assert all(EasyBot(s, careless=0.0, offer=True)(game) == d.default for s in range(8))
