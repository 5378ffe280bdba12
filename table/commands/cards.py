"""`worms-table cards`: list the card library, check an owner's card files, or make a new one
by answering questions (`cards new`, table/commands/cardnew.py; docs/cards.md)."""

from __future__ import annotations

import sys

from table.cards import library, load_file
from table.langs import LANGS
from table.engine.cards import CARD_KINDS, describe_target

from .common import check_files


def configure(parser) -> None:
    parser.add_argument("action", nargs="?", choices=["list", "check", "new"], default="list",
                        help="list the library (default), check card files, or make a new "
                             "card file by answering questions")
    parser.add_argument("files", nargs="*", help="card files to check")
    parser.add_argument("--lang", choices=LANGS, default="en", help="names in this language")
    parser.add_argument("--folder", metavar="DIR", help="new: where to write the card file "
                        "(default: the first folder of WORMS_TABLE_CARDS, else "
                        "~/.config/worms-table/cards)")


def run(args) -> int:
    if args.action == "new":
        from .cardnew import run_new
        return run_new(args.folder, sys.stdin, sys.stdout, sys.stderr)
    # a bad file raises CardError: table.cli names every problem, exit 2
    if args.action == "check":
        return check_files(args.files, load_file, "card")
    cards = library()
    for c in sorted(cards.values(), key=lambda c: (CARD_KINDS.index(c.kind), c.id)):
        bits = [f"{c.id:20}", f"{c.kind:13}", f"{c.name(args.lang):22}"]
        if c.target:
            bits.append(f"target {describe_target(c)}")
        if c.accuracy:
            bits.append(f"accuracy {c.accuracy}")
        if c.action:
            bits.append(" ".join(c.action))
        if c.lasting:
            bits.append(f"lasting {c.lasting}")
        print("  ".join(bits).rstrip())
    return 0
