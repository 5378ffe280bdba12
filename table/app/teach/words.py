"""The words of the teach walk (table/app/teach/walk.py): a card's parts as the OLED says them.

Each line of card text in the screen's words ("Damage all", "Place a Mine: target"), a target
symbol, an action line, the summary the check screen lists; the names a taught card gets.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from table.cards import authoring
from table.engine.vocabulary import WEAPON_KINDS
from table.langs import LANGS
from table.ui.strings import MissingString, text


def names(n: int) -> dict[str, str]:
    """The names of the ``n``-th card the box was taught, in every language ("Card 3"): the
    printed name cannot be typed on the buttons; the page's card form can rename it."""
    return {lang: text("teach.name", lang, n=n) for lang in LANGS}


def asked(do: str) -> tuple[str, ...]:
    """The parameters of step ``do`` the walk asks for, in order (the vocabulary's; the
    others keep their defaults)."""
    return tuple(authoring.ASKED.get(do, ()))


def spec(do: str, key: str) -> tuple:
    """How a parameter is asked: its choices, ``("list", choices)``, ``("number", lo, hi)``
    or ``("text", longest)`` (:data:`table.cards.authoring.STEP_PARAMS`)."""
    return tuple(authoring.STEP_PARAMS.get(do, {}).get(key, ()))


def menu_choices(do: str, key: str) -> tuple:
    """A parameter's choices when it is asked as a menu of them (else none: a list, a
    number or a line of text, :func:`spec`)."""
    choices = spec(do, key)
    return choices if choices and choices[0] not in ("list", "number", "text") else ()


def step_label(step: dict, lang: str) -> str:
    """One line of card text in the screen's words ("Damage all", "Place a Mine: target")."""
    do = step["do"]
    params = [k for k in step if k != "do"]
    if len(params) == 1 and isinstance(step[params[0]], str):
        try:                               # one small choice: its own words (Damage all)
            return text(f"teach.step.{do}.{step[params[0]]}", lang)
        except MissingString:
            pass
    try:
        label = text(f"teach.step.{do}", lang)
    except MissingString:                  # a step the vocabulary gained after these words
        label = do.replace("_", " ")
    extra = []
    for key, value in step.items():
        if key == "do":
            continue
        if isinstance(value, list):
            extra.append(", ".join(choice_label(key, v, lang) for v in value))
        else:
            extra.append(choice_label(key, value, lang))
    return f"{label}: {' · '.join(extra)}" if extra else label


def choice_label(key: str, value: Any, lang: str) -> str:
    """A parameter's value in words: a Thing kind, a lasting rule, one/all, where to place."""
    for k in (f"thing.{value}", f"rule.{value}", f"teach.{key}.{value}"):
        try:
            return text(k, lang)
        except MissingString:
            continue
    return str(value).replace("_", " ")


def target_label(target: str | None, rng: int | None, lang: str) -> str:
    if target is None:
        return text("teach.target.none", lang)
    try:
        return text(f"teach.target.{target}", lang, n=rng if rng is not None else "X")
    except MissingString:
        return target.replace("_", " ")


def line_label(line: tuple[str, ...] | list[str], lang: str) -> str:
    """An action line left to right ("Text → Move"); three or more of a symbol in a row
    counted ("Move ×9"), so a long line still fits the check screen's row."""
    words: list[str] = []
    for symbol, same in groupby(line):
        k, word = len(list(same)), text(f"teach.symbol.{symbol}", lang)
        words += [word] * k if k < 3 else [f"{word} ×{k}"]
    return " → ".join(words) if words else "—"


def parts(raw: dict, lang: str) -> list[tuple[str, str]]:
    """The card as the walk has it, a line each part, with the part it says (``kind``,
    ``target``, ``accuracy``, ``action``, ``lasting``, ``text``: a step of the text or of the
    drop part): what the check screen lists."""
    out = [("kind", text(f"teach.kind.{raw['kind']}", lang))]
    if raw.get("kind") in WEAPON_KINDS:
        out.append(("target", target_label(raw.get("target"), raw.get("range"), lang)))
        if raw.get("accuracy") is not None:
            out.append(("accuracy", text("teach.accuracy_n", lang, n=raw["accuracy"])))
        out.append(("action", line_label(raw.get("action", ()), lang)))
    if raw.get("lasting"):
        out.append(("lasting", choice_label("rule", raw["lasting"], lang)))
    for step in raw.get("text", ()) or raw.get("drop", ()):
        out.append(("text", step_label(step, lang)))
    return out


def summary(raw: dict, lang: str) -> list[str]:
    """The card as the walk has it, a line each part (:func:`parts`)."""
    return [line for _, line in parts(raw, lang)]


__all__ = ["asked", "choice_label", "line_label", "menu_choices", "names", "parts", "spec",
           "step_label", "summary", "target_label"]
