"""The queue of steps the players copy onto the board, one screen at a time, and how far they
got: what the daemon saves so that a restart repeats none of them.

``base`` is the number of events before the steps on show, ``cuts`` where each later batch of
events begins, ``done`` how many steps are confirmed, ``total`` how many the queue held since
it was last empty; :meth:`StepQueue.number` the "Hex 2/3" of the step on show, counted
among the steps of its kind only (:func:`counted`: the hex screens, the instructions), so
the summary after a card is no hex; the hex screens count hexes, not screens (a hex whose
changes take two screens is one hex; a screen of two hexes is numbered by both, "5+6/6").

>>> q = StepQueue()
>>> q.replace(["a", "b"], base=4)
>>> q.extend(["c"], seen=9), q.steps, q.total
(True, ['a', 'b', 'c'], 3)
>>> q.confirm(); q.progress(events=12)
(4, [9], 1)
>>> q.confirm(); q.confirm(); q.progress(events=12), q.total
((12, [], 0), 0)
"""

from __future__ import annotations

from typing import Any

#: what the hex screens are counted among (:func:`counted`)
HEXES = "hex"


def counted(step: Any) -> str | None:
    """What a step is counted among: "hex" (the board changes at one hex), "do" (an
    instruction that says its number), None (a summary, a deal, a Drop card: no number)."""
    changes = getattr(step, "changes", ())
    if changes:
        return HEXES if getattr(step, "at", None) is not None else None
    instruction = getattr(step, "instruction", None)
    if instruction is None or instruction.key in ("do.drop", "do.sudden_death"):
        return None
    return "do"


def hexes_of(step: Any) -> list:
    """The hexes a hex screen names: its own, and the second hex sharing the screen."""
    return list(dict.fromkeys([step.at, *(h for h in (getattr(c, "at", None)
                                                      for c in step.changes) if h is not None)]))


class StepQueue:
    def __init__(self) -> None:
        self.steps: list[Any] = []
        self.done = 0
        self.total = 0
        self.done_of: dict[str | None, int] = {}    # confirmed so far, by what they count
        self.hexes_done: list = []      # the hexes of the hex screens confirmed, in order
        self.base = 0                  # events before the steps on show
        self.cuts: list[int] = []      # where each later batch of them begins

    def __bool__(self) -> bool:
        return bool(self.steps)

    def replace(self, steps: list[Any], base: int) -> None:
        """A new queue of ``steps``, after the first ``base`` events."""
        self.steps = list(steps)
        self.done = 0
        self.total = len(self.steps)
        self.done_of = {}
        self.hexes_done = []
        self.base = base
        self.cuts = []

    def resume_at(self, cuts: list[int], done: int) -> None:
        """The queue as saved: its batches began at ``cuts``, ``done`` steps were confirmed."""
        self.cuts = cuts
        self.done = min(done, len(self.steps))
        for step in self.steps[:self.done]:
            self._count(step)
        del self.steps[:self.done]

    def extend(self, steps: list[Any], seen: int) -> bool:
        """A later batch of ``steps`` (from event ``seen`` on) after those still to copy;
        False if there were none."""
        if not steps:
            return False
        self.steps += steps
        self.total += len(steps)
        self.cuts.append(seen)
        return True

    def confirm(self) -> None:
        """The step on show is copied."""
        self._count(self.steps.pop(0))
        self.done += 1
        if not self.steps:
            self.total = 0
            self.done_of = {}
            self.hexes_done = []

    def _count(self, step: Any) -> None:
        kind = counted(step)
        self.done_of[kind] = self.done_of.get(kind, 0) + 1
        if kind == HEXES:
            self.hexes_done += [h for h in hexes_of(step) if h not in self.hexes_done]

    def number(self) -> tuple[int | tuple[int, int], int]:
        """(i, n) of the step on show: the i-th of n steps of its kind (see :func:`counted`);
        of the hex screens, its hex is the i-th of n hexes (two screens of one hex: one).

        >>> from types import SimpleNamespace as S
        >>> q = StepQueue()
        >>> q.replace([S(changes=[1], at=(0, 0)), S(changes=[2], at=(1, 0)),
        ...            S(changes=[3], at=(1, 0)), S(summary={})], base=0)
        >>> q.number(); q.confirm(); q.number(); q.confirm(); q.number()
        (1, 2)
        (2, 2)
        (2, 2)
        """
        kind = counted(self.steps[0])
        if kind == HEXES:
            hexes = list(self.hexes_done)
            for s in self.steps:
                if counted(s) == HEXES:
                    hexes += [h for h in hexes_of(s) if h not in hexes]
            at = [hexes.index(h) + 1 for h in hexes_of(self.steps[0])]
            return (at[0] if len(at) == 1 else (at[0], at[1])), len(hexes)   # (two: both)
        before = self.done_of.get(kind, 0)
        return before + 1, before + sum(1 for s in self.steps if counted(s) == kind)

    def clear(self) -> None:
        self.steps, self.done, self.total = [], 0, 0
        self.done_of = {}
        self.hexes_done = []

    def progress(self, events: int) -> tuple[int, list[int], int]:
        """(base, cuts, done) to save; with every step copied, the queue begins after the
        ``events`` of the game."""
        if not self.steps:
            self.base, self.cuts, self.done = events, [], 0
        return self.base, self.cuts, self.done
