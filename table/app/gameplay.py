"""The game in play, as the daemon keeps it: started, resumed from the journal, answered,
undone, timed out, dropped when storage fails; each change's new engine events become steps the
players copy (a :class:`Tracker` follows the board, a :class:`StepQueue` holds the steps and
how far the players got, saved so that a restart repeats none).

:class:`GamePlay` is a part of the daemon (table/app/daemon.py), as the box seats and the
teacher are: it holds the journaled game and its tracker, and changes what the table shows
only through the table's one state (table/app/core/tablestate.py).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, NamedTuple

from table.engine.board import Board
from table.engine.decisions import DecisionKind, Illegal
from table.engine.game import TURN_PHASES, GameConfig
from table.journal import JournaledGame, JournalError
from table.ui import screens

from table.app import boxseat
from table.app.asking.prompts import Notice, undo_refused, undone
from table.app.core.mode import Mode
from table.app.resume import latest_game, steps_as_shown, tracker_for
from table.app.showing.putback import undo_steps
from table.app.showing.taps import with_drop_tap
from table.app.showing.tracker import Tracker
from table.app.showing.views import Step

log = logging.getLogger("worms-table")


class Noted(NamedTuple):
    """What the page shows while a step is the next to copy, noted when its batch of changes
    was made (:meth:`GamePlay.page_board`)."""

    step: Any
    before: Board                   # the board before its batch of changes
    after: Board                    # after it
    changed: frozenset              # the hexes of the batch changed before the step
    with_step: frozenset            # and with it
    team: str | None                # the team whose turn it was before the batch
    events: int                     # the engine events up to the batch's end (the log's)
    hands: dict[str, tuple]         # each team's hand when the batch was made


class GamePlay:
    """The daemon's game: ``jg`` (the journaled game, or None), ``tracker`` (the board as the
    players have it), ``seen`` (the engine events already made steps)."""

    def __init__(self, daemon: Any) -> None:
        self.d = daemon                       # the daemon (table/app/daemon.py)
        self.jg: JournaledGame | None = None
        self.tracker: Tracker | None = None
        self.seen = 0
        # id(step) -> what the page shows while it is the next to copy
        self.boards: dict[int, Noted] = {}
        self.team: str | None = None          # the team to play once the steps are copied

    def in_play(self) -> tuple[JournaledGame, Tracker]:
        """The game in play and its tracker (what play's methods work on)."""
        if self.jg is None or self.tracker is None:
            raise RuntimeError("no game in play")
        return self.jg, self.tracker

    def resume(self, game_id: int | None = None) -> bool:
        """Pick up the game in play from the journal (table/app/resume.py), or game
        ``game_id``; False if there is none."""
        d = self.d
        try:
            jg = latest_game(d.journal) if game_id is None or d.journal is None else \
                JournaledGame.load(d.journal, game_id)
        except JournalError as err:
            d.guard.resume_failed(err)
            self.jg = None
            return False
        if jg is None:
            return False
        self.jg, events = jg, jg.game.events
        shown, cuts, done = d.store.progress(jg.game_id, len(events))
        self.tracker = tracker = tracker_for(jg.game, d.settings)
        d.queue.replace(steps_as_shown(tracker, events, shown, cuts), shown)
        d.queue.resume_at(cuts, done)         # (saved only once whole: a cut now loses nothing)
        self.save_progress()
        self.seen, self.team = len(events), jg.game.turn.team
        d.state.set(mode=Mode.PLAY)
        self.check_timer()
        log.info("resumed game %s at turn %s", jg.game_id, jg.game.turn.number)
        return True

    def start(self, config: GameConfig, seed: int | str | None = None) -> None:
        """A new game of ``config`` (``seed``: the daemon's, else a random one)."""
        d = self.d
        if d.journal is None:                 # (storage failed: the guard says so)
            raise JournalError(f"no journal open in {d.state_dir}")
        import secrets                        # (here: a start with no new game pays nothing)

        seed = seed if seed is not None else d.seed if d.seed is not None else \
            secrets.randbelow(2 ** 31)
        self.jg = jg = JournaledGame.new(d.journal, config, seed, dict(d.cards))
        d.settings.update(lang=d.lang, last_map=[list(h) for h in config.land or ()])
        d.store.save_settings(d.settings)
        self.tracker = tracker = tracker_for(jg.game, d.settings)
        events = jg.game.events
        self.seen = len(events)
        before = tracker.board.copy()
        steps = tracker.steps(events)
        self._set_steps(steps, base=0)
        self._note(steps, before, tracker, None, base=0)
        d.state.set(mode=Mode.PLAY)
        d.wizard = None
        self.check_timer()
        log.info("new game %s: %s teams, seed %s", jg.game_id, config.teams, seed)

    def _set_steps(self, steps: Iterable[Any], base: int | None = None) -> None:
        steps = list(steps)
        self.boards = {}
        events = self.jg.game.events if self.jg is not None else []
        self.d.queue.replace(steps, len(events) if base is None or not steps else base)
        self.save_progress()

    def save_progress(self) -> None:
        """How far the players have copied the steps (synced: a restart repeats none)."""
        if self.jg is not None:
            self.d.store.save_progress(self.jg.game_id,
                                       *self.d.queue.progress(len(self.jg.game.events)))

    def after_change(self) -> None:
        """New engine events -> steps; the turn timer."""
        jg, tracker = self.in_play()
        queue = self.d.queue
        events = jg.game.events
        seen, new = self.seen, events[self.seen:]
        self.seen = len(events)
        before, team = tracker.board.copy(), self.team
        asked = jg.game.request                  # (the players' tap of a card drawn, next?)
        tapped = asked.item if asked is not None and asked.kind is DecisionKind.CARD_TAPPED \
            and asked.actor not in tracker.box else None
        steps = tracker.steps(new, tap_asked=tapped == "supply",
                              worm_asked=asked is not None and asked.kind is DecisionKind.WORM
                              and jg.game.turn.team not in tracker.box)
        if tapped == "drop":                     # (the Drop card turned over and tapped next)
            with_drop_tap(steps)
        if queue:
            if queue.extend(steps, seen):
                self.save_progress()
        else:
            self._set_steps(steps, base=seen)
        self._note(steps, before, tracker, team, base=seen)
        self.check_timer()

    def _note(self, steps: list, before: Board, tracker: Tracker, team: str | None,
              base: int) -> None:
        """For each of ``steps``, just made by ``tracker`` from the board ``before`` in
        ``team``'s turn of the engine events from ``base`` on: the board as the players have
        it once they copy it, the events up to its batch (:meth:`page_board`)."""
        start = 0
        game = self.jg.game if self.jg is not None else None
        hands = {t: tuple(h) for t, h in game.hands.items()} if game is not None else {}
        for end, after, made_of in tracker.marks:
            events = base + made_of
            changed: frozenset = frozenset()
            for step in steps[start:end]:
                hexes = touched(step)
                self.boards[id(step)] = Noted(step, before, after, changed, changed | hexes, team,
                                              events, hands)
                changed = changed | hexes
            start, before = end, after
        self.team = self.jg.game.turn.team if self.jg is not None else None

    def as_copied(self, prompt: Any) -> dict[str, Any]:
        """The table as the players have it, as the page shows it with ``prompt`` on show
        (:func:`table.app.showing.pageview.page_view`'s ``board``, ``before``, ``changed``,
        ``team``, ``events``, ``hands``): while a change is being copied, the board with the
        changes copied so far and that one, the team whose turn made them, the turn log up to
        their batch and the hands as they were then, never the tracker's board, a later
        batch's events or the next team ahead of the steps."""
        queue = self.d.queue
        noted = self.page_board(queue.steps[0]) if queue else None
        if noted is None:
            return {"board": self.tracker and self.tracker.board}
        on_show = isinstance(prompt, Step)      # the change being copied: its hexes too
        return {"board": noted.after, "before": noted.before,
                "changed": noted.with_step if on_show else noted.changed, "team": noted.team,
                "events": noted.events, "hands": noted.hands}

    def page_board(self, step: Any) -> Noted | None:
        """What the page shows while ``step`` is the next to copy (:class:`Noted`); None for
        a step made otherwise (after an undo, a resume: the tracker's board, the whole log)."""
        noted = self.boards.get(id(step))
        return noted if noted is not None and noted.step is step else None

    def answer(self, value: Any) -> None:
        jg, _ = self.in_play()
        try:
            jg.answer(value)
        except Illegal as err:           # cannot happen through a prompt; say so if it does
            log.warning("refused answer %r: %s", value, err)     # (the engine's words: the log's)
            self.d.state.set(overlay=Notice(lambda v: screens.error(v.lang, "error.answer_refused")))
            return
        self.d.shown.forget_asked()
        self.after_change()

    def undo(self) -> None:
        d = self.d
        if self.jg is None or self.jg.game.result is not None or d.box.busy:
            return
        jg, tracker = self.in_play()
        before, gone = self._players_board(jg, tracker), jg.game.log[-1:]
        if not jg.undo():
            d.state.set(overlay=undo_refused(gone[-1] if gone else {}, jg.game.events))
            return
        boxseat.unwind(jg)                    # back to the last answer people gave
        d.shown.forget_asked()
        self.tracker = tracker = tracker_for(jg.game, d.settings)
        events = jg.game.events
        tracker.apply(events)
        self.seen, self.team = len(events), jg.game.turn.team
        self._set_steps(undo_steps(before, tracker.board))
        self.save_progress()
        d.state.set(overlay=undone(gone, d.cards))

    def _players_board(self, jg: JournaledGame, tracker: Tracker) -> Board:
        """The board as the players have it: the tracker's, less the changes on steps not
        yet copied (none of the queue's copied: the board before its events, so an undo of a
        mistyped die never asks to put back what was never moved)."""
        q = self.d.queue
        if q and q.done == 0:
            start = tracker_for(jg.game, self.d.settings)
            start.apply(jg.game.events[:q.base])
            return start.board
        return tracker.board.copy()

    def check_timer(self) -> None:
        self.d.timer.check(self.jg.game if self.jg is not None else None,
                           copying=bool(self.d.queue))

    def time_up(self) -> None:
        """The turn timer ran out: the engine's time-up, journaled like an answer."""
        d, jg = self.d, self.jg
        d.timer.deadline = None
        if jg is None or jg.game.request is None or jg.game.turn.step not in TURN_PHASES or \
                d.box.busy:
            return
        game = jg.game
        try:
            jg.time_up()                    # journaled like an answer
        except Illegal:
            return
        except JournalError as err:         # nothing in memory ahead of the file
            d.guard.failed(err)
            return
        d.shown.forget_asked()
        self.after_change()
        d.state.set(overlay=Notice(lambda v: screens.timer(v.lang, 0, game.turn.team)))

    def drop(self) -> None:
        """Storage failed: the game in memory may be ahead of the file."""
        d = self.d
        self.jg = None
        self.tracker = None
        d.queue.clear()
        d.timer.reset()
        d.shown.forget()
        d.state.set(overlay=None, mode=Mode.STORAGE)


def touched(step: Any) -> frozenset:
    """The hexes copying ``step`` changes: where its changes are, and where a moved Thing
    comes from."""
    return frozenset(step.hexes) | {c.src for c in step.changes if c.src is not None}


__all__ = ["GamePlay", "Noted", "touched"]
