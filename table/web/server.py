"""The simulator's web server: one page, its state as JSON, a live channel and the inputs.

Standard library only, on the daemon's asyncio loop::

    server = serve(devices, host="127.0.0.1", port=8421, on_pairing_code=show_on_oled)
    await server.start()          # server.url is then e.g. http://127.0.0.1:8421/
    ...
    await server.stop()

Endpoints:
    GET  /                 the page (with /app.js and /style.css)
    GET  /state            the whole state (see :class:`table.web.view.TableView`)
    GET  /events           Server-Sent Events: an ``event: state`` with the live state at once
                           and on every change (the devices are read every ``poll_s`` while a
                           page listens); a comment line every 15 s keeps the stream open
    POST /press            {"name": "1".."6" | "ok" | "back", "long": false}
    POST /tap              {"card": "<card id>"}: the card's sim tag goes on the reader
    POST /remove           the card on the reader is taken off

Who may connect.  Bound to a loopback address (the default) it answers only requests whose
Host is the loopback (so a web page elsewhere cannot reach it by DNS rebinding).  Bound to
any other address it needs a pairing code: six digits, made at start and handed to
``on_pairing_code(code)`` (the daemon shows it on the OLED); the page sends it as the cookie
``worms_pair`` or the header ``X-Pairing-Code``.  A wrong code gets 403; after
:data:`MAX_WRONG_CODES` wrong codes a new one is made and handed over again.

POSTs take a JSON body with Content-Type application/json (so no other site's form can post
to the table).  Bad input gets a 4xx with ``{"error": "..."}`` naming what is wrong; nothing
ever answers with a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
from collections.abc import Callable
from importlib import resources
from urllib.parse import urlsplit

from table.web.view import InputError, TableView

log = logging.getLogger(__name__)

DEFAULT_PORT = 8421
MAX_HEADER_BYTES = 16 * 1024
MAX_BODY_BYTES = 4096
READ_TIMEOUT_S = 10.0
HEARTBEAT_S = 15.0
MAX_WRONG_CODES = 10
COOKIE = "worms_pair"
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/style.css": ("style.css", "text/css; charset=utf-8")}
REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large",
           415: "Unsupported Media Type", 431: "Request Header Fields Too Large",
           500: "Internal Server Error"}


class HttpError(Exception):
    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status = status
        self.extra = extra


class Request:
    def __init__(self, method: str, path: str, headers: dict[str, str], body: bytes):
        self.method, self.path, self.headers, self.body = method, path, headers, body

    def cookie(self, name: str) -> str | None:
        for part in self.headers.get("cookie", "").split(";"):
            key, _, value = part.strip().partition("=")
            if key == name:
                return value
        return None

    def json(self) -> dict:
        ctype = self.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            raise HttpError(415, "send the body as JSON with Content-Type: application/json")
        if not self.body.strip():
            return {}
        try:
            data = json.loads(self.body)
        except (ValueError, UnicodeDecodeError) as err:
            raise HttpError(400, f"the body is not valid JSON ({err})") from None
        if not isinstance(data, dict):
            raise HttpError(400, "the body must be a JSON object, like {\"name\": \"ok\"}")
        return data


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _page(name: str) -> bytes:
    return resources.files("table.web").joinpath("static", name).read_bytes()


class WebServer:
    """The simulator page and its API over ``devices``; see the module's docstring."""

    def __init__(self, devices, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
                 on_pairing_code: Callable[[str], None] | None = None,
                 pairing_code: str | None = None, lang: str = "en", cards: dict | None = None,
                 poll_s: float = 0.05):
        self.view = TableView(devices, lang=lang, cards=cards)
        self.view.on_change = self._wake
        self.host = host
        self.port = port
        self.poll_s = poll_s
        self.on_pairing_code = on_pairing_code
        self.local = is_loopback(host)
        self.pairing_code: str | None = None if self.local else (pairing_code or self._new_code())
        self._fixed_code = pairing_code
        self._wrong_codes = 0
        self._server: asyncio.base_events.Server | None = None
        self._poller: asyncio.Task | None = None
        self._tick = asyncio.Event()
        self._streams: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task] = set()
        self._closing = False
        self._static = {path: (_page(name), ctype) for path, (name, ctype) in STATIC.items()}

    # -- the daemon's side ----------------------------------------------------------------
    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def lang(self) -> str:
        return self.view.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.view.lang = value
        self.changed()

    def changed(self) -> None:
        """Tell the page now that something changed (otherwise it sees it within poll_s)."""
        self.view.refresh()

    def _wake(self) -> None:
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    async def start(self) -> "WebServer":
        """Listen; raises OSError (e.g. the port is taken) with its own message."""
        self._server = await asyncio.start_server(self._connection, self.host, self.port,
                                                  limit=MAX_HEADER_BYTES)
        self.port = self._server.sockets[0].getsockname()[1]
        self._poller = asyncio.create_task(self._poll())
        if self.pairing_code is not None:
            self._announce_code()
        log.info("simulator page on %s", self.url)
        return self

    async def stop(self) -> None:
        """Stop listening and close every open connection; safe to call twice."""
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        if self._server is not None:
            self._server.close()
            self._closing = True
            self._wake()               # the event streams see _closing and end
            await asyncio.sleep(0)
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            await self._server.wait_closed()
            self._server = None
            self._closing = False

    async def __aenter__(self) -> "WebServer":
        return await self.start()

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    # -- pairing --------------------------------------------------------------------------
    @staticmethod
    def _new_code() -> str:
        return f"{secrets.randbelow(10**6):06d}"

    def _announce_code(self) -> None:
        log.warning("simulator page on %s: pairing code %s", self.url, self.pairing_code)
        if self.on_pairing_code is not None:
            self.on_pairing_code(self.pairing_code)

    def _check_access(self, request: Request) -> None:
        if self.pairing_code is None:
            host = urlsplit("//" + request.headers.get("host", "")).hostname or ""
            if not is_loopback(host):
                raise HttpError(403, f"this table answers only on its own machine "
                                     f"(127.0.0.1), not at {host or 'no Host'}")
            return
        code = request.headers.get("x-pairing-code") or request.cookie(COOKIE)
        if code is None:
            raise HttpError(403, "pairing needed: type the code shown on the table's screen",
                            pairing=True)
        if not secrets.compare_digest(code.encode(), self.pairing_code.encode()):
            self._wrong_codes += 1
            if self._wrong_codes >= MAX_WRONG_CODES and self._fixed_code is None:
                self._wrong_codes = 0
                self.pairing_code = self._new_code()
                self._announce_code()
                raise HttpError(403, "too many wrong pairing codes: the table's screen shows "
                                     "a new one", pairing=True)
            raise HttpError(403, "wrong pairing code: type the code shown on the table's "
                                 "screen", pairing=True)

    # -- HTTP -----------------------------------------------------------------------------
    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            try:
                request = await asyncio.wait_for(self._read(reader), READ_TIMEOUT_S)
                if request is None:
                    return
                if request.method == "GET" and request.path == "/events":
                    self._check_access(request)
                    await self._events(writer)
                    return
                status, body, ctype = self._route(request)
            except HttpError as err:
                status, ctype = err.status, "application/json"
                body = json.dumps({"error": str(err), **err.extra}).encode()
            except (asyncio.TimeoutError, ConnectionError, asyncio.IncompleteReadError):
                raise        # the client went away or stalled: nobody to answer
            except Exception:
                log.exception("simulator page: request failed")
                status, ctype = 500, "application/json"
                body = json.dumps({"error": "the table failed to handle this request; "
                                            "see the daemon's log"}).encode()
            await self._respond(writer, status, body, ctype)
        except (asyncio.TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass     # the server is stopping: end this connection quietly
        finally:
            self._tasks.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _read(self, reader: asyncio.StreamReader) -> Request | None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as err:
            if not err.partial:
                return None          # the client closed without asking anything
            raise HttpError(400, "the request ended before its headers did") from None
        except asyncio.LimitOverrunError:
            raise HttpError(431, "the request's headers are too long") from None
        try:
            lines = head.decode("latin-1").split("\r\n")
            method, target, _version = lines[0].split(" ")
        except ValueError:
            raise HttpError(400, "not an HTTP request line") from None
        headers = {}
        for line in lines[1:]:
            if line:
                key, sep, value = line.partition(":")
                if not sep:
                    raise HttpError(400, f"a header line without a colon: {line[:40]!r}")
                headers[key.strip().lower()] = value.strip()
        try:
            length = int(headers.get("content-length", "0"))
        except ValueError:
            raise HttpError(400, "Content-Length is not a number") from None
        if length < 0 or length > MAX_BODY_BYTES:
            raise HttpError(413, f"the body may be at most {MAX_BODY_BYTES} bytes")
        body = await reader.readexactly(length) if length else b""
        return Request(method.upper(), urlsplit(target).path, headers, body)

    async def _respond(self, writer, status: int, body: bytes, ctype: str) -> None:
        head = (f"HTTP/1.1 {status} {REASONS.get(status, '')}\r\n"
                f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
                "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                "Connection: close\r\n\r\n")
        writer.write(head.encode("latin-1") + body)
        await writer.drain()

    def _route(self, request: Request) -> tuple[int, bytes, str]:
        path, method = request.path, request.method
        if path in self._static:
            if method != "GET":
                raise HttpError(405, f"{path} is only for GET")
            return (200, *self._static[path])
        posts = {"/press": self._press, "/tap": self._tap, "/remove": self._remove}
        if path == "/state":
            if method != "GET":
                raise HttpError(405, "/state is only for GET")
            self._check_access(request)
            return 200, json.dumps(self.view.state()).encode(), "application/json"
        if path in posts:
            if method != "POST":
                raise HttpError(405, f"{path} is only for POST")
            self._check_access(request)
            data = request.json()
            try:
                result = posts[path](data)
            except InputError as err:
                raise HttpError(err.status, str(err)) from None
            self.changed()
            return 200, json.dumps({"ok": True, **result}).encode(), "application/json"
        raise HttpError(404, f"nothing at {path}; the page is at /")

    @staticmethod
    def _only(data: dict, allowed: set[str]) -> None:
        extra = sorted(set(data) - allowed)
        if extra:
            raise InputError(f"unknown field(s) {', '.join(extra)}; send only "
                             f"{', '.join(sorted(allowed)) or 'an empty object'}")

    def _press(self, data: dict) -> dict:
        self._only(data, {"name", "long"})
        if "name" not in data:
            raise InputError("say which button: {\"name\": \"ok\"}")
        self.view.press(data["name"], data.get("long", False))
        return {}

    def _tap(self, data: dict) -> dict:
        self._only(data, {"card"})
        if "card" not in data:
            raise InputError("say which card: {\"card\": \"bazooka\"}")
        return {"uid": self.view.tap(data["card"])}

    def _remove(self, data: dict) -> dict:
        self._only(data, set())
        self.view.remove()
        return {}

    # -- the live channel -----------------------------------------------------------------
    async def _events(self, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                     b"Cache-Control: no-store\r\nConnection: close\r\n\r\nretry: 1000\n\n")
        self._streams.add(writer)
        try:
            sent = None
            while not self._closing:
                tick = self._tick
                live = self.view.live()
                if live["version"] != sent:
                    sent = live["version"]
                    writer.write(b"event: state\ndata: " + json.dumps(live).encode() + b"\n\n")
                else:
                    writer.write(b": still here\n\n")
                await writer.drain()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(tick.wait(), HEARTBEAT_S)
        finally:
            self._streams.discard(writer)

    async def _poll(self) -> None:
        """While a page listens, read the devices every poll_s and wake the streams."""
        while True:
            await asyncio.sleep(self.poll_s)
            if self._streams:
                self.view.refresh()

