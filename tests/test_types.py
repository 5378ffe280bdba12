"""The typed vocabulary of the engine (issue 12, items 4 and 5).

* mypy finds no error in ``table/`` (tests/test_tools.py);
* a Decision's typed fields (purpose, card, item) say what its ``why`` says, for every
  decision the engine asks in whole games;
* every event the engine emits, in whole games and in every scenario file, is one of the
  closed set in ``table/engine/events.py``, with exactly its documented keys, and an unknown
  kind is refused;
* the result is a ``GameResult`` whose JSON form is what the ``game_over`` event carries;
* each layer's errors have one root;
* the page sees the table only through its typed side (``table/ui/pagelink.py`` ``Table``),
  which mypy holds ``start_web``'s callers to (issue 31).
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
import textwrap

import pytest

from table.bots import RandomBot
from table.engine import Board, EngineError, EventKind, GameResult, Illegal, OutOfRandom, Resolver
from table.engine.decisions import Decision, DecisionKind, Purpose, why_of
from table.engine.events import KEYS, problem
from table.engine.game import GameConfig, ReplayMismatch
from table.librarygame import LibraryGame
from table.scenarios import load
from tests.sources import ROOT, sources, tree

#: the purposes whose ``why`` is ``<card>:<purpose>`` (a card's own questions)
CARD_PURPOSES = frozenset({Purpose.MOVE, Purpose.TARGET, Purpose.NEW_TARGET, Purpose.FACING,
                           Purpose.BY_HAND})



def _games():
    """Whole bot games with every setup decision and optional rule in play (one each)."""
    configs = [GameConfig(teams=2, max_rounds=12),
               GameConfig(teams=2, placement="players", max_rounds=8,
                          options=("sudden_death_draft", "parting_gifts", "timer")),
               GameConfig(teams=4, max_rounds=6, options=("no_sudden_death", "reduced_blast",
                                                          "true_elimination", "longer_game")),
               GameConfig(teams=2, max_rounds=6, own_dice=True)]
    for n, config in enumerate(configs):
        game = LibraryGame.new(config, n)
        bot, rnd, decisions = RandomBot(n), random.Random(n), []
        while game.request is not None:
            d = game.request
            decisions.append(d)
            if d.kind == "die_typed":
                game.answer(rnd.choice(d.options))
            elif d.kind == "flip_typed":
                game.answer(rnd.choice(d.options))
            else:
                game.answer(bot(game))
        yield game, decisions


GAMES = list(_games())


def test_every_decision_names_its_purpose_as_its_why_does():
    seen = set()
    for _, decisions in GAMES:
        for d in decisions:
            assert isinstance(d.purpose, Purpose)
            assert why_of(d.purpose, d.card, d.item) == d.why
            assert d.as_json()["why"] == d.why
            if d.card is not None:          # (a movement step or a card's MOVE symbol)
                assert d.purpose in CARD_PURPOSES | {Purpose.AFFECT}
            elif d.purpose is not Purpose.MOVE:
                assert d.purpose not in CARD_PURPOSES | {Purpose.AFFECT}
            assert (d.item is not None) == (d.purpose is Purpose.PLACE and d.kind == "hex")
            seen.add((d.kind, d.purpose))
    for pair in [("pile", Purpose.PLACE), ("hex", Purpose.PLACE),
                 ("worm", Purpose.ACTIVATE), ("move", Purpose.MOVE), ("card", Purpose.WEAPON),
                 ("hex", Purpose.TARGET), ("die_typed", Purpose.ROLL)]:
        assert pair in seen


def test_why_is_derived_from_the_typed_fields():
    def why(purpose, **named):
        return Decision("hex", ((0, 0), (1, 0)), (0, 0), purpose, "blue", **named).why
    assert why(Purpose.TARGET, card="bazooka") == "bazooka:target"
    assert why(Purpose.NEW_TARGET, card="girder") == "girder:new_target"
    assert why(Purpose.FACING, card="airstrike") == "airstrike:facing"
    assert why(Purpose.MOVE, card="ninja_rope") == "ninja_rope:move"
    assert why(Purpose.MOVE) == "move" and why("place") == "place"
    assert why(Purpose.DRAFT) == "sudden_death_draft"
    assert why(Purpose.PLACE, item="worm:blue") == "place:worm:blue"
    assert why(Purpose.AFFECT, card="uzi") == "uzi"
    d = Decision("thing", ("a", "b"), "a", Purpose.AFFECT, "blue", card="uzi")
    assert (d.kind, d.purpose, d.card, d.item) == (DecisionKind.THING, Purpose.AFFECT, "uzi", None)
    with pytest.raises(ValueError):
        why("bazooka:aim")                   # a why is not a purpose: never parsed
    with pytest.raises(ValueError):
        why(Purpose.AFFECT)                  # an AFFECT decision names its card
    with pytest.raises(ValueError):
        Decision("aim", (1, 2), 1, Purpose.TARGET, card="bazooka")    # no such kind


def test_no_card_of_the_library_is_named_like_a_purpose():
    """A Thing chosen for a card has the card id alone as its why: it must not read as a
    purpose of the engine's own."""
    from table.cards import library
    assert not set(library()) & {p.value for p in Purpose}


def _parses_why(node) -> bool:
    """``x.why`` taken apart (``.split``, ``.endswith``, ``[6:]``...) or compared with text."""
    def is_why(n):
        return isinstance(n, ast.Attribute) and n.attr == "why"
    if isinstance(node, ast.Attribute) and is_why(node.value):
        return True                                     # x.why.split(...), x.why.endswith(...)
    if isinstance(node, ast.Subscript) and is_why(node.value):
        return True                                     # x.why[6:]
    if isinstance(node, ast.Compare) and is_why(node.left):
        return any(isinstance(c, ast.Constant) or (isinstance(c, (ast.Tuple, ast.List, ast.Set))
                   and all(isinstance(e, ast.Constant) for e in c.elts))
                   for c in node.comparators)          # x.why == "move", x.why in ("a", "b")
    return False


def test_no_module_parses_a_decision_s_why():
    """Decisions are read by purpose, card and item; only table/engine/decisions.py reads
    ``why`` (the string the log carries)."""
    found = []
    for path in sources("table", "bench"):
        if path == ROOT / "table" / "engine" / "decisions.py":
            continue
        for node in ast.walk(tree(path)):
            if _parses_why(node):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def _scenario_events():
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.toml")):
        yield path.name, load(path).run()["events"]


def test_every_event_the_engine_emits_is_of_the_closed_set_with_its_keys():
    kinds = set()
    sources = [(f"game {n}", game.events) for n, (game, _) in enumerate(GAMES)]
    for name, events in sources + list(_scenario_events()):
        for e in events:
            assert problem(e) is None, f"{name}: {problem(e)}: {e}"
            assert type(e["event"]) is str            # plain JSON, not the enum
            kinds.add(e["event"])
    assert len(kinds) > len(EventKind) // 2
    assert set(KEYS) == set(EventKind)


def test_an_unknown_event_kind_is_refused():
    r = Resolver(Board(land={(0, 0)}, wind=1), None)
    r.event(EventKind.FLOOD, at=[0, 0])
    r.event("flood", at=[0, 0])
    assert r.events == [{"event": "flood", "at": [0, 0]}] * 2
    with pytest.raises(ValueError, match="not an event kind"):
        r.event("kaboom", at=[0, 0])


def test_the_result_is_a_game_result_whose_json_the_game_over_event_carries():
    for game, _ in GAMES:
        res = game.result
        assert isinstance(res, GameResult)
        over = [e for e in game.events if e["event"] == "game_over"]
        assert over == [{"event": "game_over", **res.as_json()}]
        assert GameResult.from_json(res.as_json()) == res
        assert list(res.as_json()) == ["winners", "shared", "reason", "worms", "undamaged",
                                       "turns"]


def test_each_layer_has_one_error_root():
    """The roots README.md's "Layout" names, and what each one holds."""
    from table.cards import CardError
    from table.cards.tiles import TileError
    from table.devices import DeviceError
    from table.devices.link import Reconnected
    from table.scenarios.fields import CannotRun, Malformed, ScenarioError
    from table.web.errors import WebError
    from table.web.limits import HttpError
    from table.web.pairing import Denied
    from table.web.errors import InputError
    assert all(issubclass(e, EngineError) for e in (Illegal, OutOfRandom, ReplayMismatch))
    assert issubclass(TileError, CardError)
    assert all(issubclass(e, ScenarioError) for e in (Malformed, CannotRun))
    assert issubclass(Reconnected, DeviceError)
    assert all(issubclass(e, WebError) for e in (HttpError, Denied, InputError))




WRONG_TABLE = """
from collections.abc import Callable

from table.cards import library
from table.commands.common import start_web
from table.ui.snapshot import TableSnapshot


class NoRedraw:                    # a table that cannot draw anew for a new page
    def __init__(self) -> None:
        self.lang = "en"
        self.cards = library()
        self.on_snapshot: Callable[[TableSnapshot], None] | None = None
        self.page_watched: Callable[[], bool] = lambda: True
        self.on_pair_button: Callable[[], None] | None = None

    def notice(self, what: str, body: str) -> None: ...

    def card_form(self) -> None: ...


class Whole(NoRedraw):
    def redraw(self) -> None: ...


async def serve(devices: object) -> None:
    await start_web(devices, Whole(), "127.0.0.1", 0)
    await start_web(devices, NoRedraw(), "127.0.0.1", 0)
"""


def test_the_page_takes_only_a_table_of_the_typed_side(tmp_path):
    wrong = tmp_path / "wrong_table.py"
    wrong.write_text(textwrap.dedent(WRONG_TABLE))
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", str(wrong)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and 'type "NoRedraw"; expected "Table"' in errors[0], done.stdout
    assert "note:     redraw" in done.stdout              # named: the member it lacks
