"""The `worms-table` command: one entry point, one subcommand per job.

Each subcommand lives in its own module of :mod:`table.commands`, which imports what it
needs only when it is run, so that `worms-table scenario` never pays for the hardware
libraries.  A module named in COMMANDS provides ``configure(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from table.commands.common import UserError

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "scenario": ("table.commands.scenario", "run a scenario file and print the resulting position as JSON"),
    "selftest": ("table.commands.selftest", "walk every device of a hardware profile and report what works"),
    "calibrate": ("table.commands.calibrate", "set the wind servo's pulse per direction and check "
                  "the LED map"),
    "cards": ("table.commands.cards", "list the card library, or check card files"),
    "tiles": ("table.commands.tiles", "list the box's map tiles, or check a tile file"),
    "selfplay": ("table.commands.selfplay", "bots play whole games, every invariant checked; JSON summary"),
    "run": ("table.commands.run", "the table daemon: a whole game on the box's buttons, cards, OLED "
            "and LEDs"),
    "demo": ("table.commands.demo", "the shop demo: bots play on the table until a visitor has a go"),
    "enroll": ("table.commands.enroll", "tap each card's NFC tag and pick its card, for worms-table run"),
    "screens": ("table.commands.screens", "every screen the box can show, as PNGs, a contact sheet and "
                "a text file per language, for a translator to review"),
    "parts": ("table.commands.parts", "the box's printed parts (STL, STEP, pictures, parts.md) from a "
              "profile"),
}
#: the commands that draw screens: each first loads a font, so that a Pillow without FreeType
#: is one clear line and exit status 2 (the service is not restarted for it), not a traceback
DRAWS = frozenset({"run", "demo", "selftest", "calibrate", "enroll", "screens"})


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's help formatter, as wide as the terminal (``$COLUMNS`` first) less 2, as
    argparse makes it, but without importing shutil to ask: shutil brings zlib, bz2 and lzma,
    which no start of the daemon needs (1% of its instructions, bench/run startcount)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 80
        except (ValueError, OSError):          # not a terminal, or a closed one
            columns = 80
    return argparse.HelpFormatter(prog, width=max(columns, 20) - 2)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only`` (the subcommand given first), just that subcommand is
    made and its module imported and configured (a start of the daemon pays for no other
    command: each parser made costs a Pi Zero some 4 ms)."""
    parser = argparse.ArgumentParser(prog="worms-table", description=__doc__.splitlines()[0],
                                     formatter_class=_formatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (module_name, help_text) in COMMANDS.items():
        if only is not None and name != only:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text, formatter_class=_formatter)
        module = importlib.import_module(module_name)
        module.configure(p)
        p.set_defaults(run_command=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    given = argv[0] if argv and argv[0] in COMMANDS else None   # (`-h run`: every command)
    args = build_parser(given).parse_args(argv)
    try:
        if args.command in DRAWS:
            _fonts_load()
        return int(args.run_command(args) or 0)
    except UserError as err:
        print(f"worms-table {args.command}: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        return 130
    except Exception as err:
        # an owner's card or tile file (WORMS_TABLE_CARDS, _TILES); the card library imported
        # by the command that needs it, not by every start (`run`: with the collector off)
        from table.cards import CardError

        if not isinstance(err, CardError):
            raise
        for problem in err.problems:
            print(f"worms-table {args.command}: {problem}", file=sys.stderr)
        print(f"worms-table {args.command}: fix the file (worms-table cards check FILE, "
              "worms-table tiles check FILE) or move it out of the owner's folder", file=sys.stderr)
        return 2


def _fonts_load() -> None:
    from table.fonts import NoFreeType, font

    try:
        font()
    except NoFreeType as err:
        raise UserError(str(err)) from None


if __name__ == "__main__":
    sys.exit(main())
