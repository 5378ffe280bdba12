"""The wiring harness of a hardware profile, as WireViz describes one.

`python -m table.wiring [--profile FILE] [--out DIR]` writes DIR/wiring.yml (the WireViz
harness: connectors with their pin numbers, wires with colours and gauges) and, where WireViz
and Graphviz's `dot` are installed (the `wiring` extra; `apt-get install graphviz`), renders
DIR/wiring.svg and the wiring bill of materials DIR/wiring.bom.tsv.  Without --out it prints the
YAML.  The committed schematics/ are this module's output for the reference profile; a test
keeps them equal and checks the harness against the profile (every pin the profile uses wired
once, every device connected).

Designators: Pi (the 40-pin header, physical pin numbers), Pico (its pads), U1 (the 74AHCT125
level shifter, DIP-14 pin numbers), R1 (330 ohm data-line resistor), C1 (100 nF decoupling at
U1), C2 (1000 uF at the LEDs' feed), C3 (470 uF at the servo), D1 (Schottky diode from the 5 V
supply into the Pico's VSYS), PSU (the 5 V supply), and one connector per device.
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
# 74AHCT125 (DIP-14): pin -> name
SHIFTER = {1: "1OE", 2: "1A", 3: "1Y", 4: "2OE", 5: "2A", 6: "2Y", 7: "GND", 8: "3Y", 9: "3A",
           10: "3OE", 11: "4Y", 12: "4A", 13: "4OE", 14: "VCC"}
# unused inputs tied: 1OE to GND (buffer 1 on), 2A/3A/4A to GND, 2OE/3OE/4OE to VCC (off)
SHIFTER_TIES = [[1, 7], [5, 7], [9, 7], [12, 7], [4, 14], [10, 14], [13, 14]]
JUMPER = "26 AWG"          # female-female jumper wires on the headers
POWER = "22 AWG"           # 5 V and GND to the strip, the servo and the shifter
NO_5V = ("Do not connect the 5 V supply to the Pi's 5 V pins (2, 4): the Pi keeps its own "
         "supply. Pin 4 feeds only the card reader.")
NO_VBUS = ("VBUS (pin 40): do not connect: the USB cable from the Pi powers it there. The 5 V "
           "supply reaches VSYS (pin 39) only through D1; the Pico measures it there (ADC 3).")


class Harness:
    """Connectors, cables and connections, as WireViz's YAML has them."""

    def __init__(self, profile: Profile):
        self.profile = profile
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
            pad = {"GND": PICO_GND, "VSYS": PICO_VSYS}[label]
            self._pico[pad] = label
        else:
            pad = PICO_PADS[gp]
            self._pico[pad] = f"GP{gp} {label}"
        return pad

    def part(self, name: str, **fields) -> str:
        self.connectors.setdefault(name, fields)
        return name

    def cable(self, name: str, a: str, a_pins: list, b: str, b_pins: list, colours: list[str],
              gauge: str, what: str, length: str = "0.2 m") -> None:
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


def harness(profile: Profile) -> dict:
    """The WireViz harness of ``profile``, as the data of its YAML file."""
    h = Harness(profile)
    p = profile
    uses_pico = any(d is not None and d.backend == "pico" for d in (p.wind, p.leds))
    psu_needed = (uses_pico or (p.wind is not None and p.wind.backend in ("gpio", "pca9685")))
    if psu_needed:
        h.part("PSU", type="5 V supply for the LEDs and the servo",
               subtype="Mean Well RS-25-5 (5 V 5 A), or a 5 V 4 A adapter (hardware/BOM.md)",
               pins=[1, 2], pinlabels=["+5V", "GND"])
    if uses_pico:
        h.part("D1", type="Schottky diode 1N5817", subtype="5 V supply into the Pico's VSYS",
               pins=[1, 2], pinlabels=["A (anode)", "K (cathode)"])
        h.cable("W-VSYS", "PSU", [1], "D1", [1], ["RD"], POWER, "5 V to D1's anode")
        h.cable("W-VSYS2", "D1", [2], "Pico", [h.pico(None, "VSYS")], ["RD"], POWER,
                "D1's cathode to VSYS (pin 39)")
        h.cable("W-GND-PICO", "PSU", [2], "Pico", [h.pico(None, "GND")], ["BK"], POWER,
                "common ground")
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
    h.part("R1", type="resistor 330 ohm 1/4 W", subtype="data line, close to the first LED's DIN",
           pins=[1, 2], pinlabels=["1", "2"])
    h.part("C2", type="capacitor 1000 uF 10 V electrolytic",
           subtype="across + and - where the supply feeds the strip", pins=[1, 2],
           pinlabels=["+", "-"])
    count = len(leds.led_map)
    h.part("LEDs", type=f"WS2812B LEDs: {count} on {len(leds.grid.hexes)} hexes",
           subtype=f"{leds.wiring}, colour order {getattr(leds, 'color_order', 'GRB')}; "
                   "input of LED 0", pins=[1, 2, 3], pinlabels=["+5V", "DIN", "GND"])
    h.part("LEDs-end", type=f"WS2812B LEDs: the far end (after LED {count - 1})",
           subtype="5 V fed at both ends", pins=[1, 2], pinlabels=["+5V", "GND"])
    gp = h.pico(leds.pico_pin, "WS2812 data")
    h.cable("W-DATA", "Pico", [gp], "U1", [2], ["GN"], JUMPER, "3.3 V data to U1 1A")
    h.cable("W-U1-POWER", "PSU", [1, 2], "U1", [14, 7], ["RD", "BK"], POWER, "U1's supply")
    h.cable("W-C1", "U1", [14, 7], "C1", [1, 2], ["RD", "BK"], POWER, "C1 next to U1")
    h.cable("W-DATA5V", "U1", [3], "R1", [1], ["GN"], POWER, "5 V data from U1 1Y")
    h.cable("W-DIN", "R1", [2], "LEDs", [2], ["GN"], POWER, "to LED 0's DIN")
    h.cable("W-LED-POWER", "PSU", [1, 2], "LEDs", [1, 3], ["RD", "BK"], POWER,
            "the strip's feed", "0.5 m")
    h.cable("W-C2", "LEDs", [1, 3], "C2", [1, 2], ["RD", "BK"], POWER, "C2 at the feed")
    h.cable("W-LED-END", "PSU", [1, 2], "LEDs-end", [1, 2], ["RD", "BK"], POWER,
            "feed at the far end too", "1 m")


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
                JUMPER, "servo signal")
    else:
        h.cable("W-SERVO", "Pi", [h.pi(wind.gpio_pin, "servo PWM")], servo, [1], ["OG"],
                JUMPER, "servo signal")
    h.cable("W-SERVO-POWER", "PSU", [1, 2], servo, [2, 3], ["RD", "BN"], POWER, "servo supply")
    h.cable("W-C3", servo, [2, 3], "C3", [1, 2], ["RD", "BK"], POWER, "C3 at the servo")


def _display(h: Harness, p: Profile) -> None:
    display = p.display
    pca = p.wind.pca9685 if p.wind is not None and p.wind.backend == "pca9685" else None
    has_oled = display is not None and display.backend != "sim"
    if not has_oled and pca is None:
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
    if has_oled:
        h.part("OLED", type=f"{display.backend.upper()} OLED 128x64",
               subtype=f"I2C{display.bus} 0x{display.address:02X}, 3.3 V", pins=[1, 2, 3, 4],
               pinlabels=["VCC", "SDA", "SCL", "GND"])
        h.cable("W-OLED", source, source_pins, "OLED", [1, 2, 3, 4], ["OG", "BU", "YE", "BK"],
                JUMPER, "I2C and 3.3 V")


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
            "one wire per button, one common ground", "0.3 m")


def _cards(h: Harness, p: Profile) -> None:
    cards = p.cards
    if cards is None or cards.backend == "sim" or cards.tx_pin is None:
        return
    title = {"pn532": "PN532 NFC reader, HSU (UART) mode",
             "rdm6300": "RDM6300 125 kHz reader"}[cards.backend]
    h.part("Reader", type=title, subtype=f"{cards.port}; powered from 5 V, its UART at 3.3 V "
                                        "(about 150 mA with the field on)",
           pins=[1, 2, 3, 4], pinlabels=["VCC (5 V)", "GND", "RXD", "TXD"])
    h.cable("W-READER", "Pi", [h.pi("5v", "card reader only"), h.pi("gnd"),
                               h.pi(cards.tx_pin, "UART TXD"), h.pi(cards.rx_pin, "UART RXD")],
            "Reader", [1, 2, 3, 4], ["RD", "BK", "WH", "GN"], JUMPER,
            "TXD to the reader's RXD, RXD from its TXD")


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
