"""A batch's board changes (:mod:`.changes`) cut into OLED screens, one OK each, the same cut
in every language: the Things taken off over several hexes on one screen (with the dice that
sent them off, where they fit), a chain's fires and its worms hurt on one each, the rest a
screen a hex, cut at :data:`LINES` lines (:func:`pages`); two hexes whose changes are short
share a screen, each hex named on a line of its own above its changes (:func:`paired`).
"""

from typing import Callable

from table.hexgrid import Hex
from table.langs import LANGS

from .changes import Change, by_hex
from .strings import text, worm_short

#: at most this many OLED lines of changes on one screen (the title bar above them)
LINES = 4


#: the lines of the dice and coins behind the changes (table/ui/rolls.py)
ROLLS = ("ch.roll", "ch.roll_hit", "ch.roll_dice", "ch.flip")
#: changes that take a Thing off the board (grouped over hexes: "take off the flashing")
OFF = ("ch.worm_out", "ch.worm_sank")


def is_off(c: Change) -> bool:
    return c.key in OFF or c.key.startswith("ch.remove")


def grouped(changes: list[Change], one_each: bool = False) -> list[tuple[Hex | None, list]]:
    """Screens for a batch: first every hex where Things only come off, on screens of their
    own (the LEDs flash them all at once; a hex whose Things went off by a die joins them
    with its die's line where they all fit a line each), then one screen a hex for the
    rest (two short ones on one screen: :func:`paired`)."""
    fires = [] if one_each else _fires(changes)
    hurt = [] if one_each else _hurt(changes)
    groups = by_hex([c for c in changes if c not in fires and c not in hurt])
    off = _off(groups, one_each)
    rest = [(h, cs) for h, cs in groups if not any(c in off for c in cs)]
    out: list[tuple[Hex | None, list]] = []
    if one_each:
        out += [(c.at, [c]) for c in off]
    elif len(off) > 1:
        out += [(None, page) for page in off_pages(off)]
    elif off:
        out.append((off[0].at, off))
    for h, cs in rest:
        out += [(h, page) for page in pages(cs, one_each)]
    if not one_each:
        out = paired(out)
    if hurt:                          # every worm hurt at several hexes: one screen
        out.append((None, hurt))
    if fires:                         # every fire the batch started: one screen, last
        out.append((None, fires))
    return out


def _off(groups: list[tuple[Hex | None, list[Change]]], one_each: bool) -> list[Change]:
    """The changes of the hexes where Things only come off, and of those where they went off
    by a die, with its line, while all fit a line each."""
    off = [c for h, cs in groups if all(is_off(c) for c in cs) for c in cs]
    if off and not one_each:
        for _, cs in groups:
            if _diced_off(cs) and sum(_lines(c) for c in off + cs) <= LINES:
                off += cs
    return off


def _diced_off(changes: list[Change]) -> bool:
    """A hex's changes are Things taken off and the dice or coins that sent them."""
    return any(c.key in ROLLS for c in changes) and any(is_off(c) for c in changes) \
        and all(is_off(c) or c.key in ROLLS for c in changes)


#: a worm laid down, hurt (several hexes' on one screen: the worms named)
HURT = "ch.lay_down"


def hurt_lines(lang: str, hurt: list[Change]) -> list[str]:
    """The lines of the screen of a batch's worms hurt at several hexes: a line a worm."""
    return [c.text(lang) for c in hurt]


def _hurt(changes: list[Change]) -> list[Change]:
    """The worms a batch hurt, to lay down from one screen: at two hexes or more, their
    lines fitting one screen in every language; else none."""
    hurt = [c for c in changes if c.key == HURT]
    if len({c.at for c in hurt}) < 2:
        return []
    return hurt if _fit_lines(hurt, hurt_lines) else []


#: a fire placed (a chain's fires go on one screen over their hexes: :func:`fire_lines`)
FIRE = "ch.place.fire"


def _fires(changes: list[Change]) -> list[Change]:
    """The fires of a batch to put on from one screen: at two hexes or more, two at a hex
    at most, their lines fitting one screen in every language; else none (each fire said
    with its hex's other changes)."""
    fires = [c for c in changes if c.key == FIRE]
    hexes = {c.at for c in fires}
    if len(hexes) < 2 or max(sum(c.at == h for c in fires) for h in hexes) > 2:
        return []
    return fires if _fit_lines(fires, fire_lines) else []


def fire_lines(lang: str, fires: list[Change]) -> list[str]:
    """The lines of the screen of a batch's fires over several hexes: one on each flashing
    hex, and the hexes that take two named (they flash too; :func:`grouped` puts three at a
    hex on that hex's own screen)."""
    from .hexnames import hex_name
    count: dict = {}
    for c in fires:
        count[c.at] = count.get(c.at, 0) + c.args.get("times", 1)
    lines = [text("ch.fires_each", lang, n=len(count))]
    more = [hex_name(lang, h) for h, n in count.items() if n > 1]
    if more:
        lines.append(text("ch.fires_more", lang, where=", ".join(more)))
    return lines


def off_pages(off: list[Change]) -> list[list[Change]]:
    """Things to take off, on as few screens as fit (see :func:`off_lines`): the Things on
    one, the worms on the next if both do not fit on one."""
    if _fit_lines(off):
        return [off]
    things = [c for c in off if c.key not in OFF]
    worms = [c for c in off if c.key in OFF]
    return ([things] if things else []) + [worms[i:i + LINES]
                                           for i in range(0, len(worms), LINES)]


def _fit_lines(changes: list[Change], lines=None) -> bool:
    """The lines ``lines(lang, changes)`` gives (:func:`off_lines`) fit one screen in every
    language."""
    from table.fonts import font
    from .layout import BODY, wrap
    fnt = font(12)
    said = lines or off_lines
    return all(sum(len(wrap(line, fnt, BODY[2] - BODY[0])[0]) for line in said(lang, changes))
               <= LINES for lang in LANGS)


def off_lines(lang: str, off: list[Change]) -> list[str]:
    """The lines of a "take off" screen in ``lang``: a line each if they fit, else the
    Things counted by kind and the worms named on one line."""
    if sum(_lines(c) for c in off) <= LINES:
        return [c.text(lang) for c in off]
    kinds: dict[str, int] = {}
    worms = []
    for c in off:
        if c.key in OFF:
            worms.append(worm_short(lang, c.args["team"], c.args["n"]))
        else:
            for kind in c.args.get("things") or [c.key.rsplit(".", 1)[1]] * c.args.get("times", 1):
                kinds[kind] = kinds.get(kind, 0) + 1
    lines = [", ".join(f"{text(f'thing.{k}', lang)} ×{n}" for k, n in kinds.items())] \
        if kinds else []
    if worms:
        lines.append(text("ch.off_worms", lang, who=", ".join(worms)))
    return lines


_LINES: dict[tuple[str, str], int] = {}      # (key, args): its lines (a change said again)


def _lines(c: Change) -> int:
    """How many OLED lines ``c`` takes at most, over every language (worked out once for the
    same change: a worm moved, a Thing placed, said again and again in a game)."""
    said = (c.key, repr(c.args))
    n = _LINES.get(said)
    if n is None:
        from table.fonts import font
        from .layout import BODY, wrap
        fnt = font(12)
        n = max(max(1, len(wrap(c.text(lang), fnt, BODY[2] - BODY[0])[0])) for lang in LANGS)
        if len(_LINES) >= 4096:
            _LINES.clear()
        _LINES[said] = n
    return n


def pages(changes: list[Change], one_each: bool = False) -> list[list[Change]]:
    """``changes`` (of one hex) cut into screens of at most :data:`LINES` lines, the same cut in
    every language; ``one_each``: one change a screen (the owner's setting).  A die's line
    stays on the screen of the change after it (the change it made)."""
    units: list[list[Change]] = []
    held: list[Change] = []
    for c in changes:
        held.append(c)
        if c.key not in ROLLS:
            units.append(held)
            held = []
    if held:
        units.append(held)
    if one_each:
        return units
    out: list[list[Change]] = []
    used = LINES + 1
    for unit in units:
        lines = [_lines(c) for c in unit]
        # (too many dice to keep with their change: a line at a time)
        parts = [list(zip(unit, lines))] if sum(lines) <= LINES else [[cn] for cn in
                                                                      zip(unit, lines)]
        for part in parts:
            n = sum(k for _, k in part)
            if used + n > LINES:
                out.append([])
                used = 0
            out[-1] += [c for c, _ in part]
            used += n
    return out


def on_screen(changes) -> list[Hex]:
    """The hexes a screen of ``changes`` names, in order: one, or two sharing the screen (a
    line said of the whole screen, the wind or the card to draw, is at no hex)."""
    return list(dict.fromkeys(c.at for c in changes if c.at is not None))


def fits(changes, more: Callable[[str], list[str]] | None = None) -> bool:
    """``changes`` fit one screen in every language: their lines, on a screen of two hexes a
    line naming each, and the lines ``more(lang)`` says below them (a card's summary)."""
    hexes = len(on_screen(changes))
    used = sum(_lines(c) for c in changes) + (hexes if hexes > 1 else 0)
    if more is None or used > LINES:
        return used <= LINES
    from table.fonts import font
    from .layout import BODY, wrap
    fnt = font(12)
    return all(used + sum(len(wrap(line, fnt, BODY[2] - BODY[0])[0]) for line in more(lang))
               <= LINES for lang in LANGS)


def paired(screens: list[tuple[Hex | None, list]]) -> list[tuple[Hex | None, list]]:
    """``screens`` with each hex's screen that fits on the one before it, the last of another
    hex's, put there: two hexes on one screen, each named above its changes (one OK, both
    hexes flashing).  A screen over several hexes (``None``) is left as it is.

    >>> fire, crater = Change("ch.place.fire", {}, (1, 0)), Change("ch.place.crater", {}, (0, 2))
    >>> [(h, [c.key for c in cs]) for h, cs in paired([((1, 0), [fire]), ((0, 2), [crater])])]
    [((1, 0), ['ch.place.fire', 'ch.place.crater'])]
    """
    out: list[tuple[Hex | None, list]] = []
    for h, cs in screens:
        last = out[-1] if out else (None, [])
        if h is not None and last[0] is not None and on_screen(last[1]) == [last[0]] \
                and h != last[0] and fits(last[1] + cs):
            out[-1] = (last[0], last[1] + cs)
        else:
            out.append((h, cs))
    return out


def with_tap(screens: list[tuple[Hex | None, list]], tap: Change,
             mover: tuple[str, str] | None = None) -> list[tuple[Hex | None, list]]:
    """``screens`` with ``tap`` (the card a crate gave, to draw and tap next: the tap is the OK
    of the screen that says so) said on the last, if a hex's and there is room; else on the
    screen of the crate a worm opened, put last where it has room (a worm that opened a crate
    where it jumped, then landed elsewhere: the crate's screen after the landing's); else
    ``screens`` as they are (the tap asked on its own screen).  First, the crate and the tap
    in one line where that worm goes without saying (:func:`_crate_tap`; ``mover``: the worm
    whose turn it is).

    >>> opened = Change("ch.crate_opened", {"team": "red", "n": "1"}, (1, 0))
    >>> landed = [Change("ch.roll", {"roll": "jump", "face": "wind", "dir": 4}, (2, 0)),
    ...           Change("ch.came_back", {"team": "red", "n": "1"}, (2, 0))]
    >>> tap = Change("ch.draw_tap", {})
    >>> [h for h, _ in with_tap([((1, 0), [opened]), ((2, 0), landed)], tap)]
    [(2, 0), (1, 0)]
    """
    joined = _crate_tap(screens, mover)
    if joined is not None:
        return joined
    last = len(screens) - 1
    for i in range(last, -1, -1):
        h, cs = screens[i]
        if h is not None and (i == last or any(c.key == "ch.crate_opened" for c in cs)) \
                and fits([*cs, tap]):
            return screens[:i] + screens[i + 1:] + [(h, [*cs, tap])]
    return screens


#: the crate a worm opened and the card it gives, to draw and tap next, said in one line where
#: the screen names that worm at the crate's hex already (it moved there, was hurt there)
CRATE_TAP = "ch.crate_tap"


def _crate_tap(screens: list[tuple[Hex | None, list]],
               mover: tuple[str, str] | None = None) -> list[tuple[Hex | None, list]] | None:
    """``screens`` with the screen of the crate a worm opened said with the card's tap in one
    line (:data:`CRATE_TAP`) where another line at the crate's hex names that worm, or where
    it is ``mover`` (team, number), the worm whose turn it is, which the players chose and
    moved (and the screen is joined or already last), joined with the screen of that hex
    before it where they fit one screen (the same hex no longer split in two), and put last
    (its tap is its OK); None where there is no such screen.

    >>> roll = Change("ch.roll", {"roll": "jump", "face": "2", "dir": 2}, (1, 0))
    >>> moved = Change("ch.move_worm", {"team": "red", "n": "1"}, (1, 0), (0, 0))
    >>> opened = Change("ch.crate_opened", {"team": "red", "n": "1"}, (1, 0))
    >>> [(h, [c.key for c in cs]) for h, cs in _crate_tap([((1, 0), [roll, moved]),
    ...                                                     ((1, 0), [opened])])]
    [((1, 0), ['ch.roll', 'ch.move_worm', 'ch.crate_tap'])]
    """
    for i, (h, cs) in enumerate(screens):
        opened = next((c for c in cs if c.key == "ch.crate_opened"), None)
        if h is None or opened is None:
            continue
        worm = (opened.args["team"], opened.args["n"])
        said = [Change(CRATE_TAP, {}, opened.at) if c is opened else c for c in cs]
        for j in (i - 1, i):                   # (the screen before it first: one screen fewer)
            before = screens[j][1] if j < i else []
            if j < 0 or (j < i and on_screen(before) != [opened.at]):
                continue
            lines = before + said
            named = any(c.at == opened.at and (c.args.get("team"), c.args.get("n")) == worm
                        for c in lines)
            moved = worm == mover and (j < i or i == len(screens) - 1)
            if fits(lines) and (named or moved):
                return screens[:j] + screens[i + 1:] + [(h, lines)]
    return None
