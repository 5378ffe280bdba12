"""The tracker follows the engine's board event by event (it is what the LEDs show), and the
steps it makes say every change the players must copy."""

import pytest

from table.cards import library
from table.app.showing.views import setup_board
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.app.showing.putback import undo_steps
from table.app.showing.tracker import Tracker
from table.bots import RandomBot
from table.engine.setup import standard_land


def same(tracker_board, board):
    a = {t.id: (t.kind, t.team, t.at, t.damaged) for t in tracker_board.things.values()}
    b = {t.id: (t.kind, t.team, t.at, t.damaged) for t in board.things.values()}
    assert a == b
    assert tracker_board.land == board.land and tracker_board.wind == board.wind
    assert tracker_board.target == board.target


@pytest.mark.parametrize("seed, teams, placement", [(1, 2, "auto"), (4, 3, "players"),
                                                    (6, 4, "auto")])
def test_the_tracker_board_is_the_engine_board_at_every_turn(seed, teams, placement):
    config = GameConfig(teams=teams, land=tuple(sorted(standard_land(teams))),
                         placement=placement, options=("parting_gifts",))
    game = LibraryGame.new(config, seed)
    tracker = Tracker(config.land, setup=lambda: setup_board(game))
    bot = RandomBot(seed)
    seen, checks, steps = 0, 0, []
    while game.request is not None:
        events = game.events
        steps += tracker.steps(events[seen:])
        seen = len(events)
        if game.request.kind == "worm":          # a turn's first question: the board is now
            same(tracker.board, game.board)
            checks += 1
        game.answer(bot(game))
    steps += tracker.steps(game.events[seen:])
    same(tracker.board, game.board)
    assert checks > 5
    keys = {s.instruction.key for s in steps if s.instruction}
    keys |= {c.key for s in steps for c in s.changes}
    assert keys & {"do.place_worm", "ch.place_worm"}
    # the dice the box rolled said beside their changes, a summary after every card
    from table.ui.screenfuls import ROLLS
    assert any(c.key in ROLLS for s in steps for c in s.changes)
    assert any(s.summary for s in steps)


def test_undo_steps_put_back_what_changed():
    config = GameConfig(teams=2, land=tuple(sorted(standard_land(2))))
    game = LibraryGame.new(config, 3)
    t = Tracker(config.land, setup=lambda: setup_board(game))
    t.steps(game.events)
    before = t.board
    import copy
    after = copy.deepcopy(before)
    worm = sorted(after.worms(), key=lambda w: w.id)[0]
    start = worm.at
    after.lift(worm)
    after.put(worm, (5, 5))
    worm.damaged = True
    keys = [s.instruction.key for s in undo_steps(after, before)]
    assert keys == ["do.move_worm", "do.heal"]
    assert undo_steps(after, before)[0].instruction.to == start


def test_a_turn_that_changes_without_a_question_is_said():
    """Issue 23 item 3: a team's last worm is activated with no question: its turn is said;
    a team losing its last worm, and the final round, are said too."""
    seen = {}
    for seed in range(40):
        config = GameConfig(teams=2, land=tuple(sorted(standard_land(2))))
        game = LibraryGame.new(config, seed)
        tracker = Tracker(config.land, setup=lambda g=game: setup_board(g))
        bot, done, n = RandomBot(seed), 0, 0
        while game.request is not None and n < 3000:
            new = game.events[done:]
            done = len(game.events)
            for step in tracker.steps(new):
                if step.instruction is not None:
                    seen.setdefault(step.instruction.key, step.instruction)
            for e in new:
                if e["event"] == "activate" and len(game.board.worms(e["team"])) == 1:
                    seen.setdefault("one worm", e)
            game.answer(bot(game))
            n += 1
        if {"do.last_worm", "do.eliminated", "do.final_round"} <= set(seen):
            break
    assert "one worm" in seen and seen["do.last_worm"].args["n"] in "123456"
    assert seen["do.eliminated"].args["team"] in ("blue", "red")
    assert seen["do.final_round"].text("en") == "Final round: every team left plays one more turn"


@pytest.mark.parametrize("teams, own_decks", [(2, False), (3, True)])
def test_the_setup_screens_read_the_setup_record_never_a_replay(monkeypatch, teams, own_decks):
    """The board the box laid out and the hands it dealt come from the game's setup record
    (issue 20): the same as the game replayed to its first worm choice, without a replay."""
    from table.app.showing.views import start_hands

    config = GameConfig(teams=teams, land=tuple(sorted(standard_land(teams))),
                        own_decks=own_decks)
    game = LibraryGame.new(config, 11)
    bot = RandomBot(11)
    while game.request is not None and game.request.kind != "worm":
        game.answer(bot(game))
    replayed = LibraryGame.replay(config, game.seed, list(game.log), game.base_cards,
                           tiles=game.tiles)            # the game at its first worm choice
    for _ in range(5):                            # a few turns on: the setup stays as it was
        game.answer(bot(game))

    def no_replay(*args, **kwargs):
        raise AssertionError("the setup was replayed")
    monkeypatch.setattr(LibraryGame, "replay", no_replay)
    board, hands = setup_board(game), start_hands(game)
    assert board.as_json() == replayed.board.as_json()
    decks = hands.pop("decks")
    assert hands == replayed.hands
    assert {k: decks[k] for k in ("supply", "drop", "bottom")} == replayed.deck_cards
    assert ("known" in decks) == own_decks


def test_a_worm_the_players_inched_and_a_card_they_drew_are_not_said_again():
    """Issue 37 item 1: the group pointed at the hex and pressed OK, then had to press OK on
    "Blue 1: move here"; with their own decks, the tap of the card drawn followed "Blue: draw
    a card".  A box team's inch is still said (nobody at the table chose it)."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    land = hexagon((0, 0), 2)
    for box, said in (((), 0), (("blue",), 1)):
        tracker = Tracker(land, box=box)
        tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue"))
        inch = [{"event": "move", "thing": "blue-1", "by": "inch", "from": [1, 0], "to": [1, 1]}]
        assert len(tracker.steps(inch)) == said and tracker.board.things["blue-1"].at == (1, 1)
    jump = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [1, 1], "to": [0, 1]},
            {"event": "roll", "face": "hit", "for": "jump"}]
    assert len(tracker.steps(jump)) == 1                 # a jump's die: said
    tracker.board.add(Thing("crate-1", "crate", (0, 2)))
    opened = [{"event": "move", "thing": "blue-1", "by": "inch", "from": [0, 1], "to": [0, 2]},
              {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2],
               "cause": "opened"},
              {"event": "draw", "team": "blue", "worm": "blue-1"}]
    steps = tracker.steps(opened)
    assert [s.instruction for s in steps] == [None]      # no "Blue: draw a card" of its own
    assert [c.key for c in steps[0].changes] == ["ch.move_worm", "ch.crate_opened"]
    drawn = Tracker(land, drawn=lambda: ["bazooka"])     # the box draws: it names the card
    drawn.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
    drawn.board.add(Thing("crate-1", "crate", (0, 2)))
    assert any(s.instruction is not None and s.instruction.key == "do.take"
               for s in drawn.steps(opened + [{"event": "card_drawn", "team": "blue"}]))


def test_the_target_token_comes_off_on_the_cards_summary():
    """Issue 37 item 1: "Take the token off" was a screen (and an OK) of its own after every
    card with a target, before the card's summary; now it is a line of the summary, its hex
    flashing."""
    from table.app.showing.views import Step as Shown
    from table.app.asking.prompt import View
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    from table.ui import scenes
    land = hexagon((0, 0), 2)
    tracker = Tracker(land)
    tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue"))
    steps = tracker.steps([{"event": "play", "card": "bazooka", "team": "blue", "worm": "blue-1"},
                           {"event": "target", "at": [0, 2], "by": "card"},
                           {"event": "end_turn", "team": "blue"}])
    ends = [s for s in steps if s.summary is not None
            or any(c.key == "ch.target_off" for c in s.changes)]
    assert len(ends) == 1 and ends[0].summary["token"] == [0, 2] and (0, 2) in ends[0].hexes
    shown = Shown(ends[0], 1, 1)
    view = View("en", tracker.board, frozenset(land))
    assert "Take the token off" in shown.screen(view).texts[-1]
    assert shown.animated and shown.frame(view, 0.0)[(0, 2)] == scenes.WHITE


def test_a_drop_card_the_players_tapped_and_a_crate_they_placed_are_not_said_again():
    """Issue 37 item 1: with their own Drop deck the players turned the card over and tapped
    it, then pressed OK on "Drop card: Mine"; they chose where its crate goes, then pressed OK
    on "Put a crate here", and its Mine beside it, which that question now says goes there
    too.  A crate a box team placed, a crate the box placed itself (one emptiest hex: no
    question) and a Mine beside it are still said; so is the Drop card the box drew."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    land = hexagon((0, 0), 2)
    drop = [{"event": "end_turn", "team": "blue"}, {"event": "drop", "card": "mine_drop"}]
    placed = [{"event": "place", "thing": "crate-7", "kind": "crate", "at": [-1, 1]},
              {"event": "place", "thing": "mine-7", "kind": "mine", "at": [-1, 1]}]
    for box, crate_said, cards in (((), False, None), (("blue",), True, None),
                                   ((), False, library), (("blue",), True, library)):
        tracker = Tracker(land, box=box, cards=cards)
        tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue"))
        tracker.steps([{"event": "activate", "worm": "blue-1", "team": "blue", "at": [1, 0]}])
        assert [s.instruction for s in tracker.steps(drop)] == []
        steps = tracker.steps(placed)                    # the answer where the crate goes
        keys = [c.key for s in steps for c in s.changes]
        # (the question where the crate goes said the Mine goes with it: contexts.placed_with)
        mine_said = crate_said or cards is None
        assert keys == (["ch.place.crate"] if crate_said else []) + (["ch.place.mine"] if mine_said else [])
        assert {"crate-7", "mine-7"} <= set(tracker.board.things)
    tracker = Tracker(land)
    tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue"))
    tracker.steps([{"event": "activate", "worm": "blue-1", "team": "blue", "at": [1, 0]}])
    steps = tracker.steps(drop + placed)                 # no question: the box placed it
    assert [c.key for s in steps for c in s.changes] == ["ch.place.crate", "ch.place.mine"]
    drawn = Tracker(land, drawn=lambda: [])
    assert [s.instruction.key for s in drawn.steps(drop)] == ["do.drop"]


def test_the_tap_asked_next_is_said_on_the_last_screen_of_the_batch_that_drew():
    """Issue 37 item 1: where the daemon asks the players' tap of the Supply card a batch drew
    next, that batch's last screen says to draw and tap it (its tap is that screen's OK),
    even when the worm jumped on after opening the crate; not where it is not asked next
    (the box draws, two cards drawn, or something else is asked first)."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    land = hexagon((0, 0), 2)
    batch = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
             {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2],
              "cause": "opened"},
             {"event": "draw", "team": "blue", "worm": "blue-1"},
             {"event": "roll", "face": "4", "for": "jump"},
             {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [-1, 2]}]
    for asked, drawn, said in ((True, None, True), (False, None, False),
                               (True, lambda: [], False)):
        tracker = Tracker(land, drawn=drawn)
        tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
        tracker.board.add(Thing("crate-1", "crate", (0, 2)))
        steps = [s for s in tracker.steps(batch, tap_asked=asked) if s.changes]
        keys = [[c.key for c in s.changes] for s in steps]
        assert ("ch.draw_tap" in keys[-1]) == said, keys
        assert sum(k.count("ch.draw_tap") for k in keys) == said


def test_a_miss_that_changed_nothing_is_told_by_the_cards_summary_alone():
    """Issue 37: a shot whose Accuracy dice sent the Target Token to a hex where its blast
    changed nothing (water) took "Missed! Token here" and its OK, then the card's summary,
    which flashes that same hex to take the token off; now the summary alone.  A miss whose
    blast changed the hex (a crater) keeps its screen, which says the summary too (it fits)."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    land = set(hexagon((0, 0), 2)) - {(0, 2)}
    aimed = [{"event": "play", "card": "bazooka", "team": "blue", "worm": "blue-1"},
             {"event": "target", "at": [0, 1], "by": "card"}]
    for at, crater in (((0, 2), False), ((-1, 2), True)):
        tracker = Tracker(land, box=("blue",))
        tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue"))
        tracker.steps(aimed)
        shot = [{"event": "accuracy", "dice": 2, "rolled": ["1", "3"], "picked": "3"},
                {"event": "target", "at": list(at), "by": "accuracy"},
                {"event": "blast", "at": list(at), "for": "blast"}]
        shot += [{"event": "place", "thing": "crater-1", "kind": "crater", "at": list(at)}] * crater
        steps = tracker.steps(shot + [{"event": "end_turn", "team": "blue"}])
        said = [[c.key for c in s.changes] + ["summary"] * (s.summary is not None) for s in steps]
        assert said == [["ch.missed", "ch.place.crater", "summary"] if crater else ["summary"]]
        assert steps[-1].summary["token"] == list(at) and steps[-1].summary["shot"] == "miss"
        assert [m[0] for m in tracker.marks] == list(range(1, len(steps) + 1))


def test_a_worm_that_opened_a_crate_where_it_jumped_moves_on_from_there():
    """Issue 37: the players put the worm where they jumped it (a crate there, which it
    opens); its die sends it back: the landing is a move from the hex where they put it
    ("Blue 1: move here", that hex flashing as where it comes from), where it was "lands
    back here", said from the hex it had jumped from, and the card to draw and tap fits on
    that last screen, its tap its OK (the crate's screen put last where the landing has no
    room: screenfuls.with_tap)."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    batch = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
             {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2],
              "cause": "opened"},
             {"event": "draw", "team": "blue", "worm": "blue-1"},
             {"event": "roll", "face": "1", "for": "jump"},
             {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [0, 1]}]
    for asked in (True, False):
        tracker = Tracker(hexagon((0, 0), 2))
        tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
        tracker.board.add(Thing("crate-1", "crate", (0, 2)))
        steps = tracker.steps(batch, tap_asked=asked)
        said = [(s.at, [c.key for c in s.changes]) for s in steps]
        assert said == [((0, 2), ["ch.crate_opened"]),
                        ((0, 1), ["ch.roll", "ch.move_worm"] + ["ch.draw_tap"] * asked)]
        assert steps[-1].changes[1].src == (0, 2)


def test_the_drop_card_asked_next_is_said_on_the_turns_last_screen_of_changes():
    """Issue 37: where the players turn over the next Drop card and tap it next (the Drop
    step, once the turn has ended), the turn's last screen of changes says so and its tap is
    that screen's OK (taps.with_drop_tap); not where the Drop card is not asked next."""
    from table.app.showing.taps import tapped_next, with_drop_tap
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    batch = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
             {"event": "roll", "face": "4", "for": "jump"},
             {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [0, 3]},
             {"event": "end_turn", "team": "blue"}]
    for asked in (True, False):
        tracker = Tracker(hexagon((0, 0), 3))
        tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
        steps = tracker.steps(batch)
        if asked:                                  # (GamePlay.after_change: the Drop card next)
            with_drop_tap(steps)
        assert [c.key for c in steps[-1].changes][-1:] == (["ch.drop_tap"] if asked else
                                                          ["ch.move_worm"])
        assert tapped_next(steps[-1]) == asked


def test_what_the_players_just_chose_is_not_said_again_and_the_wind_needs_no_screen():
    """Issue 37 item 1: the Target Token put where the players aimed, a worm they jumped to
    the hex they chose (as an inch already was), a damaged worm they
    activated (the question said to stand it up) and a crate put on a worm's hex where they
    chose it (the question said the worm there opens it) take no screen; a box team's are
    still said, and so is a token the Accuracy dice moved.  A wind change is a line on the
    batch's last screen of changes (the box turns the dial itself), or its own screen where
    the batch has none."""
    from table.engine.board import Thing
    from table.hexgrid import hexagon
    land = hexagon((0, 0), 2)
    activate = [{"event": "activate", "worm": "blue-1", "team": "blue", "at": [1, 0]},
                {"event": "heal", "thing": "blue-1"}]
    aimed = [{"event": "target", "at": [-1, 0], "facing": None},
             {"event": "roll", "face": "1", "for": "accuracy"}]
    missed = [{"event": "target", "at": [0, 1], "facing": None},
              {"event": "target", "at": [0, 0], "facing": None, "by": "accuracy"}]
    crate = [{"event": "place", "thing": "crate-7", "kind": "crate", "at": [-1, 1]},
             {"event": "place", "thing": "mine-7", "kind": "mine", "at": [-1, 1]},
             {"event": "wind", "from": 1, "to": 4}]
    for box, said in (((), False), (("blue",), True)):
        tracker = Tracker(land, box=box)
        tracker.board.add(Thing("blue-1", "worm", (1, 0), "blue", damaged=True))
        tracker.board.add(Thing("blue-2", "worm", (-1, 1), "blue"))   # (not the last worm)
        keys = [c.key for s in tracker.steps(activate) for c in s.changes]
        assert keys == (["ch.heal"] if said else [])
        keys = [c.key for s in tracker.steps(aimed) for c in s.changes]
        assert keys == (["ch.target"] if said else [])
        jumped = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [1, 0], "to": [0, 0]}]
        keys = [c.key for s in tracker.steps(jumped) for c in s.changes]   # (a question next)
        assert keys == (["ch.move_worm"] if said else [])
        scattered = [{**jumped[0], "from": [0, 0], "to": [-1, 0]},
                     {"event": "move", "thing": "blue-1", "by": "scatter", "from": [-1, 0],
                      "to": [-1, 1]}]
        assert [(c.key, c.at) for s in tracker.steps(scattered) for c in s.changes] == [
            ("ch.move_worm", (-1, 1))]                       # where the die sent it: said
        assert [(c.key, c.at) for s in tracker.steps(missed) for c in s.changes] == [
            ("ch.missed", (0, 0))]
        steps = tracker.steps(crate)
        assert [c.key for s in steps for c in s.changes] == (
            ["ch.crate_by_worm"] if said else []) + ["ch.place.mine", "ch.wind"]
        assert len(steps) == 1 or said                     # (the box's: two, as it fits)
        assert tracker.board.wind == 4
    tracker = Tracker(land)
    tracker.steps(activate[:1])
    steps = tracker.steps(crate[:1] + crate[2:])           # only the chosen crate: the wind
    assert [s.instruction.key for s in steps] == ["do.wind"]


def test_the_drop_steps_wind_is_said_on_the_next_worm_question():
    """Issue 37 item 1: a wind change after the turn's end (the Drop step's), where the players
    choose the next worm next, takes no screen: that question says it ("The wind turns to
    4"); mid-turn, or where no worm question follows, it is said as before."""
    from table.app.asking.contexts import wind_turned
    from table.hexgrid import hexagon
    wind = [{"event": "wind", "from": 1, "to": 4}]
    tracker = Tracker(hexagon((0, 0), 2))
    assert [s.instruction.key for s in tracker.steps(wind, worm_asked=True)] == ["do.wind"]
    ended = [{"event": "end_turn", "team": "blue"}]
    assert tracker.steps(ended) == [] and tracker.steps(wind, worm_asked=True) == []
    assert tracker.board.wind == 4
    assert [s.instruction.key for s in tracker.steps(wind)] == ["do.wind"]
    assert wind_turned(ended + wind + [{"event": "turn", "number": 2, "team": "red"}]) == 4
    assert wind_turned(wind + ended) is None
    assert wind_turned(ended + wind + [{"event": "activate", "worm": "red-1"}]) is None
