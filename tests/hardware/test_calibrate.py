"""worms-table calibrate, end to end on simulated devices: keyboard, buttons, write-back."""

import io
import os
import shutil
import threading

import pytest

from table import cli
from table import profiles as hp
from tests.hardware.test_selftest import when_built, with_fault
from tests.polling import until


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "my.toml"
    shutil.copy(hp.REFERENCE, path)
    return path


def run(capsys, monkeypatch, stdin, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = cli.main(["calibrate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_auto_accepts_and_checks_the_led_map(capsys, monkeypatch, copy):
    before = copy.read_text()
    code, out, _ = run(capsys, monkeypatch, "", "--sim", "--auto", "--profile", str(copy))
    assert code == 0, out
    assert "direction 6: 2333 us" in out and "every hex lit where the profile says" in out
    assert copy.read_text() == before                  # same pulses written back unchanged


def test_keyboard_nudges_sets_refuses_and_saves(capsys, monkeypatch, copy):
    keys = "\n".join([
        "+", "",               # 1: 677
        "",                    # 2: 1000 kept
        "1400", "",            # 3: 1400
        "9999", "1300", "huh", "",  # 4: out of range, below 3, nonsense: 1667 kept
        "--", "",              # 5: 1980
        "", ""]) + "\n"        # 6: kept
    code, out, _ = run(capsys, monkeypatch, keys, "--sim", "--only", "servo",
                       "--profile", str(copy))
    assert code == 0, out
    assert "9999 us refused: outside the servo's range 500..2500" in out
    assert "1300 us refused: must stay above direction 3 (1400 us)" in out
    assert "'huh'?" in out
    saved = hp.load(copy)
    assert dict(saved.wind.calibration) == {1: 677, 2: 1000, 3: 1400, 4: 1667, 5: 1980, 6: 2333}
    text = copy.read_text()
    assert "# pulse in microseconds that points the dial at each direction 1..6" in text
    assert "[buttons.gpio]" in text and "\n1 = 5\n" in text   # other tables untouched


def test_quitting_saves_nothing(capsys, monkeypatch, copy):
    before = copy.read_text()
    code, out, _ = run(capsys, monkeypatch, "+\n+\nq\n", "--sim", "--profile", str(copy))
    assert code == 1 and "nothing saved" in out
    assert copy.read_text() == before


def test_input_ending_early_saves_nothing(capsys, monkeypatch, copy):
    before = copy.read_text()
    code, out, _ = run(capsys, monkeypatch, "+\n\n", "--sim", "--profile", str(copy))
    assert code == 1 and "input ended" in out
    assert copy.read_text() == before


def test_without_a_profile_the_table_is_printed(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "+\n" + "\n" * 6, "--sim", "--only", "servo")
    assert code == 0
    assert "[wind.calibration]\n1 = 677\n2 = 1000\n" in out
    assert hp.load().wind.calibration[1] == 667


def test_led_map_answers_by_keyboard(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "\n\n\n" + "\n\ny\n\nwhat\n\nn\na\n", "--sim",
                       "--only", "leds")
    assert code == 1
    assert out.count("LED 4: hex [-4, 4] lit?") == 2        # asked again after "what"
    assert "LED 5: hex [-3, 4] lit?" in out
    assert "1 hex(es) wrong: LED 5 at [-3, 4]" in out
    assert "LED 7:" not in out                           # "a" trusted the rest


def test_buttons_drive_the_servo(capsys, monkeypatch, copy):
    """The direction buttons nudge and OK accepts, pressed from another thread."""
    script = ["2", "2", "ok", "6", "ok", "ok", "ok", "ok", "ok"]

    def press(buttons) -> None:                      # once the command listens to them
        until(lambda: buttons.on_input is not None, what="calibrate listening to the buttons")
        for name in script:
            buttons.press(name)

    when_built(monkeypatch, lambda devices: threading.Thread(
        target=press, args=(devices.buttons,), daemon=True).start())
    # no keyboard at all: a pipe nobody writes to, so the command reads no line and no end
    keyboard, nobody = os.pipe()
    with os.fdopen(keyboard) as stdin:
        monkeypatch.setattr("sys.stdin", stdin)
        try:
            code = cli.main(["calibrate", "--sim", "--only", "servo", "--profile", str(copy)])
        finally:
            os.close(nobody)                          # (the reader ends)
    out = capsys.readouterr().out
    assert code == 0, out
    assert dict(hp.load(copy).wind.calibration) == {1: 687, 2: 990, 3: 1333, 4: 1667,
                                                     5: 2000, 6: 2333}


def test_write_back_refuses_an_inline_table(tmp_path):
    from table.commands.calibrate import write_calibration

    text = hp.REFERENCE.read_text()
    start = text.index("[wind.calibration]")
    end = text.index("[leds]")
    inline = "calibration = {1 = 667, 2 = 1000, 3 = 1333, 4 = 1667, 5 = 2000, 6 = 2333}\n"
    text = text[:start] + text[end:]                     # drop the [wind.calibration] table
    text = text.replace("gpio_pin = 12", "gpio_pin = 12\n" + inline.rstrip(), 1)
    path = tmp_path / "inline.toml"
    path.write_text(text)
    hp.load(path)                                        # a valid profile
    with pytest.raises(cli.UserError, match="no \\[wind.calibration\\] table"):
        write_calibration(path, {1: 600, 2: 1000, 3: 1333, 4: 1667, 5: 2000, 6: 2333})


def test_auto_needs_sim(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "", "--auto")
    assert code == 2 and "--auto" in err


def test_quitting_the_led_check_keeps_the_saved_servo(capsys, monkeypatch, copy):
    code, out, _ = run(capsys, monkeypatch, "+\n" + "\n" * 6 + "\n\n\n" + "\nq\n", "--sim",
                       "--profile", str(copy))
    assert code == 1 and "the servo calibration was saved before" in out
    assert hp.load(copy).wind.calibration[1] == 677


def test_colours_are_shown_and_a_red_green_swap_names_the_order(capsys, monkeypatch):
    # the person sees green for red and red for green: the strip is RGB, the profile says GRB
    code, out, _ = run(capsys, monkeypatch, "g\nr\n\n" + "a\n", "--sim", "--only", "leds")
    assert code == 1
    assert "the whole grid should be red" in out and "should be blue" in out
    assert ("colours: red showed green, green showed red: the strip takes its colours in RGB "
            "order, not GRB: set leds.color_order = \"RGB\" in the profile") in out


def test_colours_that_do_not_show_point_at_the_wiring(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "n\n\n\n" + "a\n", "--sim", "--only", "leds")
    assert code == 1 and "red showed none of them: check the strip's 5 V" in out


def test_auto_reads_the_colours_off_the_simulated_strip(capsys, monkeypatch):
    with_fault(monkeypatch, "leds", "red_green_swapped", True)   # wired for the other order
    code, out, _ = run(capsys, monkeypatch, "", "--sim", "--auto", "--only", "leds")
    assert code == 1
    assert "set leds.color_order = \"RGB\"" in out


def test_centre_holds_the_middle_of_the_travel_until_ok(capsys, monkeypatch):
    """`calibrate --centre` (the guide's step for fitting the gear) holds 1500 us, the middle of
    the reference's 500..2500, while the maker works, and lets go on OK; a typed 1500 during
    the calibration itself is refused and points at --centre."""
    held = []

    def wait_then_ok(devices) -> None:
        until(lambda: devices.buttons.on_input is not None and "wind" in devices.built()
              and devices.wind.held is not None, what="the servo held")
        held.append(devices.wind.held)
        devices.buttons.press("ok")

    helpers: list[threading.Thread] = []

    def start_helper(devices) -> None:
        if not helpers:             # (the first devices only: not those the refusal run builds)
            helpers.append(threading.Thread(target=wait_then_ok, args=(devices,), daemon=True))
            helpers[0].start()

    when_built(monkeypatch, start_helper)
    keyboard, nobody = os.pipe()
    with os.fdopen(keyboard) as stdin:
        monkeypatch.setattr("sys.stdin", stdin)
        try:
            code = cli.main(["calibrate", "--sim", "--centre"])
        finally:
            os.close(nobody)
    helpers[0].join()               # (it pressed OK: the command has ended)
    out = capsys.readouterr().out
    assert code == 0, out
    assert held == [1500] and "servo held at 1500 us" in out and "let go at 1500 us" in out
    assert "direction 1" not in out                        # nothing else calibrated
    code, out, _ = run(capsys, monkeypatch, "1500\nq\n", "--sim", "--only", "servo")
    assert ("1500 us refused: must stay below direction 2 (1000 us) (to hold the servo's centre "
            "while you fit the gear: worms-table calibrate --centre)") in out and code == 1
