"""The daemon's devices (a part of :class:`table.app.daemon.Daemon`): each opened when it can
be, a missing or failing one named on the OLED (on the LEDs when the OLED is the one missing)
and tried again every ``retry_s``; inputs from library threads handed to the loop.
"""

from __future__ import annotations

import asyncio
import logging

from table.devices import DeviceError
from table.ui import scenes, screens
from table.ui.strings import text

from .prompts import Notice

log = logging.getLogger("worms-table")

DEVICES = ("display", "leds", "wind", "buttons", "card_reader")
UI_NAME = {"display": "display", "leds": "leds", "wind": "wind", "buttons": "buttons",
           "card_reader": "cards"}


class DevicesMixin:
    """Uses the daemon's ``devices``, ``dev``, ``faults``, ``_tried``, ``retry_s``, ``clock``,
    ``loop``, ``overlay``, ``notifier``, ``handle_input``, ``handle_tap`` and ``render``."""

    def _safely(self, name: str, fn, *args) -> None:
        if name in self.faults:
            # a failing device is tried again every retry_s, not on every frame: its
            # timeouts must not hold up the loop
            now = self.clock()
            if now - self._tried.get(name, -1e9) < self.retry_s:
                return
            self._tried[name] = now
        try:
            fn(*args)
        except DeviceError as err:
            self._fault(name, err)
            return
        self._recovered(name)

    def _recovered(self, name: str) -> None:
        if name in self.faults:
            self.faults.pop(name)
            log.info("%s is back", name)
            self.overlay = Notice(lambda v: screens.message(
                text("fault.title", v.lang),
                text("fault.back", v.lang, name=text(f"device.{_ui_name(name, None)}", v.lang))))

    def _fault(self, name: str, err: DeviceError) -> None:
        new = name not in self.faults
        self.faults[name] = err
        if new:
            log.error("%s", err)
            self.notifier.status(f"fault: {err}")
            if name != "display":
                self.overlay = Notice(lambda v: screens.fault(v.lang, _ui_name(name, err)))

    # -- devices -------------------------------------------------------------------------------
    def open_devices(self) -> None:
        for name in DEVICES:
            if name not in self.dev:
                self._open(name)

    def _open(self, name: str) -> None:
        try:
            device = getattr(self.devices, name)
        except DeviceError as err:
            self._fault(name, err)
            return
        self.dev[name] = device
        if name == "buttons":
            device.on_input = self._from_thread(self.handle_input)
        elif name == "display":
            device.on_error = self._from_thread(lambda err: self._fault_and_render("display", err))
        elif name == "card_reader":
            device.on_tap = self._from_thread(self.handle_tap)
            device.on_error = self._from_thread(lambda err: self._fault_and_render(
                "card_reader", err))
        self._recovered(name)

    def _fault_and_render(self, name, err) -> None:
        self._fault(name, err)
        self.render()

    def _from_thread(self, fn):
        """A callback for a library thread: runs ``fn`` on the loop."""
        def callback(*args):
            loop = self.loop
            if loop is None or loop.is_closed():
                return
            try:
                if _on_loop(loop):
                    loop.call_soon(fn, *args)
                else:
                    loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:             # the loop is closing
                pass
        return callback


def _on_loop(loop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _ui_name(name: str, err: DeviceError | None) -> str:
    if err is not None and "pico" in err.device.lower():
        return "pico"
    return UI_NAME.get(name, "display")


def _with_clock(image, seconds: float):
    """The prompt's screen with the turn timer's minutes:seconds at the right of its title."""
    from PIL import ImageDraw
    from table.devices.display import font
    left = max(0, int(seconds + 0.999))
    label = f"{left // 60}:{left % 60:02d}"
    image = image.copy()
    draw = ImageDraw.Draw(image)
    f = font(12)
    w = int(f.getlength(label)) + 4
    draw.rectangle((128 - w, 0, 127, 12), fill=0)
    draw.text((128 - w + 2, 0), label, font=f, fill=1)
    return image


def _fault_frame(frame, t: float):
    """A device is missing: the outer ring of the grid pulses red, the rest stays."""
    if (t % 4) >= 1.5:
        return frame
    from table.engine.hexes import distance
    far = max((distance((0, 0), h) for h in frame), default=0)
    return scenes.lit(frame, {h: (255, 0, 0) for h in frame if distance((0, 0), h) == far})
