"""The shop demo's show (`worms-table demo`): the table daemon with the box in every seat.

:class:`Show` is a part the :class:`Daemon` (table/app/daemon.py) is given, as it is given its
box seats and its teacher: ``Daemon(devices, None, show=Show(...))``.  The daemon keeps its
state in memory (it writes nothing: a shop demo runs for days on an SD card), draws one
snapshot per change as at the table, and hands each input to the show first.

The show plays short whole games (two teams, six rounds, the box's easy level at every seat,
table/app/boxseat.py ``choose``), one beat at a time (:meth:`Show.beat`, paced on a daemon
task, table/app/core/tasks.py): the decision on show as the table asks it, then the answer's events
as LED animations under a line saying what happened (table/app/demo/visitor.py ``commentary``),
then the steps the players would copy, each a short beat; the winner; a new game.  The
invitation comes between games and every few answers (every other one offers the game
against the box).

A visitor's shot (any press or tap): the box plays on to the weapon step of the team to play,
and the visitor answers from there through the daemon's own input path (table/app/inputs.py,
the table's prompts); when the weapon step is over, what the shot did, then "back to the
show".  Hold OK: a short game against the box (table/app/demo/versus.py), then the show's game goes
on from the journal.  A visitor silent for ``idle_s`` hands the table back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from table.bots import RandomBot
from table.engine import DecisionKind, Phase
from table.engine.game import GameConfig
from table.journal import JournalError
from table.langs import LANGS
from table.ui import scenes, screens
from table.ui.strings import text

from table.app import boxseat
from table.app.demo import footing, shot, versus
from table.app.asking.prompt import Prompt
from table.app.core.mode import Act
from table.app.demo.pace import (AFTER_S, ASK_S, BYE_S, CODE_S, IDLE_S, INVITE_EVERY, INVITE_S,
                                 NOTICE_S, OVER_S, READ_S, RESULT_S, STEP_S, WAIT_S)
from table.app.demo.showinputs import Daemon, ShowInputs
from table.app.demo.visitor import Scene, bye_screen, chained, commentary, invite_screen, shot_result

log = logging.getLogger("worms-table.demo")

DEMO_ROUNDS = 6
DEMO_TEAMS = 2
#: who plays the show: the box at its easy level ("greedy": the same, its old name) or random
#: answers; the show answers on the loop, where the normal level's look (seconds on a Pi) and
#: the hard level's search would hold it up
SHOW_BOTS = {"easy": "easy", "greedy": "easy", "random": ""}


class Show:
    """The show a :class:`Daemon` plays (``show=``); its counters: ``games`` over,
    ``decisions`` answered by the box, ``visits`` begun."""

    def __init__(self, *, lang: str = "en", seed: int | str = 0, bots: str = "easy",
                 idle_s: float = IDLE_S, rounds: int = DEMO_ROUNDS,
                 games: int | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        if bots not in SHOW_BOTS:
            raise ValueError(f"bots must be one of {', '.join(SHOW_BOTS)}, not {bots!r}")
        self.lang = lang
        self.seed = seed
        self.level = SHOW_BOTS[bots]      # the box's level at every seat ("": random answers)
        self.idle_s = idle_s
        self.limit = games                # stop the daemon once this many games are over
        self.config = GameConfig(teams=DEMO_TEAMS, max_rounds=rounds,
                                 box=(("blue", "easy"), ("red", "easy")))
        self.games = 0
        self.decisions = 0
        self.visits = 0
        self.act = Act.SHOW
        self.visitor_team: str | None = None
        self.last_input = 0.0
        self.wake = asyncio.Event()       # set by an input: the paced beat comes at once
        self._d: Daemon | None = None
        self.mine: Prompt | None = None  # the show's own screen on show (the overlay)
        self._other: tuple[Prompt, float] | None = None   # another notice, and since when
        self._invite = True
        self._beats = 0                   # answers since the invitation was last on show
        self._invites = 0                 # invitations shown (every other one: versus)
        self._visit_at = 0                # the events before the visitor's turn
        self._until = 0.0                 # BYE: the result, then goodbye, until then
        self._bye_at = 0.0
        self._show_game: int | None = None   # the show's game (its id), during a versus game
        self.inputs = ShowInputs(self)    # what a visitor's press or tap does (showinputs.py)

    # -- the daemon's -------------------------------------------------------------------------
    @property
    def d(self) -> Daemon:
        if self._d is None:
            raise RuntimeError("the show is not on a daemon yet: Daemon(..., show=show)")
        return self._d

    def attach(self, daemon: Daemon) -> None:
        """Played by ``daemon`` (its setup's, Daemon.open_state)."""
        self._d = daemon
        daemon.state.set(lang=self.lang)
        self.last_input = daemon.clock()

    def begin(self) -> None:
        """The first game (Daemon.start, instead of the wizard)."""
        self._new_game()

    def put(self, prompt: Prompt | None) -> None:
        """The show's own screen over the game (None: nothing over it, a notice neither)."""
        self.mine = prompt
        self.d.state.set(overlay=prompt)

    def ours(self) -> bool:
        return self.d.overlay is not None and self.d.overlay is self.mine

    def _new_game(self) -> None:
        self.d.start_game(self.config, seed=f"demo:{self.seed}:{self.games}")
        self._invite = True

    def _give_up(self) -> None:
        """The game on show finished in the journal (left in play, it would never be pruned)."""
        d = self.d
        if d.jg is None or d.journal is None or d.game is None or d.game.result is not None:
            return
        try:
            d.journal.finish(d.jg.game_id, {"winners": [], "given_up": True})
        except JournalError as err:
            log.warning("demo: %s", err)

    def _choice(self) -> Any:
        """The box's answer at the seat asked (made for the position: the same position, the
        same answer; no jump that may drown, footing.py); random answers are a quick stand-in
        for stress runs."""
        game = self.d.game
        assert game is not None
        if not self.level:
            return RandomBot(f"{game.seed}:{len(game.log)}")(game)
        return footing.dry(game, boxseat.choose(game, game.seed, self.level))

    def _give(self, value: Any, said: screens.Screen | None = None) -> float:
        """The box's answer given; with ``said`` (the screen of the decision), what it did on
        show: its animations under a line saying what happened; seconds to hold it."""
        d = self.d
        game = d.game
        assert game is not None
        seen = len(game.events)
        d.answer(value)
        self.decisions += 1
        if said is None:
            return 0.0
        new = game.events[seen:]
        base = scenes.board_frame(game.board, d.grid)
        scene, seconds = chained(scenes.event_scenes(new, base, d.grid))
        words = commentary(d.lang, new, game.board, d.view)
        if scene is None and words is None:
            return self._hold()
        self.put(Scene(words or said, scene, seconds))
        return max(seconds + AFTER_S, READ_S)

    def _hold(self) -> float:
        """How long what the daemon shows now stays: the winner, a step, the decision."""
        d = self.d
        if d.queue:
            return STEP_S
        game = d.game
        return OVER_S if game is None or game.result is not None else ASK_S

    # -- the beats ----------------------------------------------------------------------------
    def beat(self) -> float:
        """The next beat of the show, drawn; the seconds to hold it (an input cuts it short)."""
        d = self.d
        try:
            with d.store.one_commit():
                hold = self._beat(d.clock())
        except Exception:                     # never the end of the show
            log.exception("demo: a beat failed; a new game")
            self._back_to_show()
            self._give_up()
            self._new_game()
            hold = ASK_S
        d.render()
        if self.limit is not None and self.games >= self.limit:
            d.stop()
        return hold

    def _beat(self, now: float) -> float:
        if self.act in (Act.VISITOR, Act.VERSUS) and now - self.last_input >= self.idle_s:
            log.info("demo: the visitor left; back to the show")
            self._back_to_show()
        held = self._other_notice(now)
        if held is not None:
            return held
        if self.act == Act.VISITOR:           # (the visitor's to play, and its steps to copy)
            self.visit_over()
            self.offer_shot()
            return WAIT_S
        if self.act == Act.VERSUS:
            return self._versus_beat(now)
        if self.act == Act.BYE:
            if now < self._until:
                if self._bye_at and now >= self._bye_at:    # the result was read: goodbye
                    self._bye_at = 0.0
                    self.put(Scene(bye_screen(self.d.lang)))
                return min(self._until, self._bye_at or self._until) - now
            self.act = Act.SHOW
        return self._show_beat()

    def _other_notice(self, now: float) -> float | None:
        """A notice not the show's (the page's pairing code, a device's fault, a mistake said
        to the visitor) stays on show a while, or until a button; None: there is none."""
        d = self.d
        overlay = d.overlay
        if overlay is None or overlay is self.mine:
            self._other = None
            return None
        if self._other is None or self._other[0] is not overlay:
            self._other = (overlay, now)
        left = self._other[1] + (CODE_S if self.act == Act.SHOW else NOTICE_S) - now
        if left > 0:
            return left
        d.state.set(overlay=None)
        self._other = None
        return None

    def _show_beat(self) -> float:
        d = self.d
        game = d.game
        if self.ours():                      # what the show put up: off, what lies under on
            if self._invite_due() and game is not None and game.result is None:
                return self._invitation()     # (or the invitation, before the next decision)
            self.put(None)
            return self._hold()
        if game is None or (game.result is not None and not d.queue):
            if game is not None:
                self.games += 1
                log.info("demo: game %d over (%s)", self.games,
                         ", ".join(game.result.winners) if game.result else "")
            self._new_game()
        if self._invite_due():
            return self._invitation()
        if d.queue:
            d.queue.confirm()
            d.save_progress()
            if self._invite_due() and game is not None and game.result is None:
                return self._invitation()     # (before the next decision)
            return self._hold()
        said = d.current().screen(d.view())
        self._beats += 1
        return self._give(self._choice(), said)

    def _invite_due(self) -> bool:
        """A new game, or enough answers since the last invitation (and no step to copy)."""
        return self._invite or (self._beats >= INVITE_EVERY and not self.d.queue)

    def _invitation(self) -> float:
        d = self.d
        self._invite, self._beats = False, 0
        self._invites += 1
        board = d.tracker.board if d.tracker is not None else None
        wind = board.wind if board is not None else 1
        base = scenes.board_frame(board, d.grid) if board is not None else {}
        self.put(Scene(invite_screen(d.lang, versus=self._invites % 2 == 0),
                        scenes.wind_arrow(d.grid, wind, base=base), INVITE_S))
        return INVITE_S

    # -- the visitor's shot -------------------------------------------------------------------
    def start_visit(self) -> Prompt:
        """The box plays on to the weapon step of the team to play; the visitor takes it from
        there: its prompt."""
        d = self.d
        self.visits += 1
        self._invite = False
        self.put(None)
        for _ in range(10_000):
            game = d.game
            while d.queue:
                d.queue.confirm()
            if game is None or game.request is None:
                if game is not None:
                    self.games += 1
                self._new_game()
                self._invite = False
                continue
            if game.turn.step == Phase.WEAPON and game.request.kind == DecisionKind.CARD:
                break
            self._give(self._choice())
        d.save_progress()
        game = d.game
        assert game is not None
        self.act = Act.VISITOR
        self.visitor_team = game.turn.team
        self._visit_at = len(game.events)       # (what the visitor's shot did: from here)
        log.info("demo: a visitor plays the %s team's weapon", self.visitor_team)
        return d.current()

    def offer_shot(self) -> None:
        """The visitor's weapon step on show as the weapons its team holds, by name."""
        if self.act in (Act.VISITOR, Act.VERSUS):
            pick = shot.pick_for(self.d, self.visitor_team, self.mine if self.ours() else None)
            if pick is not None and pick is not self.mine:
                self.put(pick)

    def visit_over(self) -> None:
        """Once the visitor's weapon step is over: what the shot did, then goodbye."""
        d = self.d
        game = d.game
        if self.act != Act.VISITOR or game is None or d.queue:
            return
        if (game.request is not None and game.turn.team == self.visitor_team
                and game.turn.step == Phase.WEAPON):
            return
        now = d.clock()
        self.act = Act.BYE
        self._bye_at = now + RESULT_S
        self._until = self._bye_at + BYE_S
        base = scenes.board_frame(game.board, d.grid)
        scene, seconds = chained(scenes.event_scenes(game.events[self._visit_at:], base, d.grid))
        self.put(Scene(screens.message(*shot_result(d.lang, game, self.visitor_team,
                                                     self._visit_at)), scene, seconds))

    # -- a short game against the box ---------------------------------------------------------
    def start_versus(self) -> None:
        d = self.d
        self.visits += 1
        if self._show_game is None and d.jg is not None:
            if d.jg.game.result is None:
                self._show_game = d.jg.game_id
            else:                             # (over, the winner on show: a new one after)
                self.games += 1
        self.put(None)
        d.start_game(versus.config(), seed=f"versus:{self.seed}:{self.visits}")
        self.act = Act.VERSUS
        self.visitor_team = versus.VISITOR
        log.info("demo: a visitor plays a short game against the box")

    def _versus_beat(self, now: float) -> float:
        d = self.d
        game = d.game
        assert game is not None
        if self.ours() and not isinstance(self.mine, shot.WeaponPick):
            self.put(None)
        out = versus.outcome(game)
        if out is not None:
            key = {None: "demo.versus_draw", versus.VISITOR: "demo.versus_win"}.get(
                out.winner, "demo.versus_lose")
            self._back_to_show()
            self.act, self._until, self._bye_at = Act.BYE, now + OVER_S, 0.0
            self.put(Scene(screens.message(text("demo.title", d.lang), text(key, d.lang))))
            return OVER_S
        if d.queue:
            d.queue.confirm()
            d.save_progress()
            return STEP_S
        if boxseat.box_team(game) is not None:      # the box's move (the easy level: quick)
            return self._give(footing.dry(game, boxseat.choose(game, game.seed)),
                              d.current().screen(d.view()))
        self.offer_shot()
        return WAIT_S

    def _back_to_show(self) -> None:
        """The show again, on the game it was playing before a visitor took the box on (the
        short game left finished in the journal)."""
        d = self.d
        if self.act == Act.VERSUS and d.jg is not None and d.journal is not None:
            if d.jg.game_id != self._show_game:
                d.journal.finish(d.jg.game_id, {"winners": [], "versus": True})
            if self._show_game is not None:
                d.resume(self._show_game)
            else:                             # (the show's game was over)
                self._new_game()
            self._show_game = None
        self.act, self.visitor_team = Act.SHOW, None
        self.put(None)

    # -- inputs (the daemon hands them here first: showinputs.py) ---------------------------
    def press(self, d: Daemon, event: Any) -> None:
        self.inputs.press(d, event)

    def tap(self, d: Daemon, uid: str) -> None:
        self.inputs.tap(d, uid)

    def noticed(self) -> None:
        """After an input or a notice: a notice now on show is timed from now."""
        self._other_notice(self.d.clock())

    # -- at full speed ------------------------------------------------------------------------
    def play_games(self, games: int, visitor: Callable[[Show], None] | None = None) -> None:
        """Beat after beat with no pauses until ``games`` more games are over; ``visitor(show)``
        (a scripted visitor pressing and tapping), if given, before each beat."""
        target = self.games + games
        while self.games < target:
            if visitor is not None:
                visitor(self)
            self.beat()


__all__ = ["Act", "IDLE_S", "SHOW_BOTS", "Show"]
