"""A whole game as plain data plus a log, driven through one door (docs/game.md).

    game = Game.new(config, seed)
    game.request          # the Decision the game waits for (None: the game is over)
    game.answer(value)    # Illegal (and nothing changed) if value is not one of its options
    game.log              # every answer and every chance outcome, in order, JSON-ready
    Game.replay(config, seed, log)   # the same game again
    game.undo(), game.can_undo       # one answer back, never past a revealed random result
    game.result           # None, or {"winners": [...], "shared": bool, ...}

How it runs.  The game moves through *phases* (setup: ``place``, ``draft``, ``start``; each
turn: ``activate``, ``move1``, ``move2``, ``weapon``, ``end``).  A phase runs from a
checkpoint (a copy of the state at its start) with a decider that hands out the answers
given so far in this phase and raises :class:`NeedDecision` when they run out: that decision
is the request.  Each answer re-runs the phase from its checkpoint.  Chance outcomes already
revealed in the phase are served again from a list (so a re-run, or a bot's copy with its own
generator, sees the same dice); new ones come from the game's :class:`CounterRandom` and are
appended to the log the moment they are revealed.  A phase that completes becomes the next
checkpoint.

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
"card"}`` (card null: the Supply deck is empty) and ``{"reveal": "drop", "card"}``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .board import TEAMS, Board, Thing
from .cards import Play, resolve_drop, resolve_text
from .chance import CounterRandom
from .decisions import Decision, Illegal
from .effects import Resolver, accuracy_dice
from .hexes import Hex
from .setup import (arena, auto_layout, capacity_problem, copies, deal_hands, drop_deck,
                    make_map, pile, place_thing, standard_land, supply_deck)
from .targeting import TARGET_RULES, inches, jumps


#: Optional rules (T7 and the rulebook's other variants).
OPTIONS = ("parting_gifts", "reduced_blast", "no_sudden_death", "longer_game", "timer",
           "true_elimination", "sudden_death_draft", "late_superweapons")
#: Decisions a timer running out cuts short (a card text being resolved is finished first).
TIMED = ("worm", "move", "card")
TURN_PHASES = ("activate", "move1", "move2", "weapon")
#: phases that ask their first question before changing anything (see _advance)
ASK_FIRST = TURN_PHASES


class NeedDecision(Exception):
    """The phase being run needs an answer nobody has given yet."""

    def __init__(self, decision: Decision):
        super().__init__(decision.why)
        self.decision = decision


class ReplayMismatch(Exception):
    """A log that this game (config, seed) does not reproduce."""


class _TimeUp(Exception):
    pass


_TIMEOUT = "\x00timeout"


@dataclass(frozen=True)
class GameConfig:
    teams: int = 2                                  # 2-4, or 5-6 with the extra teams
    options: tuple[str, ...] = ()                   # from OPTIONS
    land: tuple[Hex, ...] | None = None             # None: the standard map (setup.py)
    placement: str = "auto"                         # "auto" or "players" (decisions)
    things: tuple[dict, ...] | None = None          # a fixed starting layout (scenarios)
    drop_deck: tuple[str, ...] | None = None        # a fixed Drop deck, top first
    wind: int | None = None                         # a fixed initial wind
    max_rounds: int | None = None                   # stop after this many rounds (bots)
    timer_seconds: int = 60
    larger_map: bool = False                        # the automatic map: every tile, not one each

    def __post_init__(self):
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        if not isinstance(self.teams, int) or not 2 <= self.teams <= len(TEAMS):
            return f"teams: {self.teams!r}, a game has 2 to {len(TEAMS)} teams"
        for o in self.options:
            if o not in OPTIONS:
                return f"options: unknown option {o!r} (known: {', '.join(OPTIONS)})"
        if self.placement not in ("auto", "players"):
            return f"placement: {self.placement!r}, expected auto or players"
        if self.wind is not None and self.wind not in range(1, 7):
            return f"wind: {self.wind!r}, expected 1..6"
        if self.things is None:      # (an automatic map is checked once it is laid)
            return capacity_problem(set(self.land) if self.land is not None else None, self.teams)
        return None

    def as_json(self) -> dict:
        out = asdict(self)
        out["options"] = list(self.options)
        if self.land is not None:
            out["land"] = [list(h) for h in self.land]
        if self.things is not None:
            out["things"] = [dict(t) for t in self.things]
        if self.drop_deck is not None:
            out["drop_deck"] = list(self.drop_deck)
        return out

    @classmethod
    def from_json(cls, data: dict) -> "GameConfig":
        data = dict(data)
        if "options" in data:
            data["options"] = tuple(data["options"])
        if data.get("land") is not None:
            data["land"] = tuple(tuple(h) for h in data["land"])
        if data.get("things") is not None:
            data["things"] = tuple({**t, "at": list(t["at"])} for t in data["things"])
        if data.get("drop_deck") is not None:
            data["drop_deck"] = tuple(data["drop_deck"])
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown game setting {sorted(unknown)[0]!r}")
        return cls(**data)


@dataclass
class Turn:
    number: int          # turns begun so far (1 is the first)
    team: str | None
    worm: str | None
    step: str            # the phase: place, draft, start, activate, move1, move2, weapon, end, over


_CONTAINERS: dict = {}


def _board_dict(b: dict) -> dict:
    """A board's attributes with fresh containers (Things themselves are shared).  Generic,
    so that a cache the board grows later (e.g. ``counts``) is copied too."""
    d = b.copy()
    keys = _CONTAINERS.get(len(b))
    if keys is None:
        keys = _CONTAINERS[len(b)] = [k for k, v in b.items() if k != "hexes"
                                      and isinstance(v, (dict, set, list))]
    for k in keys:
        d[k] = b[k].copy()
    d["hexes"] = {h: ids[:] for h, ids in b["hexes"].items()}
    return d


def _copy_board(b: Board) -> Board:
    nb = Board.__new__(Board)
    nb.__dict__ = _board_dict(b.__dict__)
    nb.things = {k: Thing(t.id, t.kind, t.at, t.team, t.damaged) for k, t in b.things.items()}
    return nb


_LISTS = ("supply", "drops", "discard", "pile", "out", "seats", "order")


def _state_dict(s: dict) -> dict:
    d = dict(s)
    for k in _LISTS:
        d[k] = list(d[k])
    d["hands"] = {t: list(h) for t, h in s["hands"].items()}
    d["drawn"] = dict(s["drawn"])
    if s["final"] is not None:
        d["final"] = list(s["final"])
    return d


class _State:
    """Everything a phase may change (copied at every checkpoint)."""

    def __init__(self, board: Board):
        self.board = board
        self.phase = "start"
        self.after_map = "start"             # the phase after an automatic map is laid
        self.seats: list[str] = []           # team of each seat (clockwise)
        self.order: list[str] = []           # turn order, first player first
        self.hands: dict[str, list[str]] = {}
        self.drawn: dict[str, int] = {}      # Supply cards handed out per team
        self.supply: list[str] = []          # top first
        self.drops: list[str] = []           # top first; the Sudden Death card last
        self.sudden: str | None = None       # the revealed Sudden Death card
        self.drafted: str | None = None      # the Sudden Death card a draft chose
        self.discard: list[str] = []
        self.pile: list[str] = []            # setup: Things still to place
        self.place_seat = 0
        self.team: str | None = None
        self.worm: str | None = None
        self.hurt = False                    # T3
        self.timed_out = False
        self.turn_no = 0
        self.out: list[str] = []             # eliminated teams, in order
        self.final: list[str] | None = None  # teams still to play the final round
        self.final_due = False
        self.worm_ids: list[str] = []
        self.result: dict | None = None

    def copy(self) -> "_State":
        """An independent copy (bots' forks)."""
        s = _State.__new__(_State)
        s.__dict__ = _state_dict(self.__dict__)
        s.board = _copy_board(self.board)
        return s

    @staticmethod
    def from_snapshot(snap: tuple) -> "_State":
        """An independent state equal to the one the snapshot was taken of."""
        d, bd, fields = snap
        s = _State.__new__(_State)
        s.__dict__ = _state_dict(d)
        board = Board.__new__(Board)
        board.__dict__ = _board_dict(bd)
        board.things = {t.id: Thing(t.id, t.kind, at, t.team, damaged) for t, at, damaged in fields}
        s.board = board
        return s

    def snapshot(self) -> tuple:
        """What restore() needs to bring this state back (cheap: Things are not copied,
        only their position and health, the only fields effects change)."""
        b = self.board
        return (_state_dict(self.__dict__), _board_dict(b.__dict__),
                [(t, t.at, t.damaged) for t in b.things.values()])

    def restore(self, snap: tuple) -> None:
        d, bd, fields = snap
        for t, at, damaged in fields:
            t.at = at
            t.damaged = damaged
        board = self.board
        board.__dict__ = _board_dict(bd)
        self.__dict__ = _state_dict(d)
        self.board = board


def _norm(v):
    if isinstance(v, (list, tuple)):
        return tuple(_norm(x) for x in v)
    return v


def _entry(e: dict) -> dict:
    return {k: _norm(v) for k, v in e.items()}


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


class _Chance:
    """The chance source of one phase run (see the module doc)."""

    def __init__(self, game: "Game"):
        self.game = game
        self.known = game._known
        self.i = 0

    def _next(self, tag: str, make):
        if self.i < len(self.known):
            entry = self.known[self.i]
            if entry.get("chance", entry.get("reveal")) != tag:  # pragma: no cover - a bug
                raise ReplayMismatch(f"expected {tag}, the phase revealed {entry}")
        else:
            entry = make()
            self.known.append(entry)
            self.game._log.append(entry)
        self.i += 1
        return entry

    def roll(self) -> str:
        return self._next("die", lambda: {"chance": "die", "value": self.game._roll()})["value"]

    def flip(self) -> str:
        return self._next("flip", lambda: {"chance": "flip", "value": self.game._flip()})["value"]

    def pick(self, options, what: str):
        options = list(options)
        e = self._next("pick", lambda: {"chance": "pick", "what": what,
                                        "value": _plain(options[self.game._rng.below(len(options))])})
        return _norm(e["value"])

    def shuffle(self, items: list, what: str) -> None:
        def make():
            order = list(items)
            self.game._rng.shuffle(order)
            return {"chance": "shuffle", "what": what, "order": order}
        known = self.i < len(self.known)
        order = list(self._next("shuffle", make)["order"])
        if known and self.game._fork and what in ("drop", "supply", "superweapons"):
            self.game._rng.shuffle(items)   # a bot's copy never learns a hidden order
        else:
            items[:] = order

    def reveal(self, entry: dict) -> dict:
        return self._next(entry["reveal"], lambda: entry)


class _Run:
    """One run of a phase: its state copy, its Resolver, its decider."""

    def __init__(self, game: "Game", st: _State):
        self.game = game
        self.st = st
        self.answers = game._answers
        self.pos = 0
        self.chance = _Chance(game)
        self.r = Resolver(st.board, self.chance, self)
        if st.worm is not None and st.worm in st.board.things:
            self.r.activate(st.worm)
        self.r.active_team = st.team
        self.r.active_hurt = st.hurt

    def __call__(self, decision: Decision):
        while self.pos < len(self.answers):
            a = self.answers[self.pos]
            self.pos += 1
            if a == _TIMEOUT:
                self.st.timed_out = True
                if decision.kind in TIMED:
                    raise _TimeUp()
                continue
            return a
        raise NeedDecision(decision)

    def ask(self, kind, options, default, why, actor=None, info=None):
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        return self(Decision(kind, options, default, why, actor or self.st.team, info))


class Game:
    """See the module doc."""

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig, seed: int | str, cards: dict | None = None,
            script: tuple | None = None, tiles: list | None = None) -> "Game":
        """A new game.  ``cards``: the card library, id -> Card (reading it is table.cards'
        job; table.game.Game supplies it, and ``tiles``, the box's map tiles, needed when
        the config gives no land).  ``script``: optional (dice, flips) lists used before the
        seeded dice (scenarios)."""
        if isinstance(config, dict):
            config = GameConfig.from_json(config)
        if cards is None:
            raise TypeError("Game.new needs the card library (table.game.Game supplies it)")
        g = cls.__new__(cls)
        g.config = config
        g.seed = seed
        g.cards = cards
        g.tiles = tiles
        g._script = script
        g._dice = list(script[0]) if script else []
        g._flips = list(script[1]) if script else []
        g._rng = CounterRandom(seed)
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
        g._st = g._initial_state()
        g._advance()
        return g

    def _initial_state(self) -> _State:
        cfg = self.config
        rules = {o for o in cfg.options if o in ("parting_gifts", "reduced_blast")}
        if cfg.things is not None:
            land = set(map(tuple, cfg.land)) if cfg.land is not None else None
            board = _fixed_board(cfg, land)
        else:       # no land: the "map" phase lays the tiles
            board = Board(land=set(map(tuple, cfg.land)) if cfg.land is not None else set(), wind=1)
        board.rules |= rules
        st = _State(board)
        st.arena = arena(board.land)
        if cfg.things is not None:
            st.teams = [t for t in TEAMS if board.worms(t)]
        else:
            st.teams = list(TEAMS[:cfg.teams])
        if cfg.placement == "players" and cfg.things is None:
            st.pile = pile(st.teams)
            st.phase = "place"
        elif "sudden_death_draft" in cfg.options and "no_sudden_death" not in cfg.options:
            st.phase = "draft"
        if cfg.land is None and cfg.things is None:
            if self.tiles is None:
                raise TypeError("a game without land needs the box's map tiles (table.game.Game "
                                "supplies them)")
            st.after_map, st.phase = st.phase, "map"
        return st

    @classmethod
    def replay(cls, config: GameConfig, seed: int | str, log: list, cards: dict | None = None,
               script: tuple | None = None, tiles: list | None = None) -> "Game":
        """Rebuild a game from its log: answers are given again, chance outcomes must match
        (ReplayMismatch names the first entry that does not).  ``log`` may stop anywhere."""
        g = cls.new(config, seed, cards, script, tiles=tiles)
        for n, entry in enumerate(log):
            try:
                if "answer" in entry:
                    g.answer(entry["answer"])
                elif entry.get("timeout"):
                    g.time_up()
            except Illegal as err:
                raise ReplayMismatch(f"log entry {n}: {err}") from None
        for n, given in enumerate(log):
            if n >= len(g._log):
                raise ReplayMismatch(f"log entry {n}: the log goes on after the game it "
                                     f"describes stops ({given})")
            if _entry(g._log[n]) != _entry(given):
                raise ReplayMismatch(f"log entry {n}: the game gives {g._log[n]}, "
                                     f"the log has {given}")
        return g

    def fork(self, seed: int | str) -> "Game":
        """A copy for a bot to try things on: same position and request, its own dice (from
        ``seed``), the hidden decks reshuffled, no shared state, a log of its own."""
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g._rng = CounterRandom(f"fork:{seed}")
        g._script = None
        g._dice, g._flips = [], []
        g._log = []
        g._events = []
        g._answers = list(self._answers)
        g._known = list(self._known)
        # the fork starts where the step in progress started (the game's view is untouched)
        st = _State.from_snapshot(self._snap) if self._dirty else self._st.copy()
        g._rng.shuffle(st.supply)
        if st.drops:
            sd = st.drops[-1] if self.cards[st.drops[-1]].kind == "sudden_death" else None
            body = st.drops[:-1] if sd else st.drops
            g._rng.shuffle(body)
            st.drops = body + ([sd] if sd else [])
        g._st = st
        g._snap = None
        g._dirty = False
        g._fork = True
        return g

    # -- the door -----------------------------------------------------------------------------

    @property
    def request(self) -> Decision | None:
        return self._request

    @property
    def log(self) -> list[dict]:
        return self._log

    @property
    def result(self) -> dict | None:
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

    @property
    def decks(self) -> dict:
        st = self._st
        return {"supply": len(st.supply), "drop": len(st.drops), "sudden_death": st.sudden,
                "discard": list(st.discard)}

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

    @property
    def timer(self) -> int | None:
        """Seconds from activation to End turn when the Timer option is on (the daemon keeps
        the clock and calls time_up())."""
        return self.config.timer_seconds if "timer" in self.config.options else None

    def answer(self, value: Any) -> None:
        d = self._request
        if d is None:
            raise Illegal("the game is over: there is nothing to answer")
        v = _norm(value)
        if v not in d.options:
            shown = ", ".join(str(_plain(o)) for o in d.options[:12])
            more = f" and {len(d.options) - 12} more" if len(d.options) > 12 else ""
            raise Illegal(f"{_plain(v)!r} is not a legal answer to {d.kind} ({d.why}); "
                          f"legal: {shown}{more}")
        self._commit_input(v, {"answer": _plain(v), "kind": d.kind, "why": d.why, "actor": d.actor})

    def time_up(self) -> None:
        """The Timer ran out (T7): the turn goes to End turn once any card text being
        resolved is finished."""
        st = self._st
        if self.timer is None:
            raise Illegal("the Timer option is not on in this game")
        if st.phase not in TURN_PHASES or st.timed_out or _TIMEOUT in self._answers:
            raise Illegal("the timer can only run out during a turn, before End turn, once")
        self._commit_input(_TIMEOUT, {"timeout": True})

    def _commit_input(self, v, entry) -> None:
        n_log, n_known = len(self._log), len(self._known)
        self._answers.append(v)
        self._log.append(entry)
        try:
            self._advance()
        except Exception:
            self._answers.pop()
            del self._log[n_log:]
            del self._known[n_known:]
            raise

    @property
    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        for i in range(len(self._log) - 1, -1, -1):
            e = self._log[i]
            if "answer" in e:
                return i
            return None
        return None

    def undo(self) -> None:
        """Take back the last answer, unless a random result was revealed after it."""
        i = self._undo_point()
        if i is None:
            raise Illegal("nothing to undo: undo never goes back past a revealed random result "
                          "(a die, a flip, a shuffle, a drawn card) or a timeout")
        g = Game.replay(self.config, self.seed, self._log[:i], self.cards, self._script,
                        tiles=self.tiles)
        self.__dict__.update(g.__dict__)

    # -- randomness ---------------------------------------------------------------------------

    def _roll(self) -> str:
        return self._dice.pop(0) if self._dice else self._rng.roll()

    def _flip(self) -> str:
        return self._flips.pop(0) if self._flips else self._rng.flip()

    # -- running phases ---------------------------------------------------------------------------

    def _advance(self) -> None:
        st = self._st
        if self._dirty:
            st.restore(self._snap)
            self._dirty = False
        while st.phase != "over":
            # The phase runs on the state itself, from a snapshot taken at its start and
            # restored whenever it stops at a decision.  A phase that asks before it changes
            # anything needs no snapshot to find its first decision.
            if self._snap is None and (self._answers or st.phase not in ASK_FIRST):
                self._snap = st.snapshot()
            run = _Run(self, st)
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
        self._request = None

    # -- setup phases -------------------------------------------------------------------------

    def _p_map(self, st: _State, run: _Run) -> None:
        """T8: one map tile per player (every tile with Larger map), laid by the rulebook."""
        data = make_map(st.board, self.tiles, len(st.teams), self.config.larger_map,
                        run.chance, _short(run))
        st.arena = arena(st.board.land)
        run.r.event("map", **data)
        st.phase = st.after_map

    def _p_place(self, st: _State, run: _Run) -> None:
        actor = f"seat:{st.place_seat}"
        items = sorted(set(st.pile))
        item = run.ask("pile", items, items[0], "place", actor)
        free = [h for h in sorted(st.board.land) if st.board.count(h) < 3]
        h = run.ask("hex", free, free[0], f"place:{item}", actor)
        thing = place_thing(st.board, item, h)
        run.r.event("place", thing=thing.id, kind=thing.kind, at=list(h), setup=True)
        st.pile.remove(item)
        st.place_seat = (st.place_seat + 1) % len(st.teams)
        if not st.pile:
            st.phase = "draft" if ("sudden_death_draft" in self.config.options and
                                   "no_sudden_death" not in self.config.options) else "start"

    def _p_draft(self, st: _State, run: _Run) -> None:
        """Sudden Death Draft: the Sudden Death cards dealt out as evenly as they go (extras
        back in the box), each player keeps one, one of the kept cards is drawn at random."""
        sds = sorted(c for c in self.cards if self.cards[c].kind == "sudden_death")
        run.chance.shuffle(sds, "sudden_death_draft")
        n = len(st.teams)
        each = max(1, len(sds) // n)
        kept = []
        for seat in range(n):
            dealt = sds[seat * each:(seat + 1) * each]
            if dealt:
                kept.append(run.ask("card", dealt, dealt[0], "sudden_death_draft", f"seat:{seat}"))
        st.drafted = run.chance.pick(kept, "sudden_death") if kept else None
        st.phase = "start"

    def _p_start(self, st: _State, run: _Run) -> None:
        cfg, ch, board = self.config, run.chance, st.board
        if cfg.things is None and cfg.placement == "auto":
            auto_layout(board, st.teams, ch)
        st.worm_ids = sorted(w.id for w in board.worms())
        seats = list(st.teams)
        ch.shuffle(seats, "teams")
        st.seats = seats
        first = min(seats, key=TEAMS.index)
        s0 = seats.index(first)
        st.order = seats[s0:] + seats[:s0]
        short = _short(run)
        st.hands = deal_hands(self.cards, [t for t in TEAMS if t in seats], ch, short)
        n = len(seats)
        st.supply = supply_deck(self.cards, n, "late_superweapons" in cfg.options, ch)
        if cfg.drop_deck is not None:
            st.drops = list(cfg.drop_deck)
        else:
            st.drops = drop_deck(self.cards, n, "longer_game" in cfg.options,
                                 "no_sudden_death" in cfg.options, st.drafted, ch, short)
        if cfg.wind is not None:
            board.wind = cfg.wind
        else:
            while True:
                face = ch.roll()
                if face not in ("wind", "hit"):
                    board.wind = int(face)
                    break
        run.r.event("setup", seats=seats, order=st.order, wind=board.wind,
                    drop_deck=len(st.drops), supply_deck=len(st.supply))
        self._begin_turn(st, run, first)

    # -- the turn -----------------------------------------------------------------------------

    def _begin_turn(self, st: _State, run: _Run, team: str) -> None:
        st.turn_no += 1
        st.team, st.worm, st.hurt, st.timed_out = team, None, False, False
        st.phase = "activate"
        run.r.active_team = team
        run.r.event("turn", number=st.turn_no, team=team)
        run.r.thaw(team)

    def _p_activate(self, st: _State, run: _Run) -> None:
        r, board = run.r, st.board
        worms = sorted(w.id for w in board.worms(st.team))
        try:
            wid = run.ask("worm", worms, worms[0], "activate")
        except _TimeUp:
            st.phase = "end"
            return
        st.worm = wid
        r.activate(wid)
        worm = board.things[wid]
        r.event("activate", worm=wid, team=st.team, at=list(worm.at))
        for crate in [t for t in board.in_hex(worm.at) if t.kind == "crate"]:
            r.destroy(crate, "opened")
            board.cards_drawn[st.team] = board.cards_drawn.get(st.team, 0) + 1
            r.event("draw", team=st.team, worm=wid)
        if worm.damaged:
            worm.damaged = False
            r.event("heal", worm=wid)
        st.phase = "move1"

    def _turn_over(self, st: _State, run: _Run) -> bool:
        worm = st.board.things.get(st.worm) if st.worm else None
        return worm is None or run.r.active_hurt or st.timed_out

    def _p_move1(self, st: _State, run: _Run) -> None:
        self._movement(st, run, "move2")

    def _p_move2(self, st: _State, run: _Run) -> None:
        self._movement(st, run, "weapon")

    def _movement(self, st: _State, run: _Run, then: str) -> None:
        if not self._turn_over(st, run):
            try:
                self._move(st, run, "move")
            except _TimeUp:
                pass
        st.hurt = run.r.active_hurt
        st.phase = "end" if self._turn_over(st, run) else then

    def _move(self, st: _State, run: _Run, why: str) -> None:
        board, worm = st.board, st.board.things[st.worm]
        opts = [("skip", None)]
        opts += [("inch", h) for h in inches(board, worm.at)]
        opts += [("jump", h) for h in jumps(board, worm.at)]
        kind, to = run.ask("move", opts, opts[0], why)
        if kind == "inch":
            run.r.inch(worm, to)
        elif kind == "jump":
            run.r.jump(worm, to)

    def _p_weapon(self, st: _State, run: _Run) -> None:
        if not self._turn_over(st, run):
            try:
                self._play_from_hand(st, run, "weapon")
            except _TimeUp:
                pass
        st.hurt = run.r.active_hurt
        st.phase = "end"

    def _play_from_hand(self, st: _State, run: _Run, why: str) -> None:
        # (at the start of the weapon step nothing is pending: every step ends with a sync,
        # so the step still asks before it changes anything, as ASK_FIRST requires)
        self._sync_draws(st, run)
        hand = st.hands[st.team]
        weapons = sorted({c for c in hand if self.cards[c].kind in ("starter", "supply",
                                                                    "superweapon")})
        choice = run.ask("card", weapons + ["pass"], "pass", why)
        if choice == "pass":
            return
        card = self.cards[choice]
        hand.remove(choice)
        st.discard.append(choice)
        worm = st.board.things[st.worm]
        r = run.r
        r.event("play", card=choice, team=st.team, worm=worm.id)
        play = Play(worm)
        for symbol in card.action:
            if not r.alive(worm) or r.active_hurt or st.timed_out:
                break
            if symbol == "TEXT":
                if card.target is not None:
                    play.target = self._target(st, run, card, worm)
                    if card.target == "airstrike":
                        play.facing = run.ask("direction", range(1, 7), 1, f"{card.id}:facing")
                resolve_text(r, card, play)
            elif symbol == "MOVE":
                self._move(st, run, f"{card.id}:move")
            elif symbol == "PLAY":
                self._play_from_hand(st, run, "play")

    def _target(self, st: _State, run: _Run, card, worm: Thing) -> Hex:
        key = (card.id, worm.at)
        cached = self._targets.get(key)
        if cached is None:
            rule = TARGET_RULES[card.target]
            board = st.board
            opts = [h for h in st.arena if rule(worm.at, h, card.range, board)]
            if worm.at not in opts and rule(worm.at, worm.at, card.range, board):
                opts.insert(0, worm.at)
            info = None
            if card.accuracy is not None:
                info = tuple(accuracy_dice(worm.at, h, card.accuracy) for h in opts)
            cached = (tuple(opts), info)
            if card.target != "new_hex":          # the only rule that reads the board
                self._targets[key] = cached
        opts, info = cached
        return run.ask("hex", opts, opts[0], f"{card.id}:target", info=info)

    def _p_end(self, st: _State, run: _Run) -> None:
        """End turn (no end-of-turn effects in the library yet), the Drop step, pass."""
        r = run.r
        r.active_team = st.team
        r.event("end_turn", team=st.team)
        self._drop(st, run)
        self._check_teams(st, run)
        self._pass(st, run)

    def _drop(self, st: _State, run: _Run) -> None:
        r, cards = run.r, self.cards
        if st.sudden is not None:
            r.event("drop", card=st.sudden, sudden_death=True)
            resolve_drop(r, cards[st.sudden], revealed=False)
            return
        if not st.drops and "no_sudden_death" in self.config.options:
            deck = copies(cards, ("drop",))
            run.chance.shuffle(deck, "drop")
            st.drops = deck
            r.event("reshuffle", deck="drop", cards=len(deck))
        if not st.drops:
            r.event("drop_empty")
            return
        top = st.drops[0]
        cid = run.chance.reveal({"reveal": "drop", "card": top})["card"]
        st.drops.remove(cid)
        card = cards[cid]
        if card.kind == "sudden_death":
            st.sudden = cid
            r.event("sudden_death", card=cid, rule=card.lasting)
        else:
            r.event("drop", card=cid)
        resolve_drop(r, card)

    def _pass(self, st: _State, run: _Run) -> None:
        if st.result is not None:
            return
        order, team = st.order, st.team
        alive = [t for t in order if t not in st.out]
        if st.final_due and st.final is None:
            i = order.index(team)
            st.final = [t for t in order[i + 1:] + order[:i + 1]]
            run.r.event("final_round", teams=[t for t in st.final if t not in st.out])
        nxt = None
        if st.final is not None:
            while st.final and nxt is None:
                t = st.final.pop(0)
                if t not in st.out:
                    nxt = t
            if nxt is None:
                self._finish(st, run, "final_round")
                return
        else:
            i = order.index(team)
            for t in order[i + 1:] + order[:i + 1]:
                if t in alive:
                    nxt = t
                    break
        limit = self.config.max_rounds
        if limit is not None and st.turn_no >= limit * len(order):
            self._finish(st, run, "round_limit")
            return
        if nxt is None:
            self._finish(st, run, "no_teams")
            return
        self._begin_turn(st, run, nxt)

    def _check_teams(self, st: _State, run: _Run) -> None:
        if not st.order or st.result is not None:
            return
        alive = {t.team for t in st.board.things.values() if t.kind == "worm"}
        for t in st.order:
            if t not in st.out and t not in alive:
                st.out.append(t)
                run.r.event("eliminated", team=t)
                if "true_elimination" not in self.config.options:
                    st.final_due = True
        if "true_elimination" in self.config.options:
            if len([t for t in st.order if t not in st.out]) <= 1:
                self._finish(st, run, "true_elimination")

    def _finish(self, st: _State, run: _Run, reason: str) -> None:
        board = st.board
        worms = {t: len(board.worms(t)) for t in st.order}
        healthy = {t: sum(1 for w in board.worms(t) if not w.damaged) for t in st.order}
        best = max(worms.values())
        cands = [t for t in st.order if worms[t] == best]
        if len(cands) > 1:
            top = max(healthy[t] for t in cands)
            cands = [t for t in cands if healthy[t] == top]
        st.result = {"winners": cands, "shared": len(cands) > 1, "reason": reason,
                     "worms": worms, "undamaged": healthy, "turns": st.turn_no}
        st.phase = "over"
        run.r.event("game_over", **st.result)

    def _sync_draws(self, st: _State, run: _Run) -> None:
        """Hand out the Supply cards the crates opened since the last look."""
        for team, n in st.board.cards_drawn.items():
            while st.drawn.get(team, 0) < n:
                st.drawn[team] = st.drawn.get(team, 0) + 1
                top = st.supply[0] if st.supply else None
                card = run.chance.reveal({"reveal": "supply", "team": team, "card": top})["card"]
                if card is None:
                    run.r.event("supply_empty", team=team)
                    continue
                if card in st.supply:
                    st.supply.remove(card)
                st.hands.setdefault(team, []).append(card)
                run.r.event("card_drawn", team=team)


def _short(run: _Run):
    """What a deck (or the box's map tiles) running short says: a ``deck_short`` event."""
    def short(deck, wanted, have, card):
        run.r.event("deck_short", deck=deck, card=card, wanted=wanted, have=have)
    return short


def _fixed_board(cfg: GameConfig, land) -> Board:
    """A board from a fixed layout (scenario files): worms need ids and teams."""
    land = land if land is not None else standard_land(cfg.teams)
    board = Board(land=set(land), wind=1)
    for t in cfg.things:
        if t.get("id"):
            board.reserve_id(t["id"])
    for t in cfg.things:
        kind = t["kind"]
        tid = t.get("id") or board.new_id(kind)
        board.add(Thing(tid, kind, tuple(t["at"]), t.get("team"), bool(t.get("damaged", False))))
    return board


__all__ = ["Game", "GameConfig", "NeedDecision", "OPTIONS", "ReplayMismatch", "Turn"]
