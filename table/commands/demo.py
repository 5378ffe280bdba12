"""`worms-table demo`: the shop demo on the table's devices: the table daemon with the box in
every seat (table/app/demo/show.py), its state in memory.

    worms-table demo [--sim] [--profile FILE] [--lang en|cs|uk] [--games N] [--fast]
"""

from __future__ import annotations

from table.app.demo.show import IDLE_S, SHOW_BOTS
from table.langs import LANGS

from .common import (UserError, add_examples, add_page, add_profile, add_sim, add_state_dir,
                     load_profile, on_stop_signals, start_web, state_dir)


def enrolled(given: str | None) -> dict[str, str]:
    """The enrol table of the daemon's state directory ({} when there is none, or when it is
    damaged: it is then set aside and named in the log)."""
    from table.app.storage.folder import read_tags

    return read_tags(state_dir(given))[0].tags


def configure(parser) -> None:
    add_profile(parser)
    add_sim(parser)
    parser.add_argument("--lang", choices=LANGS, default="en",
                        help="the language of the screens (default en)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bots' games")
    parser.add_argument("--bots", choices=list(SHOW_BOTS), default="easy",
                        help="who plays the show: the box at its easy level (default; greedy: "
                             "the same), or random answers")
    parser.add_argument("--idle", type=float, default=IDLE_S, metavar="SECONDS",
                        help=f"a visitor idle this long hands back to the bots (default {IDLE_S:g})")
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help="stop after N games (default: run until stopped)")
    parser.add_argument("--fast", action="store_true",
                        help="no pauses: play the games at full speed (with --games)")
    add_state_dir(parser, "where `worms-table enroll` keeps the card tags (default: as "
                          "worms-table run)")
    add_page(parser, "simulator page address (--sim)")
    add_examples(parser)


def run(args) -> int:
    import asyncio
    import logging
    import sys

    from table.app.daemon import Daemon
    from table.app.demo.show import Show
    from table.cards.simtags import card_for_uid
    from table.devices.build import build_devices

    if args.games is not None and args.games < 1:
        raise UserError("--games must be 1 or more")
    if args.fast and args.games is None:
        raise UserError("--fast plays at full speed without end: give --games N too")
    if args.idle <= 0:
        raise UserError("--idle must be a number of seconds above 0")
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    from table.cards import open_library
    # the show finds weapons in its crates; a card file that does not load stops it (exit 2,
    # the file named: table.cli)
    # (and it writes no card file: neither a card taught nor one from the page's form)
    library = open_library(examples=not args.no_examples)
    library.checked()
    library.read_only = True
    profile = load_profile(args.profile)
    tags = enrolled(args.state_dir)
    devices = build_devices(profile, sim=args.sim)
    show = Show(lang=args.lang, seed=args.seed, bots=args.bots, idle_s=args.idle,
                games=args.games)

    def card_of(uid: str) -> str | None:
        """An enrolled tag's card, else a sim tag's (table.cards.simtags)."""
        found = tags.get(uid.upper())
        return found if found in daemon.cards else card_for_uid(uid, daemon.cards)

    # the table daemon, its state in memory (it writes nothing), the box in every seat
    daemon = Daemon(devices, None, sim=args.sim, tag_lookup=card_of, show=show)
    try:
        if args.fast:
            daemon.start()
            show.play_games(args.games)
            print(f"worms-table demo: {show.games} games, {show.decisions} decisions")
            return 0

        async def main() -> None:
            on_stop_signals(asyncio.get_running_loop(), daemon.stop)
            server = None
            await daemon.setup()            # (its language, the show's: the page's first)
            if args.sim and not args.no_web:
                server = await start_web(devices, daemon.page, args.host, args.port)
            print("worms-table demo: running", flush=True)
            try:
                await daemon.run()
            finally:
                if server is not None:
                    await server.stop()

        asyncio.run(main())
        print(f"worms-table demo: {show.games} games, {show.visits} visitors")
        return 0
    finally:
        daemon.close()
        devices.close()
