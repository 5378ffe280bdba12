"""`worms-table enroll`: tell the box which card each NFC tag is.

    worms-table enroll [--profile FILE] [--sim] [--state-dir DIR] [--lang en|cs|uk]

Tap a tag on the reader and pick its card from the library with the buttons (6/1 up, 4/3
down, OK chooses, Back cancels); tapping a known tag shows its card.  The table is stored in
the state directory (tags.toml) that `worms-table run` reads.  Stop with Ctrl-C.
"""

from __future__ import annotations

from table.langs import LANGS

from .common import (UserError, add_profile, add_sim, add_state_dir, build, on_stop_signals,
                     open_state_dir, start_web)


def configure(parser) -> None:
    add_profile(parser)
    add_sim(parser, "simulated devices (the simulator page taps the cards)")
    add_state_dir(parser, "where tags.toml lives (default as for worms-table run)")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="language of the screens (default: the table's last language)")
    parser.add_argument("--host", default="127.0.0.1", help="simulator page address (--sim)")
    parser.add_argument("--port", type=int, default=None, help="simulator page port (--sim)")


def run(args) -> int:
    import asyncio
    import logging
    import sys

    from table.app.storage.folder import read_settings
    from table.app.storage.tags import TagFileError
    from table.devices import DeviceError

    from table.cards import open_library

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")
    open_library()                          # the cards to enrol (a card added: read again)
    path = open_state_dir(args.state_dir)
    lang = args.lang or read_settings(path).get("lang")
    devices = build(args.profile, args.sim)
    try:
        return asyncio.run(_main(args, devices, path, lang or "en"))
    except (TagFileError, DeviceError) as err:
        raise UserError(str(err)) from None
    finally:
        devices.close()


async def _main(args, devices, path, lang) -> int:
    import asyncio

    from table.app.teach.enroller import Enroller

    enroller = Enroller(devices, path, lang)
    on_stop_signals(asyncio.get_running_loop(), enroller.stop)
    server = await start_web(devices, enroller, args.host, args.port) if args.sim else None
    print(f"worms-table enroll: tap a tag; tags are kept in {enroller.store.path}", flush=True)
    try:
        await enroller.run()
    finally:
        if server is not None:
            await server.stop()
    return 0
