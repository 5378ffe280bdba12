"""The table's one state: what it is doing, in which language, the notice over it and the box's
thinking, held by one object with one setter that announces each change (Home Assistant's
core ``StateMachine`` is the model).

:class:`TableState` is the only place these are assigned (``tests/app/test_tablestate.py``
holds every other module to it): a part changes them with :meth:`TableState.set`, which makes
the new :class:`Facts` (immutable) and calls each listener with the facts before and after
(the daemon's presenter: a change not yet drawn is drawn at the next tick).  What is on show
follows from the facts and the table's parts by one rule, :meth:`TableState.doing`: a
:class:`Doing`, for which the daemon (table/app/daemon.py ``Daemon.current``) takes the
prompt from the part that holds it.

>>> state = TableState(Mode.WIZARD, "en")
>>> seen = []
>>> state.listeners.append(lambda before, after: seen.append((before.lang, after.lang)))
>>> state.set(lang="cs"); state.set(lang="cs"); state.lang, seen
('cs', [('en', 'cs')])
>>> state.doing(stopped=False, teaching=False, copying=True, playing=False, asked=False)
<Doing.WIZARD: 'wizard'>
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple

from table.app.core.mode import Mode


class Doing(StrEnum):
    """What the table shows, the first of these that holds (:meth:`TableState.doing`)."""

    STOPPED = "stopped"     # storage failed: its screen (OK: try again) until it works
    NOTICE = "notice"       # a notice over the rest (the overlay) until a button
    TEACHING = "teaching"   # the teaching walk of a card the box does not know
    WIZARD = "wizard"       # the new-game wizard
    COPYING = "copying"     # a board change to copy (the step queue's first)
    THINKING = "thinking"   # the box works out its team's answer (inputs wait)
    ASKING = "asking"       # the game's decision
    OVER = "over"           # the end of the game (OK: a new game)


class Facts(NamedTuple):
    """The table's state at one moment (never changed: a change is new facts)."""

    mode: Mode                      # the table's mode: wizard, play, over, storage
    lang: str                       # the players' language
    overlay: Any = None             # a notice (a Prompt) over what is on show, or None
    thinking: Any = None            # the box's "Thinking..." (a Prompt) while it thinks


Listener = Callable[[Facts, Facts], None]


class TableState:
    """The one holder of :class:`Facts`; ``listeners`` are called with (before, after) on each
    change, in order."""

    def __init__(self, mode: Mode, lang: str) -> None:
        self._facts = Facts(Mode(mode), lang)
        self.listeners: list[Listener] = []

    @property
    def facts(self) -> Facts:
        return self._facts

    @property
    def mode(self) -> Mode:
        return self._facts.mode

    @property
    def lang(self) -> str:
        return self._facts.lang

    @property
    def overlay(self) -> Any:
        return self._facts.overlay

    @property
    def thinking(self) -> Any:
        return self._facts.thinking

    def set(self, **changes: Any) -> None:
        """The one setter: ``changes`` (``mode``, ``lang``, ``overlay``, ``thinking``) made at
        once, announced to every listener if anything changed."""
        unknown = set(changes) - set(Facts._fields)
        if unknown:
            raise TypeError(f"no such state: {', '.join(sorted(unknown))} "
                            f"(the table's state is {', '.join(Facts._fields)})")
        if "mode" in changes:
            changes["mode"] = Mode(changes["mode"])
        before = self._facts
        after = before._replace(**changes)
        if all(a is b or a == b for a, b in zip(before, after)):
            return
        self._facts = after
        for listener in tuple(self.listeners):
            listener(before, after)

    def doing(self, *, stopped: bool, teaching: bool, copying: bool, playing: bool,
              asked: bool) -> Doing:
        """What is on show: ``stopped`` (storage at fault), a notice, ``teaching`` (a walk on
        show), the wizard, ``copying`` (steps to copy); with ``playing`` (a game in play, not
        over) the box thinking or ``asked`` (the game's decision); else the game's end."""
        facts = self._facts
        if stopped:
            return Doing.STOPPED
        if facts.overlay is not None:
            return Doing.NOTICE
        if teaching:
            return Doing.TEACHING
        if facts.mode == Mode.WIZARD:
            return Doing.WIZARD
        if copying:
            return Doing.COPYING
        if playing and facts.thinking is not None:
            return Doing.THINKING
        return Doing.ASKING if playing and asked else Doing.OVER


__all__ = ["Doing", "Facts", "TableState"]
