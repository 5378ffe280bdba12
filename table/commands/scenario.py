"""`worms-table scenario FILE.toml`: set up a position (or a game), script the dice, apply the
steps (or play the turns), print the resulting position as JSON.  The file format is
docs/scenarios.md's.

Exit codes: 0 done; 2 a malformed file (the message names the field); 1 a scenario that cannot
run (the message names the step).
"""

from __future__ import annotations

import json
import sys


def configure(parser) -> None:
    parser.add_argument("file", help="the scenario file (TOML)")


def run(args) -> int:
    from table.scenarios import CannotRun, Malformed, load

    try:
        sc = load(args.file)
    except Malformed as err:
        print(f"{args.file}: malformed: {err}", file=sys.stderr)
        return 2
    try:
        out = sc.run()
    except CannotRun as err:
        print(f"{args.file}: cannot run: {err}", file=sys.stderr)
        return 1
    print(json.dumps(out, ensure_ascii=False))
    return 0
