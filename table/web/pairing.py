"""Who may watch and drive a table whose page is served on the network: pairing.

The table shows a six-digit code on its OLED.  A page that sends the right code gets a
session (a random token, kept by the browser as an HttpOnly cookie), and from then on the
session is what counts: the code may change or pairing may close and the paired pages carry
on.  Guessing is made hopeless by attempt budgets, not by the code's length, and none of the
budgets can be spent by someone else:

- **per address** (IPv4 or IPv6): :data:`SOURCE_BUDGET` wrong codes, then one more every
  :data:`SOURCE_REFILL_S`; an address that has spent its budget is answered 429 with
  Retry-After and its codes are not looked at.  The budget is the address's own and it is kept
  across openings (reopening pairing does not refill a guesser's budget); another address
  spending its budget never holds up this one -- on IPv6 not even a neighbour in the same /64
  (every client of a shop's Wi-Fi shares one);
- **per opening**: :data:`MAX_WRONG_CODES` wrong codes, all sources together; after those,
  the opening hears only *clean* sources (an IPv4 address, an IPv6 /64 network -- one machine
  may hold a whole /64 -- none of whose codes was wrong within the last
  ``SOURCE_BUDGET * SOURCE_REFILL_S``), one code each.  So an opening gives guessers at most
  ``MAX_WRONG_CODES`` chances in a million plus one per IPv4 address or IPv6 network they hold,
  while the person who walks up with the code on the screen is heard unless a guesser shares
  their network (then a new opening at the table, with a new code, hears them first).  An
  opening closes by itself after :data:`OPEN_S`; a person at the table opens a new one
  (holding button 1), with a new code;
- an unpaired client is never told whether pairing is open: a code sent while it is closed
  is answered as a wrong code is (and costs the source as much), so nobody can watch for a
  new opening;
- nothing of this reaches the table: wrong codes never change the code, never put anything on
  its screen and never take a button press.  The code is never logged.

Sessions expire :data:`SESSION_IDLE_S` after their last use and :data:`SESSION_MAX_S` after
pairing, are valid only from the source that paired (and from one source of the other address
family, the first time it is used from one: a browser on a dual-stack network reaches the
table over IPv4 and IPv6 alike), and :meth:`Pairing.unpair_all` (a long press at the table)
forgets every one of them.  One address keeps at most :data:`SESSIONS_PER_ADDRESS` sessions
(pairing again forgets its own oldest), and when :data:`MAX_SESSIONS` are kept, a new one
forgets the least used session of the source holding the most: pairing over and over from one
place never forgets the other pages.

:class:`Pairing` is pure bookkeeping (no I/O), with the clock passed in for tests.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .errors import WebError

log = logging.getLogger(__name__)

CODE_DIGITS = 6
MAX_WRONG_CODES = 10         # wrong codes per opening, all sources together
SOURCE_BUDGET = 3            # wrong codes a source may send at once ...
SOURCE_REFILL_S = 600.0      # ... and one more this often
OPEN_S = 600.0               # an opening closes by itself after this long
MAX_SESSIONS = 32            # paired pages remembered (see the module doc)
SESSIONS_PER_ADDRESS = 4     # a few browsers on one machine
SESSION_IDLE_S = 12 * 3600.0  # a session not used this long is forgotten
SESSION_MAX_S = 7 * 86400.0  # and every session after this long
MAX_SOURCES = 4096           # sources whose budget is remembered (the fullest are kept)
OPEN_HINT = "hold button 1 on the table for a second"


class Denied(WebError):
    """A request that may not see the table: ``status`` 403 or 429, ``reason`` one of
    needed / wrong / wait, ``retry_after`` seconds for a 429."""

    def __init__(self, status: int, reason: str, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.retry_after = retry_after


def address_of(client: str) -> str:
    """A client's address, an IPv4 one mapped into IPv6 as itself.

    >>> address_of("::ffff:192.0.2.7"), address_of("2001:db8::1:2%eth0")
    ('192.0.2.7', '2001:db8::1:2')
    """
    try:
        ip = ipaddress.ip_address(client.split("%")[0])
    except ValueError:
        return client
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def source_of(client: str) -> str:
    """Whose budget a client's codes spend: its IPv4 address, or its IPv6 /64 network (one
    machine may hold a whole /64).

    >>> source_of("192.0.2.7"), source_of("2001:db8::1:2"), source_of("::ffff:192.0.2.7")
    ('192.0.2.7', '2001:db8::/64', '192.0.2.7')
    """
    try:
        ip = ipaddress.ip_address(client.split("%")[0])
    except ValueError:
        return client
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class _Budget:
    tokens: float
    at: float                 # when ``tokens`` was counted


@dataclass
class _Session:
    address: str
    sources: set[str]          # the source that paired, and one of the other family
    created: float
    used: float


class Pairing:
    """The code, the sessions and the budgets; see the module doc."""

    def __init__(self, on_code: Callable[[str], None] | None = None, *, code: str | None = None,
                 max_wrong: int = MAX_WRONG_CODES, budget: int = SOURCE_BUDGET,
                 refill_s: float = SOURCE_REFILL_S, open_s: float = OPEN_S,
                 clock: Callable[[], float] = time.monotonic):
        self.on_code = on_code
        self.fixed_code = code
        self.max_wrong = max_wrong
        self.budget = budget
        self.refill_s = refill_s
        self.open_s = open_s
        self.clock = clock
        self._code: str | None = None         # None: pairing is closed
        self._opened = 0.0
        self.wrong = 0                        # wrong codes since pairing opened
        self.evaluated = 0                    # codes compared, ever (the bench's figure)
        self.by_source: dict[str, int] = {}   # codes compared per source, ever (the bench's)
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._budgets: dict[str, _Budget] = {}       # per address
        self._wrong_from: dict[str, float] = {}     # IPv6 network: its last wrong code

    @property
    def code(self) -> str | None:
        """The code pages pair with now (None: pairing is closed)."""
        if self._code is not None and self.clock() - self._opened >= self.open_s:
            self._code = None
            log.info("pairing closed: no page paired within %d minutes; to open it again, %s",
                     round(self.open_s / 60), OPEN_HINT)
        return self._code

    def open(self) -> str:
        """Open pairing with a new code (handed to ``on_code``, never logged) and a fresh
        budget for the opening; a person at the table asked for it.  The sources' own budgets
        are not refilled."""
        self._code = self.fixed_code or f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        self._opened = self.clock()
        self.wrong = 0
        log.info("pairing is open: the code is on the table's screen")
        if self.on_code is not None:
            self.on_code(self._code)
        return self._code

    def close(self) -> None:
        self._code = None

    # -- sessions --------------------------------------------------------------------------
    def paired(self, session: str | None, client: str | None = None) -> bool:
        """Is ``session`` a live session, used from the source that paired (when ``client``
        is given)?"""
        if session is None:
            return False
        found = self._sessions.get(session)
        if found is None:
            return False
        now = self.clock()
        if now - found.used >= SESSION_IDLE_S or now - found.created >= SESSION_MAX_S:
            del self._sessions[session]
            return False
        if client is None or source_of(client) in found.sources:
            return True
        family = ":" in source_of(client)
        if all((":" in s) != family for s in found.sources):
            found.sources.add(source_of(client))     # the same browser, the other family
            return True
        return False

    def unpair_all(self) -> int:
        """Forget every session (a long press at the table): every page must pair again.
        Pairing closes too.  Returns how many were forgotten."""
        n = len(self._sessions)
        self._sessions.clear()
        self.close()
        log.warning("every paired page (%d) was unpaired at the table; pairing is closed", n)
        return n

    def _new_session(self, client: str) -> str:
        token = secrets.token_urlsafe(24)
        now = self.clock()
        address = address_of(client)
        own = [t for t, s in self._sessions.items() if s.address == address]   # least used first
        for t in own[:max(0, len(own) - SESSIONS_PER_ADDRESS + 1)]:
            del self._sessions[t]
        if len(self._sessions) >= MAX_SESSIONS:
            by_source: dict[str, list[str]] = {}
            for t, s in self._sessions.items():
                by_source.setdefault(source_of(s.address), []).append(t)
            del self._sessions[max(by_source.values(), key=len)[0]]
        self._sessions[token] = _Session(address, {source_of(client)}, now, now)
        return token

    # -- budgets ---------------------------------------------------------------------------
    def _tokens(self, source: str, now: float) -> _Budget:
        b = self._budgets.get(source)
        if b is None:
            return _Budget(float(self.budget), now)
        return _Budget(min(float(self.budget), b.tokens + (now - b.at) / self.refill_s), now)

    def _spend(self, source: str, budget: _Budget) -> None:
        budget.tokens -= 1
        self._budgets[source] = budget
        if len(self._budgets) > MAX_SOURCES:      # forget the sources with most budget left
            now = self.clock()
            keep = sorted(self._budgets, key=lambda s: self._tokens(s, now).tokens)
            for s in keep[MAX_SOURCES // 2:]:
                del self._budgets[s]

    def admit(self, client: str, session: str | None, code: str | None) -> str | None:
        """Let ``client`` in, or raise :class:`Denied`.  Returns a new session token when the
        client has just paired with ``code`` (None: it was paired already)."""
        if session is not None and self.paired(session, client):
            self._sessions[session].used = self.clock()
            self._sessions.move_to_end(session)
            return None
        if code is None:
            raise Denied(403, "needed", "pairing needed: type the code shown on the table's "
                                        "screen")
        address, network = address_of(client), source_of(client)
        now = self.clock()
        budget = self._tokens(address, now)
        if budget.tokens < 1:
            wait = max(1, math.ceil((1 - budget.tokens) * self.refill_s))
            raise Denied(429, "wait", f"too many wrong codes from here: wait {wait} s before "
                                      "the next try", retry_after=wait)
        right = self.code
        clean = budget.tokens >= self.budget and (
            network == address or now - self._wrong_from.get(network, -1e18)
            >= self.budget * self.refill_s)
        if right is not None and (self.wrong < self.max_wrong or clean):
            self.evaluated += 1
            self.by_source[network] = self.by_source.get(network, 0) + 1
            if secrets.compare_digest(code.encode("utf-8", "replace"), right.encode()):
                return self._new_session(client)
            self.wrong += 1
            if self.wrong == self.max_wrong:
                log.warning("pairing: %d wrong codes; from now on only addresses that have "
                            "sent none are heard, once each; to start afresh, %s",
                            self.wrong, OPEN_HINT)
        self._spend(address, budget)          # a wrong code, or any code while closed
        if network != address:                # (an IPv6 network is unclean for a while)
            self._wrong_from[network] = now
            if len(self._wrong_from) > MAX_SOURCES:
                oldest = sorted(self._wrong_from, key=self._wrong_from.__getitem__)
                for n in oldest[:MAX_SOURCES // 2]:
                    del self._wrong_from[n]
        raise Denied(403, "wrong", "wrong pairing code, or pairing is not open: type the code "
                                   f"shown on the table's screen; if it shows none, {OPEN_HINT}")
