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

from dataclasses import dataclass
from functools import partial
from itertools import permutations
from typing import Any, Callable, Iterator, TypeVar

from table.cards import library
from table.fonts import font
from table.engine.board import Board, Thing
from table.engine.decisions import Decision, Purpose, why_of
from table.hexgrid import hexagon, neighbour
from table.engine.state import GameResult
from table.ui import scenes, screens
from table.ui.changes import Change, off_lines, off_pages
from table.ui.instructions import Instruction
from table.ui.strings import (DEVICES, FACES, FORMS, LASTING_RULES, TEAMS, THING_KINDS, fields,
                              recording, text, worm_name)

from .present import Legend, Step, deal_screen, game_over, refusal, setup_line
from .prompts import HexPick, Menu, Prompt, Refuse, View, for_decision
from .state import words
from .wizard import MapEditor, Wizard

GRID = frozenset(hexagon((0, 0), 4))
COUNTS = (1, 2, 5)             # one number of each plural form (en, cs, uk)


@dataclass(frozen=True)
class Shot:
    group: str                 # where the box shows it: "wizard", "turn", "steps"...
    name: str                  # what it is
    screen: screens.Screen
    keys: tuple[str, ...]      # the catalog entries on it


Draw = Callable[[], screens.Screen]
T = TypeVar("T")


def shots(lang: str, distinct: bool = True) -> list[Shot]:
    """Every screen in ``lang``; ``distinct``: a screen showing the same words as one before
    it (a menu's cursor a row further, in the same window) is left out.  Strings no screen
    here shows come last, each on a plain screen of its own (group ``other``), so the sheet
    holds the whole catalog."""
    out: list[Shot] = []
    seen: set[tuple[str, ...]] = set()
    shown: set[str] = set()
    for group, make in GROUPS + (("other", lambda lang: others(lang, shown)),):
        for name, draw in make(lang):
            with recording() as keys:
                screen = draw()
            shown |= keys
            if distinct and screen.texts in seen:
                continue
            seen.add(screen.texts)
            out.append(Shot(group, name, screen, tuple(sorted(keys))))
    return out


def others(lang: str, shown: set[str]) -> Iterator[tuple[str, Draw]]:
    """The strings not yet on a screen, each with the widest words for its blanks."""
    cards = library()
    sample = {"team": text(f"team.{_team(lang)}", lang), "card": cards[_card(lang)].name(lang),
              "thing": text("thing.oil_drum", lang).lower(), "d": 6, "i": 12, "need": 14,
              "worm": worm_name(lang, _team(lang, "team_adj"), 4)}
    for key in [k for k in FORMS if k not in shown]:
        counts = COUNTS if len(FORMS[key]["en"]) > 1 else (5,)
        for n in counts:
            args = {f: sample.get(f, n if f == "n" else "…") for f in fields(key, lang)}
            name = f"{key} ({n})" if len(counts) > 1 else key
            yield name, partial(_plain, lang, key, args)


# -- the widest names --------------------------------------------------------------------------

def widest(options: list[T] | tuple[T, ...], say: Callable[[T], str]) -> T:
    """The option whose words are widest on the OLED."""
    return max(options, key=lambda o: font(12).getlength(say(o)))


def _team(lang: str, form: str = "team") -> str:
    return widest(TEAMS, lambda t: text(f"{form}.{t}", lang))


def _card(lang: str, kinds=("starter", "supply", "superweapon")) -> str:
    cards = library()
    return widest([c for c in cards if cards[c].kind in kinds], lambda c: cards[c].name(lang))


def _view(lang: str, team: str | None = None, phase: str | None = None) -> View:
    """A table with a worm of every team, a Thing of every kind, the active worm number 4."""
    board = Board(land=set(hexagon((0, 0), 3)) - {(0, 0)}, wind=6)
    spots = [h for h in sorted(hexagon((0, 0), 3)) if h != (0, 0)]
    for colour, h in zip(TEAMS, spots[::3]):
        board.add(Thing(f"{colour}-4", "worm", h, colour))
    for kind, h in zip(THING_KINDS, spots[1::3]):
        board.add(Thing(f"{kind}-1", kind, h))
    worm = f"{team}-4" if team else None
    return View(lang, board, GRID, team, worm, library(), [], phase)


def _rows(n: int, every: bool = False) -> list[int]:
    """The cursor positions that show each row of an ``n``-row menu once: the first window,
    then windows of four further down (their scroll arrows with them)."""
    if every:
        return list(range(n))
    return sorted({0, n - 1} | set(range(7, n, 4)))


def _at(make: Callable[[], Any], view: View, cursor: Any = None) -> Draw:
    """Draw the prompt ``make()`` builds (built inside the drawing, so the keys its labels
    and title use are recorded), its cursor at ``cursor``."""
    def draw() -> screens.Screen:
        p = make()
        if cursor is not None:
            p.cursor = cursor
        return p.screen(view)
    return draw


def _ask(view: View, d: Decision, name: str, every: bool = False
         ) -> Iterator[tuple[str, Draw]]:
    """The prompt that asks ``d``: a menu on each window of rows, a hex prompt on each of its
    hexes (and on one that is not an option)."""
    probe = for_decision(d, view)
    make = lambda: for_decision(d, view)      # noqa: E731
    if isinstance(probe, Menu):
        for c in _rows(len(probe.values), every):
            yield f"{name}, row {c + 1}", _at(make, view, c)
    elif isinstance(probe, HexPick):
        off = next(h for h in sorted(view.grid) if h not in probe.options)
        for h in probe.order + [off]:
            yield f"{name} at {h}", _at(make, view, h)
    else:
        yield name, _at(make, view)


def _plain(lang: str, key: str, args: dict) -> screens.Screen:
    return screens.message(key.split(".")[0], text(key, lang, **args))


def _off(lang: str, page: list[Change]) -> screens.Screen:
    return screens.changes(text("ch.off_title", lang), off_lines(lang, page))


def _back(lang: str, device: str) -> screens.Screen:
    return screens.message(text("fault.title", lang),
                           text("fault.back", lang, name=text(f"device.{device}", lang)))


def _storage(lang: str, kind: str) -> screens.Screen:
    return screens.message(*words(kind, lang, file="progress.json"))


def _pick(lang: str, names: Callable[[], list[str]], cursor: int) -> screens.Screen:
    return screens.menu(text("enroll.pick", lang), names(), cursor)


# -- the groups --------------------------------------------------------------------------------

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
        for c in _rows(len(menu.values), every=True):      # each row says a line of its own
            yield f"{w.stage}, row {c + 1}", _at(partial(at, answers), view, c)
        values = list(menu.values)
        answer = "start" if "start" in values else "new" if w.stage == "map" else \
            lang if w.stage == "lang" else values[0]
        answers += (answer,)
        w.answer(answer)
    yield "no team left to people", partial(refusal, Refuse("wizard.seats_none"), lang)
    yield "map: mark the hexes", lambda: MapEditor(GRID, set(), (0, 0), 2).screen(view)
    from .tileplace import TilePlacer
    placer = TilePlacer(GRID, box_tiles(), (0, 0), 2, lambda land, teams: None)
    yield "map: lay the tiles", lambda: placer.screen(view)
    for n in COUNTS:
        yield f"map refused ({n})", partial(refusal, Refuse("map.too_small",
                                                            {"n": n, "need": 14}), lang)
        yield f"map refused, teams ({n})", partial(refusal, Refuse("map.too_many_teams",
                                                                   {"n": n}), lang)


def setup(lang: str) -> Iterator[tuple[str, Draw]]:
    view = _view(lang)
    team = _team(lang)
    yield from _ask(view, Decision("pile", (f"worm:{team}", "oil_drum", "mine", "crate"),
                                   f"worm:{team}", "place", team), "what to place")
    for item in (f"worm:{_team(lang, 'team_adj')}", "oil_drum", "mine", "crate"):
        why = why_of(Purpose.PLACE, item=item)
        yield from _ask(view, Decision("hex", ((1, 0), (2, 0)), (1, 0), why, team),
                        f"where the {item} goes")
    yield from _steps(view, [Step_(changes=(Change("ch.place_worm", {"team": team, "n": "1"},
                                                   (0, 1)),) * 4)]
                      + [Step_(changes=(Change(f"ch.place.{k}", {}, (0, 1)),) * 6)
                         for k in THING_KINDS], "setting up")
    cards = library()
    hand = sorted(cards, key=lambda c: -font(12).getlength(cards[c].name(lang)))[:5]
    deals = [{"team": team, "cards": hand},
             {"deck": "supply", "cards": [c for c in cards if cards[c].kind == "supply"]},
             {"deck": "drop", "cards": [c for c in cards if cards[c].kind == "drop"] * 4,
              "bottom": _card(lang, ("sudden_death",))}]
    for deal in deals:
        yield "dealing", partial(deal_screen, lang, deal, cards)
    sds = tuple(c for c in cards if cards[c].kind == "sudden_death")
    yield from _ask(view, Decision("card", sds, sds[0], "sudden_death_draft", team),
                    "Sudden Death draft")


def turn(lang: str) -> Iterator[tuple[str, Draw]]:
    team = _team(lang)
    view = _view(lang, team)
    here = view.worm_at()
    worms = tuple(w.id for w in view.board.worms(team))
    yield from _ask(view, Decision("worm", worms, worms[0], "activate", team), "choose a worm")
    before = View(lang, view.board, GRID, team, None, view.cards)
    yield from _ask(before, Decision("worm", worms, worms[0], "activate", team),
                    "choose a worm (none yet)")
    assert here is not None
    n1, far = neighbour(here, 1), neighbour(neighbour(here, 4), 4)
    moves = (("skip", None), ("inch", n1), ("jump", n1), ("jump", far))
    for phase in ("move1", "move2"):
        pv = _view(lang, team, phase)
        yield from _ask(pv, Decision("move", moves, moves[0], "move", team), f"{phase}")
    def both() -> HexPick:
        from table.devices.buttons import InputEvent
        p = for_decision(Decision("move", moves, moves[0], "move", team), view)
        p.cursor = n1                                     # type: ignore[attr-defined]
        p.press(InputEvent("ok"))
        return p                                          # type: ignore[return-value]
    yield "inch or jump", _at(both, view)
    hand = ("uzi", "bazooka", _card(lang))
    yield from _ask(view, Decision("card", hand + ("pass",), "pass", "weapon", team), "weapon")
    yield from _ask(_view(lang), Decision("card", hand, hand[0], "play"), "a card to play")
    for deck in ("supply", "drop"):
        yield from _ask(view, Decision("card_tapped", hand, hand[0], f"draw:{deck}", team),
                        f"draw from the {deck} deck")
    yield from aiming(lang, view, team)
    yield from choices(lang, view, team)


def aiming(lang: str, view: View, team: str) -> Iterator[tuple[str, Draw]]:
    card = _card(lang)
    enemy = widest([w for w in view.board.worms() if w.team != team],
                   lambda w: worm_name(lang, w.team or "", 4))
    for n in COUNTS:
        d = Decision("hex", (enemy.at, (3, 0)), enemy.at, f"{card}:target", team, info=(n, 1))
        yield from _ask(view, d, f"aim ({n} dice)")
    d = Decision("hex", ((3, 0), (3, -1)), (3, 0), why_of(Purpose.MOVE, card=card), team)
    yield from _ask(view, d, "a card's hex")
    d = Decision("hex", ((3, 0), enemy.at), (3, 0), "emptiest", team)
    dropping = View(lang, view.board, GRID, team, view.worm, view.cards,
                    [{"event": "drop", "card": _card(lang, ("drop",))}])
    yield "where a drop card's Thing goes", lambda: for_decision(d, dropping).screen(dropping)


def choices(lang: str, view: View, team: str) -> Iterator[tuple[str, Draw]]:
    card = _card(lang)
    things = tuple(t.id for t in view.board.things.values())
    asks = [Decision("die", ("1", "hit", "wind", "6", "3"), "hit", "accuracy", team),
            Decision("direction", tuple(range(1, 7)), 1, "knockback", team),
            Decision("direction", tuple(range(1, 7)), 1, f"{card}:facing", team),
            Decision("direction", tuple(range(1, 7)), 1, "facing", team),
            Decision("thing", things, things[0], "prod", team),
            Decision("thing", things, things[0], card, team),
            Decision("order", tuple(permutations(("crate", "mine", "fire"))),
                     ("crate", "mine", "fire"), "entry", team),
            Decision("die_typed", FACES, FACES[0], "roll", team),
            Decision("flip_typed", ("safe", "danger"), "safe", "flip", team)]
    for d in asks:
        yield from _ask(view, d, f"{d.kind} ({d.why})")


def Step_(**fields):
    from .tracker import Step as Raw
    return Raw(**fields)


def _steps(view: View, raws: list, name: str) -> Iterator[tuple[str, Draw]]:
    for i, raw in enumerate(raws, 1):
        yield f"{name} {i}", partial(Step(raw, 12, 12).screen, view)


def steps(lang: str) -> Iterator[tuple[str, Draw]]:
    """The board changes to copy, one hex a screen; the instructions; dice and coins."""
    view = _view(lang)
    team = _team(lang)
    worm = {"team": team, "n": "4"}
    keys = ("ch.move_worm", "ch.worm_out", "ch.worm_sank", "ch.lay_down", "ch.heal",
            "ch.freeze", "ch.thaw", "ch.place_worm")
    lines = [Change(k, dict(worm), (1, 0)) for k in keys]
    lines += [Change(f"ch.{what}.{k}", {}, (1, 0)) for k in THING_KINDS
              for what in ("place", "remove", "move")]
    lines += [Change(k, {}, (1, 0)) for k in ("ch.flood", "ch.target", "ch.missed", "ch.hit",
                                              "ch.target_off")]
    lines += [Change("ch.target_facing", {"d": 6}, (1, 0))]
    lines += [Change("ch.remove_list", {"things": ("oil_drum", "crate", "mine")}, (1, 0))]
    yield from _steps(view, [Step_(changes=g, at=(1, 0)) for g in _packed(lang, lines)],
                      "changes at a hex")
    off = [Change("ch.remove_list", {"things": ("oil_drum", "crate", "mine")}, (0, i))
           for i in range(3)] + [Change("ch.worm_sank", {"team": t, "n": "4"}, (1, i))
                                 for i, t in enumerate(TEAMS)]
    for page in off_pages(off):
        yield "take these off", partial(_off, lang, page)
    yield from _steps(view, [Step_(instruction=i) for i in instructions(lang)], "instruction")
    yield from _steps(view, [Step_(instruction=Instruction("do.move_worm", {"team": t, "n": "4"},
                                                           (0, 1), (1, 0))) for t in TEAMS],
                      "each team's worm")
    yield from _steps(view, [Step_(side=s) for s in ("safe", "danger")], "Danger Flipper")
    yield from _steps(view, [Step_(faces=("3", "wind"), why=w) for w in
                             ("wind", "jump", "scatter", "knockback", "blast", "oil_drum")]
                      + [Step_(faces=tuple(FACES[:n]), why="accuracy") for n in (1, 5)], "dice")


def _packed(lang: str, lines: list[Change]) -> list[tuple[Change, ...]]:
    """The changes as few to a screen as fit (a hex's screen holds several)."""
    groups: list[tuple[Change, ...]] = []
    for c in lines:
        trial = groups[-1] + (c,) if groups else ()
        if trial and not screens.changes("", [x.text(lang) for x in trial]).problems:
            groups[-1] = trial
        else:
            groups.append((c,))
    return groups


def instructions(lang: str) -> list[Instruction]:
    """One instruction of every kind, for the team whose words are widest in it."""
    out = []
    for key in ("do.move_worm", "do.worm_sank", "do.worm_out", "do.lay_down", "do.heal",
                "do.place_worm", "do.freeze", "do.thaw"):
        team = widest(TEAMS, lambda t: Instruction(key, {"team": t, "n": "4"}).text(lang))
        out.append(Instruction(key, {"team": team, "n": "4"}, (0, 1), (1, 0)))
    team = _team(lang)
    out += [Instruction("do.draw", {"team": team}),
            Instruction("do.take", {"team": team, "card": _card(lang, ("supply",))})]
    out += [Instruction(f"do.{verb}.{kind}", {}, (0, 1))
            for kind in THING_KINDS for verb in ("move", "remove", "place")]
    out += [Instruction(k, {}, (0, 1), (1, 0)) for k in ("do.flood", "do.target",
                                                          "do.move_target")]
    out += [Instruction("do.wind", {"d": 6}), Instruction("do.target_facing", {"d": 6}, (0, 1))]
    out += [Instruction("do.rule", {"rule": r}) for r in LASTING_RULES]
    out += [Instruction("do.drop", {"card": _card(lang, ("drop",))}),
            Instruction("do.sudden_death", {"card": _card(lang, ("sudden_death",))})]
    return out


def ends(lang: str) -> Iterator[tuple[str, Draw]]:
    """Summaries after a card, the end of the game, the timer."""
    view = _view(lang)
    t1, t2 = sorted(TEAMS, key=lambda t: -font(12).getlength(text(f"team.{t}", lang)))[:2]
    card = _card(lang)
    for shot in ("hit", "miss"):
        summary = {"card": card, "shot": shot, "hurt": [(t1, "4")], "out": [(t2, "4")],
                   "sank": [(t1, "3")], "teams": [t1, t2]}
        yield from _steps(view, [Step_(summary=summary)], f"after a card ({shot})")
    yield from _steps(view, [Step_(summary={"card": card, "shot": "miss", "teams": [t1]})],
                      "after a card (nobody hurt)")
    for winners in ((t1,), (t1, t2), ()):
        result = GameResult(winners, len(winners) > 1, "final_round",
                            {t: 4 for t in TEAMS}, {t: 4 for t in TEAMS}, 5) \
            if winners else None
        yield f"game over {winners}", partial(game_over(result, []).screen, view)
    for n in COUNTS:
        result = GameResult((t1,), False, "final_round", {t1: 4}, {t1: 4}, n)
        events = [{"event": "play"}] + [{"event": "move"}] * n
        yield f"game over ({n})", partial(game_over(result, events).screen, view)
    for team in (t1, None):
        yield f"timer {team}", partial(screens.timer, lang, 83, team)
    yield "time is up", lambda: screens.timer(lang, 0, t1)
    yield "winner", lambda: screens.winner(lang, t1)
    yield "nobody wins", lambda: screens.winner(lang, None)


def refusals(lang: str) -> Iterator[tuple[str, Draw]]:
    team, card = _team(lang), _card(lang)
    asks = [("error.unknown_tag", {}), ("error.not_now", {}),
            ("error.not_in_hand", {"card": card, "team": team}),
            ("error.not_weapon", {"card": _card(lang, ("drop", "sudden_death"))}),
            ("error.finish_changes", {}), ("error.card_in_play", {}),
            ("error.out_of_range", {}), ("error.not_a_worm", {"team": team}),
            ("error.cannot_move", {}), ("error.not_lit", {}),
            ("error.not_in_supply", {"card": card}), ("error.not_in_drop", {"card": card}),
            ("error.undo_roll", {})]
    asks += [("error.no_card_now", {"phase": p}) for p in ("activate", "move1", "move2")]
    for key, args in asks:
        yield key, partial(refusal, Refuse(key, args), lang)
    yield "undone", lambda: screens.message(text("undo.done", lang), text("prompt.ok", lang))
    view = _view(lang)
    legend = Legend()
    for c in _rows(len(scenes.LEGEND)):
        def draw(c=c):
            legend.cursor = c
            return legend.screen(view)
        yield f"colour legend, row {c + 1}", draw


def box(lang: str) -> Iterator[tuple[str, Draw]]:
    """The box's own troubles: devices, storage; enrolling cards; the shop demo."""
    for device in DEVICES:
        for retrying in (True, False):
            yield f"fault {device}", partial(screens.fault, lang, device, retrying)
        yield f"{device} back", partial(_back, lang, device)
    for kind in ("full", "failed", "damaged", "newer", "replay", "file", "cards"):
        yield f"storage {kind}", partial(_storage, lang, kind)
    cards = library()

    def names() -> list[str]:
        return [cards[c].name(lang) for c in cards] + [text("enroll.not_listed", lang),
                                                       text("button.back", lang)]
    ok = f"{text('button.ok', lang)} →"
    yield "enrol: tap", lambda: screens.message(text("enroll.title", lang),
                                                text("enroll.tap", lang))
    for c in _rows(len(names())):
        yield f"enrol: which card, row {c + 1}", partial(_pick, lang, names, c)
    yield "enrol: known", lambda: screens.message(text("enroll.title", lang), text(
        "enroll.known", lang, card=cards[_card(lang, tuple({c.kind for c in cards.values()}))
                                       ].name(lang)), footer=ok)
    yield "enrol: unknown", lambda: screens.message(text("enroll.title", lang),
                                                    text("enroll.unknown", lang), footer=ok)
    yield "demo: invite", lambda: screens.message(text("demo.title", lang), (
        f"{text('demo.invite', lang)}\n{text('demo.invite_keys', lang)}"))
    yield "demo: bye", lambda: screens.message(text("demo.title", lang), text("demo.bye", lang))


GROUPS: tuple[tuple[str, Callable[[str], Iterator[tuple[str, Draw]]]], ...] = (
    ("wizard", wizard), ("setup", setup), ("turn", turn), ("steps", steps), ("end", ends),
    ("refusals", refusals), ("box", box))

