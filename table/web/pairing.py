"""Who may watch and drive a table whose page is served on the network: pairing.

The table shows a six-digit code on its OLED.  A page that sends the right code gets a
session (a random token, kept by the browser as an HttpOnly cookie), and from then on the
session is what counts: the code may change or pairing may close and the paired pages carry
on.  Guessing is made hopeless by an attempt budget, not by the code's length:

- every code the table evaluates counts; after :data:`MAX_WRONG_CODES` wrong ones (from any
  number of clients together) pairing *closes*: no code is evaluated at all until someone at
  the table opens it again with the buttons, which makes a new code.  One opening gives a
  guesser at most ``MAX_WRONG_CODES`` chances in a million;
- each client (by address) backs off: after its first wrong code it must wait
  :data:`BACKOFF_S`, then twice that, and so on (capped at :data:`MAX_BACKOFF_S`); what it
  sends meanwhile is answered 429 and not evaluated;
- nothing of this reaches the table: wrong codes never change the code, never put anything on
  its screen and never take a button press.  The code is never logged.

:class:`Pairing` is pure bookkeeping (no I/O), with the clock passed in for tests.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable

from .errors import WebError

log = logging.getLogger(__name__)

CODE_DIGITS = 6
MAX_WRONG_CODES = 5          # wrong codes per opening, all clients together
BACKOFF_S = 1.0              # a client's wait after its second wrong code (doubling after)
MAX_BACKOFF_S = 60.0
MAX_SESSIONS = 32            # paired pages remembered (the oldest is forgotten first)
MAX_CLIENTS = 256            # clients whose back-off is remembered
OPEN_HINT = "hold button 1 on the table for a second"


class Denied(WebError):
    """A request that may not see the table: ``status`` 403 or 429, ``reason`` one of
    needed / wrong / closed / wait, ``retry_after`` seconds for a 429."""

    def __init__(self, status: int, reason: str, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.retry_after = retry_after


class Pairing:
    """The code, the sessions, the budget and the clients' back-off; see the module doc."""

    def __init__(self, on_code: Callable[[str], None] | None = None, *, code: str | None = None,
                 max_wrong: int = MAX_WRONG_CODES, backoff_s: float = BACKOFF_S,
                 clock: Callable[[], float] = time.monotonic):
        self.on_code = on_code
        self.fixed_code = code
        self.max_wrong = max_wrong
        self.backoff_s = backoff_s
        self.clock = clock
        self.code: str | None = None          # None: pairing is closed
        self.wrong = 0                        # wrong codes since pairing opened
        self.evaluated = 0                    # codes compared, ever (the bench's figure)
        self._sessions: OrderedDict[str, None] = OrderedDict()
        self._clients: OrderedDict[str, tuple[int, float]] = OrderedDict()  # failures, until

    @property
    def is_open(self) -> bool:
        return self.code is not None

    def open(self) -> str:
        """Open pairing with a new code (handed to ``on_code``, never logged) and a fresh
        budget; a person at the table asked for it."""
        self.code = self.fixed_code or f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        self.wrong = 0
        self._clients.clear()
        log.info("pairing is open: the code is on the table's screen")
        if self.on_code is not None:
            self.on_code(self.code)
        return self.code

    def close(self) -> None:
        self.code = None

    def paired(self, session: str | None) -> bool:
        return session is not None and session in self._sessions

    def admit(self, client: str, session: str | None, code: str | None) -> str | None:
        """Let ``client`` in, or raise :class:`Denied`.  Returns a new session token when the
        client has just paired with ``code`` (None: it was paired already)."""
        if self.paired(session):
            self._sessions.move_to_end(session)
            return None
        if code is None:
            raise Denied(403, "needed", "pairing needed: type the code shown on the table's "
                                        "screen")
        if self.code is None:
            raise Denied(403, "closed", f"pairing is closed after too many wrong codes; to open "
                                        f"it again, {OPEN_HINT}")
        now = self.clock()
        failures, until = self._clients.get(client, (0, 0.0))
        if now < until:
            wait = max(1, math.ceil(until - now))
            raise Denied(429, "wait", f"too many wrong codes from here: wait {wait} s before "
                                      "the next try", retry_after=wait)
        self.evaluated += 1
        if secrets.compare_digest(code.encode("utf-8", "replace"), self.code.encode()):
            self._clients.pop(client, None)
            token = secrets.token_urlsafe(24)
            self._sessions[token] = None
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
            return token
        self.wrong += 1
        failures += 1
        delay = 0.0 if failures < 2 else min(MAX_BACKOFF_S, self.backoff_s * 2 ** (failures - 2))
        self._clients[client] = (failures, now + delay)
        self._clients.move_to_end(client)
        while len(self._clients) > MAX_CLIENTS:
            self._clients.popitem(last=False)
        if self.wrong >= self.max_wrong:
            self.close()
            log.warning("pairing closed after %d wrong codes; to open it again, %s",
                        self.wrong, OPEN_HINT)
            raise Denied(403, "closed", f"wrong pairing code; pairing is now closed after too "
                                        f"many wrong codes: to open it again, {OPEN_HINT}")
        raise Denied(403, "wrong", "wrong pairing code: type the code shown on the table's "
                                   "screen")
