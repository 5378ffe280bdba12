"""The rules engine: pure, deterministic, no I/O, no clock, no hardware.

Vocabulary:

* a **hex** is an axial ``(q, r)`` tuple (:mod:`table.hexgrid`, shared with the hardware side);
* a :class:`Board` holds land, Things in hex order, the wind and the Target Token;
* a **chance source** gives die faces and Danger Flipper sides (:mod:`.chance`);
* a **decider** answers :class:`Decision` requests (:mod:`.decisions`), each naming its
  :class:`Purpose` (and the card or Thing it is about);
* a :class:`Resolver` applies the effects of the rules to a board (:mod:`.effects`) and
  records what happened as events, one of the closed set :class:`EventKind` (:mod:`.events`);
* every error the engine raises is an :class:`EngineError` (:mod:`.errors`).

>>> from table.engine import Board, Thing, Resolver, Script
>>> board = Board(land={(0, 0), (1, 0)}, wind=3)
>>> _ = board.add(Thing("A", "worm", (0, 0), team="blue"))
>>> r = Resolver(board, Script(dice=["3"]))
>>> r.blast((0, 0))           # a crater, then worm A is damaged and thrown south-east
>>> board.things["A"].at, board.things["A"].damaged
((1, 0), True)
"""

from .board import BOX, FIXED, THING_KINDS, TEAMS, WORMS_PER_TEAM, Board, Thing
from .chance import FACES, CounterRandom, OutOfRandom, Script, face_direction
from .decisions import SKIP, Decision, DecisionKind, Illegal, Movement, Purpose, Way, take_default
from .effects import RULES, Resolver
from .errors import EngineError
from .events import EventKind
from table.hexgrid import DIRECTIONS, Hex, distance, neighbour, opposite
from .state import GameResult, Phase

__all__ = [
    "BOX", "DIRECTIONS", "FACES", "FIXED", "RULES", "SKIP", "TEAMS", "THING_KINDS", "WORMS_PER_TEAM",
    "Board", "CounterRandom", "Decision", "DecisionKind", "EngineError", "EventKind",
    "GameResult", "Hex", "Illegal", "Movement", "OutOfRandom", "Phase", "Purpose", "Resolver",
    "Script", "Thing", "Way", "distance",
    "face_direction", "neighbour", "opposite",
    "take_default",
]
