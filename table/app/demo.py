"""The shop demo (`worms-table demo`): bots play on the table until a visitor has a go.

The attract loop: the box plays short whole games (two teams, six rounds), each seat as it plays
a team at the table (table/app/boxseat.py ``choose``, its easy level); each decision
is shown as the table would ask it (the prompt's OLED screen and LED options), then the
answer's events play as LED animations (blasts, thrown Things, the wind running from the
dial), the wind dial turns with the wind, and the OLED says what happened.  Between games
the OLED invites passers-by to have a go.

A visitor's short game against the box: hold OK during the show (table/app/versus.py); the
first worm hurt ends it, then the show goes on.

A visitor's turn: any button press or card tap.  The bots play on to the weapon step of the
team to play; from there the visitor answers through the same prompts as the daemon
(table/app/prompts.py): tap the Bazooka or the Grenade, aim with the buttons, OK, pick the
dice, see the blast.  When the weapon step ends, or after ``idle_s`` (60 s) without an input,
the bots take over again.

It runs for days: each game is a fresh object, nothing is kept between games but counters,
and the demo writes no files (it keeps no journal: a shop demo has nothing to resume).

:class:`Demo` is the show without a clock of its own: :meth:`Demo.step` does the next beat
and says which animations to play and how long to hold; ``run_async`` (table/app/demoloop.py)
paces it on an asyncio loop, and :meth:`Demo.play_games` runs it at full speed (tests,
bench/demo.py).

It draws as the table daemon does, through the daemon's :class:`Presenter`: its
:class:`Stage` (table/app/stage.py) makes each beat's or input's changes one
:class:`TableSnapshot` that the OLED, the LEDs, the dial and the page all read.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from table.bots import RandomBot
from table.cards import library
from table.engine import DecisionKind, Phase
from table.engine.decisions import Illegal
from table.engine.game import GameConfig
from table.game import Game
from table.langs import LANGS
from table.ui import scenes, screens
from table.ui.screens import Screen
from table.ui.strings import text

from . import boxseat
from .asking import Answer, Prompt, Refuse, View
from .bridge import LoopBridge
from .mode import DemoMode
from .present import game_view, refusal, winner_frame
from .prompts import for_decision
from .stage import FPS, Stage
from .supervisor import Supervisor
from .versus import VISITOR, Versus
from .visitor import bye_screen, commentary, invite_screen, not_held, shot_card, shot_result

if TYPE_CHECKING:
    from table.devices.build import Devices

log = logging.getLogger("worms-table.demo")

IDLE_S = 60.0           # a visitor silent this long hands the table back to the bots
BYE_S = 3.0             # "back to the show in a moment"
RESULT_S = 4.0          # what the visitor's shot did, before that
NOTICE_S = 2.5          # an error shown to the visitor
ASK_S = 0.7             # a bot's decision on show before it answers
AFTER_S = 0.5           # the answer's commentary after its animations
OVER_S = 5.0            # the winner
INVITE_S = 3.0          # the invitation between games
INVITE_EVERY = 6        # during a game, the invitation again after this many bot answers
DEMO_ROUNDS = 6
DEMO_TEAMS = 2
#: who plays the show: the box at its easy level ("greedy": the same, its old name) or random
#: answers; the show's bots answer on its loop, where the normal level's look (up to 0.4 s on
#: a desktop, seconds on a Pi) and the hard level's search would hold the show up
SHOW_BOTS = {"easy": "easy", "greedy": "easy", "random": ""}


class Demo:
    """The show on ``devices`` (wind, leds, display); inputs through :meth:`press`/:meth:`tap`."""

    game: Game                    # the game on show (set by _new_game)

    def __init__(self, devices: Devices, *, lang: str = "en", seed: int | str = 0,
                 bots: str = "easy", idle_s: float = IDLE_S,
                 clock: Callable[[], float] = time.monotonic, cards: dict | None = None,
                 rounds: int = DEMO_ROUNDS, fps: int = FPS, tags: dict[str, str] | None = None):

        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        if bots not in SHOW_BOTS:
            raise ValueError(f"bots must be one of {', '.join(SHOW_BOTS)}, not {bots!r}")
        self.devices = devices
        # the devices' threads hand their inputs to the loop (run_async's) through the bridge
        self.bridge = LoopBridge()
        self.supervisor = Supervisor(devices, clock=clock, on_fault=_warn, bridge=self.bridge,
                                     on_input=self._input, on_tap=self._tagged)
        # a tag read as its card: the enrol table of `worms-table enroll` (UID -> card id)
        self.tags = {uid.upper(): card for uid, card in (tags or {}).items()}
        self.lang = lang
        self.seed = seed
        self.level = SHOW_BOTS[bots]   # the box's level at every seat ("": random answers)
        self.idle_s = idle_s
        self.clock = clock
        self.cards = library() if cards is None else cards
        self.config = GameConfig(teams=DEMO_TEAMS, max_rounds=rounds)
        self.grid = frozenset(devices.leds.hexes)
        self.supervisor.open_all()
        self.stage = Stage(self.supervisor, self.grid, clock=clock, fps=fps)
        self.games = 0            # games finished
        self.decisions = 0        # answers given (bots and visitors)
        self.visits = 0           # visitors' turns begun
        self.mode = DemoMode.SHOW
        self.prompt: Prompt | None = None   # the decision on show (a bot's, or the visitor's)
        self.visitor_team: str | None = None
        # the card lying on the reader, or None (None: the reader's, :meth:`card_of`)
        self.lying: Callable[[], str | None] | None = None
        self.wake: asyncio.Event | None = None      # set by an input (run_async's)
        self.last_input = clock()
        self._until = 0.0         # bye / notice shown until this time
        self._notice: Screen | None = None   # shown over the visitor's prompt until _until
        self._said, self._bye_at = False, 0.0   # a mistake said; the shot's result until then
        self._pending: list = []  # animations queued by a visitor's answer
        self._visit_at = 0        # the events before the visitor's turn
        self._invite = True
        self._beats = 0           # bot answers since the invitation was last on show
        self._invites = 0         # invitations shown (every other one: the game against the box)
        self.versus: Versus | None = None   # the visitor's short game against the box, if on
        self._show_game: Game | None = None  # the show's game, while the visitor plays the box
        self._new_game()

    # -- the game and its bots -------------------------------------------------------------
    def _new_game(self) -> None:
        n = self.games
        self.game = Game.new(self.config, f"demo:{self.seed}:{n}", self.cards)
        self.prompt = None
        self._invite = True

    def _bot_answer(self) -> Any:
        """A seat's answer, as the table's box gives it (table/app/boxseat.py): a bot of the
        show's level made for the position (the same position, the same answer)."""
        game = self.game
        if not self.level:                    # (a quick stand-in, for tests and stress runs)
            return RandomBot(f"{game.seed}:{len(game.log)}")(game)
        return boxseat.choose(game, game.seed, self.level)

    def view(self) -> View:
        return game_view(self.lang, self.game, self.grid, self.cards)

    def _answer(self, value: Any) -> list:
        """Give the game ``value``; return the animations of what it made happen."""
        game = self.game
        seen = len(game.events)
        wind = game.board.wind
        game.answer(value)
        self.decisions += 1
        new = game.events[seen:]
        base = scenes.board_frame(game.board, self.grid)
        if game.board.wind != wind:
            self.stage.point(game.board.wind)
        self._commentary(new)
        return scenes.event_scenes(new, base, self.grid)

    # -- drawing (the stage's: table/app/stage.py) ------------------------------------------
    @property
    def last_screen(self) -> Screen | None:
        """The OLED's screen now."""
        return self.stage.screen

    def draw(self) -> None:
        """What changed since the last draw: one snapshot, on the devices and the page."""
        self.stage.draw(self.mode, self.lang)

    def _commentary(self, events: list) -> None:
        """What just happened, on the OLED: the first change to the board, in words."""
        screen = commentary(self.lang, events, self.game.board, self.view)
        if screen is not None:
            self.stage.show(screen)

    def _draw_prompt(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        view = self.view()
        self.stage.show(prompt.screen(view))
        self.stage.show_scene(lambda t: prompt.frame(view, t), prompt.animated)

    def _ask(self) -> Prompt | None:
        """The game's decision as the table asks it (None: the game is over), on show next."""
        d = self.game.request
        self.prompt = for_decision(d, self.view()) if d is not None else None
        return self.prompt

    def _pace(self) -> float:
        """How long the prompt on show holds before the next beat (less when it moves)."""
        return 0.25 if self.prompt is not None and self.prompt.animated else 1.0

    # -- the beats ---------------------------------------------------------------------------
    def step(self) -> tuple[list, float]:
        """Do the next beat, drawn; return (animations [(scene, seconds)], seconds to hold
        after)."""
        out = self._beat()
        self.draw()
        return out

    def _beat(self) -> tuple[list, float]:
        now = self.clock()
        if self.mode in (DemoMode.VISITOR, DemoMode.VERSUS):
            if now - self.last_input >= self.idle_s:
                log.info("demo: the visitor left; back to the show")
                self._back_to_show()
            elif self.mode == DemoMode.VERSUS and self.versus is not None:
                return self._versus_beat(now, self.versus)
            else:
                return self._visitor_beat(now)
        if self.mode == DemoMode.BYE:
            if self._bye_at and now >= self._bye_at:     # the result was read: goodbye
                self._bye_at = 0.0
                self.stage.show(bye_screen(self.lang))
            if now < self._until:
                return [], min(self._until, self._bye_at or self._until) - now
            self.mode = DemoMode.SHOW
        return self._show_beat()

    def _show_beat(self) -> tuple[list, float]:
        game = self.game
        if self._invite or (self._beats >= INVITE_EVERY and self.prompt is None):
            self._invite, self._beats = False, 0
            self._invites += 1
            self.stage.show(invite_screen(self.lang, versus=self._invites % 2 == 0))
            self.stage.point(game.board.wind)
            base = scenes.board_frame(game.board, self.grid)
            self.stage.show_frame(base)
            return [(scenes.wind_arrow(self.grid, game.board.wind, base=base), INVITE_S)], 0.0
        if game.request is None:
            winners = list(game.result.winners) if game.result else []
            self.stage.show(screens.winner(self.lang, winners[0] if len(winners) == 1 else None,
                                            shared=winners))
            self.stage.show_frame(winner_frame(self.view(), winners))
            self.games += 1
            log.info("demo: game %d over (%s)", self.games, ", ".join(winners) or "a draw")
            self._new_game()
            return [], OVER_S
        if self.prompt is None:
            self._ask()
            self._draw_prompt()
            return [], ASK_S
        self.prompt = None
        self._beats += 1
        animations = self._answer(self._bot_answer())
        self.stage.show_frame(animations[0][0](0.0) if animations
                        else scenes.board_frame(game.board, self.grid))
        return animations, AFTER_S

    def _visitor_beat(self, now: float) -> tuple[list, float]:
        pending, self._pending = self._pending, []
        if self._notice is not None and now >= self._until:
            self._notice = None
        if self._notice is not None:
            self.stage.show(self._notice)
            return pending, self._until - now
        self._draw_prompt()
        return pending, self._pace()

    # -- the devices (the supervisor's, as in the daemon) ------------------------------------
    def _input(self, event) -> None:
        self._woken(self.press, event)

    def _tagged(self, uid: str) -> None:
        self._woken(self.tap, self.card_of(uid))

    def _woken(self, fn: Callable[[Any], None], arg: Any) -> None:
        """An input, on the loop: never the end of the show; its screen goes up at once."""
        try:
            fn(arg)
        except Exception:
            log.exception("demo: input failed")
        if self.wake is not None:
            self.wake.set()

    def card_of(self, uid: str) -> str | None:
        """The card of a tag: enrolled (:attr:`tags`), else a sim tag (table.cards.simtags)."""
        from table.cards.simtags import card_for_uid

        found = self.tags.get(uid.upper())
        return found if found in self.cards else card_for_uid(uid, self.cards)

    def _on_reader(self) -> str | None:
        reader = self.supervisor.dev.get("card_reader")
        uid = reader.current if reader is not None else None
        return self.card_of(uid) if uid else None

    def retry(self) -> None:
        """Missing devices opened again, failing ones tried again (every ``retry_s``)."""
        missing = self.supervisor.missing()
        for name in missing:
            self.supervisor.open(name)
        if missing or self.supervisor.faults:
            self.stage.changed()
            self.draw()

    # -- the visitor -------------------------------------------------------------------------
    def press(self, event) -> None:
        """A button: starts a visitor's turn, or goes to the visitor's prompt.  A card already
        lying on the reader is the visitor's card.  Drawn."""
        self._press(event)
        self.draw()

    def _press(self, event) -> None:
        self.last_input = self.clock()
        if self.mode != DemoMode.VERSUS and event.name == "ok" and event.long:
            self._start_versus()
            return
        if self.mode == DemoMode.VERSUS:
            self._notice = None
            if self.prompt is not None:
                self._outcome(self.prompt.press(event))
            return
        if self.mode != DemoMode.VISITOR:
            prompt = self._start_visit()
            lying = self.lying() if self.lying is not None else self._on_reader()
            if lying is not None and prompt is not None:
                self._outcome(prompt.tap(shot_card(prompt, lying)))
            return
        self._notice = None
        if self._said:                 # the button that reads a mistake only clears it
            self._said = False
            self._draw_prompt()
            return
        if self.prompt is not None:
            self._outcome(self.prompt.press(event))

    def tap(self, card_id: str | None) -> None:
        """A card on the reader (None: a tag no card has).  Drawn."""
        self._tap(card_id)
        self.draw()

    def _tap(self, card_id: str | None) -> None:
        self.last_input = self.clock()
        if self.mode == DemoMode.VERSUS:
            if self.prompt is not None:
                self._outcome(self.prompt.tap(card_id))
            return
        if self.mode != DemoMode.VISITOR:
            shot = shot_card(self._start_visit(), card_id)  # any card starts the shot...
            if shot != card_id and card_id is not None:   # ...said when the team has another
                self._notice = not_held(self.lang, self.cards, card_id, shot)
                self._until, self._said = self.clock() + NOTICE_S, True
                return self.stage.show(self._notice)
            card_id = shot
        self._notice, self._said = None, False
        if self.prompt is not None:
            self._outcome(self.prompt.tap(card_id))

    def _start_visit(self) -> Prompt | None:
        """The bots play on to the weapon step; the visitor takes it from there (its prompt)."""
        self.visits += 1
        self._invite = False
        for _ in range(10_000):
            game = self.game
            if game.request is None:
                self.games += 1
                self._new_game()
                self._invite = False
                continue
            if game.turn.step == Phase.WEAPON and game.request.kind == DecisionKind.CARD:
                break
            self._answer(self._bot_answer())
        self.mode = DemoMode.VISITOR
        self.visitor_team = self.game.turn.team
        self._visit_at = len(self.game.events)     # (what the visitor's shot did: from here)
        prompt = self._ask()
        self._pending = []
        log.info("demo: a visitor plays the %s team's weapon", self.visitor_team)
        self._draw_prompt()
        return prompt

    def _outcome(self, out: Answer | Refuse | None) -> None:
        if out is None:
            self._draw_prompt()
            return
        if isinstance(out, Refuse):
            self._notice = refusal(out, self.lang)
            self._until, self._said = self.clock() + NOTICE_S, self.mode == DemoMode.VISITOR
            self.stage.show(self._notice)
            return
        if not isinstance(out, Answer):
            return
        try:
            self._pending.extend(self._answer(out.value))
        except Illegal as err:
            self._notice = screens.message(text("error.title", self.lang), str(err))
            self._until = self.clock() + NOTICE_S
            self.stage.show(self._notice)
            return
        game = self.game
        if self.mode == DemoMode.VERSUS:        # the next beat: the box, or the next prompt
            self.prompt = None
            return
        if (game.request is not None and game.turn.team == self.visitor_team
                and game.turn.step == Phase.WEAPON):
            self._ask()
            return
        self.mode, self.prompt = DemoMode.BYE, None     # what the shot did, then goodbye
        self._bye_at = self.clock() + RESULT_S
        self._until = self._bye_at + BYE_S
        self.stage.show(screens.message(*shot_result(self.lang, self.game, self.visitor_team,
                                                         self._visit_at)))

    # -- a short game against the box --------------------------------------------------------
    def _start_versus(self) -> None:
        self.visits += 1
        self._show_game = self._show_game or self.game
        self.versus = Versus(f"versus:{self.seed}:{self.visits}", self.cards)
        self.game = self.versus.game
        self.mode, self.prompt, self._notice, self._pending = DemoMode.VERSUS, None, None, []
        self.visitor_team = VISITOR
        log.info("demo: a visitor plays a short game against the box")

    def _versus_beat(self, now: float, versus: Versus) -> tuple[list, float]:
        if self._notice is not None and now < self._until:
            self.stage.show(self._notice)
            return [], self._until - now
        self._notice = None
        pending, self._pending = self._pending, []
        out = versus.outcome()
        if out is not None:
            key = {None: "demo.versus_draw", self.visitor_team: "demo.versus_win"}.get(
                out.winner, "demo.versus_lose")
            self._back_to_show()
            self.mode, self._until = DemoMode.BYE, now + OVER_S
            self.stage.show(screens.message(text("demo.title", self.lang), text(key, self.lang)))
            return pending, OVER_S
        if not versus.visitors_turn:          # the box's move (the easy level: quick)
            return pending + self._answer(boxseat.choose(self.game, versus.seed)), AFTER_S
        if self.prompt is None:
            self._ask()
        self._draw_prompt()
        return pending, self._pace()

    def _back_to_show(self) -> None:
        """The show again, on the game it was playing before a visitor took the box on."""
        if self._show_game is not None:
            self.game, self._show_game, self.versus = self._show_game, None, None
        self.mode, self.prompt, self._notice = DemoMode.SHOW, None, None

    # -- at full speed -----------------------------------------------------------------------
    def play_games(self, games: int, visitor=None) -> None:
        """Run until ``games`` more games are over, with no pauses: every animation is drawn at
        its start and its end.  ``visitor(demo)``, if given, is called before each beat (a
        scripted visitor pressing and tapping)."""
        target = self.games + games
        while self.games < target:
            if visitor is not None:
                visitor(self)
            self.draw_ends(self.step()[0])

    def draw_ends(self, animations: list) -> None:
        """Each animation drawn at its start and its end (no pauses)."""
        for scene, seconds in animations:
            for t in (0.0, seconds):
                self.stage.show_frame(scene(t))
                self.draw()


def _warn(name: str, err) -> None:
    log.warning("demo: %s: %s", name, err)
