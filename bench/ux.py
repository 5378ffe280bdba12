"""How many presses a group's evening takes: the games groups play, through the daemon's inputs.

* ``teams_2_owner_cards``, ``teams_3_owner_cards``, ``teams_4_owner_cards``: seeded games of
  2, 3 and 4 teams with the example pack of owner cards (``examples/cards/``) in the Supply
  deck beside the shipped cards, the box's dice, the players drawing from their own decks (the
  wizard's defaults), played through the daemon's inputs on simulated devices
  (SimButtons.press, SimCardReader.tap): every answer is the easy bot's (the box's easy level,
  a group that plays to win without thinking long; where it finds several answers equally
  good and the box's offer is one of them, it takes the offer: a group that sees no
  difference between two hexes for a crate presses OK), turned into the presses and taps a
  player makes by :mod:`table.app.presses` (walk the cursor, step the list, tap the card);
  every screen of board changes, every notice and Drop step takes its OK; a card drawn from a
  deck is tapped (on the screen of the crate that gave it, where that screen says to: the tap
  is its OK).  A turn's inputs are counted from its first question (the worm's; the move's
  where the team has one worm left) to the next turn's, so the board changes, crates, chains
  and Drop steps a turn leaves count in it.  Ten games (``GAMES``) a kind.  Each gives
  ``presses_per_turn_median``, ``_p90`` and ``_max``.  Goal for 3 and 4 teams: median at most
  12, p90 at most 24.  ``presses_a_turn_by_prompt``: where those turns' inputs went, a turn,
  by the decision asked ("move move": its kind and purpose) or the screen on show ("step
  changes": a screen of board changes, the card's summary too where it is joined on it;
  "step summary": a summary alone; "step do.wind": an instruction).
* ``teams_3_players_dice``: the 3-team games with the players' own dice (the wizard's "own
  dice"): each die and coin rolled for real (a seeded stand-in) and typed in as the screen
  says; also ``presses_per_die_typed`` (goal: at most 2).
* ``setup_presses_3_teams``: from the language screen to the first turn's first question, a
  group's presses for a 3-team game: English, a third team ticked, the defaults, the map laid
  from the box's tiles (each tile where the box offers it), then every setup screen's OK.
  Goal: at most 25.
* ``confirmations_for_24_change_chain``: seeded four-team bot games (engine and the box's
  tracker, the code the daemon shows its steps with), every batch of board changes one
  answer made that is 24 changes or more when counted one change a screen (as the box did
  before, table.ui.instructions): the screens of the chain's changes now (its hexes, and the
  Things to take off), the most over those chains.  Goal: at most 8.

    bench/run ux      # prints JSON
"""

from __future__ import annotations

import asyncio
import copy
import random
import statistics
from collections import Counter
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAMES = tuple(range(1, 11))          # daemon games a kind (seeds)
CHAIN_SEEDS = range(0, 60)           # bot games searched for chains (four teams)
TURN_LIMIT = 36                      # turns counted a game at most


async def _settle():
    loop = asyncio.get_running_loop()
    for _ in range(2):
        fut = loop.create_future()
        loop.call_soon(fut.set_result, None)
        await fut


def owner_cards():
    """The shipped cards and the example pack: the library of a group with cards of its own."""
    from table.cards import library
    from table.cards.cardlibrary import CardLibrary, example_folder
    folder = example_folder()
    assert folder is not None, "the example pack (table/cards/examples/) is missing"
    return CardLibrary.fixed(library(extra=sorted(folder.glob("*.toml"))))


class Group:
    """The players at the table: they answer with the easy bot's choice, through the inputs
    table.app.presses gives; OK on every screen to copy or read; a card drawn is tapped."""

    def __init__(self, daemon, tags: dict[str, str], seed: int):
        from table.bots import EasyBot
        self.d = daemon
        self.buttons = daemon.dev["buttons"]
        self.reader = daemon.dev["card_reader"]
        self.uid = {card: uid for uid, card in tags.items()}
        self.bot = EasyBot(seed, offer=True)
        self.inputs = 0
        self.rolls = random.Random(seed)     # the players' real dice, a seeded stand-in
        self.typed = 0                       # dice and coins typed in
        self.typing = 0                      # the presses that took
        self.by_prompt: Counter[str] = Counter()   # the counted turns' inputs, by what was on show
        self.this_turn: Counter[str] = Counter()   # the turn in progress's

    def _count(self) -> None:
        self.inputs += 1
        if self.d.game is not None:
            self.this_turn[_what(self.d.current(), self.d)] += 1

    async def press(self, name: str = "ok", long: bool = False) -> None:
        self._count()
        self.buttons.press(name, long)
        await _settle()

    async def tap(self, card: str) -> None:
        self._count()
        self.reader.tap(self.uid[card])
        self.reader.remove()
        await _settle()

    async def make(self, inputs) -> None:
        """The presses and taps table.app.presses gives, each made before the next is read."""
        for kind, what in inputs:
            await (self.press(what) if kind == "press" else self.tap(what))

    async def choose(self, value) -> None:
        from table.app.presses import inputs_for
        await self.make(inputs_for(self.d.current(), value, self.buttons.inputs))

    async def setup(self, teams: int, own_dice: bool) -> None:
        """The wizard as a group goes through it: see the module doc."""
        from table.app.asking.tileplace import TilePlacer
        from table.app.presses import menu_inputs
        from table.ui.strings import TEAMS
        w = self.d.wizard
        await self.choose("en")
        for colour in TEAMS[2:teams]:
            await self.make(menu_inputs(w.prompt, colour, self.buttons.inputs))
        for value in ("start", "start", "start", "own" if own_dice else "auto",
                      w.prompt.selected, w.prompt.selected, "tiles"):
            if w.stage in ("decks", "placement"):
                value = w.prompt.selected             # the defaults
            await self.choose(value)
        assert isinstance(w.prompt, TilePlacer), w.stage
        for _ in range(teams):                        # a tile a team (T8)
            await self.press("ok")                    # each where the box offers it
        await self.press("ok", long=True)
        assert self.d.game is not None, "the wizard did not start a game"

    async def step(self) -> None:
        """One answer to what is on show."""
        from table.app.asking.prompts import DeckTap, FaceEntry
        from table.app.presses import inputs_for
        from table.app.showing.views import Step
        from table.engine.chance import FACES, SIDES
        from table.engine.decisions import DecisionKind
        p = self.d.current()
        game = self.d.game
        if isinstance(p, FaceEntry):                  # roll for real, type it in
            before = self.inputs
            rolled = self.rolls.choice(SIDES if p.kind is DecisionKind.FLIP_TYPED else FACES)
            await self.make(inputs_for(p, rolled, self.buttons.inputs))
            self.typed += 1
            self.typing += self.inputs - before
        elif isinstance(p, DeckTap) or (isinstance(p, Step) and p.tapped_next and game.request
                                        and game.request.kind is DecisionKind.CARD_TAPPED):
            await self.tap(game.request.default)      # the card on top of the real deck
        elif _answers(p, self.d):
            await self.choose(self.bot(game))
        else:
            await self.press("ok")


def _what(p, daemon) -> str:
    """What a press went to: the decision asked (its kind and purpose), or the screen on show
    (a step's kind of change, a notice)."""
    from table.app.showing.views import Step
    if isinstance(p, Step):
        s = p.step
        kind = ("changes" if s.changes else "summary" if s.summary is not None   # (a summary
                else "deal" if s.deal is not None                               # joined on a
                else s.instruction.key if s.instruction else "?")               # screen of changes)
        return f"step {kind}"
    request = daemon.game.request
    if _answers(p, daemon) and request is not None:
        return f"{request.kind.value} {request.purpose.value if request.purpose else ''}".strip()
    return type(p).__name__


def _answers(p, daemon) -> bool:
    """The prompt on show asks the game's decision (not a step to copy, not a notice)."""
    from table.app.asking.prompts import Notice
    from table.app.showing.views import Step
    return daemon.game.request is not None and not isinstance(p, (Step, Notice)) \
        and not daemon.queue and daemon.overlay is None


async def _game(seed: int, teams: int, own_dice: bool) -> tuple[list[int], Group, int]:
    from table.app.daemon import Daemon
    from table.devices.build import build_devices
    from table.profiles import load

    with tempfile.TemporaryDirectory() as state:
        devices = build_devices(load(None), sim=True)
        daemon = Daemon(devices, state, seed=seed, cards=owner_cards())
        daemon.open_state()       # the state folder read now, so the tags enrolled below are kept
        tags = {f"04{i:012X}": c for i, c in enumerate(sorted(daemon.cards))}
        for uid, card in tags.items():
            daemon.tags.enrol(uid, card)
        task = asyncio.create_task(daemon.run())
        while not daemon.ready:
            await asyncio.sleep(0)
        group = Group(daemon, tags, seed)
        turns: list[int] = []
        start = setup = None
        turn = None
        try:
            await group.setup(teams, own_dice)
            assert daemon.game.config.own_dice == own_dice
            for _ in range(40000):
                if daemon.mode != "play" or len(turns) >= TURN_LIMIT:
                    break
                game = daemon.game
                if _answers(daemon.current(), daemon) and game.turn.number != turn:
                    turn = game.turn.number              # a new turn's first question
                    if start is not None:
                        turns.append(group.inputs - start)
                        group.by_prompt += group.this_turn
                    else:
                        setup = group.inputs
                    start = group.inputs
                    group.this_turn = Counter()
                await group.step()
        finally:
            daemon.stop()
            await task
            daemon.close()
            devices.close()
        return turns, group, setup or 0


def presses(teams: int, own_dice: bool = False) -> tuple[dict, list[int]]:
    per_turn: list[int] = []
    setups: list[int] = []
    typed = typing = 0
    where: Counter[str] = Counter()
    for seed in GAMES:
        turns, group, setup = asyncio.run(_game(seed, teams, own_dice))
        per_turn += turns
        setups.append(setup)
        typed, typing = typed + group.typed, typing + group.typing
        where += group.by_prompt
    per_turn.sort()
    p90 = per_turn[min(len(per_turn) - 1, int(0.9 * len(per_turn)))]
    out = {"games": len(GAMES), "turns": len(per_turn),
           "presses_per_turn_median": statistics.median(per_turn),
           "presses_per_turn_p90": p90, "presses_per_turn_max": per_turn[-1],
           "presses_a_turn_by_prompt": {k: round(n / len(per_turn), 2)
                                        for k, n in where.most_common()}}
    if teams >= 3:
        out.update({"goal_median": 12, "goal_p90": 24})
    if own_dice:
        out.update({"dice_typed": typed,
                    "presses_per_die_typed": round(typing / typed, 2) if typed else None,
                    "goal_presses_per_die_typed": 2})
    return out, setups


def chains() -> dict:
    from table.app.showing.views import setup_board
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame
    from table.app.showing.tracker import Tracker
    from table.bots import RandomBot
    from table.engine.setup import standard_land
    from table.ui.instructions import instructions

    found = []
    for seed in CHAIN_SEEDS:
        config = GameConfig(teams=4, land=tuple(sorted(standard_land(4))))
        game = LibraryGame.new(config, seed)
        tracker = Tracker(config.land, setup=lambda g=game: setup_board(g))
        bot, seen = RandomBot(seed), 0
        for _ in range(3000):
            if game.request is None:
                break
            events = game.events
            batch = events[seen:]
            seen = len(events)
            chain = batch[:next((i for i, e in enumerate(batch) if e["event"] == "end_turn"),
                                len(batch))]
            before = copy.deepcopy(tracker.board)
            one_each = len(instructions(chain, before))
            steps = tracker.steps(batch)
            if one_each >= 24:
                screens = 0
                for s in steps:            # the chain's screens: up to what ends the turn (a
                    if not [c for c in s.changes if c.key != "ch.target_off"]:   # summary, the
                        break              # token off, a notice; a summary joined on a screen
                    screens += 1           # of the chain's changes counts as that screen)
                found.append({"seed": seed, "changes": one_each, "confirmations": screens})
            game.answer(bot(game))
    worst = max(found, key=lambda f: (f["confirmations"], f["changes"])) if found else None
    return {"chains_of_24_or_more": len(found),
            "confirmations_for_24_change_chain": worst["confirmations"] if worst else None,
            "that_chain": worst, "goal_chain": 8}


def main() -> dict:
    out: dict = {}
    for teams in (2, 3, 4):
        out[f"teams_{teams}_owner_cards"], setups = presses(teams)
        if teams == 3:
            out["setup_presses_3_teams"] = max(setups)
            out["goal_setup_presses_3_teams"] = 25
    out["teams_3_players_dice"] = presses(3, own_dice=True)[0]
    out.update(chains())
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(main(), indent=2))
