"""The simulator page's live channel: each page's Server-Sent Events stream, sent the page's
live state at once and again on every change the table pushes (:meth:`Streams.wake`); a
comment line every ``heartbeat_s`` between changes finds pages that went away.

Limits, so that a hostile network cannot lock the pages out: at most ``max_streams`` streams,
``max_streams_per_page`` per page (session) and as many per address (so one machine pairing
again and again holds no more); a stream whose page went away is dropped when its
socket closes, when the kernel gives up on unacknowledged heartbeats (TCP_USER_TIMEOUT,
table/web/limits.py), or when a heartbeat cannot be written within ``write_timeout_s``; a
stream ends when its page is unpaired, and every stream when the server stops
(:meth:`Streams.close`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

from aiohttp import web

from table.web.limits import (HEARTBEAT_S, MAX_STREAMS, MAX_STREAMS_PER_PAGE, WRITE_TIMEOUT_S,
                              HttpError, drop_when_unacknowledged)
from table.web.pairing import address_of


class Streams:
    """The open event streams, each its page's (the limits are attributes, so that a test can
    narrow them)."""

    def __init__(self) -> None:
        self.max_streams = MAX_STREAMS
        self.max_streams_per_page = MAX_STREAMS_PER_PAGE
        self.heartbeat_s = HEARTBEAT_S
        self.write_timeout_s = WRITE_TIMEOUT_S
        self.closing = False                  # the server is stopping: every stream ends
        self._tick = asyncio.Event()
        self._open: dict[web.StreamResponse, tuple[str, str]] = {}   # stream: (page, address)

    def count(self) -> int:
        """How many streams (pages watching the table) are open now."""
        return len(self._open)

    def wake(self) -> None:
        """Something changed: every stream looks again (and sends the state if it is new)."""
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    def close(self) -> None:
        """The server is stopping: every stream ends."""
        self.closing = True
        self.wake()

    def check(self, page: str, client: str) -> None:
        """Raise (429, 503) unless ``page``, at ``client``'s address, may open one more
        stream."""
        if self.closing:
            raise HttpError(503, "the table is stopping")
        address = address_of(client)
        if (sum(p == page for p, _ in self._open.values()) >= self.max_streams_per_page
                or sum(a == address for _, a in self._open.values()) >= self.max_streams_per_page):
            raise HttpError(429, f"this page has {self.max_streams_per_page} event streams "
                                 "open already; close a tab and try again")
        if len(self._open) >= self.max_streams:
            raise HttpError(503, f"{self.max_streams} pages are watching this table already; "
                                 "close one and try again")

    async def serve(self, request: web.Request, response: web.StreamResponse, page: str,
                    live: Callable[[], dict], paired: Callable[[], bool]) -> web.StreamResponse:
        """Stream ``live()`` to ``page`` (``response`` not prepared yet) whenever its
        ``version`` moves, until the page goes away, is no longer ``paired()``, or the server
        stops."""
        drop_when_unacknowledged(request.transport)
        await response.prepare(request)
        self._open[response] = (page, address_of(request.remote or "?"))
        try:
            await self._send(response, b"retry: 1000\n\n")
            sent = None
            while not self.closing and paired():
                tick = self._tick
                state = live()
                if state["version"] != sent:
                    sent = state["version"]
                    await self._send(response, b"event: state\ndata: "
                                     + json.dumps(state).encode() + b"\n\n")
                else:
                    await self._send(response, b": still here\n\n")
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(tick.wait(), self.heartbeat_s)
        except (ConnectionError, TimeoutError):
            if request.transport is not None:   # gone, or not reading: let it go
                request.transport.abort()
        finally:
            self._open.pop(response, None)
        return response

    async def _send(self, response: web.StreamResponse, data: bytes) -> None:
        async with asyncio.timeout(self.write_timeout_s):
            await response.write(data)
