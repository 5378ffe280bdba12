"""Skipping ahead: a weapon card tapped during a movement step means "no more moving, play
this": the moves left are skipped and the card is tapped again at the weapon step (where it
is refused, saying why, if the team cannot play it)."""

from __future__ import annotations

from typing import Any

from table.engine.decisions import SKIP, DecisionKind

from table.app.asking.prompt import Answer, Prompt
from table.app.host import Host
from table.app.asking.prompts import CardTap


def skip_ahead(daemon: Host, out: Answer) -> tuple[Prompt, Any] | None:
    """Answer ``out`` (a move's skip) on ``daemon``, then skip the next move and tap
    ``out.then`` at the weapon step, unless board changes or a notice come first.  Returns
    the weapon step's prompt and what it made of the tap, for the daemon to take
    (:func:`table.app.inputs.outcome`), or None."""
    daemon.answer(out.value)
    for _ in range(2):
        d = daemon.game.request if daemon.game is not None else None
        if d is None or daemon.queue or daemon.overlay is not None:
            return None
        if d.kind == DecisionKind.MOVE and SKIP in d.options and d.card is None:
            daemon.answer(SKIP)
            continue
        prompt = daemon.current()
        if isinstance(prompt, CardTap):
            return prompt, prompt.tap(out.then)
        return None
    return None


__all__ = ["skip_ahead"]
