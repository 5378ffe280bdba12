"""The power board as a picture (PNG) for the guide: its parts side and its wiring side (the
board turned over left to right, every wire in its net's colour), drawn with Pillow from the
same layout as `power_board.svg` (`powerboard`), at 14 pixels a millimetre."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .powerboard import BOARD, COLOURS, PARTS, WIRES
from .render import BACKGROUND, _font

PX = 14.0            # pixels a millimetre
MARGIN = 60
TITLE_H = 90


def picture(led_pin: int, servo_pin: int) -> Image.Image:
    w, h = BOARD.size
    vw, vh = w * PX, h * PX
    img = Image.new("RGB", (int(2 * vw + 3 * MARGIN), int(vh + TITLE_H + 2 * MARGIN + 40)),
                    BACKGROUND)
    canvas = ImageDraw.Draw(img)
    canvas.text((MARGIN, 30), f"The power board ({BOARD.name}), 1:1 in power_board.svg",
                fill=(20, 20, 20), font=_font(30), anchor="lm")
    for i, (mirrored, title) in enumerate(((False, "Parts side: where each part goes"),
                                           (True, "Wiring side: the board turned over left to "
                                                  "right, the wires on the back"))):
        x0, y0 = MARGIN + i * (vw + MARGIN), TITLE_H + MARGIN
        canvas.text((x0, y0 - 22), title, fill=(20, 20, 20), font=_font(24), anchor="lm")
        _view(canvas, x0, y0, mirrored, led_pin, servo_pin)
    x = float(MARGIN)
    y = TITLE_H + MARGIN + vh + 40
    font = _font(22)
    for net, colour in COLOURS.items():
        canvas.rectangle((x, y - 9, x + 30, y + 9), fill=colour, outline=(60, 60, 60))
        canvas.text((x + 38, y), net, fill=(30, 30, 30), font=font, anchor="lm")
        x += 38 + canvas.textlength(net, font=font) + 30
    return img


def _view(canvas: ImageDraw.ImageDraw, x0: float, y0: float, mirrored: bool, led: int,
          servo: int) -> None:
    w, h = BOARD.size

    def at(hole: tuple[int, int]) -> tuple[float, float]:
        x, y = BOARD.xy(hole)
        return x0 + (w - x if mirrored else x) * PX, y0 + (h - y) * PX

    canvas.rectangle((x0, y0, x0 + w * PX, y0 + h * PX), fill=(243, 233, 198), outline=(0, 0, 0),
                     width=2)
    for sx, sy in BOARD.screw_holes:
        x, y = x0 + (w - sx if mirrored else sx) * PX, y0 + (h - sy) * PX
        canvas.ellipse((x - 1.4 * PX, y - 1.4 * PX, x + 1.4 * PX, y + 1.4 * PX), fill="white",
                       outline=(0, 0, 0), width=2)
    small = _font(17)
    for c in range(1, BOARD.cols + 1):
        for r in range(1, BOARD.rows + 1):
            x, y = at((c, r))
            canvas.ellipse((x - 0.45 * PX, y - 0.45 * PX, x + 0.45 * PX, y + 0.45 * PX),
                           fill=(176, 141, 87))
        x, _ = at((c, 1))
        canvas.text((x, y0 + h * PX + 14), BOARD.name_of((c, 1))[:-1], fill=(40, 40, 40),
                    font=small, anchor="mm")
    for r in range(1, BOARD.rows + 1):
        x, y = at((1, r))
        canvas.text((x - 26 if not mirrored else x + 26, y), str(r), fill=(40, 40, 40),
                    font=small, anchor="mm")
    if mirrored:
        for net, points in WIRES:
            canvas.line([at(p) for p in points], fill=COLOURS[net], width=int(0.7 * PX),
                        joint="curve")
    for part in PARTS:
        pts = [at(lead.hole) for lead in part.leads]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if not mirrored and part.ref != "PICO":
            b = part.body * PX
            canvas.rounded_rectangle((min(xs) - b, min(ys) - b, max(xs) + b, max(ys) + b),
                                     radius=8, outline=(21, 101, 192), width=3)
            canvas.text((min(xs) - b, min(ys) - b - 4), part.ref, fill=(21, 101, 192),
                        font=_font(20), anchor="lb")
        for lead, (x, y) in zip(part.leads, pts):
            colour = COLOURS.get(lead.net, "#1565c0")
            canvas.ellipse((x - 0.75 * PX, y - 0.75 * PX, x + 0.75 * PX, y + 0.75 * PX),
                           fill=colour)
            if part.ref == "PICO":
                canvas.text((x + 12, y - 12), lead.pin.format(led=led, servo=servo), fill=colour,
                            font=small, anchor="lb")
