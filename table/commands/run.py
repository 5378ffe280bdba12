"""`worms-table run`: the table daemon (a whole game on the box's own devices).

    worms-table run [--profile FILE] [--sim] [--web] [--state-dir DIR] [--seed N]

With --sim every device is simulated and the simulator page is served on 127.0.0.1 (its
address printed on start).  On real hardware, --web serves the same page as a spectator
screen.  It runs until killed (SIGTERM/SIGINT); under systemd it reports
READY once the devices are up and pings the watchdog from its event loop.
"""

from __future__ import annotations

import os
from pathlib import Path


def configure(parser) -> None:
    parser.add_argument("--profile", metavar="FILE",
                        help="hardware profile (default: the packaged reference profile)")
    parser.add_argument("--sim", action="store_true",
                        help="simulate every device and serve the simulator page")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="where the journal, card tags and settings live (default: "
                             "$STATE_DIRECTORY, else ~/.local/state/worms-table)")
    parser.add_argument("--seed", type=int, help="seed of the dice (default: random per game)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the page's address (default 127.0.0.1; another address asks for a pairing code)")
    parser.add_argument("--port", type=int, default=None,
                        help="the page's port (default 8421)")
    parser.add_argument("--web", action="store_true",
                        help="on real hardware, serve the page as a spectator screen")
    parser.add_argument("--no-web", action="store_true", help="with --sim, serve no page")


def state_dir(given: str | None) -> Path:
    """--state-dir, else systemd's $STATE_DIRECTORY (its first entry), else ~/.local/state."""
    if given:
        return Path(given).expanduser()
    env = os.environ.get("STATE_DIRECTORY")
    if env:
        return Path(env.split(":")[0])
    return Path.home() / ".local" / "state" / "worms-table"


def open_state_dir(given: str | None) -> Path:
    from table.cli import UserError
    path = state_dir(given)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as err:
        raise UserError(f"state directory {path}: {err.strerror or err}; give a writable "
                        "directory with --state-dir") from None
    return path


def build(profile_path: str | None, sim: bool):
    from table.cli import UserError
    from table.devices.build import build_devices
    from table.profile import ProfileError, load
    try:
        profile = load(profile_path)
    except ProfileError as err:
        raise UserError(str(err)) from None
    return build_devices(profile, sim=sim)


def run(args) -> int:
    import asyncio
    import logging
    import sys

    from table.app.tags import TagFileError
    from table.journal import JournalError

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    path = open_state_dir(args.state_dir)
    devices = build(args.profile, args.sim)
    try:
        return asyncio.run(serve(args, devices, path))
    except (TagFileError, JournalError) as err:
        from table.cli import UserError
        raise UserError(f"{err}; move the file aside to start afresh") from None
    finally:
        devices.close()


async def serve(args, devices, path: Path) -> int:
    import asyncio

    from table.app.daemon import Daemon
    from table.app.notify import Notifier

    from table.web.simtags import card_for_uid

    lookup = card_for_uid if args.sim else None
    daemon = Daemon(devices, path, seed=args.seed, sim=args.sim, notifier=Notifier.from_env(),
                    tag_lookup=lookup)
    on_stop_signals(asyncio.get_running_loop(), daemon.stop)
    server = None
    try:
        if (args.sim or args.web) and not args.no_web:
            server = await start_web(devices, daemon, args.host, args.port)
        print(f"worms-table: running{' (simulated devices)' if args.sim else ''}; "
              f"state in {path}", flush=True)
        await daemon.run()
    finally:
        if server is not None:
            await server.stop()
        daemon.close()
    return 0


def on_stop_signals(loop, stop) -> None:
    """Call ``stop`` on SIGTERM (systemd) and SIGINT (Ctrl-C), where the loop can."""
    import signal
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop)
        except (NotImplementedError, RuntimeError):
            pass


async def start_web(devices, daemon, host: str, port: int | None):
    """The simulator page over the devices (table.web): the one call site of the web view."""
    from table.web import DEFAULT_PORT, serve

    server = serve(devices, host=host, port=DEFAULT_PORT if port is None else port,
                   lang=daemon.lang,
                   on_pairing_code=lambda code: daemon.notice("pairing", code))
    try:
        await server.start()
    except OSError as err:
        from table.cli import UserError
        raise UserError(f"cannot serve the simulator page on {host}:{port} ({err.strerror}); "
                        "give another --port") from None

    def changed():
        if server.lang != daemon.lang:
            server.lang = daemon.lang        # (tells the page itself)
        else:
            server.changed()
    daemon.on_render = changed
    print(f"simulator: {server.url}", flush=True)
    return server
