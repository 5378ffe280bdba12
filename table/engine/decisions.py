"""Decision requests: the one door through which a player (buttons, a bot, a scenario file)
answers whenever a rule lets them choose.

The engine builds a :class:`Decision` listing every legal answer and a default (the rulings'
default).  A *decider* is any callable ``decide(decision) -> answer``.  The engine only asks
when there are two or more legal options, and refuses an answer that is not one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: The kinds of decision, and what their options are.
KINDS = {
    "die": "one of the rolled die faces, e.g. '3', 'wind', 'hit'",
    "direction": "a direction 1..6",
    "hex": "a hex (q, r)",
    "thing": "the id of a Thing",
    "order": "an order of simultaneous entry effects, e.g. ('mine', 'crate')",
    "prod": "'prod' or 'leave': a full hex without a worm (E7.4); ``info`` is the hex, twice",
    # the game's own decisions (table/engine/game.py)
    "worm": "the id of one of the active team's worms (activation)",
    "move": "('skip', None), ('inch', (q, r)) or ('jump', (q, r)): one movement",
    "card": "a card id from the hand, or 'pass' (a Sudden Death draft: a card id)",
    "pile": "a Thing from the setup pile: 'worm:<team>', 'oil_drum', 'mine' or 'crate'",
    # the players' own dice (GameConfig.own_dice; table/engine/dice.py)
    "die_typed": "the face a player rolled on a real die: '1'..'6', 'wind', 'hit'",
    "flip_typed": "the side a player flipped on a real Danger coin: 'safe' or 'danger'",
}


class Illegal(Exception):
    """An illegal move, target or answer.  Nothing after the check has changed the board."""


class NeedDecision(Exception):
    """A step needs an answer nobody has given yet (the game makes it its request)."""

    def __init__(self, decision: "Decision"):
        super().__init__(decision.why)
        self.decision = decision


@dataclass(frozen=True)
class Decision:
    kind: str                 # a key of KINDS
    options: tuple[Any, ...]  # every legal answer
    default: Any              # the rulings' default, one of options
    why: str                  # what it is for: "accuracy", "knockback", "prod", "emptiest", ...
    actor: str | None = None  # the team choosing (the active team), if known
    info: tuple | None = None  # per-option data for the UI, parallel to options (e.g. the
                               # Accuracy dice a target hex would roll), or None

    def as_json(self) -> dict:
        out = {"kind": self.kind, "why": self.why, "options": [_plain(o) for o in self.options],
               "default": _plain(self.default), "actor": self.actor}
        if self.info is not None:
            out["info"] = list(self.info)
        return out


def _plain(v):
    return list(v) if isinstance(v, tuple) else v


Decider = Callable[[Decision], Any]


def take_default(decision: Decision) -> Any:
    """The default policy: the rulings' default answer."""
    return decision.default
