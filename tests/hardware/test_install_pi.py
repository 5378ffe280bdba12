"""scripts/install-pi --root DIR: every file it would write on a Pi, and a second run that
changes nothing."""

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import script_module

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-pi"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5"
STOCK_CONFIG = ("# stock Raspberry Pi OS\n#dtparam=i2c_arm=on\ndtparam=audio=on\n\n[cm5]\ndtoverlay=dwc2\n\n"
                "[all]\n")
STOCK_CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 rootwait\n"
WRITTEN = {
    "boot/firmware/config.txt", "boot/firmware/cmdline.txt", "etc/modules",
    "etc/systemd/system/serial-getty@ttyAMA0.service",
    "etc/systemd/system/serial-getty@ttyS0.service",
    "etc/systemd/system/serial-getty@serial0.service",
    "etc/udev/rules.d/60-worms-table-pico.rules", "etc/udev/rules.d/60-worms-table-gpio.rules",
    "etc/tmpfiles.d/worms-table.conf",
    "etc/default/worms-table", "etc/systemd/system/worms-table.service",
    "etc/systemd/system/multi-user.target.wants/worms-table.service",
}


def pi_tree(tmp_path, model, boot="boot/firmware"):
    root = tmp_path / "pi"
    (root / boot).mkdir(parents=True)
    (root / boot / "config.txt").write_text(STOCK_CONFIG)
    (root / boot / "cmdline.txt").write_text(STOCK_CMDLINE)
    (root / "proc/device-tree").mkdir(parents=True)
    (root / "proc/device-tree/model").write_bytes(model.encode() + b"\0")
    return root


def install(root, *argv):
    done = subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), *argv],
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def snapshot(root):
    """Every file and link below root (the fake model aside): path -> content or link target."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if rel.startswith("proc/"):
            continue
        if path.is_symlink():
            out[rel] = "-> " + str(path.readlink())
        elif path.is_file():
            out[rel] = hashlib.sha1(path.read_bytes()).hexdigest()
    return out


def test_a_pi5_gets_exactly_the_expected_files_and_a_second_run_changes_nothing(tmp_path):
    root = pi_tree(tmp_path, PI5)
    code, out, err = install(root)
    assert code == 0, err
    first = snapshot(root)
    assert set(first) == WRITTEN
    config = (root / "boot/firmware/config.txt").read_text()
    assert config.startswith(STOCK_CONFIG)                    # the stock lines are kept
    block = config[len(STOCK_CONFIG):].splitlines()
    assert block[1:-1] == ["[all]", "dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000",
                           "enable_uart=1", "dtparam=uart0=on"]
    assert (root / "boot/firmware/cmdline.txt").read_text() == \
        "console=tty1 root=PARTUUID=6c586e13-02 rootfstype=ext4 rootwait\n"
    assert "i2c-dev" in (root / "etc/modules").read_text().split()
    assert first["etc/systemd/system/serial-getty@ttyAMA0.service"] == "-> /dev/null"
    unit = (root / "etc/systemd/system/worms-table.service").read_text()
    assert f"ExecStart={ROOT}/.venv/bin/worms-table run" in unit
    assert "d /run/worms-table 0750 worms-table worms-table -" in \
        (root / "etc/tmpfiles.d/worms-table.conf").read_text()
    assert (root / "etc/udev/rules.d/60-worms-table-pico.rules").read_text() == \
        (ROOT / "systemd/60-worms-table-pico.rules").read_text()
    assert "would run: useradd --system" in out and "--groups gpio,i2c,dialout worms-table" in out
    assert f"pip install --disable-pip-version-check {ROOT}[pi] " in out
    assert "12 files changed" in out
    assert "sudo systemctl stop worms-table && sudo -u worms-table" in out   # README step 4

    code, out, err = install(root)
    assert code == 0, err
    assert snapshot(root) == first
    assert "changed " not in out and "0 files changed" in out
    assert "would run: systemctl" not in out and "would run: udevadm" not in out


def test_a_pi4_on_the_older_layout_gets_both_pin_libraries(tmp_path):
    root = pi_tree(tmp_path, PI4, boot="boot")
    code, out, err = install(root)
    assert code == 0, err
    config = (root / "boot/config.txt").read_text()
    assert "dtparam=i2c_arm_baudrate=400000\nenable_uart=1\n" in config
    assert "uart0" not in config                    # the Pi 4's UART reaches GPIO14/15 anyway
    assert f"{ROOT}[pi,rpigpio]" in out
    code, out, _ = install(root, "--pin-library", "rpigpio")
    assert f"{ROOT}[rpigpio]" in out


def test_rpigpio_on_a_pi5_is_refused(tmp_path):
    root = pi_tree(tmp_path, PI5)
    before = snapshot(root)
    code, out, err = install(root, "--pin-library", "rpigpio")
    assert code == 2 and "cannot work on a Raspberry Pi 5" in err and "Traceback" not in err
    assert snapshot(root) == before                 # nothing written


def test_the_block_is_updated_in_place_and_settings_are_kept(tmp_path):
    root = pi_tree(tmp_path, PI4)
    install(root)
    (root / "etc/default/worms-table").write_text('WORMS_TABLE_ARGS="--profile /etc/mine.toml"\n')
    code, out, _ = install(root, "--model", PI5)        # the card moved to a Pi 5
    config = (root / "boot/firmware/config.txt").read_text()
    assert config.count("enable_uart=1") == 1 and "dtparam=uart0=on" in config
    assert (root / "etc/default/worms-table").read_text() == \
        'WORMS_TABLE_ARGS="--profile /etc/mine.toml"\n'


def test_an_existing_user_only_gets_the_missing_groups(tmp_path):
    root = pi_tree(tmp_path, PI5)
    (root / "etc").mkdir()
    (root / "etc/passwd").write_text("root:x:0:0::/root:/bin/bash\n"
                                     "worms-table:x:999:999::/var/lib/worms-table:/usr/sbin/nologin\n")
    (root / "etc/group").write_text("gpio:x:997:pi,worms-table\ni2c:x:998:pi\ndialout:x:20:pi\n")
    code, out, _ = install(root)
    assert "useradd" not in out
    assert "would run: usermod --append --groups i2c,dialout worms-table" in out


@pytest.mark.parametrize("argv, message", [
    (["--root", "/nonexistent-install-pi-root"], "no such folder"),
])
def test_mistakes_are_one_line(argv, message):
    done = subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True, text=True)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_a_tree_without_a_boot_config_is_refused(tmp_path):
    code, _, err = install(tmp_path)
    assert code == 2 and "no boot config" in err


def test_root_installs_only_from_a_clone_nobody_else_can_write(tmp_path):
    """Issue 24, item 10: run as root, install-pi builds and starts code from its clone."""
    import os
    module = load_install_pi()
    app = tmp_path / "worms-table"
    (app / "table").mkdir(parents=True)

    def stat_as(owners):
        def stat(path):
            uid, mode = owners.get(path, (0, 0o755))
            return os.stat_result((mode, 0, 0, 1, uid, 0, 0, 0, 0, 0))
        return stat
    assert module.unsafe_clone(app, stat_as({})) is None
    why = module.unsafe_clone(app, stat_as({app: (1000, 0o755)}))
    assert why.startswith(f"{app} belongs to another user") and "chown -R root:root" in why
    why = module.unsafe_clone(app, stat_as({app / "table": (0, 0o777)}))
    assert why.startswith(f"{app / 'table'} may be written by others")
    why = module.unsafe_clone(app, stat_as({tmp_path: (1000, 0o755)}))
    assert why.startswith(f"{tmp_path} belongs")              # a parent counts too


def load_install_pi():
    return script_module(SCRIPT, "install_pi")


def dpkg_status(root, packages):
    (root / "var/lib/dpkg").mkdir(parents=True, exist_ok=True)
    (root / "var/lib/dpkg/status").write_text("".join(
        f"Package: {p}\nStatus: install ok installed\nVersion: 1\n\n" for p in packages))


def apt_line(out):
    return next((line for line in out.splitlines() if "apt-get install" in line), "")


BASE = {"git", "python3-venv", "python3-dev", "build-essential"}


@pytest.mark.parametrize("machine, argv, wanted, named", [
    ("aarch64", [], BASE, "RPi.GPIO is built here, with build-essential, python3-dev"),
    ("aarch64", ["--pin-library", "lgpio"], BASE, None),
    ("armv7l", ["--pin-library", "lgpio"], BASE | {"python3-pil", "python3-cbor2"},
     "Debian's python3-pil, python3-cbor2, used by the virtual environment (PyPI has no armv7l "
     "Pillow wheel)"),
])
def test_only_packages_debian_and_pi_os_both_have_each_wheel_built_named(tmp_path, machine, argv,
                                                                         wanted, named):
    """Issue 36 item 2: no liblgpio-dev or swig (not in Debian; lgpio is a wheel), the compiler
    installed, and each wheel pip builds here named with its headers; on the 32-bit OS no Pillow
    built (no headers for it), Debian's used instead and named."""
    root = pi_tree(tmp_path, PI4)
    code, out, err = install(root, "--machine", machine, *argv)
    assert code == 0, err
    line = apt_line(out)
    assert set(line.split("(")[0].split("--no-install-recommends")[1].split()) == wanted
    assert (named in line) if named else "is built here" not in line and "Debian's" not in line
    dpkg_status(root, wanted)                           # all installed: apt is not run again
    code, out, _ = install(root, "--machine", machine, *argv)
    assert "apt-get" not in out
    dpkg_status(root, wanted - {"python3-dev"})
    code, out, _ = install(root, "--machine", machine, *argv)
    assert apt_line(out).split("--no-install-recommends")[1].split()[0] == "python3-dev"


@pytest.mark.parametrize("machine, venv", [
    ("armv7l", "python3 -m venv --system-site-packages "),
    ("aarch64", "python3 -m venv /"),
])
def test_the_32_bit_os_makes_a_venv_that_sees_debians_pillow(tmp_path, machine, venv):
    """Issue 36 (armhf): pip finds Debian's python3-pil installed and builds no Pillow."""
    code, out, err = install(pi_tree(tmp_path, PI4), "--machine", machine)
    assert code == 0, err
    assert f"would run: {venv}" in out


def test_a_venv_made_without_the_system_packages_is_made_again_with_them(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    from installpi.changes import Changes
    from installpi.venv import make

    folder = Path("/opt/worms-table/.venv")
    (tmp_path / "opt/worms-table/.venv/bin").mkdir(parents=True)
    (tmp_path / "opt/worms-table/.venv/bin/python").touch()
    cfg = tmp_path / "opt/worms-table/.venv/pyvenv.cfg"
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n")
    for machine, runs in (("aarch64", []), ("armv7l", [["python3", "-m", "venv",
                                                       "--system-site-packages", str(folder)]])):
        changes = Changes(tmp_path, dry=True)
        make(changes, folder, machine)
        assert changes.commands == runs
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = true\n")
    changes = Changes(tmp_path, dry=True)
    make(changes, folder, "armv7l")
    assert changes.commands == []
    make(changes, folder, "aarch64")                    # the card moved to the 64-bit OS
    assert changes.commands == [["python3", "-m", "venv", str(folder)]]


def test_the_64_bit_kernel_of_the_32_bit_os_counts_as_armv7l():
    """Pi OS 32-bit on a Pi 3 or 4 may boot a 64-bit kernel: uname -m says aarch64, its Python
    has 4-byte pointers and takes armv7l wheels."""
    module = load_install_pi()
    assert module.cpu("aarch64", 4) == "armv7l"
    assert module.cpu("aarch64", 8) == "aarch64"
    assert module.cpu("armv7l", 4) == "armv7l" and module.cpu("x86_64", 8) == "x86_64"


def test_an_armv6_pi_is_refused_naming_the_board(tmp_path):
    """Issue 36 item 3: PyPI's lgpio wheel is armv7l only; a Pi Zero W or Pi 1 is refused before
    anything changes, with what to use instead."""
    root = pi_tree(tmp_path, "Raspberry Pi Zero W Rev 1.1")
    before = snapshot(root)
    code, out, err = install(root, "--machine", "armv6l")
    assert code == 2 and "Traceback" not in err and out == ""
    assert err.startswith("install-pi: Raspberry Pi Zero W Rev 1.1 has an ARMv6 CPU (armv6l")
    assert "no armv6l wheel of lgpio" in err and "Use a Pi Zero 2 W" in err
    assert snapshot(root) == before


def test_a_pip_configuration_naming_another_index_is_said(tmp_path):
    """Raspberry Pi OS's /etc/pip.conf adds piwheels.org: the install says so, with how to use
    PyPI alone; plain Debian has none and nothing is said."""
    root = pi_tree(tmp_path, PI4)
    code, out, _ = install(root)
    assert "noted: /etc/pip.conf" not in out
    (root / "etc").mkdir(exist_ok=True)
    (root / "etc/pip.conf").write_text("[global]\nextra-index-url=https://www.piwheels.org/simple\n")
    code, out, _ = install(root)
    assert "noted: /etc/pip.conf makes pip use https://www.piwheels.org/simple as well as PyPI; " \
        "to use PyPI alone: sudo PIP_CONFIG_FILE=/dev/null scripts/install-pi" in out


def test_plain_debian_gets_the_gpio_and_i2c_groups(tmp_path):
    root = pi_tree(tmp_path, PI4)
    (root / "etc").mkdir()
    (root / "etc/group").write_text("root:x:0:\ndialout:x:20:\nsudo:x:27:pi\n")
    code, out, _ = install(root)
    assert "would run: groupadd --system gpio" in out and "would run: groupadd --system i2c" in out
    assert "groupadd --system dialout" not in out
    rules = (root / "etc/udev/rules.d/60-worms-table-gpio.rules").read_text()
    assert 'KERNEL=="gpiochip*", GROUP="gpio"' in rules and 'SUBSYSTEM=="i2c-dev", GROUP="i2c"' in rules


def test_a_command_that_failed_after_its_file_is_run_again_on_the_next_run(tmp_path, monkeypatch):
    """Issue 36 item 2: the file a reload follows is written when the reload fails; the next
    run, finding the file as it should be, still runs the reload, until it succeeds once."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    from installpi.changes import Changes, StepFailed

    ok = tmp_path / "reload-works"
    reload = ("sh", "-c", f"test -e {ok}", "read the new unit")

    def run():
        changes = Changes(tmp_path / "root", dry=False)
        changes.write("/etc/unit", "[Service]\n", "the unit", then=(reload,))
        return changes.changes

    with pytest.raises(StepFailed, match=r"sh -c test -e .* failed \(exit 1\) while it set up read "
                                         "the new unit"):
        run()
    assert (tmp_path / "root/etc/unit").read_text() == "[Service]\n"
    ok.touch()
    assert run() == [f"ran: sh -c test -e {ok} (read the new unit)"]       # retried, file as it was
    assert run() == []                                                     # then done
    assert list((tmp_path / "root/var/lib/worms-table-install/pending").iterdir()) == []


def test_a_failed_step_lists_what_was_changed_before_it(tmp_path, capsys):
    module = load_install_pi()
    from installpi.changes import StepFailed

    def fails(*args):
        raise StepFailed("pip install failed (exit 1) while it set up worms-table")
    module.venv = fails
    root = pi_tree(tmp_path, PI4)
    assert module.main(["--root", str(root)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("install-pi: pip install failed (exit 1)")
    assert "what it had changed before it stopped (" in err
    assert "  changed /boot/firmware/config.txt: I2C on at 400 kHz" in err
    assert "run install-pi again: it does only what is not done, the failed step too" in err
    assert "Traceback" not in err


def test_pillow_without_freetype_stops_the_install_saying_how_to_mend_it(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    from installpi.changes import Changes, StepFailed
    from installpi.venv import check_pillow

    font = ROOT / "table/fonts/DejaVuSansCondensed.ttf"
    good = tmp_path / "good"
    (good / "bin").mkdir(parents=True)
    (good / "bin/python").write_text(f"#!/bin/sh\nexec {sys.executable} \"$@\"\n")
    (good / "bin/python").chmod(0o755)
    check_pillow(Changes(tmp_path, dry=False), good, font)      # this Pillow has FreeType
    bad = tmp_path / "bad"
    (bad / "bin").mkdir(parents=True)
    (bad / "bin/python").write_text("#!/bin/sh\necho 'Traceback (most recent call last):' >&2\n"
                                    "echo 'ImportError: The _imagingft C module is not installed' >&2\n"
                                    "exit 1\n")
    (bad / "bin/python").chmod(0o755)
    with pytest.raises(StepFailed) as info:
        check_pillow(Changes(tmp_path, dry=False), bad, font)
    message = str(info.value)
    assert "(ImportError: The _imagingft C module is not installed): it was built without FreeType" \
        in message
    assert "apt-get install libfreetype-dev" in message and "--no-binary pillow" in message
    (bad / "bin/python").write_text("#!/bin/sh\necho 'ModuleNotFoundError: No module named PIL' >&2\n"
                                    "exit 1\n")
    with pytest.raises(StepFailed, match=r"No module named PIL.*remove .*bad\) and run install-pi again"):
        check_pillow(Changes(tmp_path, dry=False), bad, font)
    (bad / "bin/python").write_text("#!/bin/sh\necho 'ImportError: The _imagingft C module' >&2\nexit 1\n")
    with pytest.raises(StepFailed, match=r"Debian's python3-pil is used here.*apt-get install "
                                         r"--reinstall python3-pil"):
        check_pillow(Changes(tmp_path, dry=False), bad, font, debian=True)
