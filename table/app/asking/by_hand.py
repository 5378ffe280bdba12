"""Card text played by hand, told back hex by hex: the prompt of the engine's ``edit`` decision
(asked through :data:`table.app.asking.prompts.ASKS`).

After a card line the vocabulary cannot say (a ``by_hand`` step), the players resolve it
themselves and tell the box each change, so that the board it keeps stays true: the cursor
on the LED grid picks a hex that changed (OK), a menu lists what can have changed there --
"Nothing more changed" first, then each Thing's removal, damage or healing, its move (then
the cursor picks where to), a Thing placed from the pool -- and OK on a row is that change.
Back in the menu returns to the grid.  The engine asks again until "Nothing more changed".
"""

from __future__ import annotations

from typing import Any

from table.engine.decisions import DONE, Change, Decision, EditAt
from table.hexgrid import Hex
from table.ui import scenes, screens
from table.ui.strings import text

from table.app.asking.prompt import Answer, Prompt, Refuse, View
from table.app.asking.contexts import _name
from table.app.asking.pickers import HexPick, Menu


class EditPick(Prompt):
    """See the module's docstring; ``d`` is the ``edit`` decision, ``view`` the board."""

    def __init__(self, d: Decision, view: View):
        self.lang = view.lang
        self.rows: dict[Hex, list[tuple[Any, str]]] = {}     # hex -> (value, label) there
        self.moves: dict[str, list[Hex]] = {}                 # Thing -> where it may go
        board = view.board
        for o in d.options:
            if o == DONE:
                continue
            what = o[0]
            if what == Change.PLACE:
                self._row(o[2], o, text("edit.place", self.lang,
                                        thing=text(f"thing.{o[1]}", self.lang)))
            elif what == Change.MOVE:
                if o[1] not in self.moves and o[1] in board.things:
                    self._row(board.things[o[1]].at, ("moving", o[1]),
                              text("edit.move", self.lang, thing=_name(view, o[1])))
                self.moves.setdefault(o[1], []).append(o[2])
            elif o[1] in board.things:
                self._row(board.things[o[1]].at, o,
                          text(f"edit.{what}", self.lang, thing=_name(view, o[1])))
        here = view.worm_at()
        start: Hex = here if here in self.rows else next(iter(self.rows), here or (0, 0))
        self.grid = HexPick({h: [(h, "")] for h in self.rows},
                            {h: scenes.WHITE for h in self.rows}, start, self._draw_grid,
                            keep=(view.worm_at(),), miss=Refuse("error.not_lit"))
        self.grid.domain = frozenset(view.grid) | frozenset(self.rows)
        self.sub: Prompt | None = None
        self.moving: str | None = None

    def _row(self, h: Hex, value: Any, label: str) -> None:
        self.rows.setdefault((h[0], h[1]), []).append((value, label))

    def _draw_grid(self, view: View, cursor) -> screens.Screen:
        return screens.message(text("edit.title", view.lang), text("edit.hex", view.lang))

    @property
    def selected(self):
        return self.sub.selected if self.sub is not None else self.grid.selected

    def screen(self, view: View) -> screens.Screen:
        return (self.sub or self.grid).screen(view)

    def frame(self, view: View, t: float) -> scenes.Frame:
        return (self.sub or self.grid).frame(view, t)

    def press(self, event) -> Answer | Refuse | None:
        if self.sub is not None and event.name == "back" and not event.long:
            self.sub = self.moving = None
            return None
        out = (self.sub or self.grid).press(event)
        if not isinstance(out, Answer):
            return out
        if self.sub is None:                       # a hex picked: what changed there?
            here = self.rows.get(out.value, [])
            self.sub = Menu(text("edit.ask", self.lang),
                            [text("edit.done", self.lang)] + [label for _, label in here],
                            [DONE] + [value for value, _ in here])
            return None
        if self.moving is not None:                # where the Thing went
            return Answer(EditAt(Change.MOVE, self.moving, out.value))
        if isinstance(out.value, tuple) and out.value[0] == "moving":
            self.moving = out.value[1]
            to = self.moves.get(self.moving, [])
            thing = self.moving
            self.sub = HexPick({h: [(h, "")] for h in to}, {h: scenes.WHITE for h in to},
                               to[0] if to else self.grid.cursor,
                               lambda v, c: screens.message(
                                   text("edit.title", v.lang),
                                   text("edit.where", v.lang, thing=_name(v, thing)),
                                   hint=screens.pick(v.lang)),
                               miss=Refuse("error.not_lit"))
            self.sub.domain = self.grid.domain | frozenset(to)
            return None
        return Answer(out.value)

__all__ = ["DONE", "EditPick"]
