"""The committed wiring diagram is the profile's: same source, every pin on the right part."""

import re
import tomllib
from pathlib import Path

from table import profile as hp
from table import wiring

ROOT = Path(__file__).resolve().parents[2]
EDGE = re.compile(r'^  (pi|pico):gp(?:io)?(\d+) -- (\w+):(\w+) \[label="([^"]*)"', re.M)


def pin_edges(text: str) -> set[tuple[str, int, str, str]]:
    """(chip, pin, node, label) of every edge that leaves a Pi or Pico GPIO."""
    return {(chip, int(pin), node, label) for chip, pin, node, _port, label in EDGE.findall(text)}


def test_committed_source_is_what_the_generator_makes_now():
    committed = (ROOT / "schematics" / "wiring.dot").read_text()
    assert committed == wiring.dot(hp.load(ROOT / "hardware" / "reference.toml")), \
        "run: python -m table.wiring --out schematics/wiring.dot --svg schematics/wiring.svg"


def test_every_profile_pin_has_its_connection_and_no_other():
    text = (ROOT / "schematics" / "wiring.dot").read_text()
    p = hp.load(ROOT / "hardware" / "reference.toml")
    edges = pin_edges(text)
    expected = set()
    for u in p.pin_uses:
        match = [e for e in edges if e[:2] == (u.chip, u.pin) and e[2].startswith(u.device + "_")
                 and e[3].endswith(u.function)]
        assert len(match) == 1, (u, sorted(edges))
        expected |= set(match)
    assert edges == expected          # nothing drawn that the profile does not use
    # the reference build, spelled out independently of the generator
    assert ("pi", 20, "buttons_ok", "GPIO20 (pin 38) button ok") in edges
    assert ("pi", 14, "cards_reader", "GPIO14 (pin 8) UART TXD") in edges
    assert ("pi", 2, "display_oled", "GPIO2 (pin 3) I2C1 SDA") in edges
    assert ("pico", 2, "leds_shifter", "GP2 (pin 4) WS2812 data") in edges
    assert ("pico", 15, "wind_servo", "GP15 (pin 20) servo PWM") in edges


def test_uart_lines_cross_over():
    text = wiring.dot(hp.load())
    assert "pi:gpio14 -- cards_reader:rx " in text and "pi:gpio15 -- cards_reader:tx " in text


def test_a_changed_profile_changes_the_drawing():
    data = tomllib.loads(hp.REFERENCE.read_text())
    data["buttons"]["gpio"]["ok"] = 24
    data["wind"]["backend"] = "pca9685"
    text = wiring.dot(hp.parse(data))
    edges = pin_edges(text)
    assert ("pi", 24, "buttons_ok", "GPIO24 (pin 18) button ok") in edges
    assert not any(e[1] == 20 and e[0] == "pi" for e in edges)
    assert ("pi", 2, "wind_pca9685", "GPIO2 (pin 3) I2C1 SDA") in edges
    assert "wind_pca9685:ch -- wind_servo:sig" in text
    assert not any(e[0] == "pico" and e[1] == 15 for e in edges)
    assert text != (ROOT / "schematics" / "wiring.dot").read_text()


def test_rendered_svg_carries_every_pin_label():
    svg = (ROOT / "schematics" / "wiring.svg").read_text()
    for _chip, _pin, _node, label in pin_edges((ROOT / "schematics" / "wiring.dot").read_text()):
        assert label in svg, f"schematics/wiring.svg is stale ({label!r} missing): re-render it"


def test_cli_writes_the_source(tmp_path):
    out = tmp_path / "w.dot"
    assert wiring.main(["--out", str(out)]) == 0
    assert out.read_text() == wiring.dot(hp.load())
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 3\n")
    assert wiring.main(["--profile", str(bad)]) == 2


def test_an_encoder_build_draws_the_encoder():
    data = tomllib.loads(hp.REFERENCE.read_text())
    data["buttons"]["backend"] = "encoder"
    text = wiring.dot(hp.parse(data))
    edges = pin_edges(text)
    assert ("pi", 17, "buttons_encoder", "GPIO17 (pin 11) encoder a") in edges
    assert ("pi", 27, "buttons_encoder", "GPIO27 (pin 13) encoder b") in edges
    assert ("pi", 22, "buttons_ok", "GPIO22 (pin 15) encoder ok") in edges
    assert text.count("  buttons_encoder [") == 1
    assert "buttons_encoder:c -- pi:gnd" in text
