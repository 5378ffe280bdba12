"""The LED colours (issue 23 item 8): any two meanings that can be lit at once are at least
:data:`MIN_DE` apart in CIE delta E 2000, computed for the light the LEDs really emit.

The LEDs' gamut.  A WS2812B's three dies, from its datasheet: red at a dominant wavelength of
620-630 nm (390-420 mcd), green 515-530 nm (660-720 mcd), blue 465-475 nm (180-200 mcd).
We take each die's chromaticity as that of a ~25 nm wide LED at the middle wavelength
(x, y below, a little inside the spectral locus) and its luminance in proportion to the middle
of its intensity range.  The LEDs have no gamma: the chip's PWM makes the light linear in each
8-bit value (and table/devices/leds.py applies none), so a colour's XYZ is the sum of the dies'
XYZ scaled by value/255.  The eye is taken as adapted to the LEDs' own full white (all three
dies at 255), the reference white of CIELAB; the brightness cap scales every colour and that
white alike, so the distances do not depend on it.
"""

import itertools
import math

import pytest

from table.engine.board import Board, Thing
from table.ui import scenes

MIN_DE = 20.0
#: die -> (x, y, luminous intensity in mcd)
DIES = {"red": (0.690, 0.308, 405.0), "green": (0.170, 0.700, 690.0),
        "blue": (0.135, 0.070, 190.0)}


def _xyz_of_die(x, y, lum):
    return (x / y * lum, lum, (1 - x - y) / y * lum)


PRIMARIES = [_xyz_of_die(*DIES[d]) for d in ("red", "green", "blue")]


def led_xyz(c):
    return tuple(sum(v / 255 * p[i] for v, p in zip(c, PRIMARIES)) for i in range(3))


WHITE_XYZ = led_xyz((255, 255, 255))


def lab(c):
    """CIELAB of an LED colour (r, g, b) 0..255, white = the LEDs' full white."""
    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(a / w) for a, w in zip(led_xyz(c), WHITE_XYZ))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1, lab2):
    """CIEDE2000 (Sharma, Wu, Dalal 2005), kL = kC = kH = 1."""
    (L1, a1, b1), (L2, a2, b2) = lab1, lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = L2 - L1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6))
         - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    d_theta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (d_c / s_c) * (d_h / s_h))


def de(c1, c2):
    return delta_e_2000(lab(c1), lab(c2))


@pytest.mark.parametrize("lab1, lab2, want", [       # Sharma et al.'s test data
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((50, 2.5, 0), (61, -5, 29), 22.8977),
    ((50, 2.5, 0), (56, -27, -3), 31.9030),
    ((50, 2.5, 0), (58, 24, 15), 19.4535),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_the_delta_e_2000_is_right(lab1, lab2, want):
    assert delta_e_2000(lab1, lab2) == pytest.approx(want, abs=1e-4)
    assert delta_e_2000(lab2, lab1) == pytest.approx(want, abs=1e-4)


# -- what can be lit at once -------------------------------------------------------------------

TEAMS = {f"team {t}": c for t, c in scenes.TEAM_COLOURS.items()}
BOARD = {**TEAMS, **{f"thing {k}": c for k, c in scenes.THING_COLOURS.items()},
         "water": scenes.WATER, "land": scenes.LAND}
#: the board as it lies dimmed under what a prompt lights
DIMMED = {f"{k}, dimmed": scenes.scale(c, scenes.DIM) for k, c in BOARD.items()}
#: what a prompt lights over the dimmed board (with the active worm in its team's colour)
LIT = {
    "aiming": {**{f"{n} dice": c for n, c in enumerate(scenes.ACCURACY_COLOURS, 1)},
               "cursor": scenes.CURSOR},
    "moving": {"inch": scenes.INCH, "jump": scenes.JUMP, "cursor": scenes.CURSOR},
    "picking a hex or a die": {"option": scenes.OPTION, "cursor": scenes.CURSOR},
}


def too_close(pairs):
    return sorted((round(de(a, b), 1), x, y) for (x, a), (y, b) in pairs if de(a, b) < MIN_DE)


def test_the_board_s_colours_are_told_apart():
    assert too_close(itertools.combinations(BOARD.items(), 2)) == []


@pytest.mark.parametrize("what", sorted(LIT))
def test_what_a_prompt_lights_is_told_apart_from_the_teams_and_the_board(what):
    lit = LIT[what]
    pairs = list(itertools.combinations(lit.items(), 2))
    pairs += list(itertools.product(lit.items(), TEAMS.items()))
    pairs += list(itertools.product(lit.items(), DIMMED.items()))
    assert too_close(pairs) == []


def test_no_team_colour_is_a_thing_dice_or_cursor_colour():
    others = {**{k: c for k, c in BOARD.items() if not k.startswith("team")},
              **{k: c for lit in LIT.values() for k, c in lit.items()}}
    assert not set(TEAMS.values()) & set(others.values())


# -- a hex of two teams, a damaged worm ---------------------------------------------------------

GRID = [(0, 0), (1, 0), (2, 0)]


def frames(board, seconds=3.0, fps=30):
    return [scenes.board_frame(board, GRID, i / fps) for i in range(int(seconds * fps))]


def test_a_hex_with_two_teams_worms_shows_each_team_in_turn():
    board = Board(land=set(GRID), wind=1)
    board.add(Thing("red-1", "worm", (0, 0), team="red"))
    board.add(Thing("blue-2", "worm", (0, 0), team="blue"))
    board.add(Thing("green-1", "worm", (1, 0), team="green"))
    shown = [f[(0, 0)] for f in frames(board)]
    assert set(shown) == {scenes.TEAM_COLOURS["red"], scenes.TEAM_COLOURS["blue"]}
    assert {f[(1, 0)] for f in frames(board)} == {scenes.TEAM_COLOURS["green"]}   # one team


def test_a_damaged_worm_pulses_where_a_healthy_one_is_steady():
    board = Board(land=set(GRID), wind=1)
    board.add(Thing("red-1", "worm", (0, 0), team="red"))
    board.add(Thing("red-2", "worm", (1, 0), team="red", damaged=True))
    hurt = {f[(1, 0)] for f in frames(board)}
    assert {f[(0, 0)] for f in frames(board)} == {scenes.TEAM_COLOURS["red"]}
    assert len(hurt) == 2 and de(*hurt) >= MIN_DE
    for team, c in scenes.TEAM_COLOURS.items():        # every team's pulse is seen
        assert de(c, scenes.scale(c, scenes.HURT_LOW)) >= MIN_DE, team
