"""systemd's notify protocol, spoken directly over $NOTIFY_SOCKET (no extra dependency).

``Notifier.from_env()`` reads ``NOTIFY_SOCKET`` and ``WATCHDOG_USEC``; outside systemd both
are unset and every call is a no-op.  ``READY=1`` is sent once the devices are up,
``WATCHDOG=1`` from the event loop at half the watchdog interval, ``STATUS=...`` for
``systemctl status``, ``STOPPING=1`` on the way out.
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, address: str | None, watchdog_usec: int | None = None):
        self.address = address
        self.watchdog_usec = watchdog_usec
        # for tests: how many messages were sent and the last one (no history is kept: a
        # box left on for months sends a watchdog ping every few seconds)
        self.count = 0
        self.last: str | None = None

    @classmethod
    def from_env(cls, env=None) -> "Notifier":
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET") or None
        usec = None
        if env.get("WATCHDOG_USEC", "").isdigit():
            pid = env.get("WATCHDOG_PID")
            if not pid or pid == str(os.getpid()):
                usec = int(env["WATCHDOG_USEC"]) or None
        return cls(address, usec)

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between WATCHDOG=1 pings (half the unit's WatchdogSec), or None."""
        return self.watchdog_usec / 2e6 if self.watchdog_usec else None

    def send(self, *fields: str) -> bool:
        message = "\n".join(fields)
        self.count += 1
        self.last = message
        if not self.address:
            return False
        address = self.address
        if address.startswith("@"):              # an abstract socket
            address = "\0" + address[1:]
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
                s.connect(address)
                s.sendall(message.encode("utf-8"))
            return True
        except OSError as err:
            log.warning("cannot notify systemd at %s: %s", self.address, err)
            return False

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *( [f"STATUS={status}"] if status else []))

    def status(self, status: str) -> bool:
        return self.send(f"STATUS={status}")

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")
