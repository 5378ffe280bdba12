"""The tap that confirms a screen: where the players draw a card from their own deck and tap
it next, the last screen of changes before that says so, and the tap is its OK and the
draw's answer at once (one input where there were two); where the line does not fit, the
screen takes its OK and the draw its own screen.

* A crate opened (a Supply card drawn): "ch.draw_tap", on the batch's last screen of changes
  (the tracker decides where: one draw, nothing said on a screen of its own after it); where
  that screen names the worm that opened it at its hex (its jump's die put it there), the
  crate and the card said in one line, "ch.crate_tap" (``screenfuls.with_tap``).
* The Drop step (a Drop card turned over once the turn has ended): "ch.drop_tap", on the
  turn's last screen, where that is a screen of changes or a card's summary with room for it
  (a summary then says only what is new of it: table.ui.summaries.joined_lines):
  :func:`with_drop_tap`, which ``GamePlay.after_change`` applies to the tracker's steps.
"""

from __future__ import annotations

from table.ui.changes import Change
from table.ui.screenfuls import fits
from table.ui.summaries import joined_lines

#: the lines that say the card drawn is tapped next
TAPS = ("ch.draw_tap", "ch.crate_tap", "ch.drop_tap")


def tapped_next(step) -> bool:
    """``step`` (a tracker Step) says the card drawn is tapped next: its tap confirms it."""
    return any(c.key in TAPS for c in step.changes)


def with_drop_tap(steps: list) -> None:
    """The players turn over the next Drop card and tap it next: the last of ``steps``, if a
    screen of changes at a hex or a card's summary, says so where the line fits (in place)."""
    last = steps[-1] if steps else None
    summary = last.summary if last is not None else None
    if last is not None and (last.changes and last.at is not None or summary is not None) \
            and not tapped_next(last):
        tap = Change("ch.drop_tap", {})
        if fits([*last.changes, tap], summary and (lambda lang: joined_lines(lang, summary))):
            steps[-1] = last._replace(changes=(*last.changes, tap))
