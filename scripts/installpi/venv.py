"""scripts/install-pi's virtual environment: the Debian packages it is made and built with,
pip's install of the program with the pin library's extra, and the check that Pillow draws
with FreeType before the service is set to start."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

from installpi.changes import Changes, StepFailed

#: what the virtual environment is made and built with: in Debian's archive and Raspberry Pi
#: OS's alike (lgpio needs nothing here: PyPI has its aarch64 and armv7l wheels for Python 3.11)
APT = ("git", "python3-venv", "python3-dev", "build-essential")
#: the wheels pip must build on a machine (``uname -m``: PyPI has none for it), with the headers
#: each is built with; cbor2 (for luma.core) is held below 6 there by pyproject.toml: 6.x has no
#: armv7l wheel and needs Rust to build, 5.x is a pure-Python wheel
_PILLOW = {"Pillow": ("libjpeg-dev", "zlib1g-dev", "libfreetype-dev")}
BUILT = {"armv7l": _PILLOW, "armv6l": _PILLOW}
BUILT_ALWAYS = {"RPi.GPIO": ("build-essential", "python3-dev")}     # (the rpigpio extra)
FONT_CHECK = "from PIL import ImageFont; import sys; ImageFont.truetype(sys.argv[1], 12)"


def built(machine: str, extras: str) -> dict[str, tuple[str, ...]]:
    """The wheels pip builds on ``machine`` with ``extras``, each with its headers."""
    wheels = dict(BUILT.get(machine, {}))
    if "rpigpio" in extras.split(","):
        wheels.update(BUILT_ALWAYS)
    return wheels


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
    wheels = built(machine, extras)
    wanted = list(dict.fromkeys([*APT, *(p for headers in wheels.values() for p in headers)]))
    missing = [p for p in wanted if p not in installed_packages(ch.root)]
    if missing:
        names = "; ".join(f"{wheel} is built here, with {', '.join(headers)}"
                          for wheel, headers in wheels.items())
        ch.run("apt-get", "update", why="the package lists")
        ch.run("apt-get", "install", "-y", "--no-install-recommends", *missing,
               why="what the virtual environment is made and built with"
               + (f": {names}" if names else ""))


def venv(ch: Changes, app: Path, machine: str, extras: str) -> None:
    """The program in ``app``/.venv with ``extras``, installed again when pyproject.toml or the
    extras change, and checked (:func:`check_pillow`) on every run."""
    folder = app / ".venv"
    packages(ch, machine, extras)
    if not ch.path(f"{folder}/bin/python").exists():
        ch.run("python3", "-m", "venv", str(folder), why="the program's own Python")
    digest = hashlib.sha1((app / "pyproject.toml").read_bytes()).hexdigest()[:12]
    stamp = ch.path(f"{folder}/.installed-{extras.replace(',', '+')}-{digest}")
    if not stamp.exists():
        ch.run(str(folder / "bin" / "pip"), "install", "--disable-pip-version-check",
               f"{app}[{extras}]", why=f"worms-table with the [{extras}] extra")
    check_pillow(ch, folder, app / "table" / "fonts" / "DejaVuSansCondensed.ttf")
    if not stamp.exists() and not ch.dry:
        for old in folder.glob(".installed-*"):
            old.unlink()
        stamp.touch()


def check_pillow(ch: Changes, folder: Path, font: Path) -> None:
    """Pillow loads a TrueType font (FreeType), or the install stops here, before the service
    is set to start: without FreeType the daemon cannot draw a screen."""
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
        raise StepFailed(
            f"Pillow in {folder} cannot load a TrueType font ({last}): it was built without "
            "FreeType. Install the headers (sudo apt-get install libfreetype-dev libjpeg-dev "
            f"zlib1g-dev), rebuild it (sudo {folder}/bin/pip install --force-reinstall "
            "--no-cache-dir --no-binary pillow 'pillow<14') and run install-pi again")
