"""Scenario files (docs/scenarios.md): a position and steps (the step form, :mod:`.steps`) or
whole turns of a game (the game form, :mod:`.turns`), read through one set of checked fields
(:mod:`.fields`).

>>> sc = parse({"board": {"land": [[0, 0], [1, 0]], "wind": 2},
...             "things": [{"kind": "mine", "at": [1, 0]}],
...             "random": {"flips": ["safe"]},      # one flip more than needed
...             "steps": [{"do": "blast", "at": [0, 0]}]})
>>> out = sc.run()
>>> [e["event"] for e in out["events"]], out["unused"]
(['blast', 'place'], {'dice': 0, 'flips': 1})

Exit codes of ``worms-table scenario``: 0 done; 2 :class:`Malformed` (the message names the
field); 1 :class:`CannotRun` (the message names the step).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from table import filetext

from . import steps, turns
from .fields import CannotRun, Malformed

__all__ = ["CannotRun", "Malformed", "Scenario", "load", "parse"]

#: a file with either of these sections is the game form
GAME_FORM = {"game", "turns"}


class Scenario(Protocol):
    title: str

    def run(self) -> dict: ...


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file (Malformed names the file's problem)."""
    try:
        data = filetext.read_toml(path)
    except OSError as err:
        raise Malformed(f"cannot read {path}: {err.strerror}") from None
    except filetext.Unreadable as err:       # not UTF-8 or TOML, too deep, a huge integer
        raise Malformed(f"{path}: {err}") from None
    return parse(data)


def parse(data: dict) -> Scenario:
    """A scenario of the form ``data`` is written in."""
    if isinstance(data, dict) and GAME_FORM & set(data):
        return turns.parse(data)
    return steps.parse(data)
