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

A line of card text the vocabulary cannot say is answered "by hand": the card is then one
whose text the players resolve themselves (the ``by_hand`` step when the vocabulary has it;
otherwise the walk hands back ``by_hand=True`` and the caller decides).

The screens' words are :mod:`table.app.teach.words`.  The step rows come from the vocabulary
itself (``STEP_KINDS`` and their parameters, ``authoring.STEP_PARAMS``), so a step added there
is offered here too (a card with no target: not the steps that act at the Target Token); a
parameter with a few choices is asked as a menu, a list parameter (``kinds`` of Remove) as
ticks.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from typing import Any, Callable

from table.cards import authoring
from table.engine.cards import STEP_KINDS
from table.engine.targeting import TARGET_RULES
from table.engine.vocabulary import needs_target
from table.fonts import font
from table.ui import scenes, screens
from table.ui.layout import WIDTH, wrap
from table.ui.strings import text

from table.app.asking.prompts import UP, Answer, Menu, Notice, Prompt, View
from table.app.teach.refusals import Refusal, refusal, refused_screen
from table.app.teach.words import (asked, choice_label, line_label, menu_choices, names, parts, spec,
                                   step_label, summary, target_label)

log = logging.getLogger("worms-table")
WEAPONS = authoring.WEAPON_KINDS
#: the target symbols, the usual first (any rule the engine adds later comes after them)
TARGETS = ("direct", "any", "within", "direct_within", "adjacent", "own_hex", "airstrike",
           "new_hex")
#: the action lines most cards print, a row each; "symbols" spells one out symbol by symbol
LINES = (("TEXT",), ("TEXT", "MOVE"), ("MOVE", "TEXT"), ("TEXT", "TEXT"), ("TEXT", "PLAY"),
         ("MOVE", "TEXT", "MOVE"), ("TEXT", "TEXT", "TEXT"))
ACCURACY = (1, 2, 3, 4, 5, 6)
RANGES = (1, 2, 3, 4, 5, 6, 7, 8)
#: the text steps' rows in the order a player looks for them
STEP_ORDER = ("blast", "damage", "move_worm", "place", "remove", "scatter", "change_wind",
              "new_target", "freeze", "rule")


@dataclass(frozen=True)
class Result:
    """What the walk learnt: the card as a card file holds it; ``by_hand``: its text (or a
    line of it) is the players' to resolve."""
    raw: dict
    by_hand: bool = False



def _target_lights(view: View, target: Any, t: float) -> scenes.Frame:
    """While a target symbol is chosen: the hexes it allows from the active worm (within 2)."""
    base = view.base()
    here = view.worm_at()
    rule = TARGET_RULES.get(target) if isinstance(target, str) else None
    if here is None or rule is None:
        return base
    lit = {h: scenes.WHITE for h in base if rule(here, h, 2, view.board)}
    return scenes.lit(scenes.dimmed(base), lit)


class Ticks(Prompt):
    """Several of a list chosen: OK ticks the row under the cursor, the last row finishes."""
    animated = False

    def __init__(self, title: str, labels: list[str], values: list, done: str):
        self.title, self.labels, self.values = title, labels, list(values)
        self.done = done
        self.ticked: list = []
        self.cursor = 0

    @property
    def selected(self):
        return tuple(self.ticked) if self.cursor == len(self.values) else self.values[self.cursor]

    def screen(self, view):
        rows = [("● " if v in self.ticked else "○ ") + label
                for v, label in zip(self.values, self.labels)] + [self.done]
        return screens.menu(self.title, rows, self.cursor)

    def press(self, event):
        if event.long:
            return None
        if event.name == "ok":
            if self.cursor == len(self.values):
                return Answer(tuple(self.ticked)) if self.ticked else None
            value = self.values[self.cursor]
            if value in self.ticked:
                self.ticked.remove(value)
            else:
                self.ticked.append(value)
                self.cursor = len(self.values)       # one ticked: on to "done" at once
        elif event.name in UP:
            self.cursor = (self.cursor + UP[event.name]) % (len(self.values) + 1)
        return None


class Walk:
    """The screens of one unknown card; ``prompt`` is on show, :meth:`answer` takes its
    answer and gives the :class:`Result` once the card is told and checked, :meth:`back`
    goes one screen back (False: the walk is left from its first screen).

    ``kinds``: the kinds this card can be where it was tapped (a Supply draw: supply or
    superweapon; a weapon card asked for: the weapon kinds); ``card_id`` and ``names``: what
    the new card is called (the caller makes the id unique); ``known``: the library, for the
    check."""

    def __init__(self, lang: str, card_id: str, names: dict[str, str],
                 kinds: tuple[str, ...] = WEAPONS, known: dict | None = None):
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
        self.prompt: Prompt = self._make()

    # -- the screens -------------------------------------------------------------------------
    def _field(self) -> str:
        return "drop" if self.raw["kind"] == "sudden_death" else "text"

    def _make(self) -> Prompt:
        """The prompt of the stage the walk is at (:data:`_STAGES`; else the check)."""
        return _STAGES.get(self.stage, Walk._check_menu)(self)

    def _ask_start(self) -> Prompt:
        lang = self.lang
        return Menu(text("teach.title", lang), [text("teach.go", lang), text("teach.cancel", lang)],
                    ["go", "cancel"])

    def _ask_kind(self) -> Prompt:
        lang = self.lang
        return Menu(text("teach.ask.kind", lang), [text(f"teach.kind.{k}", lang) for k in self.kinds],
                    list(self.kinds), self.kinds.index(self.raw["kind"]))

    def _ask_target(self) -> Prompt:
        values: list = [t for t in TARGETS if t in TARGET_RULES]
        values += [t for t in TARGET_RULES if t not in values] + [None]
        current = self.raw.get("target", "direct")
        cur = values.index(current) if current in values else 0
        return Menu(text("teach.ask.target", self.lang),
                    [target_label(v, None, self.lang) for v in values], values,
                    cur, lights=_target_lights)

    def _ask_range(self) -> Prompt:
        return Menu(text("teach.ask.range", self.lang), [str(n) for n in RANGES], list(RANGES),
                    RANGES.index(self.raw.get("range", 2)))

    def _ask_accuracy(self) -> Prompt:
        lang = self.lang
        values = [None, *ACCURACY]
        return Menu(text("teach.ask.accuracy", lang),
                    [text("teach.accuracy_none", lang)] + [
                        text("teach.accuracy_n", lang, n=n) for n in ACCURACY], values,
                    values.index(self.raw.get("accuracy")))

    def _ask_action(self) -> Prompt:
        lang = self.lang
        return Menu(text("teach.ask.action", lang),
                    [line_label(line, lang) for line in LINES] + [text("teach.symbols", lang)],
                    list(LINES) + ["symbols"])

    def _ask_symbols(self) -> Prompt:
        lang = self.lang
        line = self.raw.get("action", [])
        values = ["TEXT", "MOVE", "PLAY"] + (["done", "undo"] if line else [])
        labels = [text(f"teach.symbol.{v}", lang) for v in values[:3]]
        labels += [text("teach.done", lang), text("teach.undo", lang)] if line else []
        return Menu(f"{len(line) + 1}: " + line_label(line, lang)[-14:] if line
                    else text("teach.ask.symbols", lang), labels, values)

    def _ask_lasting(self) -> Prompt:
        from table.engine.effects import RULES
        return Menu(text("teach.ask.lasting", self.lang),
                    [choice_label("rule", r, self.lang) for r in RULES], list(RULES))

    def _works(self, step: dict) -> bool:
        """Whether ``step`` (its parameters asked so far) can work on this card: on a weapon
        card with no target, some answer to its questions left acts elsewhere than at the
        Target Token (:func:`~table.engine.vocabulary.needs_target`)."""
        if self.raw.get("target") is not None or self.raw["kind"] not in WEAPONS:
            return True
        for key in asked(step["do"]):
            choices = menu_choices(step["do"], key)
            if key not in step and choices:
                return any(self._works({**step, key: c}) for c in choices)
        return not needs_target(step)

    def _step_rows(self) -> list[tuple[dict, str]]:
        """The text steps a card of this kind can have, the rows of the text menu: a step
        with one small choice is a row per choice (Damage one / Damage all)."""
        rows: list[tuple[dict, str]] = []
        order = [k for k in STEP_ORDER if k in STEP_KINDS]
        order += [k for k in STEP_KINDS if k not in order]
        for do in order:
            if do == "by_hand":                  # (the last row of the menu)
                continue
            params = asked(do)
            if len(params) == 1:
                choices = menu_choices(do, params[0])
                if choices and len(choices) <= 3:
                    for c in choices:
                        step = {"do": do, params[0]: c}
                        if self._works(step):
                            rows.append((step, step_label(step, self.lang)))
                    continue
            if self._works({"do": do}):
                rows.append(({"do": do}, step_label({"do": do}, self.lang)
                             + ("…" if params else "")))
        return rows

    def _text_menu(self) -> Menu:
        lang = self.lang
        steps = self.raw.get(self._field(), [])
        rows = self._step_rows()
        values: list = [s for s, _ in rows]
        labels = [label for _, label in rows]
        if steps:
            values.append("undo")
            labels.append(text("teach.undo", lang))
        if steps or self.raw["kind"] == "sudden_death":   # (its lasting rule may be all of it)
            values.insert(0, "done")
            labels.insert(0, text("teach.done", lang))
        values.append("by_hand")
        labels.append(text("teach.by_hand", lang))
        title = text("teach.ask.text", lang, n=len(steps) + 1)
        return Menu(title, labels, values, 0)

    def _param_prompt(self) -> Prompt:
        lang = self.lang
        assert self.pending is not None and self.param is not None
        choices = spec(self.pending["do"], self.param)
        title = step_label({"do": self.pending["do"]}, lang)
        if choices and choices[0] == "list":
            values = list(choices[1])
            return Ticks(title, [choice_label(self.param, v, lang) for v in values], values,
                         text("teach.done", lang))
        if choices and choices[0] == "number":
            numbers = list(range(choices[1], min(choices[2], choices[1] + 9) + 1))
            return Menu(title, [str(n) for n in numbers], numbers)
        values = [v for v in choices if self._works({**self.pending, self.param: v})]
        return Menu(title, [choice_label(self.param, v, lang) for v in values], values)

    def _marked(self) -> int | None:
        """The row of the line to change after a refusal (None: none)."""
        part = self.refused.part if self.refused is not None else None
        return max((i for i, (p, _) in enumerate(parts(self.raw, self.lang)) if p == part),
                   default=None)

    def _check_menu(self) -> Menu:
        """The card a line each part, Save last; after a refusal, the line to change marked
        "✗" and under the cursor (OK there: back to the screen that told it).  A line too
        long for its two rows ends "…"; OK on it shows it whole (:meth:`_whole`)."""
        marked = self._marked()
        labels = self._labels(marked)
        values: list = ["fix" if i == marked else ("line", i) for i in range(len(labels))]
        cursor = self.reading if self.reading is not None else marked
        return Menu(text("teach.ask.check", self.lang),
                    [screens.menu_item(label) for label in labels] + [text("teach.save", self.lang)],
                    values + ["save"], len(values) if cursor is None else cursor)

    def _labels(self, marked: int | None) -> list[str]:
        """The check screen's lines whole, the one to change (row ``marked``) marked."""
        return [("✗ " + line) if i == marked else line
                for i, (_, line) in enumerate(parts(self.raw, self.lang))]

    def _cut(self, row: int) -> bool:
        """Whether the check screen's ``row`` is cut short (its line said whole elsewhere)."""
        label = self._labels(self._marked())[row]
        return screens.menu_item(label) != label

    def _whole(self) -> Prompt:
        """A line of the check screen said whole, a row a piece (an action line: a symbol a
        row, numbered left to right), the last row what OK does: back to the card, or for
        the line to change, to the screen that told it."""
        assert self.reading is not None
        lang = self.lang
        part, line = parts(self.raw, lang)[self.reading]
        if part == "action":
            rows = [f"{n}. {text(f'teach.symbol.{s}', lang)}"
                    for n, s in enumerate(self.raw.get("action", ()), 1)]
        else:
            rows = wrap(line, font(12), WIDTH - 2)[0]
        fix = self.reading == self._marked()
        last = text("teach.whole.fix" if fix else "teach.whole.back", lang)
        return Menu(text("teach.whole.title", lang), rows + [last],
                    ["fix" if fix else "back"] * (len(rows) + 1))

    def _refused(self) -> Prompt:
        assert self.refused is not None
        why = self.refused
        return Notice(lambda view: refused_screen(why, view.lang))

    # -- the answers -------------------------------------------------------------------------
    def _go(self, stage: str) -> None:
        self.stage = stage
        self.prompt = self._make()

    def _push(self) -> None:
        self.history.append((self.stage, copy.deepcopy(self.raw), copy.deepcopy(self.pending),
                             self.param))

    def back(self) -> bool:
        """One screen back; False when there is none (the walk is left)."""
        if self.stage in ("refused", "whole"):   # (read: the check again)
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
        self._push()
        self.reading = None
        handler: Callable[[Any], Result | None] = getattr(self, f"_on_{s}")
        return handler(value)

    def _on_check(self, value) -> Result | None:
        """OK on the check screen (or on a line said whole): save, change the marked line,
        read a line cut short whole, or back to the card."""
        if value == "save":
            return self._finish()
        row = value[1] if isinstance(value, tuple) else self._marked()
        if self.stage == "check" and row is not None and self._cut(row):
            self.reading = row
            self._go("whole")
        elif value == "fix" and self.refused is not None:
            self.stage, self.reading = "check", None
            self._rewind(self.refused.stage)
        elif self.stage == "whole":
            self._go("check")
        return None

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
        raw.pop("range", None)
        raw["target"] = value
        if value is None:
            raw.pop("accuracy", None)
            self._go("action")
        elif value in ("within", "direct_within"):
            raw["range"] = 2
            self._go("range")
        else:
            self._go("accuracy")

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
        steps = self.raw.setdefault(self._field(), [])
        if value == "by_hand":
            return self._by_hand()
        if value == "done":
            self._go("check")
        elif value == "undo":
            steps.pop()
            self._go("text")
        else:
            self._add_step(dict(value))
        return None

    def _add_step(self, step: dict) -> None:
        for key in asked(step["do"]):
            if key not in step and spec(step["do"], key)[:1] == ("text",):
                step[key] = text("teach.by_hand", self.lang)   # (no typing on the box)
        missing = [k for k in asked(step["do"]) if k not in step]
        if missing:
            self.pending, self.param = step, missing[0]
            self._go("param")
            return
        self.raw.setdefault(self._field(), []).append(step)
        self.pending = self.param = None
        self._go("text")

    def _on_param(self, value) -> None:
        assert self.pending is not None and self.param is not None
        step = dict(self.pending)
        step[self.param] = list(value) if isinstance(value, tuple) else value
        self._add_step(step)

    def _by_hand(self) -> Result | None:
        """The text is the players' to resolve: with a ``by_hand`` step in the vocabulary the
        card says so itself; otherwise the card is handed back as far as it was told."""
        raw = copy.deepcopy(self.raw)
        if "by_hand" in STEP_KINDS:
            self._add_step({"do": "by_hand"})
            return None
        return Result(raw, by_hand=True)

    def _finish(self) -> Result | None:
        card, problems = authoring.check(self.raw, self.known, source="card")
        if card is None:                         # said on a screen of its own, then marked
            self.problems = problems
            self.refused = refusal(self.raw, self._field())
            log.info("the card taught cannot be saved: %s", "; ".join(problems))
            self._go("refused")
            return None
        return Result(copy.deepcopy(self.raw))


#: the walk's stages and the prompt each asks with (the check, for every other stage)
_STAGES: dict[str, Callable[[Walk], Prompt]] = {
    "start": Walk._ask_start, "kind": Walk._ask_kind, "target": Walk._ask_target,
    "range": Walk._ask_range, "accuracy": Walk._ask_accuracy, "action": Walk._ask_action,
    "symbols": Walk._ask_symbols, "lasting": Walk._ask_lasting, "text": Walk._text_menu,
    "param": Walk._param_prompt, "refused": Walk._refused, "whole": Walk._whole}


__all__ = ["LINES", "Result", "TARGETS", "Ticks", "Walk", "line_label", "names", "step_label",
           "summary", "target_label"]
