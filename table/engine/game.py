"""A whole game as plain data plus a log, driven through one door (docs/game.md).

    game = Game.new(config, seed, cards)   # table.librarygame.LibraryGame supplies the cards
    game.request          # the Decision the game waits for (None: the game is over)
    game.answer(value)    # Illegal (and nothing changed) if value is not one of its options
    game.log              # every answer and every chance outcome, in order, JSON-ready
    Game.replay(config, seed, log)   # the same game again
    game.undo(), game.can_undo       # one answer (or a typed face) back; never past a box roll
    game.result           # None, or a GameResult (winners, shared, reason, worms, ...)

How it runs.  The game moves through *phases* (setup: ``place``, ``draft``, ``start``; each
turn: ``activate``, ``move1``, ``move2``, ``weapon``, ``end``).  A phase runs from a
snapshot (a copy of the state at its start) with a decider that hands out the answers
given so far in this phase and raises :class:`NeedDecision` when they run out: that decision
is the request.  Each answer re-runs the phase from its snapshot.  Chance outcomes already
revealed in the phase are served again from a list (so a re-run, or a bot's copy with its own
generator, sees the same dice); new ones come from the game's chance source (table/engine/
dice.py: the seeded dice, or the players' own typed in) and are appended to the log the moment
they are revealed.  Undo pops the position before the last input off a stack (undo.py).  The
machinery is in table/engine/rerun.py, the state in state.py, the phases' rules in phases.py
(:class:`PhaseRules`, one per game), the settings in config.py, the Timer option in timeup.py,
reading a log back in replaylog.py; this module is the door.

The turn (rulings T1-T7): activate a worm (it opens a Supply Crate in its hex; a damaged worm
is healed), two movement steps (inch, jump or skip), play a weapon card (its action line:
TEXT resolves the text at a target chosen then, MOVE is one more movement, PLAY plays another
card from the hand; damage to the active worm ends the line after the current text, T3), end
turn, the Drop step (the Sudden Death card, once revealed, stays: its lasting rule holds and
each later Drop step resolves its drop part; with No Sudden Death the Drop cards are
reshuffled when the deck runs out), pass the Target Token.  A team losing its last worm starts
the final round (T6) unless True Elimination is on.

The log's entries are listed in table/engine/replaylog.py.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .cards import Card
from .config import OPTIONS, GameConfig
from .decisions import TYPED, Decision, DecisionKind, Illegal, NeedDecision
from .dice import PlayersDice, SeededDice, dice_for
from .newgame import initial_state
from .oldlogs import Cursor, pass_over
from .phases import PhaseRules
from .replaylog import card_json, checked_log, json_card, learnt_before, setup_aside, untaught
from .rerun import TIMED, TIMEOUT, ReplayMismatch, norm, plain
from .belief import deal_for
from .setup import shuffle_hidden
from .state import GameResult, Setup, State, Turn
from .steps import Steps
from .tiles import Tile
from .timeup import TURN_PHASES, Timer
from .undo import Position, UndoStack, undoable


class Game:
    """See the module doc."""

    def __init__(self, config: GameConfig, seed: int | str, cards: dict[str, Card],
                 tiles: list[Tile] | None = None, script: tuple | None = None,
                 dice: SeededDice | None = None, *, rules: PhaseRules | None = None,
                 state: State | None = None) -> None:
        """The game before its first phase runs (:meth:`new` runs it).  ``rules`` and
        ``state``: a copy's (:meth:`fork`), else made from ``config``, ``cards`` and ``tiles``."""
        self.config = config
        self.seed = seed
        self.tiles = tiles
        self.rules = rules if rules is not None else PhaseRules(config, cards, tiles)
        self.dice: SeededDice = dice if dice is not None else dice_for(config, seed, script)
        self._base = cards                  # the cards it started with (add_card adds more)
        self._script = script               # scripted (dice, flips), used before the seed's
        self._forked = False                # a bot's copy (fork()): it keeps no undo
        self._steps = Steps(state if state is not None else initial_state(config, tiles))
        self._timer = Timer(config)         # the Timer option: a time-up held
        self._setup_record: dict | None = None   # a log from before the setup record: made again
        self._undo = UndoStack()            # the positions before the last inputs (undo)

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig, seed: int | str, cards: dict | None = None,
            script: tuple | None = None, tiles: list | None = None,
            dice: SeededDice | None = None) -> "Game":
        """A new game.  ``cards``: the card library, id -> Card (reading it is table.cards'
        job; table.librarygame.LibraryGame supplies it, and ``tiles``, the box's map tiles,
        needed when the config gives no land).  ``script``: optional (dice, flips) lists used
        before the seeded dice (scenarios).  ``dice``: the chance source (default: the one the
        config asks for, table/engine/dice.py)."""
        if isinstance(config, dict):
            config = GameConfig.from_json(config)
        if cards is None:
            raise TypeError("Game.new needs the card library "
                            "(table.librarygame.LibraryGame supplies it)")
        g = cls(config, seed, cards, tiles, script, dice)
        g._steps.advance(g.rules, g.dice, g._forked)
        return g

    @classmethod
    def replay(cls, config: GameConfig, seed: int | str, log: list, cards: dict | None = None,
               script: tuple | None = None, tiles: list | None = None) -> "Game":
        """Rebuild a game from its log: answers are given again, chance outcomes must match
        (ReplayMismatch names the first entry that does not).  ``log`` may stop anywhere."""
        if isinstance(config, dict):
            config = GameConfig.from_json(config)
        learn = learnt_before(log)
        g = cls.new(config, seed, untaught(cards, learn), script, tiles=tiles,
                    dice=dice_for(config, seed, script, log))
        g._feed(log, learn)
        return g

    def _replay_in_place(self, log: list) -> None:
        """This game made again from the start and ``log`` (an undo the stack cannot take)."""
        learn = learnt_before(log)
        cards = untaught(self._base, learn)
        self.__init__(self.config, self.seed, cards, self.tiles, self._script,  # type: ignore[misc]
                      dice_for(self.config, self.seed, self._script, log))
        self._steps.advance(self.rules, self.dice, self._forked)
        self._feed(log, learn)

    def _feed(self, log: list, learn: dict[int, list[dict]]) -> None:
        """Give the answers and timeouts of ``log`` again and the cards taught (``learn``,
        :func:`~table.engine.replaylog.learnt_before`), then check that the game logs what
        ``log`` holds."""
        cursor = Cursor()
        for n in range(-1, len(log)):
            entry = log[n] if n >= 0 else {}
            try:
                for data in learn.get(n, ()):
                    self.add_card(json_card(data))
                if "answer" in entry and not self._passed_over(log, n, cursor):
                    self.answer(entry["answer"])
                elif entry.get("timeout"):
                    self.time_up()
            except Illegal as err:
                raise ReplayMismatch(f"log entry {n}: {err}") from None
        if self._setup_record is None and not any("setup" in e for e in log):
            aside = setup_aside(self._steps.log)    # (a log from before the setup record)
            if aside is not None:
                n, self._setup_record = aside
                self._undo.shift(n, -1)
        self._steps.log = checked_log(self._steps.log, log, learn)

    def _passed_over(self, log: list[dict[str, Any]], n: int, cursor: Cursor) -> bool:
        """True if ``log[n]`` answers a question an earlier build asked (:mod:`.oldlogs`):
        kept in the game's log where it stood, not given to the game."""
        at = pass_over(self._steps.log, log, n, self._steps.request, self._steps.st, cursor)
        if at is None:
            return False
        self._undo.shift(at, 1)
        return True

    def fork(self, seed: int | str, viewer: str | None = None, typed: bool = False) -> "Game":
        """A copy for a bot to try things on: same position and request, its own dice (from
        ``seed``), the hidden decks reshuffled, no shared state, a log of its own.  With a
        ``viewer`` (a team), the copy is one that team could believe in, whatever it cannot
        see: every hidden card (the other teams' hands, the decks) dealt again from the cards
        it has not seen, put in a canonical order first (:func:`~.belief.deal_for`)."""
        dice = (PlayersDice if typed else SeededDice)(f"fork:{seed}")  # typed: each face asked for
        # the fork starts where the step in progress started (the game's view is untouched)
        snap = self._steps.snap if self._steps.dirty else None
        st = State.from_snapshot(snap) if snap is not None else self._steps.st.copy()
        if viewer is None:
            shuffle_hidden(st, self.cards, dice)
        else:
            deal_for(st, self.cards, viewer, dice, self.log, self._steps.known if snap else [],
                     "late_superweapons" in self.config.options)
        g = type(self)(self.config, self.seed, self._base, self.tiles, None, dice,
                       rules=self.rules, state=st)
        g._forked = True
        steps = g._steps
        steps.answers, steps.known = list(self._steps.answers), list(self._steps.known)
        steps.run_events, steps.request = self._steps.run_events, self._steps.request
        g._timer.held = self._timer.held
        g._setup_record = self._setup_record
        return g

    # -- the door -----------------------------------------------------------------------------

    @property
    def cards(self) -> dict[str, Card]:
        """The cards this game plays with (the ones it started with and any taught since)."""
        return self.rules.cards

    @property
    def request(self) -> Decision | None:
        return self._steps.request

    @property
    def log(self) -> list[dict]:
        return self._steps.log

    @property
    def result(self) -> GameResult | None:
        return self._steps.st.result

    @property
    def board(self) -> Board:
        return self._steps.st.board

    @property
    def turn(self) -> Turn:
        st = self._steps.st
        return Turn(st.turn_no, st.team, st.worm, st.phase)

    @property
    def hands(self) -> dict[str, list[str]]:
        return {t: list(h) for t, h in self._steps.st.hands.items()}

    def hand_size(self, team: str) -> int:
        """How many cards ``team`` holds (what the other players can see of a hand)."""
        return len(self._steps.st.hands.get(team, ()))

    @property
    def worms_at_start(self) -> list[str]:
        """The id of every worm the game began with (after setup)."""
        return list(self._steps.st.worm_ids)

    @property
    def decks(self) -> dict:
        st = self._steps.st
        return {"supply": len(st.supply), "drop": len(st.drops), "sudden_death": st.sudden,
                "discard": list(st.discard)}

    @property
    def deck_cards(self) -> dict[str, Any]:
        """What the decks hold (not their order): ``supply`` and ``drop``, each card id once a
        copy, sorted, and ``bottom``, the Sudden Death card under the Drop cards (or None), so
        the players can build the real decks the same."""
        return self._steps.st.deck_cards(self.cards)

    @property
    def teams(self) -> list[str]:
        """The teams in turn order (after setup; before it, in team-number order)."""
        return list(self._steps.st.order or self._steps.st.teams)

    @property
    def seats(self) -> list[str]:
        """The team of each seat, clockwise from the player who set up first."""
        return list(self._steps.st.seats)

    @property
    def mid_step(self) -> bool:
        """True while the game waits for a decision in the middle of a step (a die to pick,
        a Thing to prod...): board, hands and decks then show the position so far."""
        return self._steps.dirty

    @property
    def eliminated(self) -> list[str]:
        return list(self._steps.st.out)

    @property
    def events(self) -> list[dict]:
        """What happened so far (completed phases, then the phase in progress)."""
        return self._steps.events + self._steps.run_events

    @property
    def setup(self) -> Setup | None:
        """The game as its setup left it: the board as laid, the hands as dealt, what the decks
        held (:class:`~table.engine.state.Setup`), read from the log's ``setup`` record (never
        re-derived); None while setup is still going on."""
        record = self._setup_record
        if record is None:
            record = next((e["setup"] for e in self._steps.log if "setup" in e), None)
        return Setup.from_json(record) if record is not None else None

    @property
    def base_cards(self) -> dict:
        """The cards the game started with (a replay of part of its log needs these: the
        cards taught during the game join it where the log says)."""
        return self._base

    # -- inputs: answers, faces typed in, cards taught, the timer ----------------------------

    def answer(self, value: Any) -> None:
        d = self._steps.request
        if d is None:
            raise Illegal("the game is over: there is nothing to answer")
        if d.kind == DecisionKind.CARD_TAPPED and value not in d.options:
            raise Illegal(f"{value!r} is not in the {d.item} deck; in it: "
                          f"{', '.join(map(str, d.options))}")
        if d.kind in TYPED:
            self._type_in(d.kind, value)
            return
        v = norm(value)
        if v not in d.options:
            shown = ", ".join(str(plain(o)) for o in d.options[:12])
            more = f" and {len(d.options) - 12} more" if len(d.options) > 12 else ""
            raise Illegal(f"{plain(v)!r} is not a legal answer to {d.kind} ({d.why}); "
                          f"legal: {shown}{more}")
        self._commit_input(v, {"answer": plain(v), "kind": str(d.kind), "why": d.why,
                                "actor": d.actor})

    def add_card(self, card: Card) -> None:
        """A card the players taught the box during the game joins its cards, from this point
        of the log on (a ``{"learn": card}`` entry: a replay adds it again there, and leaves
        it out of the cards it starts with, so the setup shuffles stay the same); the
        question on show is asked again, so that its options hold the card where it belongs
        (a card drawn from the players' own Supply deck, a weapon card played)."""
        if card.id in self.cards:
            raise Illegal(f"this game has a card {card.id!r} already")
        self.rules = self.rules.with_card(card)
        self._steps.log.append({"learn": card_json(card)})
        if self._steps.request is not None:
            self._steps.advance(self.rules, self.dice, self._forked)
            self._release()

    @property
    def timer(self) -> int | None:
        """Seconds from activation to End turn when the Timer option is on (the daemon keeps
        the clock and calls time_up())."""
        return self._timer.seconds

    def time_up(self) -> None:
        """The Timer ran out (T7): the turn goes to End turn once any card text being
        resolved is finished.  While the game waits for a die, a coin or a card the players
        give (TYPED) it is held, and logged at the turn's next question once that is given
        (where a replay, which has the log's faces and cards at hand, meets it too)."""
        steps = self._steps
        if self._timer.run_out(steps.st, steps.answers, steps.request):
            self._commit_input(TIMEOUT, {"timeout": True})

    def _release(self) -> None:
        """A time-up held while the players gave a die, a coin or a card: logged now, or
        dropped (:meth:`Timer.release`)."""
        steps = self._steps
        if self._timer.release(steps.st, steps.answers, steps.request):
            self._commit_input(TIMEOUT, {"timeout": True})

    def _commit_input(self, v, entry) -> None:
        pos = self._position()
        if pos is not None and self._steps.snap is None:
            self._steps.snap = pos.snap     # (the snapshot advance takes first: taken once)
        self._steps.answers.append(v)
        self._steps.log.append(entry)
        self._advance_or_undo(self._steps.answers.pop, len(self._steps.log) - 1, pos)

    def _type_in(self, kind: str, value) -> None:
        """A face, a side or a card the players rolled, flipped or drew for real: it enters
        the log as the chance outcome (or the revealed card) it stands for, the step goes on."""
        pos = self._position()
        self.dice.give(kind, value)
        self._advance_or_undo(lambda: self.dice.take_back(kind), len(self._steps.log), pos)
        self._release()

    def _advance_or_undo(self, undo, n_log: int, pos: Position | None) -> None:
        """Run the game on with the input just given and keep ``pos``, the game before it, for
        undo; if that fails, take the input back (``undo``) and everything logged from
        ``n_log`` on: nothing changed."""
        n_known = len(self._steps.known)
        try:
            self._steps.advance(self.rules, self.dice, self._forked)
        except Exception:
            undo()
            del self._steps.log[n_log:]
            del self._steps.known[n_known:]
            raise
        if pos is not None:
            self._undo.push(pos, self._steps.log, self.config.own_dice)

    # -- undo ---------------------------------------------------------------------------------

    def _position(self) -> Position | None:
        """The game as it stands before an input (None for a bot's copy: it keeps no undo)."""
        return None if self._forked else self._steps.position(self.dice)

    @property
    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        """The last log entry if it can be taken back: an answer, or (the players' own dice)
        the face or side they typed in last, so a mistyped die is put right; the box's own
        random results and a timeout stay."""
        if self._timer.held is not None or not self._steps.log:     # (the clock ran out: no going back)
            return None
        i = len(self._steps.log) - 1
        return i if undoable(self._steps.log[i], self.config.own_dice) else None

    def undo(self) -> None:
        """Take back the last answer (or the last face typed in), unless a random result was
        revealed after it: the position before it comes off the undo stack, and the step in
        progress then runs on from it to its question."""
        i = self._undo_point()
        if i is None:
            raise Illegal("nothing to undo: undo never goes back past a revealed random result "
                          "(a die the box rolled, a flip, a shuffle, a drawn card) or a timeout")
        # (cards taught during the game: a replay puts those where they belong)
        pos = None if any("learn" in e for e in self._steps.log) else self._undo.pop(i)
        if pos is None:
            self._replay_in_place(self._steps.log[:i])
            return
        self._timer.held = None         # (a replay of the log knows of no time-up held)
        self._steps.back_to(pos, self.dice, self.rules)


__all__ = ["Game", "GameConfig", "GameResult", "NeedDecision", "OPTIONS", "ReplayMismatch",
           "TIMED", "TURN_PHASES", "Turn"]
