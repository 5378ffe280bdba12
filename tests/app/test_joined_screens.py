"""Issue 37: fewer OKs on the screens that tell the group what changed.  A crate a worm opened
where its jump's die put it is said on that hex's one screen with the card to draw and tap
(the tap its OK)."""

from table.app.asking.prompt import View
from table.app.showing.taps import tapped_next
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


def jumped(onto_crate: bool) -> tuple[Tracker, list[dict]]:
    """Blue 1 jumps from (0, 1) to (0, 2); the die sends it on to (0, 3), where a crate
    stands (``onto_crate``), or the crate stands where it jumped (no die: its jump's hex)."""
    tracker = Tracker(LAND)
    tracker.board.add(Thing("blue-1", "worm", (0, 1), "blue"))
    crate = (0, 3) if onto_crate else (0, 2)
    tracker.board.add(Thing("crate-1", "crate", crate))
    tracker.steps([{"event": "activate", "worm": "blue-1", "team": "blue", "at": [0, 1]}])
    batch = [{"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 1], "to": [0, 2]}]
    if onto_crate:
        batch += [{"event": "roll", "face": "4", "for": "jump"},
                  {"event": "move", "thing": "blue-1", "by": "jump", "from": [0, 2], "to": [0, 3]}]
    batch += [{"event": "destroy", "thing": "crate-1", "kind": "crate", "at": list(crate),
               "cause": "opened"},
              {"event": "draw", "team": "blue", "worm": "blue-1"}]
    return tracker, batch


def test_a_worm_its_jump_die_put_on_a_crate_is_one_screen_whose_tap_is_its_ok():
    """Issue 37 item 1: "Jump die: 4 → S / Blue 1: move here", then on a screen of its own
    "Blue 1: opens the crate, remove it / Draw a Supply card, tap it": the same hex on two
    screens.  Now one: the crate and its card said in one line, the worm named once, fitting
    one screen in every language, and the tap that screen's OK.  Where the tap is not asked
    next, the crate is said as before."""
    for asked in (True, False):
        tracker, batch = jumped(onto_crate=True)
        steps = [s for s in tracker.steps(batch, tap_asked=asked) if s.changes]
        assert [(s.at, [c.key for c in s.changes]) for s in steps] == [
            ((0, 3), ["ch.roll", "ch.move_worm", "ch.crate_tap" if asked else "ch.crate_opened"])]
        assert fits(list(steps[0].changes)) and tapped_next(steps[0]) == asked
        texts = drawn(steps[0], tracker)
        assert ("Remove the crate, draw a card, tap it" in texts["en"][-1]) == asked


def test_a_crate_where_the_worm_is_named_nowhere_else_keeps_its_worm_and_its_own_tap_line():
    """Where the players jumped the worm onto the crate themselves (its move is not said
    again), the crate's line names the worm that opened it, and the card to draw has its
    own line."""
    tracker, batch = jumped(onto_crate=False)
    steps = [s for s in tracker.steps(batch, tap_asked=True) if s.changes]
    keys = [[c.key for c in s.changes] for s in steps]
    assert keys[-1][-2:] == ["ch.crate_opened", "ch.draw_tap"] and "ch.crate_tap" not in sum(keys, [])
