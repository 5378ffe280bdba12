"""Bots: players for the box's own seats, the shop demo, stress tests and selfplay.

A bot is a callable ``bot(game) -> answer`` for ``game.request``.

* :class:`RandomBot` answers with a uniformly random legal option (never a jump into water).
* :class:`GreedyBot` tries every option on copies of the game as its team could believe it is
  and keeps the best average (table/bots/greedy.py).
* :class:`SearchBot` plays the rest of the turn on copies of the game as the team could
  believe it is (the decks and the other teams' hands dealt again), every die face and coin
  side weighed by its probability (table/bots/search.py, table/bots/expect.py), the position
  its turn leaves priced with the danger of the other side's reply (table/bots/danger.py).
* :class:`CarefulBot` is the greedy bot with the care the box's levels take: a jump's chance of
  drowning worked out from the map, a last damaged worm counted, a quiet answer on a tie
  (table/bots/careful.py).
* :class:`EasyBot` is the greedy bot with a single look that often takes the first idea that
  comes (never then a movement that may cost the worm).

The box's levels, the ones a team the box plays can have (:data:`LEVELS`): ``easy``,
``normal`` (the careful bot) and ``hard`` (the search).
"""

from __future__ import annotations

from .careful import CarefulBot
from .greedy import GreedyBot, RandomBot, quick, score, sensible
from .search import EasyBot, SearchBot

__all__ = ["BOTS", "LEVELS", "CarefulBot", "EasyBot", "GreedyBot", "RandomBot", "SearchBot", "for_level",
           "make", "quick", "score", "sensible"]


#: the bots by name: ``greedy`` is the yardstick of selfplay and the benchmarks; like the box's
#: levels it sees only what its team could (its copies are dealt as the team may believe)
BOTS = {"random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "hard": SearchBot}

#: the box's levels, weakest first, and the bot that plays each
LEVELS = {"easy": EasyBot, "normal": CarefulBot, "hard": SearchBot}


def make(name: str, seed: int | str = 0):
    """A bot by name (``random``, ``greedy``, ``easy``, ``hard``)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None


def for_level(level: str, seed: int | str = 0):
    """The bot that plays a box team of ``level`` (a key of :data:`LEVELS`)."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})") from None
