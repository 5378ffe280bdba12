"""The step in progress of a game: its state, its log and events, and the phase being run
(:class:`Steps`).  A phase runs on the state itself from a snapshot taken at its start, with
the answers given so far in it; it stops at the first decision nobody has answered (the
request), and each input runs it again from its snapshot (``advance``).  A phase that
completes leaves the state as the next one starts from.
"""

from __future__ import annotations

from typing import Any

from .decisions import Decision, NeedDecision
from .dice import SeededDice
from .phases import PHASE_RULES, PhaseRules
from .rerun import PhaseChance, PhaseRun
from .state import Phase, State
from .timeup import TURN_PHASES
from .undo import Position

#: phases that ask their first question before changing anything (see Steps.advance)
ASK_FIRST = TURN_PHASES


class Steps:
    """A game's position: its state and the phase in progress (see the module doc)."""

    def __init__(self, st: State) -> None:
        self.st = st
        self.log: list[dict[str, Any]] = []         # every answer and chance outcome
        self.events: list[dict[str, Any]] = []      # the events of the completed phases
        self.run_events: list[dict[str, Any]] = []  # the phase in progress's, so far
        self.answers: list[Any] = []                # the answers given in the phase in progress
        self.known: list[dict[str, Any]] = []       # the chance outcomes it revealed
        self.request: Decision | None = None
        self.snap: tuple | None = None      # the state at the start of the phase in progress
        self.dirty = False                  # the state shows a phase stopped mid-way

    def advance(self, rules: PhaseRules, dice: SeededDice, forked: bool) -> None:
        """Run the phases on from where they stand until a decision is needed (the request)
        or the game is over.  ``forked``: a bot's copy (it never learns a hidden order)."""
        st = self.st
        if self.dirty and self.snap is not None:     # (dirty: stopped after a snapshot)
            st.restore(self.snap)
            self.dirty = False
        while st.phase != Phase.OVER:
            # The phase runs on the state itself, from a snapshot taken at its start and
            # restored whenever it stops at a decision.  A phase that asks before it changes
            # anything needs no snapshot to find its first decision.
            # (the players' own decks: the draw after a step may ask for a tap once the step
            # has changed the board, so the step needs its snapshot to run again from)
            if self.snap is None and (self.answers or st.phase not in ASK_FIRST
                                      or rules.config.own_decks):
                self.snap = st.snapshot()
            run = PhaseRun(st, self.answers, PhaseChance(self.known, self.log, dice, forked))
            try:
                PHASE_RULES[st.phase](rules, st, run)
                rules.sync_draws(st, run)
                rules.check_teams(st, run)
            except NeedDecision as need:
                # the position stays as the step left it (for the table to show) until the
                # next answer re-runs the step from its snapshot
                self.dirty = self.snap is not None
                self.request = need.decision
                self.run_events = run.r.events
                return
            except BaseException:
                if self.snap is not None:
                    st.restore(self.snap)
                raise
            self.snap = None
            self.answers = []
            self.known = []
            self.events.extend(run.r.events)
            self.run_events = []
        self.request = None

    def position(self, dice: SeededDice) -> Position:
        """Where the game stands before an input (undo.py), ``dice`` its chance source."""
        snap = self.snap if self.snap is not None else self.st.snapshot()
        return Position(len(self.log), len(self.events), snap, self.dirty,
                        tuple(self.answers), tuple(self.known),
                        (tuple(dice.dice), tuple(dice.flips), tuple(dice.taps)))

    def back_to(self, pos: Position, dice: SeededDice, rules: PhaseRules) -> None:
        """The game where it stood at ``pos`` (an input taken back), the step in progress run
        on from it to its question."""
        del self.log[pos.n_log:]
        del self.events[pos.n_events:]
        self.answers, self.known = list(pos.answers), list(pos.known)
        dice.dice, dice.flips, dice.taps = (list(p) for p in pos.pending)
        self.st.restore(pos.snap)
        self.snap = pos.snap if pos.dirty else None
        self.dirty = False
        self.advance(rules, dice, False)
