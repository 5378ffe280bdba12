"""The wiring diagram (Graphviz DOT) of a hardware profile.

`python -m table.wiring [--profile FILE] [--out FILE.dot] [--svg FILE.svg]` prints or writes the
DOT text; --svg also renders it with Graphviz's `dot` when that is installed.  The committed
schematics/wiring.dot is this module's output for the reference profile, and a test keeps them
equal, so the drawing and the profile cannot disagree.

Every edge from a Pi or Pico pin reads `pi:gpioN -- <device>_<part>:<port> [label="..."]`:
the node names start with the profile's device key (wind, leds, display, buttons, cards).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path

from table.profile import Profile, load

# BCM GPIO -> physical pin on the 40-pin header
PI_HEADER = {2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
             10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
             13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40}
# Pico GP -> physical pin
PICO_PADS = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
             12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
             22: 29, 26: 31, 27: 32, 28: 34}


def pin_port(chip: str, pin: int) -> str:
    """The DOT port of a pin: pi:gpio5, pico:gp2."""
    return f"{chip}:gpio{pin}" if chip == "pi" else f"{chip}:gp{pin}"


def pin_name(chip: str, pin: int) -> str:
    if chip == "pi":
        return f"GPIO{pin} (pin {PI_HEADER[pin]})"
    return f"GP{pin} (pin {PICO_PADS[pin]})"


def _table(title: str, rows: list[tuple[str, str]], colour: str) -> str:
    cells = "".join(f'<TR><TD PORT="{port}" ALIGN="LEFT">{escape(text)}</TD></TR>'
                    for port, text in rows)
    return (f'<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="3">'
            f'<TR><TD BGCOLOR="{colour}"><B>{escape(title)}</B></TD></TR>{cells}</TABLE>>')


def dot(profile: Profile) -> str:
    """The DOT source of the profile's wiring: deterministic, one statement a line."""
    uses = list(profile.pin_uses)
    pi_uses = sorted((u for u in uses if u.chip == "pi"), key=lambda u: u.pin)
    pico_uses = sorted((u for u in uses if u.chip == "pico"), key=lambda u: u.pin)
    nodes: list[str] = []
    edges: list[str] = []

    def node(name: str, title: str, rows: list[tuple[str, str]], colour: str = "#dddddd"):
        nodes.append(f"  {name} [label={_table(title, rows, colour)}];")

    def edge(a: str, b: str, label: str, colour: str = "black") -> None:
        edges.append(f'  {a} -- {b} [label="{label}", color="{colour}"];')

    pi_rows = [("v5", "5V (pin 2)"), ("v33", "3V3 (pin 1)"), ("gnd", "GND (pin 6)")]
    pi_rows += [(f"gpio{u.pin}", f"{pin_name('pi', u.pin)} {u.function}")
                for u in _unique(pi_uses)]
    pi_rows.append(("usb", "USB-A"))
    node("pi", "Raspberry Pi", pi_rows, "#b6e3a8")
    if pico_uses or profile.pico is not None:
        rows = [("usb", f"micro-USB ({profile.pico.port if profile.pico else 'USB'})"),
                ("vbus", "VBUS (pin 40)"), ("gnd", "GND (pin 38)")]
        rows += [(f"gp{u.pin}", f"{pin_name('pico', u.pin)} {u.function}") for u in pico_uses]
        node("pico", "Raspberry Pi Pico", rows, "#f4c2c2")
        edge("pi:usb", "pico:usb", "USB cable: data and 5 V")
    psu = False

    for u in uses:
        port, label = pin_port(u.chip, u.pin), f"{pin_name(u.chip, u.pin)} {u.function}"
        if u.function in ("encoder a", "encoder b"):
            node("buttons_encoder", "rotary encoder (PEC11R)",
                 [("a", "A"), ("b", "B"), ("c", "C (common)")])
            edge(port, f"buttons_encoder:{u.function[-1]}", label, "#3366cc")
            edge("buttons_encoder:c", "pi:gnd", "GND")
        elif u.device == "buttons":
            name = "buttons_" + u.function.split()[-1]
            node(name, u.function, [("sig", "switch"), ("gnd", "GND")])
            edge(port, f"{name}:sig", label, "#3366cc")
            edge(f"{name}:gnd", "pi:gnd", "GND")
        elif u.device == "cards":
            reader = f"{profile.cards.backend.upper()} card reader ({profile.cards.port})"
            if "cards_reader" not in "".join(nodes):
                node("cards_reader", reader, [("vcc", "VCC 3.3 V"), ("gnd", "GND"),
                                               ("rx", "RX"), ("tx", "TX")])
                edge("cards_reader:vcc", "pi:v33", "3.3 V")
                edge("cards_reader:gnd", "pi:gnd", "GND")
            edge(port, "cards_reader:rx" if "TXD" in u.function else "cards_reader:tx",
                 label, "#cc6600")
        elif u.function.startswith("I2C"):
            name = "display_oled" if u.device == "display" else "wind_pca9685"
            if f"  {name} [" not in "".join(nodes):
                if u.device == "display":
                    d = profile.display
                    title = f"{d.backend.upper()} OLED 128x64 (I2C{d.bus} 0x{d.address:02X})"
                else:
                    p = profile.wind.pca9685
                    title = f"PCA9685 PWM board (I2C{p.bus} 0x{p.address:02X})"
                rows = [("vcc", "VCC 3.3 V"), ("gnd", "GND"), ("sda", "SDA"), ("scl", "SCL")]
                if u.device == "wind":
                    rows.append(("ch", f"PWM {profile.wind.pca9685.channel}"))
                node(name, title, rows)
                edge(f"{name}:vcc", "pi:v33", "3.3 V")
                edge(f"{name}:gnd", "pi:gnd", "GND")
            edge(port, f"{name}:{u.function.split()[-1].lower()}", label, "#009999")
        elif u.device == "wind":
            node("wind_servo", "wind dial servo (SG90 / MG90S)",
                 [("sig", "signal (orange)"), ("v5", "+5 V (red)"), ("gnd", "GND (brown)")])
            edge(port, "wind_servo:sig", label, "#993399")
            psu = True
            edge("wind_servo:v5", "psu:v5", "+5 V")
            edge("wind_servo:gnd", "psu:gnd", "GND")
        elif u.device == "leds":
            grid = profile.leds.grid
            node("leds_shifter", "74AHCT125 level shifter",
                 [("a1", "1A"), ("y1", "1Y"), ("oe1", "1OE"), ("vcc", "VCC"), ("gnd", "GND")])
            node("leds_resistor", "330 ohm", [("a", "in"), ("b", "out")])
            node("leds_strip", f"WS2812B LEDs: {len(profile.leds.led_map)} on {len(grid.hexes)} "
                               f"hexes ({profile.leds.wiring})",
                 [("din", "DIN (LED 0)"), ("v5", "+5 V"), ("gnd", "GND")])
            edge(port, "leds_shifter:a1", label, "#cc0000")
            edge("leds_shifter:y1", "leds_resistor:a", "5 V data")
            edge("leds_resistor:b", "leds_strip:din", "DIN")
            edge("leds_shifter:oe1", "leds_shifter:gnd", "1OE to GND (enabled)")
            edge("leds_shifter:vcc", "psu:v5", "+5 V")
            edge("leds_shifter:gnd", "psu:gnd", "GND")
            edge("leds_strip:v5", "psu:v5", "+5 V")
            edge("leds_strip:gnd", "psu:gnd", "GND")
            psu = True
            node("leds_capacitor", "1000 uF 10 V", [("p", "+"), ("n", "-")])
            edge("leds_capacitor:p", "psu:v5", "across the strip's feed")
            edge("leds_capacitor:n", "psu:gnd", "")

    if profile.wind is not None and profile.wind.backend == "pca9685" and profile.wind.pca9685:
        node("wind_servo", "wind dial servo (SG90 / MG90S)",
             [("sig", "signal (orange)"), ("v5", "+5 V (red)"), ("gnd", "GND (brown)")])
        edge("wind_pca9685:ch", "wind_servo:sig", f"channel {profile.wind.pca9685.channel}")
        psu = True
        edge("wind_servo:v5", "psu:v5", "+5 V (V+ terminal)")
        edge("wind_servo:gnd", "psu:gnd", "GND")
    if psu:
        node("psu", "5 V supply (see BOM.md)", [("v5", "+5 V"), ("gnd", "GND")], "#ffe699")
        gnd = "pico:gnd" if pico_uses else "pi:gnd"
        edge("psu:gnd", gnd, "common ground")

    nodes = list(dict.fromkeys(nodes))
    edges = list(dict.fromkeys(edges))
    head = [f"// Wiring of hardware profile {profile.name!r}: made by `python -m table.wiring`;",
            "// do not edit by hand (a test compares it with the profile).",
            "graph wiring {",
            "  rankdir=LR;",
            '  node [shape=plain, fontname="Helvetica", fontsize=10];',
            '  edge [fontname="Helvetica", fontsize=8];']
    return "\n".join(head + nodes + edges + ["}"]) + "\n"


def _unique(uses):
    seen, out = set(), []
    for u in uses:
        if u.pin not in seen:
            seen.add(u.pin)
            out.append(u)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.wiring", description=__doc__.split("\n")[0])
    parser.add_argument("--profile", help="hardware profile (default: the packaged reference)")
    parser.add_argument("--out", help="write the DOT text here instead of printing it")
    parser.add_argument("--svg", help="also render an SVG here (needs Graphviz's dot)")
    args = parser.parse_args(argv)
    from table.profile import ProfileError
    try:
        text = dot(load(args.profile))
    except ProfileError as err:
        print(err, file=sys.stderr)
        return 2
    if args.out:
        Path(args.out).write_text(text)
    else:
        sys.stdout.write(text)
    if args.svg:
        exe = shutil.which("dot")
        if exe is None:
            print("Graphviz's dot is not installed (apt-get install graphviz)", file=sys.stderr)
            return 1
        subprocess.run([exe, "-Tsvg", "-o", args.svg], input=text, text=True, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
