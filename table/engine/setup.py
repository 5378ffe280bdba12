"""Setting up a game: the map, the automatic layout of the Things, the starting hands and the
decks.  Pure functions of their inputs and a chance source with ``pick(options, what)`` and
``shuffle(items, what)`` (the game's, so every random result is logged).

The map (T8): each player lays one map tile round the Wind Dial hex (water, at (0, 0)), with
*Larger map* every tile of the box (:mod:`.tiles`); ``GameConfig.land`` gives any other map.
:func:`standard_land` is the two rings round the dial (18 hexes: the four shipped tiles laid
together, the map editor's starting point), with a five-hex piece of the third ring for each
of teams 5 and 6.
"""

from __future__ import annotations

from .board import BOX, PILE_KINDS, Board, Thing
from table.hexgrid import Hex, hexagon, neighbour, reading_key, ring
from .state import State
from .tiles import auto_map

#: the Starter cards every player takes (T8); then one more Starter copy is dealt to each
STARTING_HAND = ("uzi", "bazooka", "ninja_rope", "girder")
#: one Oil Drum, Mine and Supply Crate per player go into the setup pile
OBJECTS = PILE_KINDS


def standard_land(teams: int) -> set[Hex]:
    land = set(hexagon((0, 0), 2)) - {(0, 0)}
    outer = ring((0, 0), 3)
    for extra in range(max(0, teams - 4)):
        land.update(outer[extra * 9: extra * 9 + 5])
    return land


def arena(land) -> list[Hex]:
    """The hexes worth naming as targets: the map and one ring of water round it."""
    out = set(land)
    for h in land:
        out.update(neighbour(h, d) for d in range(1, 7))
    return sorted(out, key=reading_key)


def pile(teams: list[str]) -> list[str]:
    """The setup pile: four worms of each team and one Oil Drum, Mine, Crate per player."""
    return [pile_worm(t) for t in teams for _ in range(4)] + [k for k in OBJECTS for _ in teams]


def pile_worm(team: str) -> str:
    """A worm of ``team`` as the setup pile (a ``pile`` decision's option) names it."""
    return f"worm:{team}"


def pile_team(item: str) -> str | None:
    """The team of a worm in the setup pile (``"worm:<team>"``), None for an object."""
    return item[5:] if item.startswith("worm:") else None


def place_thing(board: Board, item: str, h: Hex) -> Thing:
    """Put one pile item on the board during setup (no entry effects: nothing moves)."""
    team = pile_team(item)
    if team is not None:
        n = 1 + sum(1 for i in board._used if i.startswith(f"{team}-"))
        return board.add(Thing(f"{team}-{n}", "worm", h, team))
    return board.add(Thing(board.new_id(item), item, h))


def auto_layout(board: Board, teams: list[str], chance) -> None:
    """A fair random layout, at most three Things a hex: the Oil Drums, Mines and Crates
    spread one a hex, then the worms round by round, each team in turn, each on a random hex
    among the best: fewest Things, no Mine or Oil Drum, no worm of its own team."""
    land = sorted(board.land, key=reading_key)
    count = {h: board.count(h) for h in land}
    risky = {h: 0 for h in land}
    own: dict = {}
    for kind in OBJECTS:
        for _ in teams:
            fewest = min(count.values())
            h = chance.pick([h for h in land if count[h] == fewest], "layout")
            place_thing(board, kind, h)
            count[h] += 1
            risky[h] += kind != "crate"
    for _ in range(4):
        for team in teams:
            score = {h: (count[h], risky[h], own.get((team, h), 0)) for h in land if count[h] < 3}
            best = min(score.values())
            h = chance.pick([h for h in score if score[h] == best], "layout")
            place_thing(board, pile_worm(team), h)
            count[h] += 1
            own[team, h] = own.get((team, h), 0) + 1


def capacity_problem(land, teams: int) -> str | None:
    """Why ``teams`` cannot set up on ``land`` (None: they can; ``land`` None: the map is not
    known yet, only the box is checked)."""
    things = teams * (4 + len(OBJECTS))
    if land is not None and len(land) * 3 < things:
        return (f"the map has {len(land)} land hexes, room for {len(land) * 3} Things at three a "
                f"hex, but {teams} teams bring {things}")
    if teams > min(BOX[k] for k in OBJECTS):
        return f"the box holds Oil Drums, Mines and Crates for {min(BOX[k] for k in OBJECTS)} players"
    return None


def copies(cards: dict, kinds: tuple[str, ...]) -> list[str]:
    """Every copy the box holds of the cards of ``kinds`` (a card's ``copies``), by id."""
    return [c for c in sorted(cards) if cards[c].kind in kinds
            for _ in range(getattr(cards[c], "copies", 1))]


#: a card dealt face down that the box has not seen yet (the players' own deal, T8): the
#: random fifth Starter, known to the box once it is played
HIDDEN = "?"


def deal_hands(cards: dict, teams: list[str], chance, short,
               hidden: bool = False) -> dict[str, list[str]]:
    """T8: each player takes one Uzi, Bazooka, Ninja Rope and Girder; then every Starter copy
    left is shuffled and one is dealt to each player, without replacement (``hidden``: the
    players deal it themselves, face down: the hand holds :data:`HIDDEN` for it).  A card
    the box runs out of is reported through ``short(deck, wanted, have, card)`` (that player
    goes without)."""
    box = copies(cards, ("starter",))
    hands: dict[str, list[str]] = {t: [] for t in teams}
    for cid in STARTING_HAND:
        have = box.count(cid)
        if have < len(teams):
            short("starter", len(teams), have, cid)
        for team in teams[:have]:
            hands[team].append(cid)
            box.remove(cid)
    if not hidden:
        chance.shuffle(box, "starter")
    if len(box) < len(teams):
        short("starter", len(teams), len(box), None)
    for team, cid in zip(teams, box):
        hands[team].append(HIDDEN if hidden else cid)
    return hands


def supply_deck(cards: dict, players: int, late_superweapons: bool, chance,
                taken: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Every copy of the non-Starter weapon cards, shuffled (top first), but for the copies
    ``taken`` (held in hands stated outright).  Late Superweapons: the Superweapons shuffled
    at the bottom, two other weapon cards per player on top, the rest back in the box."""
    supply = _without(copies(cards, ("supply",)), taken)
    supers = _without(copies(cards, ("superweapon",)), taken)
    if not late_superweapons:
        deck = supply + supers
        chance.shuffle(deck, "supply")
        return deck
    chance.shuffle(supers, "superweapons")
    chance.shuffle(supply, "supply")
    return supply[:2 * players] + supers


def _without(box: list[str], taken: list[str] | tuple[str, ...]) -> list[str]:
    """``box`` less one copy for each card of ``taken`` it holds."""
    box = list(box)
    for cid in taken:
        if cid in box:
            box.remove(cid)
    return box


def drop_deck(cards: dict, players: int, longer: bool, no_sudden_death: bool,
              sudden: str | None, chance, short=None) -> list[str]:
    """T4: two Drop cards per player plus two (Longer Game, No Sudden Death: every one in the
    box), shuffled, on top of the Sudden Death card (none with No Sudden Death).  The box holds
    each Drop card's ``copies``; a box with too few says so through ``short``."""
    box = copies(cards, ("drop",))
    chance.shuffle(box, "drop")
    wanted = 2 * players + 2
    if not (longer or no_sudden_death) and len(box) < wanted and short is not None:
        short("drop", wanted, len(box), None)
    deck = box if (longer or no_sudden_death) else box[:wanted]
    if not no_sudden_death:
        if sudden is None:
            sds = sorted(c for c in cards if cards[c].kind == "sudden_death")
            sudden = chance.pick(sds, "sudden_death") if sds else None
            if sudden is None and short is not None:
                short("sudden_death", 1, 0, None)
        if sudden is not None:
            deck.append(sudden)
    return deck


def make_map(board: Board, tiles: list, teams: int, larger: bool, chance, short) -> dict:
    """Lay the automatic map (one tile per player, all with *Larger map*) on ``board``; the
    ``map`` event's data: each tile laid (its number, anchor and turns) and the land count."""
    land, laid = auto_map(tiles, teams, larger, chance, short)
    board.land = land
    problem = capacity_problem(land, teams)
    if problem:
        raise ValueError(f"the automatic map: {problem}")
    return {"tiles": [{"number": n, "anchor": list(a), "turns": t} for n, a, t in laid],
            "land": len(land)}


def shuffle_hidden(st: State, cards: dict, chance) -> None:
    """The hidden order of the decks shuffled again (the Sudden Death card stays under the
    Drop cards): a referee's copy to try things on (a team's own view: :mod:`.belief`)."""
    chance.shuffle(st.supply)
    if st.drops:
        sd = st.drops[-1] if cards[st.drops[-1]].kind == "sudden_death" else None
        body = st.drops[:-1] if sd else st.drops
        chance.shuffle(body)
        st.drops = body + ([sd] if sd else [])
