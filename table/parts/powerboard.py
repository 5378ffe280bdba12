"""The power board's layout: which perfboard, where each part's leads go and on which net, and
the wires on the back, hole by hole.  Pure Python: `drawings` draws it and `boardcheck` proves
it cannot short (the `power board` check of `worms-table parts`).

Holes are (column, row) from 1, A1 at the board's lower left seen from the parts' side.  The
wires run on the back along free rows and columns only: a wire passes over a hole only if that
hole is free or is a lead of its own net, and no hole carries two nets.  Where a signal must
cross a rail, a part's body crosses it on the parts' side (R1 over the 5 V rail): there are no
links on the parts' side.

The supply comes in at J0 through F1 (a resettable PTC fuse) and Q1 (a P-channel MOSFET, gate to
ground: it conducts only when the brick's plus is on J0+, so a centre-negative brick feeds
nothing).  U1's unused buffers have their inputs and enables tied to ground (their outputs
drive low into nothing), which keeps every ground pin of the chip on one side of its rail.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import modules as M


@dataclass(frozen=True)
class Perfboard:
    name: str
    size: tuple[float, float]            # mm
    cols: int
    rows: int
    pitch: float = 2.54

    @property
    def margin(self) -> tuple[float, float]:
        return ((self.size[0] - (self.cols - 1) * self.pitch) / 2,
                (self.size[1] - (self.rows - 1) * self.pitch) / 2)

    def xy(self, hole: tuple[int, int]) -> tuple[float, float]:
        """A hole's centre in mm from the board's lower left corner (parts' side up)."""
        return (self.margin[0] + (hole[0] - 1) * self.pitch,
                self.margin[1] + (hole[1] - 1) * self.pitch)

    def name_of(self, hole: tuple[int, int]) -> str:
        return f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[hole[0] - 1]}{hole[1]}"

    @property
    def screw_holes(self) -> tuple[tuple[float, float], ...]:
        """The corner holes' centres in mm from the lower left corner."""
        w, h = self.size
        return tuple((w / 2 + x, h / 2 + y) for x, y in M.BOARDS["shifter"].holes)


# The common 5 x 7 cm double-sided prototype board: 24 x 18 plated holes at 2.54 mm, a 2 mm
# corner hole 2 mm in from each edge (count the holes before you buy: 26 x 18 boards exist)
BOARD = Perfboard("5 x 7 cm double-sided prototype board, 24 x 18 holes, 2.54 mm", (70.0, 50.0),
                  24, 18)


@dataclass(frozen=True)
class Lead:
    pin: str
    hole: tuple[int, int]
    net: str


@dataclass(frozen=True)
class Fitted:
    ref: str
    what: str
    leads: tuple[Lead, ...]
    body: float = 1.2      # mm round the leads that the part's outline covers on the drawing


def part(ref: str, what: str, *leads: tuple[str, tuple[int, int], str],
          body: float = 1.2) -> Fitted:
    return Fitted(ref, what, tuple(Lead(*lead) for lead in leads), body)


def _dip14(col: int, row: int) -> tuple[tuple[str, tuple[int, int], str], ...]:
    """U1, notch left: pins 1-7 along `row` from `col`, 14-8 three rows above."""
    low = ("GND", "GP2", "DOUT", "GND", "GND", "", "GND")
    high = ("+5V", "GND", "GND", "", "GND", "GND", "")
    return (tuple((str(k + 1), (col + k, row), net) for k, net in enumerate(low))
            + tuple((str(14 - k), (col + k, row + 3), net) for k, net in enumerate(high)))


# where the wires to the Pico are soldered, by the Pico pin they go to
PICO_WIRES = (("VSYS", (3, 17), "VSYS"), ("GP26", (11, 16), "RAIL"), ("AGND", (15, 16), "AGND"),
              ("GND", (20, 11), "GND"), ("GP{led}", (13, 6), "GP2"),
              ("GP{servo}", (23, 7), "SERVO"))

PARTS = (
    part("J0", "the barrel jack's leads: + (red), - (black)",
          ("+", (1, 3), "VIN"), ("-", (1, 2), "GND")),
    part("F1", "PTC fuse Littelfuse RUEF300 (3 A hold)", ("1", (2, 3), "VIN"),
          ("2", (4, 3), "VF"), body=1.8),
    part("Q1", "P-MOSFET NDP6020P, standing, metal tab towards C2: G D S from the bottom",
          ("G", (6, 2), "GND"), ("D", (6, 3), "VF"), ("S", (6, 4), "+5V"), body=2.0),
    part("C2", "1000 uF 10 V, + at the top (stripe = -)", ("+", (9, 4), "+5V"),
          ("-", (9, 2), "GND"), body=3.8),
    part("U1", "74AHCT125 in a DIP-14 socket, notch left (pin 1 lower left)", *_dip14(12, 9)),
    part("C1", "100 nF across U1 pins 14 and 7", ("+", (10, 12), "+5V"), ("-", (10, 10), "GND")),
    part("R4", "10 kohm: U1 1A (pin 2) to GND", ("1", (13, 7), "GP2"), ("2", (9, 7), "GND")),
    part("R1", "330 ohm: U1 1Y (pin 3) to J1 pin 2, over the 5 V rail",
          ("1", (14, 8), "DOUT"), ("2", (14, 4), "DIN")),
    part("J1", "JST-XH 5-pin B5B-XH-A, latch towards the board's edge: the lid "
          "(1 +5V, 2 DIN, 3 GND, 4 +5V, 5 GND)",
          *((str(k + 1), (13 + k, 2), net) for k, net in enumerate(("+5V", "DIN", "GND", "+5V",
                                                                      "GND"))), body=1.8),
    part("D1", "1N5817, band to the left (towards VSYS)", ("A", (7, 15), "+5V"),
          ("K", (3, 15), "VSYS")),
    part("R2", "10 kohm: + rail to the divider's junction", ("1", (7, 13), "+5V"),
          ("2", (11, 13), "RAIL")),
    part("R3", "10 kohm: the junction to AGND", ("1", (11, 14), "RAIL"), ("2", (15, 14), "AGND")),
    part("C3", "470 uF 10 V, the servo's, + at the top (stripe = -)", ("+", (20, 4), "+5V"),
          ("-", (20, 2), "GND"), body=3.0),
    part("SERVO", "3-pin header: the servo's brown (GND) at the bottom, red, orange",
          ("GND", (23, 2), "GND"), ("+5V", (23, 3), "+5V"), ("SIG", (23, 4), "SERVO")),
    part("PICO", "the wires to the Pico: "
          + ", ".join(f"{pin} at {BOARD.name_of(hole)}" for pin, hole, _ in PICO_WIRES),
          *PICO_WIRES, body=0.9),
)

# the wires on the back, each a polyline from hole to hole along rows and columns
WIRES = (
    ("GND", ((1, 2), (1, 1), (24, 1), (24, 10), (12, 10), (12, 9))),       # the ground ring
    ("GND", ((6, 2), (6, 1))), ("GND", ((9, 2), (9, 1))), ("GND", ((15, 2), (15, 1))),
    ("GND", ((17, 2), (17, 1))), ("GND", ((20, 2), (20, 1))), ("GND", ((23, 2), (23, 1))),
    ("GND", ((15, 9), (15, 10))), ("GND", ((16, 9), (16, 10))), ("GND", ((18, 9), (18, 10))),
    ("GND", ((13, 12), (13, 10))), ("GND", ((14, 12), (14, 10))),
    ("GND", ((16, 12), (16, 10))), ("GND", ((17, 12), (17, 10))),
    ("GND", ((9, 7), (9, 9), (12, 9))), ("GND", ((10, 10), (10, 9))),
    ("GND", ((20, 10), (20, 11))),
    ("VIN", ((1, 3), (2, 3))), ("VF", ((4, 3), (6, 3))),
    ("+5V", ((6, 4), (6, 5), (22, 5), (22, 3), (23, 3))),                  # the 5 V rail
    ("+5V", ((7, 5), (7, 15))), ("+5V", ((9, 4), (9, 5))), ("+5V", ((13, 2), (13, 5))),
    ("+5V", ((16, 2), (16, 5))), ("+5V", ((20, 4), (20, 5))),
    ("+5V", ((7, 12), (12, 12))),
    ("GP2", ((13, 9), (13, 6))), ("DOUT", ((14, 9), (14, 8))), ("DIN", ((14, 4), (14, 2))),
    ("VSYS", ((3, 15), (3, 17))), ("RAIL", ((11, 13), (11, 16))), ("AGND", ((15, 14), (15, 16))),
    ("SERVO", ((23, 4), (23, 7))),
)

COLOURS = {"+5V": "#c62828", "GND": "#222222", "VIN": "#ff8a80", "VF": "#e57373",
           "GP2": "#2e7d32", "DOUT": "#66bb6a", "DIN": "#1b5e20", "RAIL": "#f9a825",
           "AGND": "#757575", "VSYS": "#ad1457", "SERVO": "#ef6c00"}
