"""The table daemon: one asyncio loop between the game, the screens and the devices.

Threads that libraries start (gpiozero callbacks, serial readers) never touch the game: they
hand each input to the loop with ``loop.call_soon_threadsafe``.  On the loop, an input goes to
the prompt on show (table/app/prompts.py); an answer goes to the journaled game; the new
engine events become steps the players copy onto the board, one at a time, confirmed with OK;
then the OLED and the LEDs are drawn again.  A ticker redraws animated LED scenes at a steady
rate, runs the turn timer and pings systemd's watchdog; a retry task reopens missing devices.

State lives in ``state_dir`` (table/app/state.py): ``journal.sqlite`` (every answer and chance
outcome, and how far the players have copied the steps, so a power cut resumes exactly where
the game was), ``tags.toml`` (enrolled cards) and ``settings.json`` (language, last map).  Bad
state or failing storage is named on the OLED, never a dead box (table/app/storage.py).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time
from pathlib import Path

from table.devices import DeviceError
from table.engine.decisions import Illegal
from table.engine.game import TURN_PHASES
from table.game import Game
from table.journal.store import JournalError
from table.ui import screens
from table.ui.strings import LANGS, text

from .notify import Notifier
from .present import (Legend, Step, box_drawn, game_over, game_view, pending_hexes, push_frame,
                      refusal, start_hands, winner_frame)
from .prompts import Answer, Notice, Prompt, Refuse, View, for_decision
from .state import StateFolder, load_cards
from .hardware import DEVICES, DevicesMixin, _fault_frame, _with_clock
from .storage import StorageMixin
from .tracker import Tracker, undo_steps
from .wizard import Wizard

log = logging.getLogger("worms-table")

KEEP_FINISHED = 20           # finished games kept in the journal (older ones pruned)
PAIR_BUTTON = "1"            # held: the simulator page opens pairing with a new code


class Daemon(DevicesMixin, StorageMixin):
    def __init__(self, devices, state_dir, *, seed: int | None = None, sim: bool = False,
                 notifier: Notifier | None = None, tag_lookup=None, cards: dict | None = None,
                 fps: int = 15, retry_s: float = 3.0, clock=time.monotonic):
        self.devices = devices
        self.state_dir = Path(state_dir)
        # never raises: what is wrong is shown once the devices are up (table/app/state.py)
        self.store = StateFolder(self.state_dir, keep_finished=KEEP_FINISHED, game_cls=Game)
        self.seed = seed
        self.sim = sim
        self.notifier = notifier or Notifier(None)
        if cards is None:
            cards, problem = load_cards()
            self.store.problems += [problem] if problem else []
        self.cards = cards
        self.tags = self.store.tags(cards)
        self.tag_lookup = tag_lookup          # extra lookup (the simulator's sim tags)
        self.fps = fps
        self.retry_s = retry_s
        self.clock = clock
        self.on_render = None                 # called after each redraw (the web view)
        self.on_pair_button = None            # PAIR_BUTTON held: the page opens pairing
        self.dev: dict[str, object] = {}
        self.faults: dict[str, DeviceError] = {}
        self.settings = self.store.settings
        self.lang = self.settings.get("lang", "en") if self.settings.get("lang") in LANGS else "en"
        self.jg = None
        self.tracker: Tracker | None = None
        self.steps: list = []
        self.step_no = 0
        self.step_total = 0
        self._base = 0                        # events before the steps on show
        self._cuts: list[int] = []            # where each later batch of them begins
        self.overlay: Prompt | None = None
        self.wizard: Wizard | None = None
        self.mode = "wizard"
        self.deadline: float | None = None
        self.timer_turn = None
        self._game_prompt: tuple | None = None
        self._step_prompt: tuple | None = None
        self._shown_second = None
        self._events_seen = 0
        self._tried: dict[str, float] = {}
        self._t0 = clock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Event | None = None
        self.ready = False
        self.renders = 0

    # -- the game ------------------------------------------------------------------------------
    @property
    def game(self):
        return self.jg.game if self.jg is not None else None

    def resume(self) -> bool:
        """Pick up the game in play from the journal; False if there is none."""
        from table.journal import JournaledGame
        if self.journal is None:
            return False
        try:
            game_id = self.journal.latest_unfinished()
            if game_id is None:
                return False
            self.jg = JournaledGame.load(self.journal, game_id)
        except JournalError as err:
            self._resume_failed(err)
            return False
        events = self.game.events
        shown, cuts, done = self.store.progress(game_id, len(events))
        self.tracker = self._tracker()
        self.tracker.apply(events[:shown])
        # the steps exactly as they were shown (batch by batch), less those confirmed
        steps = []
        for a, b in zip([shown] + cuts, cuts + [len(events)]):
            steps += self.tracker.steps(events[a:b])
        self._set_steps(steps, base=shown)
        self._cuts = cuts
        self.step_no = min(done, len(steps))
        del self.steps[:self.step_no]
        self._events_seen = len(events)
        self.mode = "play"
        self._check_timer()
        log.info("resumed game %s at turn %s", game_id, self.game.turn.number)
        return True

    def new_wizard(self) -> None:
        self.wizard = Wizard(self.grid, self.lang, self.settings.get("last_map"))
        self.mode = "wizard"
        self.jg = None

    def start_game(self, config) -> None:
        from table.journal import JournaledGame
        seed = self.seed if self.seed is not None else secrets.randbelow(2 ** 31)
        self.jg = JournaledGame.new(self.journal, config, seed)
        self.settings.update(lang=self.lang, last_map=[list(h) for h in config.land])
        self.store.save_settings(self.settings)
        self.tracker = self._tracker()
        events = self.game.events
        self._events_seen = len(events)
        self._set_steps(self.tracker.steps(events), base=0)
        self.mode = "play"
        self.wizard = None
        self._check_timer()
        log.info("new game %s: %s teams, seed %s", self.jg.game_id, config.teams, seed)

    def _tracker(self) -> Tracker:
        game = self.game
        return Tracker(_land(game.config), 1, setup=lambda: setup_board(game),
                       deal=lambda: start_hands(game),
                       drawn=None if game.config.own_decks else lambda: box_drawn(game),
                       # the owner's setting: one change a screen instead of a hex a screen
                       one_each=bool(self.settings.get("one_change_per_screen")))

    def _set_steps(self, steps, base: int | None = None) -> None:
        self.steps = list(steps)
        self.step_no = 0
        self.step_total = len(self.steps)
        self._base = len(self.game.events) if base is None or not self.steps else base
        self._cuts = []
        self._save_progress()

    def _save_progress(self) -> None:
        """How far the players have copied the steps: the events before them, where each
        batch began, how many are confirmed; synced, so a restart repeats none of them."""
        if self.jg is not None:
            if not self.steps:
                self._base, self._cuts, self.step_no = len(self.game.events), [], 0
            self.store.save_progress(self.jg.game_id, self._base, self._cuts, self.step_no)

    def _after_change(self) -> None:
        """New engine events -> steps; the turn timer."""
        events = self.game.events
        seen, new = self._events_seen, events[self._events_seen:]
        self._events_seen = len(events)
        steps = self.tracker.steps(new)
        if self.steps:
            if steps:
                self.steps += steps
                self.step_total += len(steps)
                self._cuts.append(seen)
                self._save_progress()
        else:
            self._set_steps(steps, base=seen)
        self._check_timer()

    def answer(self, value) -> None:
        try:
            self.jg.answer(value)
        except Illegal as err:           # cannot happen through a prompt; say so if it does
            log.warning("refused answer %r: %s", value, err)
            said = str(err)
            self.overlay = Notice(lambda v: screens.message(text("error.title", v.lang), said))
            return
        self._game_prompt = None
        self._after_change()

    def undo(self) -> None:
        if self.jg is None or self.game.result is not None:
            return
        before = copy.deepcopy(self.tracker.board)
        if not self.jg.undo():
            self.overlay = Notice(lambda v: screens.error(v.lang, "error.undo_roll"))
            return
        self._game_prompt = None
        self.tracker = self._tracker()
        events = self.game.events
        self.tracker.apply(events)
        self._events_seen = len(events)
        self._set_steps(undo_steps(before, self.tracker.board))
        self._save_progress()
        self.overlay = Notice(lambda v: screens.message(text("undo.done", v.lang),
                                                        text("prompt.ok", v.lang)))

    def _check_timer(self) -> None:
        game = self.game
        if game is None or game.timer is None or game.result is not None:
            self.deadline = None
            return
        turn = game.turn
        if turn.step not in TURN_PHASES:
            self.deadline = None
            return
        if turn.number != self.timer_turn and not self.steps:
            # the clock starts once the players have copied the last turn's changes
            self.timer_turn = turn.number
            self.deadline = self.clock() + game.timer

    def _time_up(self) -> None:
        game = self.game
        self.deadline = None
        if game is None or game.request is None or game.turn.step not in TURN_PHASES:
            return
        try:
            self.jg.time_up()               # journaled like an answer
        except Illegal:
            return
        except JournalError as err:         # nothing in memory ahead of the file
            self.storage_failed(err)
            return
        self._game_prompt = None
        self._after_change()
        self.overlay = Notice(lambda v: screens.timer(v.lang, 0, game.turn.team))

    def notice(self, what: str, body: str) -> None:
        """Show ``body`` until a button is pressed (the page's pairing code: never logged)."""
        log.info("%s: shown on the table's screen", what)
        self.overlay = Notice(lambda v: screens.message("worms-table", body))
        if self.ready:
            self.render()

    # -- what is on show -----------------------------------------------------------------------
    def current_game_prompt(self) -> Prompt | None:
        game = self.game
        d = game.request
        if d is None:
            return None
        key = (id(d), len(game.log))
        if self._game_prompt is None or self._game_prompt[0] != key:
            self._game_prompt = (key, for_decision(d, self.view()))
        return self._game_prompt[1]

    def current(self) -> Prompt:
        if self.store.fault is not None:
            return self.storage_prompt()
        if self.overlay is None:
            self.overlay = self._problem_notice()
        if self.overlay is not None:
            return self.overlay
        if self.mode == "wizard":
            return self.wizard.prompt
        if self.steps:
            key = (id(self.steps[0]), self.step_no)
            if self._step_prompt is None or self._step_prompt[0] != key:
                self._step_prompt = (key, Step(self.steps[0], self.step_no + 1,
                                               self.step_total, pending_hexes(self.steps[1:])))
            return self._step_prompt[1]
        if self.mode == "play" and self.game.result is None:
            return self.current_game_prompt()
        self.mode = "over"
        result = self.game.result if self.game is not None else None
        winners = list(result.winners) if result is not None else []
        events = self.game.events if self.game is not None else []
        return game_over(result, events, frame=lambda v, t: winner_frame(v, winners, t))

    def view(self) -> View:
        game = self.game
        if self.mode == "wizard" or game is None:
            from table.engine.board import Board
            return View(self.lang, Board(land=set(), wind=1), self.grid, cards=self.cards)
        return game_view(self.lang, game, self.grid, self.cards, self.tracker.board)

    @property
    def grid(self) -> frozenset:
        leds = self.dev.get("leds")
        if leds is not None:
            return frozenset(leds.hexes)
        from table.engine.hexes import hexagon
        return frozenset(hexagon((0, 0), 4))

    # -- inputs (on the loop) ------------------------------------------------------------------
    def handle_input(self, event) -> None:
        try:
            self._handle_input(event)
        except JournalError as err:           # storage failed: nothing ahead of the file
            self.storage_failed(err)
        except Exception:                     # never let one input stop the table
            log.exception("input %s failed", event)
        self.render()

    def _handle_input(self, event) -> None:
        if event.name == PAIR_BUTTON and event.long and self.on_pair_button is not None:
            self.on_pair_button()             # the page's new code comes back as a notice
            return
        if event.name == "back" and event.long:
            if self.mode == "play":
                self.overlay = None
                self.undo()
            return
        if (event.name == "ok" and event.long and self.mode == "play" and self.overlay is None
                and not isinstance(self.current(), Legend)):
            self.overlay = Legend()           # what the LED colours mean
            return
        prompt = self.current()
        if (self.mode == "wizard" and prompt is self.wizard.prompt and event.name == "back"
                and not getattr(prompt, "sub", None)):
            self.wizard.back()
            return
        self._outcome(prompt, prompt.press(event))

    def handle_tap(self, uid: str) -> None:
        try:
            card = self.tags.card(uid)
            if card is None and self.tag_lookup is not None:
                card = self.tag_lookup(uid)
            if self.overlay is not None:
                self.overlay = None
            prompt = self.current()
            self._outcome(prompt, prompt.tap(card))
        except JournalError as err:
            self.storage_failed(err)
        except Exception:
            log.exception("card tap %s failed", uid)
        self.render()

    def _outcome(self, prompt: Prompt, out) -> None:
        if out is None:
            return
        if isinstance(out, Refuse):
            self.overlay = Notice(lambda v: refusal(out, v.lang))
            return
        if prompt is self._storage_prompt:
            self.retry_storage()
        elif prompt is self.overlay:
            self.overlay = None
        elif self.mode == "wizard":
            config = self.wizard.answer(out.value)
            self.lang = self.wizard.lang
            if config is not None:
                self.start_game(config)
        elif self.steps and isinstance(prompt, Step):
            self.steps.pop(0)
            self.step_no += 1
            if not self.steps:
                self.step_total = 0
            self._save_progress()
            if not self.steps:
                self._check_timer()
        elif self.mode == "play" and isinstance(out, Answer):
            self.answer(out.value)
        elif self.mode == "over":
            self.new_wizard()

    # -- drawing -------------------------------------------------------------------------------
    def render(self, leds_only: bool = False) -> None:
        view = self.view()
        prompt = self.current()
        t = self.clock() - self._t0
        if not leds_only:
            display = self.dev.get("display")
            if display is not None:
                image = prompt.screen(view).image
                if self.deadline is not None and self.overlay is None:
                    image = _with_clock(image, self.deadline - self.clock())
                # posted to the display's own thread; while it is failing, tried in place
                # (every retry_s) so that "back" is said only once a frame really got through
                send = display.show if "display" in self.faults else display.post
                self._safely("display", send, image)
        leds = self.dev.get("leds")
        if leds is not None:
            frame = prompt.frame(view, t)
            if "display" in self.faults:
                frame = _fault_frame(frame, t)
            self._safely("leds", push_frame, leds, frame)
        wind = self.dev.get("wind")
        if wind is not None and self.mode != "wizard" and self.tracker is not None:
            w = self.tracker.board.wind
            if wind.direction != w:
                self._safely("wind", wind.point, w)
        self.renders += 1
        if self.on_render is not None:
            self.on_render()


    # -- the loop ------------------------------------------------------------------------------
    async def run(self, started=None) -> None:
        """Run until :meth:`stop`; ``started`` (a callable) is called once devices are up."""
        self.loop = asyncio.get_running_loop()
        self.stopping = asyncio.Event()
        self.open_devices()
        if not self.resume():
            self.new_wizard()
        self.render()
        self.ready = True
        names = ", ".join(sorted(self.faults)) or "none"
        self.notifier.ready(f"devices up; faults: {names}")
        if started is not None:
            started()
        tasks = [asyncio.create_task(self._ticker()), asyncio.create_task(self._retry())]
        if self.notifier.watchdog_interval:
            tasks.append(asyncio.create_task(self._watchdog()))
        try:
            await self.stopping.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.notifier.stopping()

    def stop(self) -> None:
        if self.stopping is not None:
            self.stopping.set()

    async def _ticker(self) -> None:
        period = 1 / self.fps
        while True:
            await asyncio.sleep(period)
            try:
                if self.deadline is not None and self.clock() >= self.deadline:
                    self._time_up()
                    self.render()
                    continue
                second = int(self.deadline - self.clock()) if self.deadline else None
                if second != self._shown_second:
                    self._shown_second = second
                    self.render()
                elif self.current().animated or "display" in self.faults:
                    self.render(leds_only=True)
            except Exception:
                log.exception("the ticker failed; going on")

    async def _retry(self) -> None:
        while True:
            await asyncio.sleep(self.retry_s)
            missing = [n for n in DEVICES if n not in self.dev]
            for name in missing:
                self._open(name)
            if missing or self.faults or self._storage_tick():
                self.render()

    async def _watchdog(self) -> None:
        while True:
            self.notifier.watchdog()
            await asyncio.sleep(self.notifier.watchdog_interval)

    def close(self) -> None:
        self.store.close()


def setup_board(game):
    """The board just after setup: the game replayed up to its first worm choice."""
    log = game.log
    first = next((i for i, e in enumerate(log) if e.get("kind") == "worm"), len(log))
    return type(game).replay(game.config, game.seed, log[:first]).board


def _land(config):
    if config.land is not None:
        return config.land
    from table.engine.setup import standard_land
    return standard_land(config.teams)

