"""What the page's server refuses, and how: its limits, the JSON body reader, a quiet log.

Every limit here is one a hostile network would otherwise use: to hold the page's sockets
(connections, idle time, event streams), to make it work (body size, nesting depth), or to
fill the daemon's log (a malformed request is one debug line, never a traceback).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import socket
import sys
import time
from collections.abc import Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from .errors import WebError

MAX_BODY_BYTES = 4096
MAX_JSON_DEPTH = 8
MAX_CONNECTIONS = 64          # at most (see connection_limits)
MAX_PER_CLIENT = 16           # a browser opens at most 6 to one host
TRUSTED_PER_PAGE = 6          # a paired page's connections kept for it (gate.py)
MAX_STREAMS = 16
MAX_STREAMS_PER_PAGE = 4      # a page keeps one; a few tabs of one browser
UNPAIR_HOLD_S = 30.0          # holding 1 again this soon after a hold: every page is unpaired
BACKLOG = 100                 # connections waiting to be accepted, at most
FILES_KEPT = 64               # files the daemon keeps for itself (journal, devices, log, ...)
IDLE_S = 5.0                  # to send a request, and between requests
HEARTBEAT_S = 2.5             # a stream's heartbeat: with TCP_USER_TIMEOUT, a page gone off
WRITE_TIMEOUT_S = 10.0        # the network without closing frees its stream within ~8 s
TCP_USER_TIMEOUT_MS = 5_000   # unacknowledged data this old: the peer is gone (Linux)
BUSY = json.dumps({"error": "too many connections to the table; try again in a moment"}).encode()
BUSY_REPLY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
              b"Content-Length: %d\r\nRetry-After: 5\r\nConnection: close\r\n\r\n%s"
              % (len(BUSY), BUSY))


class HttpError(WebError):
    """Answer ``status`` with ``{"error": message, **extra}``."""

    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status = status
        self.extra = extra


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def peer(transport) -> str | None:
    """The client's address of a connection (None when it is gone)."""
    name = transport.get_extra_info("peername") if transport is not None else None
    return name[0] if isinstance(name, tuple) else None


def connection_limits() -> tuple[int, int]:
    """(open connections, listen backlog) that fit under the process's file limit.

    asyncio accepts up to a backlog of sockets at one go before any is closed, so the two
    together, beside the daemon's own files, must stay under the limit: past it, accept()
    fails and asyncio logs a traceback for every try.
    """
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        soft = -1
    if soft < 0:                       # unlimited (or unknown)
        return MAX_CONNECTIONS, BACKLOG
    room = max(8, soft - FILES_KEPT)
    connections = max(4, min(MAX_CONNECTIONS, room // 2))
    return connections, max(4, min(BACKLOG, room - connections))


def quiet_accept_errors(loop, log) -> Callable[[], None]:
    """When the process runs out of file descriptors, asyncio's accept() fails, asyncio pauses
    accepting for a second and tries again (the caps keep the page answering), and logs a
    traceback each time: say it as one warning a minute instead.  Returns the undo."""
    previous = loop.get_exception_handler()
    said = [-1e9]

    def handler(loop, context):
        exc = context.get("exception")
        if (isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS,
                                                       errno.ENOMEM)
                and "accept" in str(context.get("message", ""))):
            now = time.monotonic()
            if now - said[0] >= 60:
                said[0] = now
                log.warning("simulator page: out of file descriptors (%s); new connections "
                            "wait a moment", exc.strerror)
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
    return lambda: loop.set_exception_handler(previous)


def json_depth(body: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped).

    >>> json_depth(b'{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for b in body:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:
                escaped = True
            elif b == 0x22:
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif b in (0x5D, 0x7D):
            depth -= 1
    return deepest


async def read_json(request: web.Request, timeout_s: float) -> dict:
    """The request's body as a JSON object, or an HttpError naming what is wrong with it."""
    if request.content_type != "application/json":
        raise HttpError(415, "send the body as JSON with Content-Type: application/json")
    too_long = HttpError(413, f"the body may be at most {MAX_BODY_BYTES} bytes")
    if (request.content_length or 0) > MAX_BODY_BYTES:
        raise too_long
    try:
        async with asyncio.timeout(timeout_s):
            body = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise too_long from None
    except TimeoutError:
        raise HttpError(408, "the body came too slowly") from None
    if not body.strip():
        return {}
    depth = json_depth(body)
    if depth > MAX_JSON_DEPTH:
        raise HttpError(400, f"the body nests {depth} deep; at most {MAX_JSON_DEPTH}")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError) as err:
        raise HttpError(400, f"the body is not valid JSON ({err})") from None
    if not isinstance(data, dict):
        raise HttpError(400, "the body must be a JSON object, like {\"name\": \"ok\"}")
    return data


def drop_when_unacknowledged(transport) -> None:
    """Let the kernel end a connection whose peer stopped acknowledging what is sent (a page
    that went off the network without closing its socket)."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    option = getattr(socket, "TCP_USER_TIMEOUT", None)
    if sock is None or option is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.IPPROTO_TCP, option, TCP_USER_TIMEOUT_MS)


class ServerLog(logging.LoggerAdapter):
    """aiohttp's server log: a malformed request is one debug line, not a traceback."""

    def exception(self, msg, *args, exc_info=True, **kwargs):
        if not self._malformed(exc_info):
            self.logger.error(msg, *args, exc_info=exc_info, **kwargs)

    def debug(self, msg, *args, exc_info=None, **kwargs):
        if not self._malformed(exc_info):
            self.logger.debug(msg, *args, exc_info=exc_info, **kwargs)

    def _malformed(self, exc_info) -> bool:
        err = exc_info if isinstance(exc_info, BaseException) else \
            sys.exc_info()[1] if exc_info else None
        if isinstance(err, (HttpProcessingError, ConnectionError)):
            self.logger.debug("simulator page: a malformed request (%s)",
                              str(getattr(err, "message", err)).split("\n")[0].rstrip(":"))
            return True
        return False
