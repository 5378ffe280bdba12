"""The power board as a 1:1 drawing (SVG): a 5 x 7 cm perfboard, 2.54 mm pitch, each part at
its holes, each wire from pad to pad, and the table of hole coordinates.  Pure Python.

Holes are named column letter + row number (A1 at the board's lower left, seen from the parts'
side) and measured in millimetres from the lower left corner of the board.  The Pico's pins
come from the profile (`leds.pico_pin`); the divider's and the pull-down's from the firmware's
and the harness's (`table.wiring`).
"""

from __future__ import annotations

from . import modules as M

PITCH = 2.54
COLS, ROWS = 26, 18                 # a 5 x 7 cm board's grid
MARGIN = (70.0 - (COLS - 1) * PITCH) / 2, (50.0 - (ROWS - 1) * PITCH) / 2

# designator, what, its leads' holes (column, row from 1), outline (w, h in holes, centre)
PARTS = (
    ("J0", "from the barrel jack: + (red), - (black)", ((1, 3), (1, 1))),
    ("C2", "1000 uF 10 V, + at the top (stripe = -)", ((4, 3), (4, 1))),
    ("D1", "1N5817, band towards the Pico (VSYS)", ((3, 6), (7, 6))),
    ("U1", "74AHCT125, notch left (pin 1 lower left)",
     tuple((9 + k, 9) for k in range(7)) + tuple((15 - k, 12) for k in range(7))),
    ("C1", "100 nF across U1 pin 14 and pin 7", ((18, 12), (18, 9))),
    ("R1", "330 ohm: U1 1Y (pin 3) to J1 pin 2", ((11, 6), (15, 6))),
    ("R4", "10 kohm: U1 1A (pin 2) to GND", ((10, 6), (10, 2))),
    ("R2", "10 kohm: + rail to the divider's junction", ((3, 15), (7, 15))),
    ("R3", "10 kohm: the junction to AGND", ((8, 15), (12, 15))),
    ("J1", "JST-XH 5-pin B5B-XH-A: the lid (1 +5V, 2 DIN, 3 GND, 4 +5V, 5 GND)",
     tuple((17 + k, 16) for k in range(5))),
    ("SERVO", "3-pin header: signal, +5V, GND; C3 470 uF at the servo's plug",
     ((22, 3), (23, 3), (24, 3))),
    ("PICO", "wires to the Pico: GP{led} (data), GP26 (rail), VSYS, GND, AGND, GP{servo}",
     tuple((26, 5 + 2 * k) for k in range(6))),
)

# the wires on the back, hole to hole (22 AWG for 5 V and GND, thin for signals)
WIRES = (
    ("+5V", (1, 3), (4, 3)), ("+5V", (4, 3), (3, 6)), ("+5V", (4, 3), (3, 15)),
    ("+5V", (3, 6), (3, 12)), ("+5V", (3, 12), (9, 12)), ("+5V", (9, 12), (18, 12)),
    ("+5V", (18, 12), (17, 16)), ("+5V", (18, 12), (20, 16)), ("+5V", (18, 12), (23, 3)),
    ("GND", (1, 1), (4, 1)), ("GND", (4, 1), (10, 2)), ("GND", (10, 2), (15, 9)),
    ("GND", (15, 9), (18, 9)), ("GND", (9, 9), (15, 9)), ("GND", (18, 9), (19, 16)),
    ("GND", (18, 9), (21, 16)), ("GND", (18, 9), (24, 3)), ("GND", (18, 9), (26, 11)),
    ("DATA", (26, 5), (10, 9)), ("DATA", (10, 6), (10, 9)), ("DATA", (11, 9), (11, 6)),
    ("DATA", (15, 6), (18, 16)), ("RAIL", (7, 15), (8, 15)), ("RAIL", (8, 15), (26, 7)),
    ("AGND", (12, 15), (26, 13)), ("VSYS", (7, 6), (26, 9)), ("SERVO", (26, 15), (22, 3)),
    # U1's unused buffers: 2OE, 3OE, 4OE (pins 4, 10, 13) to VCC; 2A, 3A, 4A (5, 9, 12) to GND
    ("+5V", (12, 9), (9, 12)), ("+5V", (13, 12), (9, 12)), ("+5V", (10, 12), (9, 12)),
    ("GND", (13, 9), (15, 9)), ("GND", (14, 12), (15, 9)), ("GND", (11, 12), (15, 9)),
)


def hole_xy(col: int, row: int) -> tuple[float, float]:
    """A hole's centre in mm from the board's lower left corner."""
    return MARGIN[0] + (col - 1) * PITCH, MARGIN[1] + (row - 1) * PITCH


def hole_name(col: int, row: int) -> str:
    return f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[col - 1]}{row}"


def holes_table(led_pin: int, servo_pin: int) -> list[tuple[str, str, list[str]]]:
    """(designator, what, ["A1 (2.0, 3.1)", ...]) for every part."""
    out = []
    for name, what, leads in PARTS:
        text = what.format(led=led_pin, servo=servo_pin)
        out.append((name, text, [f"{hole_name(c, r)} ({hole_xy(c, r)[0]:.2f}, "
                                 f"{hole_xy(c, r)[1]:.2f})" for c, r in leads]))
    return out


COLOURS = {"+5V": "#c62828", "GND": "#222222", "DATA": "#2e7d32", "RAIL": "#f9a825",
           "AGND": "#555555", "VSYS": "#ad1457", "SERVO": "#ef6c00"}


def power_board_svg(led_pin: int, servo_pin: int) -> str:
    """The drawing, 70 x 50 mm at 1:1 (print it at 100 %), with its table below."""
    w, h = 70.0, 50.0
    rows = holes_table(led_pin, servo_pin)
    table_h = 6.0 + 3.2 * len(rows)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="297mm" '
           f'height="{h + table_h + 8:.0f}mm" viewBox="0 0 297 {h + table_h + 8:.0f}" '
           'font-family="DejaVu Sans, sans-serif">',
           '  <!-- worms-table power board, 1:1: print at 100 % and check the 70 mm ruler -->',
           f'  <rect x="0" y="0" width="{w}" height="{h}" fill="#f3e9c6" stroke="black" '
           'stroke-width="0.2"/>']

    def at(c: int, r: int) -> tuple[float, float]:
        x, y = hole_xy(c, r)
        return x, h - y

    for hx, hy in M.BOARDS["shifter"].holes:
        out.append(f'  <circle cx="{w / 2 + hx:.2f}" cy="{h / 2 - hy:.2f}" r="1.5" '
                   'fill="white" stroke="black" stroke-width="0.2"/>')
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            x, y = at(c, r)
            out.append(f'  <circle cx="{x:.2f}" cy="{y:.2f}" r="0.45" fill="#b08d57"/>')
    for net, a, b in WIRES:
        (x0, y0), (x1, y1) = at(*a), at(*b)
        out.append(f'  <polyline points="{x0:.2f},{y0:.2f} {x1:.2f},{y0:.2f} {x1:.2f},{y1:.2f}" '
                   f'fill="none" stroke="{COLOURS[net]}" stroke-width="0.5" opacity="0.7"/>')
    for name, _, leads in PARTS:
        pts = [at(c, r) for c, r in leads]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append(f'  <rect x="{min(xs) - 1.2:.2f}" y="{min(ys) - 1.2:.2f}" '
                   f'width="{max(xs) - min(xs) + 2.4:.2f}" height="{max(ys) - min(ys) + 2.4:.2f}" '
                   'fill="none" stroke="#1565c0" stroke-width="0.3"/>')
        out += [f'  <circle cx="{x:.2f}" cy="{y:.2f}" r="0.6" fill="#1565c0"/>' for x, y in pts]
        out.append(f'  <text x="{min(xs) - 1.0:.2f}" y="{min(ys) - 1.6:.2f}" font-size="1.8" '
                   f'fill="#1565c0">{name}</text>')
    out.append(f'  <line x1="0" y1="{h + 3}" x2="70" y2="{h + 3}" stroke="black" '
               'stroke-width="0.3"/>')
    out.append(f'  <text x="0" y="{h + 6.5}" font-size="2.5">70 mm at 1:1; holes from the lower '
               'left corner (A1), parts side up</text>')
    y = h + 10.0
    for name, what, where in rows:
        out.append(f'  <text x="0" y="{y:.1f}" font-size="2.0"><tspan font-weight="bold">{name}'
                   f'</tspan> {_xml(what)}: {", ".join(where)}</text>')
        y += 3.2
    for i, (net, colour) in enumerate(COLOURS.items()):
        out.append(f'  <text x="{w + 4}" y="{6 + 4 * i}" font-size="2.5" fill="{colour}">'
                   f'{net}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
