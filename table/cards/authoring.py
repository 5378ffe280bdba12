"""Writing a new card file: the owner's card folder, the same checks as the library's, TOML out.

Used by ``worms-table cards new`` (questions on a terminal) and the simulator page's card form
(``POST /cards/check`` and ``/cards/new``): both hand in a card as plain data, the same table a
card file holds, and get back either the checked card or every problem, one line each.  The
form also renames a card of the owner's folder (``POST /cards/rename``: :func:`rename`), the
way a card taught on the box's buttons ("Card 3") gets its printed name.

The caller names the folder and the cards the id is checked against: a program writes through
its library (:meth:`~table.cards.cardlibrary.CardLibrary.write` and ``rename``, which read it
again); the owner's card folder is :func:`table.cards.owner_folder`.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from table import filetext
from table.engine.effects import RULES
from table.engine.vocabulary import (CARD_KINDS, CARD_STEPS, MAX_ACCURACY, MAX_COPIES, MAX_RANGE, PLACE_AT,
                                     STEP_KINDS, SYMBOLS, TARGETS, WEAPON_KINDS, WHERE,
                                     Param)

from .reading import CardError, load_file
from .schema import CARD_KEYS, LANGS, card_table, parse_card
from .schema import ID_RE, id_problem, name_problem

#: The target rules (a tuple; the engine's predicates are table.engine.targeting's).
TARGET_RULES = TARGETS


def _spec(p: Param) -> tuple:
    """A parameter as the questions ask it: its choices (the default first), ``("list",
    choices)`` for several, ``("number", lo, hi)``, ``("text", longest)``."""
    if p.many:
        return ("list", p.choices)
    if p.choices:
        return p.choices
    if p.number is not None:
        return ("number",) + p.number
    return ("text", p.text)


#: What each text step asks for besides ``do``, in order: the key and its spec (``_spec``);
#: made from the vocabulary's CARD_STEPS, the one list (so a new step reaches every form).
_PARAMS = {do: step.params for do, step in CARD_STEPS.items()}
STEP_PARAMS: dict[str, dict[str, tuple]] = {
    do: {key: _spec(p) for key, p in params.items()} for do, params in _PARAMS.items() if params}
#: The parameters a step may leave out (their default is used).
OPTIONAL: dict[str, frozenset[str]] = {
    do: frozenset(k for k, p in params.items() if p.default is not None)
    for do, params in _PARAMS.items()}
#: The parameters asked for every such step, in order; the others are extras (set only when
#: the card says so: ``cards new`` takes them as ``key=value`` on the step's line).
ASKED: dict[str, tuple[str, ...]] = {
    do: tuple(k for k, p in params.items() if p.asked) for do, params in _PARAMS.items()}
#: Each parameter's default (None: required).
DEFAULTS: dict[str, dict[str, object]] = {
    do: {k: p.default for k, p in params.items()} for do, params in _PARAMS.items()}
#: The order fields are written in a card file.
ORDER = CARD_KEYS

__all__ = ["ASKED", "DEFAULTS", "CARD_KEYS", "CARD_KINDS", "ID_RE", "LANGS", "MAX_ACCURACY", "MAX_COPIES",
           "MAX_RANGE", "OPTIONAL", "PLACE_AT", "RULES", "STEP_KINDS", "STEP_PARAMS", "SYMBOLS",
           "TARGET_RULES", "WEAPON_KINDS", "WHERE", "check", "id_problem", "name_problem", "rename",
           "line_of", "slug", "step_line", "to_toml", "write"]


def step_line(line: str) -> dict:
    """One text step as the page's card form takes it, a line each (``web/static/card-form.js``
    ``stepLines`` reads the same way): the step's name, then ``key=value`` words; a list's
    values joined by commas (``kinds=mine,fire``), a number as digits, and ``text=`` takes the
    rest of the line whole (``by_hand text=Flip the Danger Flipper``).

    >>> step_line("damage pick=one kinds=worm,oil_drum")
    {'do': 'damage', 'pick': 'one', 'kinds': ['worm', 'oil_drum']}
    >>> step_line("by_hand text=Each team skips a turn.  length=2")
    {'do': 'by_hand', 'text': 'Each team skips a turn.  length=2'}
    """
    head, _, rest = line.strip().partition(" ")
    step: dict = {"do": head}
    rest = rest.strip()
    while rest:
        if rest.startswith("text="):
            step["text"] = rest[len("text="):].strip()
            break
        word, _, rest = rest.partition(" ")
        rest = rest.strip()
        key, _, value = word.partition("=")
        many = STEP_PARAMS.get(head, {}).get(key, ("",))[0] == "list" or key == "kinds"
        step[key] = ([v for v in value.split(",") if v] if many
                     else int(value) if value.isascii() and value.isdigit() else value)
    return step


def line_of(step: dict) -> str:
    """A text step as a line of the card form (:func:`step_line` reads it back)."""
    words = [step["do"]]
    for key, value in step.items():
        if key not in ("do", "text"):
            words.append(f"{key}={','.join(value) if isinstance(value, list) else value}")
    if "text" in step:
        words.append(f"text={step['text']}")
    return " ".join(words)


def slug(name: str) -> str:
    """A card id from an English name: "Holy Hand Grenade" -> "holy_hand_grenade"."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower(), flags=re.ASCII).strip("_")[:40].rstrip("_")


def tidy(raw: dict) -> dict:
    """The card as a file holds it: empty answers left out, names without blanks."""
    out = {}
    for key, value in raw.items():
        if key == "names" and isinstance(value, dict):
            value = {lang: n.strip() for lang, n in value.items()
                     if isinstance(n, str) and n.strip()}
        if value in (None, "", [], {}):
            continue
        out[key] = value
    return out


def check(raw: dict, known: Mapping, source: str = "new card"):
    """``(card, problems)``: ``raw`` checked as a card file's table would be (the library's
    checks), and its id against the cards ``known`` (the library)."""
    raw = tidy(raw)
    card, problems = parse_card(raw, source, 0)
    cid = raw.get("id")
    if isinstance(cid, str) and cid in known:
        problems.append(f"{source}: card {cid}: id: already in the library "
                        f"({known[cid].source or 'shipped'}): choose another id")
    return (card if not problems else None), problems


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)      # a TOML basic string is JSON's
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} in a card file")


def to_toml(raw: dict, comment: str = "") -> str:
    """One card as the text of a card file (a single ``[[cards]]`` table)."""
    raw = tidy(raw)
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines.append("[[cards]]")
    for key in sorted(raw, key=lambda k: (ORDER.index(k) if k in ORDER else len(ORDER), k)):
        value = raw[key]
        if key in ("text", "drop") and value:
            lines.append(f"{key} = [")
            lines += [f"    {_value(step)}," for step in value]
            lines.append("]")
        else:
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"


def write(raw: dict, folder: Path, known: Mapping) -> Path:
    """Check ``raw``, write it to ``<folder>/<id>.toml`` and read the file back with the
    library's reader; raise :class:`CardError` with every problem, writing nothing."""
    folder = Path(folder)
    card, problems = check(raw, known)
    path = folder / f"{tidy(raw).get('id', '')}.toml"
    try:
        if card is not None and path.exists():
            problems = [f"{path}: a file of that name is there already: choose another id"]
    except OSError as err:                 # (a name too long for the file system)
        problems = [f"{path.name[:60]}...: {err.strerror}: choose a shorter id"]
    if problems:
        raise CardError(problems)
    body = to_toml(raw, "Written by worms-table cards new; the schema is in docs/cards.md.")
    try:
        tomllib.loads(body)
        filetext.write_atomic(path, body)   # synced, renamed into place: all or nothing
    except OSError as err:
        raise CardError([f"{path}: cannot write: {err.strerror}"]) from None
    load_file(path)                                  # the library reads it as written
    return path


def rename(card_id: str, names: dict, known: Mapping, folder: Path) -> Path:
    """Give card ``card_id`` of the owner's folder new ``names``: its file (written by
    :func:`write`, taught on the box, or by hand, with other cards and comments) is written
    again with only that card's names changed (tomlkit keeps the rest as it was); raise
    :class:`CardError` naming the problem, writing nothing.  The file's path."""
    import tomlkit                                 # (only a rename needs it)
    from tomlkit.exceptions import TOMLKitError

    card = known.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise CardError([f"no card {card_id!r} in the library"])
    path = Path(card.source) if card.source else None
    folder = Path(folder)
    if path is None or path.parent.resolve() != folder.expanduser().resolve():
        raise CardError([f"card {card_id}: not a card file of your own card folder ({folder}); "
                         "edit the card file it comes from instead"])
    raw = {**card_table(card), "names": names}
    others = {k: c for k, c in known.items() if k != card_id}
    checked, problems = check(raw, others, source=str(path))
    if checked is None:
        raise CardError(problems)
    try:
        doc = tomlkit.parse(filetext.read_text(path))
        entry = next(t for t in doc.get("cards", []) if t.get("id") == card_id)
    except (OSError, filetext.Unreadable, TOMLKitError, StopIteration, AttributeError) as err:
        raise CardError([f"{path}: cannot rename card {card_id} there ({err}); edit its "
                         "names in the file"]) from None
    table = tomlkit.inline_table()
    table.update(tidy({"names": names}).get("names", {}))
    entry["names"] = table
    try:
        filetext.write_atomic(path, tomlkit.dumps(doc))
    except OSError as err:
        raise CardError([f"{path}: cannot write: {err.strerror}"]) from None
    return path
