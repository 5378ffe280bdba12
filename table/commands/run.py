"""`worms-table run`: the table daemon (a whole game on the box's own devices).

    worms-table run [--profile FILE] [--sim] [--web] [--state-dir DIR] [--seed N]

With --sim every device is simulated and the simulator page is served on 127.0.0.1 (its
address printed on start), and the library reads the example pack of owner cards too
(examples/cards/, invented for this project; --no-examples leaves it out); a real table never
does.  On real hardware, --web serves the same page as a spectator
screen.  It runs until killed (SIGTERM/SIGINT); under systemd it reports
READY once the devices are up and pings the watchdog from its event loop.

Bad state never stops it: a state folder that cannot be written, a damaged journal or
settings file, a card file that does not load are shown on the OLED (and the page) once the
devices are up (table/app/storage/folder.py).  It exits 2 only for what a restart cannot cure: a bad
profile or option, a page address it cannot serve on.
"""

from __future__ import annotations

from pathlib import Path

from .common import (UserError, add_examples, add_page, add_profile, add_sim, add_state_dir,
                     build, on_stop_signals, start_web, state_dir)


def configure(parser) -> None:
    add_profile(parser)
    add_sim(parser)
    add_examples(parser)
    add_state_dir(parser)
    parser.add_argument("--seed", type=int, help="seed of the dice (default: random per game)")
    add_page(parser, "the page's address (default 127.0.0.1; another address asks for a "
                     "pairing code)")
    parser.add_argument("--web", action="store_true",
                        help="on real hardware, serve the page as a spectator screen")


def run(args) -> int:
    import gc

    # No collector passes while starting: they only walk what starting makes and keeps (52
    # passes, 10 ms of a desktop's CPU, 80 at a Pi's speed); on again once up (_settled).
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.enable()


def _run(args) -> int:
    import asyncio
    import logging
    import sys

    from table.app.storage.tags import TagFileError
    from table.journal import JournalError

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    from table.cards import open_library
    # the one card library of the daemon, the page and the tags; with --sim the example pack
    # too (a desktop game finds weapons in its crates)
    open_library(examples=args.sim and not args.no_examples)
    path = state_dir(args.state_dir)        # checked by the daemon, which says what is wrong
    devices = build(args.profile, args.sim)
    try:
        return asyncio.run(serve(args, devices, path))
    except (TagFileError, JournalError) as err:
        raise UserError(f"{err}; move the file aside to start afresh") from None
    finally:
        devices.close()


async def serve(args, devices, path: Path) -> int:
    import asyncio

    from table.app.daemon import Daemon
    from table.app.core.systemd import Notifier
    from table.cards.simtags import card_for_uid

    def lookup(uid: str) -> str | None:        # the simulator's tags, of the daemon's cards
        return card_for_uid(uid, daemon.cards)

    daemon = Daemon(devices, path, seed=args.seed, sim=args.sim, notifier=Notifier.from_env(),
                    tag_lookup=lookup if args.sim else None)
    on_stop_signals(asyncio.get_running_loop(), daemon.stop)
    server = None
    try:
        await daemon.setup()                # the state read off the loop (its language: the page's)
        if (args.sim or args.web) and not args.no_web:
            server = await start_web(devices, daemon.page, args.host, args.port)
        print(f"worms-table: running{' (simulated devices)' if args.sim else ''}; "
              f"state in {path}", flush=True)
        await daemon.run(started=_settled)
    finally:
        if server is not None:
            await server.stop()
        daemon.close()
    return 0


def _settled() -> None:
    """Once the daemon is up: what starting made and keeps (modules, fonts, catalogs, cards,
    the devices) is left out of the garbage collector's full passes from now on
    (``gc.freeze``); each full pass would walk it all again, now and then during play (26,000
    objects, 8-11 ms on the desktop: at a Pi's eighth of that speed, a pause of 70-90 ms).
    The collector, off while starting (:func:`run`), is on again from here."""
    import gc

    gc.freeze()
    gc.enable()
