"""Setting up a game: the map, the automatic layout of the Things, the starting hands and the
decks.  Pure functions of their inputs and a chance source with ``pick(options, what)`` and
``shuffle(items, what)`` (the game's, so every random result is logged).

The standard map is the Wind Dial (water) at (0, 0) with four tiles of four or five land
hexes around it: the two rings round the dial (6 + 12 = 18 hexes, split 4/4/5/5).  Five and
six teams add one more five-hex tile each, on the third ring.  (The final print has one tile
per player; give ``GameConfig.land`` for any other map.)
"""

from __future__ import annotations

from .board import BOX, Board, Thing
from .hexes import Hex, hexagon, neighbour, reading_key, ring

#: the Starter cards every player holds (T5 of the setup); one more random Starter is dealt
STARTING_HAND = ("uzi", "bazooka", "ninja_rope", "girder")
#: one Oil Drum, Mine and Supply Crate per player go into the setup pile
OBJECTS = ("oil_drum", "mine", "crate")


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
    return [f"worm:{t}" for t in teams for _ in range(4)] + [k for k in OBJECTS for _ in teams]


def place_thing(board: Board, item: str, h: Hex) -> Thing:
    """Put one pile item on the board during setup (no entry effects: nothing moves)."""
    if item.startswith("worm:"):
        team = item[5:]
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
            place_thing(board, f"worm:{team}", h)
            count[h] += 1
            own[team, h] = own.get((team, h), 0) + 1


def capacity_problem(land, teams: int) -> str | None:
    things = teams * (4 + len(OBJECTS))
    if len(land) * 3 < things:
        return (f"the map has {len(land)} land hexes, room for {len(land) * 3} Things at three a "
                f"hex, but {teams} teams bring {things}")
    if teams > min(BOX[k] for k in OBJECTS):
        return f"the box holds Oil Drums, Mines and Crates for {min(BOX[k] for k in OBJECTS)} players"
    return None


def starting_hand(cards: dict, chance) -> list[str]:
    hand = [c for c in STARTING_HAND if c in cards]
    others = sorted(c.id for c in cards.values() if c.kind == "starter" and c.id not in hand)
    if others:
        hand.append(chance.pick(others, "starter"))
    return hand


def supply_deck(cards: dict, players: int, late_superweapons: bool, chance) -> list[str]:
    """The non-Starter weapon cards, shuffled (top first).  Late Superweapons: the
    Superweapons shuffled at the bottom, two other weapon cards per player on top, the rest
    back in the box."""
    supply = sorted(c.id for c in cards.values() if c.kind == "supply")
    supers = sorted(c.id for c in cards.values() if c.kind == "superweapon")
    if not late_superweapons:
        deck = supply + supers
        chance.shuffle(deck, "supply")
        return deck
    chance.shuffle(supers, "superweapons")
    chance.shuffle(supply, "supply")
    return supply[:2 * players] + supers


def drop_deck(cards: dict, players: int, copies: int, longer: bool, no_sudden_death: bool,
              sudden: str | None, chance) -> list[str]:
    """T4: two Drop cards per player plus two (Longer Game, No Sudden Death: every one in the
    box), shuffled, on top of the Sudden Death card (none with No Sudden Death).  The box is
    modelled as ``copies`` of each Drop card of the library."""
    box = [c for c in sorted(cards) if cards[c].kind == "drop" for _ in range(copies)]
    chance.shuffle(box, "drop")
    deck = box if (longer or no_sudden_death) else box[:2 * players + 2]
    if not no_sudden_death:
        if sudden is None:
            sds = sorted(c for c in cards if cards[c].kind == "sudden_death")
            sudden = chance.pick(sds, "sudden_death") if sds else None
        if sudden is not None:
            deck.append(sudden)
    return deck
