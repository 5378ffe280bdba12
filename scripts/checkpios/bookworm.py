"""scripts/check-pi-os's Debian bookworm root for a Pi's CPU, made as close to Raspberry Pi OS
Lite as Debian allows (user pi with sudo, Pi OS's config.txt and cmdline.txt), built once with
debootstrap and kept for the next run."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from checkpios.shell import sh

MIRROR = "http://deb.debian.org/debian"
INCLUDE = "systemd,systemd-sysv,udev,dbus,sudo,python3,ca-certificates,kmod,iproute2,procps"
CONFIG_TXT = """# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

# Automatically load initramfs files, if found
auto_initramfs=1

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

# Don't have the firmware create an initial video= setting in cmdline.txt.
# Use the kernel's default instead.
disable_fw_kms_setup=1

# Run in 64-bit mode
arm_64bit=1

# Disable compensation for displays with overscan
disable_overscan=1

# Run as fast as firmware / board allows
arm_boost=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
# This line should be removed if the legacy DWC2 controller is required
# (e.g. for USB device mode) or if USB support is not required.
otg_mode=1

[all]
"""
CMDLINE_TXT = ("console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 "
               "fsck.repair=yes rootwait\n")


def base_root(arch: str, cache: Path, log: Path) -> tuple[Path, float | None]:
    """The kept bookworm root for ``arch`` (built when absent) and the seconds building took."""
    base, partial = cache / "base", cache / "base.partial"
    if (base / ".check-pi-os-base").exists():
        return base, None
    began = time.monotonic()
    if not (partial / "var/lib/dpkg/status").exists() or (partial / "debootstrap").exists():
        shutil.rmtree(partial, ignore_errors=True)
        sh("debootstrap", f"--arch={arch}", "--variant=minbase", f"--include={INCLUDE}",
           "bookworm", str(partial), MIRROR, log=log)
    like_pi_os(partial, log)
    (partial / ".check-pi-os-base").write_text(f"bookworm {arch}\n")
    os.replace(partial, base)
    return base, round(time.monotonic() - began)


def like_pi_os(root: Path, log: Path) -> None:
    """What makes the root look like Raspberry Pi OS Lite to install-pi and its owner."""
    (root / "etc/hostname").write_text("raspberrypi\n")
    boot = root / "boot/firmware"
    boot.mkdir(parents=True, exist_ok=True)
    (boot / "config.txt").write_text(CONFIG_TXT)
    (boot / "cmdline.txt").write_text(CMDLINE_TXT)
    if "pi:" not in (root / "etc/passwd").read_text():
        sh("chroot", str(root), "useradd", "--create-home", "--groups", "sudo,dialout",
           "--shell", "/bin/bash", "pi", log=log)
    (root / "etc/sudoers.d/010_pi-nopasswd").write_text("pi ALL=(ALL) NOPASSWD: ALL\n")
