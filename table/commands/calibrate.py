"""`worms-table calibrate`: set the servo pulse for each wind direction, check the LED map.

Servo: for each direction 1..6 the dial turns to the profile's pulse; nudge it until the dial
points exactly at that direction, then accept.  Keyboard (a line each): `+` / `-` nudge by
--step microseconds (`+++` three steps), a number sets the pulse, Enter accepts, `q` quits
without saving.  Buttons: cw or 2 nudges up, ccw or 6 nudges down, OK accepts, Back quits.
The six pulses are written back into the profile's [wind.calibration] table (other lines and
comments are kept); without --profile they are printed instead of saved.

Colours: the whole grid lights red, then green, then blue; answer Enter (or OK) if it shows that
colour, else type the colour seen (r, g, b): a red/green swap names the profile's
leds.color_order to set (GRB for WS2812B, RGB for most PL9823).

LED map: the hexes light one at a time in strip order (the wind-dial hex glows blue as a
landmark); answer Enter (or OK) if the lit hex is the one named, `n` (or Back) if not, `a` if
all the rest are right.  The hexes reported wrong are listed at the end.

With --centre the servo only goes to the middle of its travel (half-way between the profile's
wind.pulse_min_us and pulse_max_us: 1500 us for the reference) and is held there until Enter (or
OK): the horn and the servo gear go on then (hardware/ASSEMBLY.md).

With --sim --auto nobody is asked: each pulse is accepted as it is, and the colours and the LED
map are checked against what the simulated strip shows.  gpiozero's pin library warnings are
printed with their fix, never hidden.
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
from pathlib import Path
from typing import TextIO

from .common import UserError, load_profile

PARTS = ("servo", "leds")
BUTTON_COMMANDS = {"cw": "+", "2": "+", "ccw": "-", "6": "-", "ok": "", "back": "q"}
LED_BUTTONS = {"ok": "", "back": "n"}
WHITE, LANDMARK = (255, 255, 255), (0, 0, 96)
_HEADER = re.compile(r"^\s*\[\s*wind\s*\.\s*calibration\s*\]\s*(#.*)?$")
_ENTRY = re.compile(r'^(\s*)("?)([1-6])\2(\s*=\s*)([0-9_]+)(.*)$')
_TABLE = re.compile(r"^\s*\[")


def configure(parser) -> None:
    parser.add_argument("--profile", metavar="FILE",
                        help="hardware profile to calibrate and save into "
                             "(default: the packaged reference, printed, not saved)")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--auto", action="store_true",
                        help="with --sim: accept every pulse and check the LED map by itself")
    parser.add_argument("--step", type=int, default=10, metavar="US",
                        help="microseconds per nudge (default 10)")
    parser.add_argument("--centre", action="store_true",
                        help="hold the servo at the middle of its travel until Enter (to fit "
                             "the horn and the gear), then stop")
    parser.add_argument("--only", choices=PARTS, help="calibrate only the servo, or only "
                                                      "check the LED map")


class _Quit(Exception):
    pass


class Inputs:
    """Commands from the keyboard (a line each) and the buttons, in the order they come."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.queue: queue.Queue = queue.Queue()
        self.mapping = BUTTON_COMMANDS
        if stream is not None:
            threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self.queue.put(line.strip())
        self.queue.put(None)

    def on_button(self, event) -> None:
        if event.name in self.mapping:
            self.queue.put(self.mapping[event.name])

    def get(self) -> str:
        command = self.queue.get()
        if command is None:
            raise _Quit("the input ended before the calibration was finished")
        return command


def run(args) -> int:
    from table.devices import DeviceError
    from table.devices import build
    from table.devices.pins import fallbacks_named

    if args.auto and not args.sim:
        raise UserError("--auto answers for a person: use it with --sim")
    if not 1 <= args.step <= 500:
        raise UserError("--step must be 1 to 500 microseconds")
    profile = load_profile(args.profile)
    if profile.wind is None and args.only != "leds":
        raise UserError(f"the profile {profile.path} has no [wind] table to calibrate "
                        "(add one, see hardware/README.md, or use --only leds)")
    inputs = Inputs(None if args.auto else sys.stdin)
    status, saved = 0, False
    with fallbacks_named(lambda line: print(line, flush=True)), \
            build.build_devices(profile, sim=args.sim) as devices:
        try:
            if not args.auto:
                try:
                    devices.buttons.on_input = inputs.on_button
                except DeviceError as err:
                    print(f"(buttons unavailable, use the keyboard: {err})")
            if args.centre:
                return hold_centre(devices, profile, inputs, args)
            if args.only != "leds":
                calibration = calibrate_servo(devices, profile, inputs, args)
                saved = save(profile, calibration, explicit=args.profile is not None)
            if args.only != "servo":
                problem = check_colours(devices, inputs, args)
                if problem:
                    status = 1
                    print(problem)
                wrong = check_leds(devices, inputs, args)
                if wrong:
                    status = 1
                    print(f"LED map: {len(wrong)} hex(es) wrong: "
                          + ", ".join(f"LED {i} at {list(h)}" for i, h in wrong)
                          + ": fix leds.grid (wiring or map) in the profile")
                else:
                    print("LED map: every hex lit where the profile says")
        except _Quit as why:
            print(f"calibrate: {why}; " + ("the servo calibration was saved before" if saved
                                          else "nothing saved"))
            return 1
        except DeviceError as err:
            raise UserError(str(err), 1) from None
    return status


def hold_centre(devices, profile, inputs: Inputs, args) -> int:
    """Hold the middle of the servo's range until Enter/OK; 0, or 1 if quit."""
    wind = profile.wind
    centre = round((wind.pulse_min_us + wind.pulse_max_us) / 2)
    devices.wind.hold(centre)
    print(f"servo held at {centre} us, the middle of its travel: fit the horn and the gear now "
          "(hardware/ASSEMBLY.md), then Enter (or OK) to let go", flush=True)
    if not args.auto:
        inputs.mapping = LED_BUTTONS
        while inputs.get().lower() not in ("", "y", "q", "n"):
            print("  Enter (or OK) lets the servo go", flush=True)
    print(f"servo let go at {centre} us (its gears hold it there)")
    return 0


def calibrate_servo(devices, profile, inputs: Inputs, args) -> dict[int, int]:
    wind = profile.wind
    cal = dict(wind.calibration)
    rising = cal[6] > cal[1]
    dial = devices.wind
    print(f"servo: {args.step} us a nudge; keyboard + - number Enter q; "
          "buttons cw/2 ccw/6 OK Back")
    for d in range(1, 7):
        inputs.mapping = BUTTON_COMMANDS
        dial.point(d)
        while True:
            print(f"direction {d}: {cal[d]} us", flush=True)
            if args.auto:
                break
            command = inputs.get()
            if command == "":
                break
            if command.lower() == "q":
                raise _Quit("quit")
            trial = _trial(command, cal[d], args.step)
            if trial is None:
                print(f"  {command!r}? use + or - to nudge, a number of microseconds, "
                      "Enter to accept, q to quit")
                continue
            problem = _check_trial(trial, d, cal, wind, rising)
            if problem:
                print(f"  {trial} us refused: {problem} (to hold the servo's centre while you "
                      "fit the gear: worms-table calibrate --centre)")
                continue
            cal[d] = trial
            dial = devices.rebuild_wind(cal)
            dial.point(d)
    dial.point(1)
    return cal


def _trial(command: str, pulse: int, step: int) -> int | None:
    if command and set(command) == {"+"}:
        return pulse + step * len(command)
    if command and set(command) == {"-"}:
        return pulse - step * len(command)
    if command.isdigit():
        return int(command)
    return None


def _check_trial(trial: int, d: int, cal: dict[int, int], wind, rising: bool) -> str | None:
    if not wind.pulse_min_us <= trial <= wind.pulse_max_us:
        return (f"outside the servo's range {wind.pulse_min_us}..{wind.pulse_max_us} us "
                "(wind.pulse_min_us / pulse_max_us)")
    below, above = (d - 1, d + 1) if rising else (d + 1, d - 1)
    if below in cal and trial <= cal[below]:
        return f"must stay {'above' if rising else 'below'} direction {below} ({cal[below]} us)"
    if above in cal and trial >= cal[above]:
        return f"must stay {'below' if rising else 'above'} direction {above} ({cal[above]} us)"
    return None


COLOURS = (("red", (255, 0, 0), "R"), ("green", (0, 255, 0), "G"), ("blue", (0, 0, 255), "B"))


def _seen_on_sim(leds) -> str | None:
    """The colour the simulated strip's first LED shows: R, G, B or None."""
    colour = leds.emitted()[0] if hasattr(leds, "emitted") else leds.shown()[leds.led_map[0]]
    lit = [letter for letter, level in zip("RGB", colour) if level]
    return lit[0] if len(lit) == 1 else None


def check_colours(devices, inputs: Inputs, args) -> str | None:
    """Light the grid red, green, blue; None if each showed as named, else what to set."""
    leds = devices.leds
    config = devices.profile.leds
    order = getattr(config, "color_order", "GRB") if config is not None else "GRB"
    inputs.mapping = LED_BUTTONS
    seen: dict[str, str | None] = {}
    for name, colour, letter in COLOURS:
        leds.fill(colour)
        leds.show()
        if args.auto:
            seen[letter] = _seen_on_sim(leds)
            continue
        while letter not in seen:
            print(f"colours: the whole grid should be {name}: Enter (or OK) if it is, else the "
                  "colour you see: r, g, b (n for none of them, q to quit)", flush=True)
            answer = inputs.get().lower()
            if answer == "q":
                raise _Quit("quit")
            if answer in ("", "y"):
                seen[letter] = letter
            elif answer in ("r", "g", "b", "n"):
                seen[letter] = None if answer == "n" else answer.upper()
    leds.fill((0, 0, 0))
    leds.show()
    if all(seen[c] == c for c in "RGB"):
        print(f"colours: red, green and blue as named (leds.color_order = \"{order}\")")
        return None
    names = {"R": "red", "G": "green", "B": "blue", None: "none of them"}
    told = ", ".join(f"{names[c]} showed {names[seen[c]]}" for c in "RGB" if seen[c] != c)
    shown = {c: s for c, s in seen.items() if s is not None}
    if len(shown) != 3 or len(set(shown.values())) != 3:
        return (f"colours: {told}: check the strip's 5 V, ground and data wiring "
                "(hardware/README.md), then calibrate again")
    strip = [""] * 3
    for c in "RGB":
        strip[order.index(c)] = shown[c]
    fixed = "".join(strip)
    return (f"colours: {told}: the strip takes its colours in {fixed} order, not {order}: set "
            f"leds.color_order = \"{fixed}\" in the profile")


def check_leds(devices, inputs: Inputs, args) -> list[tuple[int, tuple[int, int]]]:
    """Light each hex alone in strip order; return (first LED index, hex) of those wrong."""
    leds = devices.leds
    landmark = devices.profile.wind.hex if devices.profile.wind else None
    inputs.mapping = LED_BUTTONS
    first_led: dict[tuple[int, int], int] = {}
    for i, h in enumerate(leds.led_map):
        first_led.setdefault(h, i)
    print(f"LED map: {len(first_led)} hexes in strip order; Enter/OK if the lit hex is the one "
          "named, n/Back if not, a if all the rest are right")
    wrong, trust_rest = [], False
    for h, i in first_led.items():
        leds.fill((0, 0, 0))
        if landmark in leds.hexes and landmark != h:
            leds.set(landmark, LANDMARK)
        leds.set(h, WHITE)
        leds.show()
        if args.auto:                   # what the simulated strip really shows
            strip = leds.emitted()
            if any(strip[j] != leds.capped(WHITE) for j, x in enumerate(leds.led_map) if x == h):
                wrong.append((i, h))
            continue
        if trust_rest:
            continue
        answer = None
        while answer not in ("", "y", "n", "a"):
            print(f"LED {i}: hex {list(h)} lit? [Enter yes, n no, a all the rest fine, q quit]",
                  flush=True)
            answer = inputs.get().lower()
            if answer == "q":
                raise _Quit("quit")
        if answer == "n":
            wrong.append((i, h))
        elif answer == "a":
            trust_rest = True
    leds.fill((0, 0, 0))
    leds.show()
    return wrong


def calibration_toml(cal: dict[int, int]) -> str:
    return "[wind.calibration]\n" + "".join(f"{d} = {cal[d]}\n" for d in range(1, 7))


def save(profile, cal: dict[int, int], explicit: bool) -> bool:
    """Write `cal` into the profile file given with --profile; else print it.  True if saved."""
    if not explicit:
        print("the packaged reference profile is not changed; to save, copy "
              "hardware/reference.toml, run calibrate --profile COPY, or paste:\n"
              + calibration_toml(cal), end="")
        return False
    write_calibration(profile.path, cal)
    print(f"saved the calibration into {profile.path}")
    return True


def write_calibration(path: Path, cal: dict[int, int]) -> None:
    """Rewrite the pulses of [wind.calibration] in place, keeping every other line."""
    from table.profiles import ProfileError, load

    original = path.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
    if start is None:
        raise UserError(f"{path}: no [wind.calibration] table to write into; add one as:\n"
                        + calibration_toml(cal))
    written = set()
    for i in range(start + 1, len(lines)):
        if _TABLE.match(lines[i]):
            break
        body = lines[i].rstrip("\r\n")
        m = _ENTRY.match(body)
        if m:
            d = int(m.group(3))
            newline = lines[i][len(body):]
            lines[i] = f"{m[1]}{m[2]}{d}{m[2]}{m[4]}{cal[d]}{m[6]}{newline}"
            written.add(d)
    if written != set(range(1, 7)):
        raise UserError(f"{path}: [wind.calibration] does not list directions 1-6 one per line "
                        "(`1 = 667`); write them that way, or paste:\n" + calibration_toml(cal))
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(lines), encoding="utf-8")
    os.replace(tmp, path)
    try:
        wind = load(path).wind
        same = wind is not None and dict(wind.calibration) == cal
    except ProfileError:
        same = False
    if not same:
        path.write_text(original, encoding="utf-8")
        raise UserError(f"{path}: the calibration could not be written back cleanly; the file "
                        "is unchanged. Paste this instead:\n" + calibration_toml(cal)) from None
