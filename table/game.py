"""The engine's :class:`~table.engine.game.Game` with the card library supplied.

The engine stays pure: it is handed the cards and the map tiles it plays with.  This layer
hands it the library (the shipped cards and the owner's, :func:`table.cards.library`) and the
box's tiles (:func:`table.cards.tiles.box_tiles`) whenever a caller gives none.
"""

from __future__ import annotations

from table.cards import library
from table.cards.tiles import box_tiles
from table.engine import game as engine

__all__ = ["Game", "GameConfig"]

GameConfig = engine.GameConfig


def _tiles(config, tiles):
    """The tiles a game needs: the caller's, else the box's when the config gives no land
    (the automatic map), else none (so a bad tile file never stops a game on a fixed map)."""
    if tiles is not None:
        return tiles
    land = config.get("land") if isinstance(config, dict) else config.land
    return box_tiles() if land is None else None


class Game(engine.Game):
    @classmethod
    def new(cls, config, seed, cards=None, script=None, tiles=None, dice=None):
        return super().new(config, seed, library() if cards is None else cards, script,
                           tiles=_tiles(config, tiles), dice=dice)

    @classmethod
    def replay(cls, config, seed, log, cards=None, script=None, tiles=None):
        return super().replay(config, seed, log, library() if cards is None else cards, script,
                              tiles=_tiles(config, tiles))
