"""Data-sheet sizes of the bought parts the printed parts hold (millimetres).

Each is the manufacturer's drawing where there is one, else the common clone's measured size;
the parts add clearance to these, and `checks.py` proves every pocket takes the part.
"""

from __future__ import annotations

from dataclasses import dataclass

CLEARANCE = 0.3          # per side, for a pocket round a bought part (FDM, 0.4 mm nozzle)


@dataclass(frozen=True)
class Servo:
    name: str
    body: tuple[float, float, float]     # length (along the tabs), width, height
    tab_span: float                      # tip to tip of the mounting tabs
    tab_bottom: float                    # height of the tabs' underside above the body's bottom
    tab_thick: float
    tab_hole_pitch: float                # between the two tab screw holes
    shaft_from_end: float                # output shaft axis from the near end of the body
    spline_top: float                    # top of the output spline above the body's bottom


# TowerPro SG90 and MG90S data sheets; the pocket takes either.
SERVOS = {
    "SG90": Servo("TowerPro SG90", (22.2, 11.8, 22.7), 32.2, 15.9, 2.5, 27.8, 5.9, 28.6),
    "MG90S": Servo("TowerPro MG90S", (22.8, 12.2, 22.8), 32.1, 15.9, 2.5, 27.8, 5.9, 28.6),
}


@dataclass(frozen=True)
class Board:
    name: str
    size: tuple[float, float, float]     # x, y, thickness of the PCB
    holes: tuple[tuple[float, float], ...]  # hole centres from the PCB's centre
    screw: str                           # metric size of its mounting screws
    window: tuple[float, float] = (0.0, 0.0)   # OLED: the active area to show
    glass: tuple[float, float, float] = (0.0, 0.0, 0.0)   # OLED: the glass panel on the PCB
    window_at: tuple[float, float] = (0.0, 0.0)   # OLED: the active area's middle from the
    #                                               board's, across and up (header at the top)


def _rect(dx: float, dy: float) -> tuple[tuple[float, float], ...]:
    return ((-dx / 2, -dy / 2), (dx / 2, -dy / 2), (dx / 2, dy / 2), (-dx / 2, dy / 2))


BOARDS = {
    # Raspberry Pi 4 B / 5 mechanical drawing: 85 x 56, M2.5 holes 58 x 49 (3.5 from the edge)
    "pi": Board("Raspberry Pi 4 Model B / 5", (85.0, 56.0, 1.4),
                tuple((x - 42.5 + 3.5 + 29, y) for x, y in _rect(58, 49)), "M2.5"),
    # Raspberry Pi Pico data sheet: 51 x 21, 2.1 mm holes 47 x 11.4
    "pico": Board("Raspberry Pi Pico", (51.0, 21.0, 1.0), _rect(47.0, 11.4), "M2"),
    # 5 x 7 cm prototype board for the 74AHCT125, resistor and capacitor: holes 2 mm in
    "shifter": Board("5 x 7 cm perfboard (74AHCT125)", (70.0, 50.0, 1.6), _rect(66.0, 46.0),
                     "M2.5"),
    # 0.96" SSD1306 4-pin module: active area 21.74 x 10.86 on a 26.70 x 19.26 glass (the
    # panel's drawing); it sits 1.75 mm off the board's middle towards the header, away from
    # the glass's flex and driver (the published model of the common JMD0.96A-2 module)
    "ssd1306-0.96": Board("0.96\" SSD1306 I2C module", (27.3, 27.8, 1.2), _rect(23.3, 23.8),
                          "M2", window=(21.74, 10.86), glass=(26.7, 19.26, 1.5),
                          window_at=(0.0, 1.75)),
    # 1.3" SH1106 4-pin module: active area 29.42 x 14.7 on a 34.5 x 23.0 glass; no published
    # figure of where it sits on the board: taken as the middle (box.oled_offset_mm to set it)
    "sh1106-1.3": Board("1.3\" SH1106 I2C module", (35.4, 33.5, 1.2), _rect(30.4, 28.5),
                        "M2", window=(29.42, 14.7), glass=(34.5, 23.0, 1.5)),
}

# the boards the BOM offers for each place on the floor (hardware/BOM.md lists exactly these;
# `checks` proves each fits the bosses): Pi 4 B and Pi 5 mechanical drawings, Pico data sheet
BOARD_OPTIONS = {
    "pi": (Board("Raspberry Pi 4 Model B", (85.0, 56.0, 1.4),
                 tuple((x - 42.5 + 3.5 + 29, y) for x, y in _rect(58, 49)), "M2.5"),
           Board("Raspberry Pi 5", (85.0, 56.0, 1.4),
                 tuple((x - 42.5 + 3.5 + 29, y) for x, y in _rect(58, 49)), "M2.5")),
    "pico": (Board("Raspberry Pi Pico (SC0915)", (51.0, 21.0, 1.0), _rect(47.0, 11.4), "M2"),),
}

BOARDS |= {
    # Elechouse PN532 NFC module V3: 42.7 x 40.4 mm, antenna on the board
    # (thickness: the 1.6 mm board and its parts)
    "pn532": Board("Elechouse PN532 NFC module V3", (42.7, 40.4, 3.6), (), "M2.5"),
    # RDM6300: the flat 125 kHz coil (46 x 32) lies under the pad; the board hangs by its wires
    "rdm6300": Board("RDM6300 coil antenna", (46.0, 32.0, 2.0), (), "M2.5"),
}

# the card reader's working distance through plastic (data sheets: PN532 with NTAG213 stickers
# about 30 mm in air; RDM6300 with EM4100 cards about 20 mm): the pad leaves this much skin
READER_SKIN_MM = {"pn532": 2.0, "rdm6300": 2.0}
# the reader's board alone, its flat (antenna) side: the PN532 V3's 1.6 mm PCB (its parts stand
# 2.0 mm more on the other side); the clamps hold it either way round (front.reader_clamps)
READER_FLAT = {"pn532": 1.6}


@dataclass(frozen=True)
class ButtonKind:
    name: str
    hole: float              # the panel hole (cap + clearance)
    pitch: float             # between the rosette's centre and each direction button
    switch: tuple[float, float]   # switch body (square side, height to the cap's top)
    board: bool              # switches on a board behind the front (else snap-in)


BUTTONS = {
    # Omron B3F-4055 12 x 12 x 7.3 mm with a B32-1010 cap (13 mm round); 11 mm with the cap;
    # the hole leaves 0.7 mm round the cap (the printed carrier places the switch exactly)
    "tactile-12": ButtonKind("Omron B3F-4055 with B32-1010 cap", 14.4, 17.0, (12.0, 11.0), True),
    # 24 mm snap-in arcade button (e.g. Sanwa OBSF-24): 24 mm hole
    "arcade-24": ButtonKind("24 mm snap-in arcade button", 24.2, 30.0, (24.0, 30.0), False),
}

# LED holders: the pocket in each cell's floor
LEDS = {
    # 10 mm round WS2812B pixel boards (e.g. BTF-Lighting WS2812B 10 mm heatsink PCBs)
    "pixel-board": ("WS2812B on a 10 mm round board", (10.0, 10.0, 1.6)),
    # one LED cut from a 60/m WS2812B strip: 10 mm wide, 16.7 mm long
    "strip-cut": ("one LED cut from a 60 LEDs/m WS2812B strip", (16.7, 10.0, 1.6)),
}

HEADER_IN = 1.5              # an OLED module's header row: this far in from its top edge
HEADER_PROUD = 1.8           # a soldered header's pin ends stand this far out on the glass side

# heat-set inserts (CNC Kitchen): the hole they melt into, and their length
INSERT_HOLE = {"M3": 4.0, "M2.5": 3.6, "M2": 3.2}

# ISO 2338 dowel pins, 3 mm m6 (hardened): the standard lengths (box.shaft = "steel")
DOWEL_LENGTHS = (16, 18, 20, 22, 24, 26, 28, 30, 32, 35, 40, 45, 50)
BEARING_SIZE = (3.0, 10.0, 4.0)   # the dial's deep groove ball bearing 623 (M3-10-4): 3 x 10 x 4
DC_JACK_HOLE = 8.0           # panel-mount 5.5/2.1 mm DC jack (e.g. DC-099): 8 mm hole
