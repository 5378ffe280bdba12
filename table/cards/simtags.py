"""Sim tags: the made-up NFC UID of each library card, shared by the simulator and the daemon.

A simulated card reader has no stickers to read, so each card of the library gets one fixed
UID derived from its id: ``"51"`` followed by the first six bytes of the SHA-1 of the id, in
upper-case hex -- seven bytes, the length of an NTAG's UID (``"51"`` marks it as simulated;
real NTAG UIDs start with NXP's ``"04"``).  The page's card row taps :func:`sim_uid`; the
daemon, which maps tags to cards through its enrol table, also accepts :func:`card_for_uid`
so a simulated table needs no enrolling.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

PREFIX = "51"


def sim_uid(card_id: str) -> str:
    """The sim tag of ``card_id`` ("bazooka" -> "51" + 12 hex digits)."""
    return PREFIX + hashlib.sha1(card_id.encode("utf-8")).hexdigest()[:12].upper()


def card_for_uid(uid: str, card_ids: Iterable[str] | None = None) -> str | None:
    """The card id whose sim tag is ``uid`` (among ``card_ids``, default the library), or None."""
    uid = uid.upper()
    if not uid.startswith(PREFIX) or len(uid) != len(PREFIX) + 12:
        return None
    if card_ids is None:
        from table.cards import library   # the package itself: a lazy import keeps it light

        card_ids = library()
    for card_id in card_ids:
        if sim_uid(card_id) == uid:
            return card_id
    return None
