"""Enrolling cards: tap a tag, pick its card from the library with the buttons.

A card that is not in the library: the menu's "not listed" entry says how to add it
(``worms-table cards new``, on a computer); the next button press reads the library again and
opens the menu with the new card in it.

A tag not enrolled opens the card menu at once; a known tag shows its card (OK picks another
card for it, Back leaves it).  Each choice is written to the state directory's tags.toml at
once.  Inputs come from library threads through the loop, as in the daemon.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping

from table.devices import DeviceError
from table.devices.buttons import Buttons, InputEvent
from table.devices.cards import CardReader
from table.devices.display import Display
from table.langs import LANGS
from table.ui import screens
from table.ui.layout import card_name
from table.ui.snapshot import TableSnapshot, one_bit
from table.ui.strings import text

from table.app.core.bridge import LoopBridge
from table.app.asking.prompts import Menu
from table.app.showing.pageview import table_side
from table.app.storage.folder import load_cards, read_tags

log = logging.getLogger("worms-table")


class Enroller:
    def __init__(self, devices, state_dir, lang: str = "en", cards: Mapping | None = None):
        self.devices = devices
        #: the card library (the program's, table.cards.current_library), read again when a
        #: card is added meanwhile
        self.cards, _ = load_cards(cards)
        self.store, problem = read_tags(state_dir, self.cards)   # a damaged file: set aside
        self.problem = problem.message if problem is not None else None
        self.lang = lang if lang in LANGS else "en"
        self.ids = sorted(self.cards, key=lambda c: self.cards[c].name(self.lang))
        self.uid: str | None = None        # the tag being looked at
        self.menu: Menu | None = None
        self.adding = False                # "not listed" chosen: how to add a card, on show
        # called with each new TableSnapshot (the page)
        self.on_snapshot: Callable[[TableSnapshot], None] | None = None
        self.version = 0
        self.page_watched: Callable[[], bool] = lambda: True   # (its snapshots hold it all)
        # "1" held: the simulator page opens pairing
        self.on_pair_button: Callable[[], None] | None = None
        self.on_reader: str | None = None  # the UID of the card on the reader, as it says
        self.note: str | None = None       # the page's pairing code, until a button or tap
        self.note_title = "worms-table"     # (what the note is: the box's, or enrolling's)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Event | None = None
        self.display: Display | None = None
        self.buttons: Buttons | None = None
        self.reader: CardReader | None = None

    # -- what is on show -----------------------------------------------------------------------
    def screen(self):
        lang = self.lang
        if self.note is not None:
            return screens.message(self.note_title, self.note)
        if self.adding:
            return screens.message(text("enroll.title", lang), text("enroll.unknown", lang),
                                   footer=f"{text('button.ok', lang)} →")
        if self.menu is not None:
            labels = [card_name(self.cards, c, lang) for c in self.ids] + [
                text("enroll.not_listed", lang), text("button.back", lang)]
            return screens.menu(text("enroll.pick", lang), labels, self.menu.cursor)
        card = self.store.card(self.uid) if self.uid else None
        if card is not None:
            return screens.message(text("enroll.title", lang),
                                   text("enroll.known", lang, card=card_name(self.cards, card, lang)),
                                   footer=f"{text('button.ok', lang)} →")
        return screens.message(text("enroll.title", lang), text("enroll.tap", lang))

    def render(self) -> None:
        screen = self.screen()
        image = one_bit(screen.image)
        if self.display is not None:
            try:
                self.display.show(image)
            except DeviceError as err:
                log.error("%s", err)
        self.version += 1
        if self.on_snapshot is not None:
            page = table_side(self.cards, set(), {"buttons": self.buttons,
                                                  "card_reader": self.reader}, self.on_reader)
            self.on_snapshot(TableSnapshot(self.version, "enroll", self.lang,
                                           oled=tuple(screen.texts), screen=image, **page))

    # -- the page's side (table.ui.pagelink.Table) ---------------------------------------------
    def redraw(self) -> None:
        """A page watches now: nothing to draw anew (each snapshot holds all the page shows)."""

    def card_form(self) -> None:
        """The page's card form only writes the owner's files here (the menu reads them)."""
        return None

    def _pick(self, uid: str) -> Menu:
        """The menu of cards for tag ``uid`` (its card under the cursor, if it has one)."""
        self.uid = uid
        current = self.store.card(uid)
        cursor = self.ids.index(current) if current in self.ids else 0
        self.menu = Menu("", [], self.ids + ["new", "back"], cursor)
        return self.menu

    def _reload(self) -> None:
        """The library read again (a card added meanwhile with ``worms-table cards new``)."""
        self.cards.refresh()
        cards = self.cards
        self.ids = sorted(cards, key=lambda c: cards[c].name(self.lang))

    # -- inputs --------------------------------------------------------------------------------
    def removed(self, uid: str) -> None:
        """The card left the reader."""
        if self.on_reader == uid:
            self.on_reader = None
            self.render()

    def handle_tap(self, uid: str) -> None:
        self.on_reader = uid
        if self.adding:
            self.adding = False
            self._reload()
        self.note = None
        if self.store.card(uid) is None:
            self._pick(uid)
        else:
            self.uid, self.menu = uid, None
        self.render()

    def handle_input(self, event: InputEvent) -> None:
        self.note = None
        if event.name == "1" and event.long and self.on_pair_button is not None:
            self.on_pair_button()          # the new code comes back through notice()
            return
        if self.adding:
            self.adding = False
            before = set(self.ids)
            self._reload()
            if self.uid is not None:
                menu = self._pick(self.uid)
                added = [c for c in self.ids if c not in before]
                if added:                  # the cursor on the card just added
                    menu.cursor = self.ids.index(added[0])
        elif self.menu is not None:
            if event.name == "back" and not event.long:
                self.menu = None
            else:
                out = self.menu.press(event)
                if out is not None:
                    self.menu = None
                    if out.value == "new":
                        self.adding = True
                        log.info("tag %s: its card is not in the library; add it with "
                                 "`worms-table cards new`, then press a button", self.uid)
                    elif out.value != "back" and self.uid is not None:
                        self._enrol(self.uid, out.value)
        elif self.uid is not None and event.name == "ok" and not event.long:
            self._pick(self.uid)
        elif event.name == "back":
            self.uid = None
        self.render()

    def _enrol(self, uid: str, card: str) -> None:
        """Enrol the tag; when tags.toml cannot be written (a full SD card) say so: the tag
        stays in the table and is written with the next one that can be."""
        try:
            self.store.enrol(uid, card)
        except OSError as err:
            log.error("cannot save %s: %s; tag %s (%s) is kept in memory and saved with the "
                      "next tag; free some space", self.store.path, err.strerror or err, uid,
                      card)
            self.note, self.note_title = text("enroll.not_saved", self.lang), text(
                "enroll.title", self.lang)
            return
        log.info("tag %s is %s", uid, card)

    def notice(self, what: str, body: str) -> None:
        """Show ``body`` (the page's pairing code, never logged) until a button or a tap."""
        log.info("%s: shown on the table's screen", what)
        self.note, self.note_title = body, "worms-table"
        self.render()

    # -- the loop ------------------------------------------------------------------------------
    async def run(self, started: Callable[[], None] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        bridge = LoopBridge(self.loop)              # the devices' threads to the loop
        self.stopping = asyncio.Event()
        try:
            self.display = self.devices.display
        except DeviceError as err:
            log.error("%s: enrolling without the OLED (the log names each tag)", err)
        self.buttons = buttons = self.devices.buttons
        self.reader = reader = self.devices.card_reader
        buttons.on_input = bridge.wrap(self.handle_input)
        reader.on_tap = bridge.wrap(self.handle_tap)
        reader.on_remove = bridge.wrap(self.removed)
        self.render()
        if started is not None:
            started()
        await self.stopping.wait()

    def stop(self) -> None:
        if self.stopping is not None:
            self.stopping.set()
