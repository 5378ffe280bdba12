"""`worms-table selftest`: walk every device of a hardware profile, asking the person what it shows.

Steps, in order:

- buttons: every button (or the encoder's cw, ccw, OK and Back) once, within --timeout; from
  then on OK answers yes and Back answers no (a typed line works too: y or Enter, n).
- leds: the strip lights one piece at a time in strip order (a column of the serpentine); the
  person says whether exactly that piece is lit.
- wind: the dial turns to 1..6 and back to 1; the person says whether it points there.
- display: the OLED's test pattern; the person says whether it shows.
- supply: every LED white at the brightness cap for 5 s while the Pico reports the LEDs' 5 V
  rail (through the divider into GP26); the step fails on a dead supply (the rail near 0 V,
  though the Pico runs from USB) and on a sag below 4.5 V.
- card: a card tapped on the reader.

A device that cannot be opened fails its own step with the reason; the others still run.  With
--sim the devices are simulated; --auto (with --sim) presses the buttons, taps a card and
answers every question from what the simulated hardware really shows (the strip's LEDs, the
servo's position, the panel's pixels, the supply's voltage), so a simulated fault (a cut data
wire, a dead servo, a weak or dead supply) fails its step just as a person would see it.  The pin
library in use is named first; a pin library warning is printed with its fix, never hidden.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from table.inputs import KEYS

from .common import UserError, load_profile

SELFTEST_STEPS = ("buttons", "leds", "wind", "display", "supply", "card")
AUTO_UID = "04A1B2C3D4E5F6"
WHITE, OFF = (255, 255, 255), (0, 0, 0)
SAG_LIMIT_V = 4.5
SUPPLY_HOLD_S = 5.0
COMPASS = {1: "N", 2: "NE", 3: "SE", 4: "S", 5: "SW", 6: "NW"}


def configure(parser) -> None:
    parser.add_argument("--profile", metavar="FILE",
                        help="hardware profile (default: the packaged reference build)")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--auto", action="store_true",
                        help="with --sim: press every button, tap a card and answer every "
                             "question from what the simulated devices show")
    parser.add_argument("--timeout", type=float, default=20.0, metavar="S",
                        help="seconds to wait for the buttons, a card, and each answer "
                             "(default 20)")
    parser.add_argument("--fast", action="store_true",
                        help="no pauses for the dial to turn, and a 1 s supply test "
                             "(always so in --sim)")
    parser.add_argument("--only", action="append", choices=SELFTEST_STEPS, metavar="STEP",
                        help=f"run only this step (repeatable): {', '.join(SELFTEST_STEPS)}")


class Person:
    """Yes/no answers: from the buttons (OK yes, Back no) or a typed line (y or Enter, n);
    with --auto, from a look at the simulated hardware instead."""

    def __init__(self, auto: bool, timeout: float, stream=None):
        self.auto = auto
        self.timeout = timeout
        self.stream = stream
        self.answers: queue.Queue = queue.Queue()
        self._reading = False

    def on_button(self, event) -> None:
        if event.name in KEYS and not event.long:
            self.answers.put(event.name == "ok")

    def _read(self) -> None:
        for line in self.stream:
            word = line.strip().lower()
            if word in ("", "y", "yes", "n", "no"):
                self.answers.put(word in ("", "y", "yes"))
            else:
                print(f"  {word!r}? answer y (or Enter) for yes, n for no", flush=True)

    def ask(self, question: str, sees: Callable[[], bool]) -> bool | None:
        """The answer to ``question``: True, False, or None when nobody answered in time.

        ``sees`` tells, for --auto, whether the simulated hardware shows what is asked."""
        if self.auto:
            answer = bool(sees())
            print(f"  {question} {'yes' if answer else 'no'} (--auto: as the simulated devices "
                  "show)", flush=True)
            return answer
        if not self._reading and self.stream is not None:
            self._reading = True
            threading.Thread(target=self._read, daemon=True).start()
        print(f"  {question} [OK or y: yes, Back or n: no]", flush=True)
        try:
            return self.answers.get(timeout=self.timeout)
        except queue.Empty:
            print(f"  (no answer within {self.timeout:g} s)", flush=True)
            return None


def run(args) -> int:
    from table.devices import DeviceError
    from table.devices.build import build_devices
    from table.devices.pins import fallbacks_named

    if args.auto and not args.sim:
        raise UserError("--auto answers for a person from simulated devices: use it with --sim")
    if args.timeout <= 0:
        raise UserError("--timeout must be a positive number of seconds")
    profile = load_profile(args.profile)
    kind = "simulated" if args.sim else "real"
    print(f"selftest of profile {profile.name!r} ({profile.path}), {kind} devices")
    person = Person(args.auto, args.timeout, None if args.auto else sys.stdin)
    results: list[tuple[str, bool, str]] = []
    with fallbacks_named(lambda line: print(line, flush=True)), \
            build_devices(profile, sim=args.sim) as devices:
        try:
            print(f"pin library: {devices.describe_pin_library()}", flush=True)
        except DeviceError as err:
            print(f"pin library: {err}", flush=True)
        steps = args.only or SELFTEST_STEPS
        if not args.auto and "buttons" not in steps:
            _listen(devices, person)
        for step in steps:
            print(f"-- {step}", flush=True)
            try:
                ok, detail = _STEP[step](devices, args, person)
            except DeviceError as err:
                ok, detail = False, str(err)
            print(f"{'PASS' if ok else 'FAIL'} {step}: {detail}", flush=True)
            results.append((step, ok, detail))
    failed = [s for s, ok, _ in results if not ok]
    print(f"selftest: {len(results) - len(failed)} passed, {len(failed)} failed"
          + (f" ({', '.join(failed)})" if failed else ""))
    return 1 if failed else 0


def _listen(devices, person: Person) -> None:
    from table.devices import DeviceError

    try:
        devices.buttons.on_input = person.on_button
    except DeviceError as err:
        print(f"(the buttons are not working: answer by typing y or n; {err})", flush=True)


def _answered(asked: list[tuple[str, bool | None]], what: str, done: str) -> tuple[bool, str]:
    no = [label for label, answer in asked if answer is False]
    silent = [label for label, answer in asked if answer is None]
    if not no and not silent:
        return True, done
    parts = []
    if no:
        parts.append(f"{len(no)} of {len(asked)} {what} not as asked: {', '.join(no[:6])}"
                     + (" ..." if len(no) > 6 else ""))
    if silent:
        parts.append(f"no answer for {len(silent)} {what}")
    return False, "; ".join(parts)


def regions(devices) -> list[tuple[int, int]]:
    """The strip's pieces as (first LED, last LED): the serpentine's columns (or rows);
    runs of 10 LEDs for a strip laid by map."""
    leds = devices.leds
    config = devices.profile.leds
    wiring = config.wiring if config is not None else "serpentine-columns"
    line = {"serpentine-columns": lambda h: h[0], "serpentine-rows": lambda h: h[1]}.get(wiring)
    runs: list[list] = []
    for i, h in enumerate(leds.led_map):
        key = line(h) if line else i // 10
        if runs and runs[-1][0] == key:
            runs[-1][2] = i
        else:
            runs.append([key, i, i])
    return [(first, last) for _, first, last in runs]


def step_leds(devices, args, person: Person) -> tuple[bool, str]:
    leds = devices.leds
    pieces = regions(devices)
    asked = []
    lit = leds.capped(WHITE)
    for first, last in pieces:
        hexes = list(dict.fromkeys(leds.led_map[first:last + 1]))
        leds.fill(OFF)
        for h in hexes:
            leds.set(h, WHITE)
        leds.show()

        def sees(first=first, last=last):
            strip = leds.emitted()
            return all((c == lit) == (first <= i <= last) for i, c in strip.items())

        label = f"LEDs {first}-{last}"
        answer = person.ask(f"{label} (hexes {list(hexes[0])}..{list(hexes[-1])}) lit white, "
                            "every other LED dark?", sees)
        asked.append((label, answer))
    leds.fill(OFF)
    leds.show()
    link = getattr(leds, "link", None)
    via = f", Pico firmware {link.firmware_version}" if link is not None else ""
    return _answered(asked, "pieces of the strip",
                     f"{len(pieces)} pieces of the strip lit one by one, {len(leds.led_map)} "
                     f"LEDs, each seen{via}")


def step_wind(devices, args, person: Person) -> tuple[bool, str]:
    from table.devices.wind import compass_angle

    dial = devices.wind
    pause = 0 if args.sim or args.fast else 0.8
    asked = []
    for d in (1, 2, 3, 4, 5, 6, 1):
        dial.point(d)
        time.sleep(pause)

        def sees(d=d):
            angle = getattr(dial, "angle", None)
            return angle is not None and abs((angle - compass_angle(d) + 180) % 360 - 180) < 1

        asked.append((f"direction {d}",
                      person.ask(f"the dial points at direction {d} ({COMPASS[d]})?", sees)))
    return _answered(asked, "directions", "pointed at 1, 2, 3, 4, 5, 6 and back to 1, each seen")


def pattern_image():
    """A frame, a checkerboard and a line of text: every pixel region of the panel used."""
    from PIL import Image, ImageDraw

    from table.fonts import font

    image = Image.new("1", (128, 64), 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    for y in range(2, 62, 4):
        for x in range(66 + (y // 4) % 2 * 4, 126, 8):
            draw.rectangle((x, y, x + 3, y + 3), fill=1)
    draw.text((4, 6), "selftest", font=font(12), fill=1)
    draw.text((4, 24), "ěščřž ЇЄҐ", font=font(12), fill=1)
    draw.text((4, 42), "0123456789", font=font(12), fill=1)
    return image


def step_display(devices, args, person: Person) -> tuple[bool, str]:
    display = devices.display
    image = pattern_image()
    display.show(image)

    def sees():
        panel = getattr(display, "panel", None)
        return panel is not None and panel().tobytes() == image.tobytes()

    answer = person.ask("the screen shows a frame, a checkerboard on the right and three lines: "
                        "selftest, ěščřž ЇЄҐ, 0123456789?", sees)
    return _answered([("the test pattern", answer)], "pictures",
                     "showed the test pattern (a frame, a checkerboard, three lines of text), seen")


DEAD_RAIL_V = 1.0


@runtime_checkable
class MeasuredSupply(Protocol):
    """LEDs whose supply the Pico measures: the LEDs' 5 V rail (GP26) and its VSYS, in volts
    (None: not measured).  Other LEDs measure neither."""

    def measure_rail(self) -> float | None: ...

    def measure_supply(self) -> float | None: ...


def step_supply(devices, args, person: Person) -> tuple[bool, str]:
    leds = devices.leds
    hold = 0.0 if args.sim else (1.0 if args.fast else SUPPLY_HOLD_S)
    leds.fill(WHITE)
    leds.show()
    samples: list[float | None] = []
    try:
        end = time.monotonic() + hold
        while True:
            samples.append(leds.measure_rail() if isinstance(leds, MeasuredSupply) else None)
            if time.monotonic() >= end and len(samples) >= 3:
                break
            time.sleep(0 if hold == 0 else 0.25)
        vsys = leds.measure_supply() if isinstance(leds, MeasuredSupply) else None
    finally:
        leds.fill(OFF)
        leds.show()
    return _judge_rail([v for v in samples if v is not None], vsys, len(leds.led_map),
                       round(leds.brightness * 100), hold)


def _judge_rail(readings: list[float], vsys: float | None, count: int, cap: int,
                hold: float) -> tuple[bool, str]:
    if not readings:
        return False, ("the Pico reported no LED rail voltage: copy firmware/ (1.2 or newer) to "
                       "the Pico again (firmware/README.md), then run selftest again")
    low = min(readings)
    pico = f" (the Pico's VSYS {vsys:.2f} V)" if vsys is not None else ""
    if low < DEAD_RAIL_V:
        return False, (f"the LEDs' 5 V rail reads {low:.2f} V{pico}: the 5 V supply is off or "
                       "unplugged (its barrel jack), or the divider R2/R3 into the Pico's GP26 "
                       "is missing (schematics/README.md)")
    if low < SAG_LIMIT_V:
        return False, (f"the LED supply sagged to {low:.2f} V with all {count} LEDs white at the "
                       f"{cap}% cap (below {SAG_LIMIT_V} V): use a stronger 5 V supply, thicker "
                       "wires, or feed the strip at both ends (hardware/BOM.md)")
    held = f"for {hold:g} s" if hold else f"over {len(readings)} readings (simulated)"
    return True, (f"LED rail {low:.2f} V at the lowest, all {count} LEDs white at the {cap}% cap "
                  f"{held} (at least {SAG_LIMIT_V} V){pico}")


def step_buttons(devices, args, person: Person) -> tuple[bool, str]:
    buttons = devices.buttons
    wanted = list(buttons.inputs)
    events: queue.Queue = queue.Queue()
    buttons.on_input = events.put
    print(f"press each button once: {' '.join(wanted)} (within {args.timeout:g} s)", flush=True)
    if args.auto:
        _later(lambda: [buttons.press(name) for name in wanted])
    seen: list[str] = []
    deadline = time.monotonic() + args.timeout
    try:
        while len(seen) < len(wanted):
            try:
                event = events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if event.name in wanted and event.name not in seen:
                seen.append(event.name)
                print(f"  seen: {event.name}{' (long)' if event.long else ''}", flush=True)
    finally:
        buttons.on_input = None if args.auto else person.on_button
    missing = [n for n in wanted if n not in seen]
    if missing:
        return False, f"not seen within {args.timeout:g} s: {' '.join(missing)}"
    return True, f"all {len(wanted)} inputs seen"


def step_card(devices, args, person: Person) -> tuple[bool, str]:
    reader = devices.card_reader
    taps: queue.Queue = queue.Queue()
    reader.on_tap = taps.put
    print(f"tap a card on the reader (within {args.timeout:g} s)", flush=True)
    if args.auto:
        _later(lambda: reader.tap(AUTO_UID))
    try:
        uid = taps.get(timeout=args.timeout)
    except queue.Empty:
        return False, f"no card read within {args.timeout:g} s"
    finally:
        reader.on_tap = None
    return True, f"read card {uid}"


def _later(action) -> None:
    """Run `action` on another thread, as a person (or a reader thread) would act."""
    threading.Thread(target=action, daemon=True).start()


_STEP = {"leds": step_leds, "wind": step_wind, "display": step_display, "supply": step_supply,
         "buttons": step_buttons, "card": step_card}
