"""The table as the simulator page draws it beside the LEDs: what stands on each hex, whose
turn it is, the turn log, what the OLED says in words, and (in simulation only) the hand of the
team to play; the cards the table knows and its inputs (:func:`table_side`).  Everything from
the table's state, in the players' language, read without changing anything: the presenter
puts it in each :class:`table.ui.snapshot.TableSnapshot`, which the page is pushed and draws
from alone (table/web never imports the app).
"""

from __future__ import annotations

from collections.abc import Mapping

from table.devices.buttons import Buttons, SimButtons
from table.devices.cards import CardReader, SimCardReader
from table.engine.setup import HIDDEN
from table.ui.instructions import worm_number
from table.ui.snapshot import Controls
from table.ui.story import turn_log
from table.ui.strings import text, worm_short

from table.app.asking.prompts import HexPick


def things_at(board, h, lang: str) -> list[dict]:
    out = []
    for t in board.worms_first(h):
        item = {"kind": t.kind, "name": text(f"thing.{t.kind}", lang)}
        if t.kind == "worm":
            item.update(team=t.team, n=worm_number(t), hurt=t.damaged,
                        frozen=t.id in board.frozen,
                        name=worm_short(lang, t.team, worm_number(t)))
        out.append(item)
    return out


def page_view(prompt, view, game, board, lang: str, *, sim: bool, cards: Mapping,
              before=None, changed: frozenset = frozenset(), team: str | None = None,
              events: int | None = None, hands: Mapping | None = None) -> dict:
    """The page's view of the game beside the LEDs, as :class:`TableSnapshot` fields: what
    stands on each hex (``board``; with ``before``, ``board`` only at the hexes ``changed``
    and ``before`` elsewhere: the board as the players have it, a change being copied), whose
    turn it is (``team``: as the players have it, while they copy the changes that end it;
    None: the game's), the turn log (of the first ``events`` engine events: those of the
    changes being copied and before; None: all), how many cards each team holds and (in
    simulation only) the hand of the team to play (``hands``: as they were when the changes
    being copied were made; None: the game's), the hex under the cursor.  Changes nothing."""
    if game is None or board is None:
        return {}
    rows = []
    for h in sorted(view.grid):
        at = board if before is None or h in changed else before
        rows.append({"at": list(h), "water": not at.is_land(h), "things": things_at(at, h, lang)})
    out: dict = {"board": tuple(rows)}
    turn = game.turn
    team = team or turn.team
    out["team"] = team and text(f"team.{team}", lang)
    held = game.hands if hands is None else hands
    if sim and team in held and not game.config.box_level(team):
        # in simulation: the team's hand (never the box's: only the box knows it)
        out["hand"] = tuple(cards[c].name(lang) if c in cards else text("deal.face_down", lang)
                            if c == HIDDEN else c for c in held[team])
    # what everyone at the table sees of the hands: how many cards each team holds
    out["hands"] = tuple((text(f"team.{t}", lang), len(h)) for t, h in held.items())
    out["box"] = tuple(text("wizard.seat_box", lang, team=text(f"team.{t}", lang),
                            level=text(f"level.{level}", lang)) for t, level in game.config.box)
    out["log"] = tuple(turn_log(game.events[:events], lang, cards))
    if isinstance(prompt, HexPick) and prompt.cursor is not None:
        h = prompt.cursor
        names = [t["name"] for t in things_at(board, h, lang)]
        if not names:
            names = [text("hex.empty_land" if board.is_land(h) else "hex.water", lang)]
        out["cursor"] = {"at": list(h), "says": ", ".join(names)}
    return out


def table_side(cards: Mapping, secret: set[str], dev: dict, on_reader: str | None) -> dict:
    """The page's fields of a :class:`TableSnapshot` that are not the game: the cards the
    table knows now (a card taught or renamed is listed at once), those taught in private and
    not yet played, and the inputs (``dev``: the devices open, by name) with the card on the
    reader (``on_reader``, as the reader last said)."""
    buttons, reader = dev.get("buttons"), dev.get("card_reader")
    has_reader = isinstance(reader, CardReader)
    return {"cards": tuple(cards.values()), "secret": frozenset(secret),
            "controls": Controls(buttons=tuple(buttons.inputs) if isinstance(buttons, Buttons)
                                 else (),
                                 press=isinstance(buttons, SimButtons), reader=has_reader,
                                 tap=isinstance(reader, SimCardReader),
                                 on_reader=on_reader if has_reader else None)}
