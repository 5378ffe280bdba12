"""The box's tactical test suite (issue 35 item 1): hand-made positions, each with the answer a
referee works out by hand, the way chess engines are tried on tactical suites.

A :class:`Puzzle` is a small map (every hex not listed is water), the Things on it, the hands,
the wind, the dice the game rolls first (``dice``; then its seed's), and the answers that bring
Blue to the position (``before``, by kind, in order; every other question takes its default);
the position is the first question of ``kind`` after them.  Blue always moves first (T5).  A
final-round position is reached the printed way: Red's last worm, damaged, stands beside Blue's
active worm, and Blue's first turn finishes it with an Uzi (``FINISH``); when a team loses its
last worm the turn ends and every team still in play takes one more turn (T6): Blue's second
turn is the last of the game, and Blue wins unless it loses every worm in it.

The answer: ``want`` (the right answers: any of them) or ``avoid`` (the blunders: any other
answer is right).  :func:`jump_risk` is the chance a jump drowns the worm by E5 (the worm lands,
then scatters: one die of eight faces, six directions, ``wind`` the wind's direction, ``hit``
stays), worked out from the map alone.

``bench/run bots`` prints the share each level solves (``puzzles_solved``);
``tests/bots/test_puzzles.py`` holds the hard and normal levels to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from table.hexgrid import hexagon, neighbour, ring

SKIP = ("skip", None)
#: Blue's first turn in a final-round position: no move, the Uzi at Red's last worm
FINISH = (("move", SKIP), ("move", SKIP), ("card", "uzi"))


@dataclass(frozen=True)
class Puzzle:
    name: str
    why: str                          # the answer worked out by hand, in words
    land: tuple
    things: tuple                     # (kind, at, id, damaged) each
    blue: tuple                       # Blue's cards
    kind: str                         # the question the position asks
    before: tuple = ()                # (kind, answer) given first, in order
    want: tuple = ()
    avoid: tuple = ()
    red: tuple = ("uzi",)
    wind: int = 1
    dice: tuple = ()
    flips: tuple = ()
    turn: int = 1                     # the turn the question is asked in
    tags: tuple = field(default=())

    def solved(self, answer) -> bool:
        answer = _plain(answer)
        if self.want:
            return answer in [_plain(a) for a in self.want]
        return answer not in [_plain(a) for a in self.avoid]


def _plain(a):
    if isinstance(a, (list, tuple)):
        return tuple(_plain(x) for x in a)
    return getattr(a, "value", a)


def position(p: Puzzle):
    """The game at the puzzle's question (Blue to answer it)."""
    from table.cards import library
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    things = tuple({"kind": k, "at": list(at), **({"id": i} if i else {}),
                    **({"team": i.split("-")[0]} if k == "worm" else {}),
                    **({"damaged": True} if dmg else {})} for k, at, i, dmg in p.things)
    config = GameConfig(teams=2, land=tuple(p.land), things=things, wind=p.wind, drop_deck=(),
                        hands=(("blue", p.blue), ("red", p.red)))
    game = LibraryGame.new(config, f"puzzle:{p.name}", library(), script=(list(p.dice), list(p.flips)))
    before = list(p.before)
    while game.request is not None:
        d = game.request
        if not before and d.kind == p.kind and game.turn.number == p.turn:
            return game
        if before and before[0][0] == d.kind:
            game.answer(before.pop(0)[1])
        else:
            game.answer(d.default)
    raise ValueError(f"puzzle {p.name}: the game ended before its question")


def jump_risk(land, to, wind: int) -> Fraction:
    """The chance a worm jumping to ``to`` drowns (E5: it lands, then scatters)."""
    land = set(map(tuple, land))
    if tuple(to) not in land:
        return Fraction(1)
    faces = [neighbour(to, d) for d in range(1, 7)] + [neighbour(to, wind), tuple(to)]
    return Fraction(sum(1 for h in faces if tuple(h) not in land), 8)


def risky_jumps(land, at, wind: int, above: Fraction) -> tuple:
    """Every jump from ``at`` whose chance of drowning is more than ``above``."""
    return tuple(("jump", h) for h in hexagon(at, 2) if jump_risk(land, h, wind) > above)


def _w(at, wid, damaged=False):
    return ("worm", at, wid, damaged)


def _t(kind, at):
    return (kind, at, None, False)


BIG = tuple(hexagon((0, 0), 3))
SMALL = tuple(hexagon((0, 0), 1))
MID = tuple(hexagon((0, 0), 2))
STRIP = tuple((q, 0) for q in range(7))
WIDE = tuple((q, r) for q in range(7) for r in (0, 1))
HOOK = SMALL + ((2, 0), (3, 0), (4, 0), (5, 0))
RING = tuple(ring((0, 0), 2))
ISLANDS = SMALL + tuple(hexagon((4, 0), 1))


def _final_pass(name, land, blue_at, red_at, cards, extra=(), blue2=None, why=""):
    things = (_w(blue_at, "blue-1"),) + ((_w(blue2, "blue-2"),) if blue2 else ()) \
        + (_w(red_at, "red-1", True),) + extra
    again = (("worm", "blue-1"),) if blue2 else ()
    return Puzzle(name, why or "the final round, Red has no worm: Blue wins if it keeps one; "
                  "any card can only risk it: pass", land, things, ("uzi",) + cards, "card",
                  before=FINISH + (("hex", red_at),) + again + (("move", SKIP), ("move", SKIP)),
                  want=("pass",), turn=2, tags=("pass_wins",))


def _final_move(name, land, blue_at, red_at, extra=(), wind=1):
    things = (_w(blue_at, "blue-1"), _w(red_at, "red-1", True)) + extra
    avoid = risky_jumps(land, blue_at, wind, Fraction(0))
    avoid += tuple(("inch", at) for k, at, _, _ in extra if k == "mine")
    return Puzzle(name, "the final round with Blue's last worm: a jump that can scatter into the "
                  "water (or an inch onto a Mine) risks the won game; stay or inch", land, things,
                  ("uzi", "bazooka"), "move", before=FINISH + (("hex", red_at),), avoid=avoid,
                  turn=2, wind=wind, tags=("no_water",))


def _no_jump(name, land, blue, red, wind=1, above=Fraction(1, 8)):
    things = tuple(_w(at, f"blue-{i + 1}") for i, at in enumerate(blue)) \
        + tuple(_w(at, f"red-{i + 1}") for i, at in enumerate(red))
    before = (("worm", "blue-1"),) if len(blue) > 1 else ()
    return Puzzle(name, "nothing to gain from a jump here, and every jump within reach lands "
                  "where the scatter drowns the worm 2 times in 8 or more: stay or inch", land,
                  things, ("bazooka",), "move", before=before, wind=wind,
                  avoid=risky_jumps(land, blue[0], wind, above), tags=("no_water",))


def _finish(name, land, blue_at, red_at, cards, extra=(), kind="card", blue2=None):
    things = (_w(blue_at, "blue-1"),) + ((_w(blue2, "blue-2"),) if blue2 else ()) \
        + (_w(red_at, "red-1", True),) + extra
    before = ((("worm", "blue-1"),) if blue2 else ()) + (("move", SKIP), ("move", SKIP))
    if kind == "card":
        return Puzzle(name, "Red's last worm is damaged and within the Uzi's reach on a line: the "
                      "Uzi destroys it for certain (a Blast only if its die lands there)", land,
                      things, cards, "card", before=before, want=("uzi",), tags=("finish",))
    return Puzzle(name, "the Uzi at Red's last worm, damaged: it is destroyed", land, things, cards,
                  "hex", before=before + (("card", "uzi"),), want=(red_at,), tags=("finish",))


def _die(name, land, blue_at, target, dice, avoid, wind=1, damaged=False, far=(-3, 3)):
    things = (_w(blue_at, "blue-1", damaged), _w(target, "red-1"), _w(far, "red-2"))
    return Puzzle(name, "Blue's last worm stands where one of the faces rolled would bring the "
                  "Bazooka's Blast: keep any other die", land, things, ("bazooka",), "die",
                  before=(("move", SKIP), ("move", SKIP), ("card", "bazooka"), ("hex", target)),
                  dice=dice, avoid=avoid, wind=wind, tags=("own_worm",))


def _crate(name, land, blue_at, crates, red):
    things = (_w(blue_at, "blue-1"),) + tuple(_t("crate", c) for c in crates) \
        + tuple(_w(at, f"red-{i + 1}") for i, at in enumerate(red))
    want = tuple(("inch", c) for c in crates) + tuple(
        ("jump", c) for c in crates if jump_risk(land, c, 1) == 0)
    return Puzzle(name, "a Supply Crate on a safe hex next to the worm: inching onto it draws a "
                  "card for nothing", land, things, ("bazooka",), "move", want=want,
                  tags=("crate",))


def _chain(name, land, blue_at, mine_at, kind, cards=("uzi",)):
    things = (_w(blue_at, "blue-1"), _w(mine_at, "red-1", True), _w(mine_at, "red-2", True),
              _t("mine", mine_at))
    before = (("move", SKIP), ("move", SKIP))
    want = {"card": ("uzi",), "hex": (mine_at,), "thing": ("mine-1",)}[kind]
    if kind != "card":
        before += (("card", "uzi"),)
    if kind == "thing":
        before += (("hex", mine_at),)
    return Puzzle(name, "Red's last two worms, damaged, share a hex with a Mine: the Uzi sets the "
                  "Mine off and its Blast destroys both (the Uzi at a worm destroys one)", land,
                  things, cards, kind, before=before, want=want, tags=("chain",))


def _prod(name, kind, want, dice=()):
    """Blue's second movement step, no weapon in either hand: Red's last worm stands at (1, 0)
    with two Craters, a step from Blue 1.  Inching in makes four Things there (E7.4: Craters
    stay, the entering worm counts): Blue prods a worm of its choosing, Red 1, with a Knockback
    Scatter from (1, 0), whose ways 2, 3 and 4 are water (the wind, 1, is land) and whose
    bullseye Blue turns to the water: 4 faces in 8, Red's last worm drowns and Blue wins the
    final round.  Any other step leaves Red's worm where nothing else can reach it.  (A jump
    there prods too, then scatters Blue 1 with 3 faces in 8 of water: the inch is better.)"""
    things = (_w((0, 0), "blue-1"), _w((-1, 0), "blue-2"), _w((1, 0), "red-1"),
              _t("crater", (1, 0)), _t("crater", (1, 0)))
    before = (("worm", "blue-1"), ("move", SKIP))
    if kind != "move":
        before += (("move", ("inch", (1, 0))),)
    if kind == "direction":
        before += (("thing", "red-1"),)
    return Puzzle(name, "prod Red's last worm into the water (E7.4)", SMALL, things, ("girder",),
                  kind, before=before, want=want, red=("girder",), dice=dice, tags=("prod",))


PUZZLES: tuple[Puzzle, ...] = (
    # -- the final round: passing wins ---------------------------------------------------------
    _final_pass("pass_small_bazooka", SMALL, (0, 0), (1, 0), ("bazooka",)),
    _final_pass("pass_small_grenade", SMALL, (0, 0), (1, 0), ("grenade",)),
    _final_pass("pass_small_both", SMALL, (0, 0), (0, 1), ("bazooka", "grenade")),
    _final_pass("pass_strip_bazooka", STRIP, (1, 0), (2, 0), ("bazooka",)),
    _final_pass("pass_big_drum", BIG, (0, 0), (0, 1), ("bazooka", "grenade"),
                extra=(_t("oil_drum", (1, 0)),)),
    _final_pass("pass_big_edge", BIG, (3, 0), (2, 0), ("grenade",)),
    _final_pass("pass_two_worms", BIG, (0, 0), (1, 0), ("bazooka",), blue2=(0, -1)),
    _final_pass("pass_mine_near", MID, (0, 0), (-1, 0), ("bazooka", "grenade"),
                extra=(_t("mine", (1, 0)),)),
    # -- the final round: no risk to the last worm ------------------------------------------
    _final_move("final_stay_small", SMALL, (0, 0), (1, 0)),
    _final_move("final_stay_strip", STRIP, (1, 0), (2, 0)),
    _final_move("final_stay_big", BIG, (2, 0), (1, 0)),
    _final_move("final_stay_mine", BIG, (0, 0), (1, 0), extra=(_t("mine", (0, 1)),)),
    # -- no jump where the water is likely -----------------------------------------------------
    _no_jump("strip", STRIP, [(0, 0), (1, 0)], [(5, 0), (6, 0)]),
    _no_jump("hook", HOOK, [(0, 0), (-1, 0)], [(4, 0), (5, 0)]),
    _no_jump("ring", RING, [(2, 0), (2, -1)], [(-2, 0), (-2, 2)]),
    _no_jump("islands", ISLANDS, [(0, 0), (0, -1)], [(4, 0), (5, 0)]),
    _no_jump("big_edge", BIG, [(3, -3), (3, -2)], [(-3, 3), (-3, 2)]),
    _no_jump("strip_wind", STRIP, [(2, 0), (0, 0)], [(6, 0), (5, 0)], wind=3),
    _no_jump("wide", WIDE, [(0, 0), (0, 1)], [(6, 0), (6, 1)]),
    _no_jump("small", SMALL, [(0, 0), (1, 0)], [(-1, 1), (0, 1)]),
    # -- finish the last enemy worm ------------------------------------------------------------
    _finish("finish_small", SMALL, (0, 0), (1, 0), ("bazooka", "uzi")),
    _finish("finish_two_away", BIG, (0, 0), (0, 2), ("bazooka", "uzi", "grenade")),
    _finish("finish_with_crate", BIG, (-1, 0), (1, 0), ("grenade", "uzi"),
            extra=(_t("crate", (1, 0)),)),
    _finish("finish_strip", STRIP, (1, 0), (3, 0), ("bazooka", "uzi")),
    _finish("finish_two_worms", BIG, (0, 0), (-1, 1), ("uzi", "girder", "bazooka"), blue2=(0, -1)),
    _finish("finish_beside_drum", MID, (0, 0), (0, -1), ("grenade", "uzi"),
            extra=(_t("oil_drum", (1, -1)),)),
    _finish("aim_diagonal", BIG, (0, 0), (2, -2), ("uzi",), kind="hex"),
    _finish("aim_adjacent", BIG, (0, 0), (0, -1), ("uzi", "bazooka"), kind="hex"),
    _finish("aim_strip", STRIP, (2, 0), (0, 0), ("uzi",), kind="hex"),
    _finish("aim_past_drum", SMALL, (0, 0), (-1, 0), ("uzi",), kind="hex",
            extra=(_t("oil_drum", (1, 0)),)),
    # -- keep the Blast off the own last worm --------------------------------------------------
    _die("die_east", BIG, (0, 0), (1, 0), ("6", "2", "2", "3"), avoid=("6",)),
    _die("die_wind", BIG, (0, 0), (1, 0), ("wind", "4", "4", "1"), avoid=("wind",), wind=6),
    _die("die_south", BIG, (0, 0), (0, 1), ("1", "hit", "5", "5"), avoid=("1",), damaged=True),
    _die("die_strip", STRIP, (1, 0), (2, 0), ("6", "hit", "3", "wind"), avoid=("6",), wind=3,
         far=(6, 0)),
    _die("die_own_hex", BIG, (0, 0), (0, 0), ("hit", "3", "2", "2"), avoid=("hit",)),
    _die("die_own_hex_wind", BIG, (0, 0), (0, 0), ("4", "4", "hit", "4"), avoid=("hit",), wind=4),
    _die("die_north", MID, (0, 0), (0, -1), ("3", "4", "2", "4"), avoid=("4",), damaged=True),
    _die("die_two_bad", BIG, (0, 0), (1, -1), ("5", "wind", "hit", "2"), avoid=("5", "wind"),
         wind=5),
    # -- take a crate when it is free ----------------------------------------------------------
    _crate("crate_east", BIG, (0, 0), [(1, 0)], [(3, 0), (3, -1)]),
    _crate("crate_north", BIG, (0, 0), [(0, -1)], [(0, -3), (1, -3)]),
    _crate("crate_strip", STRIP, (1, 0), [(2, 0)], [(5, 0), (6, 0)]),
    _crate("crate_mid", MID, (-1, 0), [(0, 0)], [(2, 0), (2, -1)]),
    _crate("crate_two", BIG, (0, 0), [(1, 0), (0, 1)], [(3, 0), (2, 1)]),
    # -- the card that wins a chain ------------------------------------------------------------
    _chain("chain_thing", BIG, (0, 0), (1, 0), "thing"),
    _chain("chain_thing_strip", STRIP, (0, 0), (2, 0), "thing"),
    _chain("chain_thing_far", BIG, (0, 0), (0, 2), "thing"),
    _chain("chain_card", BIG, (0, 0), (1, 0), "card", cards=("bazooka", "uzi")),
    _chain("chain_hex", BIG, (0, 0), (-1, 1), "hex", cards=("uzi", "grenade")),
    # -- no weapon left: the full hex prods an enemy worm into the water ------------------------
    _prod("prod_inch_in", "move", want=(("inch", (1, 0)),)),
    _prod("prod_theirs", "thing", want=("red-1",)),
    _prod("prod_to_water", "direction", want=(2, 3, 4), dice=("hit",)),
)
