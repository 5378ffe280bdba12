"""scripts/install-pi --root DIR: every file it would write on a Pi, and a second run that
changes nothing."""

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

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
    "etc/udev/rules.d/60-worms-table-pico.rules", "etc/tmpfiles.d/worms-table.conf",
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
    assert "11 files changed" in out

    code, out, err = install(root)
    assert code == 0, err
    assert snapshot(root) == first
    assert "changed " not in out and "0 files changed" in out


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
    import importlib.machinery
    import importlib.util
    import os
    loader = importlib.machinery.SourceFileLoader("install_pi", str(SCRIPT))
    spec = importlib.util.spec_from_loader("install_pi", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
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
