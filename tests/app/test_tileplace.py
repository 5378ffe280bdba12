"""Map entry by tiles (table/app/asking/tileplace.py): laying the box's tiles takes fewer presses
than marking the same hexes one by one, and only where the rulebook lets a tile go."""

from table.app.asking.prompts import Answer, Refuse
from table.app.asking.tileplace import TilePlacer
from table.app.wizard import MapEditor, Wizard, map_refusal
from table.cards.tiles import box_tiles
from table.devices.buttons import InputEvent
from table.hexgrid import distance, hexagon, neighbour
from table.engine.tiles import DIAL, lay
from table.ui.strings import text

GRID = frozenset(hexagon((0, 0), 4))


def press(p, name, long=False):
    return p.press(InputEvent(name, long=long))


def step_to(p, get, target, counter):
    """Press direction buttons until ``get()`` (a hex) is ``target``; count the presses."""
    while get() != target:
        here = get()
        d = min(range(1, 7), key=lambda d: distance(neighbour(here, d), target))
        press(p, str(d))
        counter[0] += 1


def test_laying_two_tiles_takes_fewer_presses_than_marking_their_hexes():
    tiles = {t.number: t for t in box_tiles()}
    plan = [(3, (0, -1), 0), (1, (1, 0), 0)]          # a five and a four, round the dial
    land = set()
    for n, anchor, turns in plan:
        land |= set(lay(tiles[n], anchor, turns))
    assert len(land) == 9

    placer = TilePlacer(GRID, list(tiles.values()), DIAL, 2, map_refusal)
    presses = [0]
    for n, anchor, turns in plan:
        if placer.hand.number != n:
            press(placer, str(n), long=True)
            presses[0] += 1
        while placer.turns != turns:
            press(placer, "cw")
            presses[0] += 1
        step_to(placer, lambda: placer.anchor, anchor, presses)
        assert placer.fits()
        press(placer, "ok")
        presses[0] += 1
    out = press(placer, "ok", long=True)
    presses[0] += 1
    assert out == Answer(tuple(sorted(land)))

    editor = MapEditor(GRID, set(), DIAL, 2)          # the same hexes, one at a time
    marks = [0]
    for h in sorted(land, key=lambda h: (distance(editor.cursor, h), h)):
        step_to(editor, lambda: editor.cursor, h, marks)
        press(editor, "ok")
        marks[0] += 1
    assert press(editor, "ok", long=True) == Answer(tuple(sorted(land)))
    marks[0] += 1
    assert presses[0] < marks[0], (presses[0], marks[0])


def test_a_tile_goes_only_where_the_rulebook_lets_it():
    placer = TilePlacer(GRID, box_tiles(), DIAL, 2, map_refusal)
    assert placer.hand.number == 1 and placer.fits()    # offered where it may go
    start = placer.anchor
    press(placer, "1")
    press(placer, "1")                                   # further out: touches nothing
    assert placer.anchor != start and not placer.fits()
    press(placer, "ok")                                  # refused: nothing laid
    assert placer.land == set() and placer.hand.number == 1
    press(placer, "4")
    press(placer, "4")
    assert placer.anchor == start and placer.fits()
    press(placer, "ok")
    assert len(placer.land) == 4 and placer.hand.number == 2
    assert DIAL not in placer.land


def test_long_press_of_the_tiles_number_turns_it_and_another_number_takes_that_tile():
    placer = TilePlacer(GRID, box_tiles(), DIAL, 2, map_refusal)
    turns = placer.turns
    press(placer, "1", long=True)
    assert placer.hand.number == 1 and placer.turns == (turns + 1) % 6
    press(placer, "4", long=True)
    assert placer.hand.number == 4 and placer.fits()


def test_a_map_too_small_for_the_teams_is_refused():
    placer = TilePlacer(GRID, box_tiles(), DIAL, 4, map_refusal)
    press(placer, "ok")                                  # one tile: 4 hexes, 4 teams
    assert isinstance(press(placer, "ok", long=True), Refuse)


def test_the_wizard_offers_tiles_and_gives_their_land():
    w = Wizard(GRID, "en")
    for v in ("en", "start", "start", "start", "auto", "box", "auto"):
        w.answer(v)
    assert "tiles" in w.prompt.values
    w.answer("tiles")
    assert isinstance(w.prompt, TilePlacer)
    for _ in range(2):
        press(w.prompt, "ok")
    out = press(w.prompt, "ok", long=True)
    config = w.answer(out.value)
    assert config.teams == 2 and len(config.land) == len(w.prompt.land) >= 8
    for lang in ("en", "cs", "uk"):
        assert text("map.tile_prompt", lang, n=1) and text("wizard.tile_map", lang)


def test_once_every_tile_is_laid_the_screen_says_so_and_how_to_finish():
    from table.app.asking.prompt import View
    from table.engine.board import Board
    placer = TilePlacer(GRID, box_tiles(), DIAL, 2, map_refusal)
    for _ in box_tiles():
        press(placer, "ok")
    assert placer.hand is None and len(placer.land) == sum(len(t.hexes) for t in box_tiles())
    for lang in ("en", "cs", "uk"):
        words = "\n".join(placer.screen(View(lang, Board(set(), 1), GRID)).texts)
        assert text("map.tiles_done", lang) in words and "-" not in words   # never "Tile -"


def test_the_tile_in_hand_is_always_lit_and_the_screen_says_what_its_colour_means():
    """Issue 37 item 3: the tile in hand blinked off (hidden under the tiles laid half the
    time), and nothing on the OLED said what green and red meant."""
    from table.app.asking.prompt import View
    from table.app.asking.tileplace import CLASH, FITS
    from table.engine.board import Board
    from table.ui import scenes
    placer = TilePlacer(GRID, box_tiles(), DIAL, 2, map_refusal)
    press(placer, "ok")                                  # tile 1 laid
    view = View("en", Board(set(), 1), GRID)
    for t in (0.0, 0.1, 0.3, 0.5, 0.7):                  # the blink's both phases
        frame = placer.frame(view, t)
        assert all(frame[h] in (FITS, scenes.scale(FITS, 0.5)) for h in placer.hexes())
    assert placer.screen(view).texts[0] == "Tile 2 green: fits"
    for _ in range(2):
        press(placer, "4")                               # south, over tile 1
    frame = placer.frame(view, 0.3)
    assert not placer.fits() and all(frame[h] in (CLASH, scenes.scale(CLASH, 0.5))
                                     for h in placer.hexes() if h in GRID)
    assert placer.screen(view).texts[0] == "Tile 2 red: can't go"


def test_ok_on_a_red_tile_says_why_it_cannot_go_there():
    placer = TilePlacer(GRID, box_tiles(), DIAL, 2, map_refusal)
    first = placer.anchor
    press(placer, "ok")                                  # tile 1 laid where offered
    laid = set(placer.land)
    why = {}
    for name, anchor in (("over", first), ("apart", (-3, 3)), ("off", (4, -4)),
                         ("dial", (0, 0))):
        placer.anchor, placer.turns = anchor, 0
        out = press(placer, "ok")
        assert isinstance(out, Refuse) and placer.land == laid, (name, out)
        why[name] = out
    assert why["over"] == Refuse("map.tile_over", {"n": 1})
    assert why["apart"].key == "map.tile_apart" and why["off"].key == "map.tile_off"
    assert why["dial"].key in ("map.tile_dial", "map.tile_over")
