"""The card library: card files (TOML) read and checked (the `worms-table cards` command is table.commands.cards).

The shipped cards live in ``table/cards/data/``.  An owner adds their other physical cards as
more files: every ``*.toml`` in the folders named by ``WORMS_TABLE_CARDS`` (separated by
``os.pathsep``) joins the library.  The schema is in docs/cards.md.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from table import filetext
from table.engine.cards import (CARD_KINDS, PLACE_AT, STEP_KINDS, SYMBOLS, Card, play_card,
                                resolve_drop)
from table.engine.decisions import Purpose
from table.engine.effects import RULES
from table.engine.board import KINDS
from table.engine.targeting import TARGET_RULES
from table.langs import LANGS

__all__ = ["Card", "CardError", "library", "load_file", "play_card", "resolve_drop"]

CARD_KEYS = {"id", "kind", "names", "target", "range", "accuracy", "action", "text", "lasting",
             "drop", "notes", "copies"}
PURPOSES = frozenset(p.value for p in Purpose)
#: keys each text step may have, besides ``do``
STEP_KEYS = {
    "blast": set(), "change_wind": set(), "scatter": set(), "move_worm": set(),
    "new_target": set(), "damage": {"pick"}, "remove": {"kinds"}, "place": {"kind", "at"},
    "rule": {"rule"}, "freeze": set(),
}


class CardError(Exception):
    """One or more problems in card files; ``problems`` lists each as one line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def _where(source: str, card_id: str | None, field: str) -> str:
    return f"{source}: card {card_id or '?'}: {field}"


def parse_card(raw, source: str, index: int) -> tuple[Card | None, list[str]]:
    """Check one card table; return the card (or None) and every problem found."""
    problems: list[str] = []
    if not isinstance(raw, dict):
        return None, [f"{source}: cards[{index}]: expected a table"]
    cid = raw.get("id")
    label = cid if isinstance(cid, str) else f"#{index + 1}"

    def bad(field: str, what: str) -> None:
        problems.append(f"{_where(source, label, field)}: {what}")

    for key in sorted(set(raw) - CARD_KEYS):
        bad(key, f"unknown field (fields: {', '.join(sorted(CARD_KEYS))})")
    if not isinstance(cid, str) or not cid.replace("_", "").isalnum() or cid != cid.lower():
        bad("id", "needs a lower-case id of letters, digits and _")
    elif cid in PURPOSES or cid == "pass":
        bad("id", f"{cid!r} is a word the game's decisions use; give the card another id "
                  f"(e.g. {cid}_card)")
    kind = raw.get("kind")
    if kind not in CARD_KINDS:
        bad("kind", f"{kind!r} is not one of {', '.join(CARD_KINDS)}")
    names = raw.get("names")
    if not isinstance(names, dict) or not isinstance(names.get("en"), str):
        bad("names", "needs at least an English name: names = { en = \"...\" }")
        names = {}
    else:
        for lang, name in names.items():
            if lang not in LANGS or not isinstance(name, str) or not name:
                bad(f"names.{lang}", f"languages are {', '.join(LANGS)}, each a non-empty name")
    target = raw.get("target")
    if target is not None and (not isinstance(target, str) or target not in TARGET_RULES):
        bad("target", f"{target!r} is not a target rule ({', '.join(TARGET_RULES)})")
        target = None
    rng = raw.get("range")
    if target in ("within", "direct_within"):
        if not isinstance(rng, int) or isinstance(rng, bool) or rng < 0:
            bad("range", f"target {target} needs range = N (a whole number)")
    elif rng is not None:
        bad("range", "only the within and direct_within targets take a range")
    acc = raw.get("accuracy")
    if acc is not None and (not isinstance(acc, int) or isinstance(acc, bool) or acc < 1):
        bad("accuracy", "must be a whole number of 1 or more")
    if acc is not None and target is None:
        bad("accuracy", "a card without a target cannot have Accuracy")
    weapon = kind in ("starter", "supply", "superweapon")
    action = raw.get("action", [])
    if not isinstance(action, list) or any(s not in SYMBOLS for s in action):
        bad("action", f"a list of symbols from {', '.join(SYMBOLS)}")
        action = []
    elif weapon and not action:
        bad("action", "a weapon card needs an action line, e.g. [\"TEXT\"]")
    elif not weapon and action:
        bad("action", "only weapon cards have an action line")
    text = _steps(raw.get("text", []), "text", bad)
    drop = _steps(raw.get("drop", []), "drop", bad)
    lasting = raw.get("lasting")
    if kind == "sudden_death":
        if lasting not in RULES:
            bad("lasting", f"a Sudden Death card needs a lasting rule ({', '.join(RULES)})")
        if text:
            bad("text", "a Sudden Death card has a lasting rule and a drop part, not text")
    else:
        if lasting is not None:
            bad("lasting", "only Sudden Death cards have a lasting rule")
        if drop:
            bad("drop", "only Sudden Death cards have a drop part")
        if "TEXT" in action and not text:
            bad("text", "the action line has TEXT but the card has no text")
    if weapon and target is None and any(s["do"] in ("blast", "damage", "remove", "move_worm")
                                         for s in text if isinstance(s, dict)):
        bad("target", "the text acts on the target hex, so the card needs a target rule")
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
        bad("copies", "how many of this card the box holds: a whole number, 1 or more")
    notes = raw.get("notes", "")
    if problems:
        return None, problems
    return Card(id=cid, kind=kind, names=dict(names), target=target, range=rng, accuracy=acc,
                action=tuple(action), text=tuple(text), lasting=lasting, drop=tuple(drop),
                notes=notes if isinstance(notes, str) else "", source=source,
                copies=copies), []


def _steps(raw, field: str, bad) -> list[dict]:
    if not isinstance(raw, list):
        bad(field, "a list of steps, e.g. [{ do = \"blast\" }]")
        return []
    out = []
    for i, step in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(step, dict) or step.get("do") not in STEP_KINDS:
            bad(where, f"each step needs do = one of {', '.join(STEP_KINDS)}")
            continue
        do = step["do"]
        for key in sorted(set(step) - STEP_KEYS[do] - {"do"}):
            bad(f"{where}.{key}", f"a {do} step takes {', '.join(sorted(STEP_KEYS[do])) or 'nothing more'}")
        if do == "damage" and step.get("pick", "one") not in ("one", "all"):
            bad(f"{where}.pick", "one or all")
        if do == "remove":
            kinds = step.get("kinds")
            if not isinstance(kinds, list) or not kinds or any(k not in KINDS for k in kinds):
                bad(f"{where}.kinds", f"a list of Thing kinds ({', '.join(KINDS)})")
        if do == "place":
            if step.get("kind") not in KINDS or step.get("kind") == "worm":
                bad(f"{where}.kind", "a kind of Thing from the pool (not worm)")
            if step.get("at", "target") not in PLACE_AT:
                bad(f"{where}.at", f"one of {', '.join(PLACE_AT)}")
        if do == "rule" and step.get("rule") not in RULES:
            bad(f"{where}.rule", f"one of {', '.join(RULES)}")
        out.append(dict(step))
    return out


def read_toml(path: str | Path, source: str, error: type[CardError] = CardError) -> dict:
    """An owner's TOML file (cards, tiles) as data, or ``error`` naming why it cannot be read."""
    try:
        return filetext.read_toml(path)
    except OSError as err:
        raise error([f"{source}: cannot read: {err.strerror}"]) from None
    except filetext.Unreadable as err:       # not UTF-8 or TOML, too deep, a huge integer
        raise error([f"{source}: {err}"]) from None


def load_file(path: str | Path, label: str | None = None) -> list[Card]:
    """Read and check one card file; raise CardError listing every problem."""
    source = label or str(path)
    return _parse_cards(read_toml(path, source), source)


def _parse_cards(data: dict, source: str) -> list[Card]:
    problems = [f"{source}: unknown top-level key {k!r} (a card file holds [[cards]] tables)"
                for k in data if k != "cards"]
    raw = data.get("cards", [])
    if not isinstance(raw, list):
        raise CardError([f"{source}: cards must be [[cards]] tables"])
    cards = []
    seen = set()
    for i, item in enumerate(raw):
        card, errs = parse_card(item, source, i)
        problems.extend(errs)
        if card is not None:
            if card.id in seen:
                problems.append(f"{source}: card {card.id}: id: used twice in this file")
            seen.add(card.id)
            cards.append(card)
    if problems:
        raise CardError(problems)
    return cards


def default_folder() -> Path:
    """The owner's card folder when ``WORMS_TABLE_CARDS`` is not set at all:
    ``$XDG_CONFIG_HOME/worms-table/cards`` (``~/.config/worms-table/cards``), where
    ``worms-table cards new`` writes (table/cards/authoring.py)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "worms-table" / "cards"


#: Owner's files left out of the library, as they were then (size, mtime): a file that does not
#: load is named and left out by the daemon (table/app/state.py) while the rest of its folder
#: is read (and written) as before; once the file changes it is read again.
_left_out: dict[Path, tuple[int, int]] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def leave_out(path: str | Path) -> None:
    """Leave the owner's file ``path`` out of :func:`user_files` until it changes."""
    stamp = _stamp(Path(path))
    if stamp is not None:
        _left_out[Path(path)] = stamp


def user_files() -> list[Path]:
    """The owner's card files: WORMS_TABLE_CARDS' folders and files, else the default folder
    (less those left out, see :func:`leave_out`)."""
    env = os.environ.get("WORMS_TABLE_CARDS")
    files: list[Path] = []
    if env is None:                          # unset (not empty): the default folder, if any
        folder = default_folder()
        files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    for entry in filter(None, (env or "").split(os.pathsep)):
        p = Path(entry)
        files.extend(sorted(p.glob("*.toml")) if p.is_dir() else [p])
    return [f for f in files if f not in _left_out or _left_out[f] != _stamp(f)]


@lru_cache(maxsize=None)
def _builtin() -> tuple[Card, ...]:
    cards = []
    for res in sorted(resources.files("table.cards").joinpath("data").iterdir(), key=lambda p: p.name):
        if res.name.endswith(".toml"):
            cards.extend(_parse_cards(tomllib.loads(res.read_text(encoding="utf-8")),
                                      f"table/cards/data/{res.name}"))
    return tuple(cards)


def library(extra: list[Path] | None = None) -> dict[str, Card]:
    """Every card by id: the shipped ones, then the owner's (which may not reuse an id)."""
    cards = {c.id: c for c in _builtin()}
    problems = []
    for path in (user_files() if extra is None else extra):
        for card in load_file(path):
            if card.id in cards:
                problems.append(f"{path}: card {card.id}: id: already in the library "
                                f"({cards[card.id].source})")
            else:
                cards[card.id] = card
    if problems:
        raise CardError(problems)
    return cards
