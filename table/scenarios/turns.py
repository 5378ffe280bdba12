"""The game form of a scenario file: whole turns of a whole game, so that the end of a
game (the final round, the winner, a shared win) can be pinned down in a file.

A scenario file with a ``[game]`` section (or ``[[turns]]``) is this form; everything else
about scenario files (``worms-table scenario FILE``, exit codes, ``[random]``, ``[choices]``,
``[[things]]``) is as in docs/scenarios.md.

```toml
[game]
seed = 1                      # shuffles, the layout and any die the file does not script
teams = 2                     # without [[things]]: the automatic layout for this many teams
options = ["parting_gifts"]   # optional rules (table.engine.game.OPTIONS)
order = "choose"              # simultaneous Things in the order [choices] thing gives (E2.7;
                              # default "hex": hex order, nothing asked)
wind = 3                      # the initial wind (default: rolled, T5)
drop_deck = ["supplies", "one_life"]   # the Drop deck, top first (default: from the seed)
hands = { blue = ["uzi", "bazooka", "ninja_rope", "girder", "freeze"],
          red = ["uzi", "bazooka", "ninja_rope", "girder", "grenade"] }
                              # the starting hands, every team's (default: dealt, T8); the
                              # Supply deck holds the copies the hands leave
land = [[1, 0], [2, 0]]       # the land hexes (default: the automatic map, one tile a player;
                              # [[things]] need land)
larger_map = true             # the automatic map lays every tile of the box (default false)
max_rounds = 20               # stop after this many rounds (default: play to the end)

[[things]]                    # optional: a fixed starting layout (else automatic)
kind = "worm"
id = "blue-1"
team = "blue"
at = [1, 0]

[random]                      # dice and flips used first, in the order the game rolls them
dice = ["hit", "3"]           # (from setup on: the initial wind unless [game] wind is set)

[choices]                     # answers to the other decisions, one queue per kind
hex = [[1, 0]]

[[turns]]                     # one entry per turn, in turn order
team = "blue"                 # optional: whose turn this must be
worm = "blue-1"               # the worm to activate
moves = [{ inch = [2, 0] }, { skip = true }]   # the two movement steps (missing: skip)
card = "bazooka"              # the weapon card to play (missing or "pass": none)
target = [3, 0]               # its target hex (each TEXT symbol)
facing = 2                    # an airstrike target's facing
thing = "red-1"               # the Thing a card lets the player pick (E14)
card_moves = [{ jump = [3, 1] }]               # the card's MOVE symbols
then = [{ card = "uzi", target = [2, 0], moves = [] }]   # cards played at PLAY symbols, in order
```

More ``card_moves`` than the MOVE symbols of the turn's card cannot run (exit 1, as a step's
``moves``); entries for symbols T3 skipped are unused.  Each ``then`` entry answers the
decisions of its own card (:mod:`.answers`).  Decisions before turn 1 (the Sudden Death
Draft) take ``[choices]`` (``card``) or their defaults.

Answers the turn never asks for (movements T3 skipped, a target for a card not played) are
left unused.  The file stops after its last turn entry (or when the game ends).  Output: the position as in
the step form, plus ``result`` (null while the game goes on), ``turn``, ``hands``,
``eliminated``, ``decks`` and the game's ``events``.
"""

from __future__ import annotations

from typing import Any

from table.engine import TEAMS, Board
from table.engine.decisions import PASS, DecisionKind, Illegal
from table.engine.game import OPTIONS, GameConfig
from table.cards.tiles import shipped_tiles
from table.librarygame import LibraryGame

from .answers import TurnAnswers, Wrong, check_plays
from .fields import (CHOICE_KINDS, CannotRun, Malformed, hexagon, items, keys, order, parse_cards,
                     parse_choices, parse_move, parse_random, parse_things, played, show, thens,
                     weapon, whole)

GAME_SECTIONS = {"title", "game", "things", "random", "choices", "turns", "cards"}
GAME_KEYS = {"seed", "teams", "options", "wind", "drop_deck", "land", "max_rounds", "larger_map",
             "hands", "order"}
TURN_KEYS = {"team", "worm", "moves", "card", "target", "facing", "thing", "card_moves", "then"}


class GameScenario:
    def __init__(self, config, seed, dice, flips, choices, turns, title="", tiles=None,
                 cards=None):
        self.config = config
        self.cards = cards              # the library, and the file's own [[cards]]
        self.tiles = tiles
        self.seed = seed
        self.dice = dice
        self.flips = flips
        self.choices = choices
        self.turns = turns
        self.title = title

    def run(self) -> dict:
        """Play the turns; the position, the game's state and events (CannotRun: exit 1)."""
        game = LibraryGame.new(self.config, self.seed, self.cards, script=(self.dice, self.flips),
                        tiles=self.tiles)
        queues = {k: list(v) for k, v in self.choices.items()}
        _before_turns(game, queues)
        for n, turn in enumerate(self.turns, 1):
            if game.request is None:
                raise CannotRun(f"turns[{n - 1}]: the game is already over")
            try:
                _play_turn(game, turn, queues)
            except (Illegal, Wrong) as err:
                raise CannotRun(f"turns[{n - 1}]: {err}") from None
        out = game.board.as_json()
        t = game.turn
        out.update({
            "result": game.result.as_json() if game.result else None,
            "turn": {"number": t.number, "team": t.team, "worm": t.worm, "step": t.step},
            "hands": game.hands,
            "eliminated": game.eliminated,
            "decks": game.decks,
            "unused": game.dice.unused(),
            "events": game.events,
        })
        return out


def _before_turns(game, queues: dict) -> None:
    """Every decision before turn 1 (the Sudden Death Draft's picks): the file's
    ``[choices]`` of its kind, else the ruling's default (the first card offered)."""
    answers = TurnAnswers(None, queues)
    while game.request is not None and game.turn.number == 0:
        try:
            game.answer(answers(game.request))
        except Illegal as err:
            raise CannotRun(f"before turn 1: {err}") from None


def _play_turn(game, turn: dict, queues: dict) -> None:
    number = game.turn.number
    played = len(game.events)
    if "team" in turn and game.turn.team != turn["team"]:
        raise Wrong(f"it is {game.turn.team}'s turn, not {turn['team']}'s")
    check_plays(turn, game.cards)
    answers = TurnAnswers(turn, queues)
    checked = False
    while game.request is not None and game.turn.number == number:
        d = game.request
        if not checked and d.kind is not DecisionKind.WORM and game.turn.worm is not None:
            checked = True
            if "worm" in turn and game.turn.worm != turn["worm"]:
                raise Wrong(f"the active worm is {game.turn.worm}, not {turn['worm']}")
        game.answer(answers(d))
    _check_card_moves(game, turn, played)


def _check_card_moves(game, turn: dict, played: int) -> None:
    """Movements left over are those T3 or the timer skipped: unused, as in the step form;
    more than the turn's card's MOVE symbols is an error, as in the step form."""
    named = turn.get("card", PASS)
    symbols = game.cards[named].moves if named != PASS else 0
    given = len(turn.get("card_moves", []))
    if given > symbols:
        raise Wrong(f"card_moves: {given} given, {named} has {symbols} MOVE symbol(s)")


def parse(data: dict) -> GameScenario:
    keys(data, GAME_SECTIONS, "the file")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise Malformed(f"title: expected text, got {show(title)}")
    g = keys(data.get("game", {}), GAME_KEYS, "game")
    seed = g.get("seed", 1)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise Malformed(f"game.seed: expected a number or text, got {show(seed)}")
    options = items(g.get("options", []), "game.options")
    for i, o in enumerate(options):
        if o not in OPTIONS:
            raise Malformed(f"game.options[{i}]: unknown option {show(o)} (known: {', '.join(OPTIONS)})")
    if order(g, "game.order") and "choose_order" not in options:
        options = [*options, "choose_order"]
    cards = parse_cards(data.get("cards", []))
    drop_deck = _drop_deck(g, cards)
    land = None
    if "land" in g:
        land = tuple(hexagon(h, f"game.land[{i}]") for i, h in enumerate(items(g["land"], "game.land")))
    wind = whole(g["wind"], "game.wind", 1, 6) if "wind" in g else None
    max_rounds = whole(g["max_rounds"], "game.max_rounds", 1) if "max_rounds" in g else None
    larger = g.get("larger_map", False)
    if not isinstance(larger, bool):
        raise Malformed(f"game.larger_map: expected true or false, got {show(larger)}")
    teams = whole(g.get("teams", 2), "game.teams", 2, len(TEAMS))
    things, playing, tiles = _layout(data, teams, land)
    hands = _hands(g["hands"], playing, cards) if "hands" in g else None
    _copies_in_box(drop_deck or [], cards, "game.drop_deck")
    dice, flips = parse_random(data)
    choices = parse_choices(keys(data.get("choices", {}), CHOICE_KINDS, "choices"))
    turns = [_turn(t, f"turns[{i}]", playing, cards)
             for i, t in enumerate(items(data.get("turns", []), "turns"))]
    try:
        config = GameConfig(teams=len(playing), options=tuple(options), land=land, things=things,
                            drop_deck=tuple(drop_deck) if drop_deck is not None else None,
                            hands=hands,
                            wind=wind, max_rounds=max_rounds, larger_map=larger)
    except ValueError as err:
        raise Malformed(f"game: {err}") from None
    return GameScenario(config, seed, dice, flips, choices, turns, title, tiles, cards)


def _drop_deck(g: dict, cards: dict) -> list | None:
    """``[game] drop_deck``: Drop or Sudden Death cards, top first (None: from the seed)."""
    if "drop_deck" not in g:
        return None
    drop_deck = items(g["drop_deck"], "game.drop_deck")
    for i, c in enumerate(drop_deck):
        if not isinstance(c, str) or c not in cards or cards[c].kind not in ("drop", "sudden_death"):
            raise Malformed(f"game.drop_deck[{i}]: {show(c)} is not a Drop or Sudden Death card")
    return drop_deck


def _layout(data: dict, teams: int, land: tuple | None) -> tuple[tuple | None, list[str], Any]:
    """The fixed layout of ``[[things]]`` (or None), the teams in play (``teams`` of them
    without a layout), and the box's tiles for the automatic map (or None)."""
    if "things" in data:
        if land is None:
            raise Malformed("game.land: missing (a fixed layout, [[things]], needs the land it "
                            "stands on)")
        board = Board(land=set(land), wind=1)
        parse_things(data["things"], board)
        things = tuple(t.as_json() | {"at": list(t.at)} for t in (board.things[i] for i in board.things))
        present = [t for t in TEAMS if board.worms(t)]
        if len(present) < 2:
            raise Malformed("things: a game needs worms of two teams or more")
        return things, present, None
    # the automatic map: the shipped tiles, never the owner's tile file (one file settles it)
    tiles = list(shipped_tiles()) if land is None else None
    return None, list(TEAMS[:teams]), tiles


def _turn(t: Any, where: str, playing: list[str], cards: dict) -> dict:
    """One ``[[turns]]`` entry, checked; its hexes and moves read, and its ``then``."""
    keys(t, TURN_KEYS, where)
    for key in ("team", "worm"):
        if key in t and not isinstance(t[key], str):
            raise Malformed(f"{where}.{key}: expected text, got {show(t[key])}")
    if "team" in t and t["team"] not in playing:
        raise Malformed(f"{where}.team: {show(t['team'])} is not a team in play "
                        f"({', '.join(playing)})")
    if "card" in t and t["card"] != PASS:
        weapon(t["card"], f"{where}.card", cards)
    out = played(t, where, "card_moves")
    out["moves"] = [parse_move(m, f"{where}.moves[{j}]")
                    for j, m in enumerate(items(t.get("moves", []), f"{where}.moves"))]
    if len(out["moves"]) > 2:
        raise Malformed(f"{where}.moves: a turn has two movement steps, {len(out['moves'])} given")
    out["then"] = thens(t.get("then", []), f"{where}.then", cards)
    return out


def _hands(table, playing: list[str], cards: dict) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``[game] hands``: every team in play named, each card a weapon card of the library, no
    more copies of a card across the hands than the box holds (Malformed names the field)."""
    if not isinstance(table, dict):
        raise Malformed(f"game.hands: expected a table of team = [card ids], got {show(table)}")
    for team in table:
        if team not in playing:
            raise Malformed(f"game.hands.{team}: not a team in play ({', '.join(playing)})")
    missing = [t for t in playing if t not in table]
    if missing:
        raise Malformed(f"game.hands: no hand for {', '.join(missing)} (every team in play "
                        "needs one)")
    out = []
    for team in playing:
        hand = items(table[team], f"game.hands.{team}")
        for i, c in enumerate(hand):
            if not isinstance(c, str) or c not in cards or cards[c].kind in ("drop", "sudden_death"):
                raise Malformed(f"game.hands.{team}[{i}]: {show(c)} is not a weapon card")
        out.append((team, tuple(hand)))
    _copies_in_box([c for _, hand in out for c in hand], cards, "game.hands")
    return tuple(out)


def _copies_in_box(ids: list[str], cards: dict, where: str) -> None:
    """No more copies of a card in ``ids`` than the box holds (a card's ``copies``)."""
    for cid in sorted(set(ids)):
        have = getattr(cards[cid], "copies", 1)
        if ids.count(cid) > have:
            raise Malformed(f"{where}: {ids.count(cid)} copies of {cid}, the box holds {have}")
