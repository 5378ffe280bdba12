"""The teach walk's screens: the question each stage of :class:`~table.app.teach.walk.Walk`
asks, made from where the walk is (the card told so far, the step being asked, a refusal).

Each screen starts on the likeliest answer and groups the usual choices (the common action
lines are one row each).  The text menu's rows come from the vocabulary's records
(:data:`~table.engine.vocabulary.CARD_STEPS`: each step's parameters, its place among the rows,
whether it needs the Target Token), so a step added there is offered here too (a card with no
target: not the steps that act at the Target Token); a parameter with a few choices is asked
as a menu, a list parameter (``kinds`` of Remove) as ticks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Protocol

from table.engine.board import THING_KINDS
from table.engine.effects import RULES
from table.engine.targeting import TARGET_RULES
from table.engine.vocabulary import CARD_STEPS, MAX_RANGE, WHERE
from table.fonts import font
from table.ui import scenes, screens
from table.ui.layout import WIDTH, wrap
from table.ui.strings import text

from table.app.asking.prompts import UP, Answer, Menu, Notice, Prompt, View, scroll
from table.app.teach.keyboard import Keyboard
from table.app.teach.likely import next_row
from table.app.teach.refusals import Refusal, refused_screen
from table.app.teach.where import ask_length, ask_reach, works
from table.app.teach.wording import ask_words
from table.app.teach.words import (asked, choice_label, line_label, menu_choices, parts, spec,
                                   step_label, target_label)


class Walk(Protocol):
    """What a question needs of the walk (:class:`table.app.teach.walk.Walk`): where it is."""
    lang: str
    kinds: tuple[str, ...]
    known: Mapping | None
    raw: dict[str, Any]
    stage: str
    pending: dict | None
    param: str | None
    refused: Refusal | None
    reading: int | None
    typed_name: str

    @property
    def steps_field(self) -> str: ...

#: the target symbols, the usual first (any rule the engine adds later comes after them)
TARGETS = ("direct", "any", "within", "direct_within", "adjacent", "own_hex", "airstrike",
           "new_hex")
#: the action lines most cards print, a row each; "symbols" spells one out symbol by symbol
LINES = (("TEXT",), ("TEXT", "MOVE"), ("MOVE", "TEXT"), ("TEXT", "TEXT"), ("TEXT", "PLAY"),
         ("MOVE", "TEXT", "MOVE"), ("TEXT", "TEXT", "TEXT"))
ACCURACY = (1, 2, 3, 4, 5, 6)
RANGES = tuple(range(1, MAX_RANGE + 1))   # (every range a card may print)


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

    def __init__(self, title: str, labels: list[str], values: list, done: str,
                 none_ok: bool = False):
        self.title, self.labels, self.values = title, labels, list(values)
        self.done = done
        self.none_ok = none_ok        # the last row finishes with none ticked too
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
                return Answer(tuple(self.ticked)) if self.ticked or self.none_ok else None
            value = self.values[self.cursor]
            if value in self.ticked:
                self.ticked.remove(value)
            else:
                self.ticked.append(value)
                self.cursor = len(self.values)       # one ticked: on to "done" at once
        elif event.name in UP:
            self.cursor = scroll(self.cursor, len(self.values) + 1, event.name)
        return None


def ask_start(w: Walk) -> Prompt:
    """Teach it, or not now; under them the lists' keys (2 and 5: four rows at once)."""
    title, rows = text("teach.title", w.lang), [text("teach.go", w.lang), text("teach.cancel", w.lang)]
    return Menu(title, rows, ["go", "cancel"],
                draw=lambda view, cursor: screens.explained_menu(title, rows,
                                                                 text("teach.keys", w.lang), cursor))


def ask_kind(w: Walk) -> Prompt:
    return Menu(text("teach.ask.kind", w.lang), [text(f"teach.kind.{k}", w.lang) for k in w.kinds],
                list(w.kinds), w.kinds.index(w.raw["kind"]))


def ask_target(w: Walk) -> Prompt:
    values: list = [t for t in TARGETS if t in TARGET_RULES]
    values += [t for t in TARGET_RULES if t not in values] + [None]
    current = w.raw.get("target", "direct")
    cur = values.index(current) if current in values else 0
    terms = w.raw.get("where", ())
    more = (text("teach.terms", w.lang) + ": " + ", ".join(choice_label("where", t, w.lang)
                                                            for t in terms)
            if terms else text("teach.terms", w.lang) + "…")
    return Menu(text("teach.ask.target", w.lang),
                [target_label(v, None, w.lang) for v in values] + [more], values + ["terms"],
                cur, lights=_target_lights)


def ask_terms(w: Walk) -> Prompt:
    """The target's hex terms (land, new, non-full, empty): ticks, then back to the target."""
    lang = w.lang
    ticks = Ticks(text("teach.terms", lang), [choice_label("where", t, lang) for t in WHERE],
                  list(WHERE), text("teach.done", lang), none_ok=True)
    ticks.ticked = list(w.raw.get("where", ()))
    return ticks


def ask_range(w: Walk) -> Prompt:
    return Menu(text("teach.ask.range", w.lang), [str(n) for n in RANGES], list(RANGES),
                RANGES.index(w.raw.get("range", 2)))


def ask_accuracy(w: Walk) -> Prompt:
    lang = w.lang
    values = [None, *ACCURACY]
    return Menu(text("teach.ask.accuracy", lang),
                [text("teach.accuracy_none", lang)] + [
                    text("teach.accuracy_n", lang, n=n) for n in ACCURACY], values,
                values.index(w.raw.get("accuracy")))


def ask_action(w: Walk) -> Prompt:
    lang = w.lang
    return Menu(text("teach.ask.action", lang),
                [line_label(line, lang) for line in LINES] + [text("teach.symbols", lang)],
                list(LINES) + ["symbols"])


def ask_symbols(w: Walk) -> Prompt:
    lang = w.lang
    line = w.raw.get("action", [])
    values = ["TEXT", "MOVE", "PLAY"] + (["done", "undo"] if line else [])
    labels = [text(f"teach.symbol.{v}", lang) for v in values[:3]]
    labels += [text("teach.done", lang), text("teach.undo", lang)] if line else []
    return Menu(f"{len(line) + 1}: " + line_label(line, lang)[-14:] if line
                else text("teach.ask.symbols", lang), labels, values)


def ask_lasting(w: Walk) -> Prompt:
    return Menu(text("teach.ask.lasting", w.lang),
                [choice_label("rule", r, w.lang) for r in RULES], list(RULES))


def step_rows(w: Walk) -> list[tuple[dict, str]]:
    """The text steps a card of this kind can have, the rows of the text menu in the records'
    ``teach_row`` order: a step with one small choice is a row per choice (Damage one / Damage
    all)."""
    rows: list[tuple[dict, str]] = []
    offered = sorted((s for s in CARD_STEPS.values() if s.teach_row is not None),
                     key=lambda s: s.teach_row or 0)
    for do in (s.name for s in offered):
        params = asked(do)
        if len(params) == 1:
            choices = menu_choices(do, params[0])
            if choices and len(choices) <= 3:
                for c in choices:
                    step = {"do": do, params[0]: c}
                    if works(w, step):
                        rows.append((step, step_label(step, w.lang)))
                continue
        if works(w, {"do": do}):
            rows.append(({"do": do}, step_label({"do": do}, w.lang, default=False)
                          + ("…" if params else "")))
    return rows


def text_menu(w: Walk) -> Prompt:
    lang = w.lang
    steps = w.raw.get(w.steps_field, [])
    rows = step_rows(w)
    values: list = [s for s, _ in rows]
    labels = [label for _, label in rows]
    if steps:
        values.append("undo")
        labels.append(text("teach.undo", lang))
    if steps or w.raw["kind"] == "sudden_death":   # (its lasting rule may be all of it)
        values.insert(0, "done")
        labels.insert(0, text("teach.done", lang))
    values.append("by_hand")                          # (the last row: "not listed")
    labels.append(text("teach.by_hand", lang))
    title = text("teach.ask.text", lang, n=len(steps) + 1)
    return Menu(title, labels, values, next_row(values, w.known, w.raw["kind"], steps))


def param_prompt(w: Walk) -> Prompt:
    lang = w.lang
    assert w.pending is not None and w.param is not None
    choices = spec(w.pending["do"], w.param)
    title = step_label({"do": w.pending["do"]}, lang, default=False)
    if choices and choices[0] == "list":
        values = list(choices[1])
        return Ticks(title, [choice_label(w.param, v, lang) for v in values], values,
                     text("teach.done", lang))
    if choices and choices[0] == "number":
        numbers = list(range(choices[1], min(choices[2], choices[1] + 9) + 1))
        return Menu(title, [str(n) for n in numbers], numbers)
    values = [v for v in choices if works(w, {**w.pending, w.param: v})]
    told = w.raw.get(w.steps_field, ())        # a second Place: on the same hex, likeliest
    again = "same" in values and any(s["do"] == w.pending["do"] for s in told)
    return Menu(title, [choice_label(w.param, v, lang) for v in values], values,
                values.index("same") if again else 0)


def ask_kinds(w: Walk) -> Prompt:
    """The kinds of Thing a line acts on (only Worms, say): ticks, then back to where."""
    assert w.pending is not None
    lang = w.lang
    return Ticks(step_label({"do": w.pending["do"]}, lang, default=False),
                 [choice_label("kinds", k, lang) for k in THING_KINDS], list(THING_KINDS),
                 text("teach.done", lang))


def marked(w: Walk) -> int | None:
    """The row of the line to change after a refusal (None: none)."""
    part = w.refused.part if w.refused is not None else None
    return max((i for i, (p, _) in enumerate(parts(w.raw, w.lang)) if p == part), default=None)


def labels(w: Walk, row: int | None) -> list[str]:
    """The check screen's lines whole, the one to change (``row``) marked."""
    return [("✗ " + line) if i == row else line for i, (_, line) in enumerate(parts(w.raw, w.lang))]


def cut(w: Walk, row: int) -> bool:
    """Whether the check screen's ``row`` is cut short (its line said whole elsewhere)."""
    label = labels(w, marked(w))[row]
    return screens.menu_item(label) != label


def check_menu(w: Walk) -> Prompt:
    """The card a line each part, Save last; after a refusal, the line to change marked
    "✗" and under the cursor (OK there: back to the screen that told it).  A line too
    long for its two rows ends "…"; OK on it shows it whole (:func:`whole`)."""
    row = marked(w)
    lines = labels(w, row)
    values: list = ["fix" if i == row else ("line", i) for i in range(len(lines))]
    cursor = w.reading if w.reading is not None else row
    name = w.raw["names"].get(w.lang) or next(iter(w.raw["names"].values()), "")
    return Menu(text("teach.ask.check", w.lang),
                [screens.menu_item(line) for line in lines]
                + [screens.menu_item(text("teach.name.row", w.lang, name=name)),
                   text("teach.save", w.lang)],
                values + ["name", "save"], len(values) + 1 if cursor is None else cursor)


def ask_name(w: Walk) -> Prompt:
    """The card's name typed on the buttons (the check screen's "Name:" row)."""
    return Keyboard(w.lang, text("teach.name.title", w.lang), w.typed_name)


def whole(w: Walk) -> Prompt:
    """A line of the check screen said whole, a row a piece (an action line: a symbol a
    row, numbered left to right), the last row what OK does: back to the card, or for
    the line to change, to the screen that told it."""
    assert w.reading is not None
    lang = w.lang
    part, line = parts(w.raw, lang)[w.reading]
    if part == "action":
        rows = [f"{n}. {text(f'teach.symbol.{s}', lang)}"
                for n, s in enumerate(w.raw.get("action", ()), 1)]
    else:
        rows = wrap(line, font(12), WIDTH - 2)[0]
    fix = w.reading == marked(w)
    last = text("teach.whole.fix" if fix else "teach.whole.back", lang)
    return Menu(text("teach.whole.title", lang), rows + [last],
                ["fix" if fix else "back"] * (len(rows) + 1))


def refused(w: Walk) -> Prompt:
    assert w.refused is not None
    why = w.refused
    return Notice(lambda view: refused_screen(why, view.lang))


#: the walk's stages and the question each asks (the check screen, for every other stage)
STAGES: dict[str, Callable[[Walk], Prompt]] = {
    "start": ask_start, "kind": ask_kind, "target": ask_target, "range": ask_range,
    "accuracy": ask_accuracy, "action": ask_action, "symbols": ask_symbols,
    "lasting": ask_lasting, "text": text_menu, "param": param_prompt, "refused": refused,
    "whole": whole, "name": ask_name, "terms": ask_terms, "reach": ask_reach, "kinds": ask_kinds,
    "length": ask_length, "words": ask_words}


def question(w: Walk) -> Prompt:
    """The prompt of the stage ``w`` is at (:data:`STAGES`; else the check screen)."""
    return STAGES.get(w.stage, check_menu)(w)


__all__ = ["ACCURACY", "LINES", "RANGES", "STAGES", "TARGETS", "Ticks", "check_menu", "cut",
           "marked", "question", "step_rows", "works"]
