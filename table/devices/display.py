"""The 128x64 OLED: an SSD1306 or SH1106 on I2C through luma.oled, or a simulated one.

Screens are drawn by the ui as Pillow images of 128x64; :meth:`Display.show` turns them into
1-bit pixels (a plain threshold, no dithering, so text stays crisp) and sends them.
:meth:`Display.post` does the same from the event loop without waiting: the frame goes to the
display's own worker thread (a full frame is about 25 ms of I2C at 400 kHz, 99 ms at 100 kHz),
and a frame not yet sent is replaced by the newer one.  :func:`table.fonts.font` gives a font
that has Czech and Ukrainian glyphs.
"""

from __future__ import annotations

import time
import warnings
from abc import ABC, abstractmethod

from PIL import Image

from table.devices import Device, DeviceError
from table.devices.worker import Newest

DRIVERS = ("ssd1306", "sh1106")
#: bits on the I2C bus for one full frame through luma.oled: 32 writes of 32 data bytes (each
#: with its address and control byte, 9 clocks a byte with the ACK) and the addressing commands
FRAME_BUS_BITS = 32 * (32 + 2) * 9 + 3 * 3 * 9


def frame_seconds(bus_hz: int) -> float:
    """How long one full frame holds an I2C bus clocked at ``bus_hz``.

    >>> round(frame_seconds(100_000) * 1000), round(frame_seconds(400_000) * 1000)
    (99, 25)
    """
    return FRAME_BUS_BITS / bus_hz


class Display(Device, ABC):
    """A 128x64 monochrome screen."""

    width = 128
    height = 64
    #: the last image shown or posted, as the panel shows it (1-bit); None before the first
    image: Image.Image | None = None
    #: called (in the display's worker thread) with the DeviceError of a posted frame
    on_error = None
    _worker: Newest | None = None

    def show(self, image: Image.Image) -> None:
        """Show ``image`` (any mode, 128x64) on the screen; returns once it is sent."""
        image = self._to_1bit(image)
        self._show(image)
        self.image = image

    def post(self, image: Image.Image) -> None:
        """Show ``image`` without waiting for the bus (the display's worker sends it).  A send
        that failed since the last post raises its DeviceError here."""
        image = self._to_1bit(image)
        if self._worker is None:
            self._worker = Newest(self._show, name=type(self).__name__,
                                  on_error=lambda err: self.on_error and self.on_error(err))
        self._worker.post(image)
        self.image = image

    def flush(self, timeout: float | None = 5.0) -> bool:
        """Wait until every posted image is sent (False on timeout)."""
        return self._worker is None or self._worker.flush(timeout)

    def _close_device(self) -> None:
        """Send what is posted, then blank the screen and release it."""
        if self._worker is not None:
            self._worker.close()

    @abstractmethod
    def _show(self, image: Image.Image) -> None:
        """Send a 1-bit 128x64 image."""

    def _to_1bit(self, image: Image.Image) -> Image.Image:
        if not isinstance(image, Image.Image):
            raise ValueError(f"the display shows a PIL image, not {type(image).__name__}")
        if image.size != (self.width, self.height):
            raise ValueError(
                f"image is {image.size[0]}x{image.size[1]}; the display needs "
                f"{self.width}x{self.height}"
            )
        if image.mode == "1":
            return image
        return image.convert("L").convert("1", dither=Image.Dither.NONE)


class SimDisplay(Display):
    """A display on screen through luma's dummy device; ``image`` is the last image shown.

    ``panel()`` is what the simulated panel really holds (luma's dummy device); fault switch:
    ``unplugged`` (images sent no longer reach the panel).  With ``bus_hz`` each frame takes
    the time a real panel's I2C bus would (:func:`frame_seconds`), so a stall is measurable.
    """

    def __init__(self, bus_hz: int | None = None) -> None:
        from luma.core.device import dummy

        if bus_hz is not None and (isinstance(bus_hz, bool) or not isinstance(bus_hz, int)
                                   or not 10_000 <= bus_hz <= 3_400_000):
            raise ValueError(f"bus_hz must be a whole number of hertz 10000..3400000, not {bus_hz!r}")
        self.device = dummy(width=self.width, height=self.height, mode="1")
        self.frames = 0
        self.unplugged = False
        self.bus_hz = bus_hz

    def _show(self, image: Image.Image) -> None:
        if self.bus_hz is not None:
            time.sleep(frame_seconds(self.bus_hz))
        if not self.unplugged:
            self.device.display(image)
        self.frames += 1

    def panel(self) -> Image.Image:
        """The picture on the simulated panel (blank before the first image)."""
        shown = getattr(self.device, "image", None)
        if shown is None:
            return Image.new("1", (self.width, self.height), 0)
        return shown.convert("1")


class LumaDisplay(Display):
    """An SSD1306 or SH1106 through luma.oled.

    Without ``serial``, opens I2C bus ``port`` at ``address``; tests (or an SPI build) pass a
    luma serial interface object instead (anything with ``command``, ``data``, ``cleanup``).
    """

    device_name = "OLED display"

    def __init__(self, driver: str = "ssd1306", *, port: int = 1, address: int = 0x3C,
                 serial=None, rotate: int = 0, contrast: int | None = None):
        if driver not in DRIVERS:
            raise ValueError(f"OLED driver must be one of {', '.join(DRIVERS)}, not {driver!r}")
        if rotate not in (0, 2):
            raise ValueError(f"OLED rotate must be 0 or 2 (upside down), not {rotate!r}")
        from luma.core.error import Error as LumaError
        from luma.oled import device as oled

        self._luma_error = LumaError
        self.address = address
        try:
            if serial is None:
                from luma.core.interface.serial import i2c
                serial = i2c(port=port, address=address)
            self.device = getattr(oled, driver)(serial, width=self.width, height=self.height,
                                                rotate=rotate)
            if contrast is not None:
                self.device.contrast(contrast)
        except (LumaError, OSError) as err:
            raise DeviceError(
                self.device_name,
                f"no {driver} on I2C bus {port} at 0x{address:02X} ({err}); enable I2C "
                "(raspi-config > Interface Options > I2C), check the wiring and the "
                "address in the profile (0x3C or 0x3D)",
            ) from None
        self._closed = False

    def _show(self, image: Image.Image) -> None:
        if self._closed:
            raise DeviceError(self.device_name, "the display is closed; restart the daemon")
        try:
            with warnings.catch_warnings():
                # Pillow 12+ deprecates Image.getdata(), which luma.oled still calls.
                warnings.filterwarnings("ignore", message=r".*getdata", category=DeprecationWarning)
                self.device.display(image)
        except (self._luma_error, OSError) as err:
            raise DeviceError(
                self.device_name,
                f"stopped answering at 0x{self.address:02X} ({err}); check its wiring and power",
            ) from None

    def _close_device(self) -> None:
        if self._closed:
            return
        super()._close_device()
        self._closed = True
        try:
            self.device.cleanup()
        except (self._luma_error, OSError):
            pass   # a display that has gone cannot be blanked; nothing else to release
