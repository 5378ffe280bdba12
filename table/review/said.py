"""The review sheet's screens that say what happened (:mod:`table.review.gallery`, issue 23):
the dice and coins behind the changes, the crates opened, a team's last worm, a team out, the
final round; a die typed in; an undo; card text played by hand."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from table.devices.buttons import InputEvent
from table.engine.board import FLIPPED_FOR
from table.engine.chance import FACES
from table.engine.decisions import Decision, DecisionKind, Purpose
from table.ui.changes import Change
from table.ui.instructions import Instruction

from table.app.asking.by_hand import DONE
from table.review.kit import Draw, drawn, rows, table_view, widest_card, widest_team
from table.review.play import _packed, raw_step, steps_of
from table.app.asking.prompts import View, for_decision, undo_refused, undone


def said(lang: str) -> Iterator[tuple[str, Draw]]:
    """Changes with the dice behind them; the turns that change without a question."""
    view = table_view(lang)
    team = widest_team(lang)
    worm = {"team": team, "n": "4"}
    lines = [Change("ch.roll", {"roll": why, "face": face, "dir": 6}, (1, 0))
             for why in ("jump", "scatter", "knockback", "blast", "move")
             for face in ("6", "wind")]
    lines += [Change("ch.roll_hit", {"roll": why, "face": "hit"}, (1, 0))
              for why in ("jump", "knockback")]
    lines += [Change("ch.roll_dice", {"roll": "oil_drum",
                                      "faces": ("wind", "hit", "wind", "hit", "6")}, (1, 0))]
    lines += [Change("ch.flip", {"flip": kind, "side": side}, (1, 0))
              for kind in FLIPPED_FOR for side in ("safe", "danger")]
    lines += [Change(k, dict(worm), (1, 0)) for k in ("ch.came_back", "ch.crate_opened")]
    lines += [Change("ch.crate_by_worm", {}, (1, 0)), Change("ch.draw_tap", {}, (1, 0)),
              Change("ch.drop_tap", {}, (1, 0))]
    yield from steps_of(view, [raw_step(changes=g, at=(1, 0)) for g in _packed(lang, lines)],
                        "the dice behind the changes")
    said_alone = [Instruction("do.last_worm", {"team": team, "n": "4"}, (1, 0)),
                  Instruction("do.eliminated", {"team": team}),
                  Instruction("do.final_round", {}),
                  Instruction("do.supply_empty", {"team": team})]
    yield from steps_of(view, [raw_step(instruction=i) for i in said_alone], "said")


def typed(lang: str) -> Iterator[tuple[str, Draw]]:
    """A die typed in (each purpose, the second of several, the short list OK opens) and
    the Danger Flipper typed in."""
    team = widest_team(lang)
    view = table_view(lang, team)
    worm = f"{team}-4"
    card = widest_card(lang)
    aiming = View(lang, view.board, view.grid, team, worm, view.cards,
                  [{"event": "play", "card": card}, {"event": "roll", "face": "wind",
                                                    "for": "accuracy"}])
    dice = [("accuracy", 1, 5, None), ("accuracy", 2, 5, None), ("wind", 1, 1, None),
            ("jump", 1, 1, worm), ("scatter", 1, 1, None), ("knockback", 1, 1, worm),
            ("blast", 1, 1, worm), ("oil_drum", 3, 5, None), ("move", 1, 1, worm)]
    for info in dice:
        d = Decision(DecisionKind.DIE_TYPED, FACES, None, Purpose.ROLL, team, info=info)
        yield f"die typed ({info[0]} {info[1]} of {info[2]})", drawn(
            partial(for_decision, d, aiming), aiming)
    d = Decision(DecisionKind.DIE_TYPED, FACES, None, Purpose.ROLL, team, info=dice[0])
    yield "die typed: wind or bullseye, row 1", drawn(partial(_opened, d, aiming), aiming)
    for why in FLIPPED_FOR:
        d = Decision(DecisionKind.FLIP_TYPED, ("safe", "danger"), None, Purpose.FLIP, team,
                     info=(why, 1, 1, worm))
        yield f"flip typed ({why})", drawn(partial(for_decision, d, view), view)


def _opened(d: Decision, view: View) -> Any:
    p = for_decision(d, view)
    p.press(InputEvent("ok"))
    return p


def undos(lang: str) -> Iterator[tuple[str, Draw]]:
    """"Undone", saying what was taken back."""
    view = table_view(lang)
    team = widest_team(lang, "team_adj")
    gone: list[dict[str, Any]] = [
        {"kind": "worm", "answer": f"{team}-4"}, {"kind": "move", "answer": ["jump", [1, 0]]},
        {"kind": "card", "answer": widest_card(lang)}, {"chance": "die", "value": "wind"},
        {"chance": "flip", "value": "danger"}, {"kind": "hex", "answer": [1, 0]}]
    for entry in gone:
        notice = undone([entry], dict(view.cards))
        yield f"undone ({entry.get('kind') or entry.get('chance')})", partial(notice.screen, view)
    rolls = [{"event": "roll", "face": "wind", "for": "knockback"},
             {"event": "flip", "side": "danger", "for": "mine"}]
    refused: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [
               ({"chance": "die", "value": "wind"}, rolls[:1]),
               ({"chance": "flip", "value": "danger"}, rolls),
               ({"reveal": "supply", "card": "bazooka"}, []), ({"chance": "shuffle"}, []),
               ({"timeout": True}, []), ({}, [])]
    for last, events in refused:
        yield f"no undo ({sorted(last)})", partial(undo_refused(last, events).screen, view)


def by_hand(lang: str) -> Iterator[tuple[str, Draw]]:
    """Card text played by hand, told back hex by hex: the grid, what changed at a hex,
    where a Thing moved to."""
    team = widest_team(lang)
    view = table_view(lang, team)
    board = view.board
    land = sorted(board.land)
    options: list[Any] = [DONE]
    for t in board.things.values():
        options += [("remove", t.id), ("move", t.id, land[0])]
        if t.kind == "worm":
            options += [("damage", t.id), ("heal", t.id)]
    options += [("place", "fire", h) for h in land[:2]]
    d = Decision(DecisionKind.EDIT, tuple(options), DONE, Purpose.BY_HAND, team,
                 card=widest_card(lang))
    yield "by hand: which hex", drawn(partial(for_decision, d, view), view)
    here = board.things[f"{team}-4"].at
    for c in rows(len([o for o in options if o == DONE or _at(board, o) == here]) + 1):
        yield f"by hand: what changed, row {c + 1}", drawn(partial(_edit_at, d, view, c), view)
    yield "by hand: moved where", drawn(partial(_edit_move, d, view), view)


def _at(board, option) -> Any:
    if option[0] == "place":
        return option[2]
    t = board.things.get(option[1])
    return t.at if t is not None else None


def _edit_at(d: Decision, view: View, cursor: int) -> Any:
    p: Any = for_decision(d, view)
    p.press(InputEvent("ok"))
    p.sub.cursor = min(cursor, len(p.sub.values) - 1)
    return p


def _edit_move(d: Decision, view: View) -> Any:
    p: Any = for_decision(d, view)
    p.press(InputEvent("ok"))
    values = [v[0] if isinstance(v, tuple) else v for v in p.sub.values]
    p.sub.cursor = values.index("moving")
    p.press(InputEvent("ok"))
    return p
