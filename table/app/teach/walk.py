"""The walk through a card the box does not know, on the buttons and the OLED alone.

A player taps a tag the box does not know (or chooses "a card the box doesn't know" where a
card is asked for): :class:`Walk` asks for the card as it is printed, top to bottom, one
screen a part -- its kind, its target (the card anatomy's target symbols), Accuracy X, the
action line's symbols left to right, then its text line by line as steps of the rules'
vocabulary (table.engine.cards).  Each screen starts on the likeliest answer and groups the
usual choices (the common action lines are one row each), so a typical weapon card takes a
dozen presses.  OK chooses, Back goes one screen back (on the first screen: the walk is
left).  The result is the same table a card file holds (docs/cards.md), checked with the
library's own checks (:func:`table.cards.authoring.check`) before it is handed back (a card
they refuse: :mod:`table.app.teach.refusals` says why on a screen of its own).

Once a line's step is chosen, the walk asks where it acts and on what, where the step can
say more than one (:mod:`table.app.teach.where`).  A line of card text the vocabulary cannot
say is answered "by hand" with the card's words, picked from the rulebook's effect words
(:mod:`table.app.teach.wording`): the players resolve it themselves (the ``by_hand`` step).

The screens are :mod:`table.app.teach.questions` (each stage's question, the text menu's rows
made from the vocabulary's records), their words :mod:`table.app.teach.words`; this module
is the walk itself: where it is, and what each answer does.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from table.cards import authoring

from table.app.asking.prompts import Prompt
from table.app.teach.questions import (ACCURACY, LINES, RANGES, TARGETS, Ticks, cut, marked,
                                       question)
from table.app.teach import where, wording
from table.app.teach.refusals import Refusal, refusal
from table.app.teach.words import asked, line_label, names, step_label, summary, target_label

log = logging.getLogger("worms-table")
WEAPONS = authoring.WEAPON_KINDS


@dataclass(frozen=True)
class Result:
    """What the walk learnt: the card as a card file holds it (a ``by_hand`` step: a line of
    its text the players resolve)."""
    raw: dict


class Walk:
    """The screens of one unknown card; ``prompt`` is on show, :meth:`answer` takes its
    answer and gives the :class:`Result` once the card is told and checked, :meth:`back`
    goes one screen back (False: the walk is left from its first screen).

    ``kinds``: the kinds this card can be where it was tapped (a Supply draw: supply or
    superweapon; a weapon card asked for: the weapon kinds); ``card_id`` and ``names``: what
    the new card is called (the caller makes the id unique); ``known``: the library, for the
    check."""

    def __init__(self, lang: str, card_id: str, names: dict[str, str],
                 kinds: tuple[str, ...] = WEAPONS, known: Mapping | None = None):
        self.lang = lang
        self.kinds = tuple(kinds)
        self.known = known
        self.raw: dict[str, Any] = {"id": card_id, "kind": self.kinds[0], "names": dict(names)}
        self.stage = "start"
        self.pending: dict | None = None        # a text step whose parameters are being asked
        self.param: str | None = None
        self.history: list[tuple] = []
        self.problems: list[str] = []           # the check's, in English (for the log)
        self.refused: Refusal | None = None     # why the box cannot save it, in its words
        self.reading: int | None = None         # the check screen's line said whole
        self.typed_name = ""                    # the name typed on the keyboard, if any
        self.prompt: Prompt = self._make()

    @property
    def steps_field(self) -> str:
        """Where the card's steps go: a Sudden Death card's drop part, else its text."""
        return "drop" if self.raw["kind"] == "sudden_death" else "text"

    def _make(self) -> Prompt:
        return question(self)

    # -- the answers -------------------------------------------------------------------------
    def _go(self, stage: str) -> None:
        self.stage = stage
        self.prompt = self._make()

    def _push(self) -> None:
        self.history.append((self.stage, copy.deepcopy(self.raw), copy.deepcopy(self.pending),
                             self.param))

    def back(self) -> bool:
        """One screen back; False when there is none (the walk is left)."""
        if self.stage in ("refused", "whole", "name"):   # (read, or named: the check again)
            self._go("check")
            return True
        if not self.history:
            return False
        self.stage, self.raw, self.pending, self.param = self.history.pop()
        self.problems, self.refused = [], None
        self.prompt = self._make()
        return True

    def _rewind(self, stage: str | None) -> None:
        """Back to the last time ``stage``'s screen was answered (the refused part's)."""
        while self.history and self.history[-1][0] != stage:
            self.history.pop()
        if self.history:
            self.back()

    def answer(self, value: Any) -> Result | str | None:
        """Take the answer on show: the :class:`Result` when the card is done, ``"cancel"``
        when the players chose to leave, else None (the next screen is on show)."""
        s = self.stage
        if s == "start" and value == "cancel":
            return "cancel"
        if s == "refused":
            self._go("check")
            return None
        if s in ("check", "whole"):
            return self._on_check(value)
        if s == "name":
            self._on_name(value)
            return None
        self._push()
        self.reading = None
        return _ANSWERS[s](self, value)

    def _on_check(self, value) -> Result | None:
        """OK on the check screen (or on a line said whole): save, change the marked line,
        read a line cut short whole, or back to the card."""
        if value == "save":
            return self._finish()
        if value == "name":                      # the keyboard (table/app/teach/keyboard.py)
            self._go("name")
            return None
        row = value[1] if isinstance(value, tuple) else marked(self)
        if self.stage == "check" and row is not None and cut(self, row):
            self.reading = row
            self._go("whole")
        elif value == "fix" and self.refused is not None:
            self.stage, self.reading = "check", None
            self._rewind(self.refused.stage)
        elif self.stage == "whole":
            self._go("check")
        return None

    def _on_name(self, value: str) -> None:
        """The name typed on the keyboard: the card's printed name, in every language the box
        speaks (a group's own card has one name); blank: it keeps the one it had."""
        if value:
            self.typed_name = value
            self.raw["names"] = {lang: value for lang in self.raw["names"]}
        self._go("check")

    def _on_start(self, value) -> None:
        self._go("kind" if len(self.kinds) > 1 else self._after_kind())

    def _after_kind(self) -> str:
        kind = self.raw["kind"]
        if kind in WEAPONS:
            return "target"
        return "lasting" if kind == "sudden_death" else "text"

    def _on_kind(self, value) -> None:
        self.raw["kind"] = value
        self._go(self._after_kind())

    def _on_target(self, value) -> None:
        raw = self.raw
        if value == "terms":
            self._go("terms")
            return
        raw.pop("range", None)
        raw["target"] = value
        if value is None:
            raw.pop("accuracy", None)
            raw.pop("where", None)
            self._go("action")
        elif value in ("within", "direct_within"):
            raw["range"] = 2
            self._go("range")
        else:
            self._go("accuracy")

    def _on_terms(self, value) -> None:
        self.raw["where"] = list(value)
        if not value:
            self.raw.pop("where")
        self._go("target")

    def _on_range(self, value) -> None:
        self.raw["range"] = value
        self._go("accuracy")

    def _on_accuracy(self, value) -> None:
        self.raw["accuracy"] = value
        if value is None:
            self.raw.pop("accuracy")
        self._go("action")

    def _on_action(self, value) -> None:
        if value == "symbols":
            self.raw["action"] = []
            self._go("symbols")
            return
        self.raw["action"] = list(value)
        self._go("text" if "TEXT" in value else "check")

    def _on_symbols(self, value) -> None:
        line = self.raw["action"]
        if value == "undo":
            line.pop()
        elif value == "done":
            self._go("text" if "TEXT" in line else "check")
            return
        else:
            line.append(value)
        self._go("symbols")

    def _on_lasting(self, value) -> None:
        self.raw["lasting"] = value
        self._go("text")

    def _on_text(self, value) -> Result | None:
        steps = self.raw.setdefault(self.steps_field, [])
        if value == "by_hand":               # the players' to resolve: the card says so itself
            self._add_step({"do": "by_hand"})
        elif value == "done":
            self._go("check")
        elif value == "undo":
            steps.pop()
            self._go("text")
        else:
            self._add_step(dict(value))
        return None

    def _add_step(self, step: dict) -> None:
        """A line's step once chosen: its parameters asked in turn, then where it acts and on
        what (:mod:`table.app.teach.where`), then it joins the card."""
        missing = [k for k in asked(step["do"]) if k not in step]
        if step["do"] == "by_hand":
            self.pending, self.param = {"do": "by_hand", "words": []}, None
            self._go("words")
        elif missing:
            self.pending, self.param = step, missing[0]
            self._go("param")
        elif where.rows(self, step):
            self.pending, self.param = step, None
            self._go("reach")
        else:
            self._commit(step)

    def _commit(self, step: dict) -> None:
        self.raw.setdefault(self.steps_field, []).append(where.tidy(step))
        self.pending = self.param = None
        self._go("text")

    def _on_param(self, value) -> None:
        assert self.pending is not None and self.param is not None
        step = dict(self.pending)
        step[self.param] = list(value) if isinstance(value, tuple) else value
        self._add_step(step)

    def _on_reach(self, value) -> None:
        assert self.pending is not None
        if value == "kinds":
            self._go("kinds")
        elif value.get("area") in where.LINES:
            self.pending = dict(value)
            self._go("length")
        else:
            self._commit({**value, **{k: v for k, v in self.pending.items() if k == "kinds"}})

    def _on_kinds(self, value) -> None:
        assert self.pending is not None
        self.pending = {**self.pending, "kinds": list(value)}
        self._go("reach")

    def _on_length(self, value) -> None:
        assert self.pending is not None
        self._commit({**self.pending, "length": value})

    def _on_words(self, value) -> None:
        assert self.pending is not None
        said = list(self.pending["words"])
        if value == "done":
            self._commit({"do": "by_hand", "text": wording.sentence(said, self.lang)})
            return
        self.pending = {**self.pending, "words": said[:-1] if value == "undo" else said + [value]}
        self._go("words")

    def _finish(self) -> Result | None:
        card, problems = authoring.check(self.raw, self.known or {}, source="card")
        if card is None:                         # said on a screen of its own, then marked
            self.problems = problems
            self.refused = refusal(self.raw, self.steps_field)
            log.info("the card taught cannot be saved: %s", "; ".join(problems))
            self._go("refused")
            return None
        return Result(copy.deepcopy(self.raw))


#: what each stage's answer does (the check screen's and a refusal's: :meth:`Walk.answer`)
_ANSWERS: dict[str, Callable[[Walk, Any], Result | None]] = {
    "start": Walk._on_start, "kind": Walk._on_kind, "target": Walk._on_target,
    "range": Walk._on_range, "accuracy": Walk._on_accuracy, "action": Walk._on_action,
    "symbols": Walk._on_symbols, "lasting": Walk._on_lasting, "text": Walk._on_text,
    "param": Walk._on_param, "terms": Walk._on_terms, "reach": Walk._on_reach, "kinds": Walk._on_kinds,
    "length": Walk._on_length, "words": Walk._on_words}


__all__ = ["ACCURACY", "LINES", "RANGES", "Result", "TARGETS", "Ticks", "Walk", "line_label",
           "names", "step_label", "summary", "target_label"]
