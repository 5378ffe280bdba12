"""The players' own decks: each Supply and Drop card drawn from the real deck is asked for
(``card_tapped``), entered in the log as the ordinary reveal entry, so the journal replays it
and undo never goes back past one."""

import random

import pytest

from table.bots import GreedyBot, RandomBot
from table.engine.decisions import Illegal, Purpose
from table.engine.dice import TYPED
from table.engine.game import GameConfig
from table.librarygame import LibraryGame


def _play(game, seed, undo_every=0, pick=None):
    bot, rnd, n, taps = RandomBot(seed), random.Random(seed), 0, 0
    while game.request is not None:
        d = game.request
        if d.kind == "card_tapped":
            taps += 1
            game.answer(pick(d, rnd) if pick else d.default)
        elif d.kind in TYPED:
            game.answer(rnd.choice(d.options))
        else:
            game.answer(bot(game))
        n += 1
        if undo_every and n % undo_every == 0 and game.can_undo:
            game.undo()
    return taps


@pytest.mark.parametrize("seed", [0, 3])
def test_tapped_cards_replay_exactly_with_undos_on_the_way(seed):
    config = GameConfig(teams=2 + seed % 3, own_decks=True, own_dice=seed % 2 == 1)
    game = LibraryGame.new(config, seed)
    taps = _play(game, seed, undo_every=5, pick=lambda d, rnd: rnd.choice(d.options))
    again = LibraryGame.replay(game.config.as_json(), seed, game.log)
    assert again.result == game.result and again.log == game.log
    assert taps > 0
    # every card drawn came from a tap, once each (undo never took one back)
    assert taps == sum(1 for e in game.log if e.get("reveal") and e.get("card") is not None)
    assert not any(e.get("kind") == "card_tapped" for e in game.log)


@pytest.mark.parametrize("seed", [1, 4])
def test_the_default_taps_reproduce_the_seeded_game(seed):
    # (the hands stated outright: the players' own deal leaves the fifth Starter face down)
    hands = tuple((t, ("uzi", "bazooka", "ninja_rope", "girder", "grenade"))
                  for t in ("blue", "red", "green"))
    seeded = LibraryGame.new(GameConfig(teams=3, hands=hands), seed)
    _play(seeded, seed)
    drawn = LibraryGame.new(GameConfig(teams=3, own_decks=True, hands=hands), seed)
    taps = _play(drawn, seed)
    assert taps > 0
    # the same game until the box's own Supply deck runs out; the players' real deck is
    # not the box's to know: a card is still asked for (any Supply card the box knows)
    empty = next((i for i, e in enumerate(seeded.log)
                  if e.get("reveal") == "supply" and e.get("card") is None), None)
    if empty is None:
        assert drawn.log == seeded.log and drawn.events == seeded.events
        assert drawn.result == seeded.result
    else:
        assert drawn.log[:empty] == seeded.log[:empty]
        assert drawn.log[empty]["reveal"] == "supply" and drawn.log[empty]["card"] is not None


def _to_tap(game, deck):
    """Play on (a random bot, the top card drawn) until a ``deck`` card is to be tapped."""
    bot = RandomBot(1)
    while game.request is not None and not (game.request.kind == "card_tapped"
                                            and game.request.item == deck):
        assert game.turn.number < 200
        game.answer(bot(game))
    assert game.request is not None, f"no {deck} card drawn"
    return game.request


def test_a_card_not_in_the_deck_is_illegal_and_the_tapped_card_lands_in_the_hand():
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 2)
    d = _to_tap(game, "supply")
    assert d.purpose is Purpose.DRAW and d.why == "draw:supply" and d.actor == game.turn.team
    assert d.default in d.options and list(d.options) == sorted(set(d.options))
    log, team = list(game.log), d.actor
    for wrong in ("bazooka", "no-such-card"):
        with pytest.raises(Illegal, match="not in the supply deck"):
            game.answer(wrong)
    assert game.log == log and game.request == d
    before = game.hands[team].count(d.options[-1])
    game.answer(d.options[-1])
    assert {"reveal": "supply", "team": team, "card": d.options[-1]} in game.log[len(log):]
    assert game.hands[team].count(d.options[-1]) == before + 1
    # undo never goes back past the card tapped
    assert not game.can_undo or game.log.index(game.log[-1]) > len(log)
    while game.can_undo:
        game.undo()
    assert {"reveal": "supply", "team": team, "card": d.options[-1]} in game.log


def test_a_drop_card_is_tapped_too_and_a_bots_copy_draws_for_itself():
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 6)
    d = _to_tap(game, "drop")
    assert d.why == "draw:drop" and d.default == d.options[d.options.index(d.default)]
    game.answer(d.options[0])
    assert game.log[-1] == {"reveal": "drop", "card": d.options[0]} or any(
        e == {"reveal": "drop", "card": d.options[0]} for e in game.log)
    while game.request is not None and game.request.kind != "card":
        game.answer(game.request.default)
    fork = game.fork(1)
    while fork.request is not None and fork.turn.number < game.turn.number + 4:
        assert fork.request.kind != "card_tapped"     # a bot's copy never asks a tap
        fork.answer(fork.request.default)


def test_bots_take_the_top_card():
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 2)
    d = _to_tap(game, "supply")
    assert RandomBot(0)(game) == d.default and GreedyBot(0)(game) == d.default


def test_the_journal_config_keeps_own_decks():
    config = GameConfig(teams=3, own_decks=True)
    assert GameConfig.from_json(config.as_json()) == config
    assert GameConfig().own_decks is False


def test_a_card_taught_during_the_draw_is_drawn_and_replays_with_it():
    from table.cards import library, parse_card
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 2)
    d = _to_tap(game, "supply")
    new, problems = parse_card({"id": "card_1", "kind": "supply", "names": {"en": "Card 1"},
                                "target": "any", "accuracy": 3, "action": ["TEXT"],
                                "text": [{"do": "blast"}]}, "taught", 0)
    assert problems == [] and "card_1" not in d.options
    with pytest.raises(Illegal):
        game.answer("card_1")
    game.add_card(new)
    assert "card_1" in game.request.options and game.request.kind == "card_tapped"
    game.answer("card_1")
    assert "card_1" in game.hands[d.actor]
    cards = {**library(), "card_1": new}
    again = LibraryGame.replay(game.config.as_json(), 2, game.log, cards)
    assert again.hands == game.hands and again.events == game.events
    assert again.log == game.log
    # undo after it: the game the log describes again, the card still known
    for _ in range(50):
        game.answer(game.request.default)
        if game.can_undo:
            break
    assert game.can_undo
    game.undo()
    assert "card_1" in game.cards and "card_1" in game.hands[d.actor]


@pytest.mark.parametrize("kind,lasting", [("drop", None), ("sudden_death", "one_life")])
def test_a_card_taught_at_a_drop_draw_is_drawn_and_replays_with_it(kind, lasting):
    """The players' own Drop deck: a Drop or Sudden Death card the box was taught at the draw
    is drawn (the box's count of the deck does not hold it), as at the Supply draw."""
    from table.cards import library, parse_card
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 2)
    d = _to_tap(game, "drop")
    steps = [{"do": "place", "kind": "crate", "at": "emptiest"}, {"do": "change_wind"}]
    raw = {"id": "card_1", "kind": kind, "names": {"en": "Card 1"}}
    raw.update({"lasting": lasting, "drop": steps} if lasting else {"text": steps})
    new, problems = parse_card(raw, "taught", 0)
    assert problems == [] and "card_1" not in d.options
    left = game.decks["drop"]
    game.add_card(new)
    assert game.request.kind == "card_tapped" and "card_1" in game.request.options
    game.answer("card_1")
    drawn = [e for e in game.events if e.get("card") == "card_1"]
    assert drawn and drawn[0]["event"] == ("sudden_death" if lasting else "drop")
    assert game.decks["drop"] == left - 1          # the deck's count goes down by the draw
    again = LibraryGame.replay(game.config.as_json(), 2, game.log, {**library(), "card_1": new})
    assert again.events == game.events and again.log == game.log


def test_a_game_with_a_taught_card_resumes_from_its_journal_without_the_card_file(tmp_path):
    from table.cards import parse_card
    from table.journal import Journal, JournaledGame, resume
    path = tmp_path / "journal.sqlite"
    new, _ = parse_card({"id": "card_1", "kind": "supply", "names": {"en": "Card 1"},
                         "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]},
                        "taught", 0)
    with Journal(path, game_cls=LibraryGame) as journal:
        jg = JournaledGame.new(journal, GameConfig(teams=2, own_decks=True), 2)
        game = jg.game
        while not (game.request.kind == "card_tapped" and game.request.item == "supply"):
            jg.answer(RandomBot(1)(game))
        jg.add_card(new)
        jg.answer("card_1")
        hands, log = jg.game.hands, list(jg.game.log)
    resumed = resume(path, game_cls=LibraryGame)        # (the library has no card_1: the log has it)
    try:
        assert resumed.game.hands == hands and "card_1" in resumed.game.cards
        assert resumed.game.log == log
        resumed.answer(resumed.game.request.default)
        for _ in range(50):
            if resumed.can_undo:
                break
            resumed.answer(resumed.game.request.default)
        assert resumed.undo()                        # the journal follows the undo
    finally:
        resumed.close()


def test_the_fifth_starter_is_dealt_face_down_and_known_once_played():
    from table.engine.setup import HIDDEN
    game = LibraryGame.new(GameConfig(teams=2, own_decks=True), 5)
    assert all(h.count(HIDDEN) == 1 and len(h) == 5 for h in game.hands.values())
    assert not any(e.get("what") == "starter" for e in game.log)     # nothing shuffled
    bot = RandomBot(5)
    while not (game.request.kind == "card" and game.request.why == "weapon"):
        d = game.request
        game.answer(d.default if d.kind in TYPED else bot(game))
    d, team = game.request, game.request.actor
    # the face-down card may be any Starter: Grenade is offered though no hand shows one
    assert "grenade" in d.options and "grenade" not in game.hands[team]
    held = len(game.hands[team])
    game.answer("grenade")
    assert HIDDEN not in game.hands[team] and len(game.hands[team]) == held - 1
    assert {"answer": "grenade", "kind": "card", "why": "weapon", "actor": team} in game.log
