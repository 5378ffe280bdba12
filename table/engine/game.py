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
checkpoint (a copy of the state at its start) with a decider that hands out the answers
given so far in this phase and raises :class:`NeedDecision` when they run out: that decision
is the request.  Each answer re-runs the phase from its checkpoint.  Chance outcomes already
revealed in the phase are served again from a list (so a re-run, or a bot's copy with its own
generator, sees the same dice); new ones come from the game's chance source (table/engine/
dice.py: the seeded dice, or the players' own typed in) and are appended to the log the moment
they are revealed.  A phase that completes becomes the next checkpoint.  The machinery is in
table/engine/rerun.py, the state in state.py, the phases' rules in phases.py, the settings in
config.py, the Timer option in timeup.py; this module is the door.

The turn (rulings T1-T7): activate a worm (it opens a Supply Crate in its hex; a damaged worm
is healed), two movement steps (inch, jump or skip), play a weapon card (its action line:
TEXT resolves the text at a target chosen then, MOVE is one more movement, PLAY plays another
card from the hand; damage to the active worm ends the line after the current text, T3), end
turn, the Drop step (the Sudden Death card, once revealed, stays: its lasting rule holds and
each later Drop step resolves its drop part; with No Sudden Death the Drop cards are
reshuffled when the deck runs out), pass the Target Token.  A team losing its last worm starts
the final round (T6) unless True Elimination is on.

Log entries (JSON objects), in order:
``{"answer": v, "kind", "why", "actor"}``; ``{"timeout": true}``; chance outcomes
``{"chance": "die"|"flip", "value"}``, ``{"chance": "shuffle", "what", "order"}``,
``{"chance": "pick", "what", "value"}``; cards revealed ``{"reveal": "supply", "team",
"card"}`` (card null: the Supply deck is empty) and ``{"reveal": "drop", "card"}``; a card
the players taught the box during the game ``{"learn": {card's fields}}`` (:meth:`add_card`);
when setup ends, ``{"setup": {"board", "hands", "decks"}}`` (:attr:`Game.setup`).
With the players' own dice or decks (``own_dice``, ``own_decks``) a face, a side or a card
tapped is asked for (``die_typed``, ``flip_typed``, ``card_tapped``) and enters the log as the
chance outcome or the revealed card it stands for, never as an answer.
"""

from __future__ import annotations

from typing import Any

from .board import TEAMS, Board
from .cards import Card
from .config import OPTIONS, GameConfig
from .decisions import Decision, DecisionKind, Illegal, NeedDecision
from .dice import TYPED, SeededDice, dice_for
from .phases import Phases, fixed_board
from .checkpoints import Checkpoint, Checkpoints
from .oldlogs import OldLogs
from .timeup import TURN_PHASES, TimeUps
from .rerun import TIMED, PhaseChance, PhaseRun, ReplayMismatch, norm, plain, same_entry
from .setup import arena, pile
from .state import GameResult, Phase, State, Turn

#: phases that ask their first question before changing anything (see _advance)
ASK_FIRST = TURN_PHASES


class Game(Phases, Checkpoints, TimeUps, OldLogs):
    """See the module doc."""

    seed: int | str
    dice: SeededDice                    # the chance source (table/engine/dice.py)
    _script: tuple | None               # scripted (dice, flips), used before the seed's
    _log: list[dict[str, Any]]          # every answer and chance outcome (``log``)
    _answers: list[Any]                 # the answers given in the phase in progress
    _known: list[dict[str, Any]]        # the chance outcomes the phase in progress revealed
    _events: list[dict[str, Any]]       # the events of the completed phases
    _run_events: list[dict[str, Any]]   # the events of the phase in progress, so far
    _request: Decision | None
    _snap: tuple | None                 # the state at the start of the phase in progress
    _dirty: bool                        # the state shows a phase stopped mid-way
    _fork: bool                         # a bot's copy (fork())
    _setup_record: dict | None          # a log from before the setup record: the one made again
    _checkpoints: list[Checkpoint]      # the game between two steps, every EVERY entries (undo)
    _st: State
    _base: dict                         # the cards the game started with (add_card adds more)

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig, seed: int | str, cards: dict | None = None,
            script: tuple | None = None, tiles: list | None = None,
            dice: SeededDice | None = None) -> "Game":
        """A new game.  ``cards``: the card library, id -> Card (reading it is table.cards'
        job; table.librarygame.LibraryGame supplies it, and ``tiles``, the box's map tiles,
        needed when the config gives no land).  ``script``: optional (dice, flips) lists used before the
        seeded dice (scenarios).  ``dice``: the chance source (default: the one the config
        asks for, table/engine/dice.py)."""
        if isinstance(config, dict):
            config = GameConfig.from_json(config)
        if cards is None:
            raise TypeError("Game.new needs the card library "
                            "(table.librarygame.LibraryGame supplies it)")
        g = cls.__new__(cls)
        g.config = config
        g.seed = seed
        g.cards = cards
        g._base = cards                 # the cards it started with (add_card adds more)
        g.tiles = tiles
        g._script = script
        g.dice = dice if dice is not None else dice_for(config, seed, script)
        g._log = []
        g._answers = []
        g._known = []
        g._events = []
        g._request = None
        g._run_events = []
        g._targets = {}
        g._snap = None
        g._dirty = False
        g._fork = False
        g._setup_record = None
        g._checkpoints = []
        g._held = None
        g._st = g._initial_state()
        g._advance()
        return g

    def _initial_state(self) -> State:
        cfg = self.config
        rules = {o for o in cfg.options if o in ("parting_gifts", "reduced_blast")}
        land = {(h[0], h[1]) for h in cfg.land} if cfg.land is not None else None
        if cfg.things is not None:
            board = fixed_board(cfg, land)
        else:       # no land: the "map" phase lays the tiles
            board = Board(land=land if land is not None else set(), wind=1)
        board.rules |= rules
        st = State(board)
        st.arena = arena(board.land)
        if cfg.things is not None:
            st.teams = [t for t in TEAMS if board.worms(t)]
        else:
            st.teams = [t for t in TEAMS if t in cfg.colours] if cfg.colours else \
                list(TEAMS[:cfg.teams])
        if cfg.placement == "players" and cfg.things is None:
            st.pile = pile(st.teams)
            st.phase = Phase.PLACE
        elif "sudden_death_draft" in cfg.options and "no_sudden_death" not in cfg.options:
            st.phase = Phase.DRAFT
        if cfg.land is None and cfg.things is None:
            if self.tiles is None:
                raise TypeError("a game without land needs the box's map tiles "
                                "(table.librarygame.LibraryGame supplies them)")
            st.after_map, st.phase = st.phase, Phase.MAP
        return st

    @classmethod
    def replay(cls, config: GameConfig, seed: int | str, log: list, cards: dict | None = None,
               script: tuple | None = None, tiles: list | None = None) -> "Game":
        """Rebuild a game from its log: answers are given again, chance outcomes must match
        (ReplayMismatch names the first entry that does not).  ``log`` may stop anywhere."""
        if isinstance(config, dict):
            config = GameConfig.from_json(config)
        learn = _learnt_before(log)
        learnt = {c.get("id") for cs in learn.values() for c in cs}
        if cards is not None and learnt:        # (those join the game where the log says)
            cards = {k: c for k, c in cards.items() if k not in learnt}
        g = cls.new(config, seed, cards, script, tiles=tiles,
                    dice=dice_for(config, seed, script, log))
        g._feed(log, 0, learn)
        return g

    def _feed(self, log: list, start: int, learn: dict[int, list[dict]]) -> None:
        """Give the answers and timeouts of ``log[start:]`` again (the game stands where
        ``log[:start]`` left it) and the cards taught (``learn``, :func:`_learnt_before`),
        then check that the game logs what ``log`` holds."""
        for n in range(start - 1, len(log)):
            entry = log[n] if n >= start else {}
            try:
                for data in learn.get(n, ()):
                    self.add_card(json_card(data))
                if "answer" in entry and not self._passed_over(log, n):   # (oldlogs.py)
                    self.answer(entry["answer"])
                elif entry.get("timeout"):
                    self.time_up()
            except Illegal as err:
                raise ReplayMismatch(f"log entry {n}: {err}") from None
        if self._setup_record is None and not any("setup" in e for e in log):
            self._keep_setup_aside()
        self._check_log(log, start, learn)

    def _check_log(self, log: list, start: int, learn: dict[int, list[dict]]) -> None:
        """ReplayMismatch unless the game, given ``log``'s answers again, logs what it holds
        from ``start`` on (the cards taught kept in the log's order)."""
        # (a card taught is added before the answer that led to it, so the game knows it
        # when that answer draws it: its entry may stand a few places earlier than logged)
        mine = [e for e in self._log if "learn" not in e] if learn else self._log
        theirs = [e for e in log if "learn" not in e] if learn else log
        if learn and [e for e in self._log if "learn" in e] != [e for e in log if "learn" in e]:
            raise ReplayMismatch("the cards taught during the game differ from the log's")
        for n in range(start, len(theirs)):
            given = theirs[n]
            if n >= len(mine):
                raise ReplayMismatch(f"log entry {n}: the log goes on after the game it "
                                     f"describes stops ({given})")
            if same_entry(mine[n]) != same_entry(given):
                raise ReplayMismatch(f"log entry {n}: the game gives {mine[n]}, "
                                     f"the log has {given}")
        if learn:                   # the same entries: kept in the log's order
            self._log = [dict(e) for e in log] + mine[len(theirs):]

    def fork(self, seed: int | str, viewer: str | None = None) -> "Game":
        """A copy for a bot to try things on: same position and request, its own dice (from
        ``seed``), the hidden decks reshuffled, no shared state, a log of its own.  With a
        ``viewer`` (a team), the copy is one that team could believe in: the other teams'
        hands are dealt again, at their sizes, from the cards the viewer has not seen (those
        hands and the Supply deck)."""
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.dice = SeededDice(f"fork:{seed}")      # a bot's copy rolls for itself, never asks
        g._script = None
        g._log = []
        g._events = []
        g._answers = list(self._answers)
        g._known = list(self._known)
        # the fork starts where the step in progress started (the game's view is untouched)
        snap = self._snap if self._dirty else None
        st = State.from_snapshot(snap) if snap is not None else self._st.copy()
        g.dice.shuffle(st.supply)
        if st.drops:
            sd = st.drops[-1] if self.cards[st.drops[-1]].kind == "sudden_death" else None
            body = st.drops[:-1] if sd else st.drops
            g.dice.shuffle(body)
            st.drops = body + ([sd] if sd else [])
        if viewer is not None:
            _deal_unseen(st, viewer, g.dice)
        g._st = st
        g._snap = None
        g._dirty = False
        g._fork = True
        g._checkpoints = []
        return g

    # -- the door -----------------------------------------------------------------------------

    @property
    def request(self) -> Decision | None:
        return self._request

    @property
    def log(self) -> list[dict]:
        return self._log

    @property
    def result(self) -> GameResult | None:
        return self._st.result

    @property
    def board(self) -> Board:
        return self._st.board

    @property
    def turn(self) -> Turn:
        st = self._st
        return Turn(st.turn_no, st.team, st.worm, st.phase)

    @property
    def hands(self) -> dict[str, list[str]]:
        return {t: list(h) for t, h in self._st.hands.items()}

    def hand_size(self, team: str) -> int:
        """How many cards ``team`` holds (what the other players can see of a hand)."""
        return len(self._st.hands.get(team, ()))

    @property
    def worms_at_start(self) -> list[str]:
        """The id of every worm the game began with (after setup)."""
        return list(self._st.worm_ids)

    @property
    def decks(self) -> dict:
        st = self._st
        return {"supply": len(st.supply), "drop": len(st.drops), "sudden_death": st.sudden,
                "discard": list(st.discard)}

    @property
    def deck_cards(self) -> dict[str, Any]:
        """What the decks hold (not their order): ``supply`` and ``drop``, each card id once a
        copy, sorted, and ``bottom``, the Sudden Death card under the Drop cards (or None), so
        the players can build the real decks the same."""
        return self._st.deck_cards(self.cards)

    @property
    def teams(self) -> list[str]:
        """The teams in turn order (after setup; before it, in team-number order)."""
        return list(self._st.order or self._st.teams)

    @property
    def seats(self) -> list[str]:
        """The team of each seat, clockwise from the player who set up first."""
        return list(self._st.seats)

    @property
    def mid_step(self) -> bool:
        """True while the game waits for a decision in the middle of a step (a die to pick,
        a Thing to prod...): board, hands and decks then show the position so far."""
        return self._dirty

    @property
    def eliminated(self) -> list[str]:
        return list(self._st.out)

    @property
    def events(self) -> list[dict]:
        """What happened so far (completed phases, then the phase in progress)."""
        return self._events + self._run_events

    def answer(self, value: Any) -> None:
        d = self._request
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

    @property
    def base_cards(self) -> dict:
        """The cards the game started with (a replay of part of its log needs these: the
        cards taught during the game join it where the log says)."""
        return self._base

    def add_card(self, card: Card) -> None:
        """A card the players taught the box during the game joins its cards, from this point
        of the log on (a ``{"learn": card}`` entry: a replay adds it again there, and leaves
        it out of the cards it starts with, so the setup shuffles stay the same); the
        question on show is asked again, so that its options hold the card where it belongs
        (a card drawn from the players' own Supply deck, a weapon card played)."""
        if card.id in self.cards:
            raise Illegal(f"this game has a card {card.id!r} already")
        self.cards = {**self.cards, card.id: card}
        self._log.append({"learn": card_json(card)})
        if self._request is not None:
            self._advance()
            self._release()

    def _commit_input(self, v, entry) -> None:
        self._answers.append(v)
        self._log.append(entry)
        self._advance_or_undo(self._answers.pop, len(self._log) - 1)

    def _type_in(self, kind: str, value) -> None:
        """A face, a side or a card the players rolled, flipped or drew for real: it enters
        the log as the chance outcome (or the revealed card) it stands for, the step goes on."""
        self.dice.give(kind, value)
        self._advance_or_undo(lambda: self.dice.take_back(kind), len(self._log))
        self._release()

    def _advance_or_undo(self, undo, n_log: int) -> None:
        """Run the game on with the input just given; if that fails, take the input back
        (``undo``) and everything logged from ``n_log`` on: nothing changed."""
        n_known = len(self._known)
        try:
            self._advance()
        except Exception:
            undo()
            del self._log[n_log:]
            del self._known[n_known:]
            raise

    @property
    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        """The last log entry if it can be taken back: an answer, or (the players' own dice)
        the face or side they typed in last, so a mistyped die is put right; the box's own
        random results and a timeout stay."""
        if self._held is not None or not self._log:     # (the clock ran out: no going back)
            return None
        e = self._log[-1]
        typed = self.config.own_dice and e.get("chance") in ("die", "flip")
        return len(self._log) - 1 if "answer" in e or typed else None

    def undo(self) -> None:
        """Take back the last answer (or the last face typed in), unless a random result was
        revealed after it."""
        i = self._undo_point()
        if i is None:
            raise Illegal("nothing to undo: undo never goes back past a revealed random result "
                          "(a die the box rolled, a flip, a shuffle, a drawn card) or a timeout")
        log = self._log[:i]
        g = self._from_checkpoint(log)
        if g is None:
            g = type(self).replay(self.config, self.seed, log, self._base, self._script,
                                  tiles=self.tiles)
        self.__dict__.update(g.__dict__)

    # -- running phases ---------------------------------------------------------------------------

    def _advance(self) -> None:
        st = self._st
        if self._dirty and self._snap is not None:     # (dirty: stopped after a snapshot)
            st.restore(self._snap)
            self._dirty = False
        while st.phase != Phase.OVER:
            # The phase runs on the state itself, from a snapshot taken at its start and
            # restored whenever it stops at a decision.  A phase that asks before it changes
            # anything needs no snapshot to find its first decision.
            # (the players' own decks: the draw after a step may ask for a tap once the step
            # has changed the board, so the step needs its snapshot to run again from)
            if self._snap is None and (self._answers or st.phase not in ASK_FIRST
                                       or self.config.own_decks):
                self._snap = st.snapshot()
            run = PhaseRun(st, self._answers,
                           PhaseChance(self._known, self._log, self.dice, self._fork))
            try:
                getattr(self, "_p_" + st.phase)(st, run)
                self._sync_draws(st, run)
                self._check_teams(st, run)
            except NeedDecision as need:
                # the position stays as the step left it (for the table to show) until the
                # next answer re-runs the step from its snapshot
                self._dirty = self._snap is not None
                self._request = need.decision
                self._run_events = run.r.events
                return
            except BaseException:
                if self._snap is not None:
                    st.restore(self._snap)
                raise
            self._snap = None
            self._answers = []
            self._known = []
            self._events.extend(run.r.events)
            self._run_events = []
            self._checkpoint()
        self._request = None


__all__ = ["Game", "GameConfig", "GameResult", "NeedDecision", "OPTIONS", "ReplayMismatch",
           "TIMED", "TURN_PHASES", "Turn"]


def _learnt_before(log: list) -> dict[int, list[dict]]:
    """The cards taught during a game (``learn`` entries), by the index of the answer (or
    timeout) before them in ``log`` (-1: before the first)."""
    out: dict[int, list[dict]] = {}
    last = -1
    for n, entry in enumerate(log):
        if "answer" in entry or entry.get("timeout"):
            last = n
        elif isinstance(entry.get("learn"), dict):
            out.setdefault(last, []).append(entry["learn"])
    return out


def card_json(card: Card) -> dict[str, Any]:
    """A card as a log entry holds it (JSON-ready: lists for tuples)."""
    defaults = Card._field_defaults
    return {name: list(v) if isinstance(v, tuple) else v
            for name, v in zip(card._fields, card) if name not in defaults or v != defaults[name]}


def json_card(data: dict[str, Any]) -> Card:
    """The card of a ``learn`` log entry (the library checked it when it was taught)."""
    try:
        args: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                for k, v in data.items()}
        return Card(**args)
    except TypeError as err:
        raise Illegal(f"a card in the log cannot be read: {err}") from None


def _deal_unseen(st: State, viewer: str, dice: SeededDice) -> None:
    """Deal the hands of every team but ``viewer`` again from the cards it has not seen."""
    others = [t for t in st.hands if t != viewer]
    unseen = [c for t in others for c in st.hands[t]] + st.supply
    dice.shuffle(unseen)
    for t in others:
        k = len(st.hands[t])
        st.hands[t], unseen = unseen[:k], unseen[k:]
    st.supply = unseen
