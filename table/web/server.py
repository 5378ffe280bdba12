"""The simulator's web server: one page, its state as JSON, a live channel and the inputs.

Served by aiohttp on the daemon's asyncio loop::

    server = serve(devices, host="127.0.0.1", port=8421, on_pairing_code=show_on_oled)
    await server.start()          # server.url is then e.g. http://127.0.0.1:8421/
    ...
    await server.stop()

Endpoints:
    GET  /                 the page (with /strings.js: its words from the catalogs, table/web/pagewords.py;
                           /app.js, /card-form.js and /style.css)
    GET  /state            the whole state (see :class:`table.web.view.TableView`)
    GET  /events           Server-Sent Events: an ``event: state`` with the live state at once
                           and on every change (each snapshot the table pushes through
                           :meth:`WebServer.show`; nothing is polled): table/web/streams.py
    POST /press            {"name": "1".."6" | "ok" | "back", "long": false}
    POST /tap              {"card": "<card id>"}: the card's sim tag goes on the reader
    POST /remove           the card on the reader is taken off
    POST /cards/check      {"card": {...}}: a card checked as the card files are (live checking)
    POST /cards/new        {"card": {...}}: written into the owner's card folder if it is good
                           (table/web/cardform.py); beside a daemon, known at once, and it
                           finishes a card the box is being taught (``on_card``)
    POST /cards/rename     {"id": "card_3", "names": {...}}: an owner's card renamed

Who may connect.  Bound to a loopback address (the default) it answers only requests whose
Host is the loopback (so a web page elsewhere cannot reach it by DNS rebinding).  Bound to
any other address (or with ``pairing=True``) it needs pairing (table/web/pairing.py): the
page sends the code shown on the table's screen once, as the header ``X-Pairing-Code``, and
gets a session cookie; unpaired, it sees nothing of the game and can send nothing to it.

Limits, so that a hostile network cannot lock the page out or fill the log: the connections'
slots (``server.gate``: table/web/gate.py) count every connection that holds a descriptor,
closing ones included, per address and in all, and say whose connection a newcomer replaces
when every slot is taken (never one of the few a paired page uses); a connection must send
each request whole within ``gate.idle_s`` (a minimum data rate: slowloris gets a connection
for seconds) and is closed when idle that long; the event streams have limits of their own
(``server.events``: table/web/streams.py).  The card form works in a
worker thread (table/web/cardform.py), never on the loop.

POSTs take a JSON body (at most 4 KiB, nested at most 8 deep: table/web/limits.py) with
Content-Type application/json (so no other site's form can post to the table). Bad input,
malformed HTTP included, gets a 4xx naming what is wrong (``{"error": "..."}`` from the routes)
and never a traceback, in the answer or in the log.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
from collections.abc import Callable, Coroutine
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from table.ui.pagelink import CardSink
from table.web import pagewords
from table.web.cardform import CardForm
from table.web.gate import Gate
from table.web.limits import (MAX_BODY_BYTES, UNPAIR_HOLD_S, HttpError, ServerLog,
                              connection_limits, is_loopback, quiet_accept_errors, read_json)
from table.web.pairing import CODE_DIGITS, Denied, Pairing, source_of
from table.web.streams import Streams
from table.web.errors import InputError
from table.web.inputs import PageInputs
from table.web.view import TableView

log = logging.getLogger(__name__)

DEFAULT_PORT = 8421
SESSION = "worms_session"
POSTS = ("/press", "/tap", "/remove", "/cards/check", "/cards/new", "/cards/rename")
STATIC = {"/": ("index.html", "text/html"),
          "/app.js": ("app.js", "text/javascript"),
          "/card-form.js": ("card-form.js", "text/javascript"),
          "/style.css": ("style.css", "text/css")}


def _page(name: str) -> bytes:
    return resources.files("table.web").joinpath("static", name).read_bytes()


def _reply(status: int, data: dict) -> web.Response:
    return web.Response(status=status, text=json.dumps(data), content_type="application/json")


class _Gate(asyncio.Protocol):
    """The first protocol of every connection: hands it to aiohttp or turns it away."""

    def __init__(self, server: "WebServer"):
        self.server = server

    def connection_made(self, transport) -> None:
        self.server._admit(transport)


class WebServer:
    """The simulator page and its API over ``devices``; see the module's docstring."""

    def __init__(self, devices, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
                 on_pairing_code: Callable[[str], None] | None = None,
                 pairing_code: str | None = None, pairing: bool | None = None,
                 lang: str = "en"):
        self.host = host
        self.port = port
        self.local = is_loopback(host)
        needed = not self.local if pairing is None else pairing
        self._on_code = on_pairing_code
        self._codes: collections.deque[str] = collections.deque(maxlen=4)  # the last shown
        self.pairing = Pairing(self._code_shown, code=pairing_code) if needed else None
        # a page that had to pair sees no hand (and no card taught in private)
        self.view = TableView(lang=lang, hand=self.pairing is None)
        self.inputs = PageInputs(devices, self.view.tappable)   # (inputs.py)
        self.events = Streams()                 # the pages' event streams (streams.py)
        self.view.on_change = self.events.wake
        # the limits (attributes, so that a test can narrow them): gate.py
        max_connections, self.backlog = connection_limits()
        self.gate = Gate(max_connections)
        self._held_at = -1e9                    # when 1 was last held at the table
        self.cardform = CardForm()              # (off the loop, the library cached)
        self.on_card: CardSink | None = None    # the daemon's teacher (pagelink.CardSink)
        self._quiet_until = 0.0
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.base_events.Server | None = None
        self._sweeping: asyncio.TimerHandle | None = None
        self._closing = False
        self._static = {path: (_page(name), ctype) for path, (name, ctype) in STATIC.items()}
        self._static["/strings.js"] = (pagewords.script(), "text/javascript")
        # a page has asked for the table's state since the server started; the table leaves
        # the page's view of the game out of its snapshots until then (on_watch: draw anew)
        self.watched = False
        self.on_watch: Callable[[], None] | None = None

    # -- the daemon's side ----------------------------------------------------------------
    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def lang(self) -> str:
        """The page's language: the table's, as its last snapshot says."""
        return self.view.lang

    @property
    def pairing_code(self) -> str | None:
        """The code pages pair with (None: pairing is closed, or not needed)."""
        return self.pairing.code if self.pairing is not None else None

    def open_pairing(self) -> None:
        """Someone at the table asked to pair a page (held 1): a new code, handed to
        ``on_pairing_code``; pages paired before stay paired -- unless 1 is held again within
        UNPAIR_HOLD_S, which unpairs every page first (their streams end at once)."""
        if self.pairing is None:
            return
        now = asyncio.get_running_loop().time()
        if now - self._held_at < UNPAIR_HOLD_S:
            self.pairing.unpair_all()
            self.events.wake()                # the streams see they are no longer paired
            self.gate.end_trusted(self.http())   # and every connection a page used ends
        self._held_at = now
        self.pairing.open()

    def _watch(self) -> None:
        """A page asks for the state: from now on the table's snapshots hold the page's view
        of the game (``watched``); the first time, the table draws anew (``on_watch``) so the
        answer has it."""
        if not self.watched:
            self.watched = True
            if self.on_watch is not None:
                self.on_watch()

    def show(self, snapshot) -> None:
        """The table changed: push ``snapshot`` (a :class:`table.ui.snapshot.TableSnapshot`)
        to every page watching -- but never a pairing code: while the OLED shows one, the
        pages see dots in its place (the code is for the person at the table)."""
        if any(code in line for line in snapshot.oled for code in self._codes):
            from table.ui import screens
            dots = screens.message("worms-table", "\u2022" * CODE_DIGITS)
            snapshot = snapshot.next(version=snapshot.version, oled=tuple(dots.texts),
                                     screen=dots.image.convert("1"))
        self.view.show(snapshot)

    def _code_shown(self, code: str) -> None:
        self._codes.append(code)
        if self._on_code is not None:
            self._on_code(code)

    async def start(self) -> "WebServer":
        """Listen; raises OSError (e.g. the port is taken) with its own message."""
        app = web.Application(client_max_size=MAX_BODY_BYTES)
        app.router.add_route("*", "/{path:.*}", self._dispatch)
        app.on_response_prepare.append(self._headers)
        runner = web.AppRunner(app, access_log=None, keepalive_timeout=self.gate.idle_s,
                               logger=ServerLog(logging.getLogger("aiohttp.server"), {}),
                               handler_cancellation=True, shutdown_timeout=1.0,
                               lingering_time=1.0)
        await runner.setup()
        try:
            loop = asyncio.get_running_loop()
            self._listener = await loop.create_server(lambda: _Gate(self), self.host, self.port,
                                                      backlog=self.backlog)
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self._sweeping = loop.call_later(self.gate.sweep_s, self._sweep)
        self._unquiet = quiet_accept_errors(loop, log)
        self.port = self._listener.sockets[0].getsockname()[1]
        if self.pairing is not None:
            self.pairing.open()
        log.info("simulator page on %s%s", self.url,
                 " (pages pair with the code on the table's screen)" if self.pairing else "")
        return self

    async def stop(self) -> None:
        """Stop listening and close every open connection; safe to call twice."""
        if self._listener is not None:
            self._listener.close()
            self._closing = True
            if self._sweeping is not None:
                self._sweeping.cancel()
            self.events.close()        # the event streams end
            await asyncio.sleep(0)
            if self._runner is not None:
                await self._runner.cleanup()
            await self._listener.wait_closed()
            self._listener = self._runner = None
            self._closing = self.events.closing = False
            self._unquiet()

    async def __aenter__(self) -> "WebServer":
        return await self.start()

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    # -- connections ----------------------------------------------------------------------
    def connections(self) -> int:
        """How many connections hold a descriptor now (closing ones included)."""
        return self.gate.count(self.http())

    def http(self) -> web.Server | None:
        """aiohttp's low-level server, while this one listens."""
        return self._runner.server if self._runner is not None else None

    def sockets(self) -> tuple:
        """The listening sockets (while listening)."""
        return tuple(self._listener.sockets) if self._listener is not None else ()

    def streams(self) -> int:
        """How many event streams (pages watching the table) are open now."""
        return self.events.count()

    def _admit(self, transport) -> None:
        http = self.http()
        if http is None or self._closing:
            transport.abort()                 # stopping: as if nobody listened
            return
        self.gate.admit(http, transport)

    def _sweep(self) -> None:
        """Every sweep_s while listening: connections closing for long are ended (gate.py)."""
        if self._runner is not None:
            self.gate.sweep(self.http())
            self._sweeping = asyncio.get_running_loop().call_later(self.gate.sweep_s, self._sweep)

    @staticmethod
    async def _headers(request, response) -> None:
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"

    # -- HTTP -----------------------------------------------------------------------------
    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        self.gate.asked(request.protocol)
        try:
            return await self._route(request)
        except HttpError as err:
            response = _reply(err.status, {"error": str(err), **err.extra})
        except Denied as err:
            response = _reply(err.status, {"error": str(err), "pairing": True,
                                           "reason": err.reason})
            if err.retry_after is not None:
                response.headers["Retry-After"] = str(err.retry_after)
        except (asyncio.CancelledError, ConnectionError):
            raise        # the page went away: nobody to answer
        except Exception:
            log.exception("simulator page: request failed")
            response = _reply(500, {"error": "the table failed to handle this request; "
                                             "see the daemon's log"})
        if request.method == "POST":
            response.force_close()     # an unread body is not waited for
        return response

    async def _route(self, request: web.Request) -> web.StreamResponse:
        path, method = request.path, request.method
        if path in self._static:
            if method != "GET":
                raise HttpError(405, f"{path} is only for GET")
            body, ctype = self._static[path]
            return web.Response(body=body, content_type=ctype, charset="utf-8")
        if path in ("/state", "/events"):
            if method != "GET":
                raise HttpError(405, f"{path} is only for GET")
            session = self._access(request)
            self.gate.trust(request.protocol, self._page(request, session))   # kept (gate.py)
            self._watch()
            if path == "/events":
                return await self._events(request, session)
            return self._paired(_reply(200, self.view.state()), session)
        if path in POSTS:
            if method != "POST":
                raise HttpError(405, f"{path} is only for POST")
            session = self._access(request)
            self.gate.trust(request.protocol, self._page(request, session))
            data = await read_json(request, self.gate.idle_s)
            posts = self._posts(self._page(request, session),
                                source_of(request.remote or "?") if self.pairing else None)
            try:
                result = posts[path](data)
                if asyncio.iscoroutine(result):   # the card form: off the loop
                    result = await result
            except InputError as err:
                raise HttpError(err.status, str(err)) from None
            return self._paired(_reply(200, {"ok": True, **result}), session)
        raise HttpError(404, f"nothing at {path}; the page is at /")

    def _posts(self, page: str, source: str | None
               ) -> dict[str, Callable[[dict], dict | Coroutine[Any, Any, dict]]]:
        """What each POST does, for ``page`` (its session) at ``source`` (a paired page's
        address, or its IPv6 /64; None on the loopback): a tag it tapped is its own to finish
        on its card form; cards taught in private are not there for it to rename; a paired
        source's cards are limited in number and pace (cardform.py)."""
        hidden = self.view.snapshot.secret if not self.view.hand else frozenset()

        def mine(uid: str) -> bool:
            return self.inputs.tapped_by.get(uid, page) == page

        return {"/press": self.inputs.press, "/tap": lambda d: self.inputs.tap(d, page),
                "/remove": self.inputs.remove,
                "/cards/check": lambda d: self.cardform.check(d, self.on_card, mine, source),
                "/cards/new": lambda d: self.cardform.new(d, self.on_card, mine, source),
                "/cards/rename": lambda d: self._rename(d, hidden)}

    @staticmethod
    def _page(request: web.Request, session: str | None) -> str:
        """Whose request it is: its page's session (on the loopback, its address)."""
        return session or request.cookies.get(SESSION) or request.remote or "?"

    def _access(self, request: web.Request) -> str | None:
        """Raise unless the request may see the table; a new session token to hand over."""
        if self.pairing is None:
            try:
                host = urlsplit("//" + request.headers.get("Host", "")).hostname or ""
            except ValueError:
                host = ""
            if not is_loopback(host):
                raise HttpError(403, f"this table answers only on its own machine "
                                     f"(127.0.0.1), not at {host or 'no Host'}")
            return None
        return self.pairing.admit(request.remote or "?", request.cookies.get(SESSION),
                                  request.headers.get("X-Pairing-Code"))

    @staticmethod
    def _paired(response: web.StreamResponse, session: str | None) -> web.StreamResponse:
        if session is not None:
            response.set_cookie(SESSION, session, path="/", httponly=True, samesite="Strict")
        return response

    async def _rename(self, data: dict, hidden: frozenset[str]) -> dict:
        # (the table, told, draws its cards anew: the pages ask for them again)
        return await self.cardform.rename(data, self.on_card, hidden)

    # -- the live channel (table/web/streams.py) ---------------------------------------------
    async def _events(self, request: web.Request, session: str | None) -> web.StreamResponse:
        page = self._page(request, session)
        self.events.check(page, request.remote or "?")
        response = self._paired(web.StreamResponse(
            headers={"Content-Type": "text/event-stream"}), session)
        return await self.events.serve(
            request, response, page, self.view.live,
            lambda: self.pairing is None or self.pairing.paired(page, request.remote))
