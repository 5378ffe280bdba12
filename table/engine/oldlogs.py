"""Logs written by earlier builds of this release: the answers they hold to questions the
engine no longer asks are passed over when a log is replayed, so that a group that updates
the box in the middle of a game resumes it (issue 19: nothing may stop a game from resuming).

Each rule is named and narrow: an answer is passed over only where the engine, at that very
point, stands where the earlier build asked that question and its answer could change nothing.
The entry stays in the game's log where it stood (the journal holds it: log and journal stay
entry for entry the same; an undo or a later replay passes over it again).  Any other entry
that does not fit still stops the replay with ReplayMismatch.

* ``EMPTIEST_NO_CRATE``: builds of 0.1.0 before commit 1372c62 asked the emptiest hex for a
  Drop card's crate with no Supply Crate left in the pool (E9, E13).  No crate was placed
  whatever the answer, so the game goes on as if it had not been asked.  (Known limit: a
  card placing such a crate and then, in the same step, another Thing at the emptiest hex
  without ``same`` would hand the old answer to the later question; no shipped card does.)
* ``PROD_OR_LEAVE``: builds of 0.1.0 from commit cad4936 to ba8586d asked whether to prod a
  full hex without a worm or leave it (E7.4); "prod" led to the question the engine asks now,
  which Thing.  (A "leave" cannot be replayed under the rule as it is: such a log still
  stops.)
"""

from __future__ import annotations

from typing import Any

from .decisions import Decision, DecisionKind, Purpose
from .state import State

EMPTIEST_NO_CRATE = "emptiest hex for a crate with none in the pool (before 1372c62)"
PROD_OR_LEAVE = "prod or leave a full hex (cad4936 to ba8586d)"


def _asks(d: Decision | None, kind: DecisionKind, purpose: Purpose) -> bool:
    return d is not None and d.kind == kind and d.purpose == purpose


def old_question(entry: dict[str, Any], request: Decision | None, st: State) -> str | None:
    """The compatibility rule under which the answer ``entry`` is passed over, the game
    standing at ``request`` in state ``st``; None: it is answered as usual."""
    kind, why = entry.get("kind"), entry.get("why")
    if kind == DecisionKind.HEX and why == Purpose.EMPTIEST \
            and not _asks(request, DecisionKind.HEX, Purpose.EMPTIEST) \
            and st.board.in_pool("crate") == 0:
        return EMPTIEST_NO_CRATE
    if kind == "prod" and why == "full_hex" and entry.get("answer") == "prod" \
            and _asks(request, DecisionKind.THING, Purpose.PROD):
        return PROD_OR_LEAVE
    return None


class Cursor:
    """Where :func:`kept_at` left off in one replay: ``mine[:at]`` holds the entries of
    ``log[:n]`` that are not cards taught, less ``owed`` of them not logged yet.  A replay's
    calls come in order, so each walks on from the last (each from the start, a crafted log
    of 8,000 old answers took 24 s to replay)."""

    def __init__(self) -> None:
        self.n = self.at = self.owed = 0


def kept_at(mine: list[dict[str, Any]], log: list[dict[str, Any]], n: int,
            cursor: Cursor | None = None) -> int:
    """Where ``log[n]`` belongs in ``mine``, the game's log replayed from ``log`` so far: after
    as many entries as ``log[:n]`` holds, cards taught left out of the count (a replay may
    log those a few places earlier)."""
    c = cursor if cursor is not None and cursor.n <= n else Cursor()
    k = c.owed + sum(1 for e in log[c.n:n] if "learn" not in e)
    at = c.at
    while k and at < len(mine):
        if "learn" not in mine[at]:
            k -= 1
        at += 1
    c.n, c.at, c.owed = n, at, k
    return at


def pass_over(mine: list[dict[str, Any]], log: list[dict[str, Any]], n: int,
              request: Decision | None, st: State, cursor: Cursor | None = None) -> int | None:
    """If the answer ``log[n]`` is one an earlier build asked for and this one does not
    (:func:`old_question`), keep it in ``mine`` (the game's log, replayed from ``log`` so far)
    where it stood and return that index (what the game kept after it moves one entry on); it
    is not given to the game.  None: it is answered as usual."""
    if old_question(log[n], request, st) is None:
        return None
    at = kept_at(mine, log, n, cursor)
    mine.insert(at, dict(log[n]))
    return at
