"""What the table is doing, as one word each (string enums: ``Mode.PLAY == "play"``)."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """The table daemon's mode."""

    WIZARD = "wizard"       # setting up a new game
    PLAY = "play"           # a game in play (its steps to copy, its decisions)
    OVER = "over"           # the winner on show; OK: a new game
    STORAGE = "storage"     # the state folder failed: play waits until it works again
