"""What the page shows: the table's devices read into one JSON-ready state, with a version.

:class:`TableView` reads the devices the daemon drives -- the LEDs' shown colours, the OLED's
last image, the wind dial, which buttons exist, the card on the reader -- and bumps
``version`` whenever any of it changed since the last read.  It only reads; the inputs
(:meth:`press`, :meth:`tap`, :meth:`remove`) work only on simulated backends, which have
``press``/``tap``/``remove``; beside real hardware the page is a spectator screen.

On real hardware only the devices the daemon has already built are read (reading a device
of :class:`table.devices.build.Devices` would open it); in simulation every device is read.
"""

from __future__ import annotations

import base64
import io

from table.devices import DeviceError
from table.cards.simtags import card_for_uid, sim_uid
from table.langs import LANGS

from .errors import WebError

DEVICES = ("wind", "leds", "display", "buttons", "card_reader")


class InputError(WebError):
    """A request the table cannot take; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def screen_colour(color, brightness: float) -> str:
    """How a lit LED looks, as a #rrggbb for the screen.

    The brightness cap is undone (the eye adapts to it), and since an LED's PWM value is
    linear light while a screen's value is sRGB-encoded, the value is encoded as sRGB: a dim
    LED (10, 6, 0) glows visibly on the table, and so it does on the page.
    """
    k = 1.0 / brightness if brightness > 0 else 1.0
    out = ""
    for c in color:
        lin = min(1.0, c * k / 255)
        srgb = 12.92 * lin if lin <= 0.0031308 else 1.055 * lin ** (1 / 2.4) - 0.055
        out += f"{round(srgb * 255):02x}"
    return "#" + out


class TableView:
    """The devices as the page sees them."""

    def __init__(self, devices, lang: str = "en", cards: dict | None = None):
        self.devices = devices
        self.lang = lang
        if cards is None:
            from table.cards import library

            cards = library()
        self.cards = dict(cards)
        self.version = 0
        self.on_change = None          # called with no argument each time version is bumped
        #: the game as a spectator sees it beside the LEDs (``table`` of :meth:`live`): a
        #: callable the command running the table sets (table.app.spectate), or None
        self.table_source = None
        self._fingerprint = None
        self._png_key: bytes | None = None
        self._png_url: str | None = None

    # -- the language ---------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        if value not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {value!r}")
        self._lang = value

    # -- reading the devices --------------------------------------------------------------
    def device(self, name: str):
        """The device ``name``, or None when it is not there (or not built, on hardware)."""
        devices = self.devices
        try:
            if getattr(devices, "sim", True) or not hasattr(devices, "built"):
                return getattr(devices, name, None)
            return devices.built().get(name)
        except DeviceError:
            return None

    def _leds(self):
        leds = self.device("leds")
        if leds is None:
            return None, ()
        shown = leds.shown()
        return leds, tuple(sorted(shown.items()))

    def _oled(self) -> bytes | None:
        display = self.device("display")
        image = getattr(display, "image", None)
        if image is None:
            return None
        return image.convert("1").tobytes()

    def _wind(self) -> dict | None:
        wind = self.device("wind")
        if wind is None:
            return None
        direction = getattr(wind, "direction", None)
        if direction is None:                   # not pointed yet: where it is is unknown
            return {"direction": None, "angle": None}
        angle = getattr(wind, "angle", None)
        if angle is None:
            angle = (direction - 1) * 60.0
        return {"direction": direction, "angle": angle}

    def _reader_card(self) -> str | None:
        reader = self.device("card_reader")
        return getattr(reader, "current", None)

    def refresh(self) -> bool:
        """Read the devices; bump ``version`` and return True if anything changed."""
        _, leds = self._leds()
        fingerprint = (leds, self._oled(), repr(self._wind()), self._reader_card(), self.lang)
        if fingerprint == self._fingerprint:
            return False
        self._fingerprint = fingerprint
        self.version += 1
        if self.on_change is not None:
            self.on_change()
        return True

    def _oled_url(self) -> str | None:
        display = self.device("display")
        image = getattr(display, "image", None)
        if image is None:
            return None
        image = image.convert("1")
        key = image.tobytes()
        if key != self._png_key:
            buf = io.BytesIO()
            image.save(buf, format="PNG", optimize=True)
            self._png_key = key
            self._png_url = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
        return self._png_url

    def live(self) -> dict:
        """Everything that changes: LEDs, OLED, wind, the card on the reader, the language.

        ``leds.hexes`` lists ``[q, r, "#rrggbb" as it looks, [r, g, b] the LEDs emit]``;
        ``oled`` is a PNG data URL of the 1-bit image (None: the display is not mirrored);
        ``wind`` the direction 1..6 and the compass angle the dial points at.
        """
        self.refresh()
        leds, shown = self._leds()
        buttons = self.device("buttons")
        reader = self.device("card_reader")
        uid = getattr(reader, "current", None)
        return {
            "version": self.version,
            "lang": self.lang,
            "leds": None if leds is None else {
                "brightness": leds.brightness,
                "hexes": [[q, r, screen_colour(c, leds.brightness), list(c)]
                          for (q, r), c in shown],
            },
            "oled": self._oled_url(),
            "table": self._table(),
            "wind": self._wind(),
            "buttons": None if buttons is None else {
                "names": list(getattr(buttons, "inputs", ())),
                "interactive": callable(getattr(buttons, "press", None)),
            },
            "reader": None if reader is None else {
                "interactive": callable(getattr(reader, "tap", None)),
                "uid": uid,
                "card": None if uid is None else card_for_uid(uid, self.cards),
            },
        }

    def _table(self) -> dict | None:
        if self.table_source is None:
            return None
        try:
            return self.table_source()
        except Exception:                  # the page never stops the table
            return None

    def state(self) -> dict:
        """:meth:`live` plus the library's cards, each with its names and sim tag."""
        state = self.live()
        state["langs"] = list(LANGS)
        state["cards"] = [
            {"id": c.id, "kind": c.kind, "uid": sim_uid(c.id),
             "names": {lang: c.name(lang) for lang in LANGS}}
            for c in self.cards.values()
        ]
        return state

    # -- the inputs (simulated backends only) ---------------------------------------------
    def press(self, name: object, long: object = False) -> None:
        buttons = self.device("buttons")
        if buttons is None:
            raise InputError("this table has no buttons", 409)
        if not callable(getattr(buttons, "press", None)):
            raise InputError("the buttons are real ones: press them on the table", 409)
        inputs = tuple(getattr(buttons, "inputs", ()))
        if not isinstance(name, str) or name not in inputs:
            raise InputError(f"no button {name!r}; the buttons are {', '.join(inputs)}")
        if not isinstance(long, bool):
            raise InputError(f"long must be true or false, not {long!r}")
        buttons.press(name, long=long)

    def _reader(self):
        reader = self.device("card_reader")
        if reader is None:
            raise InputError("this table has no card reader", 409)
        if not callable(getattr(reader, "tap", None)):
            raise InputError("the card reader is a real one: tap the card on the table", 409)
        return reader

    def tap(self, card: object) -> str:
        """Put ``card`` (a library card id) on the reader; tapping the card already there
        takes it off and puts it back (a fresh tap).  Returns the UID tapped."""
        reader = self._reader()
        if not isinstance(card, str) or card not in self.cards:
            known = ", ".join(self.cards) or "none"
            raise InputError(f"no card {card!r} in the library; the cards are {known}")
        uid = sim_uid(card)
        if getattr(reader, "current", None) == uid:
            reader.remove()
        reader.tap(uid)
        return uid

    def remove(self) -> None:
        """Take whatever card is on the reader off it."""
        self._reader().remove()
