"""The wiring harness of a hardware profile, as WireViz describes one.

`python -m table.wiring [--profile FILE] [--out DIR]` writes DIR/wiring.yml (the WireViz
harness: connectors with their pin numbers, wires with colours and gauges) and, where WireViz
and Graphviz's `dot` are installed (the `wiring` extra; `apt-get install graphviz`), renders
DIR/wiring.svg and the wiring bill of materials DIR/wiring.bom.tsv.  Without --out it prints the
YAML.  The committed schematics/ are this module's output for the reference profile; a test
keeps them equal and checks the harness against the profile (every pin the profile uses wired
once, every device connected).

Designators: Pi (the 40-pin header, physical pin numbers), Pico (its pads), U1 (the 74AHCT125
level shifter, DIP-14 pin numbers), R1 (330 ohm data-line resistor at U1's output), R4 (10 kohm
pull-down holding U1's input low while the Pico boots), R2/R3 (10 kohm + 10 kohm divider: the LED
rail into the Pico's GP26), C1 (100 nF decoupling at U1), C2 (1000 uF where the supply enters),
C3 (470 uF at the servo), D1 (Schottky diode from the 5 V supply into the Pico's VSYS), PSU (the
closed 5 V brick) and J0 (its panel barrel jack), J1 (the lid connector: the LEDs come off with
the lid), all but the jack and the lid connector's lid half on the power board; and one connector
per device, its pins numbered and ordered as on the real module.
"""

from __future__ import annotations

import argparse
import copy
import shutil
import sys
from pathlib import Path

from table.profiles import Profile, load

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


def harness(profile: Profile) -> dict:
    """The WireViz harness of ``profile``, as the data of its YAML file."""
    h = Harness(profile)
    p = profile
    uses_pico = any(d is not None and d.backend == "pico" for d in (p.wind, p.leds))
    psu_needed = (uses_pico or (p.wind is not None and p.wind.backend in ("gpio", "pca9685")))
    if psu_needed:
        h.part("PSU", type="J0: 5.5/2.1 mm panel barrel jack, from the 5 V brick",
               subtype="Mean Well GST25E05-P1J (5 V 4 A, closed, centre +; hardware/BOM.md)",
               pins=[1, 2], pinlabels=["+5V (centre)", "GND (sleeve)"])
        h.part("C2", type="capacitor 1000 uF 10 V electrolytic",
               subtype="power board: across + and - where the supply enters", pins=[1, 2],
               pinlabels=["+", "-"])
        h.cable("W-C2", "PSU", [1, 2], "C2", [1, 2], ["RD", "BK"], POWER,
                "J0 to the power board's input, C2 across it", h.length("supply"))
    if uses_pico:
        h.part("D1", type="Schottky diode 1N5817", subtype="5 V supply into the Pico's VSYS",
               pins=[1, 2], pinlabels=["A (anode)", "K (cathode)"])
        h.cable("W-VSYS", "PSU", [1], "D1", [1], ["RD"], POWER, "5 V to D1's anode")
        h.cable("W-VSYS2", "D1", [2], "Pico", [h.pico(None, "VSYS")], ["RD"], POWER,
                "D1's cathode to VSYS (pin 39)", h.length("pico"))
        h.cable("W-GND-PICO", "PSU", [2], "Pico", [h.pico(None, "GND")], ["BK"], POWER,
                "common ground", h.length("pico"))
        h.part("R2", type="resistor 10 kohm 1/4 W", subtype="divider top: LED rail to GP26",
               pins=[1, 2], pinlabels=["1", "2"])
        h.part("R3", type="resistor 10 kohm 1/4 W", subtype="divider bottom: GP26 to GND",
               pins=[1, 2], pinlabels=["1", "2"])
        h.cable("W-RAIL", "PSU", [1], "R2", [1], ["RD"], JUMPER, "the LED rail, measured")
        h.cable("W-RAIL2", "R2", [2], "Pico", [h.pico(RAIL_GP, "LED rail / 2 (ADC0)")], ["YE"],
                JUMPER, "half the rail into ADC0 (5 V reads 2.5 V)", h.length("pico"))
        h.cable("W-RAIL3", "R2", [2], "R3", [1], ["YE"], JUMPER, "R3 from the junction")
        h.cable("W-RAIL4", "R3", [2], "Pico", [h.pico(None, "AGND")], ["BK"], JUMPER,
                "R3 to the Pico's AGND (pin 33)", h.length("pico"))
    elif psu_needed:
        h.cable("W-GND-PI", "PSU", [2], "Pi", [h.pi("gnd", "(common with the supply)")], ["BK"],
                POWER, "common ground")
    _leds(h, p)
    _wind(h, p)
    _display(h, p)
    _buttons(h, p)
    _cards(h, p)
    return h.document()


def _leds(h: Harness, p: Profile) -> None:
    leds = p.leds
    if leds is None or leds.backend != "pico" or leds.pico_pin is None:
        return
    h.part("U1", type="74AHCT125 level shifter", subtype="SN74AHCT125N, DIP-14 (3.3 V to 5 V)",
           pins=list(SHIFTER), pinlabels=list(SHIFTER.values()), loops=SHIFTER_TIES,
           notes="1OE to GND (buffer 1 on); unused inputs tied: 2A, 3A, 4A to GND; 2OE, 3OE, 4OE "
                 "to VCC (buffers 2-4 off)")
    h.part("C1", type="capacitor 100 nF ceramic", subtype="decoupling, at U1's pins 14 and 7",
           pins=[1, 2], pinlabels=["1", "2"])
    h.part("R1", type="resistor 330 ohm 1/4 W", subtype="power board: in series at U1's output "
           "1Y (pin 3)", pins=[1, 2], pinlabels=["1", "2"])
    h.part("R4", type="resistor 10 kohm 1/4 W", subtype="pull-down: U1's input 1A (pin 2) low "
           "while the Pico boots", pins=[1, 2], pinlabels=["1", "2"])
    count = len(leds.led_map)
    h.part("J1", type="lid connector JST-XH 5-pin (B5B-XH-A on the power board, XHP-5 on the "
           "lid's leads)", subtype="the lid comes off here: unplug it", pins=[1, 2, 3, 4, 5],
           pinlabels=["+5V (LED 0)", "DIN", "GND (LED 0)", "+5V (far end)", "GND (far end)"])
    h.part("LEDs", type=f"WS2812B LEDs: {count} on {len(leds.grid.hexes)} hexes",
           subtype=f"{leds.wiring}, colour order {getattr(leds, 'color_order', 'GRB')}; "
                   "input of LED 0 (pixel board pads +5V, DIN, GND)", pins=[1, 2, 3],
           pinlabels=["+5V", "DIN", "GND"])
    h.part("LEDs-end", type=f"WS2812B LEDs: the far end (LED {count - 1})",
           subtype="5 V fed at both ends, from J1's lid side", pins=[1, 2],
           pinlabels=["+5V", "GND"])
    gp = h.pico(leds.pico_pin, "WS2812 data")
    h.cable("W-DATA", "Pico", [gp], "U1", [2], ["GN"], JUMPER, "3.3 V data to U1 1A",
            h.length("pico"))
    h.cable("W-PULLDOWN", "U1", [2, 7], "R4", [1, 2], ["GN", "BK"], JUMPER, "R4 from 1A to GND")
    h.cable("W-U1-POWER", "PSU", [1, 2], "U1", [14, 7], ["RD", "BK"], POWER, "U1's supply")
    h.cable("W-C1", "U1", [14, 7], "C1", [1, 2], ["RD", "BK"], POWER, "C1 next to U1")
    h.cable("W-DATA5V", "U1", [3], "R1", [1], ["GN"], POWER, "5 V data from U1 1Y")
    h.cable("W-DIN", "R1", [2], "J1", [2], ["GN"], POWER, "to J1, on to LED 0's DIN")
    h.cable("W-J1-POWER", "PSU", [1, 2], "J1", [1, 3], ["RD", "BK"], POWER, "the LEDs' feed")
    h.cable("W-J1-POWER2", "PSU", [1, 2], "J1", [4, 5], ["RD", "BK"], POWER,
            "the far end's feed")
    h.cable("W-LID", "J1", [1, 2, 3], "LEDs", [1, 2, 3], ["RD", "GN", "BK"], POWER,
            "the lid's leads: J1 to LED 0", h.length("lid"))
    h.cable("W-LED-END", "J1", [4, 5], "LEDs-end", [1, 2], ["RD", "BK"], POWER,
            "feed at the far end too, under the panel", h.length("lid end"))


def _servo(h: Harness) -> str:
    h.part("C3", type="capacitor 470 uF 10 V electrolytic", subtype="at the servo's plug",
           pins=[1, 2], pinlabels=["+", "-"])
    return h.part("Servo", type="wind dial servo", subtype="SG90 / MG90S", pins=[1, 2, 3],
                  pinlabels=["signal (orange)", "+5V (red)", "GND (brown)"])


def _wind(h: Harness, p: Profile) -> None:
    wind = p.wind
    if wind is None or wind.backend == "sim":
        return
    if wind.backend == "pca9685":
        return                               # wired with the I2C bus (_display)
    servo = _servo(h)
    if wind.backend == "pico":
        h.cable("W-SERVO", "Pico", [h.pico(wind.pico_pin, "servo PWM")], servo, [1], ["OG"],
                JUMPER, "servo signal", h.length("servo"))
    else:
        assert wind.gpio_pin is not None         # a valid profile's gpio backend has its pin
        h.cable("W-SERVO", "Pi", [h.pi(wind.gpio_pin, "servo PWM")], servo, [1], ["OG"],
                JUMPER, "servo signal")
    h.cable("W-SERVO-POWER", "PSU", [1, 2], servo, [2, 3], ["RD", "BN"], POWER,
            "servo supply, from the power board", h.length("servo"))
    h.cable("W-C3", servo, [2, 3], "C3", [1, 2], ["RD", "BK"], POWER, "C3 at the servo")


def _display(h: Harness, p: Profile) -> None:
    display = p.display
    pca = p.wind.pca9685 if p.wind is not None and p.wind.backend == "pca9685" else None
    oled = display if display is not None and display.backend != "sim" else None
    if oled is None and pca is None:
        return
    bus = [h.pi("3v3", "I2C devices"), h.pi(2, "I2C1 SDA"), h.pi(3, "I2C1 SCL"),
           h.pi("gnd")]
    source, source_pins = "Pi", bus
    if pca is not None:
        h.part("PCA9685", type=f"PCA9685 PWM board (I2C{pca.bus} 0x{pca.address:02X})",
               subtype="Adafruit 815", pins=list(range(1, 12)),
               pinlabels=["VCC", "SDA", "SCL", "GND", "VCC out", "SDA out", "SCL out",
                          "GND out", "V+", f"PWM {pca.channel}", "GND (servo row)"])
        h.cable("W-I2C", "Pi", bus, "PCA9685", [1, 2, 3, 4], ["OG", "BU", "YE", "BK"], JUMPER,
                "I2C and 3.3 V logic supply")
        source, source_pins = "PCA9685", [5, 6, 7, 8]
        servo = _servo(h)
        h.cable("W-SERVO", "PCA9685", [10, 9, 11], servo, [1, 2, 3], ["OG", "RD", "BN"], JUMPER,
                f"servo on channel {pca.channel}")
        h.cable("W-SERVO-POWER", "PSU", [1, 2], "PCA9685", [9, 11], ["RD", "BK"], POWER,
                "V+ terminal: the servo's supply")
        h.cable("W-C3", servo, [2, 3], "C3", [1, 2], ["RD", "BK"], POWER, "C3 at the servo")
    if oled is not None:
        h.part("OLED", type=f"{oled.backend.upper()} OLED 128x64, 4-pin I2C module",
               subtype=f"I2C{oled.bus} 0x{oled.address:02X}, 3.3 V; header GND VCC SCL SDA "
                       "(some clones swap GND and VCC: read the silkscreen)",
               pins=[1, 2, 3, 4], pinlabels=["GND", "VCC", "SCL", "SDA"])
        h.cable("W-OLED", source, source_pins, "OLED", [2, 4, 3, 1], ["OG", "BU", "YE", "BK"],
                JUMPER, "I2C and 3.3 V", h.length("oled"))


def _buttons(h: Harness, p: Profile) -> None:
    buttons = p.buttons
    if buttons is None or buttons.backend == "sim":
        return
    names = list(buttons.pins)
    colours = ["WH", "GY", "VT", "BU", "GN", "YE", "OG", "PK", "BN", "TQ"]
    if buttons.backend == "encoder":
        h.part("Encoder", type="rotary encoder with push switch", subtype="Bourns PEC11R",
               pins=[1, 2, 3, 4, 5, 6],
               pinlabels=["A", "B", "C (common)", "switch (OK)", "switch GND",
                          "Back button (its other leg to C)"], loops=[[3, 5]])
        pins = [h.pi(buttons.pins[n], f"encoder {n}") for n in names]
        h.cable("W-ENCODER", "Pi", pins + [h.pi("gnd")], "Encoder", [1, 2, 4, 6, 3],
                colours[:4] + ["BK"], JUMPER, "A, B, OK, Back; the common and both switches to GND")
        return
    h.part("Buttons", type="push buttons, each from its GPIO to GND",
           subtype="Omron B3F-4055 (the Pi's pull-ups)", pins=list(range(1, len(names) + 2)),
           pinlabels=[f"button {n}" for n in names] + ["GND (common)"])
    pins = [h.pi(buttons.pins[n], f"button {n}") for n in names]
    h.cable("W-BUTTONS", "Pi", pins + [h.pi("gnd")], "Buttons",
            list(range(1, len(names) + 2)), colours[:len(names)] + ["BK"], JUMPER,
            "one wire per button, one common ground", h.length("buttons"))


def _cards(h: Harness, p: Profile) -> None:
    cards = p.cards
    if cards is None or cards.backend == "sim" or cards.tx_pin is None:
        return
    if cards.rx_pin is None:
        return
    if cards.backend == "rdm6300":
        _rdm6300(h, cards.port, cards.tx_pin, cards.rx_pin)
        return
    h.part("Reader", type="Elechouse PN532 NFC module V3, HSU (UART) mode: both switches off",
           subtype=f"{cards.port}; powered from the Pi's 3.3 V, so its UART is at 3.3 V (fed "
                   "5 V, it would drive TXD at 5 V into the Pi); header GND VCC TXD RXD",
           pins=[1, 2, 3, 4], pinlabels=["GND", "VCC (3.3 V)", "TXD (SDA)", "RXD (SCL)"])
    h.cable("W-READER", "Pi", [h.pi("gnd"), h.pi("3v3", "card reader"),
                               h.pi(cards.rx_pin, "UART RXD"), h.pi(cards.tx_pin, "UART TXD")],
            "Reader", [1, 2, 3, 4], ["BK", "OG", "WH", "GN"], JUMPER,
            "3.3 V; the reader's TXD to the Pi's RXD, its RXD from the Pi's TXD", h.length("reader"))


def _rdm6300(h: Harness, port: str, tx_pin: int, rx_pin: int) -> None:
    """The RDM6300 is a 5 V module whose TX idles at 5 V: it takes 5 V from the brick and its TX
    reaches the Pi's RXD through R5/R6 (10k/15k: 5 V in, 3.0 V out)."""
    h.part("Reader", type="RDM6300 125 kHz reader (5 V module)",
           subtype=f"{port}; header P1: TX RX - GND +5V; its TX through the R5/R6 divider",
           pins=[1, 2, 4, 5], pinlabels=["TX (5 V)", "RX", "GND", "+5V"])
    h.part("R5", type="resistor 10 kohm 1/4 W", subtype="divider top: the reader's 5 V TX",
           pins=[1, 2], pinlabels=["1", "2"])
    h.part("R6", type="resistor 15 kohm 1/4 W", subtype="divider bottom: 3.0 V to the Pi's RXD",
           pins=[1, 2], pinlabels=["1", "2"])
    h.cable("W-READER-POWER", "PSU", [1, 2], "Reader", [5, 4], ["RD", "BK"], POWER,
            "5 V from the brick, never the Pi's 5 V pins", h.length("reader"))
    h.cable("W-READER-TX", "Reader", [1], "R5", [1], ["WH"], JUMPER, "5 V TX into R5")
    h.cable("W-READER-RX", "Pi", [h.pi(rx_pin, "UART RXD"), h.pi("gnd")], "R6", [1, 2],
            ["WH", "BK"], JUMPER, "R6 from the Pi's RXD to GND")
    h.cable("W-READER-DIV", "R5", [2], "R6", [1], ["WH"], JUMPER, "R5 meets R6 at the Pi's RXD")
    h.cable("W-READER-TXD", "Pi", [h.pi(tx_pin, "UART TXD")], "Reader", [2], ["GN"], JUMPER,
            "the Pi's 3.3 V TXD into the reader's RX (unused by it)")


def yaml_text(profile: Profile) -> str:
    """The harness as WireViz YAML (needs PyYAML: the `wiring` extra)."""
    import yaml

    head = (f"# Wiring of hardware profile {profile.name!r}: made by `python -m table.wiring`;\n"
            "# do not edit by hand (a test compares it with the profile). Render: wireviz.\n")
    return head + yaml.safe_dump(harness(profile), sort_keys=False, allow_unicode=True,
                                 width=100)


def render(profile: Profile, out: Path) -> list[Path]:
    """Write out/wiring.yml, and with WireViz and dot also wiring.svg and wiring.bom.tsv."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "wiring.yml").write_text(yaml_text(profile), encoding="utf-8")
    written = [out / "wiring.yml"]
    from wireviz import wireviz

    wireviz.parse(copy.deepcopy(harness(profile)), output_formats=("svg", "tsv"),
                  output_dir=out, output_name="wiring")
    written += [out / "wiring.svg", out / "wiring.bom.tsv"]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.wiring",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--profile", help="hardware profile (default: the packaged reference)")
    parser.add_argument("--out", metavar="DIR", help="write wiring.yml, and render wiring.svg "
                                                     "and wiring.bom.tsv, into DIR")
    args = parser.parse_args(argv)
    from table.profiles import ProfileError
    try:
        profile = load(args.profile)
    except ProfileError as err:
        print(err, file=sys.stderr)
        return 2
    try:
        import wireviz  # noqa: F401
        import yaml  # noqa: F401
    except ImportError:
        print("WireViz is not installed: pip install '.[wiring]'", file=sys.stderr)
        return 1
    if not args.out:
        sys.stdout.write(yaml_text(profile))
        return 0
    if shutil.which("dot") is None:
        (Path(args.out)).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "wiring.yml").write_text(yaml_text(profile), encoding="utf-8")
        print(f"wrote {args.out}/wiring.yml; to render it install Graphviz's dot "
              "(apt-get install graphviz)", file=sys.stderr)
        return 1
    for path in render(profile, Path(args.out)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
