"""The queue of steps the players copy onto the board, one screen at a time, and how far they
got: what the daemon saves so that a restart repeats none of them.

``base`` is the number of events before the steps on show, ``cuts`` where each later batch of
events begins, ``done`` how many steps are confirmed, ``total`` how many the queue held since
it was last empty (the "3/7" on the screen).

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


class StepQueue:
    def __init__(self) -> None:
        self.steps: list[Any] = []
        self.done = 0
        self.total = 0
        self.base = 0                  # events before the steps on show
        self.cuts: list[int] = []      # where each later batch of them begins

    def __bool__(self) -> bool:
        return bool(self.steps)

    def replace(self, steps: list[Any], base: int) -> None:
        """A new queue of ``steps``, after the first ``base`` events."""
        self.steps = list(steps)
        self.done = 0
        self.total = len(self.steps)
        self.base = base
        self.cuts = []

    def resume_at(self, cuts: list[int], done: int) -> None:
        """The queue as saved: its batches began at ``cuts``, ``done`` steps were confirmed."""
        self.cuts = cuts
        self.done = min(done, len(self.steps))
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
        self.steps.pop(0)
        self.done += 1
        if not self.steps:
            self.total = 0

    def clear(self) -> None:
        self.steps, self.done, self.total = [], 0, 0

    def progress(self, events: int) -> tuple[int, list[int], int]:
        """(base, cuts, done) to save; with every step copied, the queue begins after the
        ``events`` of the game."""
        if not self.steps:
            self.base, self.cuts, self.done = events, [], 0
        return self.base, self.cuts, self.done
