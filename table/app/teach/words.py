"""The words of the teach walk (table/app/teach/walk.py): a card's parts as the OLED says them.

Each line of card text in the screen's words ("Damage all", "Place a Mine: target"), a target
symbol, an action line, the summary the check screen lists; the names a taught card gets.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from table.cards import authoring
from table.engine.reach import value
from table.engine.vocabulary import CARD_STEPS, WEAPON_KINDS
from table.langs import LANGS
from table.ui.strings import MissingString, text


#: the parameters that say where a step acts and on what (the reach screen's, where the step
#: does not ask them already: table/app/teach/where.py)
KEYS = ("what", "at", "area", "pick")
_OWN = {"hex": "own_hex", "around": "own_around", "hex_and_around": "own_hex_and_around"}


def reach_keys(step: dict) -> tuple[str, ...]:
    """The parameters of ``step`` that say where it acts and on what, and that its own
    questions do not ask."""
    params = CARD_STEPS[step["do"]].params
    return tuple(k for k in KEYS if k in params and not params[k].asked)


def meaning(step: dict) -> str | None:
    """What ``step`` reaches, in the reach screen's names (None: nothing it can say)."""
    rec = CARD_STEPS[step["do"]]
    what = value(rec, step, "what", "things")
    if what in ("target", "worm", "them"):
        return {"target": "token", "worm": "worm", "them": "them"}[what]
    at, area = value(rec, step, "at", "target"), value(rec, step, "area", "hex")
    if at == "them":
        return "their_hex" if area == "hex" else None
    name = _OWN.get(area) if at == "own_hex" else area
    if "pick" in reach_keys(step):          # one Thing, or every Thing (the areas: every one)
        pick = rec.value(step, "pick")
        if at == "target" and area == "hex":
            return pick
        return name if pick == "all" else None
    return name


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


def step_label(step: dict, lang: str, default: bool = True) -> str:
    """One line of card text in the screen's words ("Damage all", "Place a Mine: target");
    ``default``: where it acts said even when that is its default other than the target hex
    ("Knockback: every Thing in target"; not on the text menu's rows)."""
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
    reach = [k for k in reach_keys(step) if k in step]
    for key, v in step.items():
        if key == "do" or key in reach or key == "length":
            continue
        if isinstance(v, list):
            extra.append(", ".join(choice_label(key, x, lang) for x in v))
        else:
            extra.append(choice_label(key, v, lang))
    name = meaning(step) if reach_keys(step) else None
    if (name in ("hex", "one") or not default) and not reach:
        name = None                         # (what the step's own words say already)
    if name is not None:
        extra.append(text(f"teach.reach.{name}", lang)
                     + (f" ×{step['length']}" if "length" in step else ""))
    elif reach:                             # (a card file may say what the walk does not)
        extra += [choice_label(k, step[k], lang) for k in reach]
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


__all__ = ["KEYS", "asked", "choice_label", "line_label", "meaning", "menu_choices", "names", "parts",
           "reach_keys", "spec", "step_label", "summary", "target_label"]
