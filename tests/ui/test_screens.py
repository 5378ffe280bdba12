"""Every screen in every language: no missing glyph, no text cut off, every string shown."""

from itertools import permutations

import pytest
from PIL import Image

import table.ui.instructions as instructions_mod
import table.ui.screens as screens
import table.ui.wizardscreens as wizardscreens
import table.ui.strings as strings
from table.cards import library
from table.engine.config import LEVELS
from table.hexgrid import hexagon
from table.ui.hexnames import hex_name
from table.ui.instructions import Instruction
from tests.app.driver import wizard_at

from tests.app.test_edits import edit_screens
from tests.app.test_teach import walk_screens
from tests.ui.test_changes import flow_screens
from table.app.abandon import abandon_screen
from table.review.said import undos
from table.ui.strings import (FACES, FAULT_WORDS, LANGS, LASTING_RULES, OPTIONAL_RULES, POOL_KINDS, TEAMS,
                              THING_KINDS)
from tests.ui.test_strings import CATALOGUE


def widest(kind: str, lang: str) -> list:
    """The three cards of ``kind`` with the widest names in ``lang`` (a deck's page names three
    kinds: table/app/showing/tracker.py)."""
    from table.fonts import font
    return sorted((c for c in library().values() if c.kind == kind),
                  key=lambda c: -font(12).getlength(c.name(lang)))[:3]


def t(key, lang, **args):
    return strings.text(key, lang, **args)     # through the module, so the spy below sees it


PROMPTS = [k for k in CATALOGUE if k.startswith("prompt.")]
PHASES = (None, "activate", "move1", "move2")


def box_screens(lang: str) -> list:
    """The box playing a team: thinking, and each line it says, with the widest names."""
    cards = library()
    names = sorted((c.names[lang] for c in cards.values()), key=len)[-2:]
    worm = strings.worm_short(lang, "purple", 4)
    out = [screens.box_thinking(lang, team) for team in TEAMS]
    where = max((hex_name(lang, h) for h in hexagon((0, 0), 3)), key=len)   # the longest
    whys = [t(k, lang) for k in ("why.passing_wins", "why.last_worm", "why.damaged",
                                 "why.by_water")]
    for team in TEAMS:
        passes = t("box.passes", lang)
        out.append(screens.box_turn(lang, team, passes))
        out.append(screens.box_turn(lang, team, t("box.because", lang, line=passes, why=whys[0]),
                                    passes))
        for card in names:
            out.append(screens.box_turn(lang, team, t("box.discard", lang, card=card)))
            for target in (t("box.worm_at", lang, worm=worm, where=where),
                           t("box.hex_at", lang, where=where)):
                lines = [t("box.aims", lang, card=card, target=target)]
                lines += [t("box.aims_dice", lang, card=card, target=target, n=n) for n in (1, 3, 5)]
                for line in lines:
                    out.append(screens.box_turn(lang, team, line))
                    out += [screens.box_turn(lang, team, t("box.because", lang, line=line, why=why),
                                             line) for why in whys[1:]]
    return out


def all_instructions() -> list[Instruction]:
    """One instruction of every kind, every team, the widest numbers."""
    out = []
    for team in TEAMS:
        for key in ("do.move_worm", "do.worm_sank", "do.worm_out", "do.lay_down", "do.heal",
                    "do.place_worm", "do.freeze", "do.thaw"):
            out.append(Instruction(key, {"team": team, "n": "4"}, (0, 0), (1, 0)))
        out.append(Instruction("do.draw", {"team": team}))
        out.append(Instruction("do.supply_empty", {"team": team}))
        out.append(Instruction("do.last_worm", {"team": team, "n": "4"}, (0, 0)))
        out.append(Instruction("do.eliminated", {"team": team}))
        out += [Instruction("do.take", {"team": team, "card": cid})
                for cid, card in library().items() if card.kind in ("supply", "superweapon")]
    for kind in POOL_KINDS:
        for verb in ("move", "remove", "place"):
            out.append(Instruction(f"do.{verb}.{kind}", {}, (0, 0)))
    out += [Instruction("do.final_round", {})]
    out += [Instruction("do.flood", {}, (0, 0)), Instruction("do.target", {}, (0, 0)),
            Instruction("do.move_target", {}, (0, 0), (0, 1))]
    out += [Instruction("do.wind", {"d": d}) for d in range(1, 7)]
    out += [Instruction("do.target_facing", {"d": d}, (0, 0)) for d in range(1, 7)]
    out += [Instruction("do.rule", {"rule": r}) for r in LASTING_RULES]
    for cid, card in library().items():
        if card.kind == "drop":
            out.append(Instruction("do.drop", {"card": cid}))
        if card.kind == "sudden_death":
            out.append(Instruction("do.sudden_death", {"card": cid}))
    return out


def card_names(lang):
    return sorted(c.name(lang) for c in library().values())


SAMPLES = {
    "language menu": lambda lang: [wizardscreens.language_menu(c) for c in range(len(LANGS))],
    "teams menu": lambda lang: [wizardscreens.teams_menu(lang, set(TEAMS[::2]), c)
                                for c in range(len(TEAMS) + 1)],
    "rules menu": lambda lang: [wizardscreens.rules_menu(lang, {"timer", "parting_gifts"}, c)
                                for c in range(len(OPTIONAL_RULES) + 1)],
    "dice menu": lambda lang: [wizardscreens.dice_menu(lang, c) for c in (0, 1)],
    "the box's turn": lambda lang: box_screens(lang),
    "abandon question": lambda lang: [abandon_screen(lang, c) for c in (0, 1)],
    "decks menu": lambda lang: [wizardscreens.decks_menu(lang, c) for c in (0, 1, 2)]
    + [wizardscreens.decks_menu(lang, c, known=n) for n in (1, 3, 25) for c in (0, 1)],
    "own supply deck": lambda lang: [
        screens.message(t("deal.decks_title", lang), t("deal.supply_own", lang, n=n))
        for n in (1, 4, 12)],
    "seats menu": lambda lang: [wizardscreens.seats_menu(lang, list(TEAMS),
                                                   dict(zip(TEAMS[1:], LEVELS)), c)
                                for c in range(len(TEAMS) + 1)]
    + [screens.error(lang, "wizard.seats_none")],
    "decks to build": lambda lang: [
        screens.message(t("deal.decks_title", lang), "2/9 " + t(
            f"deal.{deck}_deck", lang, cards=", ".join(
                f"{n}× {c.name(lang)}" for c in widest(kind, lang))), mark=screens.OK_ON)
        for deck, kind, n in (("supply", "supply", 1), ("drop", "drop", 7))]
    + [screens.message(t("deal.decks_title", lang), "9/9 " + t("deal.bottom", lang),
                       mark=screens.OK_ON)],
    "a card drawn from the players' deck": lambda lang: [
        screens.message(t("draw.supply_title", lang),
                        t(key, lang, team=t(f"team.{team}", lang)))
        for team in TEAMS for key in ("draw.supply", "draw.supply_box")]
    + [screens.message(t("draw.drop_title", lang), t("draw.drop", lang))]
    + [screens.error(lang, f"error.not_in_{deck}", card=name)
       for deck in ("supply", "drop") for name in card_names(lang)],
    "placement menu": lambda lang: [screens.menu(t("wizard.placement", lang), [
        t("wizard.place_auto", lang), t("wizard.place_own", lang)], c) for c in (0, 1)],
    "wizard": lambda lang: [
        screens.menu(t("wizard.title", lang),
                     [t("wizard.last_map", lang), t("wizard.new_map", lang),
                      f"{t('wizard.timer', lang)}: {t('wizard.minutes', lang, n=10)}",
                      t("wizard.start", lang)], c) for c in range(4)],
    "map": lambda lang: [screens.message(t("map.title", lang), t("map.prompt", lang)),
                         screens.message(t("map.title", lang), t("map.tile_prompt", lang, n=4)),
                         screens.message(t("map.tile_green", lang, n=4),
                                         t("map.tile_prompt", lang, n=4)),
                         screens.message(t("map.tile_red", lang, n=4),
                                         t("map.tile_prompt", lang, n=4))]
    + [screens.error(lang, key, n=4)
       for key in ("map.tile_off", "map.tile_dial", "map.tile_over", "map.tile_apart")]
    + [screens.message(t("map.title", lang), t("map.tile_prompt", lang, n=4)),
                         screens.message(t("map.title", lang), t("map.tiles_done", lang)),
                         screens.menu(t("wizard.title", lang), [t("wizard.new_map", lang),
                                                                t("wizard.tile_map", lang)], 1),
                         screens.message(t("place.title", lang), t("prompt.hex", lang))],
    "demo": lambda lang: [screens.message(t("demo.title", lang), t(key, lang))
                          for key in ("demo.bye", "demo.versus_invite", "demo.versus_win",
                                      "demo.versus_lose", "demo.versus_draw")],
    "turn": lambda lang: [screens.turn(lang, team, 4, t(p, lang), phase) for team in TEAMS
                          for p in PROMPTS for phase in PHASES] + [screens.turn(lang, team, None,
                                                            t("prompt.worm", lang))
                                               for team in TEAMS],
    "card or skip": lambda lang: [screens.message(   # (app/asking/pickers.py CardTap: OK passes)
        t("turn.title", lang, team=t(f"team.{team}", lang), n=4),
        t("prompt.card", lang) + "\n" + t("teach.hint", lang),
        footer=f"{t('button.ok', lang)}: {t('move.skip', lang)}") for team in TEAMS],
    "thing menu": lambda lang: [screens.menu(
        t("prompt.thing", lang),
        [t(f"thing.{k}", lang) for k in THING_KINDS] + [strings.worm_name(lang, team, 4)
                                                  for team in TEAMS], c) for c in range(12)],
    "direction menu": lambda lang: [screens.menu(
        t("prompt.direction", lang), [f"{d} {t(f'dir.{d}', lang)}" for d in range(1, 7)], c)
        for c in range(6)],
    "order menu": lambda lang: [screens.menu(
        t("prompt.order", lang),
        [", ".join(t(f"thing.{k}", lang) for k in order)
         for order in permutations(("crate", "mine", "fire"))], c) for c in range(6)],
    "own dice": lambda lang: [
        screens.menu(t("coin.title", lang), [t("coin.safe", lang), t("coin.danger", lang)], 1)]
        + [screens.menu(t("prompt.die", lang), [t(f"face.{f}", lang, d=6) for f in FACES], c)
           for c in range(len(FACES))],
    "dice": lambda lang: [screens.dice(lang, list(FACES[:n]), cursor=c, wind=w)
                          for n in (1, 3, 6, 8) for c in range(n) for w in (1, 6)]
    + [screens.dice(lang, list(FACES[:n]), wind=3) for n in (1, 5, 8)],
    "confirm": lambda lang: [screens.confirm(lang, ins.text(lang), 12, 12)
                             for ins in all_instructions()],
    "cards": lambda lang: [screens.message(t(title, lang), name) for name in card_names(lang)
                           for title in ("card.title", "drop.title", "sudden_death.title")],
    "errors": lambda lang: [screens.error(lang, "error.unknown_tag"),
                            screens.error(lang, "error.not_now"),
                            screens.error(lang, "error.undo_roll"),
                            screens.message(t("undo.done", lang), t("prompt.worm", lang))],
    "faults": lambda lang: [screens.fault(lang, d, retrying=r) for d in FAULT_WORDS
                            for r in (True, False)]
    + [screens.message(t("fault.title", lang),
                       t("fault.back", lang, name=t(f"device.{d}", lang))) for d in FAULT_WORDS],
    "timer": lambda lang: [screens.timer(lang, s, team) for s in (0, 0.2, 9, 59.5, 600, 5999)
                           for team in (None,) + TEAMS],
    "winner": lambda lang: [screens.winner(lang, team) for team in TEAMS + (None,)]
    + [screens.winner(lang, None, shared) for shared in (TEAMS[3:5], TEAMS[2:5])],
    "state problems": lambda lang: [
        screens.message(t(f"storage.{kind}.title", lang),
                        t(f"storage.{kind}.body", lang, file="progress.json"))
        for kind in ("full", "failed", "damaged", "newer", "replay", "file", "cards")],
    "map refused": lambda lang: [screens.error(lang, "map.too_small", n=n, need=need)
                                 for n in (0, 1, 2, 5, 11, 12, 21, 22, 25, 37)
                                 for need in (10, 14)]
    + [screens.error(lang, "map.too_many_teams", n=n) for n in (1, 2, 5, 6)],
    "enroll": lambda lang: [screens.message(t("enroll.title", lang), t("enroll.unknown", lang)),
                            screens.error(lang, "enroll.unknown")] + [
        screens.message(t("enroll.title", lang), t("enroll.tap", lang)),
        *(screens.menu(t("enroll.pick", lang), card_names(lang) + [
            t("enroll.not_listed", lang), t("button.back", lang)], c)
          for c in range(len(card_names(lang)) + 2))]
        + [screens.message(t("enroll.title", lang), t("enroll.known", lang, card=name))
           for name in card_names(lang)]
        + [screens.message("worms-table", t("enroll.not_saved", lang))],   # a full SD card
    "the turn's flow": lambda lang: flow_screens(lang),
    "undone, and no undo": lambda lang: [draw() for _, draw in undos(lang)],
    "an unknown card's walk": lambda lang: walk_screens(lang),
    "a card played by hand, told back": lambda lang: edit_screens(lang),
    "dice typed in": lambda lang: typed_screens(lang),
    "a full hex": lambda lang: full_hex_screens(lang),
    "the wizard's map modes": lambda lang: wizard_map_screens(lang),
    "a second game's words": lambda lang: second_game_screens(lang),
}


def typed_screens(lang):
    """Each die typed in (players' dice): what it is for, k of n, the faces so far, the short
    list of the other faces, an encoder's cursor; the Danger Flipper."""
    from table.app.asking.prompts import View
    from table.app.asking.typed_dice import FaceEntry
    from table.engine.board import Board, Thing
    from table.engine.decisions import Decision

    board = Board(land={(0, 0), (1, 0)}, wind=3)
    board.add(Thing("red-2", "worm", (0, 0), team="red"))
    events = [{"event": "play", "card": "bazooka"}] + [
        {"event": "roll", "face": f, "for": "accuracy"} for f in ("5", "wind", "hit")]
    view = View(lang, board, frozenset(board.land), cards=library(), events=events)
    out = []
    for info in [("accuracy", 4, 4, None), ("accuracy", 1, 1, None), ("wind", 1, 1, None),
                 ("blast", 1, 1, "red-2"), ("oil_drum", 3, 5, None), ("jump", 1, 1, "red-2"),
                 ("scatter", 1, 1, None), ("knockback", 1, 1, "red-2")]:
        p = FaceEntry(Decision("die_typed", tuple(FACES), "1", "roll", info=info))
        out.append(p.screen(view))
        p.press(type("E", (), {"name": "cw", "long": False})())
        out.append(p.screen(view))
    p = FaceEntry(Decision("die_typed", tuple(FACES), "1", "roll", info=("wind", 1, 1, None)))
    p.press(type("E", (), {"name": "ok", "long": False})())
    out.append(p.screen(view))
    for why in ("mine", "fire"):
        out.append(FaceEntry(Decision("flip_typed", ("safe", "danger"), "safe", "flip",
                                      info=(why, 1, 1, "red-2"))).screen(view))
    return out


def second_game_screens(lang):
    """What was undone; a target without dice; a Drop card's second crate."""
    from table.app.asking.prompts import View, for_decision, undone
    from table.devices.buttons import InputEvent
    from table.engine.board import Board, Thing
    from table.engine.decisions import Decision, Purpose

    cards = library()
    board = Board(land={(0, 0), (1, 0), (2, 0)}, wind=3)
    board.add(Thing("purple-2", "worm", (0, 0), team="purple"))
    view = View(lang, board, frozenset(board.land), "purple", "purple-2", cards=cards)
    out = [undone(g, cards).screen(view) for g in (
        [{"answer": "purple-2", "kind": "worm"}], [{"answer": ["jump", [1, 0]], "kind": "move"}],
        [{"answer": "bazooka", "kind": "card"}], [{"chance": "die", "value": "wind"}],
        [{"chance": "flip", "value": "danger"}], [{"answer": [1, 0], "kind": "hex"}], [])]
    rope = Decision("move", (("inch", (1, 0)), ("jump", (2, 0))), ("inch", (1, 0)),
                    Purpose.MOVE, card="ninja_rope")     # a card's move: no skip
    out.append(for_decision(rope, view).screen(view))
    move = Decision("move", (("skip", None), ("inch", (1, 0)), ("jump", (0, 0)), ("jump", (1, 0))),
                    ("skip", None), Purpose.MOVE)        # OK on the worm: where to jump?
    p = for_decision(move, view)
    out.append(p.screen(view))
    p.press(InputEvent("ok"))
    out.append(p.screen(view))
    p.press(InputEvent("3"))
    out.append(p.screen(view))
    uzi = Decision("hex", ((1, 0), (2, 0)), (1, 0), Purpose.TARGET, card="uzi")
    out.append(for_decision(uzi, view).screen(view))
    drop = next(c for c, card in cards.items()
                if sum(s.get("at") == "emptiest" for s in card.text) > 1)
    view.events = [{"event": "drop", "card": drop},
                   {"event": "place", "thing": "crate-1", "kind": "crate", "at": [1, 0]}]
    out.append(for_decision(Decision("hex", ((1, 0), (2, 0)), (1, 0), "emptiest"),
                            view).screen(view))
    view.events = [{"event": "drop", "card": "mine_drop"}]    # its Mine goes with the crate
    out.append(for_decision(Decision("hex", ((1, 0), (2, 0)), (1, 0), "emptiest"),
                            view).screen(view))
    assert strings.text("thing.mine", lang).lower() in "\n".join(out[-1].texts)
    board.things["purple-2"].damaged = True                # a worm there: said on both
    out.append(for_decision(Decision("hex", ((0, 0), (2, 0)), (0, 0), "emptiest"),
                            view).screen(view))
    view.events += [{"event": "end_turn", "team": "red"}, {"event": "wind", "from": 1, "to": 6}]
    out.append(for_decision(Decision("worm", ("purple-2",), "purple-2", Purpose.ACTIVATE), view).screen(view))
    from table.app.demo.visitor import not_held
    return out + [not_held(lang, cards, "supplies", "bazooka")]


def wizard_map_screens(lang):
    """The map modes, each explained under it; two teams or more, said."""
    from table.app.asking.prompts import View
    from table.app.wizard import Wizard
    from table.engine.setup import standard_land
    from table.hexgrid import hexagon

    grid = frozenset(hexagon((0, 0), 4))
    w = Wizard(grid, lang, last_map=sorted(standard_land(2)), tiles=[object()])
    w.rules = {"timer"}
    wizard_at(w, "map")
    view = View(lang, None, grid)
    out = []
    for c in range(len(w.prompt.values)):
        w.prompt.cursor = c
        out.append(w.prompt.screen(view))
    return out + [screens.error(lang, "wizard.two_teams")]


def full_hex_screens(lang):
    """A full hex: which Thing is knocked away (the widest worm name under the cursor)."""
    from table.app.asking.prompts import View, for_decision
    from table.engine.board import Board, Thing
    from table.engine.decisions import Decision

    board = Board(land={(0, 0)}, wind=3)
    for i, team in enumerate(("purple", "yellow", "green")):
        board.add(Thing(f"{team}-{i + 1}", "worm", (0, 0), team=team))
    board.add(Thing("oil_drum-1", "oil_drum", (0, 0)))
    view = View(lang, board, frozenset(board.land), "purple", "purple-1")
    p = for_decision(Decision("thing", tuple(board.things), "purple-1", "prod"), view)
    return [p.screen(view) for p.cursor in range(len(board.things))]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_screen_renders_cleanly(name, lang):
    shots = SAMPLES[name](lang)
    assert shots
    for shot in shots:
        assert shot.problems == (), (name, lang, shot.texts)
        assert shot.image.mode == "1" and shot.image.size == (128, 64)
        assert shot.image.getbbox() is not None      # something is drawn


def test_every_string_is_on_some_screen(monkeypatch):
    used = set()
    real = strings.text

    def spy(key, lang="en", /, **args):
        used.add(key)
        return real(key, lang, **args)

    from table.app.asking import contexts
    from table.app.asking import by_hand as edits
    from table.app.asking import moving, prompts, worm
    from table.app.teach import where as teachwhere
    from table.app.teach import wording as teachwording
    from table.app.teach import questions as teachquestions
    from table.app.teach import refusals as teachcheck
    from table.app.teach import teacher as teaching
    from table.app.teach import words as teachwords
    from table.app.asking import typed_dice as typed
    from table.app.demo import visitor
    from table.app import abandon, wizard
    from table.app.showing import stepscreens, views
    from table.ui import hexnames, keyboard, summaries, story
    from table.web import pagewords
    for module in (strings, screens, instructions_mod, contexts, edits, moving, prompts, teachwhere,
                   teachwording, teaching, teachcheck, teachquestions, teachwords, typed, visitor,
                   wizard, abandon, views, hexnames, keyboard, summaries, story, pagewords,
                   wizardscreens, worm, stepscreens):
        monkeypatch.setattr(module, "text", spy)
    for lang in LANGS:
        for make in SAMPLES.values():
            make(lang)
    pagewords.script()                             # the simulator page's words
    assert set(strings.FORMS) - used == set()      # the counted strings too


def test_every_menu_title_fits_beside_its_scroll_arrows(monkeypatch):
    # a title is cut character by character, and in mid-list it shares the bar with "↑↓":
    # every menu of the samples, drawn at every cursor position
    menus = {}
    real = screens.menu

    def spy(title, items, cursor):
        menus[(title, tuple(items))] = None
        return real(title, items, cursor)

    monkeypatch.setattr(screens, "menu", spy)
    for lang in LANGS:
        for make in SAMPLES.values():
            make(lang)
    monkeypatch.setattr(screens, "menu", real)
    found, marks = [], set()
    for title, items in menus:
        for c in range(len(items)):
            shot = real(title, list(items), c)
            found += [(title, c, p) for p in shot.problems]
            marks.update((title, m) for m in ("↑", "↓", "↑↓") if m in shot.texts)
    assert found == []
    for lang in LANGS:          # the legend scrolls both ways: its title beside ↑↓ too
        assert (t("legend.title", lang), "↑↓") in marks, lang


def test_the_screens_show_what_they_say():
    # a Cyrillic title renders differently from its Czech counterpart; the cursor row is
    # inverted (mostly lit), the others mostly dark
    a = screens.message(strings.text("over.title", "uk"), "x").image
    b = screens.message(strings.text("over.title", "cs"), "x").image
    assert a.tobytes() != b.tobytes()
    m = screens.menu("T", ["one", "two", "three"], 1).image

    def row(y0):
        return sum(m.getpixel((x, y)) > 0 for x in range(0, 100) for y in range(y0, y0 + 11))
    assert row(27) > 500 and row(15) < 150        # row 2 (the cursor) is inverted


def test_menu_scrolls_to_the_cursor_and_shows_arrows():
    items = [f"item {i}" for i in range(10)]
    top = screens.menu("T", items, 0)
    bottom = screens.menu("T", items, 9)
    assert "item 0" in top.texts and "item 4" not in top.texts and "↓" in top.texts
    assert "item 9" in bottom.texts and "item 5" not in bottom.texts and "↑" in bottom.texts
    with pytest.raises(ValueError):
        screens.menu("T", [], 0)


def test_dice_refuse_an_unknown_face():
    with pytest.raises(ValueError, match="'7' is not a die face"):
        screens.dice("en", ["7"])


def test_timer_rounds_up_and_says_time_is_up():
    assert "1:05" in screens.timer("en", 64.2).texts
    assert strings.text("timer.up", "cs") in screens.timer("cs", 0).texts


def test_sample_pngs(tmp_path):
    """A few screens saved as PNG (to look at) read back pixel for pixel."""
    shots = {
        "dice-en": screens.dice("en", ["1", "2", "3", "4", "wind", "hit"], cursor=4, wind=2),
        "confirm-cs": screens.confirm("cs", Instruction("do.lay_down", {"team": "purple", "n": "4"}
                                                        ).text("cs"), 3, 7),
        "confirm-uk": screens.confirm("uk", Instruction("do.move_worm", {"team": "purple", "n": "4"}
                                                        ).text("uk"), 3, 7),
        "rules-uk": wizardscreens.rules_menu("uk", {"timer"}, 4),
        "fault-cs": screens.fault("cs", "wind"),
        "winner-uk": screens.winner("uk", "yellow"),
        "timer-en": screens.timer("en", 83, "green"),
        "turn-cs": screens.turn("cs", "red", 2, strings.text("prompt.target", "cs")),
    }
    for name, shot in shots.items():
        path = tmp_path / f"{name}.png"
        shot.image.save(path)
        with Image.open(path) as back:
            assert back.convert("1").tobytes() == shot.image.tobytes()


def test_a_screen_shows_on_the_simulated_oled():
    from table.devices.display import SimDisplay

    oled = SimDisplay()
    shot = screens.turn("uk", "green", 3, strings.text("prompt.card", "uk"))
    oled.show(shot.image)
    assert oled.image.convert("1").tobytes() == shot.image.tobytes()


def test_menu_shows_no_half_item_at_the_bottom():
    # an item on two rows, the last in view: left out whole ("↓" says there is more)
    items = ["a", "b", "c", "Přesunout: červený wormsík 4"]
    top = screens.menu("T", items, 0)
    assert top.texts == ("T", "↓", "a", "b", "c") and not top.problems
    assert items[3] in screens.menu("T", items, 3).texts        # whole once the cursor is on it
