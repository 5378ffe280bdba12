"""Teaching the box a deck of 15 cards of this project's own invention, on the buttons and on
the page's card form, and whether each came out exactly as written.

The deck (:data:`DECK`, invented for this benchmark in the rulebook's effect words: not the
printed game's cards) has knockback, heal, areas, lines, several Blasts, a card with no
target, one with PLAY, hex terms, a Drop card and a Sudden Death card.

* On the buttons: a scripted player reads each screen of the teach walk
  (table/app/teach/walk.py) and answers it with the card's own answer, moving the cursor the
  fewest presses (a row or a screenful at a time, up or down: the menus wrap) and pressing
  OK, every press counted, from
  "Teach it" to "Yes: save it".  ``presses_per_card_p50`` (goal at most 15),
  ``presses_per_card_max`` (goal at most 30).
* Exactly as written: the card the walk hands back, checked by the library's checks, is the
  card of the deck (every field but its id and names; lists of kinds and hex terms in any
  order).  ``cards_exact`` of ``cards_total`` (goal 15 of 15).
* On the form: each card typed into the page's card form's fields, its text a line a step
  (table/cards/authoring.py ``line_of``), read back the way the page reads it (card-form.js
  ``stepLines`` run under node where there is one, else ``step_line``, its Python twin) and
  checked: ``form_cards_exact``; ``form_chars_per_card_p50``: the characters typed.

    bench/run teach      # prints JSON, and a line a card on stderr
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from table.app.asking.pickers import Answer, Menu  # noqa: E402
from table.app.presses import rows_to  # noqa: E402
from table.app.teach.questions import LINES, Ticks  # noqa: E402
from table.app.teach.walk import Result, Walk  # noqa: E402
from table.cards.authoring import check, line_of, step_line  # noqa: E402
from table.cards.reading import shipped_cards  # noqa: E402
from table.devices.buttons import InputEvent  # noqa: E402
from table.engine.vocabulary import CARD_STEPS  # noqa: E402

#: the library a box holds before a card is taught: the shipped cards (the walk's text menu
#: starts on the line they most often put next: table/app/teach/likely.py)
SHIPPED = {card.id: card for card in shipped_cards()}
FORM_JS = ROOT / "table" / "web" / "static" / "card-form.js"


def _card(kind: str, name: str, text=(), **more) -> dict:
    raw = {"kind": kind, "names": {"en": name}, **more}
    raw["drop" if kind == "sudden_death" else "text"] = list(text)
    return raw


#: the deck: 15 cards invented for this benchmark
DECK = [
    _card("supply", "Flak Cannon", [{"do": "blast", "area": "hex_and_around"}],
          target="direct", accuracy=3, action=["TEXT"]),
    _card("supply", "Rail Shot", [{"do": "damage", "pick": "all", "area": "line", "length": 4}],
          target="direct", action=["TEXT"]),
    _card("superweapon", "Mortar Pair", [{"do": "blast"}, {"do": "new_target"}, {"do": "blast"}],
          target="any", accuracy=2, action=["TEXT"]),
    _card("supply", "Wrecking Ball", [{"do": "damage", "pick": "one", "kinds": ["worm"]},
                                      {"do": "knockback", "what": "them"}],
          target="adjacent", action=["TEXT", "MOVE"]),
    _card("supply", "Medic Kit", [{"do": "heal"}], action=["MOVE", "TEXT"]),
    _card("supply", "Field Hospital", [{"do": "heal", "what": "things"}], target="adjacent",
          action=["TEXT"]),
    _card("supply", "Sonic Boom", [{"do": "knockback", "area": "around"}], target="own_hex",
          action=["TEXT"]),
    _card("supply", "Tunnel Charge", [{"do": "blast", "area": "beyond", "length": 2}],
          target="direct_within", range=3, accuracy=2, action=["TEXT"]),
    _card("starter", "Quick Draw", [], action=["MOVE", "PLAY"]),
    _card("supply", "Oil Slick", [{"do": "place", "kind": "oil_drum", "at": "target"},
                                  {"do": "place", "kind": "fire", "at": "same"}],
          target="within", range=3, where=["land", "empty"], action=["TEXT"]),
    _card("superweapon", "Carpet Bombing", [{"do": "blast"}], target="airstrike", accuracy=2,
          action=["TEXT"]),
    _card("starter", "Mine Sweeper", [{"do": "remove", "kinds": ["mine"], "pick": "all",
                                       "area": "hex_and_around"}],
          target="within", range=2, action=["TEXT"]),
    _card("supply", "Gust Cannon", [{"do": "move", "pick": "all", "way": "away", "hexes": 2},
                                    {"do": "change_wind"}],
          target="direct", action=["TEXT"]),
    _card("drop", "Airdrop", [{"do": "place", "kind": "crate", "at": "emptiest"},
                              {"do": "place", "kind": "mine", "at": "them"},
                              {"do": "change_wind"}]),
    _card("sudden_death", "Total Meltdown", [{"do": "place", "kind": "oil_drum",
                                              "at": "emptiest"}, {"do": "change_wind"}],
          lasting="powerful_explosives"),
]


# -- the buttons -------------------------------------------------------------------------------

class Player:
    """Buttons on one walk: each answer as the fewest presses, counted."""

    def __init__(self, walk: Walk):
        self.walk = walk
        self.presses = 0

    def press(self, name: str):
        self.presses += 1
        return self.walk.prompt.press(InputEvent(name))

    def to_row(self, index: int, rows: int) -> None:
        for name in rows_to(self.walk.prompt.cursor, index, rows):
            self.press(name)

    def pick(self, value):
        p = self.walk.prompt
        assert isinstance(p, Menu), (self.walk.stage, p)
        matches = [i for i, v in enumerate(p.values) if v == value]
        if not matches:
            raise ValueError(f"{self.walk.stage}: no row {value!r} in {p.values}")
        self.to_row(matches[0], len(p.values))
        out = self.press("ok")
        assert isinstance(out, Answer)
        return self.walk.answer(out.value)

    def tick(self, wanted: list) -> None:
        p = self.walk.prompt
        assert isinstance(p, Ticks)
        rows = len(p.values) + 1
        for value in p.values:
            if (value in wanted) != (value in p.ticked):
                self.to_row(p.values.index(value), rows)
                self.press("ok")
        self.to_row(len(p.values), rows)
        out = self.press("ok")
        assert isinstance(out, Answer), (self.walk.stage, wanted)
        return self.walk.answer(out.value)


def _steps(raw: dict) -> list[dict]:
    return raw.get("drop" if raw["kind"] == "sudden_death" else "text", [])


def _text_row(walk: Walk, step: dict):
    """The text menu's row that starts ``step``: its do, with the one small choice a row says."""
    for value in walk.prompt.values:
        if isinstance(value, dict) and value["do"] == step["do"] and all(
                step.get(k) == v for k, v in value.items() if k != "do"):
            return value
    return "by_hand" if step["do"] == "by_hand" else {"do": step["do"]}


def _reach_row(walk: Walk, step: dict):
    """The reach screen's row that makes ``step`` (kinds first where the step limits them)."""
    pending = walk.pending or {}
    rec = CARD_STEPS[step["do"]]
    if "kinds" in step and not rec.params["kinds"].asked and pending.get("kinds") != step["kinds"]:
        return "kinds"
    def where(s: dict) -> dict:
        return {k: v for k, v in said(s).items() if k not in ("kinds", "length")}
    for value in walk.prompt.values:
        if isinstance(value, dict) and where(value) == where(step):
            return value
    raise ValueError(f"the reach screen has no row for {step}: {walk.prompt.values}")


def answer(player: Player, raw: dict):
    """Answer the screen on show the way ``raw`` (the printed card) says; the walk's reply."""
    w = player.walk
    s = w.stage
    told = _steps(w.raw)
    if s == "start":
        return player.pick("go")
    if s == "kind":
        return player.pick(raw["kind"])
    if s == "target":
        if sorted(raw.get("where", [])) != sorted(w.raw.get("where", [])):
            return player.pick("terms")
        return player.pick(raw.get("target"))
    if s == "terms":
        return player.tick(raw.get("where", []))
    if s in ("range", "accuracy", "lasting"):
        return player.pick(raw.get(s))
    if s == "action":
        line = tuple(raw.get("action", ()))
        return player.pick(line if line in LINES else "symbols")
    if s == "symbols":
        line = raw.get("action", [])
        now = w.raw.get("action", [])
        return player.pick(line[len(now)] if len(now) < len(line) else "done")
    if s in ("check", "whole"):
        return player.pick("save")
    step = _steps(raw)[len(told)] if len(told) < len(_steps(raw)) else None
    if s == "text":
        return player.pick("done" if step is None else _text_row(w, step))
    assert step is not None, s
    if s == "param":
        want = step.get(w.param, CARD_STEPS[step["do"]].params[w.param].default)
        return player.tick(want) if isinstance(w.prompt, Ticks) else player.pick(want)
    if s == "reach":
        return player.pick(_reach_row(w, step))
    if s == "kinds":
        return player.tick(step["kinds"])
    if s == "length":
        return player.pick(step.get("length", 3))
    raise ValueError(f"the bench's player has no answer for the {s!r} screen")


def said(step: dict) -> dict:
    """A step with every parameter said (its record's defaults filled in): two steps that say
    the same are equal."""
    rec = CARD_STEPS[step["do"]]
    out = {"do": step["do"], **{k: rec.value(step, k) for k in rec.params if k in step
                                or rec.params[k].default is not None}}
    return {k: sorted(v) if isinstance(v, (list, tuple)) else v for k, v in out.items()}


def same(got: dict, raw: dict) -> bool:
    """The card told is the card of the deck: every field but id and names, as checked."""
    a, problems = check({**got, "id": "told"}, {})
    b, theirs = check({**raw, "id": "told"}, {})
    assert b is not None, theirs

    def plain(card):
        steps = [said(s) for s in card.text + card.drop]
        return (card.kind, card.target, card.range, card.accuracy, card.action, card.lasting,
                sorted(card.where), steps)
    return a is not None and plain(a) == plain(b)


def on_the_buttons(raw: dict) -> tuple[int, bool]:
    walk = Walk("en", "card_1", {"en": "Card 1"}, kinds=(raw["kind"],), known=SHIPPED)
    player = Player(walk)
    for _ in range(400):
        out = answer(player, raw)
        if isinstance(out, Result):
            return player.presses, same(out.raw, raw)
    raise AssertionError(f"{raw['names']['en']}: the walk did not end")


# -- the form ------------------------------------------------------------------------------------

def _node() -> str | None:
    """node, or the one Playwright ships (the browser tests' driver)."""
    found = shutil.which("node")
    if found:
        return found
    try:
        import playwright
    except ImportError:
        return None
    bundled = Path(playwright.__file__).parent / "driver" / "node"
    return str(bundled) if bundled.exists() else None


def read_lines(texts: list[str]) -> tuple[list[list[dict]], str]:
    """Each card's text box read as the page reads it; which reader read it."""
    node = _node()
    if node is None:
        return [[step_line(x) for x in t.splitlines() if x.strip()] for t in texts], "python"
    script = (f"const {{stepLines}} = require({json.dumps(str(FORM_JS))});"
              f"process.stdout.write(JSON.stringify({json.dumps(texts)}.map(stepLines)));")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True,
                          timeout=60)
    return json.loads(done.stdout), "card-form.js under node"


def form_fields(raw: dict) -> dict[str, str]:
    """What a person types into the form's fields for ``raw``."""
    fields = {"kind": raw["kind"], "en": raw["names"]["en"], "target": raw.get("target") or "",
              "range": str(raw.get("range", "")), "accuracy": str(raw.get("accuracy", "")),
              "action": " ".join(raw.get("action", [])), "where": " ".join(raw.get("where", [])),
              "lasting": raw.get("lasting", ""),
              "steps": "\n".join(line_of(s) for s in _steps(raw))}
    return {k: v for k, v in fields.items() if v}


def from_form(fields: dict[str, str], steps: list[dict]) -> dict:
    """The card the form's script builds from its fields (card-form.js ``card``)."""
    kind = fields["kind"]
    c: dict = {"kind": kind, "names": {"en": fields["en"]}}
    if kind in ("starter", "supply", "superweapon"):
        if fields.get("target"):
            c["target"] = fields["target"]
            if fields["target"] in ("within", "direct_within"):
                c["range"] = int(fields["range"])
            if fields.get("accuracy"):
                c["accuracy"] = int(fields["accuracy"])
            if fields.get("where"):
                c["where"] = fields["where"].split()
        c["action"] = fields.get("action", "").upper().split()
    if kind == "sudden_death":
        c["lasting"], c["drop"] = fields["lasting"], steps
    else:
        c["text"] = steps
    return c


def main() -> dict:
    fields = [form_fields(raw) for raw in DECK]
    read, reader = read_lines([f.get("steps", "") for f in fields])
    presses, exact, form_exact, chars = [], 0, 0, []
    for raw, typed, steps in zip(DECK, fields, read):
        n, ok = on_the_buttons(raw)
        by_form = same(from_form(typed, steps), raw)
        presses.append(n)
        exact += ok
        form_exact += by_form
        chars.append(sum(len(v) for v in typed.values()))
        print(f"teach: {raw['names']['en']:<16} buttons {n:3} presses "
              f"{'exact' if ok else 'NOT AS WRITTEN'}; form {chars[-1]:3} characters "
              f"{'exact' if by_form else 'NOT AS WRITTEN'}", file=sys.stderr)
    return {
        "presses_per_card_p50": statistics.median(presses),
        "presses_per_card_max": max(presses),
        "presses_goal": "p50 <= 15, max <= 30",
        "cards_exact": exact,
        "cards_total": len(DECK),
        "form_cards_exact": form_exact,
        "form_chars_per_card_p50": statistics.median(chars),
        "form_read_by": reader,
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
