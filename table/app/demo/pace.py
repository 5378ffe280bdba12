"""How long each screen of the shop demo's show (table/app/demo/show.py) stays on, in seconds."""

from __future__ import annotations

IDLE_S = 60.0           # a visitor silent this long hands the table back to the show
BYE_S = 3.0             # "back to the show in a moment"
RESULT_S = 4.0          # what the visitor's shot did, before that
NOTICE_S = 2.5          # a notice (a mistake said) over a visitor's prompt
CODE_S = 60.0           # any other notice (the page's pairing code) over the show
ASK_S = 0.7             # a decision on show before the box answers it
STEP_S = 0.4            # a step to copy on show (the players would copy it)
AFTER_S = 0.5           # what an answer did, after its animations
OVER_S = 5.0            # the winner
INVITE_S = 3.0          # the invitation
INVITE_EVERY = 6        # during a game, the invitation again after this many answers
WAIT_S = 1.0            # a visitor's prompt, until the next look

__all__ = ["AFTER_S", "ASK_S", "BYE_S", "CODE_S", "IDLE_S", "INVITE_EVERY", "INVITE_S",
           "NOTICE_S", "OVER_S", "RESULT_S", "STEP_S", "WAIT_S"]
