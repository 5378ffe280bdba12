"""What the page shows: the table's latest snapshot as one JSON-ready state, with a version.

The table pushes a :class:`table.ui.snapshot.TableSnapshot` after each change
(:meth:`TableView.show`: the LEDs' frame, the OLED's image and words, the wind, the game beside
them, the cards the table knows, its buttons and the card on its reader); the view bumps
``version`` when it differs from the last and tells the server, which pushes it down each
page's event stream.  What the page shows is drawn from that snapshot alone (and whether this
page may see the hand to play, fixed when the server is made): no device is read back and
nothing is polled, so a device that changes without the table saying so changes nothing on
the page.  The page's inputs are table/web/inputs.py.
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Callable

from table.cards.simtags import card_for_uid, sim_uid
from table.langs import LANGS
from table.ui import scenes
from table.ui.snapshot import TableSnapshot
from table.ui.strings import text


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
    """The table as the page sees it: the last snapshot pushed (the page's whole view is
    drawn from it: :meth:`live`, :meth:`state`).  ``hand``: the page may show the hand to
    play and the cards taught in private (the simulator's own page, never one that had to
    pair); ``lang``: the page's language until the table's first snapshot says its own."""

    def __init__(self, lang: str = "en", *, hand: bool = True):
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        self.hand = hand
        self.snapshot = TableSnapshot(0, "", lang)   # (nothing shown yet)
        self.version = 0
        self.on_change: Callable[[], None] | None = None   # called each time version is bumped
        self._png_key: bytes | None = None
        self._png_url: str | None = None

    @property
    def lang(self) -> str:
        """The page's language: the table's."""
        return self.snapshot.lang

    # -- what the table pushes ------------------------------------------------------------
    def show(self, snapshot: TableSnapshot) -> bool:
        """The table changed: ``snapshot`` is what it shows now (in its language).  True if
        the page sees anything new (the version moved)."""
        last = self.snapshot
        self.snapshot = snapshot
        if snapshot._replace(version=last.version) == last:
            return False
        self.changed()
        return True

    def changed(self) -> None:
        """Something the page shows changed: a new version, and the server wakes the event
        streams."""
        self.version += 1
        if self.on_change is not None:
            self.on_change()

    def _oled_url(self, image) -> str | None:
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
        """Everything that changes, from the last snapshot alone: LEDs, OLED, wind, the game
        beside them, the buttons and the card on the reader, the language.

        ``leds.hexes`` lists ``[q, r, "#rrggbb" as it looks, [r, g, b] the LEDs emit]``;
        ``oled`` is a PNG data URL of the 1-bit image (None: nothing shown yet);
        ``wind`` the direction 1..6 and the compass angle the dial points at.
        """
        snap = self.snapshot
        controls = snap.controls
        uid = controls.on_reader
        return {
            "version": self.version,
            "lang": snap.lang,
            "mode": snap.mode if snap.version else None,   # (play: "Abandon this game" shown)
            "leds": None if not snap.leds else {
                "brightness": snap.brightness,
                "hexes": [[q, r, screen_colour(e, snap.brightness), list(e)]
                          for (q, r), c in snap.leds for e in [capped(c, snap.brightness)]],
            },
            "oled": self._oled_url(snap.screen),
            "table": None if not snap.version else page_table(snap, snap.lang, self.hand),
            "wind": None if not snap.version else wind_state(snap.wind),
            "buttons": None if not controls.buttons else {
                "names": list(controls.buttons), "interactive": controls.press},
            "ncards": len(snap.cards),     # (a card taught: the page asks /state again)
            "cards_key": self.cards_key(),  # (... or renamed)
            "reader": None if not controls.reader else {
                "interactive": controls.tap, "uid": uid,
                "card": None if uid is None else card_for_uid(uid, self.tappable()),
            },
        }

    def tappable(self) -> dict:
        """The cards the page may put on the reader, by id: those it lists."""
        return {c.id: c for c in self.shown_cards()}

    def shown_cards(self) -> list:
        """The table's cards this page may list: not those taught in private and not yet
        played, unless the page shows the hand to play (the simulator's own page)."""
        snap = self.snapshot
        hidden = snap.secret if not self.hand else frozenset()
        return [c for c in snap.cards if c.id not in hidden]

    def cards_key(self) -> str:
        """What the listed cards are now, their ids and names, as a short key: the page asks
        for them again (``/state``) when it changes."""
        names = sorted((c.id, sorted(c.names.items())) for c in self.shown_cards())
        return hashlib.sha1(repr(names).encode("utf-8")).hexdigest()[:12]

    def state(self) -> dict:
        """:meth:`live` plus the table's cards, each with its names and sim tag."""
        state = self.live()
        state["langs"] = list(LANGS)
        state["cards"] = [
            {"id": c.id, "kind": c.kind, "uid": sim_uid(c.id),
             "names": {lang: c.name(lang) for lang in LANGS}}
            for c in self.shown_cards()
        ]
        return state


def capped(colour, brightness: float) -> tuple[int, int, int]:
    """``colour`` as the LEDs emit it under the brightness cap (as HexLeds.capped)."""
    return (round(colour[0] * brightness), round(colour[1] * brightness),
            round(colour[2] * brightness))


def wind_state(direction: int | None) -> dict:
    """The dial as the page draws it: its direction and compass angle (None: not pointed)."""
    if direction is None:
        return {"direction": None, "angle": None}
    return {"direction": direction, "angle": (direction - 1) * 60.0}


def page_table(snap: TableSnapshot, lang: str, hand: bool = True) -> dict:
    """The spectator's board, legend, turn log, hand and the OLED in words (the row OK
    chooses marked "▸ ").  The hands' sizes always; the cards of the hand to play only with
    ``hand`` (a page on the table's own machine, never one that had to pair)."""
    legend = [{"what": what, "name": text(key, lang, **args), "colour": _hex(c)}
              for what, key, args, c in scenes.LEGEND]
    legend += [{"what": f"team.{t}", "name": text(f"team.{t}", lang), "colour": _hex(c)}
               for t, c in scenes.TEAM_COLOURS.items()]
    screen = list(snap.oled)
    if snap.selected is not None and 0 < snap.selected < len(screen):
        screen[snap.selected] = f"▸ {screen[snap.selected]}"
    return {"lang": lang, "legend": legend, "hexes": list(snap.board), "team": snap.team,
            "hand": None if snap.hand is None or not hand else list(snap.hand),
            "hands": [list(h) for h in snap.hands], "log": list(snap.log),
            "box": list(snap.box),
            "cursor": snap.cursor, "screen": screen}


def _hex(c) -> str:
    return "#%02x%02x%02x" % tuple(c)
