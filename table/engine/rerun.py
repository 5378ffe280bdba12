"""The re-run machinery: a phase runs from its checkpoint with the answers given so far and
stops at the first decision nobody has answered (:class:`NeedDecision`); chance outcomes it
already revealed are served again, so a re-run never rolls twice (see table/engine/game.py).
"""

from __future__ import annotations

from typing import Any, Iterable

from .decisions import TIMED, Decision, DecisionKind, NeedDecision, Purpose
from .errors import EngineError
from .effects import Resolver
from .state import State

#: the answer standing for the timer running out
TIMEOUT = "\x00timeout"


class ReplayMismatch(EngineError):
    """A log that this game (config, seed) does not reproduce."""


class TimeUp(Exception):
    """The timer ran out while the turn waited for a TIMED decision."""


def norm(v):
    if isinstance(v, (list, tuple)):
        return tuple(norm(x) for x in v)
    return v


def same_entry(e: dict) -> dict:
    return {k: norm(v) for k, v in e.items()}


def plain(v):
    if isinstance(v, tuple):
        return [plain(x) for x in v]
    return v


class PhaseChance:
    """The chance outcomes of one phase run: the ones this phase already revealed are served
    again in order; new ones come from ``dice`` (the game's chance source) and go into the
    game's ``log`` the moment they are revealed.  ``forked``: a bot's copy (it never learns a
    hidden deck's order)."""

    def __init__(self, known: list, log: list, dice, forked: bool):
        self.known = known
        self.log = log
        self.dice = dice
        self.forked = forked
        self.i = 0

    def _next(self, tag: str, make):
        if self.i < len(self.known):
            entry = self.known[self.i]
            if entry.get("chance", entry.get("reveal", "setup" if "setup" in entry else None)) \
                    != tag:  # pragma: no cover - a bug
                raise ReplayMismatch(f"expected {tag}, the phase revealed {entry}")
        else:
            entry = make()
            self.known.append(entry)
            self.log.append(entry)
        self.i += 1
        return entry

    def roll(self, about: tuple = ()) -> str:
        """A die (``about``: what for, see Resolver.roll; the players' dice ask with it)."""
        return self._next("die", lambda: {"chance": "die",
                                          "value": self.dice.roll(about)})["value"]

    def flip(self, about: tuple = ()) -> str:
        return self._next("flip", lambda: {"chance": "flip",
                                           "value": self.dice.flip(about)})["value"]

    def pick(self, options, what: str):
        options = list(options)
        e = self._next("pick", lambda: {"chance": "pick", "what": what,
                                        "value": plain(options[self.dice.below(len(options))])})
        return norm(e["value"])

    def shuffle(self, items: list, what: str) -> None:
        def make():
            order = list(items)
            self.dice.shuffle(order)
            return {"chance": "shuffle", "what": what, "order": order}
        known = self.i < len(self.known)
        order = list(self._next("shuffle", make)["order"])
        if known and self.forked and what in ("drop", "supply", "superweapons"):
            self.dice.shuffle(items)   # a bot's copy never learns a hidden order
        else:
            items[:] = order

    def record(self, what: str, make) -> None:
        """Write ``{what: make()}`` into the log once (a re-run of the phase finds it there):
        what the phase settled, so nobody has to replay the game to learn it (``setup``)."""
        self._next(what, lambda: {what: make()})

    def reveal(self, entry: dict, deck: list[str], actor: str | None = None) -> dict:
        """A card drawn from ``deck`` (``entry``: its top card): the chance source says which
        (the players' own decks: the card tapped, asked as a ``card_tapped`` decision)."""
        return self._next(entry["reveal"], lambda: self.dice.reveal(entry, deck, actor))


class PhaseRun:
    """One run of a phase: its state, its Resolver, its decider (the answers given so far in
    this phase, then :class:`NeedDecision`)."""

    def __init__(self, st: State, answers: list, chance: PhaseChance):
        self.st = st
        self.answers = answers
        self.pos = 0
        self.chance = chance
        self.r = Resolver(st.board, self.chance, self)
        if st.worm is not None and st.worm in st.board.things:
            self.r.activate(st.worm)
        self.r.active_team = st.team
        self.r.active_hurt = st.hurt

    def __call__(self, decision: Decision):
        while self.pos < len(self.answers):
            a = self.answers[self.pos]
            self.pos += 1
            if a == TIMEOUT:
                self.st.timed_out = True
                if decision.kind in TIMED:
                    raise TimeUp()
                continue
            return a
        raise NeedDecision(decision)

    def ask(self, kind: DecisionKind | str, options: Iterable[Any], default: Any,
            purpose: Purpose, actor: str | None = None, info: tuple | None = None, *,
            card: str | None = None, item: str | None = None) -> Any:
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        return self(Decision(DecisionKind(kind), options, default, purpose,
                             actor or self.st.team, info, card=card, item=item))
