"""`worms-table selftest`: walk every device of a hardware profile and report what works.

Steps: an LED sweep over every hex, the wind dial through directions 1-6, a test pattern on the
OLED, every button pressed once (waits up to --timeout), a card tapped on the reader.  A device
that cannot be opened fails its step with the reason; the others still run.  With --sim the
devices are simulated; --auto (with --sim) presses the buttons and taps a card by itself, so
the whole walk runs without a person.
"""

from __future__ import annotations

import queue
import threading
import time
import warnings

from .common import UserError, load_profile

STEPS = ("leds", "wind", "display", "buttons", "card")
AUTO_UID = "04A1B2C3D4E5F6"


def configure(parser) -> None:
    parser.add_argument("--profile", metavar="FILE",
                        help="hardware profile (default: the packaged reference build)")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--auto", action="store_true",
                        help="with --sim: press every button and tap a card by itself")
    parser.add_argument("--timeout", type=float, default=20.0, metavar="S",
                        help="seconds to wait for the buttons, and for a card (default 20)")
    parser.add_argument("--fast", action="store_true",
                        help="no pauses in the LED sweep and the dial walk (always so in --sim)")
    parser.add_argument("--only", action="append", choices=STEPS, metavar="STEP",
                        help=f"run only this step (repeatable): {', '.join(STEPS)}")


def run(args) -> int:
    from table.devices import DeviceError
    from table.devices.build import build_devices

    if args.auto and not args.sim:
        raise UserError("--auto presses simulated buttons: use it with --sim")
    if args.timeout <= 0:
        raise UserError("--timeout must be a positive number of seconds")
    profile = load_profile(args.profile)
    kind = "simulated" if args.sim else "real"
    print(f"selftest of profile {profile.name!r} ({profile.path}), {kind} devices")
    results: list[tuple[str, bool, str]] = []
    # gpiozero warns once per pin library it cannot load; the step's DeviceError says it all
    warnings.filterwarnings("ignore", message="Falling back from")
    with build_devices(profile, sim=args.sim) as devices:
        for step in args.only or STEPS:
            print(f"-- {step}", flush=True)
            try:
                ok, detail = _STEP[step](devices, args)
            except DeviceError as err:
                ok, detail = False, str(err)
            print(f"{'PASS' if ok else 'FAIL'} {step}: {detail}", flush=True)
            results.append((step, ok, detail))
    failed = [s for s, ok, _ in results if not ok]
    print(f"selftest: {len(results) - len(failed)} passed, {len(failed)} failed"
          + (f" ({', '.join(failed)})" if failed else ""))
    return 1 if failed else 0


def step_leds(devices, args) -> tuple[bool, str]:
    leds = devices.leds
    colour = (255, 255, 255)
    expected_on = leds.capped(colour)
    pause = 0 if args.sim or args.fast else 0.05
    wrong = []
    order = list(dict.fromkeys(leds.led_map))          # hexes in strip order
    for h in order:
        leds.fill((0, 0, 0))
        leds.set(h, colour)
        leds.show()
        shown = leds.shown()
        if shown.get(h) != expected_on or any(c != (0, 0, 0) for x, c in shown.items() if x != h):
            wrong.append(h)
        time.sleep(pause)
    leds.fill((0, 0, 0))
    leds.show()
    if wrong:
        return False, f"{len(wrong)} of {len(order)} hexes did not show alone: {wrong[:5]}"
    link = getattr(leds, "link", None)
    via = f", Pico firmware {link.firmware_version}" if link is not None else ""
    return True, (f"lit {len(order)} hexes one by one in strip order "
                  f"({len(leds.led_map)} LEDs{via})")


def step_wind(devices, args) -> tuple[bool, str]:
    dial = devices.wind
    pause = 0 if args.sim or args.fast else 0.7
    wrong = []
    for d in (1, 2, 3, 4, 5, 6, 1):
        dial.point(d)
        if dial.direction != d:
            wrong.append(d)
        time.sleep(pause)
    if wrong:
        return False, f"the dial did not report directions {wrong}"
    return True, "pointed at 1, 2, 3, 4, 5, 6 and back to 1"


def pattern_image():
    """A frame, a checkerboard and a line of text: every pixel region of the panel used."""
    from PIL import Image, ImageDraw

    from table.devices.display import font

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


def step_display(devices, args) -> tuple[bool, str]:
    display = devices.display
    image = pattern_image()
    display.show(image)
    shown = getattr(display, "image", None)
    if shown is not None and shown.convert("1").tobytes() != image.tobytes():
        return False, "the display holds a different image from the one sent"
    return True, "showed the test pattern (a frame, a checkerboard, three lines of text)"


def step_buttons(devices, args) -> tuple[bool, str]:
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
        buttons.on_input = None
    missing = [n for n in wanted if n not in seen]
    if missing:
        return False, f"not seen within {args.timeout:g} s: {' '.join(missing)}"
    return True, f"all {len(wanted)} inputs seen"


def step_card(devices, args) -> tuple[bool, str]:
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


_STEP = {"leds": step_leds, "wind": step_wind, "display": step_display,
         "buttons": step_buttons, "card": step_card}
