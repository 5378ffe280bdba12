"""The page's inputs: a press, a card put on the reader, a card taken off, each a request's
JSON body checked and handed to the devices' one typed door, :class:`table.devices.panel.Panel`.

Only simulated backends can be worked; beside real hardware the page is a spectator screen
and each input is refused (409) with what to do instead.  The page's view of what happened
comes back the way every change does, in the table's next snapshot (table/web/view.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from table.cards.simtags import sim_uid
from table.devices.panel import Panel

from .errors import InputError

#: the card row's "a card the box doesn't know": a blank tag (POST /tap {"card": "blank"})
BLANK = "blank"
MAX_TAPS_KEPT = 64


def only(data: dict, allowed: set[str]) -> None:
    """Refuse a body with a field not in ``allowed``."""
    extra = sorted(set(data) - allowed)
    if extra:
        raise InputError(f"unknown field(s) {', '.join(extra)}; send only "
                         f"{', '.join(sorted(allowed)) or 'an empty object'}")


class PageInputs:
    """The page's three inputs over ``devices``; ``cards()`` is the table's cards by id now
    (those the page may tap)."""

    def __init__(self, devices, cards: Callable[[], dict]) -> None:
        self.panel = Panel(devices)
        self.cards = cards
        #: which page put each tag on the reader (the last MAX_TAPS_KEPT): a tag tapped in
        #: private is taught on that page's card form, no other's
        self.tapped_by: dict[str, str] = {}

    def press(self, data: dict) -> dict:
        """``{"name": "ok", "long": false}``: a button pressed (held with ``long``)."""
        only(data, {"name", "long"})
        if "name" not in data:
            raise InputError("say which button: {\"name\": \"ok\"}")
        name, long = data["name"], data.get("long", False)
        panel = self.panel
        if panel.buttons is None:
            raise InputError("this table has no buttons", 409)
        if not panel.can_press():
            raise InputError("the buttons are real ones: press them on the table", 409)
        names = panel.names()
        if not isinstance(name, str) or name not in names:
            raise InputError(f"no button {name!r}; the buttons are {', '.join(names)}")
        if not isinstance(long, bool):
            raise InputError(f"long must be true or false, not {long!r}")
        panel.press(name, long=long)
        return {}

    def tap(self, data: dict, page: str = "") -> dict:
        """``{"card": "<card id>"}``: the card put on the reader; tapping the card already
        there takes it off and puts it back (a fresh tap).  ``"blank"``: a card the box does
        not know, a new tag each time (the box walks the players through it).  Replies with
        the UID tapped."""
        only(data, {"card"})
        if "card" not in data:
            raise InputError("say which card: {\"card\": \"bazooka\"}")
        card = data["card"]
        reader = self._reader()
        known = self.cards()
        if card == BLANK:
            uid = "04" + secrets.token_hex(6).upper()        # an NTAG's UID, never enrolled
        elif not isinstance(card, str) or card not in known:
            raise InputError(f"no card {card!r} in the library; the cards are "
                             f"{', '.join(known) or 'none'} (or {BLANK}: a card the box does "
                             "not know)")
        else:
            uid = sim_uid(card)
        if reader.on_reader() == uid:
            reader.remove()
        self.tapped_by.pop(uid, None)
        self.tapped_by[uid] = page
        while len(self.tapped_by) > MAX_TAPS_KEPT:
            del self.tapped_by[next(iter(self.tapped_by))]
        reader.tap(uid)
        return {"uid": uid}

    def remove(self, data: dict) -> dict:
        """``{}``: whatever card is on the reader taken off it."""
        only(data, set())
        self._reader().remove()
        return {}

    def _reader(self) -> Panel:
        panel = self.panel
        if panel.reader is None:
            raise InputError("this table has no card reader", 409)
        if not panel.can_tap():
            raise InputError("the card reader is a real one: tap the card on the table", 409)
        return panel
