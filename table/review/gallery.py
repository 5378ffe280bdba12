"""Every distinct screen the box can show, drawn with the widest names: the translators' review
sheet (``worms-table screens``) and the render tests both walk this list.

Each screen is drawn by the code the box itself runs (the game's prompts, the steps to copy,
the wizard's stages, the refusals, the legend...) on a made-up table where every name is the
widest of its kind in that language (the team, the card, the worm, the numbers), and each
knows the catalog keys it showed (:func:`table.ui.strings.recording`), so a reader can find
the entry to correct.  Counted strings are drawn at 1, 2 and 5 (every plural form of the
three languages).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from table.cards import library
from table.engine.board import Board
from table.engine.decisions import PASS, Decision, DecisionKind, Purpose
from table.hexgrid import hexagon
from table.langs import LANGS
from table.ui import scenes, screens
from table.ui.layout import card_name
from table.ui.strings import FAULT_WORDS, FORMS, TEAMS, fields, recording, text, worm_name

from table.review.kit import (COUNTS, GRID, Draw, asked, drawn, rows, table_view, widest, widest_card,
                              widest_team)
from table.review.play import ends, setup, steps, turn
from table.review.said import by_hand, said, typed, undos
from table.app.showing.views import Legend, refusal
from table.app.asking.prompts import Answer, Menu, Notice, Prompt, Refuse, View
from table.app.storage.problems import words
from table.app.wizard import MapEditor, Wizard
from table.web.pagewords import PREFIX as PAGE


@dataclass(frozen=True)
class Shot:
    group: str                 # where the box shows it: "wizard", "turn", "steps"...
    name: str                  # what it is
    screen: screens.Screen
    keys: tuple[str, ...]      # the catalog entries on it


def shots(lang: str, distinct: bool = True) -> list[Shot]:
    """Every screen in ``lang``; ``distinct``: a screen showing the same words as one before
    it (a menu's cursor a row further, in the same window) is left out.  Strings no screen
    here shows come last, each on a plain screen of its own (group ``other``), so the sheet
    holds the whole catalog but the simulator page's own words (``page.*``: the page shows
    them, not the OLED)."""
    out: list[Shot] = []
    seen: set[tuple[str, ...]] = set()
    shown: set[str] = set()
    for group, make in GROUPS + (("other", partial(others, shown=shown)),):
        for name, draw in make(lang):
            with recording(lang) as keys, recording() as every:
                screen = draw()
            keys |= {k for k in every - keys if _shown_as_is(k, screen)}   # the languages' names
            shown |= keys
            if distinct and screen.texts in seen:
                continue
            seen.add(screen.texts)
            out.append(Shot(group, name, screen, tuple(sorted(keys))))
    return out


def _shown_as_is(key: str, screen: screens.Screen) -> bool:
    """Whether the screen shows ``key`` word for word in some language (a string with no
    blanks looked up in another language than the screen's: the language menu's names)."""
    return any(not fields(key, lang) and text(key, lang) in screen.texts for lang in LANGS)


def others(lang: str, shown: set[str]) -> Iterator[tuple[str, Draw]]:
    """The strings not yet on a screen, each with the widest words for its blanks."""
    cards = library()
    sample = {"team": text(f"team.{widest_team(lang)}", lang),
              "card": card_name(cards, widest_card(lang), lang),
              "thing": text("thing.oil_drum", lang).lower(), "d": 6, "i": 12, "need": 14,
              "worm": worm_name(lang, widest_team(lang, "team_adj"), 4)}
    for key in [k for k in FORMS if k not in shown and not k.startswith(PAGE)]:
        counts = COUNTS if len(FORMS[key]["en"]) > 1 else (5,)
        for n in counts:
            args = {f: sample.get(f, n if f == "n" else "…") for f in fields(key, lang)}
            name = f"{key} ({n})" if len(counts) > 1 else key
            yield name, partial(_plain, lang, key, args)


def _plain(lang: str, key: str, args: dict) -> screens.Screen:
    return screens.message(key.split(".")[0], text(key, lang, **args))


def _back(lang: str, device: str) -> screens.Screen:
    return screens.message(text("fault.title", lang),
                           text("fault.back", lang, name=text(f"device.{device}", lang)),
                           mark=screens.OK_ON)


def _storage(lang: str, kind: str) -> screens.Screen:
    return screens.message(*words(kind, lang, file="progress.json"))


def _pick(lang: str, names: Callable[[], list[str]], cursor: int) -> screens.Screen:
    return screens.menu(text("enroll.pick", lang), names(), cursor)


def wizard(lang: str) -> Iterator[tuple[str, Draw]]:
    """Every stage of the new-game wizard, every row (each says a line of its own), with six
    teams, the box playing one, and the rules with a line of their own switched on."""
    from table.cards.tiles import box_tiles
    tiles = box_tiles()
    view = View(lang, Board(land=set(), wind=1), GRID)

    def fresh() -> Wizard:
        w = Wizard(GRID, lang, last_map=sorted(set(hexagon((0, 0), 3)) - {(0, 0)}),
                   tiles=tiles)
        w.teams, w.rules = len(TEAMS), {"timer", "parting_gifts", "true_elimination"}
        w.box = dict(zip(TEAMS[::2], ("easy", "normal", "hard")))   # three the box plays
        return w

    def at(answers: tuple) -> Prompt:
        w = fresh()
        for a in answers:
            w.answer(a)
        return w.prompt

    answers: tuple = ()
    w = fresh()
    while w.stage not in ("editor", "tiles") and w.result is None:
        menu = w.prompt
        assert isinstance(menu, Menu)
        for c in rows(len(menu.values), every=True):      # each row says a line of its own
            yield f"{w.stage}, row {c + 1}", drawn(partial(at, answers), view, c)
        values = list(menu.values)
        answer = "start" if "start" in values else "new" if w.stage == "map" else \
            lang if w.stage == "lang" else values[0]
        answers += (answer,)
        w.answer(answer)
    yield "no team left to people", partial(refusal, Refuse("wizard.seats_none"), lang)
    yield "map: mark the hexes", lambda: MapEditor(GRID, set(), (0, 0), 2).screen(view)
    from table.app.asking.tileplace import TilePlacer
    placer = TilePlacer(GRID, box_tiles(), (0, 0), 2, lambda land, teams: None)
    yield "map: lay the tiles", lambda: placer.screen(view)

    def red_tile():
        from table.devices.buttons import InputEvent
        red = TilePlacer(GRID, box_tiles(), (0, 0), 2, lambda land, teams: None)
        red.press(InputEvent("ok"))                     # tile 1 laid, tile 2 in hand
        for _ in range(2):
            red.press(InputEvent("4"))                  # south, over tile 1: red
        return red.screen(view)
    yield "map: a tile that cannot go there", red_tile
    for key in ("map.tile_off", "map.tile_dial", "map.tile_over", "map.tile_apart"):
        yield f"map: a tile refused ({key})", partial(refusal, Refuse(key, {"n": 4}), lang)

    def every_tile_laid():
        from table.devices.buttons import InputEvent
        done = TilePlacer(GRID, box_tiles(), (0, 0), 2, lambda land, teams: None)
        for _ in box_tiles():
            done.press(InputEvent("ok"))
        return done.screen(view)
    yield "map: every tile laid", every_tile_laid
    for n in COUNTS:
        yield f"map refused ({n})", partial(refusal, Refuse("map.too_small",
                                                            {"n": n, "need": 14}), lang)
        yield f"map refused, teams ({n})", partial(refusal, Refuse("map.too_many_teams",
                                                                   {"n": n}), lang)


def refusals(lang: str) -> Iterator[tuple[str, Draw]]:
    team, card = widest_team(lang), widest_card(lang)
    asks = [("error.unknown_tag", {}), ("error.not_now", {}),
            ("error.not_in_hand", {"card": card, "team": team}),
            ("error.not_weapon", {"card": widest_card(lang, ("drop", "sudden_death"))}),
            ("error.finish_changes", {}), ("error.card_in_play", {}),
            ("error.out_of_range", {}), ("error.not_a_worm", {"team": team}),
            ("error.cannot_move", {}), ("error.not_lit", {}),
            ("error.not_in_supply", {"card": card}), ("error.not_in_drop", {"card": card}),
            ("error.undo_roll", {}), ("error.unknown_not_in_hand", {"team": team}),
            ("error.answer_refused", {})]
    asks += [("error.no_card_now", {"phase": p}) for p in ("activate", "move1", "move2")]
    for key, args in asks:
        yield key, partial(refusal, Refuse(key, args), lang)
    view = table_view(lang)
    legend = Legend()
    for c in rows(len(scenes.LEGEND) + 1):             # the colours, then the abandon row
        def draw(c=c):
            legend.cursor = c
            return legend.screen(view)
        yield f"colour legend, row {c + 1}", draw


def seats(lang: str) -> Iterator[tuple[str, Draw]]:
    """The box playing a team: thinking, what it does, the card people draw for it; the shop
    demo's short game against it."""
    from types import SimpleNamespace

    from table.app import boxseat
    from table.app.demo.visitor import invite_screen
    team, card = widest_team(lang), widest_card(lang)
    view = table_view(lang, team)
    yield "the box thinks", partial(boxseat.Thinking(team).screen, view)
    game = SimpleNamespace(board=view.board)
    enemy = widest([w for w in view.board.worms() if w.team != team],
                   lambda w: worm_name(lang, w.team or "", 4))
    weapon = Decision(DecisionKind.CARD, (card, PASS), PASS, Purpose.WEAPON, team)
    said: list[tuple[Decision, Any]] = [(weapon, PASS), (weapon, card)]
    said += [(Decision(DecisionKind.HEX, (enemy.at, (3, 0)), enemy.at, Purpose.TARGET, team, card=card,
                       info=(n, 0)), enemy.at) for n in COUNTS]
    said.append((Decision(DecisionKind.HEX, (enemy.at, (3, 0)), enemy.at, Purpose.TARGET, team, card=card,
                          info=(1, 0)), (3, 0)))         # a hex with no worm, no dice
    for d, answer in said:
        yield f"the box: {d.why} {answer}", partial(_box_says, lang, team, game, d, answer)
    boxed = View(lang, view.board, GRID, team, view.worm, view.cards, [], None)
    boxed.box = frozenset({team})
    yield from asked(boxed, Decision(DecisionKind.CARD_TAPPED, (card,), card,
                                     Purpose.DRAW, team,
                                     item="supply"),
                    "people draw for the box")
    yield "versus: invite", partial(invite_screen, lang, True)
    for key in ("demo.versus_win", "demo.versus_lose", "demo.versus_draw"):
        yield key, partial(_said, lang, "demo.title", key)


def teach(lang: str) -> Iterator[tuple[str, Draw]]:
    """Teaching the box a card it does not know: the walk's screens, each window of rows,
    going on with the first answer (or Go, Done, Save) until the card is told."""
    from table.devices.buttons import InputEvent

    from table.app.teach.walk import Walk, names

    view = table_view(lang)
    picks: tuple = ()

    def walk(answers: tuple) -> Walk:
        w = Walk(lang, "card_1", names(12), known={})
        for a in answers:
            w.answer(a)
        return w

    w = walk(())
    for _ in range(16):
        p = w.prompt
        values = list(getattr(p, "values", ()))
        for c in rows(len(values)):
            yield f"teach: {w.stage}, row {c + 1}", drawn(partial(_walk_prompt, walk, picks),
                                                          view, c)
        preferred = next((v for v in ("go", "done", "save") if v in values), None)
        if preferred is not None:
            p.cursor = values.index(preferred)          # type: ignore[attr-defined]
        out = p.press(InputEvent("ok"))
        if not isinstance(out, Answer):
            break
        picks += (out.value,)
        if w.answer(out.value) is not None:
            break
    from table.app.teach.keyboard import Keyboard
    from table.ui.keyboard import keys

    def keyboard(typed: str) -> Keyboard:
        return Keyboard(lang, text("teach.name.title", lang), typed)
    board = keys(lang, True)
    for key in (0, 12, board.index("space"), board.index("delete"), board.index("case"),
                board.index("done")):
        yield f"teach: the card's name, key {key + 1}", drawn(partial(keyboard, ""), view, key)
    yield "teach: the card's name, typed", drawn(partial(keyboard, "W" * 24), view, 1)


def teach_refused(lang: str) -> Iterator[tuple[str, Draw]]:
    """A card told on the buttons that the checks refuse: why, in each plural form, then the
    check screen with the line to change marked (the action line: nine symbols)."""
    from dataclasses import replace

    from table.app.teach.walk import Walk, names
    from table.app.teach.refusals import OTHER, TOO_MANY_STEPS, TOO_MANY_SYMBOLS, refused_screen

    for why in (TOO_MANY_SYMBOLS, TOO_MANY_STEPS):
        for n in COUNTS:
            yield f"teach: cannot save, {why.key} ({n})", partial(
                refused_screen, replace(why, n=n), lang)
    yield "teach: cannot save, other", partial(refused_screen, OTHER, lang)

    def marked() -> Prompt:
        w = Walk(lang, "card_1", names(12), kinds=("supply",), known={})
        for a in ("go", None, "symbols", *["PLAY"] * (TOO_MANY_SYMBOLS.n + 1), "done", "save", None):
            w.answer(a)
        return w.prompt
    cursor = getattr(marked(), "cursor", 0)
    yield f"teach: check, the line to change marked, row {cursor + 1}", drawn(
        marked, table_view(lang))

    def whole(fix: bool) -> Prompt:
        """A line too long for the check screen's row, said whole (OK on it): eight
        symbols, or ten refused (the line to change)."""
        w = Walk(lang, "card_1", names(12), kinds=("supply",), known={})
        line = ["MOVE", "PLAY"] * (5 if fix else 4)
        for a in ("go", None, "symbols", *line, "done", *(("save", None) if fix else ())):
            w.answer(a)
        w.answer("fix" if fix else ("line", 2))
        return w.prompt
    for fix in (False, True):
        for c in rows(len(getattr(whole(fix), "values", ()))):
            yield (f"teach: a line said whole{', to change' if fix else ''}, row {c + 1}",
                   drawn(partial(whole, fix), table_view(lang), c))


def teach_pass(lang: str) -> Iterator[tuple[str, Draw]]:
    """Teaching the box the players' Supply deck (the wizard's choice): how many cards, then
    each tapped, a card the deck cannot hold refused."""
    from table.app.teach.teacher import TeachPass

    view = table_view(lang)
    cards = library()
    card = widest_card(lang, ("supply", "superweapon"))
    yield "teach the deck: how many", drawn(partial(_count, lang), view)
    for n in COUNTS:
        def tapped(n: int = n) -> Prompt:
            p = TeachPass(cards, n + 1)
            p.tap(card)
            return p
        yield f"teach the deck: {n} left", drawn(tapped, view)
    yield "teach the deck: not a Supply card", partial(
        refusal, Refuse("teach.not_supply", {"card": widest_card(lang, ("drop",))}), lang)
    from table.app.teach.teacher import private_screen
    for key in ("teach.private", "teach.private_done"):      # a card tapped in private
        yield f"teach in private: {key}", drawn(partial(Notice, partial(private_screen, key)),
                                                view)


def _count(lang: str) -> Prompt:
    from table.app.teach.teacher import Count
    return Count(text("teach.pass_title", lang), text("teach.pass_count", lang), 12)


def _walk_prompt(walk: Callable[[tuple], Any], answers: tuple) -> Prompt:
    return walk(answers).prompt


def _box_says(lang: str, team: str, game, d: Decision, answer) -> screens.Screen:
    from table.app import boxseat
    return screens.box_turn(lang, team, boxseat.say(game, d, answer, lang, library()) or "")


def _said(lang: str, title: str, key: str) -> screens.Screen:
    return screens.message(text(title, lang), text(key, lang))


def box(lang: str) -> Iterator[tuple[str, Draw]]:
    """The box's own troubles: devices, storage; enrolling cards; the shop demo."""
    for device in FAULT_WORDS:
        for retrying in (True, False):
            yield f"fault {device}", partial(screens.fault, lang, device, retrying)
        yield f"{device} back", partial(_back, lang, device)
    for kind in ("full", "failed", "damaged", "newer", "replay", "file", "cards"):
        yield f"storage {kind}", partial(_storage, lang, kind)
    cards = library()

    def names() -> list[str]:
        return [card_name(cards, c, lang) for c in cards] + [text("enroll.not_listed", lang),
                                                             text("button.back", lang)]
    ok = f"{text('button.ok', lang)} →"
    yield "enrol: tap", lambda: screens.message(text("enroll.title", lang),
                                                text("enroll.tap", lang))
    for c in rows(len(names())):
        yield f"enrol: which card, row {c + 1}", partial(_pick, lang, names, c)
    yield "enrol: known", lambda: screens.message(text("enroll.title", lang), text(
        "enroll.known", lang, card=card_name(cards, widest_card(
            lang, tuple({c.kind for c in cards.values()})), lang)), footer=ok)
    yield "enrol: not saved", lambda: screens.message(text("enroll.title", lang),
                                                      text("enroll.not_saved", lang))
    yield "enrol: unknown", lambda: screens.message(text("enroll.title", lang),
                                                    text("enroll.unknown", lang), footer=ok)
    yield "demo: invite", lambda: screens.message(text("demo.title", lang), (
        f"{text('demo.invite', lang)}\n{text('demo.invite_keys', lang)}"))
    yield "demo: bye", lambda: screens.message(text("demo.title", lang), text("demo.bye", lang))


GROUPS: tuple[tuple[str, Callable[[str], Iterator[tuple[str, Draw]]]], ...] = (
    ("wizard", wizard), ("setup", setup), ("turn", turn), ("turn", typed), ("turn", by_hand),
    ("steps", steps), ("steps", said), ("end", ends), ("refusals", refusals),
    ("refusals", undos), ("seats", seats), ("teach", teach),
    ("teach", teach_refused), ("teach", teach_pass),
    ("box", box))
