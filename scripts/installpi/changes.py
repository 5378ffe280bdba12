"""scripts/install-pi's record of what it changes: files written, links made, commands run
(or, with --root, only listed), and the commands that follow a file kept as pending until they
have succeeded once, so a run after a failure does them again."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

#: one file per command still to run after the file it follows changed (until it succeeds)
PENDING = "/var/lib/worms-table-install/pending"


class StepFailed(Exception):
    """A step of the install failed: the message says which and how to mend it."""


class Changes:
    """What an install did under ``root`` (``dry``: files written, commands only listed)."""

    def __init__(self, root: Path, dry: bool):
        self.root, self.dry = root, dry
        self.changes: list[str] = []
        self.commands: list[list[str]] = []

    def path(self, absolute: str) -> Path:
        return self.root / absolute.lstrip("/")

    def write(self, absolute: str, text: str, why: str, mode: int = 0o644,
              then: tuple[tuple[str, ...], ...] = ()) -> bool:
        """``absolute`` holds ``text``; each command of ``then`` (argv, its reason last) is run
        after it changes, and again on later runs until it has succeeded once."""
        target = self.path(absolute)
        try:
            changed = target.read_text() != text
        except FileNotFoundError:
            changed = True
        if changed:
            for *argv, _ in then:
                self.mark(argv)            # before the file: a failure after it is retried
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + ".install-pi")
            tmp.write_text(text)
            os.chmod(tmp, mode)
            os.replace(tmp, target)
            self.changes.append(f"changed {absolute}: {why}")
        for *argv, reason in then:
            if changed or self.marked(argv):
                self.run(*argv, why=reason)
                self.mark(argv, done=True)
        return changed

    def marker(self, argv: list[str]) -> Path:
        return self.path(PENDING) / hashlib.sha1(" ".join(argv).encode()).hexdigest()[:16]

    def marked(self, argv: list[str]) -> bool:
        return self.marker(argv).exists()

    def mark(self, argv: list[str], done: bool = False) -> None:
        """Note ``argv`` as still to run (PENDING), or as done."""
        if self.dry:
            return
        marker = self.marker(argv)
        if done:
            marker.unlink(missing_ok=True)
        else:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(" ".join(argv) + "\n")

    def link(self, absolute: str, to: str, why: str) -> bool:
        target = self.path(absolute)
        if target.is_symlink() and os.readlink(target) == to:
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or target.exists():
            target.unlink()
        target.symlink_to(to)
        self.changes.append(f"changed {absolute}: {why}")
        return True

    def run(self, *argv: str, why: str) -> None:
        self.commands.append(list(argv))
        line = " ".join(argv)
        if self.dry:
            self.changes.append(f"would run: {line} ({why})")
            return
        print(f"install-pi: {line}", flush=True)
        try:
            subprocess.run(argv, check=True)
        except (subprocess.CalledProcessError, OSError) as err:
            status = (f"exit {err.returncode}" if isinstance(err, subprocess.CalledProcessError)
                      else str(err))
            raise StepFailed(f"{line} failed ({status}) while it set up {why}") from None
        self.changes.append(f"ran: {line} ({why})")
