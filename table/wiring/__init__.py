"""The wiring harness of a hardware profile, as WireViz describes one.

`python -m table.wiring [--profile FILE] [--out DIR]` (`__main__.py`) writes DIR/wiring.yml
(the WireViz harness: connectors with their pin numbers, wires with colours and gauges) and,
where WireViz and Graphviz's `dot` are installed (the `wiring` extra; `apt-get install
graphviz`), renders DIR/wiring.svg and the wiring bill of materials DIR/wiring.bom.tsv.  Without
--out it prints the YAML.  Each device's wiring is in `devices.py`, the harness being made and
the boards' pin numbers in `document.py`.  The committed schematics/ are this package's output
for the reference profile; a test keeps them equal and checks the harness against the profile
(every pin the profile uses wired once, every device connected).

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

import copy
from pathlib import Path

from table.profiles import Profile
from table.wiring import devices
from table.wiring.document import JUMPER, POWER, RAIL_GP, Harness


def harness(profile: Profile) -> dict:
    """The WireViz harness of ``profile``, as the data of its YAML file."""
    h = Harness(profile)
    p = profile
    uses_pico = any(d is not None and d.backend == "pico" for d in (p.wind, p.leds))
    psu_needed = (uses_pico or (p.wind is not None and p.wind.backend in ("gpio", "pca9685")))
    if psu_needed:
        h.part("PSU", type="J0: 5.5/2.1 mm panel barrel jack, from the 5 V brick",
               subtype="Mean Well GST25E05-P1J (5 V 4 A, closed, centre +; hardware/BOM.md); "
                       "the 5 V rail is its + after F1 (PTC fuse) and Q1 (polarity guard) on "
                       "the power board",
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
    devices.leds(h, p)
    devices.wind(h, p)
    devices.display(h, p)
    devices.buttons(h, p)
    devices.cards(h, p)
    return h.document()


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
