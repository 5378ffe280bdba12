"""The one card validator: a card table (a card file's ``[[cards]]``, the answers of
``worms-table cards new``, the page's card form, a scenario file's ``[[cards]]``, a card kept in
a game's journal) checked field by field against the vocabulary
(:mod:`table.engine.vocabulary`) and its bounds, and turned into a
:class:`~table.engine.vocabulary.Card`; and a card back into that table (:func:`card_table`).

>>> card, problems = parse_card({"id": "pea", "kind": "supply", "names": {"en": "Pea"},
...     "target": "adjacent", "action": ["TEXT"], "text": [{"do": "blast"}]}, "x.toml", 0)
>>> problems, card.target, card_table(card)["text"]
([], 'adjacent', [{'do': 'blast'}])
>>> parse_card({"id": "bаzooka", "kind": "supply"}, "x.toml", 0)[1][0]
'x.toml: card bаzooka: id: needs an id of 1 to 40 ASCII lower-case letters, digits and _'
"""

from __future__ import annotations

import re
from typing import Any, Callable

from table.engine.decisions import PASS, Purpose
from table.engine.effects import RULES
from table.engine.reach import LINES
from table.engine.vocabulary import (CARD_KINDS, CARD_STEPS, MAX_ACCURACY, MAX_COPIES, MAX_ID,
                                     MAX_NAME, MAX_NOTES, MAX_RANGE, MAX_STEPS, MAX_SYMBOLS,
                                     RANGED, SYMBOLS, TARGETS, WEAPON_KINDS, WHERE, Card,
                                     Param, needs_target)
from table.langs import LANGS

CARD_KEYS = ("id", "kind", "copies", "names", "target", "range", "where", "accuracy", "action",
             "text", "lasting", "drop", "notes")
ID_RE = re.compile(r"[a-z0-9_]{1,%d}" % MAX_ID, re.ASCII)
#: words the game's decisions use: a card may not be called one
RESERVED = frozenset(p.value for p in Purpose) | {PASS}

Bad = Callable[[str, str], None]


def _where(source: str, card_id: str | None, field: str) -> str:
    return f"{source}: card {card_id or '?'}: {field}"


def whole(v: Any, lo: int, hi: int) -> bool:
    """``v`` is a whole number (not a bool) from ``lo`` to ``hi``."""
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def id_problem(cid: Any) -> str | None:
    """What is wrong with ``cid`` as a card id, or None."""
    if not isinstance(cid, str) or not ID_RE.fullmatch(cid):
        return f"needs an id of 1 to {MAX_ID} ASCII lower-case letters, digits and _"
    if cid in RESERVED:
        return (f"{cid!r} is a word the game's decisions use; give the card another id "
                f"(e.g. {cid}_card)")
    return None


def name_problem(name: Any) -> str | None:
    """What is wrong with ``name`` as a card's printed name, or None."""
    if not isinstance(name, str) or not name.strip():
        return "a name, as printed"
    if len(name) > MAX_NAME:
        return f"at most {MAX_NAME} characters (this one has {len(name)})"
    if not name.isprintable():
        return "one line of printable characters"
    return None


def _names(raw: dict, bad: Bad) -> dict[str, str]:
    names = raw.get("names")
    if not isinstance(names, dict) or "en" not in names:
        bad("names", "needs at least an English name: names = { en = \"...\" }")
        return {}
    for lang, name in names.items():
        if lang not in LANGS:
            bad(f"names.{lang}", f"languages are {', '.join(LANGS)}")
        elif (why := name_problem(name)) is not None:
            bad(f"names.{lang}", why)
    return {k: v for k, v in names.items() if isinstance(v, str)}


#: the kinds of card that aim nowhere: no action line, no target, no Target Token of their own
AIMLESS = {"drop": "a Drop card", "sudden_death": "a Sudden Death card"}
#: the fields of a card's target: what an aimless card cannot have
TARGET_FIELDS = ("target", "range", "where", "accuracy")


def _aimless(raw: dict, kind: str | None, bad: Bad) -> bool:
    """A Drop or Sudden Death card: each target field it gives is refused, naming its value
    (the prints give these cards no action line and no target).  True for such a card."""
    if kind not in AIMLESS:
        return False
    for key in TARGET_FIELDS:
        if key in raw:
            bad(key, f"{AIMLESS[kind]} has no target: it aims nowhere and puts no Target Token "
                     f"down; remove {key} = {_shown(raw[key])}")
    return True


def _shown(v: Any) -> str:
    """A field's value as a card file writes it (TOML for the plain values it holds)."""
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, list):
        return "[" + ", ".join(_shown(x) for x in v) + "]"
    return repr(v)


def _target(raw: dict, bad: Bad) -> tuple[str | None, int | None, tuple[str, ...]]:
    target = raw.get("target")
    if target is not None and target not in TARGETS:
        bad("target", f"{target!r} is not a target rule ({', '.join(TARGETS)})")
        target = None
    rng = raw.get("range")
    if target in RANGED:
        if not whole(rng, 0, MAX_RANGE):
            bad("range", f"target {target} needs range = N, a whole number from 0 to "
                         f"{MAX_RANGE} (the farthest a hex can be on the box's map)")
    elif rng is not None:
        bad("range", "only the within and direct_within targets take a range")
    where = raw.get("where", [])
    if not isinstance(where, list) or any(w not in WHERE for w in where):
        bad("where", f"a list of hex terms from {', '.join(WHERE)}")
        where = []
    elif where and raw.get("target") is None:
        bad("where", "hex terms narrow a target: the card needs a target rule")
    return target, rng, tuple(where)


def _accuracy(raw: dict, bad: Bad) -> int | None:
    acc = raw.get("accuracy")
    if acc is None:
        return None
    if not whole(acc, 1, MAX_ACCURACY):
        bad("accuracy", f"Accuracy X: a whole number from 1 to {MAX_ACCURACY}")
    elif raw.get("target") is None:
        bad("accuracy", "a card without a target cannot have Accuracy")
    return acc


def _action(raw: dict, kind: str | None, bad: Bad) -> list[str]:
    action = raw.get("action", [])
    if not isinstance(action, list) or any(s not in SYMBOLS for s in action):
        bad("action", f"a list of symbols from {', '.join(SYMBOLS)}")
        return []
    if len(action) > MAX_SYMBOLS:
        bad("action", f"at most {MAX_SYMBOLS} symbols")
    elif kind in WEAPON_KINDS and not action:
        bad("action", "a weapon card needs an action line, e.g. [\"TEXT\"]")
    elif kind in AIMLESS and action:
        bad("action", "only weapon cards have an action line")
    return action


def param_problem(p: Param, value: Any) -> str | None:
    """What is wrong with ``value`` for a step's parameter ``p``, or None."""
    if p.many:
        if not isinstance(value, list) or not value or any(v not in p.choices for v in value):
            return f"a list of one or more of {', '.join(p.choices)}"
    elif p.choices:
        if value not in p.choices:
            return f"one of {', '.join(p.choices)}"
    elif p.number is not None:
        lo, hi = p.number
        if not whole(value, lo, hi):
            return f"a whole number from {lo} to {hi}"
    elif not isinstance(value, str) or not value.strip() or len(value) > p.text \
            or not value.isprintable():
        return f"one line of text, at most {p.text} characters"
    return None


def check_steps(raw: Any, field: str, bad: Bad) -> list[dict]:
    """A list of text steps, each checked against its record in
    :data:`~table.engine.vocabulary.CARD_STEPS`."""
    if not isinstance(raw, list):
        bad(field, "a list of steps, e.g. [{ do = \"blast\" }]")
        return []
    if len(raw) > MAX_STEPS:
        bad(field, f"at most {MAX_STEPS} steps")
        return []
    out = []
    for i, step in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(step, dict) or not isinstance(step.get("do"), str) \
                or step["do"] not in CARD_STEPS:
            bad(where, f"each step needs do = one of {', '.join(CARD_STEPS)}")
            continue
        params = CARD_STEPS[step["do"]].params
        for key in sorted(set(step) - set(params) - {"do"}, key=str):
            bad(f"{where}.{key}", f"a {step['do']} step takes "
                                  f"{', '.join(params) or 'nothing more'}")
        for key, p in params.items():
            if key not in step:
                if p.default is None:
                    bad(f"{where}.{key}", f"a {step['do']} step needs {key}")
            elif (why := param_problem(p, step[key])) is not None:
                bad(f"{where}.{key}", why)
        out.append(dict(step))
    _said_together(out, field, bad)
    return out


def _said_together(steps: list[dict], field: str, bad: Bad) -> None:
    """What a step's words need from the rest of its text: "them" (``what`` or ``at``) an
    earlier step that acts on Things; a ``length`` a line area."""
    named = False
    for i, step in enumerate(steps):
        rec = CARD_STEPS[step["do"]]
        for key in ("what", "at"):
            if step.get(key) == "them" and not named:
                bad(f"{field}[{i}].{key}", '"them" is what an earlier step of this text acted '
                    "on, and no step before it acts on a Thing: put the step that does first "
                    "(damage, move, remove, place, scatter, knockback, heal, move_worm)")
        if "length" in step and step.get("area") not in LINES:
            bad(f"{field}[{i}].length", f"a length is for a line: give area = one of "
                f"{', '.join(LINES)} (or leave length out)")
        named = named or rec.names_them


def _kind_rules(raw: dict, kind: str | None, action: list[str], text: list[dict], drop: list[dict],
                bad: Bad, kept: bool = False) -> str | None:
    """What a card's kind allows of its lasting rule, text, drop part and steps (a kind not
    known: only what holds for every kind)."""
    lasting = raw.get("lasting")
    if kind == "sudden_death":
        if lasting is None:
            bad("lasting", f"a Sudden Death card needs a lasting rule ({', '.join(RULES)})")
        elif not isinstance(lasting, str) or lasting not in RULES:
            bad("lasting", f"{_shown(lasting)} is not a lasting rule ({', '.join(RULES)})")
        if raw.get("text"):
            bad("text", "a Sudden Death card has a lasting rule and a drop part, not text")
        if not kept:
            _aimless_steps(drop, "drop", kind, bad)
        return lasting
    if kind is not None:
        if lasting is not None:
            bad("lasting", "only Sudden Death cards have a lasting rule")
        if raw.get("drop"):
            bad("drop", "only Sudden Death cards have a drop part")
    if "TEXT" in action and not raw.get("text"):
        bad("text", "the action line has TEXT but the card has no text")
    if kept:
        return None
    if kind in AIMLESS:
        _aimless_steps(text, "text", kind, bad)
    elif kind in WEAPON_KINDS and raw.get("target") is None:
        if any(needs_target(s) for s in text):
            bad("target", "the text acts on the target hex, so the card needs a target rule")
        elif not all(works_without_target(s) for s in text):
            bad("target", "new_target aims again under the card's target rule, so the card "
                          "needs a target rule")
    return None


def works_without_target(step: dict) -> bool:
    """Whether ``step`` can be on a card with no target rule (a Drop or Sudden Death card, or
    a weapon without one): it neither acts at the Target Token
    (:func:`~table.engine.vocabulary.needs_target`) nor aims again (``new_target``)."""
    return not needs_target(step) and step["do"] != "new_target"


def _aimless_steps(steps: list[dict], field: str, kind: str, bad: Bad) -> None:
    """A Drop or Sudden Death card's steps that act at the Target Token, or aim again."""
    for i, step in enumerate(steps):
        if needs_target(step):
            bad(f"{field}[{i}]", f"{AIMLESS[kind]} has no target, so this {step['do']} step has "
                                 f"no Target Token to act at; {_elsewhere(step)}")
        elif step["do"] == "new_target":
            bad(f"{field}[{i}]", f"{AIMLESS[kind]} has no target rule to aim again under; "
                                 "remove this new_target step")


def _elsewhere(step: dict) -> str:
    """How a step acting at the Target Token could act elsewhere, or else go."""
    record = CARD_STEPS[step["do"]]
    key = record.target.key if record.target is not None else None
    if key is None or record.target is None:
        return "remove it"
    other = [c for c in record.params[key].choices if c not in record.target.values]
    return f"give it {key} = " + " or ".join(f'"{c}"' for c in other) + ", or remove it"


def _notes(raw: dict, bad: Bad) -> str:
    notes = raw.get("notes", "")
    if not isinstance(notes, str) or len(notes) > MAX_NOTES or not all(
            c.isprintable() or c == "\n" for c in notes):
        bad("notes", f"free text, at most {MAX_NOTES} characters")
        return ""
    return notes


def parse_card(raw: Any, source: str, index: int,
               kept: bool = False) -> tuple[Card | None, list[str]]:
    """Check one card table; return the card (or None) and every problem found.  ``kept``:
    a card a game's journal kept, read back as it was played (a weapon with no target whose
    text places at or scatters the Target Token, which builds before 2026-11-26 accepted,
    still resumes: it acts where the token lies, or does nothing while none is)."""
    if not isinstance(raw, dict):
        return None, [f"{source}: cards[{index}]: expected a table"]
    problems: list[str] = []
    cid = raw.get("id")
    label = cid if isinstance(cid, str) and len(cid) <= MAX_ID else f"#{index + 1}"

    def bad(field: str, what: str) -> None:
        problems.append(f"{_where(source, label, field)}: {what}")

    for key in sorted(set(raw) - set(CARD_KEYS), key=str):
        bad(str(key), f"unknown field (fields: {', '.join(CARD_KEYS)})")
    if (why := id_problem(cid)) is not None:
        bad("id", why)
    kind = raw.get("kind")
    if kind not in CARD_KINDS:
        bad("kind", f"{kind!r} is not one of {', '.join(CARD_KINDS)}")
        kind = None                   # (what only a known kind decides is not said)
    names = _names(raw, bad)
    target: str | None = None
    rng: int | None = None
    where: tuple[str, ...] = ()
    acc: int | None = None
    if kept or not _aimless(raw, kind, bad):
        target, rng, where = _target(raw, bad)
        acc = _accuracy(raw, bad)
    action = _action(raw, kind, bad)
    # (a part the kind cannot have is refused whole by _kind_rules, its steps unread)
    text = check_steps(raw.get("text", []), "text", bad) if kind != "sudden_death" else []
    drop = (check_steps(raw.get("drop", []), "drop", bad)
            if kind in ("sudden_death", None) else [])
    lasting = _kind_rules(raw, kind, action, text, drop, bad, kept)
    copies = raw.get("copies", 1)
    if not whole(copies, 1, MAX_COPIES):
        bad("copies", f"how many of this card the box holds: a whole number from 1 to "
                      f"{MAX_COPIES}")
    notes = _notes(raw, bad)
    if problems:
        return None, problems
    assert isinstance(cid, str) and isinstance(kind, str)    # (id_problem, CARD_KINDS: checked)
    return Card(id=cid, kind=kind, names=names, target=target, range=rng, accuracy=acc,
                action=tuple(action), text=tuple(text), lasting=lasting, drop=tuple(drop),
                notes=notes, source=source, copies=copies, where=where), []


def card_table(card: Card) -> dict[str, Any]:
    """``card`` as the table a card file holds (``parse_card`` reads it back to the same card)."""
    out: dict[str, Any] = {"id": card.id, "kind": card.kind, "copies": card.copies,
                           "names": dict(card.names)}
    optional = {"target": card.target, "range": card.range, "where": list(card.where),
                "accuracy": card.accuracy, "action": list(card.action),
                "text": [dict(s) for s in card.text], "lasting": card.lasting,
                "drop": [dict(s) for s in card.drop], "notes": card.notes}
    out.update({k: v for k, v in optional.items() if v not in (None, "", [])})
    return out
