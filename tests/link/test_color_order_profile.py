"""The strip's colour order: a key of the profile's [leds] table, checked, and the same set
of orders the Pico takes."""

import tomllib

import pytest

from table import profiles as hp
from table.profiles import leds
from table.devices import linkcodec as C


def reference_data() -> dict:
    return tomllib.loads(hp.REFERENCE.read_text())


def test_the_reference_says_grb_and_a_profile_without_the_key_gets_grb():
    assert hp.load().leds.color_order == "GRB"
    d = reference_data()
    del d["leds"]["color_order"]
    assert hp.parse(d, "test.toml").leds.color_order == "GRB"


def test_a_pl9823_strip_is_rgb():
    d = reference_data()
    d["leds"]["color_order"] = "RGB"
    assert hp.parse(d, "test.toml").leds.color_order == "RGB"


def test_an_unknown_order_is_named():
    d = reference_data()
    d["leds"]["color_order"] = "RGBW"
    with pytest.raises(hp.ProfileError) as info:
        hp.parse(d, "test.toml")
    [problem] = info.value.problems
    assert problem.startswith("leds.color_order: ") and "GRB" in problem and "RGB" in problem


def test_the_profile_and_the_pico_know_the_same_orders():
    assert leds.COLOR_ORDERS == C.COLOR_ORDERS
