"""The Pico link's send queue: messages waiting for room in the window, bounded.

Two kinds of message wait here.  A *group* (an LED frame: its LED_SETs, BRIGHTNESS and
LED_SHOW) is replaced by a newer group of the same name while it has not been sent: the
unsent rest of the older one is dropped (marked ``superseded``), so frames shown faster
than the Pico takes them never pile up, and the newest is the one that arrives.  Any
other message counts against ``limit``; when that many wait, :meth:`SendQueue.put`
raises :class:`QueueFull` rather than letting the queue grow (a silent Pico, a sender in a
loop).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.devices.linkport import DEVICE
from table.devices.completion import Completion

DEFAULT_LIMIT = 64      # plain messages waiting at most (a group adds at most one frame)


class QueueFull(DeviceError):
    """The queue refused a message: ``limit`` of them wait.  ``first``: the first refusal
    since the queue was last under half full (the one to log)."""

    def __init__(self, queue: SendQueue, path: str, first: bool):
        super().__init__(DEVICE, f"{queue.plain} messages already wait for the Pico on {path} "
                                 f"(at most {queue.limit}): it is not taking them; this one "
                                 "was refused")
        self.first = first


class Message:
    """One queued message; ``done`` once acknowledged (or superseded), ``error`` if it
    failed.  ``reply`` holds what its answer carried (a STATUS's supply in millivolts);
    ``completion``, if any, is told when it is done (:meth:`finish`)."""

    __slots__ = ("mtype", "data", "seq", "done", "error", "sent_at", "resent", "group",
                 "superseded", "reply", "completion")

    def __init__(self, mtype: int, data: bytes = b"", group: str | None = None):
        if len(data) > C.MAX_DATA:
            raise ValueError(f"message data too long: {len(data)} bytes, at most {C.MAX_DATA}")
        self.mtype, self.data = mtype, bytes(data)
        self.seq = -1                # its sequence number once on the wire (-1: not yet)
        self.done = False
        self.error: DeviceError | None = None
        self.sent_at = 0.0
        self.resent = False
        self.group = group
        self.superseded = False      # dropped unsent: a newer message of its group replaced it
        self.reply: int | None = None
        self.completion: Completion | None = None

    def finish(self, error: DeviceError | None = None) -> None:
        """Acknowledged (or failed with ``error``, or superseded): done, and its completion
        told (by the link's thread, under the link's lock)."""
        if self.done:
            return
        self.error, self.done = error, True
        if self.completion is not None:
            self.completion.part_done(error, self.superseded)


class SendQueue:
    def __init__(self, limit: int = DEFAULT_LIMIT):
        if limit < 1:
            raise ValueError(f"the send queue must hold at least 1 message, not {limit}")
        self.limit = limit
        self._q: deque[Message] = deque()
        self._plain = 0              # messages in no group
        self._full = False           # refusing: QueueFull.first said until it drains to half

    def __len__(self) -> int:
        return len(self._q)

    def __bool__(self) -> bool:
        return bool(self._q)

    def __iter__(self) -> Iterator[Message]:
        return iter(self._q)

    @property
    def plain(self) -> int:
        return self._plain

    def put(self, msg: Message, path: str = "") -> None:
        """Queue a message in no group; QueueFull (naming the Pico's ``path``) if ``limit``
        of them wait already."""
        if self._plain >= self.limit:
            first, self._full = not self._full, True
            raise QueueFull(self, path, first)
        self._q.append(msg)
        self._plain += 1
        if self._full and self._plain < self.limit // 2:
            self._full = False

    def put_first(self, msg: Message) -> None:
        """Queue a message ahead of all (the link's own, after a reconnection)."""
        self._q.appendleft(msg)
        self._plain += msg.group is None

    def withdraw(self, group: str) -> list[Message]:
        """Drop the unsent messages of ``group``; return them (marked superseded and done)."""
        dropped = [m for m in self._q if m.group == group]
        if dropped:
            self._q = deque(m for m in self._q if m.group != group)
            for m in dropped:
                m.superseded = True
                m.finish()
        return dropped

    def put_group(self, group: str, msgs: Iterable[Message]) -> list[Message]:
        """Queue a group's messages, dropping the unsent ones of an older group of that
        name; return the dropped ones (marked superseded and done)."""
        dropped = self.withdraw(group)
        for m in msgs:
            m.group = group
            self._q.append(m)
        return dropped

    def popleft(self) -> Message:
        msg = self._q.popleft()
        self._plain -= msg.group is None
        return msg

    def clear(self) -> None:
        self._q.clear()
        self._plain = 0
