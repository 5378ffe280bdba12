"""The wiring harness (WireViz) is the profile's: the committed files are what the generator
makes now, every pin the profile uses is wired once, every device is connected, and the level
shifter, the capacitors, the resistor and the do-not-connect notes are there."""

import copy
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from table import profiles as hp
from table import wiring
from table.wiring.__main__ import main
from table.wiring.document import PI_GND, PI_HEADER, PICO_PADS, RAIL_GP
from tests.programs import needs_program

ROOT = Path(__file__).resolve().parents[2]
SCHEMATICS = ROOT / "schematics"
DEVICE_PARTS = {"wind": "Servo", "leds": "LEDs", "display": "OLED", "cards": "Reader"}


def wired(h: dict, connector: str) -> Counter:
    """How many wires end on each pin of ``connector``."""
    count = Counter()
    for chain in h["connections"]:
        for end in chain:
            for name, pins in end.items():
                if name == connector:
                    count.update(pins)
    return count


def connected(h: dict) -> set[str]:
    return {name for chain in h["connections"] for end in chain for name in end}


def check_against_profile(p: hp.Profile, h: dict) -> None:
    """Every pin the profile uses wired exactly once, to a pin labelled with its function;
    no header pin wired twice; every device's part connected."""
    for chip, connector, numbering in (("pi", "Pi", PI_HEADER),
                                       ("pico", "Pico", PICO_PADS)):
        uses = [u for u in p.pin_uses if u.chip == chip]
        if not uses:
            continue
        part = h["connectors"][connector]
        labels = dict(zip(part["pins"], part["pinlabels"]))
        count = wired(h, connector)
        assert all(n == 1 for n in count.values()), (connector, count)   # each pin once
        for u in uses:
            pin = numbering[u.pin]
            assert count[pin] == 1, (u, count)
            name = f"GPIO{u.pin}" if chip == "pi" else f"GP{u.pin}"
            assert labels[pin].startswith(name) and labels[pin].endswith(u.function.split()[-1])
        gpio_wired = {pin for pin in count if labels[pin].startswith(("GPIO", "GP"))}
        fixed = {PICO_PADS[RAIL_GP]} if chip == "pico" else set()   # firmware's
        assert gpio_wired == {numbering[u.pin] for u in uses} | fixed  # no stray GPIO wired
    for device, part in DEVICE_PARTS.items():
        config = getattr(p, device)
        if config is not None and config.backend != "sim":
            assert part in connected(h), f"{device}: {part} not connected"
    if p.buttons is not None and p.buttons.backend != "sim":
        assert ("Encoder" if p.buttons.backend == "encoder" else "Buttons") in connected(h)


def test_committed_files_are_what_the_generator_makes_now():
    p = hp.load(ROOT / "hardware" / "reference.toml")
    assert (SCHEMATICS / "wiring.yml").read_text() == wiring.yaml_text(p), \
        "run: .venv/bin/python -m table.wiring --out schematics"
    assert not (SCHEMATICS / "wiring.dot").exists()      # the hand-written DOT is gone


def test_the_reference_harness_matches_its_profile():
    p = hp.load()
    h = wiring.harness(p)
    check_against_profile(p, h)
    labels = dict(zip(h["connectors"]["Pi"]["pins"], h["connectors"]["Pi"]["pinlabels"]))
    assert labels[38] == "GPIO20 button ok" and labels[8] == "GPIO14 UART TXD"
    assert labels[3] == "GPIO2 I2C1 SDA"
    pico = dict(zip(h["connectors"]["Pico"]["pins"], h["connectors"]["Pico"]["pinlabels"]))
    assert pico[4] == "GP2 WS2812 data" and pico[20] == "GP15 servo PWM"


def test_the_level_shifter_and_the_small_parts():
    h = wiring.harness(hp.load())
    u1 = h["connectors"]["U1"]
    pins = dict(zip(u1["pins"], u1["pinlabels"]))
    assert (pins[1], pins[2], pins[3], pins[7], pins[14]) == ("1OE", "1A", "1Y", "GND", "VCC")
    ties = {tuple(loop) for loop in u1["loops"]}
    assert {(1, 7), (5, 7), (9, 7), (12, 7), (4, 14), (10, 14), (13, 14)} == ties
    chains = [[next(iter(end.items())) for end in chain] for chain in h["connections"]]
    ends = {(a[0], tuple(a[1]), b[0], tuple(b[1])) for a, _, b in chains}
    assert ("Pico", (4,), "U1", (2,)) in ends                  # GP2 to 1A
    assert ("U1", (3,), "R1", (1,)) in ends and ("R1", (2,), "J1", (2,)) in ends   # 1Y, R, J1
    assert ("J1", (1, 2, 3), "LEDs", (1, 2, 3)) in ends        # the lid's leads to LED 0's DIN
    assert ("U1", (2, 7), "R4", (1, 2)) in ends                # the pull-down on 1A
    assert ("U1", (14, 7), "C1", (1, 2)) in ends               # 100 nF at the shifter
    assert ("PSU", (1, 2), "C2", (1, 2)) in ends               # bulk where the supply enters
    assert ("Servo", (2, 3), "C3", (1, 2)) in ends             # bulk at the servo
    assert "1000 uF" in h["connectors"]["C2"]["type"] and "100 nF" in h["connectors"]["C1"]["type"]
    assert "330 ohm" in h["connectors"]["R1"]["type"]
    for cable in h["cables"].values():
        assert cable["gauge"] in ("22 AWG", "26 AWG") and len(cable["colors"]) == cable["wirecount"]


def test_do_not_connect_notes():
    h = wiring.harness(hp.load())
    assert "Nothing connects to the Pi's 5 V pins (2, 4)" in h["connectors"]["Pi"]["notes"]
    assert not {2, 4} & set(h["connectors"]["Pi"]["pins"])      # every module at 3.3 V
    pico = h["connectors"]["Pico"]
    assert "VBUS (pin 40): do not connect" in pico["notes"]
    assert dict(zip(pico["pins"], pico["pinlabels"]))[40] == "VBUS: do not connect"
    assert wired(h, "Pico")[40] == 0


@pytest.mark.parametrize("change", ["encoder", "pca9685", "gpio-servo", "moved-button", "rdm6300"])
def test_other_builds_match_their_profiles(change):
    data = tomllib.loads(hp.REFERENCE.read_text())
    if change == "encoder":
        data["buttons"]["backend"] = "encoder"
    elif change == "pca9685":
        data["wind"]["backend"] = "pca9685"
    elif change == "gpio-servo":
        data["wind"]["backend"] = "gpio"
    elif change == "rdm6300":
        data["cards"]["backend"] = "rdm6300"
    else:
        data["buttons"]["gpio"]["ok"] = 24
    p = hp.parse(data)
    h = wiring.harness(p)
    check_against_profile(p, h)
    from wireviz import wireviz
    wireviz.parse(copy.deepcopy(h), return_types="harness")     # WireViz takes it as it is
    if change == "pca9685":
        assert "PCA9685" in connected(h) and 20 not in wired(h, "Pico")
    if change == "moved-button":
        assert wired(h, "Pi")[18] == 1 and wired(h, "Pi")[38] == 0
    if change == "rdm6300":                 # a 5 V module: its TX reaches RXD through R5/R6
        ends = {(c[0] and next(iter(c[0])), tuple(next(iter(c[0].values()))),
                 next(iter(c[2])), tuple(next(iter(c[2].values())))) for c in h["connections"]}
        assert ("Reader", (1,), "R5", (1,)) in ends and ("R5", (2,), "R6", (1,)) in ends
        assert any(a == "Pi" and pa[0] == 10 and pa[1] in PI_GND and b == "R6"
                   for a, pa, b, _ in ends)                     # RXD (pin 10) and GND on R6
        assert not any(a == "Pi" and b == "Reader" and 10 in pa for a, pa, b, _ in ends)
        assert "10 kohm" in h["connectors"]["R5"]["type"]
        assert "15 kohm" in h["connectors"]["R6"]["type"]


def test_the_modules_are_wired_as_their_headers_are_and_at_3v3():
    h = wiring.harness(hp.load())
    oled = h["connectors"]["OLED"]
    assert oled["pinlabels"] == ["GND", "VCC", "SCL", "SDA"]       # the 4-pin module's order
    reader = h["connectors"]["Reader"]
    assert reader["pinlabels"] == ["GND", "VCC (3.3 V)", "TXD (SDA)", "RXD (SCL)"]
    pi = dict(zip(h["connectors"]["Pi"]["pins"], h["connectors"]["Pi"]["pinlabels"]))
    by_cable = {next(iter(c[1])): c for c in h["connections"]}
    reader_pi = by_cable["W-READER"][0]["Pi"]
    assert [pi[p].split()[0] for p in reader_pi] == ["GND", "3V3", "GPIO15", "GPIO14"]
    oled_pi = by_cable["W-OLED"][0]["Pi"]
    assert [pi[p].split()[0] for p in oled_pi] == ["3V3", "GPIO2", "GPIO3", "GND"]
    assert by_cable["W-OLED"][2]["OLED"] == [2, 4, 3, 1]           # 3V3 to VCC, SDA, SCL, GND


def test_the_led_rail_divider_and_the_lid_connector():
    h = wiring.harness(hp.load())
    pico = dict(zip(h["connectors"]["Pico"]["pins"], h["connectors"]["Pico"]["pinlabels"]))
    assert pico[31] == "GP26 LED rail / 2 (ADC0)" and pico[33] == "AGND"
    assert "10 kohm" in h["connectors"]["R2"]["type"] and "10 kohm" in h["connectors"]["R3"]["type"]
    lid = {next(iter(c[1])) for c in h["connections"] if "LEDs" in c[2] or "LEDs-end" in c[2]}
    assert lid == {"W-LID", "W-LED-END"}
    assert all(next(iter(h["connections"][i][0])) == "J1" for i, c in enumerate(h["connections"])
               if next(iter(c[1])) in lid)                       # the lid's wires all end at J1


def test_the_cable_lengths_are_measured_on_the_box():
    from table.parts.geometry import layout
    from table.parts.routes import SLACK_MM, lengths, lid_route, points, run_mm

    p = hp.load()
    lay = layout(p)
    mm = lengths(lay)
    way = lid_route(lay)                         # the lid lead goes the guide's way, not straight
    run = sum(run_mm(a, b) for a, b in zip(way, way[1:]))
    assert mm["lid"] - 10 < run + SLACK_MM <= mm["lid"]
    assert way[0] == points(lay)["LED 0"] and way[-1] == points(lay)["J1"]
    assert run > run_mm(points(lay)["J1"], points(lay)["LED 0"]) + 50
    cables = wiring.harness(p)["cables"]
    assert cables["W-LID"]["length"] == f"{mm['lid'] / 1000:g} m"
    assert cables["W-OLED"]["length"] == f"{mm['oled'] / 1000:g} m"


def test_wireviz_reads_the_committed_harness():
    import yaml
    from wireviz import wireviz

    harness = wireviz.parse(yaml.safe_load((SCHEMATICS / "wiring.yml").read_text()),
                            return_types="harness")
    assert {"Pi", "Pico", "U1", "LEDs", "Servo", "OLED", "Reader", "Buttons"} <= set(
        harness.connectors)


def test_the_committed_svg_and_bom_are_current():
    svg = (SCHEMATICS / "wiring.svg").read_text()
    h = wiring.harness(hp.load())
    for part in h["connectors"].values():
        for label in part["pinlabels"]:
            assert label.replace("&", "&amp;") in svg, f"schematics/wiring.svg is stale: {label!r}"
    bom = (SCHEMATICS / "wiring.bom.tsv").read_text()
    for item in ("74AHCT125", "100 nF", "1000 uF", "470 uF", "330 ohm", "1N5817", "22 AWG"):
        assert item in bom


@needs_program("dot", "graphviz")
def test_rendering_writes_the_svg_and_the_bom(tmp_path):
    assert main(["--out", str(tmp_path)]) == 0
    assert (tmp_path / "wiring.yml").read_text() == (SCHEMATICS / "wiring.yml").read_text()
    assert (tmp_path / "wiring.bom.tsv").read_text() == (SCHEMATICS / "wiring.bom.tsv").read_text()
    assert "GPIO20 button ok" in (tmp_path / "wiring.svg").read_text()


def test_cli_prints_the_yaml_and_refuses_a_bad_profile(tmp_path, capsys):
    assert main([]) == 0
    assert capsys.readouterr().out == wiring.yaml_text(hp.load())
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 3\n")
    assert main(["--profile", str(bad)]) == 2
    assert "name: should be a string" in capsys.readouterr().err
