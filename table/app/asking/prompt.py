"""What every prompt is (table/app/asking/prompts.py makes them): the outcomes of an input
(:class:`Answer`, a legal value; :class:`Refuse`, a mistake said and nothing changed), what a
prompt draws from (:class:`View`), and the base :class:`Prompt`."""

from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple

from table.engine.board import Board
from table.hexgrid import Hex
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.strings import NO_ARGS, text


class Answer(NamedTuple):
    """A prompt's answer to the game, and the card to play next, if any."""

    value: Any
    then: Any = None              # a card to play next, once the steps before it are skipped


class Refuse(NamedTuple):
    """A prompt's refusal of an input: the words that say why."""

    key: str                      # an error string of table.ui.strings
    args: Mapping[str, Any] = NO_ARGS
    message: str | None = None    # or words of its own (the engine's, untranslated)


@dataclass
class View:
    """What a prompt draws from: the language, the board as the players have it, the grid."""
    lang: str
    board: Board
    grid: frozenset
    team: str | None = None
    worm: str | None = None
    cards: Mapping = field(default_factory=dict)
    events: list = field(default_factory=list)
    phase: str | None = None      # the turn's step (activate, move1, move2, weapon, end)
    box: frozenset = frozenset()  # the teams the box plays (table/app/boxseat.py)
    face_down: bool = False       # the team's hand holds the Starter dealt face down
    config: Any = None            # the game's settings (a GameConfig): who draws, who rolls

    def base(self, t: float = 0.0) -> scenes.Frame:
        """The board on the LEDs at time ``t`` (a shared hex alternates, a hurt worm pulses)."""
        return scenes.board_frame(self.board, self.grid, t)

    def worm_at(self) -> Hex | None:
        w = self.board.things.get(self.worm) if self.worm else None
        return w.at if w is not None else None

    def header(self, prompt_key: str, extra: str = "", phase: str | None = None
               ) -> screens.Screen:
        body = text(prompt_key, self.lang) + (f"\n{extra}" if extra else "")
        if self.team is None:
            return screens.message(text("wizard.title", self.lang), body,
                                   hint=screens.pick(self.lang))
        n = worm_number(self.worm) if self.worm else None
        return screens.turn(self.lang, self.team, n, body, phase=phase)


class Prompt:
    """The base: nothing selected, every input ignored."""
    animated = True               # the LED frame changes with time (a blinking cursor)

    @property
    def selected(self) -> Any:
        return None

    def screen(self, view: View) -> screens.Screen:
        raise NotImplementedError

    def frame(self, view: View, t: float) -> scenes.Frame:
        return view.base(t)

    def press(self, event) -> Answer | Refuse | None:
        return None

    refuse_tap = Refuse("error.not_now")     # a card tapped while this is asked: why not

    def tap(self, card_id: str | None) -> Answer | Refuse | None:
        return self.refuse_tap if card_id is not None else Refuse("error.unknown_tag")


class Nested(Prompt):
    """A prompt that can open a short list of its own (``sub``: several answers at a hex, the
    faces a number button does not type): while it is open it answers for the prompt and takes
    the inputs, a short Back closes it; long presses are the daemon's (undo), never the
    prompt's.  Subclasses say what their own inputs do in :meth:`own_press`."""
    sub: Prompt | None = None

    @property
    def selected(self) -> Any:
        return self.sub.selected if self.sub is not None else self.own_selected()

    def own_selected(self) -> Any:
        return None

    def press(self, event) -> Answer | Refuse | None:
        if self.sub is not None:
            if event.name == "back" and not event.long:
                self.sub = None
                return None
            return self.sub.press(event)
        return None if event.long else self.own_press(event)

    def own_press(self, event) -> Answer | Refuse | None:
        return None


__all__ = ["Answer", "Nested", "Prompt", "Refuse", "View"]
