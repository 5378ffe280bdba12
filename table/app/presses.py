"""The presses and taps that give the prompt on show a wanted answer, as a player would make
them: walk a hex cursor to the hex and press OK, step a menu to the row, tap the card.

The daemon's benchmark (bench/daemon.py) and the tests' player (tests/app/driver.py) answer
through :func:`inputs_for`.  It reads the prompt again before each input, so the caller makes
each input (and lets the table take it) before asking for the next::

    for kind, what in inputs_for(daemon.current(), value, buttons.inputs):
        buttons.press(what) if kind == "press" else reader.tap(uid_of[what])
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from table.engine.decisions import PASS, DecisionKind
from table.hexgrid import Hex
from table.ui.keyboard import COLUMNS, keys

from table.app.asking.prompt import Prompt
from table.app.asking.moving import MovePick
from table.app.asking.worm import WormPick
from table.app.asking.pickers import CardTap, DeckTap, DicePick, HexPick, Menu, Notice, scroll
from table.app.showing.views import Step
from table.app.asking.typed_dice import FaceEntry
from table.app.teach.keyboard import Keyboard

#: ("press", button name) or ("tap", card id)
Input = tuple[str, Any]


def inputs_for(prompt: Prompt, value: Any, buttons: Sequence[str]) -> Iterator[Input]:
    """The inputs that answer ``prompt`` with ``value`` on a box with ``buttons`` (six
    direction buttons, or a rotary encoder's ``cw``/``ccw``); ValueError if no input can."""
    if isinstance(prompt, (Step, Notice)):
        yield ("press", "ok")
    elif isinstance(prompt, DeckTap):                # a card drawn from the players' own deck
        yield ("tap", value)
    elif isinstance(prompt, CardTap):
        yield ("press", "ok") if value == PASS else ("tap", value)
    elif isinstance(prompt, HexPick) and prompt.back is not None and prompt.back.value == value:
        yield ("press", "back")                      # (a move skipped: Back, as the screen says)
    elif isinstance(prompt, MovePick):
        yield from _moved(prompt, value, buttons)
    elif isinstance(prompt, WormPick) and "1" in buttons and (way := _picks(prompt, value)):
        at = _hex_of(prompt.options, value)
        yield ("press", way)                         # (the worm that way, at once)
        if at in prompt.hurt and len(prompt.options[at]) == 1:   # (damaged: the cursor there)
            yield ("press", "ok")
        if prompt.sub is not None:                   # (two worms on its hex: their list)
            yield from menu_inputs(prompt.sub, value, buttons)
    elif isinstance(prompt, HexPick):
        target = _hex_of(prompt.options, value)
        if target is None:
            raise ValueError(f"{value!r} is at no hex of the prompt on show")
        yield from walk_to(prompt, target, buttons)
        yield ("press", "ok")
        if prompt.sub is not None:                   # two answers at that hex: its menu
            yield from menu_inputs(prompt.sub, value, buttons)
    elif isinstance(prompt, DicePick):
        yield from _picked(prompt, value, buttons)
    elif isinstance(prompt, FaceEntry):
        yield from _typed(prompt, value, buttons)
    elif isinstance(prompt, Keyboard):
        yield from _keyed(prompt, value, buttons)
    elif isinstance(prompt, Menu):
        yield from menu_inputs(prompt, value, buttons)
    else:
        raise ValueError(f"no way to answer {prompt!r} with buttons and cards")


def _moved(p: MovePick, value: Any, buttons: Sequence[str]) -> Iterator[Input]:
    """A move made the fewest presses (table/app/asking/moving.py): the direction that inches
    at once; or the cursor walked to the hex and OK; or, for a jump, OK on the worm's hex
    (where to jump?), the cursor walked there and OK (a jump in place: OK, OK)."""
    sure = next((d for d, v in p.sure.items() if v == value), None)
    if sure is not None and p.cursor == p.here and "1" in buttons:
        yield ("press", str(sure))
        return
    at = _hex_of(p.options, value)
    walk = _way(p, at, buttons, jumping=False) if at is not None else None
    jump = _hex_of(p.modes[True][0], value)
    leap = _way(p, jump, buttons, jumping=True) if jump is not None and p.cursor == p.here else None
    if walk is None and leap is None:
        raise ValueError(f"{value!r} is at no hex of the move question")
    if leap is not None and (walk is None or len(leap) + 1 < len(walk)):
        yield ("press", "ok")                        # (where to jump?)
        at = jump
    assert at is not None
    yield from walk_to(p, at, buttons)
    yield ("press", "ok")


def _picks(p: WormPick, value: Any) -> str | None:
    """The direction button that chooses worm ``value`` from the cursor (None: none does)."""
    at = _hex_of(p.options, value)
    return next((str(d) for d in range(1, 7) if at is not None and at != p.cursor
                 and p.picked(d) == at), None)


def _hex_of(options: dict, value: Any) -> Hex | None:
    return next((h for h, opts in options.items() if any(v == value for v, _ in opts)), None)


def _way(p: MovePick, target: Hex, buttons: Sequence[str], jumping: bool) -> list | None:
    """The presses that walk the move question's cursor from the worm to ``target`` (None:
    none do): direction buttons, or cw on an encoder."""
    if "1" not in buttons:
        order = list(p.modes[jumping][0])
        start = order.index(p.here) if p.here in order else -1
        return ["cw"] * ((order.index(target) - start) % len(order)) if target in order else None
    way = _path(lambda h, d: p.going(h, d, jumping), p.here, target)
    return way if way or target == p.here else None


def walk_to(p: Any, target: Hex, buttons: Sequence[str]) -> Iterator[Input]:
    """The fewest presses that bring a hex cursor (a :class:`HexPick`'s, the map editor's:
    ``p.next_hex`` says where each direction button takes it) to ``target``; ValueError if no
    presses can."""
    if "1" not in buttons:                           # a rotary encoder: step through options
        for _ in range(len(p.options) + 1):
            if p.cursor == target:
                return
            yield ("press", "cw")
        raise ValueError(f"the cursor does not reach {target} (it is at {p.cursor})")
    for d in _path(p.next_hex, p.cursor, target):
        yield ("press", str(d))
    if p.cursor != target:
        raise ValueError(f"the cursor does not reach {target} (it is at {p.cursor})")


def _path(step: Callable[[Hex, int], Hex], start: Hex, target: Hex) -> list[int]:
    """The direction buttons, in order, of a shortest way from ``start`` to ``target``
    (breadth first over where each press leads, ``step(hex, button)``); empty if there is
    none."""
    came: dict[Hex, tuple[Hex, int] | None] = {start: None}
    frontier = [start]
    while frontier and target not in came:
        nxt = []
        for here in frontier:
            for d in range(1, 7):
                to = step(here, d)
                if to not in came:
                    came[to] = (here, d)
                    nxt.append(to)
        frontier = nxt
    way: list[int] = []
    at = target
    while (back := came.get(at)) is not None:
        at, d = back
        way.append(d)
    return way[::-1]


def _picked(p: DicePick, value: Any, buttons: Sequence[str]) -> Iterator[Input]:
    """The rolled die showing ``value`` picked: the cursor along the row the shorter way
    round (5 or 3; on an encoder ccw or cw), then OK."""
    at = next((i for i, f in enumerate(p.faces) if f == value), p.cursor)
    for name in _round(p.cursor, at, len(p.faces), *(("5", "3") if "3" in buttons else ("ccw", "cw"))):
        if p.selected == value:                     # (another die showing it, on the way)
            break
        yield ("press", name)
    if p.selected != value:
        raise ValueError(f"no die shows {value!r}")
    yield ("press", "ok")


def _round(start: int, index: int, rows: int, back: str, on: str) -> list[str]:
    """The presses that take a row's cursor from ``start`` to ``index`` of ``rows`` a step
    at a time, the shorter way round (``back`` or ``on``).

    >>> _round(0, 9, 10, "ccw", "cw"), _round(2, 4, 10, "ccw", "cw")
    (['ccw'], ['cw', 'cw'])
    """
    on_steps, back_steps = (index - start) % rows, (start - index) % rows
    return [back] * back_steps if back_steps < on_steps else [on] * on_steps


def _typed(p: FaceEntry, value: Any, buttons: Sequence[str]) -> Iterator[Input]:
    """A die face or a coin side the players rolled, typed in: its number button; OK, then
    the wind face's or the bullseye's row of the list it opens and OK; the coin's side, 4
    (Safe) or 1 (Danger) onto it, then OK; on an encoder build, cw until it is under the
    cursor, then OK."""
    if "1" not in buttons:
        for _ in range(len(p.values) + 1):
            if p.selected == value:
                break
            yield ("press", "cw")
        if p.selected != value:
            raise ValueError(f"no face or side is {value!r}")
        yield ("press", "ok")
    elif value in p.values[:6] and p.kind is DecisionKind.DIE_TYPED:
        yield ("press", value)
    elif p.kind is DecisionKind.FLIP_TYPED:
        if value not in p.values:
            raise ValueError(f"no side is {value!r}")
        at = p.values.index(value)
        if p.cursor is None:                         # (onto the first side or the last)
            yield ("press", "4" if at == 0 else "1")
        yield from (("press", name) for name in rows_to(p.cursor or 0, at, len(p.values)))
        if p.selected != value:
            raise ValueError(f"the coin's cursor does not reach {value!r}")
        yield ("press", "ok")
    else:
        yield ("press", "ok")
        if p.sub is None or value not in p.sub.values:
            raise ValueError(f"no face or side is {value!r}")
        yield from menu_inputs(p.sub, value, buttons)


def _keyed(p: Keyboard, value: str, buttons: Sequence[str]) -> Iterator[Input]:
    """A name typed on the keyboard: each character's key (the case key first where it is
    in the other case), OK on each, then Done."""
    for ch in value:
        key = "space" if ch == " " else ch
        if key not in p.keys:
            if key not in keys(p.lang, not p.upper):
                raise ValueError(f"no key of the keyboard types {ch!r}")
            yield from _key_to(p, p.keys.index("case"), buttons)
            yield ("press", "ok")
        yield from _key_to(p, p.keys.index(key), buttons)
        yield ("press", "ok")
    yield from _key_to(p, p.keys.index("done"), buttons)
    yield ("press", "ok")


def _key_to(p: Keyboard, target: int, buttons: Sequence[str]) -> Iterator[Input]:
    """The presses that bring the keyboard's cursor to key ``target``: a row at a time (1,
    4) while it is far, then a key at a time; on the encoder, the shorter way round."""
    n = len(p.keys)
    for _ in range(2 * n):
        if p.cursor == target:
            return
        ahead, back = (target - p.cursor) % n, (p.cursor - target) % n
        if "4" not in buttons:
            yield ("press", "cw" if ahead <= back else "ccw")
        elif back <= 2:
            yield ("press", "5")
        elif target - p.cursor > COLUMNS // 2 and p.cursor + COLUMNS < n:
            yield ("press", "4")
        elif p.cursor - target > COLUMNS // 2 and p.cursor >= COLUMNS:
            yield ("press", "1")
        else:
            yield ("press", "2" if target > p.cursor else "5")
    if p.cursor != target:
        raise ValueError(f"the keyboard's cursor does not reach key {target}")


def menu_inputs(p: Menu, value: Any, buttons: Sequence[str]) -> Iterator[Input]:
    """The presses that bring a menu's cursor to ``value`` (the fewest: :func:`rows_to`; on an
    encoder, cw or ccw, the shorter way round) and press OK."""
    n = len(p.values)
    at = next((i for i, v in enumerate(p.values) if v == value), None)  # (a dict: a card step)
    if at is None:
        raise ValueError(f"no row of the menu is {value!r}")
    way = rows_to(p.cursor, at, n) if "4" in buttons else _round(p.cursor, at, n, "ccw", "cw")
    for name in way:
        yield ("press", name)
    if p.selected != value:
        raise ValueError(f"the menu's cursor does not reach {value!r}")
    yield ("press", "ok")


def rows_to(start: int, index: int, rows: int) -> list[str]:
    """The fewest presses that take a list's cursor from row ``start`` to row ``index`` of
    ``rows``: a row at a time (1, 4) or a screenful (2, 5), up or down, as every list moves
    (:func:`table.app.asking.pickers.scroll`: round from one end to the other).

    >>> rows_to(0, 9, 10), rows_to(0, 6, 12), rows_to(3, 3, 5)
    (['1'], ['4', '4', '5'], [])
    """
    paths: dict[int, list[str]] = {start: []}
    todo = [start]
    for here in todo:
        if here == index:
            return paths[here]
        for name in ("4", "1", "5", "2"):
            there = scroll(here, rows, name)
            if there not in paths:
                paths[there] = paths[here] + [name]
                todo.append(there)
    raise ValueError(f"row {index} of {rows} cannot be reached")
