"""gpiozero's pin library for the Pi's GPIO devices (buttons, rotary encoder, GPIO servo).

The profile's ``pi.pin_library`` says which: ``lgpio``, ``rpigpio`` (RPi.GPIO) or ``auto``.
The choice is checked against the Pi model read from the device tree
(``/proc/device-tree/model``): RPi.GPIO cannot drive a Pi 5's GPIO (they sit behind its RP1
chip), so ``rpigpio`` is refused there, and ``auto`` takes lgpio on a Pi 5 and elsewhere
whichever is installed, lgpio first.

The library is never imported to find out whether it is there (both raise on import off a
Pi): :func:`installed` only looks for the module.  lgpio makes a pipe file in its working
folder (``LG_WD``, else the current folder); when ``LG_WD`` is not set, :func:`lgpio_folder`
gives it a folder the user can write, so a ``selftest`` run from a folder the service user
cannot write still works.

A factory someone has already set (``gpiozero.Device.pin_factory``, e.g. tests' mock pins)
or named (``GPIOZERO_PIN_FACTORY``) is used as it is, and named as such.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import importlib.util
import os
import re
import tempfile
import warnings
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from table.devices import DeviceError

MODEL_PATH = Path("/proc/device-tree/model")
LIBRARIES = ("lgpio", "rpigpio")
MODULES = {"lgpio": "lgpio", "rpigpio": "RPi.GPIO"}
TITLES = {"lgpio": "lgpio", "rpigpio": "RPi.GPIO"}
EXTRAS = {"lgpio": "pi", "rpigpio": "rpigpio"}
DEVICE = "GPIO pin library"
_PI5 = re.compile(r"^Raspberry Pi (5|500|Compute Module 5)\b")


def read_model(path: Path | str | None = None) -> str | None:
    """The board's model ("Raspberry Pi 5 Model B Rev 1.0"), or None where there is none."""
    try:
        raw = Path(MODEL_PATH if path is None else path).read_bytes()
    except OSError:
        return None
    return raw.split(b"\0", 1)[0].decode("ascii", "replace").strip() or None


def is_pi5(model: str | None) -> bool:
    """True for the boards whose GPIO sit behind the RP1 chip (Pi 5, Pi 500, CM5)."""
    return bool(model and _PI5.match(model))


def installed(library: str) -> bool:
    """Whether the library's module can be found (without importing it)."""
    try:
        return importlib.util.find_spec(MODULES[library]) is not None
    except (ImportError, ValueError):
        return False


def choose(choice: str, model: str | None, available: Iterable[str]) -> str:
    """The library to use for the profile's ``choice`` on ``model`` with ``available`` ones.

    Raises DeviceError (one line: what is wrong, what to do) when there is none to use."""
    available = set(available)
    where = f"this {model}" if model else "this machine"
    if choice == "rpigpio" and is_pi5(model):
        raise DeviceError(DEVICE, f'pi.pin_library = "rpigpio" cannot work on {where}: '
                                  "RPi.GPIO cannot reach a Pi 5's GPIO, which sit behind its RP1 "
                                  'chip; set pi.pin_library = "lgpio" (or "auto") in the profile '
                                  "and install the 'pi' extra")
    picked: str | None
    if choice in LIBRARIES:
        picked = choice
    elif choice == "auto":
        order = ("lgpio",) if is_pi5(model) else LIBRARIES
        picked = next((lib for lib in order if lib in available), None)
        if picked is None:
            wanted = ("the 'pi' extra (lgpio)" if is_pi5(model) else
                      "the 'pi' extra (lgpio) or the 'rpigpio' extra (RPi.GPIO)")
            raise DeviceError(DEVICE, f"no GPIO pin library is installed on {where}: install "
                                      f"{wanted} (scripts/install-pi does)")
    else:
        raise DeviceError(DEVICE, f"pi.pin_library = {choice!r} is not one of auto, "
                                  f"{', '.join(LIBRARIES)}: fix the profile")
    if picked not in available:
        raise DeviceError(DEVICE, f'pi.pin_library = "{choice}" wants {TITLES[picked]}, which is '
                                  f"not installed on {where}: install the '{EXTRAS[picked]}' "
                                  f"extra (pip install '.[{EXTRAS[picked]}]'), or set "
                                  'pi.pin_library = "auto"')
    return picked


def lgpio_folder(environ: MutableMapping[str, str] = os.environ) -> str:
    """lgpio's working folder: ``LG_WD`` if set, else one this user can write (and set it)."""
    if environ.get("LG_WD"):
        return environ["LG_WD"]
    for folder in (environ.get("RUNTIME_DIRECTORY", "").split(":")[0], "/run/worms-table",
                   environ.get("XDG_RUNTIME_DIR", "")):
        if folder and os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK):
            break
    else:
        folder = os.path.join(tempfile.gettempdir(), f"worms-table-lgpio-{os.getuid()}")
        os.makedirs(folder, mode=0o700, exist_ok=True)
    environ["LG_WD"] = folder
    return folder


class PinFactory(Protocol):
    """What this module asks of a gpiozero pin factory (gpiozero has no type information)."""

    def close(self) -> None: ...


def _lgpio_factory() -> PinFactory:
    lgpio_folder()
    from gpiozero.pins.lgpio import LGPIOFactory
    return LGPIOFactory()


def _rpigpio_factory() -> PinFactory:
    from gpiozero.pins.rpigpio import RPiGPIOFactory
    return RPiGPIOFactory()


FACTORIES: dict[str, Callable[[], PinFactory]] = {"lgpio": _lgpio_factory,
                                                  "rpigpio": _rpigpio_factory}


@dataclass
class PinLibrary:
    """The pin library in use: ``name`` (lgpio, rpigpio, or what set it), ``factory`` (None:
    gpiozero's own default, from GPIOZERO_PIN_FACTORY) and how it was chosen."""

    name: str
    factory: PinFactory | None
    how: str
    owned: bool = False

    def describe(self) -> str:
        return f"{self.name} ({self.how})"

    def close(self) -> None:
        if self.owned and self.factory is not None:
            self.factory.close()


def open_pin_library(choice: str, *, model_path: Path | str | None = None,
                     available: Iterable[str] | None = None,
                     factories: Mapping[str, Callable[[], PinFactory]] | None = None) -> PinLibrary:
    """The pin factory for the profile's ``choice`` on this Pi (see the module's text)."""
    from gpiozero import Device

    if Device.pin_factory is not None:
        return PinLibrary(type(Device.pin_factory).__name__, Device.pin_factory,
                          "set by the program, not the profile")
    env = os.environ.get("GPIOZERO_PIN_FACTORY")
    if env:
        return PinLibrary(env, None, "from GPIOZERO_PIN_FACTORY, not the profile")
    model = read_model(model_path)
    if available is None:
        available = [lib for lib in LIBRARIES if installed(lib)]
    name = choose(choice, model, available)
    how = f'pi.pin_library = "{choice}"' + (f" on a {model}" if model else "")
    make = (FACTORIES if factories is None else factories)[name]
    try:
        factory = make()
    except Exception as err:    # the libraries raise their own types (lgpio.error, RuntimeError)
        raise DeviceError(DEVICE, f"{TITLES[name]} ({how}) did not start: {err}; "
                                  f"{why_not_started(name, err)}") from None
    return PinLibrary(TITLES[name], factory, how, owned=True)


#: the device files each library opens: lgpio the GPIO chips, RPi.GPIO /dev/gpiomem
NODES = {"lgpio": "/dev/gpiochip*", "rpigpio": "/dev/gpiomem"}
_REVISION = re.compile(r"revision|can only be run on a Raspberry Pi", re.IGNORECASE)


def why_not_started(name: str, err: BaseException, *, nodes: Iterable[str] | None = None,
                    environ: Mapping[str, str] = os.environ,
                    access: Callable[[str, int], bool] = os.access) -> str:
    """What to do when pin library ``name`` raised ``err`` as it started, by its cause: the
    Pi's revision unreadable, no GPIO device file, one this user may not open, lgpio's
    working folder; ``nodes`` are the library's device files (default: those present)."""
    if isinstance(err, OSError) and str(err.filename or "").startswith("/proc/"):
        return (f"{err.filename} cannot be read, where the library reads the Pi's revision: "
                "under systemd the unit must leave /proc whole (no ProcSubset=pid: see "
                "systemd/worms-table.service)")
    if _REVISION.search(str(err)):
        return ("it found no Raspberry Pi revision: this is not a Raspberry Pi, or a model this "
                "gpiozero does not know (update it: pip install -U gpiozero)")
    nodes = sorted(glob.glob(NODES[name]) if nodes is None else nodes)
    if not nodes:
        return (f"there is no {NODES[name]} here: is this a Raspberry Pi with a kernel of "
                "Raspberry Pi OS, or (in a container) is the device passed in?")
    locked = [node for node in nodes if not access(node, os.R_OK | os.W_OK)]
    if locked or isinstance(err, PermissionError) and err.errno == errno.EACCES:
        user = environ.get("USER") or "this user"
        return (f"{user} may not open {', '.join(locked or nodes)}: add it to the gpio group "
                f"(sudo usermod -aG gpio {user}, then start it again)")
    if isinstance(err, PermissionError):
        return (f"the system refused {', '.join(nodes)} (under systemd: the unit's DeviceAllow= "
                "must list it, as systemd/worms-table.service does)")
    folder = environ.get("LG_WD") or os.getcwd()
    if name == "lgpio" and not access(folder, os.W_OK | os.X_OK):
        return f"lgpio's working folder {folder} (LG_WD) must be writable by this user"
    return (f"{', '.join(nodes)} may be opened by this user, so the library itself failed: "
            f"reinstall its extra (pip install '.[{EXTRAS[name]}]'; scripts/install-pi does)")


def would_choose(choice: str, *, model_path: Path | str | None = None) -> str:
    """One line: what ``choice`` would pick on this machine (for --sim, where none is used)."""
    model = read_model(model_path)
    try:
        name = choose(choice, model, [lib for lib in LIBRARIES if installed(lib)])
    except DeviceError as err:
        return f'with real devices here pi.pin_library = "{choice}" would fail: {err.what_to_do}'
    return f'with real devices here pi.pin_library = "{choice}" would use {TITLES[name]}'


def explain_fallback(message: str) -> str:
    """gpiozero's "Falling back from X: why" warning as one line naming the fix."""
    lib, _, why = str(message).removeprefix("Falling back from ").partition(": ")
    key = "rpigpio" if lib.lower().replace(".", "") == "rpigpio" else lib.lower()
    if key == "lgpio":
        fix = ("install the 'pi' extra (scripts/install-pi does) and give lgpio a working folder "
               f"this user can write (LG_WD, now {os.environ.get('LG_WD') or os.getcwd()})")
    elif key == "rpigpio":
        fix = ("install the 'rpigpio' extra, or set pi.pin_library = \"lgpio\" (the only choice "
               "on a Pi 5)")
    else:
        fix = 'set pi.pin_library in the profile to a library that is installed'
    return (f"pin library warning: gpiozero could not use {lib} ({why or 'no reason given'}) and "
            f"fell back to another one: {fix}")


@contextlib.contextmanager
def fallbacks_named(say: Callable[[str], None] = print):
    """Within: gpiozero's pin library fallback warnings go to ``say`` as one line each with
    their fix (:func:`explain_fallback`), every time; other warnings are shown as usual."""
    from gpiozero.exc import PinFactoryFallback

    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, PinFactoryFallback):
                say(explain_fallback(str(message)))
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.simplefilter("always", PinFactoryFallback)
        warnings.showwarning = show
        yield
