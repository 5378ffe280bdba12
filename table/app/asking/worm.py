"""The worm question: which worm of the team to activate (T2), on the LED grid.

The cursor starts on the ruling's default (the decision's), and OK takes the worm under it.
No die is rolled for the choice, so a direction button picks the worm it reaches at once
(:func:`~table.app.asking.cursor.reach`: each of up to six other worms' hexes on a button of
its own, the nearest its way), as the move question's direction inches at once; a long Back
(the daemon's undo) takes the choice back until a die is rolled.  Two ways it asks first:
where the button reaches a hex two worms share, it opens their list (OK picks, Back closes
it; a damaged worm's row says it stands up, "Red 2: stand up"); where it reaches a damaged
worm alone, the cursor goes there, the screen says it stands up as it is chosen (T2; no
screen of changes says it again), and OK picks it (Back takes the cursor back to the
start).  Where the buttons from the start do not reach every worm (more worms than
buttons), a direction steps the cursor from worm to worm instead and OK picks, as every hex
cursor does.  On a rotary encoder cw/ccw step through the worms, OK picks.
"""

from __future__ import annotations

from typing import Any

from table.engine.board import split_id
from table.engine.decisions import Decision
from table.hexgrid import Hex
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.strings import text, worm_name, worm_short

from table.app.asking.contexts import wind_turned
from table.app.asking.cursor import reach
from table.app.asking.pickers import HexPick, Menu
from table.app.asking.prompt import Answer, Refuse, View
from table.inputs import DIRECTIONS


class WormPick(HexPick):
    """The worm question's cursor (see the module doc): ``picks`` maps a direction button to
    the worm hex it picks from the start (None: the buttons step the cursor instead);
    ``damaged`` are the damaged worms (their hexes, ``hurt``: a button there only moves the
    cursor; their rows of a hex's list say they stand up, ``heals``)."""

    def __init__(self, options: dict[Hex, list[tuple[Any, str]]], colour: tuple, start: Hex,
                 draw, damaged: set[str], lang: str, team: str):
        super().__init__(options, {h: colour for h in options}, start, draw,
                         sub_title=lambda v: text("prompt.worm", v.lang), snap=True,
                         miss=Refuse("error.not_a_worm", {"team": team}))
        self.start, self.damaged, self.lang = self.cursor, damaged, lang
        self.hurt = {h for h, opts in options.items() if any(w in damaged for w, _ in opts)}
        picks = reach(self.start, self.order)
        self.picks = picks if set(picks.values()) >= set(self.order) - {self.start} else None

    def picked(self, d: int) -> Hex | None:
        """The hex direction button ``d`` chooses from at once (None: it moves the cursor)."""
        if self.picks is None or self.cursor != self.start or self.sub is not None:
            return None
        return self.picks.get(d)

    def heals(self, worm: str, label: str) -> str:
        """A row of a hex's list: the worm (``label``), or that it stands up as it is chosen
        (T2)."""
        if worm not in self.damaged:
            return label
        return text("ch.heal", self.lang, worm=worm_short(self.lang, split_id(worm)[0],
                                                          worm_number(worm)))

    def press(self, event):
        was = self.sub
        out = super().press(event)
        if was is not None and self.sub is None and self.picks is not None:
            self.cursor = self.start          # (the list closed: the buttons pick from here)
        return out

    def own_press(self, event):
        name = event.name
        if name == "back" and self.picks is not None and self.cursor != self.start:
            self.cursor = self.start          # (off a damaged worm: the buttons pick again)
            return None
        to = self.picked(int(name)) if name in DIRECTIONS else self.cursor if name == "ok" else None
        opts = self.options.get(to) if to is not None else None
        if to is None or not opts:
            return super().own_press(event)
        if len(opts) == 1 and (name == "ok" or to not in self.hurt):
            return Answer(opts[0][0])
        self.cursor = to                      # (a damaged worm: its screen says it stands up)
        if len(opts) > 1:                     # (two worms: their list)
            self.sub = Menu(self.sub_title or "", [self.heals(w, label) for w, label in opts],
                            [w for w, _ in opts])
        return None


def ask_worm(d: Decision, view: View) -> WormPick | None:
    """The worm question for ``d`` (None: none of its worms is on the board on show)."""
    opts: dict[Hex, list[tuple[Any, str]]] = {}
    for wid in d.options:
        w = view.board.things.get(wid)
        if w is not None and w.team is not None:
            opts.setdefault(w.at, []).append((wid, worm_name(view.lang, w.team, worm_number(w))))
    if not opts:
        return None
    default = view.board.things.get(d.default)
    colour = scenes.TEAM_COLOURS.get(view.team or "", scenes.WHITE)
    damaged = {wid for wid in d.options if (w := view.board.things.get(wid)) is not None and w.damaged}
    wind = wind_turned(view.events)
    p: WormPick

    def draw(v: View, c: Hex) -> screens.Screen:
        said = ", ".join(label for _, label in opts.get(c, ())) or text("prompt.worm_steps", v.lang)
        if c in p.hurt:                    # (T2: healed as it is activated; not said again)
            said += "\n" + text("ask.worm_heals", v.lang)
        if wind is not None:               # (the Drop step's: said here, not on a screen)
            said += "\n" + text("ch.wind", v.lang, d=wind)
        keys = "\n" + text("prompt.worm_way", v.lang) if p.picks is not None and c == p.start else ""
        team, bodies = v.team, (said + keys, said)     # ("Choose a worm" before the keys;
        for body in bodies:                            # else the title and the lit worms
            shown = v.header("prompt.worm", body)      # ask it)
            if not shown.problems:
                return shown
        for body in bodies:
            if team is None:
                break
            shown = screens.turn(v.lang, team, None, body)
            if not shown.problems:
                break
        return shown
    p = WormPick(opts, colour, default.at if default else next(iter(opts)), draw, damaged,
                 view.lang, view.team or "")
    return p


__all__ = ["WormPick", "ask_worm"]
