"""Undo by a stack of positions, the way python-chess's ``Board.push`` and ``Board.pop`` keep a
state per move: before each input (an answer, a face or a card typed in, a timeout) the game
takes what that input may change (a :class:`Position`), pushes it once the input is taken, and
``Game.undo`` pops the last one back and runs the step on from it.

Undo never goes back past a revealed random result (a die the box rolled, a flip, a shuffle,
a drawn card), a timeout or a card taught: so when a position is pushed, the ones below an
entry undo stops at are dropped, and the stack holds the inputs since the last such entry (at
most a turn's).  Nothing else changes the game between two inputs: the box's dice have not
rolled since a position that undo can reach was taken, so the stack never copies them.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Position(NamedTuple):
    """A game as it stood before an input: how long its log and events were, its state at the
    start of the step in progress (``State.snapshot()``; ``dirty``: the step had stopped mid-way
    at the question), the step's answers and chance outcomes so far, and the faces, sides and
    cards the players had given and the step had not used yet."""

    n_log: int
    n_events: int
    snap: tuple
    dirty: bool
    answers: tuple[Any, ...]
    known: tuple[dict[str, Any], ...]
    pending: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def undoable(entry: dict[str, Any], own_dice: bool) -> bool:
    """True if undo may take ``entry`` back: an answer, or (the players' own dice) the face or
    side they typed in, so a mistyped die is put right."""
    return "answer" in entry or own_dice and entry.get("chance") in ("die", "flip")


class UndoStack:
    """The positions undo can go back to, the last on top."""

    def __init__(self) -> None:
        self.positions: list[Position] = []

    def push(self, pos: Position, log: list[dict[str, Any]], own_dice: bool) -> None:
        """Keep ``pos``, the game before the input ``log[pos.n_log]`` (just taken); the ones
        below go if undo can no longer reach them (an entry it stops at came between)."""
        stack = self.positions
        if stack:
            top = stack[-1].n_log
            if top + 1 != pos.n_log or not undoable(log[top], own_dice):
                stack.clear()
        stack.append(pos)

    def pop(self, n_log: int) -> Position | None:
        """The position before the input ``log[n_log]``, taken off the stack; None if the stack
        has none for it (an earlier build's answer passed over, :mod:`.oldlogs`)."""
        stack = self.positions
        if stack and stack[-1].n_log == n_log:
            return stack.pop()
        return None

    def shift(self, after: int, by: int) -> None:
        """The log gained (``by`` 1) or lost (-1) an entry at ``after``: the positions past it
        move with their inputs."""
        self.positions = [p._replace(n_log=p.n_log + by) if p.n_log > after else p
                          for p in self.positions]

    def clear(self) -> None:
        self.positions.clear()
