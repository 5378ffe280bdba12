"""Instructions from real engine runs: build a board, resolve with scripted dice, convert."""

import functools

import pytest

from table.cards import library, play_card, resolve_drop
from table.engine import Board, Resolver, Script, Thing
from table.hexgrid import hexagon
from table.ui.instructions import BOOKKEEPING, COPIED, Instruction, instructions, worm_number


def run(board: Board, dice=(), flips=(), active=None, action=None):
    before = board.copy()
    r = Resolver(board, Script(dice=dice, flips=flips), active_worm=active)
    action(r)
    return instructions(r.events, before), r


def worm(team, n, at):
    return Thing(f"{team}-{n}", "worm", at, team=team)


def ins(key, at=None, to=None, **args):
    return Instruction(key, args, at, to)


def test_blast_chain_through_a_mine():
    board = Board(land={(0, 0), (1, 0), (0, 1)}, wind=3)
    board.add(worm("red", 2, (0, 0)))
    board.add(worm("blue", 1, (0, 0)))
    board.add(Thing("mine-1", "mine", (1, 0)))
    # red 2 thrown SE onto the mine, which goes off (danger) and finishes it; then blue 1
    # rolls the wind face (SE as well) and follows into the new crater.
    got, r = run(board, dice=["3", "6", "wind"], flips=["danger"],
                 action=lambda r: r.blast((0, 0)))
    assert got == [
        ins("do.place.crater", (0, 0)),
        ins("do.lay_down", (0, 0), team="red", n="2"),
        ins("do.move_worm", (0, 0), (1, 0), team="red", n="2"),
        ins("do.remove.mine", (1, 0)),
        ins("do.place.crater", (1, 0)),
        ins("do.worm_out", (1, 0), team="red", n="2"),
        ins("do.lay_down", (0, 0), team="blue", n="1"),
        ins("do.move_worm", (0, 0), (1, 0), team="blue", n="1"),
    ]
    assert [i.text("en") for i in got[1:3]] == [
        "Lay red worm 2 down: it is hurt", "Move red worm 2 to the flashing hex"]
    assert got[5].text("cs") == "Červený wormsík 2 je zničen: sundejte ho z mapy"
    assert got[7].text("uk") == "Перемісти синього черв’яка 1 на миготливий гекс"


def test_a_worm_blown_into_the_water_sinks_in_one_step():
    board = Board(land={(0, 0)}, wind=1)
    board.add(worm("green", 3, (0, 0)))
    got, _ = run(board, dice=["3"], action=lambda r: r.blast((0, 0)))
    assert got == [
        ins("do.place.crater", (0, 0)),
        ins("do.lay_down", (0, 0), team="green", n="3"),
        ins("do.worm_sank", (0, 0), (1, 0), team="green", n="3"),
    ]
    assert got[2].text("en") == "Green worm 3 sinks: take it off the board"


def test_a_third_crater_floods_the_hex():
    board = Board(land={(0, 0), (1, 0)}, wind=1)
    board.add(Thing("crater-1", "crater", (0, 0)))
    board.add(Thing("crater-2", "crater", (0, 0)))
    board.add(Thing("crate-1", "crate", (0, 0)))
    got, r = run(board, action=lambda r: r.place("crater", (0, 0)))
    assert got == [
        ins("do.place.crater", (0, 0)),
        ins("do.flood", (0, 0)),
        ins("do.remove.crater", (0, 0)),
        ins("do.remove.crater", (0, 0)),
        ins("do.remove.crate", (0, 0)),
        ins("do.remove.crater", (0, 0)),
    ]
    assert not board.is_land((0, 0))


def test_bazooka_with_accuracy_then_an_inch_onto_a_crate():
    board = Board(land=set(hexagon((0, 0), 3)), wind=3)
    board.add(worm("red", 2, (0, 0)))
    board.add(worm("blue", 1, (0, -3)))
    board.add(Thing("crate-1", "crate", (1, 0)))
    # distance 3 with Accuracy 4: two dice; "4" moves the token south, onto (0, -2).
    got, r = run(board, dice=["4", "wind", "1"], active="red-2",
                 action=lambda r: play_card(r, library()["bazooka"], r.board.things["red-2"],
                                            target=(0, -3), moves=[("inch", (1, 0))]))
    picked = [e for e in r.events if e["event"] == "accuracy"][0]["picked"]
    assert picked == "4"     # the default pick: the first die when none is a bullseye
    assert got == [
        ins("do.target", (0, -3)),
        ins("do.move_target", (0, -3), (0, -2)),
        ins("do.place.crater", (0, -2)),
        ins("do.move_worm", (0, 0), (1, 0), team="red", n="2"),
        ins("do.remove.crate", (1, 0)),
        ins("do.draw", team="red"),
    ]
    assert got[-1].text("en") == "Red team, draw a card"
    assert got[-1].text("cs") == "Červení, doberte si kartu"


def test_oil_drum_sets_fires_and_the_wind_turns():
    board = Board(land=set(hexagon((0, 0), 2)), wind=2)
    board.add(Thing("oil_drum-1", "oil_drum", (0, 0)))
    got, _ = run(board, dice=["1", "1", "hit", "wind", "5", "4"],
                 action=lambda r: (r.damage(r.board.things["oil_drum-1"]), r.change_wind()))
    # five dice name (0,-1) twice, the own hex, (1,-1) by the wind (2), (-1,1); then wind 4
    assert got == [
        ins("do.remove.oil_drum", (0, 0)),
        ins("do.place.fire", (0, -1)),
        ins("do.place.fire", (0, 0)),
        ins("do.place.fire", (1, -1)),
        ins("do.place.fire", (-1, 1)),
        ins("do.wind", d=4),
    ]
    assert got[-1].text("uk") == "Вітер повертає на 4"


def test_supplies_drop_and_a_sudden_death_rule():
    board = Board(land={(0, 0), (1, 0)}, wind=1)
    board.add(worm("yellow", 1, (0, 0)))

    def drops(r):
        resolve_drop(r, library()["supplies"])
        resolve_drop(r, library()["one_life"])

    got, _ = run(board, dice=["6", "6"], action=drops)
    # Supplies: a crate in the emptiest hex (1,0), then the next emptiest is (0,0) (both
    # hold one Thing: reading order), the wind turns to 6; 1 Life: the rule, a crate in the
    # emptiest hex, the wind stays at 6.
    assert got == [
        ins("do.place.crate", (1, 0)),
        ins("do.place.crate", (0, 0)),
        ins("do.wind", d=6),
        ins("do.rule", rule="one_life"),
        ins("do.place.crate", (1, 0)),
    ]
    assert got[3].text("en") == "From now on: 1 Life"


def test_a_moved_oil_drum_and_a_mine_pushed_into_the_water():
    board = Board(land={(0, 0), (1, 0), (0, 1)}, wind=1)
    board.add(Thing("oil_drum-1", "oil_drum", (1, 0)))
    board.add(Thing("mine-1", "mine", (0, 1)))

    def shove(r):
        r.move(r.board.things["oil_drum-1"], (0, 0), "push")
        r.move(r.board.things["mine-1"], (0, 2), "push")     # (0, 2) is water

    got, _ = run(board, action=shove)
    assert got == [
        ins("do.move.oil_drum", (1, 0), (0, 0)),
        ins("do.remove.mine", (0, 1), (0, 2)),
    ]
    assert got[0].text("cs") == "Přesuňte barel na blikající hex"


def test_every_engine_event_is_copied_or_bookkeeping():
    from table.engine.events import EventKind

    names = {kind.value for kind in EventKind}        # the engine's closed set of events
    assert {"move", "destroy", "roll", "flood"} <= names
    assert names <= COPIED.keys() | BOOKKEEPING, names - COPIED.keys() - BOOKKEEPING
    assert not COPIED.keys() & BOOKKEEPING


def test_an_unknown_event_fails_loudly():
    with pytest.raises(ValueError, match="no instruction for the engine event 'teleport'"):
        instructions([{"event": "teleport"}], Board(land=set(), wind=1))


def test_rolls_alone_give_no_instruction():
    events = [{"event": "roll", "face": "3", "for": "wind"},
              {"event": "flip", "side": "safe", "for": "mine"}]
    assert instructions(events, Board(land=set(), wind=1)) == []


def test_worm_numbers():
    assert worm_number("red-2") == "2"
    assert worm_number("B03") == "3"
    assert worm_number("A") == "A"


# -- whole games: the instructions, carried out on a model of the cardboard board, must
#    give the engine's board after every answer --------------------------------------------

def tokens(board: Board) -> dict:
    out = {}
    for t in board.things.values():
        token = ("worm", t.team, worm_number(t.id), t.damaged) if t.kind == "worm" else (t.kind,)
        out.setdefault(t.at, []).append(token)
    return {h: sorted(v) for h, v in out.items()}


def carry_out(model: dict, land: set, state: dict, ins: Instruction) -> None:
    key, a = ins.key, ins.args

    def take(h, match):
        for tok in model.get(h, []):
            if match(tok):
                model[h].remove(tok)
                return tok
        raise AssertionError(f"{ins}: nothing to take in {h}: {model.get(h)}")

    def worm_at(h):
        return take(h, lambda t: t[0] == "worm" and t[1:3] == (a["team"], a["n"]))

    def put(h, tok):
        model.setdefault(h, []).append(tok)

    if key == "do.move_worm":
        put(ins.to, worm_at(ins.at))
    elif key.startswith("do.move."):
        put(ins.to, take(ins.at, lambda t: t == (key.split(".")[2],)))
    elif key in ("do.worm_sank", "do.worm_out"):
        worm_at(ins.at)
    elif key.startswith("do.remove."):
        take(ins.at, lambda t: t == (key.split(".")[2],))
    elif key.startswith("do.place."):
        put(ins.at, (key.split(".")[2],))
    elif key == "do.place_worm":
        put(ins.at, ("worm", a["team"], a["n"], False))
    elif key in ("do.lay_down", "do.heal"):
        tok = worm_at(ins.at)
        put(ins.at, tok[:3] + (key == "do.lay_down",))
    elif key == "do.flood":
        land.discard(ins.at)
    elif key == "do.wind":
        state["wind"] = a["d"]
    elif key in ("do.target", "do.target_facing"):
        state["target"] = ins.at
    elif key == "do.move_target":
        assert state["target"] == ins.at, ins
        state["target"] = ins.to


@functools.lru_cache(maxsize=None)
def bot_game(seed):
    """A whole game with random answers: its board before and after, and the instructions."""
    import random

    from table.engine.game import GameConfig

    from table.librarygame import LibraryGame

    rnd = random.Random(seed)
    g = LibraryGame.new(GameConfig(teams=2, max_rounds=10, options=("parting_gifts",)), seed=seed)
    start, n = g.board.copy(), len(g.events)
    while g.request is not None:
        req = g.request
        weapons = [o for o in req.options if o != "pass"] if req.kind == "card" else []
        g.answer(rnd.choice(weapons or list(req.options)))
    return start, g.board, instructions(g.events[n:], start)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bot_games_carried_out_by_hand_match_the_engine(seed):
    """Every instruction of a bot game, carried out on a model of the cardboard board from the
    start, leaves it exactly as the engine's board at the end.  (Mid-phase ``game.board`` is
    the phase's checkpoint, so the comparison is at the end.)"""
    start, end, got = bot_game(seed)
    model = {h: list(v) for h, v in tokens(start).items()}
    land = set(start.land)
    state = {"wind": start.wind, "target": start.target}
    for ins in got:
        carry_out(model, land, state, ins)
    assert {h: sorted(v) for h, v in model.items() if v} == tokens(end)
    assert land == end.land
    assert state["wind"] == end.wind
    assert {"do.move_worm", "do.place.crate", "do.wind"} <= {i.key for i in got}


def test_the_bot_games_use_the_target_token():
    keys = {i.key for seed in (0, 1, 2) for i in bot_game(seed)[2]}
    assert {"do.target", "do.move_target"} <= keys


def test_game_events_drop_cards_sudden_death_heal_and_setup():
    before = Board(land={(0, 0), (1, 0)}, wind=1)
    before.add(Thing("red-1", "worm", (0, 0), team="red", damaged=True))
    events = [
        {"event": "place", "thing": "blue-2", "kind": "worm", "at": [1, 0], "setup": True},
        {"event": "turn", "number": 1, "team": "red"},
        {"event": "activate", "worm": "red-1", "team": "red", "at": [0, 0]},
        {"event": "move", "thing": "red-1", "by": "inch", "from": [0, 0], "to": [1, 0]},
        {"event": "heal", "worm": "red-1"},
        {"event": "end_turn", "team": "red"},
        {"event": "drop", "card": "supplies"},
        {"event": "sudden_death", "card": "one_life", "rule": "one_life"},
        {"event": "rule", "rule": "one_life", "card": "one_life"},
        {"event": "drop", "card": "one_life", "sudden_death": True},
        {"event": "game_over", "winners": ["red"]},
    ]
    got = instructions(events, before)
    assert got == [
        ins("do.place_worm", (1, 0), team="blue", n="2"),
        ins("do.move_worm", (0, 0), (1, 0), team="red", n="1"),
        ins("do.heal", (1, 0), team="red", n="1"),
        ins("do.drop", card="supplies"),
        ins("do.sudden_death", card="one_life"),
    ]
    assert [i.text("cs") for i in got[2:]] == [
        "Postavte červeného wormsíka 1 vzpřímeně: je vyléčený", "Letecká podpora: Zásoby",
        "Náhlá smrt: 1 život"]
    assert got[0].text("uk") == "Постав сюди синього черв’яка 2"


def test_things_missing_from_the_board_are_known_by_their_engine_ids():
    events = [{"event": "move", "thing": "purple-3", "by": "inch", "from": [0, 0], "to": [1, 0]},
              {"event": "move", "thing": "oil_drum-2", "by": "push", "from": [1, 0],
               "to": [2, 0]}]
    assert instructions(events, Board(land=set(), wind=1)) == [
        ins("do.move_worm", (0, 0), (1, 0), team="purple", n="3"),
        ins("do.move.oil_drum", (1, 0), (2, 0)),
    ]
    stranger = [{"event": "move", "thing": "A", "by": "inch", "from": [0, 0], "to": [1, 0]}]
    with pytest.raises(ValueError, match="a Thing 'A' that the board before them did not hold"):
        instructions(stranger, Board(land=set(), wind=1))
