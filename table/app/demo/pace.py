"""How long each screen of the shop demo's show (table/app/demo/show.py) stays on, in seconds:
a screen of words at least :data:`READ_S`, long enough for a passer-by to read it (issue 38
item 4; ``bench/run demo`` prints the median time a screen is on show)."""

from __future__ import annotations

IDLE_S = 60.0           # a visitor silent this long hands the table back to the show
BYE_S = 3.0             # "back to the show in a moment"
RESULT_S = 4.0          # what the visitor's shot did, before that
NOTICE_S = 2.5          # a notice (a mistake said) over a visitor's prompt
CODE_S = 60.0           # any other notice (the page's pairing code) over the show
READ_S = 2.0            # the least a screen of words stays on
ASK_S = READ_S          # a decision on show before the box answers it
STEP_S = READ_S         # a step to copy on show (the players would copy it)
AFTER_S = 0.5           # what an answer did, after its animations
OVER_S = 5.0            # the winner
INVITE_S = 3.0          # the invitation
INVITE_EVERY = 6        # during a game, the invitation again after this many answers
WAIT_S = 1.0            # a visitor's prompt, until the next look

__all__ = ["AFTER_S", "ASK_S", "BYE_S", "CODE_S", "IDLE_S", "INVITE_EVERY", "INVITE_S",
           "NOTICE_S", "OVER_S", "READ_S", "RESULT_S", "STEP_S", "WAIT_S"]
