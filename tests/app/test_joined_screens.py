"""Issue 37: fewer OKs on the screens that tell the group what changed.  A crate a worm opened
where its jump's die put it is said on that hex's one screen with the card to draw and tap
(the tap its OK); a card's summary is said on the last screen of its changes where it fits,
and on its own screen the Drop card to tap next where that fits."""

import pytest

from table.app.asking.prompt import View
from table.app.showing.taps import tapped_next, with_drop_tap
from table.app.showing.tracker import Tracker
from table.app.showing.views import Step as Shown
from table.engine.board import Thing
from table.hexgrid import hexagon
from table.langs import LANGS
from table.ui.screenfuls import fits

LAND = hexagon((0, 0), 3)


def drawn(step, tracker, index=1, total=1) -> dict:
    """The step's screen in every language: its texts, and that nothing was cut."""
    out = {}
    for lang in LANGS:
        screen = Shown(step, index, total).screen(View(lang, tracker.board, frozenset(LAND)))
        assert screen.problems == (), (lang, screen.problems)
        out[lang] = screen.texts
    return out


def jumped() -> tuple[Tracker, list[dict]]:
    """Blue 1 jumps from (0, 1) to (0, 2); the die sends it on to (0, 3), where a crate
    stands."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
    tracker.board.add(Thing("crate-1", "crate", (0, 3)))
    tracker.steps([{"event": "activate", "worm": "blue-1", "team": "blue", "at": [0, 1]}])
    return tracker, [
        {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
        {"event": "roll", "face": "4", "for": "jump"},
        {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [0, 3]},
        {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 3], "cause": "opened"},
        {"event": "draw", "team": "blue", "worm": "blue-1"}]


def test_a_worm_its_jump_die_put_on_a_crate_is_one_screen_whose_tap_is_its_ok():
    """Issue 37 item 1: "Jump die: 4 → S / Blue 1: move here", then on a screen of its own
    "Blue 1: opens the crate, remove it / Draw a Supply card, tap it": the same hex on two
    screens.  Now one: the crate and its card said in one line, the worm named once, fitting
    one screen in every language, and the tap that screen's OK.  Where the tap is not asked
    next, the crate is said as before."""
    for asked in (True, False):
        tracker, batch = jumped()
        steps = [s for s in tracker.steps(batch, tap_asked=asked) if s.changes]
        assert [(s.at, [c.key for c in s.changes]) for s in steps] == [
            ((0, 3), ["ch.roll", "ch.move_worm", "ch.crate_tap" if asked else "ch.crate_opened"])]
        assert fits(list(steps[0].changes)) and tapped_next(steps[0]) == asked
        texts = drawn(steps[0], tracker)
        assert ("Remove the crate, draw a card, tap it" in texts["en"][-1]) == asked


def test_a_worm_that_opened_a_crate_where_it_jumped_and_drowned_is_one_screen():
    """Issue 37 item 1: the players jump a worm onto a crate; it opens it, and its die throws
    it into the water.  "Blue 1: opens the crate, remove it", then on another screen (the hex
    it had jumped from) "Jump die / Blue 1: drowned / Draw a Supply card, tap it"; now one
    screen of the hex where they put it, the worm named once, the tap its OK."""
    tracker = Tracker(set(LAND) - {(0, 3)})
    tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
    tracker.board.add(Thing("crate-1", "crate", (0, 2)))
    steps = tracker.steps([
        {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
        {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2], "cause": "opened"},
        {"event": "draw", "team": "blue", "worm": "blue-1"},
        {"event": "roll", "face": "4", "for": "jump"},
        {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [0, 3]},
        {"event": "destroy", "thing": "blue-1", "cause": "sank"}], tap_asked=True)
    assert [(s.at, [c.key for c in s.changes]) for s in steps] == [
        ((0, 2), ["ch.roll", "ch.worm_sank", "ch.crate_tap"])]
    assert "Blue 1: drowned" in drawn(steps[0], tracker)["en"][-1]


def test_a_crate_where_the_worm_is_named_nowhere_else_keeps_its_worm_and_its_own_tap_line():
    """Red 1, thrown by a blast in Blue's turn, lands on a crate's hex (it opens it) and is
    thrown on: the crate's screen names no worm, and Red 1 is not the worm whose turn it is,
    so the crate's line names it, and the card to draw has its own line."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (0, -2), "blue"))
    tracker.board.add(Thing("red-1", "worm", (0, 1), "red"))
    tracker.board.add(Thing("crate-1", "crate", (0, 2)))
    tracker.steps([{"event": "activate", "worm": "blue-1", "team": "blue", "at": [0, -2]}])
    steps = [s for s in tracker.steps([
        {"event": "move", "thing": "red-1", "by": "blast", "from": [0, 1], "to": [0, 2]},
        {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2], "cause": "opened"},
        {"event": "draw", "team": "red", "worm": "red-1"},
        {"event": "move", "thing": "red-1", "by": "blast", "from": [0, 2], "to": [-1, 3]}],
        tap_asked=True) if s.changes]
    keys = [c.key for s in steps for c in s.changes]
    assert "ch.crate_opened" in keys and "ch.draw_tap" in keys and "ch.crate_tap" not in keys


def test_a_worm_the_players_jumped_onto_a_mine_and_a_crate_is_one_screen_whose_tap_is_its_ok():
    """Issue 37 item 1: the players jump a worm onto a hex with a Mine and a crate: "Mine
    flip: Safe / Remove the mine", then "Blue 1: opens the crate, remove it / Draw a Supply
    card, tap it" (the flip's "Безпечна сторона" took two lines in Ukrainian); now one screen:
    the worm they just moved there is the one that opened it, so the crate and its card are
    one line, the tap its OK."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
    tracker.board.add(Thing("mine-1", "mine", (0, 2)))
    tracker.board.add(Thing("crate-1", "crate", (0, 2)))
    steps = tracker.steps([
        {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]},
        {"event": "destroy", "thing": "mine-1", "kind": "mine", "at": [0, 2], "cause": "triggered"},
        {"event": "flip", "side": "safe", "for": "mine"},
        {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2], "cause": "opened"},
        {"event": "draw", "team": "blue", "worm": "blue-1"}], tap_asked=True)
    assert [(s.at, [c.key for c in s.changes]) for s in steps] == [
        ((0, 2), ["ch.flip", "ch.remove.mine", "ch.crate_tap"])]
    assert "Міна: Безпечна" in drawn(steps[0], tracker)["uk"][-1]


def shot(tracker: Tracker, at, *, sank: bool = False, elsewhere: bool = False) -> list:
    """Blue 1's Bazooka aimed at (0, 1) misses to ``at``: a crater there (and Red 1 at (1, 1)
    thrown into the water, ``sank``; or the crater at (1, 0), the token's hex changing
    nothing, ``elsewhere``); the turn ends."""
    tracker.board.add(Thing("blue-1", "worm", (-2, 0), "blue"))
    tracker.board.add(Thing("red-1", "worm", (1, 1), "red"))
    tracker.steps([{"event": "setup", "wind": 1, "order": ["blue", "red"]}])
    tracker.steps([{"event": "play", "card": "bazooka", "team": "blue", "worm": "blue-1"},
                   {"event": "target", "at": [0, 1], "by": "card"}])
    crater = (1, 0) if elsewhere else at
    events = [{"event": "accuracy", "dice": 2, "rolled": ["1", "3"], "picked": "3"},
              {"event": "target", "at": list(at), "by": "accuracy"},
              {"event": "blast", "at": list(at), "for": "blast"},
              {"event": "place", "thing": "crater-1", "kind": "crater", "at": list(crater)}]
    if sank:
        events += [{"event": "move", "thing": "red-1", "by": "blast", "from": [1, 1], "to": [1, 3]},
                   {"event": "destroy", "thing": "red-1", "cause": "sank"}]
    return tracker.steps(events + [{"event": "end_turn", "team": "blue"}])


def test_the_cards_summary_is_said_on_the_last_screen_of_its_changes_where_it_fits():
    """Issue 37 item 2: "Missed! Token here / Put a crater here", then the card's summary a
    screen of its own ("Take the token off / Nobody hurt / Left: Blue ×1, Red ×1"); now one
    screen: the changes, then what the changes did not say (the token to take off; the
    worms left to a team that lost one), fitting in every language.  Where the Target Token
    is at another hex than the screen names, the summary keeps its own screen."""
    tracker = Tracker(LAND)
    steps = shot(tracker, (-1, 2))
    assert len(steps) == 1 and steps[0].summary is not None and steps[0].at == (-1, 2)
    assert [c.key for c in steps[0].changes] == ["ch.missed", "ch.place.crater"]
    texts = drawn(steps[0], tracker)
    assert texts["en"][-1].split("\n")[-1] == "Take the token off"
    assert len(tracker.marks) == 1 and tracker.marks[0][2] == 5      # (all its events)

    tracker = Tracker(LAND)
    steps = shot(tracker, (-1, 2), elsewhere=True)
    assert [s.summary is not None for s in steps][-1] and not steps[-1].changes

    tracker = Tracker(set(LAND) - {(1, 3)})
    steps = shot(tracker, (1, 2), sank=True)         # (Red 1 drowned: a screen before)
    assert [c.key for c in steps[-1].changes] == ["ch.missed", "ch.place.crater"]
    assert steps[-1].summary["left"] == [("red", 0)]
    assert drawn(steps[-1], tracker, 2, 2)["en"][-1].endswith("Take the token off\nLeft: Red ×0")


@pytest.mark.parametrize("lost", [False, True])
def test_the_drop_card_to_tap_next_is_said_on_the_cards_summary(lost):
    """Issue 37: a card whose shot changed nothing ended the turn on its summary, a screen
    (and an OK) of its own, then the Drop card's tap; now the summary says what is new of it
    and to turn over the Drop card and tap it, and that tap is its OK."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (-2, 0), "blue"))
    tracker.board.add(Thing("red-1", "worm", (1, 1), "red"))
    tracker.steps([{"event": "setup", "wind": 1, "order": ["blue", "red"]}])
    events = [{"event": "play", "card": "bazooka", "team": "blue", "worm": "blue-1"},
              {"event": "target", "at": [1, 1], "by": "card"}]
    tracker.steps(events)
    if lost:
        tracker.steps([{"event": "destroy", "thing": "red-1", "cause": "damage"}])
    steps = tracker.steps([{"event": "end_turn", "team": "blue"}])
    with_drop_tap(steps)
    assert [c.key for c in steps[-1].changes] == ["ch.drop_tap"] and tapped_next(steps[-1])
    texts = drawn(steps[-1], tracker)["en"]
    assert "Take the token off" in texts[-1] and "Turn over a Drop card, tap it" in texts[-1]
    assert ("Left: Red ×0" in texts[-1]) == lost


def test_a_crate_the_chosen_worm_opens_says_the_card_with_it():
    """A worm the players activate where a crate was dropped by it opens it (T2): the worm
    whose turn it is goes without saying, so the crate and its card are one line (two lines
    fewer, the tap its OK)."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (0, 2), "blue"))
    tracker.board.add(Thing("crate-1", "crate", (0, 2)))
    steps = [s for s in tracker.steps([
        {"event": "activate", "worm": "blue-1", "team": "blue", "at": [0, 2]},
        {"event": "destroy", "thing": "crate-1", "kind": "crate", "at": [0, 2], "cause": "opened"},
        {"event": "draw", "team": "blue", "worm": "blue-1"}], tap_asked=True) if s.changes]
    assert [[c.key for c in s.changes] for s in steps] == [["ch.crate_tap"]]
    assert tapped_next(steps[0])
