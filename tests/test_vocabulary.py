"""The card vocabulary (table/engine/vocabulary.py): every step resolves as docs/cards.md says,
and the one validator (table/cards/schema.py) bounds what a card may say."""

import re
from pathlib import Path

import pytest

from table.cards import card_table, library, parse_card
from table.cards.authoring import ASKED, STEP_PARAMS, check
from table.engine import Board, Resolver, Script, Thing
from table.engine.cards import play_card
from table.engine.targeting import TARGET_RULES
from table.engine.vocabulary import (CARD_STEPS, MAX_ACCURACY, MAX_COPIES, MAX_RANGE, TARGETS,
                                     WHERE, Card)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


def card(text, target="adjacent", **more) -> Card:
    raw = {"id": "test_card", "kind": "supply", "names": {"en": "Test"}, "target": target,
           "action": ["TEXT"], "text": text, **more}
    got, problems = parse_card(raw, "test", 0)
    assert problems == [], problems
    return got


def board(*things, land=None):
    b = Board(land=land or {(q, r) for q in range(-3, 4) for r in range(-3, 4)}, wind=2)
    for t in things:
        b.add(t)
    return b


def worm(tid, at, team="blue", damaged=False):
    return Thing(tid, "worm", at, team, damaged)


def test_the_target_words_are_the_engines_rules():
    assert set(TARGETS) == set(TARGET_RULES)


def test_blast_around_the_target_hex():
    b = board(worm("A", (0, 0)), worm("X", (1, 0), "red"))
    r = Resolver(b, Script(dice=["hit"] * 8))
    play_card(r, card([{"do": "blast", "area": "around"}]), b.things["A"], target=(0, 0))
    blasts = [e["at"] for e in r.events if e["event"] == "blast"]
    assert blasts == [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]]   # directions 1-6
    assert b.things["X"].damaged and not b.things["A"].damaged


def test_damage_all_of_some_kinds_at_the_own_hex():
    b = board(worm("A", (0, 0)), worm("B", (0, 0)), Thing("mine-1", "mine", (0, 0)),
              worm("X", (1, 0), "red"))
    r = Resolver(b, Script(dice=["hit"]))
    play_card(r, card([{"do": "damage", "pick": "all", "kinds": ["worm"], "at": "own_hex"}]),
              b.things["A"], target=(1, 0))
    assert b.things["A"].damaged and b.things["B"].damaged and "mine-1" in b.things
    assert not b.things["X"].damaged


def test_move_things_with_the_wind_and_away_from_the_worm():
    b = board(worm("A", (0, 0)), worm("X", (1, 0), "red"))
    r = Resolver(b, Script())
    play_card(r, card([{"do": "move", "pick": "all", "way": "wind", "hexes": 2}]),
              b.things["A"], target=(1, 0))
    assert b.things["X"].at == (3, -2)            # wind 2: north-east, twice
    b = board(worm("A", (0, 0)), worm("X", (1, 0), "red"))
    r = Resolver(b, Script())
    play_card(r, card([{"do": "move", "way": "away", "hexes": 3}]), b.things["A"],
              target=(1, 0))
    assert "X" in b.destroyed                     # (4, 0) is off the map: it sank


def test_a_chosen_way_is_asked_as_the_cards_facing():
    b = board(worm("A", (0, 0)), worm("X", (1, 0), "red"))
    asked = []

    def decide(d):
        asked.append((d.kind, d.why))
        return 4 if d.kind == "direction" else d.default
    r = Resolver(b, Script(), decide)
    play_card(r, card([{"do": "move"}]), b.things["A"], target=(1, 0))
    assert ("direction", "test_card:facing") in asked and b.things["X"].at == (1, 1)


def test_remove_all_scatter_knockback_heal_and_by_hand():
    b = board(worm("A", (0, 0), damaged=True), Thing("fire-1", "fire", (1, 0)),
              Thing("crater-1", "crater", (1, 0)), worm("X", (0, 1), "red"))
    r = Resolver(b, Script(dice=["3", "hit"]))
    text = [{"do": "remove", "kinds": ["fire", "crater"], "pick": "all"},
            {"do": "heal"}, {"do": "by_hand", "text": "Each worm sings."},
            {"do": "knockback", "what": "worm"}, {"do": "scatter", "what": "things"}]
    play_card(r, card(text), b.things["A"], target=(1, 0))
    assert b.destroyed == ["fire-1", "crater-1"] and not b.things["A"].damaged
    assert {"event": "by_hand", "card": "test_card", "text": "Each worm sings."} in r.events
    assert b.things["A"].at == (1, 0)             # knocked back by the 3 into the target hex,
    assert r.board.target == (1, 0)               # then scattered there on a hit: it stays


def test_a_new_target_keeps_the_hex_terms():
    b = board(worm("A", (0, 0)), Thing("crate-1", "crate", (0, 2)))
    seen = []

    def decide(d):
        if d.kind == "hex":
            seen.append(d.options)
        return d.default
    r = Resolver(b, Script(), decide)
    c = card([{"do": "place", "kind": "mine"}, {"do": "new_target"},
              {"do": "place", "kind": "mine"}], target="within", range=2, where=["empty"])
    play_card(r, c, b.things["A"], target=(0, 1))
    [options] = seen
    assert (0, 1) not in options and (0, 2) not in options and (0, 0) not in options
    assert b.count((0, 1)) == 1 and sum(b.count(h) for h in options) == 1


def test_a_target_outside_the_hex_terms_is_illegal():
    from table.engine import Illegal
    b = board(worm("A", (0, 0)), Thing("crate-1", "crate", (1, 0)))
    with pytest.raises(Illegal, match="adjacent empty"):
        play_card(Resolver(b, Script()), card([{"do": "blast"}], where=["empty"]),
                  b.things["A"], target=(1, 0))


def test_every_card_of_the_library_goes_to_a_table_and_back():
    for c in library().values():
        again, problems = parse_card(card_table(c), c.source, 0)
        assert problems == [] and again == c, c.id


def test_the_forms_ask_every_step_of_the_one_list():
    assert set(ASKED) == set(CARD_STEPS)
    for do, step in CARD_STEPS.items():
        params = step.params
        assert set(STEP_PARAMS.get(do, {})) == set(params)
        assert all(params[k].default is not None or params[k].asked for k in params), do


def test_docs_name_every_step_target_and_hex_term():
    docs = DOCS.read_text(encoding="utf-8")
    for word in list(CARD_STEPS) + list(TARGETS) + list(WHERE):
        assert re.search(rf"`{word}`|do = \"{word}\"", docs), word


GOOD = {"id": "pea", "kind": "supply", "names": {"en": "Pea"}, "target": "within", "range": 2,
        "accuracy": 2, "action": ["TEXT"], "text": [{"do": "blast"}]}


@pytest.mark.parametrize("change, field, says", [
    ({"copies": 1_000_000}, "copies", f"from 1 to {MAX_COPIES}"),
    ({"accuracy": 10 ** 6}, "accuracy", f"from 1 to {MAX_ACCURACY}"),
    ({"range": 100}, "range", f"from 0 to {MAX_RANGE}"),
    ({"names": {"en": "P" * 3500}}, "names.en", "at most 40 characters"),
    ({"names": {"en": "Pea\nShooter"}}, "names.en", "one line"),
    ({"names": {"en": "Pea", "cs": "\x07"}}, "names.cs", "one line"),
    ({"id": "bаzooka"}, "id", "ASCII"),                      # a Cyrillic a
    ({"id": "pea" * 30}, "id", "1 to 40"),
    ({"id": "pass"}, "id", "another id"),
    ({"text": [{"do": "blast"}] * 21}, "text", "at most 20 steps"),
    ({"action": ["TEXT"] * 9}, "action", "at most 8"),
    ({"text": [{"do": "move", "hexes": 50}]}, "text[0].hexes", "a whole number from 1"),
    ({"text": [{"do": "by_hand"}]}, "text[0].text", "needs text"),
    ({"where": ["nice"]}, "where", "hex terms"),
    ({"notes": "x" * 600}, "notes", "at most 500"),
])
def test_the_validator_bounds_every_field(change, field, says):
    got, problems = check({**GOOD, **change}, known={})
    assert got is None
    assert any(f": {field}: " in p and says in p for p in problems), problems


def test_a_good_card_passes_the_same_validator_everywhere():
    got, problems = check(dict(GOOD), known={})
    assert problems == [] and got.range == 2


def test_text_resolved_by_hand_is_told_back_change_by_change():
    b = board(worm("A", (0, 0)), worm("X", (1, 0), "red"), Thing("mine-1", "mine", (0, 1)))
    answers = [("damage", "X"), ("move", "X", (2, 0)), ("place", "fire", (0, 1)),
               ("remove", "mine-1"), "done"]
    asked = []

    def decide(d):
        asked.append(d)
        return answers.pop(0) if d.kind == "edit" else d.default
    r = Resolver(b, Script(), decide)
    play_card(r, card([{"do": "by_hand", "text": "Swap two worms."}]), b.things["A"],
              target=(1, 0))
    edits = [d for d in asked if d.kind == "edit"]
    assert len(edits) == 5 and edits[0].why == "test_card:by_hand" and edits[0].default == "done"
    assert ("heal", "X") in edits[1].options and ("damage", "X") in edits[0].options
    x = b.things["X"]
    assert x.damaged and x.at == (2, 0) and "mine-1" in b.destroyed
    assert [t.kind for t in b.in_hex((0, 1))] == ["fire"]
    assert r.events[-1] == {"event": "destroy", "thing": "mine-1", "kind": "mine",
                            "at": [0, 1], "cause": "by_hand"}
    assert not [e for e in r.events if e["event"] in ("roll", "flip")]   # no consequences


def test_a_game_with_a_by_hand_card_replays_and_bots_report_no_change():
    from table.bots import RandomBot
    from table.librarygame import GameConfig, LibraryGame
    cards = dict(library())
    odd, problems = parse_card({"id": "odd_card", "kind": "supply", "copies": 20,
                                "names": {"en": "Odd"}, "action": ["TEXT"],
                                "text": [{"do": "by_hand", "text": "Sing."}]}, "t", 0)
    cards["odd_card"] = odd
    hands = (("blue", ("uzi", "odd_card")), ("red", ("uzi", "odd_card")))
    config = GameConfig(teams=2, max_rounds=4, hands=hands)
    for seed in range(20):                 # until a bot plays it
        game = LibraryGame.new(config, seed, cards)
        bot = RandomBot(seed)
        while game.request is not None:
            game.answer(bot(game))
        if any(e["event"] == "by_hand" for e in game.events):
            break
    assert any(e["event"] == "by_hand" for e in game.events)
    assert any(e.get("kind") == "edit" and e["answer"] == "done" for e in game.log)
    again = LibraryGame.replay(config, seed, game.log, cards)
    assert again.log == game.log and again.events == game.events


def test_them_needs_an_earlier_step_that_acts_on_things_and_a_length_needs_a_line():
    def problems(text):
        return parse_card({"id": "c", "kind": "drop", "names": {"en": "C"}, "text": text},
                          "t", 0)[1]
    [why] = problems([{"do": "change_wind"}, {"do": "knockback", "what": "them"}])
    assert "text[1].what" in why and "no step before it acts on a Thing" in why
    [why] = problems([{"do": "blast", "at": "them"}])
    assert "text[0].at" in why
    [why] = problems([{"do": "blast", "at": "own_hex", "length": 2}])
    assert "text[0].length" in why and "area" in why
    assert problems([{"do": "place", "kind": "mine", "at": "emptiest"},
                     {"do": "knockback", "what": "them"}]) == []


def test_a_drop_card_acts_on_what_it_placed_without_a_target_token():
    from table.engine.cards import resolve_drop
    b = board(worm("A", (0, 0)), land={(0, 0), (1, 0), (1, 1)})
    r = Resolver(b, Script(dice=["4"]))
    drop, problems = parse_card({"id": "c", "kind": "drop", "names": {"en": "C"}, "text": [
        {"do": "place", "kind": "mine", "at": "emptiest"}, {"do": "knockback", "what": "them"}]},
        "t", 0)
    assert problems == [] and b.target is None
    resolve_drop(r, drop)                  # the emptiest hex is [1, 0]; the 4 knocks it south
    assert [(t.id, t.at) for t in b.things.values() if t.kind == "mine"] == [("mine-1", (1, 1))]
