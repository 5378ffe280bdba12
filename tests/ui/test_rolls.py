"""The dice and coins behind the board changes, said beside them (issue 23 item 3), and a
Supply Crate opened by a worm said as such (table/ui/rolls.py, table/ui/changes.py)."""

from table.app.showing.views import setup_board
from table.app.showing.tracker import Tracker
from table.bots import RandomBot
from table.engine.board import Board, Thing
from table.engine.game import GameConfig
from table.engine.setup import standard_land
from table.librarygame import LibraryGame
from table.ui.changes import diff
from table.ui.screenfuls import ROLLS, pages
from table.ui.rolls import rolled, with_rolls


def board(*things) -> Board:
    b = Board(land={(q, r) for q in range(-2, 3) for r in range(-2, 3)}, wind=2)
    for t in things:
        b.add(t)
    return b


def said(events, before, after):
    return [(c.text("en"), c.at) for c in with_rolls(diff(before, after, events),
                                                     rolled(events, before, after))]


def moved(b: Board, thing: str, to) -> Board:
    out = b.copy()
    t = out.things[thing]
    out.lift(t)
    out.put(t, to)
    return out


def test_a_jump_scattered_says_its_die_on_the_screen_of_the_worm_that_moved():
    before = board(Thing("red-2", "worm", (0, 0), "red"))
    after = moved(before, "red-2", (1, 1))
    events = [{"event": "move", "thing": "red-2", "by": "jump", "from": [0, 0], "to": [1, 0]},
              {"event": "roll", "face": "4", "for": "jump"},
              {"event": "move", "thing": "red-2", "by": "jump", "from": [1, 0], "to": [1, 1]}]
    assert said(events, before, after) == [("Jump die: 4 → S", (1, 1)),
                                           ("Red 2: move here", (1, 1))]


def test_a_bullseye_says_the_worm_stays_and_the_wind_face_names_the_wind():
    before = board(Thing("red-2", "worm", (0, 0), "red"))
    after = moved(before, "red-2", (1, 0))
    events = [{"event": "move", "thing": "red-2", "by": "jump", "from": [0, 0], "to": [1, 0]},
              {"event": "roll", "face": "hit", "for": "jump"}]
    assert said(events, before, after)[0] == ("Jump die: bullseye", (1, 0))
    after = moved(before, "red-2", (2, -1))
    events[1:] = [{"event": "roll", "face": "wind", "for": "jump"},
                  {"event": "move", "thing": "red-2", "by": "jump", "from": [1, 0],
                   "to": [2, -1]}]
    assert said(events, before, after)[0] == ("Jump die: wind → NE", (2, -1))


def test_a_jump_that_scatters_back_says_the_worm_lands_back():
    before = board(Thing("red-2", "worm", (0, 0), "red"))
    events = [{"event": "move", "thing": "red-2", "by": "jump", "from": [0, 0], "to": [0, 1]},
              {"event": "roll", "face": "1", "for": "jump"},
              {"event": "move", "thing": "red-2", "by": "jump", "from": [0, 1], "to": [0, 0]}]
    assert said(events, before, before.copy()) == [("Jump die: 1 → N", (0, 0)),
                                                   ("Red 2: lands back here", (0, 0))]


def test_a_mine_says_its_flip_and_a_blast_its_die_where_each_worm_ends():
    before = board(Thing("mine-1", "mine", (0, 0)), Thing("blue-1", "worm", (0, 0), "blue"),
                   Thing("red-1", "worm", (0, 0), "red"))
    after = before.copy()
    after.remove(after.things["mine-1"])
    after.add(Thing("crater-1", "crater", (0, 0)))
    after = moved(after, "blue-1", (1, 0))
    after.things["blue-1"].damaged = after.things["red-1"].damaged = True
    events = [{"event": "destroy", "thing": "mine-1", "kind": "mine", "at": [0, 0],
               "cause": "damage"},
              {"event": "flip", "side": "danger", "for": "mine"},
              {"event": "blast", "at": [0, 0], "for": "mine"},
              {"event": "place", "thing": "crater-1", "kind": "crater", "at": [0, 0]},
              {"event": "roll", "face": "3", "for": "blast"},
              {"event": "damage", "thing": "blue-1", "at": [0, 0]},
              {"event": "move", "thing": "blue-1", "by": "blast", "from": [0, 0], "to": [1, 0]},
              {"event": "roll", "face": "hit", "for": "blast"},
              {"event": "damage", "thing": "red-1", "at": [0, 0]}]
    lines = said(events, before, after)
    at_0 = [line for line, at in lines if at == (0, 0)]
    at_1 = [line for line, at in lines if at == (1, 0)]
    assert at_0[0] == "Mine flip: Danger!" and "Blast die: bullseye" in at_0
    assert at_0.index("Blast die: bullseye") < at_0.index("Red 1: lay down")
    assert at_1 == ["Blast die: 3 → SE", "Blue 1: move here", "Blue 1: lay down"]


def test_an_oil_drums_five_dice_are_one_line_and_the_token_says_its_scatter():
    before = board(Thing("oil_drum-1", "oil_drum", (0, 0)))
    before.target = (1, 1)
    after = before.copy()
    after.remove(after.things["oil_drum-1"])
    after.target = (1, 2)
    events = [{"event": "destroy", "thing": "oil_drum-1", "kind": "oil_drum", "at": [0, 0],
               "cause": "damage"}]
    events += [{"event": "roll", "face": f, "for": "oil_drum"}
               for f in ("1", "2", "hit", "wind", "6")]
    events += [{"event": "oil_drum", "at": [0, 0], "hexes": []},
               {"event": "roll", "face": "4", "for": "scatter"},
               {"event": "target", "at": [1, 2], "facing": None, "by": "scatter"}]
    lines = said(events, before, after)
    assert ("Oil Drum: 1, 2, bullseye, wind, 6", (0, 0)) in lines
    assert ("Scatter die: 4 → S", (1, 2)) in lines


def test_the_accuracy_dice_and_the_wind_are_not_said_again():
    before = board()
    events = [{"event": "roll", "face": "3", "for": "accuracy"},
              {"event": "roll", "face": "5", "for": "wind"}]
    assert rolled(events, before, before.copy()) == []


def test_a_die_stays_on_the_screen_of_the_change_it_made():
    before = board(Thing("red-2", "worm", (0, 0), "red"))
    after = moved(before, "red-2", (1, 1))
    after.things["red-2"].damaged = True
    events = [{"event": "move", "thing": "red-2", "by": "jump", "from": [0, 0], "to": [1, 0]},
              {"event": "roll", "face": "4", "for": "jump"},
              {"event": "move", "thing": "red-2", "by": "jump", "from": [1, 0], "to": [1, 1]}]
    changes = with_rolls(diff(before, after, events), rolled(events, before, after))
    one_each = pages(changes, one_each=True)
    assert [[c.key for c in page] for page in one_each] == [["ch.roll", "ch.move_worm"],
                                                            ["ch.lay_down"]]


def test_a_crate_opened_says_who_opened_it_and_a_crate_on_a_worm_says_it_will_be():
    before = board(Thing("crate-1", "crate", (1, 0)), Thing("red-2", "worm", (0, 0), "red"))
    after = moved(before, "red-2", (1, 0))
    after.remove(after.things["crate-1"])
    events = [{"event": "move", "thing": "red-2", "by": "inch", "from": [0, 0], "to": [1, 0]},
              {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [1, 0],
               "cause": "opened"},
              {"event": "draw", "team": "red", "worm": "red-2"}]
    assert said(events, before, after) == [("Red 2: move here", (1, 0)),
                                           ("Red 2: opens the crate, remove it", (1, 0))]
    after = before.copy()
    after.add(Thing("crate-2", "crate", (0, 0)))
    events = [{"event": "place", "thing": "crate-2", "kind": "crate", "at": [0, 0]}]
    assert said(events, before, after) == [
        ("Put a crate here: the worm here opens it when activated", (0, 0))]


def test_in_real_games_every_jump_scatter_and_flip_is_said_beside_a_change():
    """Seeded games: each die rolled for a jump, a scatter, a knockback, a blast and each
    flip is on some screen, with a change at the same hex, or (too many lines for one
    screen) on the screen just before that hex's changes; alone only when it changed
    nothing (a bullseye)."""
    for seed in range(6):
        config = GameConfig(teams=2, land=tuple(sorted(standard_land(2))))
        game = LibraryGame.new(config, seed)
        tracker = Tracker(config.land, setup=lambda g=game: setup_board(g))
        bot, done, rolls, lines = RandomBot(seed), 0, 0, 0
        while game.request is not None:
            new = game.events[done:]
            done = len(game.events)
            steps = tracker.steps(new)
            for i, step in enumerate(steps):
                said_here = [c for c in step.changes if c.key in ROLLS]
                nxt = steps[i + 1] if i + 1 < len(steps) else None
                assert len(said_here) < len(step.changes) or all(
                    c.key == "ch.roll_hit" for c in said_here) or (
                    nxt is not None and nxt.at == step.at and nxt.changes), step
                lines += sum(len(c.args.get("faces", "x")) * c.args.get("times", 1)
                             for c in said_here)
            rolls += sum(1 for e in new if e["event"] == "flip" or (
                e["event"] == "roll" and e["for"] not in ("accuracy", "wind")))
            game.answer(bot(game))
        assert rolls and lines == rolls, seed


def test_the_dice_of_one_kind_at_one_hex_are_one_line():
    before = board(Thing("blue-1", "worm", (0, 0), "blue"), Thing("red-1", "worm", (0, 0), "red"))
    after = before.copy()
    after.things["blue-1"].damaged = after.things["red-1"].damaged = True
    events = [{"event": "blast", "at": [0, 0], "for": "blast"},
              {"event": "roll", "face": "hit", "for": "blast"},
              {"event": "damage", "thing": "blue-1", "at": [0, 0]},
              {"event": "roll", "face": "wind", "for": "blast"},
              {"event": "damage", "thing": "red-1", "at": [0, 0]}]
    lines = [c.text("en") for c in rolled(events, before, after)]
    assert lines == ["Blast: bullseye, wind→NE"]


def test_two_blast_dice_of_numbers_are_one_oled_line_in_every_language():
    """Issue 37: a Blast's two dice, each a number and the way it sends its Thing, take one
    line of the OLED in every language ("Вибух: 6→ПнЗх, 6→ПнЗх"), so a chain's hex takes
    fewer screens."""
    from table.fonts import font
    from table.langs import LANGS
    from table.ui.changes import Change
    from table.ui.layout import BODY, wrap
    for a in range(1, 7):
        for b in range(1, 7):
            c = Change("ch.roll_dice", {"roll": "blast", "faces": ((str(a), a), (str(b), b))})
            for lang in LANGS:
                assert len(wrap(c.text(lang), font(12), BODY[2] - BODY[0])[0]) == 1, c.text(lang)
