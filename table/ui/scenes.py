"""LED scenes: frames ``{hex: (r, g, b)}`` for the hex grid, computed from the board and what
the players are doing.

A scene never reads the clock: anything that moves takes the time ``t`` (seconds) as an
argument, and :func:`animate` yields ``(time, frame)`` pairs at a steady frame rate from a
start time it is given; the daemon shows each frame when its time comes.  Frames cover the
``grid`` (the LED hexes, :attr:`table.devices.leds.HexLeds.hexes`) and nothing else.
"""

from __future__ import annotations

import functools

import math
from collections.abc import Callable, Iterable, Iterator

from table.engine.board import Board
from table.hexgrid import Hex, neighbour

from .instructions import Instruction

Color = tuple[int, int, int]
Frame = dict[Hex, Color]
Scene = Callable[[float], Frame]

FPS = 30
OFF: Color = (0, 0, 0)
WHITE: Color = (255, 255, 255)
# The palette.  Any two meanings that can be lit at once are at least 20 apart in CIE delta E
# 2000 for the light a WS2812B really gives (tests/ui/test_palette.py says the gamut and the
# white assumed): the board's colours among themselves, and what a prompt lights (dice counts,
# inch and jump, options, the cursor) against every team and the dimmed board under it.  No
# team colour is a Thing's, a dice count's or the cursor's.
WATER: Color = (0, 10, 40)
LAND: Color = (30, 20, 0)
NEW_WATER: Color = (0, 90, 255)
TEAM_COLOURS: dict[str, Color] = {
    "blue": (0, 10, 240), "red": (220, 0, 20), "green": (0, 220, 0),
    "yellow": (220, 220, 0), "purple": (240, 0, 255), "grey": (60, 60, 60),
}
#: Things in colours no team uses: Fire orange, a Crate khaki, an Oil Drum teal, a Mine pale
#: steel, a Crater dark.
THING_COLOURS: dict[str, Color] = {
    "oil_drum": (0, 160, 120), "mine": (180, 180, 180), "crate": (100, 80, 20),
    "fire": (255, 90, 0), "crater": (0, 0, 0),
}
#: Accuracy dice count -> colour, cool to warm as the count (and the choice) grows.
ACCURACY_COLOURS: tuple[Color, ...] = ((120, 120, 255), (0, 120, 180), (0, 255, 180),
                                       (180, 255, 120), (255, 120, 0))
CURSOR: Color = WHITE           # the cursor blinks white (and dark between blinks)
INCH: Color = (0, 255, 255)     # a hex the worm can inch to
JUMP: Color = (255, 120, 0)     # a hex it can jump to
OPTION: Color = (120, 120, 255)  # any other hex to choose; where a die would send the token
DIM = 0.25                      # the board under what a prompt lights
#: The colour legend (the page's and the box's): (what, its string key and arguments, colour).
LEGEND: tuple[tuple[str, str, dict, Color], ...] = (
    ("water", "hex.water", {}, (0, 20, 90)), ("land", "hex.empty_land", {}, (60, 40, 0)),
    *((kind, f"thing.{kind}", {}, c) for kind, c in THING_COLOURS.items()),
    *((f"dice{n}", "roll.title", {"n": n}, c) for n, c in enumerate(ACCURACY_COLOURS, 1)),
    ("inch", "move.inch", {}, INCH), ("jump", "move.jump", {}, JUMP),
    ("cursor", "legend.cursor", {}, CURSOR),
)
BLINK_HZ = 2.0
SHARE_S = 0.6        # a hex with worms of several teams: each team's colour this long in turn
HURT_HZ = 1.0        # a damaged worm pulses this often...
HURT_LOW = 0.12      # ...down to this share of its colour


def scale(c: Color, k: float) -> Color:
    return _scaled(tuple(c), k)        # type: ignore[arg-type]


@functools.lru_cache(maxsize=4096)
def _scaled(c: Color, k: float) -> Color:
    """:func:`scale`, worked out once for each colour and factor (a frame dims every hex)."""
    return (max(0, min(255, round(c[0] * k))), max(0, min(255, round(c[1] * k))),
            max(0, min(255, round(c[2] * k))))


def mix(a: Color, b: Color, k: float) -> Color:
    """``a`` moved a fraction ``k`` (0..1) of the way towards ``b``."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))   # type: ignore[return-value]


def on(t: float, hz: float = BLINK_HZ, phase: float = 0.0) -> bool:
    """A blink: true in the first half of each period."""
    return ((t * hz + phase) % 1.0) < 0.5


# -- still scenes ----------------------------------------------------------------------------

def board_frame(board: Board, grid: Iterable[Hex], t: float = 0.0) -> Frame:
    """Water dim blue, land a dim glow, each worm in its team's colour, other Things in their
    colours.  A hex shows its top Thing: a worm, else the last placed.  Two things move with
    the time ``t``: a hex holding worms of several teams shows each team's colour in turn
    (:data:`SHARE_S` each), and a damaged worm pulses (bright, then :data:`HURT_LOW` of its
    colour, at :data:`HURT_HZ`), so neither looks like one healthy worm."""
    land = board.land
    frame: Frame = {h: LAND if h in land else WATER for h in grid}
    for h, ids in board.hexes.items():          # (only the hexes that hold something)
        if not ids or h not in frame:
            continue
        things = [board.things[i] for i in ids]
        worms = [w for w in things if w.kind == "worm"]
        if worms:
            teams = list(dict.fromkeys(w.team for w in worms))
            team = teams[int(t / SHARE_S) % len(teams)]
            w = next(w for w in worms if w.team == team)
            colour = TEAM_COLOURS.get(team or "", WHITE)
            frame[h] = scale(colour, HURT_LOW) if w.damaged and not on(t, HURT_HZ) else colour
        else:
            frame[h] = THING_COLOURS.get(things[-1].kind, WHITE)
    return frame


def dimmed(frame: Frame, k: float = DIM) -> Frame:
    return {h: scale(c, k) for h, c in frame.items()}


def lit(frame: Frame, colours: dict[Hex, Color]) -> Frame:
    """``frame`` with ``colours`` painted over it (hexes off the grid are left out)."""
    out = dict(frame)
    out.update({h: c for h, c in colours.items() if h in frame})
    return out


def legal(board: Board, grid: Iterable[Hex], hexes: Iterable[Hex],
          colour: Color = WHITE) -> Frame:
    """Moving or picking: the board dimmed, the legal hexes lit."""
    return lit(dimmed(board_frame(board, grid)), {h: colour for h in hexes})


def accuracy_colour(dice: int) -> Color:
    return ACCURACY_COLOURS[min(dice, len(ACCURACY_COLOURS)) - 1]


def cursor(frame: Frame, h: Hex, t: float, colour: Color = WHITE, dark: bool = False) -> Frame:
    """``frame`` with a blinking cursor on ``h`` (``dark``: off between blinks, so it shows
    on a hex lit white too)."""
    if on(t):
        return lit(frame, {h: colour})
    return lit(frame, {h: OFF}) if dark else frame


def instruction(frame: Frame, ins: Instruction, t: float) -> Frame:
    """An instruction's hexes flashing: ``at`` white, then ``to`` (if any) in turn, so the
    eye follows the move from one to the other."""
    colours: dict[Hex, Color] = {}
    if ins.at is not None:
        colours[ins.at] = WHITE if on(t) else OFF
    if ins.to is not None:
        colours[ins.to] = OFF if on(t) else WHITE
    return lit(frame, colours)


# -- animations ------------------------------------------------------------------------------

def animate(scene: Scene, t0: float, seconds: float, fps: int = FPS) -> Iterator[
        tuple[float, Frame]]:
    """``(time, frame)`` every 1/fps seconds from ``t0`` for ``seconds`` (the last frame at
    the end), ``scene`` given the time since ``t0``."""
    if fps <= 0:
        raise ValueError("the frame rate must be positive")
    n = max(1, round(seconds * fps))
    for i in range(n + 1):
        t = i / fps
        yield t0 + t, scene(t)


def blast(base: Frame, at: Hex, seconds: float = 0.8) -> Scene:
    """A flash at ``at`` and a ring of fire spreading to its neighbours, fading back."""
    def scene(t: float) -> Frame:
        k = max(0.0, 1.0 - t / seconds)
        colours = {at: mix(base.get(at, OFF), WHITE, k)}
        ring = max(0.0, 1.0 - abs(t / seconds - 0.3) / 0.3)
        for d in range(1, 7):
            h = neighbour(at, d)
            colours[h] = mix(base.get(h, OFF), (255, 120, 0), ring)
        return lit(base, colours)
    return scene


def scatter_path(base: Frame, path: list[Hex], step: float = 0.2,
                 colour: Color = WHITE) -> Scene:
    """A light running along ``path`` (a scatter, a knockback, a worm's jump), one hex every
    ``step`` seconds, leaving a fading trail."""
    def scene(t: float) -> Frame:
        colours = {}
        head = int(t / step + 1e-9)      # the hex reached; each step back is dimmer
        for i, h in enumerate(path):
            if i <= head:
                colours[h] = mix(base.get(h, OFF), colour, max(0.0, 1.0 - (head - i) / 3))
        return lit(base, colours)
    return scene


def new_water(base: Frame, hexes: Iterable[Hex], seconds: float = 1.0) -> Scene:
    """Flooded hexes pulse bright blue and settle to the water colour."""
    hexes = list(hexes)

    def scene(t: float) -> Frame:
        k = max(0.0, 1.0 - t / seconds)
        pulse = 0.5 + 0.5 * math.cos(2 * math.pi * t * 2)
        return lit(base, {h: mix(WATER, NEW_WATER, k * pulse) for h in hexes})
    return scene


def wind_arrow(grid: Iterable[Hex], direction: int, centre: Hex = (0, 0),
               base: Frame | None = None, step: float = 0.15) -> Scene:
    """The wind: a pulse running out from the Wind Dial hex in ``direction`` to the edge of
    the grid, again and again."""
    grid = set(grid)
    line = [centre]
    while neighbour(line[-1], direction) in grid:
        line.append(neighbour(line[-1], direction))
    frame0 = base if base is not None else {h: OFF for h in grid}

    def scene(t: float) -> Frame:
        head = (t / step) % (len(line) + 2)
        colours = {}
        for i, h in enumerate(line):
            k = max(0.0, 1.0 - abs(head - i) / 2)
            colours[h] = mix((0, 30, 30), (0, 255, 255), k)
        return lit(frame0, colours)
    return scene


#: Moves shown as a running light (how a Thing was thrown, not a player's own step).
THROWN = frozenset({"scatter", "knockback", "jump", "blast", "push", "accuracy"})


def event_scenes(events: list[dict], base: Frame, grid: Iterable[Hex]) -> list[
        tuple[Scene, float]]:
    """The animations for engine events, in order, each with its length in seconds: blasts
    flash, thrown Things and the Target Token run their path, new water pulses, the wind
    runs from the dial.  Play each with :func:`animate`."""
    out: list[tuple[Scene, float]] = []
    target = None
    for e in events:
        name = e["event"]
        if name == "blast":
            out.append((blast(base, tuple(e["at"])), 0.8))
        elif name == "move" and e["by"] in THROWN:
            out.append((scatter_path(base, [tuple(e["from"]), tuple(e["to"])]), 0.4))
        elif name == "target":
            at = tuple(e["at"])
            if e.get("by") is not None and target is not None:
                out.append((scatter_path(base, [target, at], colour=(255, 0, 255)), 0.4))
            target = at
        elif name == "flood":
            out.append((new_water(base, [tuple(e["at"])]), 1.0))
        elif name == "wind":
            out.append((wind_arrow(grid, e["to"], base=base), 1.5))
    return out
