"""`worms-table tiles`: list the box's map tiles, or check a tile file (docs/cards.md)."""

from __future__ import annotations


from .common import check_files


def configure(parser) -> None:
    parser.add_argument("action", nargs="?", choices=["list", "check"], default="list",
                        help="list the box's tiles (default), or check tile files")
    parser.add_argument("files", nargs="*", help="tile files to check")


def run(args) -> int:
    from table.cards.tiles import box_tiles, load_tiles

    # a bad file raises TileError: table.cli names every problem, exit 2
    if args.action == "check":
        return check_files(args.files, load_tiles, "tile")
    for t in box_tiles():
        print(f"tile {t.number}: {len(t.hexes)} hexes  " + " ".join(f"[{q}, {r}]" for q, r in t.hexes))
    return 0
