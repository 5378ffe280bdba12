"""Decision -> screen, LED scene and inputs (table/app/asking/prompts.py), prompt by prompt."""

from table.app.asking.prompts import INCH, JUMP, Answer, HexPick, Menu, Refuse, View, for_decision
from table.devices.buttons import InputEvent
from table.engine.board import Board, Thing
from table.engine.decisions import Decision, Purpose
from table.hexgrid import hexagon, neighbour
from table.ui import scenes
from table.ui.strings import text

GRID = frozenset(hexagon((0, 0), 4))
OFF_PHASE = 0.3          # scenes.on(0.3) is False: the cursor is not drawn


def board():
    b = Board(land=set(hexagon((0, 0), 2)) - {(0, 0)}, wind=2)
    b.add(Thing("blue-1", "worm", (1, 0), "blue"))
    b.add(Thing("red-1", "worm", (-1, 0), "red"))
    return b


def view():
    return View("en", board(), GRID, "blue", "blue-1")


def press(p, *names):
    out = None
    for n in names:
        out = p.press(InputEvent(n))
    return out


def test_targets_are_lit_in_the_colour_of_their_accuracy_dice_count():
    opts = ((1, -1), (2, -1), (3, -2), (-1, 0))
    d = Decision("hex", opts, opts[0], Purpose.TARGET, "blue", info=(3, 3, 2, 1), card="bazooka")
    p = for_decision(d, view())
    frame = p.frame(view(), OFF_PHASE)
    assert [frame[h] for h in opts[:3]] == [scenes.accuracy_colour(n) for n in (3, 3, 2)]
    # the cursor blinks white and dark, so it shows on any colour (a white 5-dice hex too)
    assert frame[p.cursor] == scenes.OFF and p.frame(view(), 0.0)[p.cursor] == scenes.WHITE
    # aiming starts on the enemy worm, not on the engine's first option, and says what for
    assert p.cursor == (-1, 0)
    assert "bazooka: 1 die here" in " ".join(p.screen(view()).texts)
    assert "At: red worm 1" in " ".join(p.screen(view()).texts)


def test_a_direction_inches_at_once_where_nothing_can_roll_and_ok_on_the_worm_asks_a_jump():
    """Issue 37 items 1 and 4: on the worm's hex a direction button inches that way at once
    where nothing there rolls a die, flips or draws (one press; no die rolled, so undo takes it
    back); to a Mine's hex it moves the cursor and OK inches; OK on the worm asks where to
    jump (jump hexes lit; Back goes back); OK on the worm there jumps in place at once (its
    die rolled by that OK, the confirmation: no list; Back skips, as the question says)."""
    v = view()
    here = (1, 0)
    n1, n4, far = neighbour(here, 1), neighbour(here, 4), (3, -1)
    v.board.add(Thing("mine-1", "mine", n4))
    d = Decision("move", (("skip", None), ("inch", n1), ("inch", n4), ("jump", here),
                          ("jump", n1), ("jump", far)), ("skip", None), "move", "blue")
    p = for_decision(d, v)
    frame = p.frame(v, OFF_PHASE)
    assert frame[n1] == frame[n4] == INCH and frame[far] == JUMP
    assert p.cursor == here and "1-6: inch, OK: jump" in p.screen(v).texts[-1]
    assert press(p, "1") == Answer(("inch", n1))                 # at once
    p = for_decision(d, v)
    assert press(p, "4") is None and p.cursor == n4 and "Inch" in p.screen(v).texts[-1]
    assert press(p, "ok") == Answer(("inch", n4))                 # (a Mine: OK first)
    p = for_decision(d, v)
    assert press(p, "ok") is None and "Jump where?" in p.screen(v).texts[-1]
    assert p.frame(v, OFF_PHASE)[n1] == JUMP
    assert press(p, "1", "ok") == Answer(("jump", n1))
    p = for_decision(d, v)                  # on the worm: the jump in place, at once
    assert press(p, "ok") is None and "Jump in place" in p.screen(v).texts[-1]
    assert press(p, "ok") == Answer(("jump", here)) and p.sub is None
    no_stay = Decision("move", tuple(o for o in d.options if o != ("jump", here)), ("skip", None),
                       "move", "blue")
    assert press(for_decision(no_stay, v), "ok", "ok") == Refuse("error.cannot_move")
    p = for_decision(d, v)
    assert press(p, "ok", "1", "back") is None and p.cursor == here and not p.jumping
    assert press(p, "back") == Answer(("skip", None))
    # a card's move goes on with the card's text (which may roll at once): OK first
    card = Decision("move", d.options, ("skip", None), "move", "blue", card="ninja_rope")
    p = for_decision(card, v)
    assert press(p, "1") is None and p.cursor == n1 and press(p, "ok") == Answer(("inch", n1))


def test_a_crate_or_a_mine_inches_at_once_where_the_players_draw_or_flip_it_themselves():
    """Issue 37: a crate's card drawn from the players' own deck (their tap, a question undo
    takes back with the inch) and a Mine's flip of their own coin (typed in) roll nothing on
    the box: a direction inches there at once; with the box's deck or its coin, OK first; a
    full hex never (a Thing prodded, its die rolled)."""
    from table.engine.game import GameConfig
    here = (1, 0)
    crate, mine, full = neighbour(here, 1), neighbour(here, 4), neighbour(here, 3)
    d = Decision("move", (("skip", None), ("inch", crate), ("inch", mine), ("inch", full)),
                 ("skip", None), "move", "blue")
    for own_decks, own_dice in ((False, False), (True, False), (False, True), (True, True)):
        v = view()
        v.board.add(Thing("crate-1", "crate", crate))
        v.board.add(Thing("mine-1", "mine", mine))
        for i in range(3):
            v.board.add(Thing(f"crater-{i}", "crater", full))
        v.config = GameConfig(teams=2, own_decks=own_decks, own_dice=own_dice)
        p = for_decision(d, v)
        assert (1 in p.sure, 4 in p.sure, 3 in p.sure) == (own_decks, own_dice, False)


def test_the_presses_of_a_move_are_the_fewest_the_move_question_takes():
    """table.app.presses: a direction for an inch at once; walk and OK where the walk is
    shorter (two hexes away past a hex that inches at once: round it); OK, walk, OK for a
    jump next to the worm; on an encoder, cw to the hex and OK."""
    from table.app.presses import inputs_for
    here = (1, 0)
    n1, far = neighbour(here, 1), (3, -1)
    d = Decision("move", (("skip", None), ("inch", n1), ("jump", here), ("jump", n1),
                          ("jump", far)), ("skip", None), "move", "blue")
    buttons = ("1", "2", "3", "4", "5", "6", "ok", "back")

    def made(value, inputs=buttons):
        p = for_decision(d, view())
        names = []
        for _, name in inputs_for(p, value, inputs):
            names.append(name)
            out = press(p, name)
        return names, out
    assert made(("inch", n1)) == (["1"], Answer(("inch", n1)))
    assert made(("jump", n1)) == (["ok", "1", "ok"], Answer(("jump", n1)))
    assert made(("jump", here)) == (["ok", "ok"], Answer(("jump", here)))
    assert made(("jump", far)) == (["2", "3", "ok"], Answer(("jump", far)))
    names, out = made(("inch", n1), ("cw", "ccw", "ok", "back"))
    assert set(names[:-1]) == {"cw"} and out == Answer(("inch", n1))
    names, out = made(("jump", n1), ("cw", "ccw", "ok", "back"))
    assert names[0] == "ok" and out == Answer(("jump", n1))


def test_the_cursor_reaches_every_hex_and_the_encoder_steps_through_the_options():
    opts = {(2, -2): [("a", "")], (-2, 2): [("b", "")]}
    p = HexPick(opts, {}, (0, 0), lambda v, c: None)
    p.domain = GRID
    press(p, "6", "6", "4", "4")
    assert p.cursor == (-2, 2) and p.selected == "b"
    for _ in range(9):                       # off the grid: the cursor stays on it
        press(p, "4")
    assert p.cursor in GRID
    q = HexPick(opts, {}, (0, 0), lambda v, c: None)
    assert press(q, "cw", "ok") == Answer("a")
    assert press(q, "cw", "ok") == Answer("b")


def test_every_list_steps_with_the_same_buttons_and_only_ok_picks():
    """Issue 37 item 4: the airstrike's facing list jumped to the row of a number pressed,
    where every other list moves its cursor; now 1 is up and 4 down in a list of directions
    too, and no press but OK answers."""
    m = Menu("t", ["a", "b", "c"], ["a", "b", "c"])
    assert press(m, "4", "4", "ok") == Answer("c")
    assert press(m, "cw", "ok") == Answer("a")
    assert press(m, "1", "ok") == Answer("c")
    for why, card in (("knockback", None), ("facing", "airstrike")):
        d = Decision("direction", (1, 2, 3, 4, 5, 6), 1, why, "blue", card=card)
        p = for_decision(d, view())
        assert p.selected == 1                         # E6 and the engine: direction 1
        assert press(p, "1") is None and p.selected == 6      # up (round to the foot)
        assert press(p, "4") is None and p.selected == 1      # down
        assert [press(p, b) for b in "3436"] == [None] * 4    # down, down, down, up
        assert press(p, "ok") == Answer(3)
        assert press(p, "5") is None and p.selected == 6      # a screenful down: the foot


def test_2_and_5_move_a_screenful_in_every_list_stopping_at_the_ends():
    """Issue 32 item 8: in a long list (the teach walk's 17 lines of text) 2 and 5 move four
    rows, as they step a count by ten; they stop at the first and the last row, and from
    there go round to the other end, as a row's step does."""
    rows = [str(n) for n in range(10)]
    m = Menu("t", rows, rows)
    assert press(m, "5") is None and m.selected == "4"
    assert press(m, "5", "5") is None and m.selected == "9"      # (stops at the foot)
    assert press(m, "5") is None and m.selected == "0"           # round to the top
    assert press(m, "2") is None and m.selected == "9"           # and back round
    assert press(m, "2", "4", "ok") == Answer("6")
    short = Menu("t", ["a", "b"], ["a", "b"])                    # a short list: a row
    assert press(short, "5", "ok") == Answer("b")
    assert press(short, "2", "ok") == Answer("a")


def test_a_cursor_starts_on_the_rulings_default():
    """E9: of the emptiest hexes the first in reading order (smallest r), which Crate Call's
    tie did not start on; E14/E7.4: the engine's default Thing, not the box's guess."""
    opts = ((1, -1), (2, -1), (1, -3))
    d = Decision("hex", opts, (1, -3), Purpose.EMPTIEST, "blue")
    assert for_decision(d, view()).cursor == (1, -3)
    v = view()
    v.board.add(Thing("crate-1", "crate", (-1, 0)))
    d = Decision("thing", ("red-1", "crate-1"), "red-1", Purpose.AFFECT, "blue", card="uzi")
    assert for_decision(d, v).selected == "red-1"
    d = Decision("thing", ("crate-1", "red-1"), "crate-1", Purpose.AFFECT, "blue", card="uzi")
    assert for_decision(d, v).selected == "crate-1"


def test_the_worm_prompt_lights_only_its_teams_worms_and_picks_by_hex():
    v = view()
    d = Decision("worm", ("blue-1", "blue-2"), "blue-1", "activate", "blue")
    v.board.add(Thing("blue-2", "worm", (0, 2), "blue"))
    p = for_decision(d, v)
    frame = p.frame(v, OFF_PHASE)
    blue = scenes.TEAM_COLOURS["blue"]
    assert frame[(1, 0)] == scenes.OFF and frame[(0, 2)] == blue   # (the cursor: dark)
    assert frame[(-1, 0)] != scenes.TEAM_COLOURS["red"]          # the others dimmed
    assert p.cursor == (1, 0)                                      # the default worm
    assert press(p, "ok") == Answer("blue-1")                      # OK: the worm under it
    # OK where no option is: says why
    p = for_decision(d, v)
    p.cursor = (-1, 0)
    assert press(p, "ok") == Refuse("error.not_a_worm", {"team": "blue"})


def test_a_direction_picks_the_worm_it_reaches_at_once():
    """Issue 37 item 4: no die is rolled for the worm, so a direction button that reaches a
    worm picks it (a long Back, the daemon's undo, takes it back); two worms on the hex it
    reaches: their list (Back closes it); a damaged worm: the cursor goes there, the screen
    says it stands up, OK picks it (in a hex's list, its row says so); the screen says what
    the buttons do."""
    v = view()
    v.board.add(Thing("blue-2", "worm", (0, 2), "blue"))
    v.board.add(Thing("blue-3", "worm", (1, -2), "blue"))
    v.board.add(Thing("blue-4", "worm", (1, -2), "blue"))
    d = Decision("worm", ("blue-1", "blue-2", "blue-3", "blue-4"), "blue-1", "activate", "blue")
    p = for_decision(d, v)
    assert "1-6: worm that way" in p.screen(v).texts[-1]
    v.events = [{"event": "end_turn"}, {"event": "wind", "to": 4}]     # the Drop step's wind
    for lang in ("en", "cs", "uk"):                     # the question kept before the keys
        v.lang = lang
        lines = "\n".join(for_decision(d, v).screen(v).texts).split("\n")
        assert text("prompt.worm", lang) in lines and text("ch.wind", lang, d=4) in lines
    v.lang, v.events = "en", []
    assert press(p, "4") == Answer("blue-2")                       # (0, 2): south, at once
    p = for_decision(d, v)
    assert press(p, "1") is None and p.sub.labels == ["blue worm 3", "blue worm 4"]
    assert press(p, "back") is None and p.sub is None and p.cursor == (1, 0)
    assert press(p, "1", "4", "ok") == Answer("blue-4")
    v.board.things["blue-2"].damaged = True
    p = for_decision(d, v)
    assert press(p, "4") is None and p.cursor == (0, 2)
    assert "Chosen: stand it up" in p.screen(v).texts[-1]
    assert press(p, "back") is None and p.cursor == (1, 0)          # (Back: to the start)
    assert press(p, "4", "ok") == Answer("blue-2")
    v.board.things["blue-3"].damaged = True             # a shared hex: its row says so
    p = for_decision(d, v)
    assert press(p, "1") is None and p.sub.labels == ["Blue 3: stand up", "blue worm 4"]
    assert press(p, "ok") == Answer("blue-3")


def test_the_presses_of_a_worm_are_the_fewest_and_every_worm_is_reached():
    """table.app.presses: the direction that picks it (a shared hex: and its row; a damaged
    worm: and OK), OK on the cursor's own; where more worms lie one way than the buttons
    from the start can give a press each, the buttons step the cursor instead."""
    from table.app.presses import inputs_for
    buttons = ("1", "2", "3", "4", "5", "6", "ok", "back")
    v = view()
    for i, at in enumerate(((0, 2), (1, -2), (1, -2)), 2):
        v.board.add(Thing(f"blue-{i}", "worm", at, "blue"))
    v.board.things["blue-2"].damaged = True
    d = Decision("worm", ("blue-1", "blue-2", "blue-3", "blue-4"), "blue-1", "activate", "blue")
    for worm, count in (("blue-1", 1), ("blue-2", 2), ("blue-3", 2), ("blue-4", 3)):
        p = for_decision(d, v)
        out, names = None, []
        for _, name in inputs_for(p, worm, buttons):
            names.append(name)
            out = press(p, name)
        assert out == Answer(worm) and len(names) == count, (worm, names)
    line = Board(land=set(hexagon((0, 0), 4)), wind=1)    # seven worms one way from the start
    ids = [f"blue-{i}" for i in range(1, 9)]
    for i, wid in enumerate(ids):
        line.add(Thing(wid, "worm", (0, 3 - i) if i < 7 else (-1, 3), "blue"))
    v = View("en", line, GRID, "blue")
    d = Decision("worm", tuple(ids), ids[0], "activate", "blue")
    assert for_decision(d, v).picks is None                # (the buttons step the cursor)
    for worm in ids:
        p = for_decision(d, v)
        out = None
        for _, name in inputs_for(p, worm, buttons):
            out = press(p, name)
        assert out == Answer(worm)


def test_steps_flash_the_change_and_animate_floods_and_wind():
    from table.app.showing.views import Step
    from table.app.showing.tracker import Step as S
    from table.ui.instructions import Instruction
    v = view()
    move = Step(S(instruction=Instruction("do.move_worm", {"team": "blue", "n": "1"},
                                          (1, 0), (2, 0))), 1, 3)
    a, b = move.frame(v, 0.0), move.frame(v, 0.3)
    assert (a[(1, 0)], a[(2, 0)]) == (scenes.WHITE, scenes.OFF)
    assert (b[(1, 0)], b[(2, 0)]) == (scenes.OFF, scenes.WHITE)
    assert "Step 1 of 3" in move.screen(v).texts
    flood = Step(S(instruction=Instruction("do.flood", {}, (0, 1))), 1, 1)
    assert len({flood.frame(v, t)[(0, 1)] for t in (0.0, 0.2, 0.4)}) > 1
    wind = Step(S(instruction=Instruction("do.wind", {"d": 3})), 1, 1)
    under = scenes.dimmed(v.base())
    lit = [h for h, c in wind.frame(v, 0.0).items() if c != under[h]]
    assert lit and all(h[1] <= 0 for h in lit)          # a line from the dial towards 3 (SE)


def test_a_decision_the_board_on_show_cannot_place_falls_back_to_a_menu():
    v = View("en", Board(land=set(), wind=1), GRID, "blue", "blue-9")
    d = Decision("move", (("skip", None), ("inch", (0, 1))), ("skip", None), "move", "blue")
    p = for_decision(d, v)
    assert isinstance(p, Menu) and press(p, "4", "ok") == Answer(("inch", (0, 1)))
    w = for_decision(Decision("worm", ("blue-8", "blue-9"), "blue-8", "activate", "blue"), v)
    assert isinstance(w, Menu) and press(w, "ok") == Answer("blue-8")


def test_the_first_change_a_blast_made_shows_the_blast_first():
    from table.app.showing.views import Step
    from table.app.showing.tracker import Tracker
    t = Tracker(hexagon((0, 0), 2))
    t.apply([{"event": "place", "thing": "blue-1", "kind": "worm", "at": [1, 0]}])
    steps = t.steps([{"event": "blast", "at": [1, 0], "for": "bazooka"},
                     {"event": "damage", "thing": "blue-1", "at": [1, 0]},
                     {"event": "move", "thing": "blue-1", "by": "blast", "from": [1, 0],
                      "to": [2, 0]}])
    assert [s.blast for s in steps] == [(1, 0)]          # one hex: one screen
    v = View("en", t.board, GRID)
    first = Step(steps[0], 1, 1)
    assert first.frame(v, 0.0)[(1, 0)] == scenes.WHITE          # the flash at the blast
    assert first.frame(v, 0.3)[neighbour((1, 0), 1)] != v.base()[neighbour((1, 0), 1)]


def test_a_full_hex_asks_only_which_thing_and_lights_it():
    v = view()
    h = (0, -1)
    for kind in ("crater", "oil_drum", "mine", "crate"):
        v.board.add(Thing(f"{kind}-1", kind, h))
    d = Decision("thing", ("oil_drum-1", "mine-1", "crate-1"), "oil_drum-1", "prod", "blue")
    p = for_decision(d, v)                  # E7.4: no 'leave': one of the Things must go
    assert isinstance(p, Menu) and p.selected == "oil_drum-1"
    assert h in p.frame(v, 0.0)
    assert press(p, "4", "ok") == Answer("mine-1")


def test_the_danger_flipper_has_its_own_title_and_a_worm_to_place_is_named_in_the_nominative():
    v = View("cs", board(), GRID, "blue", "blue-1")
    flip = for_decision(Decision("flip_typed", ("safe", "danger"), "safe", "flip", "blue"), v)
    assert flip.screen(v).texts[0] == "Žeton nebezpečí"          # fire flips too, not "Mina"
    pile = for_decision(Decision("pile", ("worm:purple", "mine"), "worm:purple", "place",
                                 "blue"), v)
    assert pile.labels[0] == "Fialový wormsík"
    where = for_decision(Decision("hex", ((1, -1), (2, -1)), (1, -1), Purpose.PLACE,
                                  "blue", item="worm:purple"), v)
    assert "Kam přijde fialový wormsík?" in where.screen(v).texts
    uk = View("uk", board(), GRID, "blue", "blue-1")
    assert "Де стоятиме фіолетовий черв’як?" in where.screen(uk).texts
def test_picking_a_die_lights_where_each_die_would_send_the_token():
    v = view()
    v.board.target = (0, -1)
    v.events = [{"event": "roll", "face": f, "for": "accuracy"} for f in ("4", "wind", "hit")]
    p = for_decision(Decision("die", ("4", "wind", "hit"), "hit", "accuracy"), v)
    lands = {"4": neighbour((0, -1), 4), "wind": neighbour((0, -1), 2), "hit": (0, -1)}
    frame = p.frame(v, OFF_PHASE)
    assert frame[lands["4"]] == frame[lands["wind"]] == scenes.OPTION
    assert p.selected == "hit" and p.frame(v, 0.0)[lands["hit"]] == scenes.CURSOR
    assert frame[lands["hit"]] == scenes.OFF                 # (blinking: dark between)
    press(p, "3")                                       # the next die
    assert p.frame(v, 0.0)[lands[p.selected]] == scenes.CURSOR
    assert p.frame(v, 0.0)[lands["hit"]] == scenes.OPTION


def test_a_played_cards_crate_is_asked_under_its_own_name_never_an_earlier_drop_cards():
    """Issue 31: Crate Call's hex was titled "Drop card / Drop: Mine. Where does the supply
    crate go?" (the Drop card of an earlier turn): the words come from the card in play."""
    from types import SimpleNamespace

    from table.cards import library
    crate_call = SimpleNamespace(text=({"do": "place", "kind": "crate", "at": "emptiest"},),
                                 drop=(), name=lambda lang: "Crate Call")
    cards = {**library(), "crate_call": crate_call}
    opts = ((1, -1), (2, -1))
    d = Decision("hex", opts, opts[0], Purpose.EMPTIEST, "blue")
    drop = [{"event": "drop", "card": "mine_drop"}]
    played = drop + [{"event": "end_turn", "team": "red"},
                     {"event": "play", "card": "crate_call", "team": "blue"}]
    for events, words in ((drop, ("Drop card", "Drop: Mine. Where do the supply crate and the mine go?")),
                          (played, ("Crate Call", "Where does the supply crate go?"))):
        v = View("en", board(), GRID, "blue", "blue-1", cards=cards, events=events)
        texts = for_decision(d, v).screen(v).texts
        assert (texts[0], texts[-1]) == words


def test_the_drop_cards_hexes_are_each_one_press_from_the_rulings_default():
    """Issue 37 item 1: where a Drop card's crate goes among the emptiest hexes, far apart, a
    direction button jumps to one of them that way, not to the next hex, and each of them
    has a button of its own (no hex behind another one press further); the cursor still
    starts on E9's default."""
    opts = ((1, -3), (-2, -1), (3, -1), (-3, 3))
    d = Decision("hex", opts, (1, -3), Purpose.EMPTIEST, "blue")
    for button, hex_ in (("3", (3, -1)), ("4", (-3, 3)), ("5", (-2, -1))):
        p = for_decision(d, view())
        assert p.cursor == (1, -3)
        assert press(p, button) is None and p.cursor == hex_       # one press, not three
        assert press(p, "ok") == Answer(hex_)
    assert press(p, "3", "5", "ok") == Answer((-3, 3))   # (and from one to the next)


def test_two_options_the_same_way_each_get_a_button():
    """Two worms north of the cursor: 1 takes it to the nearer and 2 (the next way round) to
    the one behind, not two presses of 1; a button no option needs goes the nearest way."""
    from table.app.asking.cursor import reach
    assert reach((0, 0), [(0, 0), (0, -1), (0, -2)]) == {1: (0, -1), 2: (0, -2), 6: (0, -1)}
    opts = {h: [(h, "")] for h in ((0, 0), (0, -1), (0, -2))}
    p = HexPick(opts, {}, (0, 0), lambda v, c: None, snap=True)
    assert press(p, "2") is None and p.cursor == (0, -2)


def test_a_cursor_steps_hex_by_hex_where_jumping_between_options_would_miss_one():
    """(8, -4) is far from a cluster of nine options: each of them gives its buttons to its
    nearer neighbours, so no press from any of them reaches it; the cursor then steps to the
    next hex, so every option can still be reached."""
    from table.app.asking.cursor import jump_table
    cluster = [*hexagon((0, 0), 1), (2, -2), (-2, 2)]
    stranded = [*cluster, (8, -4)]
    assert jump_table(stranded) is None and jump_table(cluster) is not None
    opts = {h: [(h, "")] for h in stranded}
    p = HexPick(opts, {}, (-2, 2), lambda v, c: None, snap=True)
    p.domain = frozenset(hexagon((0, 0), 9))
    assert press(p, "1") is None and p.cursor == (-2, 1)            # the next hex
    q = HexPick({h: v for h, v in opts.items() if h != (8, -4)}, {}, (-2, 2), lambda v, c: None,
                snap=True)
    assert press(q, "1") is None and q.cursor in cluster and q.cursor != (-2, 1)  # an option


def test_a_move_is_skipped_with_back_as_the_screen_says():
    """The presses a player makes (table.app.presses): Back skips a move in one press, where
    OK on the worm's hex asks skip or jump first."""
    from table.app.presses import inputs_for
    here = (1, 0)
    d = Decision("move", (("skip", None), ("jump", here)), ("skip", None), "move", "blue")
    p = for_decision(d, view())
    assert list(inputs_for(p, ("skip", None), ("1", "2", "3", "4", "5", "6"))) == [("press", "back")]
    assert press(p, "back") == Answer(("skip", None))
