"""scripts/install-pi's virtual environment: the Debian packages it is made and built with,
pip's install of the program with the pin library's extra, and the check that Pillow draws
with FreeType before the service is set to start."""

from __future__ import annotations

import configparser
import hashlib
import subprocess
from pathlib import Path

from installpi.changes import Changes, StepFailed

#: what the virtual environment is made and built with: in Debian's archive and Raspberry Pi
#: OS's alike (lgpio needs nothing here: PyPI has its aarch64 and armv7l wheels for Python 3.11)
APT = ("git", "python3-venv", "python3-dev", "build-essential")
#: Debian's own builds the virtual environment uses on a CPU, made with --system-site-packages
#: so pip finds them installed: on the 32-bit OS (armv7l) PyPI has no Pillow wheel, and building
#: it there takes long (over half an hour emulated) and needs the jpeg, zlib and FreeType headers;
#: bookworm's python3-pil (9.4, with FreeType) meets pyproject.toml's range, and its
#: python3-cbor2 (5.4, for luma.core) spares pip cbor2 6.x, which needs Rust there
FROM_DEBIAN = {"armv7l": ("python3-pil", "python3-cbor2")}
#: the wheels pip builds (PyPI has none for the machine), with the headers each is built with
BUILT_ALWAYS = {"RPi.GPIO": ("build-essential", "python3-dev")}     # (the rpigpio extra)
#: pip's configuration files (Raspberry Pi OS's /etc/pip.conf adds piwheels.org)
PIP_CONF = ("/etc/pip.conf", "/etc/xdg/pip/pip.conf")
FONT_CHECK = "from PIL import ImageFont; import sys; ImageFont.truetype(sys.argv[1], 12)"


def built(extras: str) -> dict[str, tuple[str, ...]]:
    """The wheels pip builds with ``extras``, each with its headers."""
    return dict(BUILT_ALWAYS) if "rpigpio" in extras.split(",") else {}


def installed_packages(root: Path) -> set[str]:
    """The Debian packages installed in ``root`` (from dpkg's status file)."""
    try:
        text = (root / "var/lib/dpkg/status").read_text(errors="replace")
    except OSError:
        return set()
    found = set()
    for stanza in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in stanza.splitlines()
                      if ": " in line and not line.startswith(" "))
        if fields.get("Status", "").endswith(" installed") and "Package" in fields:
            found.add(fields["Package"])
    return found


def packages(ch: Changes, machine: str, extras: str) -> None:
    """The Debian packages the install needs that are not installed yet."""
    wheels = built(extras)
    debian = FROM_DEBIAN.get(machine, ())
    wanted = list(dict.fromkeys([*APT, *(p for headers in wheels.values() for p in headers),
                                 *debian]))
    missing = [p for p in wanted if p not in installed_packages(ch.root)]
    if missing:
        said = [f"{wheel} is built here, with {', '.join(headers)}" for wheel, headers in wheels.items()]
        if debian:
            said.append(f"Debian's {', '.join(debian)}, used by the virtual environment "
                        f"(PyPI has no {machine} Pillow wheel)")
        names = "; ".join(said)
        ch.run("apt-get", "update", why="the package lists")
        ch.run("apt-get", "install", "-y", "--no-install-recommends", *missing,
               why="what the virtual environment is made and built with"
               + (f": {names}" if names else ""))


def venv(ch: Changes, app: Path, machine: str, extras: str) -> None:
    """The program in ``app``/.venv with ``extras``, installed again when pyproject.toml or the
    extras change, and checked (:func:`check_pillow`) on every run."""
    folder = app / ".venv"
    packages(ch, machine, extras)
    make(ch, folder, machine)
    digest = hashlib.sha1((app / "pyproject.toml").read_bytes()).hexdigest()[:12]
    stamp = ch.path(f"{folder}/.installed-{extras.replace(',', '+')}-{digest}")
    if not stamp.exists():
        note_indexes(ch)
        ch.run(str(folder / "bin" / "pip"), "install", "--disable-pip-version-check",
               f"{app}[{extras}]", why=f"worms-table with the [{extras}] extra")
    check_pillow(ch, folder, app / "table" / "fonts" / "DejaVuSansCondensed.ttf",
                 debian="python3-pil" in FROM_DEBIAN.get(machine, ()))
    if not stamp.exists() and not ch.dry:
        for old in folder.glob(".installed-*"):
            old.unlink()
        stamp.touch()


def make(ch: Changes, folder: Path, machine: str) -> None:
    """The virtual environment, made (or its pyvenv.cfg set again) so that it sees the system's
    packages exactly on a machine that uses Debian's builds (:data:`FROM_DEBIAN`)."""
    system = machine in FROM_DEBIAN
    cfg = ch.path(f"{folder}/pyvenv.cfg")
    if ch.path(f"{folder}/bin/python").exists() and cfg.exists() and \
            sees_system(cfg.read_text()) == system:
        return
    flag = ("--system-site-packages",) if system else ()
    ch.run("python3", "-m", "venv", *flag, str(folder), why="the program's own Python" + (
        f", which also sees the system's packages: pip takes Debian's {', '.join(FROM_DEBIAN[machine])} "
        "installed above, and any other the system has in pyproject.toml's ranges, as they are"
        if system else ""))


def sees_system(pyvenv_cfg: str) -> bool:
    """Whether a virtual environment's pyvenv.cfg lets it see the system's packages."""
    for line in pyvenv_cfg.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "include-system-site-packages":
            return value.strip().lower() == "true"
    return False


def note_indexes(ch: Changes) -> None:
    """Say which package indexes pip's system configuration adds to PyPI: Raspberry Pi OS's
    /etc/pip.conf names piwheels.org, which pip then uses too; the install never relies on it."""
    for name in PIP_CONF:
        parser = configparser.ConfigParser(strict=False, interpolation=None)
        try:
            parser.read_string(ch.path(name).read_text())
        except (OSError, configparser.Error):
            continue
        for section in parser.sections():
            for key in ("index-url", "extra-index-url"):
                for url in parser.get(section, key, fallback="").split():
                    how = "instead of" if key == "index-url" else "as well as"
                    ch.changes.append(f"noted: {name} makes pip use {url} {how} PyPI; to use "
                                      "PyPI alone: sudo PIP_CONFIG_FILE=/dev/null scripts/install-pi")


def check_pillow(ch: Changes, folder: Path, font: Path, debian: bool = False) -> None:
    """Pillow loads a TrueType font (FreeType), or the install stops here, before the service
    is set to start: without FreeType the daemon cannot draw a screen. ``debian``: the venv
    uses Debian's python3-pil (the message says how to mend that one)."""
    argv = [str(folder / "bin" / "python"), "-c", FONT_CHECK, str(font)]
    if ch.dry:
        ch.changes.append(f"would check: Pillow loads a TrueType font ({argv[0]} -c ...)")
        return
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        if "_imagingft" not in done.stderr and "freetype" not in done.stderr.lower():
            raise StepFailed(f"the program's Python in {folder} cannot load a font with Pillow "
                             f"({last}): remove {folder} (sudo rm -r {folder}) and run "
                             "install-pi again, which makes it anew")
        if debian:
            raise StepFailed(
                f"Pillow in {folder} cannot load a TrueType font ({last}): Debian's python3-pil "
                "is used here, which has FreeType: reinstall it (sudo apt-get install --reinstall "
                f"python3-pil libfreetype6; and sudo {folder}/bin/pip uninstall pillow if pip "
                "put another Pillow in the virtual environment) and run install-pi again")
        raise StepFailed(
            f"Pillow in {folder} cannot load a TrueType font ({last}): it was built without "
            "FreeType. Install the headers (sudo apt-get install libfreetype-dev libjpeg-dev "
            f"zlib1g-dev), rebuild it (sudo {folder}/bin/pip install --force-reinstall "
            "--no-cache-dir --no-binary pillow 'pillow<14') and run install-pi again")
