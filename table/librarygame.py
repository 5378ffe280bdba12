""":class:`LibraryGame`: the engine's :class:`~table.engine.game.Game` with the card library supplied.

The engine stays pure: it is handed the cards and the map tiles it plays with.  This layer
hands it the library (the shipped cards and the owner's, :func:`table.cards.library`) and the
box's tiles (:func:`table.cards.tiles.box_tiles`) whenever a caller gives none.

A game never depends on files that can change under it: :meth:`LibraryGame.kept` is what a
journal keeps beside a game when it starts (every card it was set up with, as a card file's
table, and the map tiles when it lays them), and :meth:`LibraryGame.from_kept` turns that back
into what ``replay`` needs, so a resumed game reads its cards from its journal, never from the
owner's card folder.  (A card taught during the game is a ``learn`` entry of its log.)
"""

from __future__ import annotations

from typing import Any

from table.cards import CardError, card_table, library, parse_card
from table.cards.tiles import box_tiles, parse_tiles
from table.engine import Illegal, game as engine
from table.engine.replaylog import json_card

__all__ = ["GameConfig", "LibraryGame"]

GameConfig = engine.GameConfig


def _tiles(config, tiles):
    """The tiles a game needs: the caller's, else the box's when the config gives no land
    (the automatic map), else none (so a bad tile file never stops a game on a fixed map)."""
    if tiles is not None:
        return tiles
    land = config.get("land") if isinstance(config, dict) else config.land
    return box_tiles() if land is None else None


def _check_learnt(log: list) -> None:
    """The cards a log says were taught during the game, checked as a card file's are, before
    the game is played again (a crafted journal's card at accuracy 10**7 kept the box from
    starting): CardError naming each problem."""
    problems: list[str] = []
    for n, entry in enumerate(log):
        data = entry.get("learn") if isinstance(entry, dict) else None
        if not isinstance(data, dict):
            continue
        try:
            raw = card_table(json_card(data))
        except (Illegal, TypeError, ValueError, AttributeError) as err:
            problems.append(f"the journal: entry {n}: a taught card cannot be read ({err})")
            continue
        problems += parse_card(raw, f"the journal (entry {n})", 0, kept=True)[1]
    if problems:
        raise CardError(problems)


class LibraryGame(engine.Game):
    @classmethod
    def new(cls, config, seed, cards=None, script=None, tiles=None, dice=None):
        return super().new(config, seed, library() if cards is None else cards, script,
                           tiles=_tiles(config, tiles), dice=dice)

    @classmethod
    def replay(cls, config, seed, log, cards=None, script=None, tiles=None):
        _check_learnt(log)
        return super().replay(config, seed, log, library() if cards is None else cards, script,
                              tiles=_tiles(config, tiles))

    # -- what a journal keeps beside the game ----------------------------------------------

    def kept(self) -> list[dict[str, Any]]:
        """The cards (and tiles) this game was set up with, as plain data."""
        out: list[dict[str, Any]] = [{"cards": [card_table(c) for c in self.base_cards.values()]}]
        if self.tiles is not None:
            out.append({"tiles": [t.as_json() for t in self.tiles]})
        return out

    @staticmethod
    def from_kept(rows: list) -> dict[str, Any]:
        """``replay``'s ``cards`` and ``tiles`` from what :meth:`kept` gave."""
        out: dict[str, Any] = {}
        for row in rows:
            if "cards" in row:
                cards, problems = {}, []
                for i, raw in enumerate(row["cards"]):
                    card, errs = parse_card(raw, "the journal", i, kept=True)
                    problems += errs
                    if card is not None:
                        cards[card.id] = card
                if problems:
                    raise CardError(problems)
                out["cards"] = cards
            if "tiles" in row:                  # (checked as a tile file is)
                out["tiles"] = parse_tiles({"tiles": row["tiles"]}, "the journal")
        return out
