"""What a game is at one moment: the board and everything a step may change (hands, decks,
whose turn, the final round), copied at every checkpoint and restored when a step re-runs."""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .board import Board, Thing
from table.hexgrid import Hex


@dataclass
class Turn:
    """Whose turn it is and which step of it the game is at."""

    number: int          # turns begun so far (1 is the first)
    team: str | None
    worm: str | None
    step: str            # the Phase: place, draft, start, activate, move1, move2, weapon, end, over


class GameResult(NamedTuple):
    """How a game ended (rulings T6): the winners (several: a shared win), why it ended
    (``final_round``, ``true_elimination``, ``round_limit``, ``no_teams``), the worms and the
    undamaged worms each team kept, and the turns played.  ``as_json()`` is the dict the
    ``game_over`` event, the journal and a scenario's output carry.

    >>> r = GameResult(("red",), False, "final_round", {"red": 2, "blue": 0},
    ...                {"red": 1, "blue": 0}, 9)
    >>> r.as_json()["winners"], GameResult.from_json(r.as_json()) == r
    (['red'], True)
    """

    winners: tuple[str, ...]
    shared: bool
    reason: str
    worms: dict[str, int]
    undamaged: dict[str, int]
    turns: int

    def as_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "shared": self.shared, "reason": self.reason,
                "worms": dict(self.worms), "undamaged": dict(self.undamaged),
                "turns": self.turns}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameResult":
        return cls(tuple(data["winners"]), data["shared"], data["reason"], dict(data["worms"]),
                   dict(data["undamaged"]), data["turns"])


class Setup(NamedTuple):
    """The game as its setup left it (the log's ``setup`` record): the board as laid (the map
    and every Thing where it was placed), each team's hand as dealt and what the decks hold
    (``supply``, ``drop``: card ids, sorted; ``bottom``: the Sudden Death card or None)."""

    board: Board
    hands: dict[str, list[str]]
    decks: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"board": self.board.as_json(), "hands": {t: list(h) for t, h in self.hands.items()},
                "decks": {"supply": list(self.decks["supply"]), "drop": list(self.decks["drop"]),
                          "bottom": self.decks["bottom"]}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        decks = data["decks"]
        return cls(Board.from_json(data["board"]), {t: list(h) for t, h in data["hands"].items()},
                   {"supply": list(decks["supply"]), "drop": list(decks["drop"]),
                    "bottom": decks["bottom"]})


_CONTAINERS: dict[int, list[str]] = {}


def _board_dict(b: dict[str, Any]) -> dict[str, Any]:
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


def _state_dict(s: dict[str, Any]) -> dict[str, Any]:
    d = dict(s)
    for k in _LISTS:
        d[k] = list(d[k])
    d["hands"] = {t: list(h) for t, h in s["hands"].items()}
    d["drawn"] = dict(s["drawn"])
    if s["final"] is not None:
        d["final"] = list(s["final"])
    return d


class Phase(StrEnum):
    """The phases of a game (a string enum: ``Phase.WEAPON == "weapon"``): setup (``map``,
    ``place``, ``draft``, ``start``), each turn's (``activate``, ``move1``, ``move2``,
    ``weapon``, ``end``), and ``over``."""

    MAP = "map"
    PLACE = "place"
    DRAFT = "draft"
    START = "start"
    ACTIVATE = "activate"
    MOVE1 = "move1"
    MOVE2 = "move2"
    WEAPON = "weapon"
    END = "end"
    OVER = "over"


class State:
    """Everything a phase may change (copied at every checkpoint)."""

    def __init__(self, board: Board):
        self.board = board
        self.phase = Phase.START
        self.after_map = Phase.START         # the phase after an automatic map is laid
        self.teams: list[str] = []           # the teams playing (before the seats are drawn)
        self.arena: list[Hex] = []           # the hexes a target may be (land and near water)
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
        self.result: GameResult | None = None

    def turn_team(self) -> str:
        """The team whose turn it is (asked only during a turn)."""
        assert self.team is not None, "no turn is in progress"
        return self.team

    def turn_worm(self) -> str:
        """The id of the active worm (asked only once a worm is activated)."""
        assert self.worm is not None, "no worm is active"
        return self.worm

    def deck_cards(self, cards: dict) -> dict[str, Any]:
        """What the decks hold, not their order (:attr:`Game.deck_cards`)."""
        drops = list(self.drops)
        bottom = drops.pop() if drops and cards[drops[-1]].kind == "sudden_death" else None
        return {"supply": sorted(self.supply), "drop": sorted(drops), "bottom": bottom}

    def copy(self) -> "State":
        """An independent copy (bots' forks)."""
        s = State.__new__(State)
        s.__dict__ = _state_dict(self.__dict__)
        s.board = _copy_board(self.board)
        return s

    @staticmethod
    def from_snapshot(snap: tuple) -> "State":
        """An independent state equal to the one the snapshot was taken of."""
        d, bd, fields = snap
        s = State.__new__(State)
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
