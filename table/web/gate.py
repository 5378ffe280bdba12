"""Who holds one of the page's connections, and who gives one up: the server's slots.

Every connection holds a file descriptor until the kernel is done with it, closing ones
included: a connection the server has let go of whose peer never reads what was sent stays
"closing" with its descriptor for as long as the peer likes.  So everything here counts every
connection aiohttp still has (``http.connections``), closing or not, and ends the closing ones
first:

- at most ``max_connections`` in all and ``max_per_client`` from one address; a newcomer over
  the address's share is answered 503 (after that address's closing connections are ended);
- when every slot is taken a newcomer takes the place of, in this order: a closing
  connection; a stranger's (from an address no page has paired from; the oldest of the address
  holding the most); one a paired page (a session, from however many addresses) holds beyond
  a browser's few (``trusted_per_page``);
  a connection from a paired address that has not sent its request yet.  Never one of the few
  connections a paired page has used: strangers, from however many addresses, cannot hold the
  slots against a paired page, nor can a few paired addresses hold them all;
- a connection must send a request within ``idle_s`` of opening; one whose answer waits to be
  sent and did not move over three sweeps (``sweep_s`` apart) is ended (:meth:`Gate.sweep`):
  its peer is not reading;
- :meth:`Gate.end_trusted` ends every connection pages have used (every page was unpaired).

The gate is bookkeeping over aiohttp's server; the server (table/web/server.py) calls it.
"""

from __future__ import annotations

import asyncio
import logging

from table.web.limits import BUSY_REPLY, IDLE_S, MAX_PER_CLIENT, TRUSTED_PER_PAGE, peer

log = logging.getLogger("table.web.server")


class Gate:
    """The connections' slots of one server (limits are attributes: a test narrows them)."""

    def __init__(self, max_connections: int, max_per_client: int = MAX_PER_CLIENT,
                 idle_s: float = IDLE_S):
        self.max_connections = max_connections
        self.max_per_client = max_per_client
        self.trusted_per_page = TRUSTED_PER_PAGE
        self.idle_s = idle_s
        self.sweep_s = idle_s             # how often stalled answers are looked at
        self.admitted = 0                 # connections handed to aiohttp
        self.refused = 0                  # connections turned away over a limit
        self.evicted = 0                  # connections ended to make room for newcomers
        self._transports: dict = {}       # handler: its transport (aiohttp forgets it on close)
        self._trusted: dict = {}          # connections a page has used: the page (its session)
        self._asked: set = set()          # connections that have sent a request
        self._paired_from: set[str] = set()   # addresses a page has used since the start
        self._waiting: dict = {}          # what waited to be sent at the last sweep
        self._quiet_until = 0.0

    # -- the server's side ----------------------------------------------------------------
    def admit(self, http, transport) -> bool:
        """A new connection: hand it to aiohttp (True) or answer 503 and close it."""
        client = peer(transport)
        held = self._held(http)
        if sum(peer(self._transports[h]) == client for h in held) >= self.max_per_client:
            for h in [h for h in held if self._closing(h) and peer(self._transports[h]) == client]:
                self._end(h, held)
        if len(held) >= self.max_connections:
            victim = self._victim(held)
            if victim is not None:
                self.evicted += 1
                self._end(victim, held)
        if (len(held) >= self.max_connections
                or sum(peer(self._transports[h]) == client for h in held) >= self.max_per_client):
            self._refuse(transport, client)
            return False
        handler = http()
        transport.set_protocol(handler)
        handler.connection_made(transport)
        self._transports[handler] = transport
        self.admitted += 1
        asyncio.get_running_loop().call_later(self.idle_s, self._must_have_asked, handler)
        return True

    def asked(self, handler) -> None:
        """The connection sent a request."""
        self._asked.add(handler)

    def trust(self, handler, page: str) -> None:
        """A page (its session; on the loopback, its address) used the connection."""
        self._trusted[handler] = page
        transport = self._transports.get(handler)
        if transport is not None and (client := peer(transport)) is not None:
            self._paired_from.add(client)

    def end_trusted(self, http) -> None:
        """Every page was unpaired: the connections they used end, and their addresses are
        strangers again."""
        for h in list(self._trusted):
            self._end(h)
        self._paired_from.clear()

    def count(self, http) -> int:
        """Connections that hold a descriptor now, closing ones included."""
        return len(self._held(http)) if http is not None else 0

    def sweep(self, http) -> None:
        """End connections whose answer waits to be sent and has not moved over three sweeps
        (a peer that never reads keeps them so for ever)."""
        held = self._held(http)
        waiting: dict = {}                # handler: (bytes waiting, sweeps without progress)
        for h in held:
            size = self._transports[h].get_write_buffer_size()
            before, strikes = self._waiting.get(h, (size + 1, 0))
            if size and size >= before and strikes >= 1:
                self._end(h)              # a third sweep, nothing sent since the first: not read
            elif size:
                waiting[h] = (size, strikes + 1 if size >= before else 0)
        self._waiting = waiting

    # -- inside ----------------------------------------------------------------------------
    def _held(self, http) -> list:
        """The connections that hold a descriptor (oldest first): aiohttp's, less those whose
        socket is closed (aiohttp may keep a handler a while after); the bookkeeping of the
        others is dropped."""
        held = [h for h in http.connections if h in self._transports
                and (not self._transports[h].is_closing()
                     or self._transports[h].get_write_buffer_size() > 0)]
        alive = set(held)
        self._asked.intersection_update(alive)
        for h in [h for h in self._trusted if h not in alive]:
            del self._trusted[h]
        for h in [h for h in self._transports if h not in alive]:
            del self._transports[h]
        return held

    def _closing(self, handler) -> bool:
        """Let go of by the server (or its peer), with what was sent still waiting."""
        return self._transports[handler].is_closing()

    def _victim(self, held: list):
        """The connection a newcomer replaces when every slot is taken (None: none may go)."""
        closing = [h for h in held if self._closing(h)]
        if closing:
            return closing[0]
        strangers: dict[str | None, list] = {}
        extra: list = []
        waiting: list = []
        per_page: dict[str, int] = {}
        for h in held:                    # oldest first
            client = peer(self._transports[h])
            if h in self._trusted:
                page = self._trusted[h]
                per_page[page] = per_page.get(page, 0) + 1
                if per_page[page] > self.trusted_per_page:
                    extra.append(h)
            elif client not in self._paired_from:
                strangers.setdefault(client, []).append(h)
            elif h not in self._asked:
                waiting.append(h)
        if strangers:
            return max(strangers.values(), key=len)[0]
        return (extra or waiting or [None])[0]

    def _end(self, handler, held: list | None = None) -> None:
        transport = self._transports.get(handler)
        if transport is not None:
            transport.abort()
        if held is not None and handler in held:
            held.remove(handler)

    def _must_have_asked(self, handler) -> None:
        """A connection that sent no whole request within idle_s is closed."""
        if handler not in self._asked and handler.transport is not None:
            handler.transport.close()

    def _refuse(self, transport, client: str | None) -> None:
        self.refused += 1
        now = asyncio.get_running_loop().time()
        if now >= self._quiet_until:      # one line a minute at most, whatever comes
            self._quiet_until = now + 60.0
            log.warning("simulator page: too many connections (the last from %s); turning new "
                        "ones away (%d so far, %d let in; %d closed to make room for newcomers)",
                        client or "an unknown address", self.refused, self.admitted,
                        self.evicted)
        transport.write(BUSY_REPLY)
        transport.close()
