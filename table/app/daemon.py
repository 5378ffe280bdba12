"""The table daemon: one asyncio loop between the game, the screens and the devices.

Threads that libraries start (gpiozero callbacks, serial readers) never touch the game: they
hand each input to the loop through a :class:`LoopBridge` (table/app/core/bridge.py).  On the loop,
an input (table/app/inputs.py) goes to the prompt on show (table/app/asking/prompts.py); an answer
goes to the journaled game; the new engine events become steps the players copy onto the
board, one at a time, confirmed with OK; then the OLED and the LEDs are drawn again.  A ticker
redraws animated LED scenes at a steady rate, runs the turn timer (table/app/core/turntimer.py) and
pings systemd's watchdog; a retry task reopens missing devices (the :class:`Supervisor`,
table/app/core/supervisor.py).

State lives in ``state_dir`` (table/app/storage/folder.py): ``journal.sqlite`` (every answer and chance
outcome, and how far the players have copied the steps, so a power cut resumes exactly where
the game was: table/app/resume.py), ``tags.toml`` (enrolled cards) and ``settings.json``
(language, last map); ``state_dir`` None keeps it all in memory and writes no file (the shop
demo's).  Bad state or failing storage is named on the OLED, never a dead box (the
:class:`StorageGuard`, table/app/storage/guard.py).  The steps wait in a :class:`StepQueue`
(table/app/showing/stepqueue.py); the :class:`Presenter` draws
(table/app/showing/presenter.py); the :class:`TableState` (table/app/core/tablestate.py) is
the one holder of what the table is doing and decides what is on show; :class:`GamePlay`
(table/app/gameplay.py) keeps the game in play.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from table.devices import DeviceError
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.hexgrid import hexagon
from table.journal import Journal, JournaledGame, JournalError
from table.ui import screens

from table.app import boxseat, inputs
from table.app.core import tasks
from table.app.core.bridge import LoopBridge
from table.app.core.mode import Mode
from table.app.core.tablestate import Doing, TableState
from table.app.gameplay import GamePlay
from table.app.core.systemd import Notifier
from table.app.showing.views import fault_notice, game_view
from table.app.onshow import OnShow
from table.app.showing.presenter import Presenter
from table.app.asking.prompts import Notice, Prompt, View
from table.app.storage.folder import StateFolder
from table.app.storage.opening import read_state, unread
from table.app.showing.stepqueue import StepQueue
from table.app.storage.guard import StorageGuard
from table.app.pageside import PageSide
from table.app.core.supervisor import Supervisor
from table.app.teach.teacher import Teacher
from table.app.core.turntimer import TurnTimer
from table.app.showing.tracker import Tracker
from table.app.wizard import Wizard

if TYPE_CHECKING:       # the shop demo's (worms-table demo): not imported by a box's start
    from table.app.demo.show import Show

log = logging.getLogger("worms-table")

KEEP_FINISHED = 20           # finished games kept in the journal (older ones pruned)


class Daemon:
    """The table, made without touching a file or a device; :meth:`setup` reads the state in
    a worker thread (:meth:`open_state`), :meth:`run` starts the devices and the tasks."""
    def __init__(self, devices, state_dir: Path | str | None, *, seed: int | None = None,
                 sim: bool = False, notifier: Notifier | None = None, tag_lookup=None,
                 cards: Mapping | None = None, fps: int = 15, retry_s: float = 3.0,
                 clock=time.monotonic, show: Show | None = None):
        self.devices = devices
        self.state_dir = Path(state_dir) if state_dir is not None else None   # None: in memory
        # read by open_state; never raises: what is wrong is shown (table/app/storage/folder.py)
        self.store = StateFolder(self.state_dir, game_cls=LibraryGame,
                                 keep_finished=KEEP_FINISHED if state_dir is not None else 1)
        self.seed = seed
        self.sim = sim
        self.notifier = notifier or Notifier(None)
        self.cards, self.tags = unread(cards)   # the one library (table/cards): open_state's
        self.tag_lookup = tag_lookup          # extra lookup (the simulator's sim tags)
        self.fps = fps
        self.retry_s = retry_s
        self.clock = clock
        self.page: PageSide = PageSide(self)   # the page's side (app/pageside.py)
        self.bridge = LoopBridge()
        self.supervisor = Supervisor(devices, retry_s=retry_s, clock=clock,
                                     on_fault=self._device_failed, on_back=self._device_back,
                                     bridge=self.bridge, on_input=self.handle_input,
                                     on_tap=self.handle_tap, on_removed=self.page.removed,
                                     on_error=self._fault_and_render,
                                     seen=lambda: self.presenter.on_show)
        self.presenter: Presenter = Presenter(self.supervisor, 1 / fps)   # the ticker's beat
        self.guard = StorageGuard(self.store, status=lambda words: self.notifier.status(words),
                                  on_failed=self._drop_game, on_back=self._start_from_journal,
                                  clock=clock)
        self.queue = StepQueue()
        self.box = boxseat.BoxPlayer(self)    # the teams the box plays (table/app/boxseat.py)
        self.teacher = Teacher(self)          # a card the box does not know (teaching.py)
        self.show = show                      # the shop demo's show (show.py), or None
        self.settings: dict = {}              # (read by open_state)
        # the table's one state: mode, language, the notice over it (core/tablestate.py)
        self.state = TableState(Mode.WIZARD, "en")    # (its language: open_state's)
        self.state.listeners.append(self.presenter.changed)
        self.play = GamePlay(self)            # the game in play (gameplay.py)
        self.wizard: Wizard | None = None
        self.timer = TurnTimer(clock)
        self.shown = OnShow()                 # the prompts built from the state (onshow.py)
        self._t0 = clock()
        self.stopping = asyncio.Event()      # set by stop(), even before run() (a SIGTERM)
        self.opened = False                   # open_state has read the state
        self.ready = False
        if show is not None:      # (the show answers for the box, paced; it teaches no card)
            self.box.off = self.teacher.off = True

    # -- setting up: the files (storage/opening.py) -------------------------------------------
    async def setup(self) -> None:
        """Read the state in a worker thread (:meth:`open_state`), so the loop goes on."""
        if not self.opened:
            await asyncio.to_thread(self.open_state)

    def open_state(self) -> None:
        """The blocking part of starting (no loop needed); the shop demo's show joins in."""
        opened = read_state(self.store, self.cards)
        self.cards, self.tags, self.settings = opened.cards, opened.tags, self.store.settings
        self.state.set(lang=opened.lang or self.lang)
        if self.show is not None:
            self.show.attach(self)
        self.opened = True

    # -- its parts -----------------------------------------------------------------------------
    @property
    def dev(self) -> dict:                  # the devices open, by name
        return self.supervisor.dev

    @property
    def faults(self) -> dict[str, DeviceError]:      # the devices failing, by name
        return self.supervisor.faults

    @property
    def journal(self) -> Journal | None:
        return self.store.journal

    @property
    def mode(self) -> Mode:                 # what the table is doing (the state's)
        return self.state.mode

    @property
    def lang(self) -> str:                  # the players' language (the state's)
        return self.state.lang

    @property
    def overlay(self) -> Prompt | None:     # a notice over what is on show (the state's)
        return self.state.overlay

    # -- the game ------------------------------------------------------------------------------
    @property
    def game(self) -> LibraryGame | None:
        return self.jg.game if self.jg is not None else None

    @property
    def jg(self) -> JournaledGame | None:           # the game in play, journaled
        return self.play.jg

    @property
    def tracker(self) -> Tracker | None:            # the board as the players have it
        return self.play.tracker

    def resume(self, game_id: int | None = None) -> bool:
        """Pick up the game in play from the journal, or game ``game_id`` (GamePlay.resume)."""
        return self.play.resume(game_id)

    def new_wizard(self) -> None:
        self.wizard = Wizard(self.grid, self.lang, cards=self.cards, memory=self.store)
        self.state.set(mode=Mode.WIZARD)
        self.play.jg = None

    def start_game(self, config: GameConfig, seed: int | str | None = None) -> None:
        self.play.start(config, seed)

    def save_progress(self) -> None:
        self.play.save_progress()

    def answer(self, value: Any) -> None:
        self.play.answer(value)

    def undo(self) -> None:
        self.play.undo()

    def check_timer(self) -> None:
        self.play.check_timer()

    def notice(self, what: str, body: str) -> None:
        """Show ``body`` until a button is pressed (the page's pairing code: never logged)."""
        log.info("%s: shown on the table's screen", what)
        self.state.set(overlay=Notice(lambda v: screens.message("worms-table", body)))
        if self.show is not None:
            self.show.noticed()
        if self.ready:
            self.render()

    # -- storage trouble (the guard's hooks) ---------------------------------------------------
    def _drop_game(self) -> None:
        """Storage failed: the game in memory may be ahead of the file."""
        self.play.drop()

    def _start_from_journal(self) -> None:
        if self.store.fault is None and self.resume():
            return
        if self.store.fault is not None:
            self.state.set(mode=Mode.STORAGE)
        elif self.mode != Mode.WIZARD or self.wizard is None:
            self.new_wizard()

    # -- what is on show -----------------------------------------------------------------------
    def settle(self) -> None:
        """Take what :meth:`current` shows next as the state: the next state problem onto the
        screen, a finished game to "over" (after each change; reading changes nothing)."""
        if self.store.fault is not None:
            return
        if self.overlay is None:
            self.state.set(overlay=self.guard.problem_notice())
        if (self.overlay is None and self.mode != Mode.WIZARD and not self.queue
                and not self._game_on()):
            self.state.set(mode=Mode.OVER)
        self.box.poll()                       # a box team's decision: the box starts thinking

    def _game_on(self) -> bool:
        """A game in play, not over."""
        return self.mode == Mode.PLAY and self.game is not None and self.game.result is None

    def doing(self) -> Doing:
        """What the table shows now (the state's rule, :meth:`TableState.doing`)."""
        game = self.game
        return self.state.doing(stopped=self.store.fault is not None,
                                teaching=self.teacher.prompt is not None, copying=bool(self.queue),
                                playing=self._game_on(),
                                asked=game is not None and game.request is not None)

    def current(self) -> Prompt:
        """The prompt on show (the same object until it is answered); changes nothing."""
        doing = self.doing()
        if doing == Doing.WIZARD and self.wizard is None:
            raise RuntimeError("no wizard yet: Daemon.run (or new_wizard) sets it up")
        match doing:
            case Doing.STOPPED:
                return self.guard.prompt() or self.shown.over(self.game)
            case Doing.NOTICE if self.overlay is not None:
                return self.overlay
            case Doing.TEACHING if self.teacher.prompt is not None:
                return self.teacher.prompt
            case Doing.WIZARD if self.wizard is not None:
                return self.wizard.prompt
            case Doing.COPYING:
                return self.shown.step(self.queue)
            case Doing.THINKING:
                return self.state.thinking
            case Doing.ASKING:
                return self.shown.asked(self.game, self.view) or self.shown.over(self.game)
        return self.shown.over(self.game)

    def view(self) -> View:
        game = self.game
        if self.mode == Mode.WIZARD or game is None:
            from table.engine.board import Board
            return View(self.lang, Board(land=set(), wind=1), self.grid, cards=self.cards)
        return game_view(self.lang, game, self.grid, self.cards,
                         self.tracker.board if self.tracker is not None else None)

    @property
    def grid(self) -> frozenset:
        leds = self.dev.get("leds")
        return frozenset(leds.hexes) if leds is not None else frozenset(hexagon((0, 0), 4))

    # -- inputs (on the loop) ------------------------------------------------------------------
    def handle_input(self, event, seen: Prompt | None = None) -> None:
        """A button (table/app/inputs.py says what it does; the show's first), then drawn;
        ``seen``: the prompt on show when it was pressed (:meth:`gone`)."""
        if not getattr(event, "long", False) and self.gone(seen, "press"):
            return
        self._one_input(self.show.press if self.show else inputs.press, event, "input")

    def handle_tap(self, uid: str, seen: Prompt | None = None) -> None:
        """A card tag on the reader (the show's first), then drawn; ``seen``: as for a press."""
        self.page.tapped(uid)
        if not self.gone(seen, "card tap"):
            self._one_input(self.show.tap if self.show else inputs.tap, uid, "card tap")

    def gone(self, seen: Prompt | None, what: str) -> bool:
        """An input made while ``seen`` was on show, and another screen drawn since (the box's
        answer, a step, a notice came in between: a press while "Thinking..." showed): the
        people have not seen the screen it would answer, so it is dropped.  Held buttons are
        the table's own and never dropped; nor the show's inputs (any starts a shot)."""
        if seen is None or seen is self.presenter.on_show or self.show is not None:
            return False
        log.info("a %s made on a screen since gone: dropped", what)
        return True

    def _one_input(self, handle, arg, what: str) -> None:
        try:
            with self.store.one_commit():       # drawn once durable (Journal.batch)
                handle(self, arg)
        except JournalError as err:           # storage failed: nothing ahead of the file
            self.guard.failed(err)
        except Exception:                     # never let one input stop the table
            log.exception("%s %s failed", what, arg)
        self.render()

    # -- drawing -------------------------------------------------------------------------------
    def render(self, leds_only: bool = False) -> None:
        """After a change: a new snapshot, drawn (``leds_only``: the LEDs' next frame)."""
        self.settle()
        prompt, view, t = self.current(), self.view(), self.clock() - self._t0
        snap = self.presenter.animate(prompt, view, t) if leds_only else None
        if snap is None:
            wind = (self.tracker.board.wind if self.mode != Mode.WIZARD and self.tracker
                    is not None else None)
            snap = self.presenter.present(
                prompt, view, t, mode=self.mode, lang=self.lang, wind=wind, page=self.page.fields(
                    prompt, view), clock_left=self.timer.left() if self.overlay is None else None)
        self.page.push(snap)

    # -- the devices (the supervisor's hooks) ---------------------------------------------------
    def _fault_and_render(self, name: str, err: DeviceError) -> None:
        self.supervisor.fault(name, err)
        self.render()

    def _device_failed(self, name: str, err: DeviceError) -> None:
        self.notifier.status(f"fault: {err}")
        if name != "display":
            self.state.set(overlay=fault_notice(name, err))

    def _device_back(self, name: str) -> None:
        self.state.set(overlay=fault_notice(name, None))

    # -- the loop ------------------------------------------------------------------------------
    def start(self) -> None:
        """The devices opened, the game in play (or the wizard, the show's first game) on show;
        the state read in place first unless :meth:`setup` did (the tests, ``demo --fast``)."""
        if not self.opened:
            self.open_state()
        self.settle()                         # a problem reading the state: on show first
        self.supervisor.open_all()
        if self.show is not None:
            self.show.begin()
        elif not self.resume():
            self.new_wizard()
        self.render()
        self.ready = True

    async def run(self, started=None) -> None:
        """Run until :meth:`stop`; ``started`` (a callable) is called once devices are up."""
        self.bridge.loop = asyncio.get_running_loop()
        await self.setup()
        self.start()
        self.notifier.ready(f"devices up; faults: {', '.join(sorted(self.faults)) or 'none'}")
        if started is not None:
            started()
        jobs = [tasks.every(1 / self.fps, self._tick, "the ticker", self.presenter.origin),
                tasks.every(self.retry_s, self._retry, "the retry")]
        if self.notifier.watchdog_interval:
            jobs.append(tasks.watchdog(self.notifier))
        if self.show is not None:
            jobs.append(tasks.paced(self.show.beat, self.show.wake, "the show"))
        try:
            await tasks.run_until(self.stopping, *jobs)
        finally:
            self.stopping = asyncio.Event()  # (stopped: a later run() runs until stop())
            self.notifier.stopping()

    def stop(self) -> None:
        self.stopping.set()

    def _tick(self) -> None:
        """The ticker: the turn timer, its clock on the screen, a change of state not yet
        drawn (the presenter's ``due``), animated LED scenes."""
        if self.timer.expired():
            self.play.time_up()
            self.render()
        elif self.timer.new_second() or self.presenter.due:
            self.render()
        elif self.current().animated or "display" in self.faults:
            self.render(leds_only=True)

    def _retry(self) -> None:
        """Missing devices opened again, failing ones and storage tried again."""
        missing = self.supervisor.missing()
        for name in missing:
            self.supervisor.open(name)
        if missing or self.faults or self.guard.tick():
            self.render()

    def close(self) -> None:
        self.store.close()

