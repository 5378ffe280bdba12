"""Every screen the daemon composes (prompts, steps, wizard, timer clock) renders in en, cs
and uk with no text cut off and no missing glyph."""

import pytest

from table.app.showing.views import setup_board
from table.app.asking.prompts import HexPick, Menu, View, for_decision
from table.app.showing.views import Step
from table.engine.dice import TYPED
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.app.showing.tracker import Tracker
from table.app.wizard import MapEditor, Wizard
from table.devices.buttons import InputEvent
from table.ui import screens
from table.bots import RandomBot
from table.cards import library
from table.hexgrid import hexagon
from table.engine.setup import standard_land
from table.ui.screenfuls import on_screen
from table.ui.strings import LANGS

GRID = frozenset(hexagon((0, 0), 4))


def problems_of(screen, where):
    return [f"{where}: {p}" for p in screen.problems]


@pytest.mark.parametrize("lang", LANGS)
def test_game_prompts_and_steps_render_cleanly(lang):
    cards = library()
    found, kinds, submenus = [], set(), 0
    for seed, teams, placement, own in ((2, 2, "players", True), (5, 6, "auto", False)):
        config = GameConfig(teams=teams, land=tuple(sorted(standard_land(teams))),
                             placement=placement, own_dice=own, own_decks=own)
        game = LibraryGame.new(config, seed)
        tracker = Tracker(config.land, setup=lambda g=game: setup_board(g))
        bot, seen, n = RandomBot(seed), 0, 0
        while game.request is not None and n < 400:
            for step in tracker.steps(game.events[seen:]):
                index = (11, 12) if len(on_screen(step.changes)) > 1 else 12    # (two hexes)
                found += problems_of(Step(step, index, 12).screen(View(lang, tracker.board, GRID)),
                                     f"step {step}")
            seen = len(game.events)
            d = game.request
            turn = game.turn
            view = View(lang, tracker.board, GRID, turn.team, turn.worm, cards, game.events)
            p = for_decision(d, view)
            kinds.add(d.kind)
            found += problems_of(p.screen(view), d)
            if isinstance(p, HexPick):              # every hex the cursor can rest on
                for h in p.options:
                    p.cursor = h
                    found += problems_of(p.screen(view), (d, h))
                    if len(p.options[h]) > 1:       # OK opens a menu (inch or jump here)
                        p.press(InputEvent("ok"))
                        for c in range(len(p.options[h])):
                            p.sub.cursor = c
                            found += problems_of(p.screen(view), (d, h, c))
                            submenus += 1
                        p.press(InputEvent("back"))
            if isinstance(p, Menu):
                for c in range(len(p.values)):
                    p.cursor = c
                    found += problems_of(p.screen(view), (d, c))
            game.answer(RandomBot(n)(game) if d.kind in TYPED else bot(game))
            n += 1
    assert {"worm", "move", "card", "hex", "pile", "die_typed", "card_tapped"} <= kinds
    assert submenus > 0
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_wizard_screens_render_cleanly(lang):
    w = Wizard(GRID, lang, last_map=sorted(standard_land(2)))
    view = View(lang, None, GRID)
    found = []
    for stage, answer in (("lang", lang), ("teams", "start"), ("seats", "red"),
                          ("seats", "red"), ("seats", "red"), ("seats", "start"), ("rules", "timer"),
                          ("rules", "start"), ("dice", "own"), ("decks", "teach"),
                          ("count", 5), ("pass", ()), ("decks", "players"),
                          ("placement", "auto")):
        p = w.prompt
        for c in range(len(getattr(p, "values", (None,)))):   # (a number, the pass: one)
            p.cursor = c
            found += problems_of(p.screen(view), (stage, c))
        w.answer(answer)
    p = w.prompt
    for c in range(len(p.values)):
        p.cursor = c
        found += problems_of(p.screen(view), ("map", c))
    w.answer("new")
    found += problems_of(w.prompt.screen(view), "editor")
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_map_says_why_in_the_language_and_fits(lang):
    # a long OK on too small a map: the refusal is translated, its numbers counted in the
    # language's plural forms, and it fits the error screen
    for teams, land in ((2, 1), (2, 4), (4, 9), (6, 11), (6, 13), (3, 2)):
        editor = MapEditor(GRID, sorted(GRID - {(0, 0)})[:land], (0, 0), teams)
        out = editor.press(InputEvent("ok", long=True))
        assert out.key == "map.too_small" and out.args["n"] == land
        shot = screens.error(lang, out.key, **out.args)
        assert shot.problems == (), shot.texts
        body = shot.texts[-1]
        assert str(land) in body and str(out.args["need"]) in body
        if lang != "en":
            assert not any(w in body for w in ("land", "teams", "Things"))
    big = MapEditor(GRID, sorted(GRID - {(0, 0)}), (0, 0), 2)
    assert big.press(InputEvent("ok", long=True)).value == tuple(sorted(GRID - {(0, 0)}))
