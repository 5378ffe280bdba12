"""The service's own /proc lets the pin libraries identify the Pi (issue 36, item 1).

gpiozero (``pins/local.py``, the base of its lgpio and RPi.GPIO factories) and RPi.GPIO itself
(its ``cpuinfo.c``) read the board's revision from ``/proc/device-tree/system/linux,revision``,
else the ``Revision`` line of ``/proc/cpuinfo``; gpiozero's lgpio factory reads it when it is
made, to pick the Pi 5's GPIO chip.  Here a Raspberry Pi's /proc (a Zero 2 W's and a Pi 5's,
as their kernels show them) is laid out as the unit would show it to the service, and
gpiozero's own detection runs against it."""

import struct
from types import SimpleNamespace

import pytest
from gpiozero.pins import local
from gpiozero.pins.local import LocalPiFactory

from .sandbox import UNIT, kernel_proc_entries, proc_mount_options, proc_shows, unit_hides

ZERO2W = ("Raspberry Pi Zero 2 W Rev 1.0", 0x902120, "Zero2W")
PI5 = ("Raspberry Pi 5 Model B Rev 1.0", 0xd04170, "5B")
CPUINFO = """processor\t: 0
BogoMIPS\t: 38.40
Features\t: fp asimd evtstrm crc32 cpuid
CPU implementer\t: 0x41
CPU architecture: 8

Revision\t: {revision:06x}
Serial\t\t: 00000000a1b2c3d4
Model\t\t: {model}
"""


def pi_proc(model, revision, device_tree=True):
    """A Pi's /proc files the pin libraries read: path -> bytes."""
    files = {"/proc/cpuinfo": CPUINFO.format(revision=revision, model=model).encode(),
             "/proc/1/status": b"Name:\tsystemd\n"}
    if device_tree:
        files["/proc/device-tree/model"] = model.encode() + b"\0"
        files["/proc/device-tree/system/linux,revision"] = struct.pack(">L", revision)
    return files


def as_the_unit_shows(files, tmp_path, unit=UNIT):
    """``files`` laid out under tmp_path as the unit's own /proc would hold them."""
    options = proc_mount_options(unit)
    for path, data in files.items():
        entry = path.split("/")[2]
        if proc_shows(entry, options) and not unit_hides(path, unit):
            target = tmp_path / path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return tmp_path


def detected_board(root, monkeypatch):
    """gpiozero's own board detection (LocalPiFactory.board_info) with /proc at root/proc."""
    def opened(path, *args, **kwargs):
        assert path.startswith("/proc/"), path
        return open(root / path.lstrip("/"), *args, **kwargs)
    monkeypatch.setattr(local, "io", SimpleNamespace(open=opened))
    return LocalPiFactory().board_info


@pytest.mark.parametrize("model, revision, board", [ZERO2W, PI5])
@pytest.mark.parametrize("device_tree", [True, False], ids=["device-tree", "cpuinfo-only"])
def test_gpiozero_finds_the_board_in_the_services_proc(tmp_path, monkeypatch, model, revision,
                                                       board, device_tree):
    root = as_the_unit_shows(pi_proc(model, revision, device_tree), tmp_path)
    info = detected_board(root, monkeypatch)
    assert info.model == board and info.revision == f"{revision:x}"
    assert info.find_pin("GPIO17")                      # the pins a profile names exist
    if device_tree:                                     # what table.devices.pins reads
        assert (root / "proc/device-tree/model").read_bytes().rstrip(b"\0").decode() == model


def test_with_procsubset_pid_the_board_is_not_found(tmp_path, monkeypatch):
    """What the unit did before (issue 36): the test above fails on such a unit."""
    unit = tmp_path / "old.service"
    unit.write_text(UNIT.read_text().replace("ProcSubset=all", "ProcSubset=pid"))
    root = as_the_unit_shows(pi_proc(*ZERO2W[:2]), tmp_path / "root", unit)
    assert not (root / "proc/cpuinfo").exists()
    with pytest.raises(FileNotFoundError, match="/proc/cpuinfo"):
        detected_board(root, monkeypatch)


def test_the_kernel_agrees_with_what_the_unit_shows():
    """A real procfs mounted with the unit's options holds what :func:`proc_shows` says
    (skipped where the kernel refuses an unprivileged procfs mount)."""
    for options in (proc_mount_options(), "hidepid=invisible,subset=pid"):
        entries = kernel_proc_entries(options)
        if entries is None:
            pytest.skip("this kernel (or unshare) refuses a procfs mount in a user namespace")
        assert {"self", "1"} <= entries
        for entry in ("cpuinfo", "self", "1", "version"):
            assert (entry in entries) == proc_shows(entry, options), (options, entry)
