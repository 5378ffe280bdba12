"""The simulator page's card form: a card checked as it is typed, and written once it is good.

Both take ``{"card": {...}}``, the card as a card file's table (docs/cards.md), and use the
same checks as ``worms-table cards new`` and the card files (table/cards/authoring.py)::

    POST /cards/check  -> {"ok": true, "valid": bool, "problems": [...], "toml": "..."}
    POST /cards/new    -> {"ok": true, "path": "<the file written>"}, or 422 naming every
                          problem (nothing written), or 507 when the owner's folder is full
    POST /cards/rename {"id": "card_3", "names": {"en": ..., "cs": ..., "uk": ...}}: a card
                          of the owner's folder (one taught on the box's buttons is "Card 3")
                          gets its printed names -> {"ok": true, "path": ...}, or 422

The file goes into the owner's card folder of the table's card library (the first folder of
``WORMS_TABLE_CARDS``, else ``~/.config/worms-table/cards``, made by the first card written),
which reads it at once: the form writes through the library the daemon, the page and the tags
read (:class:`~table.cards.cardlibrary.CardLibrary`).  Beside a daemon the server hands each
card written to its :class:`~table.ui.pagelink.CardSink` (the daemon's teacher,
table/app/teach/teacher.py): the card is known at once, and a card the box is being taught
(an unknown tag tapped) is finished by it -- the reply then says ``"taught": "<id>"``.  The
sink may refuse a card first (e.g. a Starter where the box waits for a Supply card: a problem
of the check, a 409 of the write) and says what writing does (the check's ``"note"``).

Never on the event loop: the table's presses must not wait for a card.  :class:`CardForm`
runs each check and each write in a worker thread, one at a time (a flood of requests waits
its turn in line, at most :data:`QUEUE` of them, the rest answered 503); the library is read
again only when a card file changed (its folders listed and each file's size and time
compared: :meth:`~table.cards.cardlibrary.CardLibrary.refresh`).  The owner's folder holds at most
:data:`MAX_OWNER_CARDS` card files and :data:`MAX_OWNER_BYTES` bytes; a paired page's source
(its address, or its IPv6 /64) may write :data:`SOURCE_CARDS` of them while the daemon runs
(so a stranger with the code cannot fill the owner's folder), and checks and writes at the
pace of :data:`CHECKS_RATE` and :data:`WRITES_RATE` (a flood would take the CPU the box thinks
with); the table's own page (on the loopback) is not limited.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from pathlib import Path
from table.cards import CardError, CardLibrary, current_library
from table.cards.authoring import check, to_toml
from table.ui.pagelink import CardSink, Mine

from .errors import InputError

MAX_OWNER_CARDS = 200          # card files in the owner's folder (the box holds ~100 cards)
MAX_OWNER_BYTES = 512 * 1024   # and their bytes (a card file is ~0.5 kB)
QUEUE = 8                      # requests waiting for the worker, at most
SOURCE_CARDS = 30              # cards one paired source may write while the daemon runs
#: (burst, seconds for one more) of the requests one paired source may make: a person types
#: a card in seconds; a flood of checks or cards would take the CPU the box thinks with
CHECKS_RATE = (10, 0.5)
WRITES_RATE = (4, 3.0)


def _card(data: dict) -> dict:
    extra = sorted(set(data) - {"card"})
    if extra or not isinstance(data.get("card"), dict):
        raise InputError('send {"card": {...}}: the card as a card file\'s table '
                         "(docs/cards.md)" + (f"; unknown field(s) {', '.join(extra)}"
                                              if extra else ""))
    return data["card"]


class CardForm:
    """The form's two requests, off the loop, over a cached library; see the module doc."""

    def __init__(self, library: CardLibrary | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        #: the card library it checks against and writes through (None: the program's,
        #: table.cards.current_library)
        self.library = library
        self._line = asyncio.Semaphore(1)
        self._waiting = 0
        self.clock = clock
        self.written: dict[str, int] = {}     # cards written, per paired source
        self._rates: dict[tuple[str, str], tuple[float, float]] = {}   # (what, source): budget

    # -- on the loop ---------------------------------------------------------------------------
    async def check(self, data: dict, sink: CardSink | None = None,
                    mine: Mine = lambda uid: True, source: str | None = None) -> dict:
        """``source``: the paired page's (an IPv4 address, an IPv6 /64), whose requests are
        limited (None: the table's own page, which is not)."""
        self._pace("check", source, CHECKS_RATE)
        raw = _card(data)
        out = await self._off_loop(self.check_now, raw)
        if sink is not None:
            problem, note = sink.card_problem(raw), sink.card_note(mine)
            if problem:
                out["problems"].append(problem)
                out["valid"] = False
            if note:
                out["note"] = note
        return out

    async def new(self, data: dict, sink: CardSink | None = None,
                  mine: Mine = lambda uid: True, source: str | None = None) -> dict:
        self._pace("new", source, WRITES_RATE)
        if source is not None and self.written.get(source, 0) >= SOURCE_CARDS:
            raise InputError(f"this page has written {SOURCE_CARDS} cards already; write more "
                             "on the table's own page, or with worms-table cards new",
                             status=429)
        raw = _card(data)
        if sink is not None:
            if problem := sink.card_problem(raw):
                raise InputError(problem, status=409)
            raw = sink.card_to_write(raw, mine)
        out = await self._off_loop(self.new_now, raw)
        if source is not None:
            self.written[source] = self.written.get(source, 0) + 1
        if sink is not None:
            out.update(sink.card_added(raw, out["path"], mine))
        return out

    def _pace(self, what: str, source: str | None, rate: tuple[int, float]) -> None:
        """Raise 429 (with when to try again) if ``source`` asks faster than ``rate``."""
        if source is None:
            return
        burst, every = rate
        now = self.clock()
        tokens, at = self._rates.get((what, source), (float(burst), now))
        tokens = min(float(burst), tokens + (now - at) / every)
        if tokens < 1:
            wait = math.ceil((1 - tokens) * every)
            raise InputError(f"too many cards from this page at once: wait {wait} s", status=429)
        self._rates[(what, source)] = (tokens - 1, now)
        if len(self._rates) > 4096:               # (forget the oldest sources)
            for key in list(self._rates)[:2048]:
                del self._rates[key]

    async def rename(self, data: dict, sink: CardSink | None = None,
                     hidden: frozenset[str] = frozenset()) -> dict:
        """``hidden``: cards this page may not see (taught in private): as if not there."""
        extra = sorted(set(data) - {"id", "names"})
        if extra or not isinstance(data.get("id"), str) or not isinstance(data.get("names"),
                                                                           dict):
            raise InputError('send {"id": "<card id>", "names": {"en": ..., "cs": ..., '
                             '"uk": ...}}' + (f"; unknown field(s) {', '.join(extra)}"
                                              if extra else ""))
        if data["id"] in hidden:
            raise InputError(f"no card {data['id']!r} in the owner's card folder", status=422)
        out = await self._off_loop(self.rename_now, data)
        if sink is not None:
            sink.card_renamed(data["id"], out["path"])
        return out

    async def _off_loop(self, fn, raw: dict) -> dict:
        if self._waiting >= QUEUE:
            raise InputError("the table is busy with other cards; try again in a moment",
                             status=503)
        self._waiting += 1
        try:
            async with self._line:
                return await asyncio.to_thread(fn, raw)
        finally:
            self._waiting -= 1

    # -- in the worker -------------------------------------------------------------------------
    def known(self) -> tuple[CardLibrary, list[str]]:
        """The card library (read again where a card file changed) and its problems."""
        library = self.library if self.library is not None else current_library()
        library.refresh()
        return library, [f"the card library has problems: {p}" for p in library.problems]

    def check_now(self, raw: dict) -> dict:
        known, trouble = self.known()
        card, problems = check(raw, known)
        problems = trouble + problems
        try:
            toml = to_toml(raw)
        except TypeError:
            toml = ""
        return {"valid": card is not None and not problems, "problems": problems, "toml": toml}

    def new_now(self, raw: dict) -> dict:
        known, trouble = self.known()
        if trouble:
            raise InputError("; ".join(trouble), status=422)
        full = self._full(known.owner)
        if full:
            raise InputError(full, status=507)
        try:
            path = known.write(raw)
        except CardError as err:
            raise InputError("; ".join(err.problems), status=422) from None
        return {"path": str(path)}

    def rename_now(self, data: dict) -> dict:
        known, trouble = self.known()
        if trouble:
            raise InputError("; ".join(trouble), status=422)
        names = {k: v for k, v in data["names"].items() if v != ""}   # (blank: no name)
        try:
            path = known.rename(data["id"], names)
        except CardError as err:
            raise InputError("; ".join(err.problems), status=422) from None
        return {"path": str(path)}

    @staticmethod
    def _full(folder: Path) -> str | None:
        """Why the owner's folder takes no more cards, or None."""
        try:
            files = [p.stat().st_size for p in folder.glob("*.toml")]
        except OSError:
            return None                       # (written, or named, by write())
        if len(files) >= MAX_OWNER_CARDS or sum(files) >= MAX_OWNER_BYTES:
            return (f"the owner's card folder {folder} is full ({len(files)} files, "
                    f"{sum(files)} bytes; at most {MAX_OWNER_CARDS} files and "
                    f"{MAX_OWNER_BYTES} bytes): remove cards you no longer use")
        return None
