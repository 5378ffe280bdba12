"""What the subcommands share: the user's errors, the common options, the state folder, the
profile and its devices, the stop signals, the simulator page beside a daemon."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from table.ui.pagelink import Table


class UserError(Exception):
    """A problem the user can fix; printed as one line, never as a traceback."""

    def __init__(self, message: str, exit_code: int = 2):
        super().__init__(message)
        self.exit_code = exit_code


# -- options ---------------------------------------------------------------------------------------

def add_profile(parser) -> None:
    parser.add_argument("--profile", metavar="FILE",
                        help="hardware profile (default: the packaged reference profile)")


def add_sim(parser, help_text: str = "simulate every device and serve the simulator page") -> None:
    parser.add_argument("--sim", action="store_true", help=help_text)


def add_examples(parser) -> None:
    parser.add_argument("--no-examples", action="store_true", help=(
        "leave out the example pack of owner cards (examples/cards/: invented cards written "
        "for this project, which the simulator and the demo load so that crates hold weapons)"))


def add_state_dir(parser, help_text: str | None = None) -> None:
    parser.add_argument("--state-dir", metavar="DIR", help=help_text or (
        "where the journal, card tags and settings live (default: $STATE_DIRECTORY, "
        "else ~/.local/state/worms-table)"))


def add_page(parser, host_help: str = "the page's address (default 127.0.0.1)") -> None:
    parser.add_argument("--host", default="127.0.0.1", help=host_help)
    parser.add_argument("--port", type=int, default=None, help="the page's port (default 8421)")
    parser.add_argument("--no-web", action="store_true", help="with --sim, serve no page")


def check_files(files: list[str], load, what: str) -> int:
    """``worms-table cards|tiles check FILE...``: read each file with ``load`` (it raises the
    reader's own error naming every problem); say how many ``what`` they hold."""
    if not files:
        raise UserError(f"check: name one or more {what} files")
    total = sum(len(load(f)) for f in files)
    print(f"ok: {total} {what}(s) in {len(files)} file(s)")
    return 0


# -- the state folder --------------------------------------------------------------------------------

def state_dir(given: str | None) -> Path:
    """--state-dir, else systemd's $STATE_DIRECTORY (its first entry), else ~/.local/state."""
    if given:
        return Path(given).expanduser()
    env = os.environ.get("STATE_DIRECTORY")
    if env:
        return Path(env.split(":")[0])
    return Path.home() / ".local" / "state" / "worms-table"


def open_state_dir(given: str | None) -> Path:
    """The state folder, made if need be and checked writable."""
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


# -- the hardware ------------------------------------------------------------------------------------

def load_profile(path: str | None):
    """The profile at ``path`` (None: the packaged reference), or a UserError listing problems."""
    from table.profiles import ProfileError, load

    try:
        return load(path)
    except ProfileError as err:
        raise UserError(str(err)) from None


def build(profile_path: str | None, sim: bool):
    """The devices of the profile at ``profile_path`` (real, or simulated with ``sim``)."""
    from table.devices.build import build_devices

    return build_devices(load_profile(profile_path), sim=sim)


# -- the loop ----------------------------------------------------------------------------------------

def on_stop_signals(loop, stop) -> None:
    """Call ``stop`` on SIGTERM (systemd) and SIGINT (Ctrl-C), where the loop can."""
    import signal
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop)
        except (NotImplementedError, RuntimeError):
            pass


async def start_page(devices, host: str, port: int | None, *, lang: str, on_pairing_code,
                     pairing: bool | None = None):
    """Serve the simulator page over ``devices`` (table.web), its address printed.  Off the
    loopback (or with ``pairing``) pages pair with a code handed to ``on_pairing_code``."""
    from table.web import DEFAULT_PORT, serve

    port = DEFAULT_PORT if port is None else port
    server = serve(devices, host=host, port=port, lang=lang, on_pairing_code=on_pairing_code,
                   pairing=pairing)
    try:
        await server.start()
    except OSError as err:
        raise UserError(f"cannot serve the simulator page on {host}:{port} ({err.strerror}); "
                        "give another --port") from None
    print(f"simulator: {server.url}", flush=True)
    return server


async def start_web(devices, table: Table, host: str, port: int | None,
                    pairing: bool | None = None):
    """The simulator page beside a table (the daemon of ``run`` and ``demo``, the enroller of
    ``enroll``), joined through its typed side (table/ui/pagelink.py): the page is pushed
    every snapshot of the table (and so follows its language and its cards); its pairing code
    is shown on the table's screen, and holding the table's pair button opens pairing again
    with a new code; the cards its form writes go to the table's card sink."""
    from table.cards import CardLibrary

    server = await start_page(devices, host, port, lang=table.lang, pairing=pairing,
                              on_pairing_code=lambda code: table.notice("pairing", code))
    if server.pairing is not None:
        table.on_pair_button = server.open_pairing
    table.on_snapshot = server.show         # each change, pushed to the pages
    # the page's view of the game (board, hands, log) only once a page asked for it
    table.page_watched = lambda: server.watched
    server.on_watch = table.redraw
    server.on_card = table.card_form()
    if isinstance(table.cards, CardLibrary):   # the card form writes through the table's
        server.cardform.library = table.cards
    return server
