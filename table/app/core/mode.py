"""What the table is doing, as one word each (string enums: ``Mode.PLAY == "play"``); and
what the shop demo's show is doing (``Act``)."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """The table daemon's mode."""

    WIZARD = "wizard"       # setting up a new game
    PLAY = "play"           # a game in play (its steps to copy, its decisions)
    OVER = "over"           # the winner on show; OK: a new game
    STORAGE = "storage"     # the state folder failed: play waits until it works again


class Act(StrEnum):
    """What the shop demo's show is doing (table/app/demo/show.py)."""

    SHOW = "show"           # the box plays every seat
    VISITOR = "visitor"     # a visitor plays a weapon step
    VERSUS = "versus"       # a visitor plays a short game against the box (versus.py)
    BYE = "bye"             # what the visitor did, "back to the show in a moment"
