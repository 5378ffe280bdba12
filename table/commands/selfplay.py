"""`worms-table selfplay`: bots play whole games, every invariant checked (table.selfplay).

    worms-table selfplay --games 1000 --seed 1 --bots greedy,random --json
"""

from __future__ import annotations

import json
import sys

from .common import UserError


def configure(parser) -> None:
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument("--bots", default="greedy,random",
                        help="comma-separated bots taking the seats in turn (random, greedy, easy, hard)")
    parser.add_argument("--teams", default="2-4", help="teams per game: N or LOW-HIGH (2-6)")
    parser.add_argument("--rules", choices=["random", "none"], default="random",
                        help="optional rules: a random set per game (default) or none")
    parser.add_argument("--max-rounds", type=int, default=60,
                        help="a game stops after this many rounds (default 60)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _teams(spec: str) -> tuple[int, int]:
    low, _, high = spec.partition("-")
    try:
        lo, hi = int(low), int(high or low)
    except ValueError:
        raise UserError(f"--teams {spec!r}: expected N or LOW-HIGH, e.g. 2-4") from None
    if not 2 <= lo <= hi <= 6:
        raise UserError(f"--teams {spec!r}: a game has 2 to 6 teams")
    return lo, hi



def run(args) -> int:
    from table.bots import BOTS
    from table.selfplay import selfplay

    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if not names or unknown:
        raise UserError(f"--bots {args.bots!r}: bots are {', '.join(BOTS)} (comma-separated)")
    if args.games < 0:
        raise UserError("--games must be 0 or more")
    from table.cards.tiles import TileError
    try:
        out = selfplay(args.games, args.seed, names, _teams(args.teams), args.rules,
                       args.max_rounds)
    except TileError as err:
        raise UserError(f"the map tiles: {err}") from None
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games, {out['errors']} errors, wins {out['wins']}, "
              f"draws {out['draws']}, {out['games_per_second']} games/s")
        for e in out["error_samples"]:
            print(f"game {e['game']} (seed {e['seed']}): {e['error']}", file=sys.stderr)
    return 1 if out["errors"] else 0
