"""Setup, the turn and the end of the game, rule by rule (T1-T7 and the rulebook's variants)."""

import random
from collections import Counter

import pytest

from table.cards import library, parse_card
from table.engine.decisions import Illegal
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.engine.invariants import problems
from table.engine.setup import supply_deck


def card(**raw):
    c, errors = parse_card(raw, "test", 0)
    assert not errors, errors
    return c


def cards_with(*extra):
    """The shipped library with ``extra`` cards; these tests build their own Supply deck, so
    the shipped Supply cards stay out."""
    cards = {k: c for k, c in library().items() if c.kind != "supply"}
    for c in extra:
        cards[c.id] = c
    return cards


def answer_until(game, pred, pick=lambda d: d.default, limit=500):
    for _ in range(limit):
        if game.request is None or pred(game):
            return game
        game.answer(pick(game.request))
    raise AssertionError("condition never met")


# -- setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6])
def test_automatic_setup(teams):
    g = LibraryGame.new(GameConfig(teams=teams), 10 + teams)
    board = g.board
    assert (0, 0) not in board.land
    laid = next(e for e in g.events if e["event"] == "map")["tiles"]
    assert len(laid) == min(teams, 4)                 # T8: one tile a player, the box has four
    assert len(board.land) in {2: (8, 9, 10), 3: (13, 14)}.get(teams, (18,))
    short = [e for e in g.events if e["event"] == "deck_short"]
    assert bool(short) == (teams > 4)                 # more players than tiles, Uzis...: said
    assert all(board.count(h) <= 3 for h in board.land)
    kinds = Counter(t.kind for t in board.things.values())
    assert kinds == {"worm": 4 * teams, "oil_drum": teams, "mine": teams, "crate": teams}
    assert sorted(g.seats) == sorted(g.teams) and len(g.teams) == teams
    assert g.teams[0] == "blue"                       # T5: the lowest team number starts
    assert g.turn.team == "blue" and g.turn.number == 1
    assert 1 <= board.wind <= 6
    starters = Counter(c for c in library() if library()[c].kind == "starter"
                       for _ in range(library()[c].copies))
    dealt = Counter(c for hand in g.hands.values() for c in hand)
    assert dealt <= starters                          # no card the box does not hold
    if teams <= 4:
        for hand in g.hands.values():                 # the four, then one more Starter copy
            assert hand[:4] == ["uzi", "bazooka", "ninja_rope", "girder"] and len(hand) == 5
    assert problems(g) == []


def test_drop_deck_sizes():
    base = LibraryGame.new(GameConfig(teams=3), 1)
    assert base.decks["drop"] == 2 * 3 + 2 + 1        # T4: two a player plus two, then SD
    assert base.deck_cards["bottom"] in ("one_life", "powerful_explosives")
    cards = {k: c._replace(copies=5) if c.kind == "drop" else c for k, c in library().items()}
    longer = LibraryGame.new(GameConfig(teams=3, options=("longer_game",)), 1, cards)
    assert longer.decks["drop"] == 2 * 5 + 1          # every Drop card in the box
    none = LibraryGame.new(GameConfig(teams=3, options=("no_sudden_death",)), 1, cards)
    assert none.decks["drop"] == 2 * 5
    assert none.deck_cards["bottom"] is None
    assert all(library()[c].kind == "drop" for c in none.deck_cards["drop"])


def test_late_superweapons_put_the_superweapons_at_the_bottom():
    extra = [card(id=f"s{i}", kind="supply", names={"en": f"S{i}"}, target="any",
                  action=["TEXT"], text=[{"do": "blast"}]) for i in range(8)]
    extra += [card(id=f"x{i}", kind="superweapon", names={"en": f"X{i}"}, target="any",
                   action=["TEXT"], text=[{"do": "blast"}]) for i in range(3)]
    cards = cards_with(*extra)

    class Chance:
        def shuffle(self, items, what):
            random.Random(what).shuffle(items)

    deck = supply_deck(cards, 2, True, Chance())
    assert len(deck) == 2 * 2 + 3
    assert all(c.startswith("s") for c in deck[:4]) and sorted(deck[4:]) == ["x0", "x1", "x2"]
    assert sorted(supply_deck(cards, 2, False, Chance())) == sorted(c.id for c in extra)


def test_players_place_thing_by_thing():
    g = LibraryGame.new(GameConfig(teams=2, placement="players"), 4)
    seen = []
    while g.turn.step == "place":
        d = g.request
        assert d.kind in ("pile", "hex")
        if d.kind == "hex":
            assert all(g.board.count(h) < 3 for h in d.options)   # at most three a hex
        seen.append(d.actor)
        g.answer(d.options[-1])
    assert g.board.on_board("worm") == 8 and g.turn.step == "activate"
    # seats alternate, one Thing (two decisions) each
    assert seen[:4] == ["seat:0", "seat:0", "seat:1", "seat:1"]
    assert problems(g) == []


def test_sudden_death_draft_asks_each_player_to_keep_one():
    sds = [card(id=f"sd{i}", kind="sudden_death", names={"en": f"SD{i}"}, lasting="one_life",
                drop=[{"do": "change_wind"}]) for i in range(2)]
    cards = cards_with(*sds)                 # four Sudden Death cards: two each
    g = LibraryGame.new(GameConfig(teams=2, options=("sudden_death_draft",)), 5, cards)
    asked = []
    while g.turn.step == "draft":
        d = g.request
        assert d.kind == "card" and d.why == "sudden_death_draft" and len(d.options) == 2
        asked.append(d.actor)
        g.answer(d.options[1])
    assert asked == ["seat:0", "seat:1"]
    kept = [e["answer"] for e in g.log if "answer" in e]
    assert g.deck_cards["bottom"] in kept


# -- the turn --------------------------------------------------------------------------------

def test_turn_steps_in_order_and_the_token_passes():
    g = LibraryGame.new(GameConfig(teams=2, options=("no_sudden_death",)), 6)
    steps = []
    while g.turn.number == 1:
        steps.append((g.request.kind, g.request.why))
        g.answer(g.request.default)
    assert steps[0] == ("worm", "activate")
    assert steps[1:3] == [("move", "move"), ("move", "move")]
    assert steps[3] == ("card", "weapon")
    assert g.turn.team == g.teams[1]


def test_target_options_carry_their_accuracy_dice():
    g = LibraryGame.new(GameConfig(teams=2), 7)
    g = answer_until(g, lambda g: g.request.kind == "card")
    g.answer("bazooka")
    d = g.request
    assert d.kind == "hex" and d.why == "bazooka:target"
    worm = g.board.things[g.turn.worm]
    from table.hexgrid import distance, is_direct
    assert all(is_direct(worm.at, h) for h in d.options)
    for h, dice in zip(d.options, d.info):
        assert dice == max(1, 4 - max(0, distance(worm.at, h) - 1))
    assert d.as_json()["info"] == list(d.info)


def test_repeated_text_and_play_symbols():
    twice = card(id="twice", kind="supply", names={"en": "Twice"}, target="any",
                 action=["TEXT", "TEXT", "PLAY"], text=[{"do": "change_wind"}])
    cards = cards_with(twice)
    dealt = LibraryGame.new(GameConfig(teams=2), 8, cards).hands        # and "twice" for Blue
    hands = tuple((team, (*hand, "twice") if team == "blue" else tuple(hand))
                  for team, hand in dealt.items())
    g = LibraryGame.new(GameConfig(teams=2, hands=hands), 8, cards)
    assert g.hands["blue"][-1] == "twice"
    g = answer_until(g, lambda g: g.request.kind == "card")
    g.answer("twice")
    assert (g.request.kind, g.request.why) == ("hex", "twice:target")
    g.answer(g.request.options[0])
    assert (g.request.kind, g.request.why) == ("hex", "twice:target")   # the second TEXT
    g.answer(g.request.options[0])
    assert (g.request.kind, g.request.why) == ("card", "play")          # PLAY: another card
    assert "twice" not in g.request.options and "pass" in g.request.options
    g.answer("girder")
    assert g.request.why == "girder:target" or g.request.kind != "card"
    assert "girder" in g.decks["discard"] and "twice" in g.decks["discard"]


def test_supply_crates_draw_from_the_supply_deck():
    extra = card(id="s1", kind="supply", names={"en": "S1"}, target="any", action=["TEXT"],
                 text=[{"do": "blast"}])
    things = ({"kind": "worm", "id": "blue-1", "team": "blue", "at": [0, 0]},
              {"kind": "crate", "at": [0, 0]},
              {"kind": "crate", "at": [1, 0]},
              {"kind": "worm", "id": "red-1", "team": "red", "at": [3, 0]})
    cfg = GameConfig(teams=2, things=things, land=((0, 0), (1, 0), (2, 0), (3, 0)), wind=1)
    g = LibraryGame.new(cfg, 1, cards_with(extra))
    # blue-1 is activated on a crate (T2): it opens it and draws the only Supply card
    assert g.hands["blue"][-1] == "s1"
    assert {"reveal": "supply", "team": "blue", "card": "s1"} in g.log
    g.answer(("inch", (1, 0)))                 # the second crate: the deck is empty now
    assert any(e["event"] == "supply_empty" for e in g.events)
    assert g.log[-1] == {"reveal": "supply", "team": "blue", "card": None}


def test_healing_on_activation():
    things = ({"kind": "worm", "id": "blue-1", "team": "blue", "at": [0, 0], "damaged": True},
              {"kind": "worm", "id": "red-1", "team": "red", "at": [3, 0]})
    cfg = GameConfig(teams=2, things=things, land=((0, 0), (1, 0), (2, 0), (3, 0)), wind=1)
    g = LibraryGame.new(cfg, 1)
    assert g.board.things["blue-1"].damaged is False
    assert any(e["event"] == "heal" for e in g.events)


# -- T7 and the end --------------------------------------------------------------------------

def test_timer_cuts_the_turn_short_and_replays():
    g = LibraryGame.new(GameConfig(teams=2, options=("timer",)), 9)
    assert g.timer == 60
    g = answer_until(g, lambda g: g.request.kind == "move")
    team = g.turn.team
    g.time_up()
    # straight to End turn (its Drop step may still ask where the emptiest hex is)
    assert g.turn.step == "end" or g.turn.team != team
    assert not any(e["event"] in ("move", "play") for e in g.events[-12:])
    assert g.log.count({"timeout": True}) == 1
    again = LibraryGame.replay(g.config, 9, g.log)
    assert again.board.as_json() == g.board.as_json() and again.request == g.request
    with pytest.raises(Illegal, match="Timer option is not on"):
        LibraryGame.new(GameConfig(teams=2), 9).time_up()


def test_timer_lets_the_card_text_finish():
    for seed in range(12, 60):           # the first seed whose Accuracy roll asks for a die
        g = LibraryGame.new(GameConfig(teams=2, options=("timer",)), seed)
        g = answer_until(g, lambda g: g.request.kind == "card")
        g.answer("bazooka")
        g.answer(g.request.options[0])             # the target: Accuracy dice are rolled
        if g.request is not None and g.request.kind == "die":
            break
    else:
        pytest.fail("no seed asked for an Accuracy die")
    g.time_up()
    assert g.request.kind == "die"          # the text is still being resolved
    g.answer(g.request.options[0])
    # the Bazooka's MOVE symbol is skipped: the next request is not a move of this card
    assert g.request is None or g.request.why != "bazooka:move"


def test_rules_reach_the_board():
    g = LibraryGame.new(GameConfig(teams=2, options=("parting_gifts", "reduced_blast")), 1)
    assert {"parting_gifts", "reduced_blast"} <= g.board.rules


def play_out(g, seed):
    rnd = random.Random(seed)
    while g.request is not None:
        g.answer(rnd.choice(g.request.options))
    return g


def test_first_elimination_gives_a_final_round():
    for seed in range(40):
        g = play_out(LibraryGame.new(GameConfig(teams=3, max_rounds=100), seed), seed)
        ev = g.events
        if g.result.reason != "final_round":
            continue
        first = next(i for i, e in enumerate(ev) if e["event"] == "eliminated")
        final = next(e for e in ev[first:] if e["event"] == "final_round")
        later_turns = [e["team"] for e in ev[first:] if e["event"] == "turn"]
        alive = [t for t in final["teams"]]
        assert later_turns[:len(alive)] == alive[:len(later_turns)]
        assert len(later_turns) <= len(alive)
        return
    pytest.fail("no game ended by a final round")


def test_true_elimination_plays_on():
    for seed in range(40):
        g = play_out(LibraryGame.new(GameConfig(teams=3, options=("true_elimination",),
                                         max_rounds=200), seed), seed)
        if g.result.reason == "true_elimination":
            alive = [t for t in g.teams if g.board.worms(t)]
            assert len(alive) <= 1
            assert len(g.eliminated) >= 2
            assert not any(e["event"] == "final_round" for e in g.events)
            return
    pytest.fail("no game ended by true elimination")


def test_no_sudden_death_reshuffles_the_drop_cards():
    cards = {k: c._replace(copies=1) if c.kind == "drop" else c for k, c in library().items()}
    g = LibraryGame.new(GameConfig(teams=2, options=("no_sudden_death",), max_rounds=10), 3, cards)
    play_out(g, 3)
    assert any(e["event"] == "reshuffle" for e in g.events)
    assert not any(e["event"] == "sudden_death" for e in g.events)


def test_the_winner_has_most_worms():
    g = play_out(LibraryGame.new(GameConfig(teams=2, max_rounds=100), 21), 21)
    res = g.result
    best = max(res.worms.values())
    assert all(res.worms[t] == best for t in res.winners)


# -- copies for bots -------------------------------------------------------------------------

def test_a_fork_rolls_its_own_dice_and_leaves_the_game_alone():
    g = LibraryGame.new(GameConfig(teams=2), 30)
    g = answer_until(g, lambda g: g.request.kind == "move")
    here = g.board.things[g.turn.worm].at
    jump = next(o for o in g.request.options                  # a jump that lands (and scatters)
                if o[0] == "jump" and o[1] != here and g.board.is_land(o[1]))
    plain = LibraryGame.replay(g.config, 30, g.log)
    outcomes = set()
    for k in range(12):
        f = g.fork(k)
        f.answer(jump)
        outcomes.add(tuple(e.get("value") for e in f.log if "chance" in e))
    assert len(outcomes) > 1                    # the forks' dice are their own
    g.answer(jump)
    plain.answer(jump)
    assert g.log == plain.log                   # forking changed nothing in the game


def test_trials_on_forks_never_leak_into_the_game():
    g = LibraryGame.new(GameConfig(teams=3, max_rounds=30), 31)
    rnd = random.Random(31)
    while g.request is not None:
        f = g.fork(rnd.random())
        f.answer(rnd.choice(f.request.options))
        while f.request is not None and f.request.kind not in ("worm", "move", "card"):
            f.answer(f.request.default)
        g.answer(rnd.choice(g.request.options))
        assert problems(g) == []
    again = LibraryGame.replay(g.config, 31, g.log)
    assert again.board.as_json() == g.board.as_json()
    assert again.result == g.result


def test_a_fork_leaves_the_position_in_view_alone():
    g = LibraryGame.new(GameConfig(teams=2), 32)
    rnd = random.Random(32)
    seen = 0
    while g.request is not None and seen < 5:
        if g.mid_step:
            view = (g.board.as_json(), g.hands, g.decks)
            f = g.fork(seen)
            f.answer(f.request.options[-1])
            assert (g.board.as_json(), g.hands, g.decks) == view and g.mid_step
            # and the game in view is the one a replay of the log shows
            again = LibraryGame.replay(g.config, 32, g.log)
            assert again.board.as_json() == view[0]
            seen += 1
        g.answer(rnd.choice(g.request.options))
    assert seen


def test_the_fifth_card_is_dealt_from_the_starter_copies_left_without_replacement():
    cards = {k: c._replace(copies=2) if c.kind == "starter" else c for k, c in library().items()}
    cards["grenade"] = cards["grenade"]._replace(copies=1)
    g = LibraryGame.new(GameConfig(teams=2), 5, cards)
    hands = g.hands
    assert all(h[:4] == ["uzi", "bazooka", "ninja_rope", "girder"] for h in hands.values())
    # two of each of the four go to the players: the one Grenade is all that is left, so one
    # player gets it and the other goes without, and the game says so
    assert sorted(len(h) for h in hands.values()) == [4, 5]
    assert sum(h.count("grenade") for h in hands.values()) == 1
    assert {"event": "deck_short", "deck": "starter", "card": None, "wanted": 2,
            "have": 1} in g.events
    shuffle = next(e for e in g.log if e.get("what") == "starter")
    assert shuffle["order"] == ["grenade"]


def test_leftover_copies_of_the_four_join_the_fifth_card_deal():
    g = LibraryGame.new(GameConfig(teams=2), 6)                  # four copies of each, two players
    shuffle = next(e for e in g.log if e.get("what") == "starter")
    assert sorted(shuffle["order"]) == sorted(["uzi", "bazooka", "ninja_rope", "girder"] * 2
                                              + ["grenade"] * 4)
    fifth = [h[4] for h in g.hands.values()]
    assert fifth == shuffle["order"][:2]


def test_a_drop_deck_the_box_cannot_fill_says_so():
    cards = {k: c._replace(copies=1) if c.kind == "drop" else c for k, c in library().items()}
    g = LibraryGame.new(GameConfig(teams=3), 1, cards)
    assert {"event": "deck_short", "deck": "drop", "card": None, "wanted": 8, "have": 2} in g.events
    assert g.decks["drop"] == 2 + 1                       # both Drop cards, then Sudden Death


def test_a_crate_with_none_left_in_the_pool_asks_nothing():
    """Issue 23 item 4: no question whose answer cannot matter: with no Supply Crate left in
    the pool, a Drop card's crate asks nowhere (two tied emptiest hexes); a Mine drop still
    asks, since its mine goes where the crate would have."""
    from table.engine.board import BOX, Board, Thing
    from table.engine.cards import resolve_drop
    from table.engine.chance import Script
    from table.engine.effects import Resolver

    def asked(card: str) -> list:
        board = Board(land={(0, 0), (1, 0), (2, 0)}, wind=1)
        for i in range(BOX["crate"]):
            board.add(Thing(f"crate-{i + 1}", "crate", (0, 0)))
        questions = []

        def decide(d):
            questions.append(d.purpose)
            return d.default
        r = Resolver(board, Script(dice=["3"]), decide)
        resolve_drop(r, library()[card])
        return questions
    assert asked("supplies") == []
    assert asked("mine_drop") == ["emptiest"]


def test_a_second_elimination_in_the_final_round_starts_no_other():
    """rulings.md, a point the prints leave open: a team eliminated during the final round
    does not start another one; the game ends when the first final round does."""
    for seed in range(60):
        g = play_out(LibraryGame.new(GameConfig(teams=4, max_rounds=100), seed), seed)
        ev = [e["event"] for e in g.events]
        if "final_round" not in ev or ev[ev.index("final_round"):].count("eliminated") < 1:
            continue
        assert ev.count("final_round") == 1
        assert g.result.reason == "final_round"
        final = next(e for e in g.events if e["event"] == "final_round")["teams"]
        turns = [e for e in g.events[ev.index("final_round"):] if e["event"] == "turn"]
        assert len(turns) <= len(final)                # no round after the final one
        return
    pytest.fail("no game saw an elimination inside its final round")
