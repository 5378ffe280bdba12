"""The harness as WireViz's YAML has it: the connectors, cables and connections a
:class:`Harness` collects, with the Pi's header and the Pico's pads numbered as on the boards.
"""

from __future__ import annotations

from table.profiles import Profile

# BCM GPIO -> physical pin on the 40-pin header
PI_HEADER = {2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
             10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
             13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40}
PI_GND = (6, 9, 14, 20, 25, 30, 34, 39)
PI_3V3 = (1, 17)
PI_5V = (2, 4)
# Pico GP -> physical pad
PICO_PADS = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
             12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
             22: 29, 26: 31, 27: 32, 28: 34}
PICO_GND, PICO_VSYS, PICO_VBUS = 38, 39, 40
PICO_AGND = 33
RAIL_GP = 26           # firmware/main.py RAIL_PIN: ADC0 reads the LED rail through R2/R3
# 74AHCT125 (DIP-14): pin -> name
SHIFTER = {1: "1OE", 2: "1A", 3: "1Y", 4: "2OE", 5: "2A", 6: "2Y", 7: "GND", 8: "3Y", 9: "3A",
           10: "3OE", 11: "4Y", 12: "4A", 13: "4OE", 14: "VCC"}
# unused inputs tied: 1OE to GND (buffer 1 on), 2A/3A/4A to GND, 2OE/3OE/4OE to VCC (off)
SHIFTER_TIES = [[1, 7], [5, 7], [9, 7], [12, 7], [4, 14], [10, 14], [13, 14]]
JUMPER = "26 AWG"          # female-female jumper wires on the headers
POWER = "22 AWG"           # 5 V and GND to the strip, the servo and the shifter
NO_5V = ("Nothing connects to the Pi's 5 V pins (2, 4): the Pi keeps its own supply, and every "
         "module on the Pi's header runs at 3.3 V.")
NO_VBUS = ("VBUS (pin 40): do not connect: the USB cable from the Pi powers it there. The 5 V "
           "supply reaches VSYS (pin 39) only through D1; the Pico measures it there (ADC 3).")


class Harness:
    """Connectors, cables and connections, as WireViz's YAML has them."""

    def __init__(self, profile: Profile):
        self.profile = profile
        self.lengths = _lengths(profile)
        self.connectors: dict[str, dict] = {}
        self.cables: dict[str, dict] = {}
        self.connections: list[list[dict]] = []
        self._free = {"gnd": list(PI_GND), "3v3": list(PI_3V3), "5v": list(PI_5V)}
        self._pi: dict[int, str] = {}
        self._pico: dict[int, str] = {}

    def pi(self, kind: str | int, label: str = "") -> int:
        """A physical header pin: a BCM GPIO number, or the next free gnd / 3v3 / 5v pin."""
        if isinstance(kind, int):
            pin = PI_HEADER[kind]
            self._pi[pin] = f"GPIO{kind} {label}".strip()
        else:
            pin = self._free[kind].pop(0)
            self._pi[pin] = {"gnd": "GND", "3v3": "3V3", "5v": "5V"}[kind] + (f" {label}" if label else "")
        return pin

    def pico(self, gp: int | None, label: str) -> int:
        """A Pico pad: a GP number, or (gp None) the pad named by ``label``: GND or VSYS."""
        if gp is None:
            pad = {"GND": PICO_GND, "VSYS": PICO_VSYS, "AGND": PICO_AGND}[label]
            self._pico[pad] = label
        else:
            pad = PICO_PADS[gp]
            self._pico[pad] = f"GP{gp} {label}"
        return pad

    def length(self, cable: str) -> str:
        """A cable's length as the harness says it: measured on the box, plus the slack."""
        mm = self.lengths.get(cable)
        return "0.3 m" if mm is None else f"{mm / 1000:g} m"

    def part(self, name: str, **fields) -> str:
        self.connectors.setdefault(name, fields)
        return name

    def cable(self, name: str, a: str, a_pins: list, b: str, b_pins: list, colours: list[str],
              gauge: str, what: str, length: str = "0.1 m") -> None:
        self.cables[name] = {"wirecount": len(a_pins), "colors": colours, "gauge": gauge,
                             "length": length, "notes": what}
        self.connections.append([{a: a_pins}, {name: list(range(1, len(a_pins) + 1))},
                                 {b: b_pins}])

    def document(self) -> dict:
        self.connectors["Pi"] = {
            "type": "Raspberry Pi", "subtype": "40-pin GPIO header (physical pin numbers)",
            "pins": sorted(self._pi), "pinlabels": [self._pi[p] for p in sorted(self._pi)],
            "notes": NO_5V}
        if self._pico:
            pads = sorted(self._pico) + [PICO_VBUS]
            labels = [self._pico.get(p, "VBUS: do not connect") for p in pads]
            self.connectors["Pico"] = {
                "type": "Raspberry Pi Pico (RP2040)", "subtype": "pads (physical pin numbers); "
                "USB cable to the Pi: data and its own power", "pins": pads, "pinlabels": labels,
                "notes": NO_VBUS}
        order = ["Pi", "Pico"] + [n for n in self.connectors if n not in ("Pi", "Pico")]
        return {
            "metadata": {"title": f"worms-table wiring: profile {self.profile.name!r}",
                         "notes": "Made by python -m table.wiring from the hardware profile; do "
                                  "not edit by hand. All grounds are common."},
            "options": {"fontname": "DejaVu Sans", "color_mode": "SHORT", "mini_bom_mode": False},
            "connectors": {n: self.connectors[n] for n in order if n in self.connectors},
            "cables": self.cables,
            "connections": self.connections,
        }


def _lengths(profile: Profile) -> dict[str, int]:
    """Each cable's length in mm, measured on the box the profile makes (table.parts.routes);
    empty for a profile that makes no box (then every cable is 0.3 m)."""
    from table.parts.geometry import LayoutError, layout
    from table.parts.routes import lengths

    try:
        return lengths(layout(profile))
    except LayoutError:
        return {}
