"""What needs no screen of its own said on one the players look at anyway (issue 37): a card's
summary on the last screen of the card's changes where its lines fit there (:func:`summed`:
one OK fewer), or, where that screen said only that the shot missed and where the Target
Token went, in its place (:func:`missed_told`); else the summary is a screen of its own
(:class:`Tracker`'s).  A wind change on the last screen of changes (:func:`wind_joined`)."""

from __future__ import annotations

from typing import Any

from table.ui.changes import Change
from table.ui.screenfuls import fits, on_screen
from table.ui.summaries import joined_lines

from table.app.showing.taps import tapped_next


def summed(last: Any, summary: dict) -> Any | None:
    """``last``, the last screen of a batch's changes so far, with the card's ``summary`` said
    on it below its changes (:func:`table.ui.summaries.joined_lines`: what the changes did not
    say), where it is a screen of changes at a hex (one, or two each named) with no card to
    tap on it, the Target Token to take off (if it stands) is at the hex it names last, and
    the lines fit one screen in every language; else None (the summary on a screen of its
    own)."""
    if last is None or last.at is None or not last.changes or last.summary is not None \
            or tapped_next(last):
        return None
    token = summary.get("token")
    if token is not None and tuple(token) != on_screen(last.changes)[-1]:
        return None
    if not fits(list(last.changes), lambda lang: joined_lines(lang, summary)):
        return None
    return last._replace(summary=summary)


def missed_told(last: list, told: list) -> bool:
    """``last`` is a screen saying only that the shot missed and where the Target Token went,
    and ``told``, next, the card's summary, which flashes that hex to take the token off:
    the first tells nothing to copy that the second does not (issue 37)."""
    s = told[0].summary if told else None
    return bool(last) and s is not None and s.get("token") == list(last[0].at or ()) \
        and [c.key for c in last[0].changes] == ["ch.missed"]


def wind_joined(e: dict, out: list, one_each: bool = False) -> bool:
    """A wind change said on the last screen of a batch's steps so far, ``out`` (in place),
    where that is a screen of changes at a hex and its line fits there (beside a card's
    summary said on it): the box turns the dial itself, so the players have nothing to copy
    and no screen of its own to confirm (``one_each``: the owner's one change a screen)."""
    last = out[-1] if out else None
    if e["event"] != "wind" or last is None or last.at is None or not last.changes or one_each:
        return False
    wind = Change("ch.wind", {"d": e["to"]})              # (said of the whole screen)
    summary = last.summary
    if not fits([*last.changes, wind], summary and (lambda lang: joined_lines(lang, summary))):
        return False
    out[-1] = last._replace(changes=(*last.changes, wind))
    return True
