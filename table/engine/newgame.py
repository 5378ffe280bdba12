"""A new game's state before its first phase runs (:func:`initial_state`): the board as its
config gives it, the teams playing, and the phase it starts at.
"""

from __future__ import annotations

from table.hexgrid import Hex

from .board import TEAMS, Board, Thing
from .config import GameConfig
from .setup import arena, pile, standard_land
from .state import Phase, State
from .tiles import Tile


def initial_state(cfg: GameConfig, tiles: list[Tile] | None) -> State:
    """A game's state before its first phase runs: the board as the config gives it (a fixed
    layout, or the land alone, or nothing yet: the ``map`` phase lays the box's ``tiles``),
    the teams playing, and the first phase."""
    rules = {o for o in cfg.options if o in ("parting_gifts", "reduced_blast", "choose_order")}
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
        if tiles is None:
            raise TypeError("a game without land needs the box's map tiles "
                            "(table.librarygame.LibraryGame supplies them)")
        st.after_map, st.phase = st.phase, Phase.MAP
    return st


def fixed_board(cfg: GameConfig, land: set[Hex] | None) -> Board:
    """A board from a fixed layout (scenario files): worms need ids and teams."""
    board = Board(land=set(land if land is not None else standard_land(cfg.teams)), wind=1)
    things = cfg.things or ()
    for t in things:
        if t.get("id"):
            board.reserve_id(t["id"])
    for t in things:
        kind = t["kind"]
        tid = t.get("id") or board.new_id(kind)
        board.add(Thing(tid, kind, tuple(t["at"]), t.get("team"), bool(t.get("damaged", False))))
    return board

