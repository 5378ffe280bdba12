"""What the screens of the review sheet (:mod:`table.review.gallery`) are drawn on: the widest
names of a language, a made-up table, a prompt drawn at each of its rows or hexes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from table.cards import library
from table.engine.board import Board, Thing
from table.engine.decisions import Decision
from table.fonts import font
from table.hexgrid import hexagon
from table.ui import screens
from table.ui.strings import POOL_KINDS, TEAMS, text

from table.app.asking.prompts import HexPick, Menu, Prompt, View, for_decision

GRID = frozenset(hexagon((0, 0), 4))
COUNTS = (1, 2, 5)             # one number of each plural form (en, cs, uk)
Draw = Callable[[], screens.Screen]
T = TypeVar("T")


def widest(options: list[T] | tuple[T, ...], say: Callable[[T], str]) -> T:
    """The option whose words are widest on the OLED."""
    return max(options, key=lambda o: font(12).getlength(say(o)))


def widest_team(lang: str, form: str = "team") -> str:
    return widest(TEAMS, lambda t: text(f"{form}.{t}", lang))


def widest_card(lang: str, kinds=("starter", "supply", "superweapon")) -> str:
    cards = library()
    return widest([c for c in cards if cards[c].kind in kinds], lambda c: cards[c].name(lang))


def table_view(lang: str, team: str | None = None, phase: str | None = None) -> View:
    """A table with a worm of every team, a Thing of every kind, the active worm number 4."""
    board = Board(land=set(hexagon((0, 0), 3)) - {(0, 0)}, wind=6)
    spots = [h for h in sorted(hexagon((0, 0), 3)) if h != (0, 0)]
    for colour, h in zip(TEAMS, spots[::3]):
        board.add(Thing(f"{colour}-4", "worm", h, colour))
    for kind, h in zip(POOL_KINDS, spots[1::3]):
        board.add(Thing(f"{kind}-1", kind, h))
    worm = f"{team}-4" if team else None
    return View(lang, board, GRID, team, worm, library(), [], phase)


def rows(n: int, every: bool = False) -> list[int]:
    """The cursor positions that show each row of an ``n``-row menu once: the first window,
    then windows of four further down (their scroll arrows with them)."""
    if every:
        return list(range(n))
    return sorted({0, n - 1} | set(range(7, n, 4)))


def drawn(make: Callable[[], Any], view: View, cursor: Any = None) -> Draw:
    """Draw the prompt ``make()`` builds (built inside the drawing, so the keys its labels
    and title use are recorded), its cursor at ``cursor``."""
    def draw() -> screens.Screen:
        p = make()
        if cursor is not None:
            p.cursor = cursor
        return p.screen(view)
    return draw


def asked(view: View, d: Decision, name: str, every: bool = False
         ) -> Iterator[tuple[str, Draw]]:
    """The prompt that asks ``d``: a menu on each window of rows, a hex prompt on each of its
    hexes (and on one that is not an option)."""
    probe = for_decision(d, view)

    def make() -> Prompt:
        return for_decision(d, view)

    if isinstance(probe, Menu):
        for c in rows(len(probe.values), every):
            yield f"{name}, row {c + 1}", drawn(make, view, c)
    elif isinstance(probe, HexPick):
        off = next(h for h in sorted(view.grid) if h not in probe.options)
        for h in probe.order + [off]:
            yield f"{name} at {h}", drawn(make, view, h)
    else:
        yield name, drawn(make, view)
