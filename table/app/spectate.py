"""The table as the simulator page draws it beside the LEDs: what stands on each hex, whose
turn it is, the turn log, the colour legend, what the OLED says in words, and (in simulation
only) the hand of the team to play.  Everything from the game state, in the players' language.

``worms-table run`` hands :func:`spectate` to the page (table/web/view.py reads it as
``table``); table/web never imports the app.
"""

from __future__ import annotations

from table.ui import scenes
from table.ui.instructions import worm_number
from table.ui.story import turn_log
from table.ui.strings import text

from .prompts import HexPick, Menu


def _hex(c) -> str:
    return "#%02x%02x%02x" % tuple(c)


def things_at(board, h, lang: str) -> list[dict]:
    out = []
    for t in board.worms_first(h):
        item = {"kind": t.kind, "name": text(f"thing.{t.kind}", lang)}
        if t.kind == "worm":
            item.update(team=t.team, n=worm_number(t.id), hurt=t.damaged,
                        frozen=t.id in board.frozen,
                        name=f"{text(f'team.{t.team}', lang)} {worm_number(t.id)}")
        out.append(item)
    return out


def marked(prompt, texts: list[str]) -> list[str]:
    """The OLED's words with the menu row it shows inverted marked "▸ " (a screen reader, and
    a group reading the page, know which row OK chooses)."""
    menu = getattr(prompt, "sub", None) or prompt
    if isinstance(menu, Menu) and menu.labels:
        label = menu.labels[menu.cursor]
        for i, line in enumerate(texts[1:], 1):        # (the first line is the title)
            if line == label:
                texts[i] = f"▸ {label}"
                break
    return texts


def spectate(daemon) -> dict:
    """The page's ``table`` for ``daemon`` (a :class:`table.app.daemon.Daemon`)."""
    lang = daemon.lang
    legend = [{"what": what, "name": text(key, lang, **args), "colour": _hex(c)}
              for what, key, args, c in scenes.LEGEND]
    legend += [{"what": f"team.{t}", "name": text(f"team.{t}", lang), "colour": _hex(c)}
               for t, c in scenes.TEAM_COLOURS.items()]
    out = {"lang": lang, "legend": legend, "hexes": [], "team": None, "hand": None,
           "log": [], "cursor": None, "screen": []}
    try:
        prompt = daemon.current()
        view = daemon.view()
        out["screen"] = marked(prompt, list(prompt.screen(view).texts))
    except Exception:                      # the page never stops the table
        return out
    game = daemon.game
    if game is None or daemon.tracker is None:
        return out
    board = daemon.tracker.board
    out["hexes"] = [{"at": list(h), "water": not board.is_land(h),
                     "things": things_at(board, h, lang)} for h in sorted(view.grid)]
    turn = game.turn
    out["team"] = turn.team and text(f"team.{turn.team}", lang)
    if daemon.sim and turn.team in game.hands:       # in simulation: the team's hand
        out["hand"] = [daemon.cards[c].name(lang) if c in daemon.cards else c
                       for c in game.hands[turn.team]]
    out["log"] = turn_log(game.events, lang, daemon.cards)
    if isinstance(prompt, HexPick) and prompt.cursor is not None:
        h = prompt.cursor
        names = [t["name"] for t in things_at(board, h, lang)]
        if not names:
            names = [text("hex.empty_land" if board.is_land(h) else "hex.water", lang)]
        out["cursor"] = {"at": list(h), "says": ", ".join(names)}
    return out
