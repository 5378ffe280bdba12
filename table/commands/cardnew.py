"""`worms-table cards new`: make a card file by answering questions, one field at a time.

Each answer is checked as it is given (a choice from the known values, a whole number where
one is needed), the whole card then with the library's own checks (table/cards/authoring.py),
and the file is written into the owner's card folder: ``--folder``, else the first folder of
``WORMS_TABLE_CARDS``, else ``~/.config/worms-table/cards``.  Reads standard input, so a
script can pipe the answers in.  Exit 0: written; 1: stopped before the end (nothing
written); 2: the card has problems (each printed; nothing written).
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from table.cards import CardError, library, owner_folder
from table.cards.authoring import (ASKED, CARD_KEYS, CARD_KINDS, MAX_ACCURACY, MAX_COPIES,
                                   MAX_RANGE, RULES, STEP_KINDS, STEP_PARAMS, SYMBOLS,
                                   TARGET_RULES, WEAPON_KINDS, check, id_problem, name_problem,
                                   slug, to_toml, write)

KIND_HELP = {"starter": "Starter weapon", "supply": "Supply Deck weapon",
             "superweapon": "Superweapon", "drop": "Drop card",
             "sudden_death": "Sudden Death card"}
TARGET_HELP = {"own_hex": "the worm's own hex", "adjacent": "the own hex or a neighbour",
               "direct": "a hex in a straight line", "within": "any hex within N",
               "direct_within": "a straight line, within N", "any": "any hex",
               "airstrike": "any hex, with a facing (a line of three)",
               "new_hex": "a new hex, not the Target Token's"}
STEP_HELP = {"blast": "Blast the target hex", "damage": "damage a Thing in the target hex",
             "move_worm": "move the active worm to the target hex",
             "move": "move Things of the target hex some hexes one way",
             "remove": "destroy one Thing of some kinds in the target hex",
             "place": "place a Thing from the pool", "change_wind": "roll for the wind",
             "scatter": "scatter the Target Token (or Things)",
             "knockback": "Knockback Scatter Things (or the token)",
             "new_target": "choose a new target hex", "heal": "the active worm stands up",
             "rule": "a lasting rule comes into force", "freeze": "the Freeze effect",
             "by_hand": "text the box cannot say: the players resolve it"}



def _whole(text: str) -> bool:
    """A whole number typed in ASCII digits ("²" and "٣" are digits to Python, not to int),
    at most six of them."""
    return 0 < len(text) <= 6 and text.isascii() and text.isdigit()


class Stopped(Exception):
    """The answers ended (end of input, Ctrl-C) before the card was complete."""


class Ask:
    """Questions on ``out``, answers from ``inp``; a wrong answer is said and asked again."""

    def __init__(self, inp: TextIO, out: TextIO):
        self.inp, self.out = inp, out

    def say(self, s: str = "") -> None:
        print(s, file=self.out, flush=True)

    def line(self, question: str, default: str | None = None) -> str:
        hint = f" [{default}]" if default else ""
        self.out.write(f"{question}{hint}: ")
        self.out.flush()
        got = self.inp.readline()
        if not got:
            self.say()
            raise Stopped()
        got = got.strip()
        return got if got else (default or "")

    def choose(self, question: str, choices, helps: dict | None = None,
               default: str | None = None, show: bool = True) -> str:
        choices = list(choices)
        for i, c in enumerate(choices, 1) if show else ():
            self.say(f"  {i:2}. {c}" + (f"  ({helps[c]})" if helps and c in helps else ""))
        while True:
            got = self.line(question, default)
            if _whole(got) and 1 <= int(got) <= len(choices):
                return choices[int(got) - 1]
            if got in choices:
                return got
            self.say(f"  choose one of: {', '.join(choices)} (or its number)")

    def several(self, question: str, choices) -> list[str]:
        choices = list(choices)
        while True:
            got = [w for w in self.line(f"{question} ({', '.join(choices)}; "
                                        "separated by commas)").replace(",", " ").split()]
            bad = [w for w in got if w not in choices]
            if got and not bad:
                return got
            self.say(f"  not known: {', '.join(bad)}" if bad else "  name at least one")

    def number(self, question: str, default: int | None = None, optional: bool = False,
               minimum: int = 1, maximum: int = 99) -> int | None:
        while True:
            got = self.line(question + (" (empty: none)" if optional else ""),
                            str(default) if default is not None else None)
            if not got and optional:
                return None
            if _whole(got) and minimum <= int(got) <= maximum:
                return int(got)
            self.say(f"  a whole number, {minimum} or more" if maximum >= 99 else
                     f"  a whole number from {minimum} to {maximum}")

    def yes(self, question: str, default: bool = True) -> bool:
        while True:
            got = self.line(question + (" [Y/n]" if default else " [y/N]")).lower()
            if not got:
                return default
            if got in ("y", "yes", "n", "no"):
                return got.startswith("y")
            self.say("  y or n")


def _param(ask: Ask, do: str, key: str, spec: tuple):
    """One parameter of a step, asked by its spec (table/cards/authoring.py's STEP_PARAMS)."""
    if spec[0] == "list":
        return ask.several(f"  {do}: {key}", spec[1])
    if spec[0] == "number":
        return ask.number(f"  {do}: {key}", default=spec[1], minimum=spec[1], maximum=spec[2])
    if spec[0] == "text":
        while True:
            got = ask.line(f"  {do}: {key} (what the card says, one line)")
            if got and len(got) <= spec[1] and got.isprintable():
                return got
            ask.say(f"  one line, at most {spec[1]} characters")
    return ask.choose(f"  {do}: {key}", spec, default=spec[0])


def _extras(ask: Ask, do: str, words: list[str]) -> dict | None:
    """``key=value`` words after a step's name: its extra parameters (None: not understood)."""
    out: dict = {}
    params = STEP_PARAMS.get(do, {})
    for word in words:
        key, eq, value = word.partition("=")
        spec = params.get(key)
        if not eq or spec is None:
            ask.say(f"  {do} takes {', '.join(f'{k}=...' for k in params) or 'nothing more'}")
            return None
        if spec[0] == "list":
            out[key] = [v for v in value.split(",") if v]
        elif spec[0] == "number":
            out[key] = int(value) if value.isascii() and value.isdigit() else value
        else:
            out[key] = value
    return out


def steps(ask: Ask, what: str, required: bool) -> list[dict]:
    """Text steps, one at a time, until "done".  A step's line may add its extras as
    ``key=value`` (``blast area=around``); the whole card is checked at the end."""
    ask.say(f"{what}: one step a line, in the order the card resolves them; "
            "done (or an empty line) ends.  Extras go on the same line: blast area=around.")
    out: list[dict] = []
    while True:
        choices = list(STEP_KINDS) + (["done"] if out or not required else [])
        for i, c in enumerate(choices, 1) if not out else ():
            ask.say(f"  {i:2}. {c}" + (f"  ({STEP_HELP[c]})" if c in STEP_HELP else ""))
        words = ask.line(f"{what} step {len(out) + 1}",
                         "done" if "done" in choices else None).split()
        head = words[0] if words else ""
        if head.isascii() and head.isdigit() and 1 <= int(head) <= len(choices):
            head = choices[int(head) - 1]
        if head not in choices:
            ask.say(f"  choose one of: {', '.join(choices)} (or its number)")
            continue
        if head == "done":
            return out
        extra = _extras(ask, head, words[1:])
        if extra is None:
            continue
        step: dict = {"do": head}
        for key in ASKED[head]:
            step[key] = _param(ask, head, key, STEP_PARAMS[head][key])
        step.update(extra)
        out.append(step)


def _name(ask: Ask, question: str, required: bool = False) -> str:
    while True:
        got = ask.line(question)
        if not got and not required:
            return ""
        why = name_problem(got)
        if why is None:
            return got
        ask.say(f"  {why}")


def questions(ask: Ask, known: dict, folder: Path) -> dict:
    """Every field of a new card, asked in turn."""
    raw: dict = {}
    raw["kind"] = ask.choose("kind", CARD_KINDS, KIND_HELP)
    names = {"en": _name(ask, "English name (as printed)", required=True),
             "cs": _name(ask, "Czech name (empty: none)"),
             "uk": _name(ask, "Ukrainian name (empty: none)")}
    raw["names"] = names
    while True:
        cid = ask.line("id", slug(names["en"]) or None)
        if id_problem(cid) is not None:
            ask.say(f"  {id_problem(cid)}")
        elif cid in known:
            ask.say(f"  {cid} is already in the library ({known[cid].source}): choose another")
        elif (folder / f"{cid}.toml").exists():
            ask.say(f"  {folder / (cid + '.toml')} is there already: choose another")
        else:
            break
    raw["id"] = cid
    if "copies" in CARD_KEYS:
        raw["copies"] = ask.number("how many of this card the box holds", default=1,
                                   maximum=MAX_COPIES)
    kind = raw["kind"]
    if kind in WEAPON_KINDS:
        target = ask.choose("target", list(TARGET_RULES) + ["none"], TARGET_HELP,
                            default="none")
        if target != "none":
            raw["target"] = target
            if target in ("within", "direct_within"):
                raw["range"] = ask.number("range N", minimum=0, maximum=MAX_RANGE)
            raw["accuracy"] = ask.number("Accuracy X", optional=True, maximum=MAX_ACCURACY)
        while True:
            line = ask.line("action line, left to right (MOVE, TEXT, PLAY)", "TEXT")
            action = line.upper().replace(",", " ").split()
            if action and all(s in SYMBOLS for s in action):
                break
            ask.say(f"  symbols from {', '.join(SYMBOLS)}, e.g. TEXT MOVE")
        raw["action"] = action
        raw["text"] = steps(ask, "text", "TEXT" in action)
    elif kind == "drop":
        raw["text"] = steps(ask, "text", True)
    else:
        raw["lasting"] = ask.choose("lasting rule", RULES)
        raw["drop"] = steps(ask, "drop part", True)
    raw["notes"] = ask.line("notes (empty: none)")
    return raw


def run_new(folder: str | None, inp: TextIO, out: TextIO, err: TextIO) -> int:
    target = Path(folder).expanduser() if folder else owner_folder()
    ask = Ask(inp, out)
    try:
        target.mkdir(parents=True, exist_ok=True)      # the library reads it from now on
    except OSError as e:
        print(f"worms-table cards new: cannot make {target}: {e.strerror}", file=err)
        return 2
    try:
        known = library()
    except CardError as e:
        for p in e.problems:
            print(p, file=err)
        print("worms-table cards new: fix the card library first", file=err)
        return 2
    ask.say(f"A new card for {target} (the schema: docs/cards.md). Ctrl-D stops.")
    try:
        raw = questions(ask, known, target)
        card, problems = check(raw, known)
        if problems:
            for p in problems:
                print(p, file=err)
            print("nothing written", file=err)
            return 2
        ask.say()
        ask.say(to_toml(raw).rstrip())
        ask.say()
        if not ask.yes(f"write {target / (card.id + '.toml')}?"):
            ask.say("nothing written")
            return 1
    except (Stopped, KeyboardInterrupt):
        print("worms-table cards new: stopped; nothing written", file=err)
        return 1
    try:
        path = write(raw, target, known)
    except CardError as e:
        for p in e.problems:
            print(p, file=err)
        return 2
    ask.say(f"written: {path}")
    try:
        joined = card.id in library()
    except CardError:
        joined = False
    if not joined:
        ask.say(f"the box reads it when WORMS_TABLE_CARDS names {path.parent}")
    ask.say(f"check it any time with: worms-table cards check {path}")
    return 0
