"""The full-hex rule as the hard level's weapon (table/bots/prods.py, issue 35 item 2): the
chances worked out by hand on the seven-hex map (tests/bots/puzzles.py's ``SMALL``)."""

import pytest

from table.bots.prods import knock_share, prod_share

from .puzzles import SKIP, SMALL, Puzzle, _t, _w, position


def _board(*things, wind=1):
    """The board at Blue's first movement step, Blue 1 at the centre and ``things`` beside."""
    game = position(Puzzle("prods", "", SMALL, (_w((0, 0), "blue-1"),) + things, ("girder",),
                           "move", red=("girder",), wind=wind))
    return game.board


def test_a_knockback_drowns_by_the_faces_that_point_at_water_and_the_chosen_bullseye():
    board = _board(_w((-1, 0), "red-1"))
    # from (1, 0) the ways 2, 3 and 4 are water, the wind's 1 is land: 3 faces, and the
    # bullseye, where the active player chooses a way, makes 4 in 8
    assert knock_share(board, (1, 0)) == pytest.approx(4 / 8)
    assert knock_share(board, (0, 0)) == 0               # the centre: no way out is water
    windy = _board(_w((-1, 0), "red-1"), wind=3)         # the wind's face points at water too
    assert knock_share(windy, (1, 0)) == pytest.approx(5 / 8)


def test_entering_prods_only_where_four_things_stay_and_one_of_them_is_theirs():
    two_craters = _board(_w((1, 0), "red-1"), _t("crater", (1, 0)), _t("crater", (1, 0)))
    assert prod_share(two_craters, (1, 0), "blue") == pytest.approx(4 / 8)
    assert prod_share(two_craters, (1, 0), "red") == 0          # no worm of Blue's there
    one_crater = _board(_w((1, 0), "red-1"), _t("crater", (1, 0)))
    assert prod_share(one_crater, (1, 0), "blue") == 0          # three Things: no prod
    # a crate is opened and a Mine set off by the worm that walks in (E7.3): they do not stay
    crates = _board(_w((1, 0), "red-1"), _t("crate", (1, 0)), _t("mine", (1, 0)))
    assert prod_share(crates, (1, 0), "blue") == 0
    # the team's own worm there counts like any Thing
    mixed = _board(_w((1, 0), "red-1"), _w((1, 0), "blue-2"), _t("oil_drum", (1, 0)))
    assert prod_share(mixed, (1, 0), "blue") == pytest.approx(4 / 8)


def test_the_hard_level_prods_their_worm_and_knocks_it_towards_the_water():
    from table.bots import SearchBot

    things = (_w((-1, 0), "blue-2"), _w((1, 0), "red-2"), _w((1, 0), "red-1"),
              _t("crater", (1, 0)))
    before = (("worm", "blue-1"), ("move", SKIP), ("move", ("inch", (1, 0))))
    game = position(Puzzle("prods", "", SMALL, (_w((0, 0), "blue-1"),) + things, ("girder",),
                           "thing", before=before, red=("girder",)))
    assert set(game.request.options) == {"red-1", "red-2", "blue-1"}
    assert SearchBot(1)(game) in ("red-1", "red-2")
