"""`worms-table demo`: the shop demo (table.app.demo) on the table's devices.

    worms-table demo [--sim] [--profile FILE] [--lang en|cs|uk] [--games N] [--fast]
"""

from __future__ import annotations

from table.app.demo import IDLE_S, SHOW_BOTS
from table.langs import LANGS

from .common import (UserError, add_examples, add_page, add_profile, add_sim, add_state_dir,
                     load_profile, on_stop_signals, start_page, state_dir)


def enrolled(given: str | None) -> dict[str, str]:
    """The enrol table of the daemon's state directory ({} when there is none, or when it is
    damaged: it is then set aside and named in the log)."""
    from table.app.state import read_tags

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

    from table.app.demoloop import run_async
    from table.app.demopairing import PairedDemo
    from table.devices import DeviceError
    from table.devices.build import build_devices

    if args.games is not None and args.games < 1:
        raise UserError("--games must be 1 or more")
    if args.fast and args.games is None:
        raise UserError("--fast plays at full speed without end: give --games N too")
    if args.idle <= 0:
        raise UserError("--idle must be a number of seconds above 0")
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    if not args.no_examples:            # the show finds weapons in its crates
        from table.cards import use_examples
        use_examples()
    profile = load_profile(args.profile)
    tags = enrolled(args.state_dir)
    devices = build_devices(profile, sim=args.sim)
    try:
        try:
            demo = PairedDemo(devices, lang=args.lang, seed=args.seed, bots=args.bots,
                              idle_s=args.idle, tags=tags)
        except DeviceError as err:
            raise UserError(str(err)) from None
        if args.fast:
            demo.play_games(args.games)
            print(f"worms-table demo: {demo.games} games, {demo.decisions} decisions")
            return 0

        async def main() -> None:
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()
            on_stop_signals(loop, stop.set)
            server = None
            if args.sim and not args.no_web:
                server = await start_page(devices, args.host, args.port, lang=args.lang,
                                          on_pairing_code=demo.show_code)
                if server.pairing is not None:   # holding 1 opens pairing with a new code
                    demo.on_pair_button = server.open_pairing
                demo.stage.on_snapshot = server.show
            print("worms-table demo: running", flush=True)
            try:
                await run_async(demo, stop, games=args.games)
            finally:
                if server is not None:
                    await server.stop()

        asyncio.run(main())
        print(f"worms-table demo: {demo.games} games, {demo.visits} visitors")
        return 0
    finally:
        devices.close()
