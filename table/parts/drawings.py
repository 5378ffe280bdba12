"""The power board as a 1:1 drawing (SVG) of the layout in `powerboard`: the parts' side (where
each part goes) and the wiring side (the wires on the back, drawn as you see them with the board
turned over: mirrored left to right), with the table of holes.  Pure Python."""

from __future__ import annotations

from .powerboard import BOARD, COLOURS, PARTS, WIRES

GAP = 14.0          # mm between the two views


def holes_table(led_pin: int, servo_pin: int) -> list[tuple[str, str, list[str]]]:
    """(designator, what, ["A1 GND", ...]) for every part."""
    out = []
    for part in PARTS:
        what = part.what.format(led=led_pin, servo=servo_pin)
        out.append((part.ref, what, [f"{BOARD.name_of(lead.hole)} "
                                     f"{lead.pin.format(led=led_pin, servo=servo_pin)}"
                                     + (f" ({lead.net})" if lead.net else "")
                                     for lead in part.leads]))
    return out


def power_board_svg(led_pin: int, servo_pin: int) -> str:
    """Both sides, 70 x 50 mm each at 1:1 (print at 100 %), the table below."""
    w, h = BOARD.size
    rows = holes_table(led_pin, servo_pin)
    top = 8.0
    table_y = top + h + 12.0
    height = table_y + 3.4 * len(rows) + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="297mm" height="{height:.0f}mm" '
           f'viewBox="0 0 297 {height:.0f}" font-family="DejaVu Sans, sans-serif">',
           '  <!-- worms-table power board, 1:1: print at 100 % and check the 70 mm ruler -->']
    out += _view(0.0, top, mirrored=False, led=led_pin, servo=servo_pin)
    out += _view(w + GAP, top, mirrored=True, led=led_pin, servo=servo_pin)
    out.append(f'  <text x="0" y="{top - 2.5}" font-size="3" font-weight="bold">Parts side '
               '(parts on top)</text>')
    out.append(f'  <text x="{w + GAP}" y="{top - 2.5}" font-size="3" font-weight="bold">Wiring '
               'side (the board turned over left to right)</text>')
    out.append(f'  <line x1="0" y1="{top + h + 5}" x2="70" y2="{top + h + 5}" stroke="black" '
               'stroke-width="0.3"/>')
    out.append(f'  <text x="0" y="{top + h + 8.5}" font-size="2.5">70 mm at 1:1. {_xml(BOARD.name)}'
               '. Lay the wires on the back along the coloured lines only; each wire touches only '
               'the holes it is drawn over.</text>')
    for i, (net, colour) in enumerate(COLOURS.items()):
        out.append(f'  <rect x="{2 * w + GAP + 8}" y="{top + 4.2 * i - 2}" width="4" height="2" '
                   f'fill="{colour}"/>')
        out.append(f'  <text x="{2 * w + GAP + 13.5}" y="{top + 4.2 * i}" font-size="2.5">'
                   f'{net}</text>')
    y = table_y
    for name, what, where in rows:
        out.append(f'  <text x="0" y="{y:.1f}" font-size="2.1"><tspan font-weight="bold">{name}'
                   f'</tspan> {_xml(what)}: {_xml(", ".join(where))}</text>')
        y += 3.4
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _view(x0: float, y0: float, mirrored: bool, led: int, servo: int) -> list[str]:
    w, h = BOARD.size

    def at(hole: tuple[int, int]) -> tuple[float, float]:
        x, y = BOARD.xy(hole)
        return x0 + (w - x if mirrored else x), y0 + h - y

    out = [f'  <rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="#f3e9c6" stroke="black" '
           'stroke-width="0.2"/>']
    for sx, sy in BOARD.screw_holes:
        x = x0 + (w - sx if mirrored else sx)
        out.append(f'  <circle cx="{x:.2f}" cy="{y0 + h - sy:.2f}" r="1.4" fill="white" '
                   'stroke="black" stroke-width="0.2"/>')
    for c in range(1, BOARD.cols + 1):
        for r in range(1, BOARD.rows + 1):
            x, y = at((c, r))
            out.append(f'  <circle cx="{x:.2f}" cy="{y:.2f}" r="0.45" fill="#b08d57"/>')
    for c in range(1, BOARD.cols + 1, 2):          # every other column letter, every row number
        x, y = at((c, 1))
        out.append(f'  <text x="{x:.2f}" y="{y0 + h + 2.6:.2f}" font-size="1.6" '
                   f'text-anchor="middle">{BOARD.name_of((c, 1))[:-1]}</text>')
    for r in range(1, BOARD.rows + 1, 2):
        x, y = at((1, r))
        side = x - 3.6 if not mirrored else x + 2.2
        out.append(f'  <text x="{side:.2f}" y="{y + 0.6:.2f}" font-size="1.6">{r}</text>')
    if mirrored:
        for net, points in WIRES:
            line = " ".join(f"{at(p)[0]:.2f},{at(p)[1]:.2f}" for p in points)
            out.append(f'  <polyline points="{line}" fill="none" stroke="{COLOURS[net]}" '
                       'stroke-width="0.7" stroke-linecap="round" stroke-linejoin="round"/>')
    for part in PARTS:
        pts = [at(lead.hole) for lead in part.leads]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if not mirrored and part.ref != "PICO":
            b = part.body
            out.append(f'  <rect x="{min(xs) - b:.2f}" y="{min(ys) - b:.2f}" '
                       f'width="{max(xs) - min(xs) + 2 * b:.2f}" '
                       f'height="{max(ys) - min(ys) + 2 * b:.2f}" rx="0.6" fill="none" '
                       'stroke="#1565c0" stroke-width="0.3"/>')
            out.append(f'  <text x="{min(xs) - b:.2f}" y="{min(ys) - b - 0.5:.2f}" '
                       f'font-size="1.8" fill="#1565c0">{part.ref}</text>')
        for lead, (x, y) in zip(part.leads, pts):
            colour = COLOURS.get(lead.net, "#1565c0")
            out.append(f'  <circle cx="{x:.2f}" cy="{y:.2f}" r="0.75" fill="{colour}"/>')
            if part.ref == "PICO" and not mirrored:
                out.append(f'  <text x="{x + 1:.2f}" y="{y - 1:.2f}" font-size="1.5" '
                           f'fill="{colour}">{lead.pin.format(led=led, servo=servo)}</text>')
    return out


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
