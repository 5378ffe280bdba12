"""The Pico link's sending window, go-back-N: the messages on the wire and not yet
acknowledged, their sequence numbers, and when to send them again.

Up to ``size`` messages are in flight, numbered one after another (modulo 256).  An ack
names the sequence number the Pico expects next, so it acknowledges every message before
it; when none comes within the retransmission timeout, or a nak says one was lost, the
whole window is sent again.  The Pico's answers finish the messages they acknowledge.  The
timeout adapts to the measured round trip, as TCP's does (RFC 6298), between
``min_ack_timeout`` and ``ack_timeout``, doubling after each timeout.
:class:`table.devices.link.PicoLink` keeps one, under its lock; ``write(frame)`` puts a
frame on the wire (the link's :class:`table.devices.linkwire.Wire`, for its I/O thread to
write) and says whether it got there.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.devices.linkport import DEVICE
from table.devices.linkqueue import Message, SendQueue

Write = Callable[[bytes], bool]


class Window:
    def __init__(self, size: int, ack_timeout: float, min_ack_timeout: float,
                 stats: dict[str, int], say: Callable[..., None]):
        if not 1 <= size <= 64:
            raise ValueError(f"link window must be 1..64 messages, not {size}")
        self.size = size
        self.ack_timeout = ack_timeout
        self.min_ack_timeout = min(min_ack_timeout, ack_timeout)
        self.stats = stats              # the link's: sent, retransmitted, timeouts, ...
        self._say = say                 # the link's throttled log
        self.inflight: list[Message] = []
        self.next_seq = 0
        self.sent_at = 0.0              # last (re)transmission of the window
        self.heard_at = 0.0             # the Pico's last ack of something waiting, or the wait's start
        self.rto = ack_timeout          # current retransmission timeout
        self._srtt: float | None = None
        self._rttvar = 0.0
        self._quiet_until = 0.0         # no fast retransmission before: answers still due

    def begin(self, now: float) -> None:
        """A fresh connection: the Pico has heard from the host just now."""
        self._quiet_until = 0.0
        self.heard_at = now

    def answered(self, ack: int, mtype: int, body: bytes, write: Write,
                 reply: int | None = None) -> list[Message] | None:
        """The Pico's answer (ACK, ERROR, NAK or STATUS) expecting ``ack`` next: the messages
        it acknowledges are done (the last one failed, if the answer is an ERROR; a
        heartbeat's with the ``reply`` its STATUS carried) and returned; on a NAK the window
        goes again.  None if the answer is stale (from before a retransmission)."""
        acked = self.acked(ack)
        if acked is None:
            return None
        if acked:
            last = acked[-1]
            rejected = self._rejected(last, body) if mtype == C.ERROR else None
            if reply is not None and last.mtype == C.HEARTBEAT:
                last.reply = reply
            for msg in acked[:-1]:
                msg.finish()
            last.finish(rejected)
        if mtype == C.NAK and self.inflight:
            # a later message reached the Pico, the one it expects was lost: send the window
            # again now rather than at the timeout
            self.fast_retransmit(write)
        return acked

    def acked(self, ack: int) -> list[Message] | None:
        """Take the messages ``ack`` acknowledges off the window and return them (the round
        trip measured); [] if it acknowledges nothing new, None if it is stale (from before
        a retransmission)."""
        base = self.inflight[0].seq if self.inflight else self.next_seq
        n = (ack - base) & 0xFF
        if n == 0:
            return []
        if n > len(self.inflight):
            return None
        acked, self.inflight = self.inflight[:n], self.inflight[n:]
        now = time.monotonic()
        if not acked[-1].resent:
            self._measured(now - acked[-1].sent_at)
        self.sent_at = self.heard_at = now     # answers that ack nothing keep no link
        return acked

    def timed_out(self, now: float) -> bool:
        """True if what is in flight waited a whole timeout (counted; the next one longer)."""
        if not self.inflight or now - self.sent_at < self.rto:
            return False
        self.stats["timeouts"] += 1
        self.rto = min(self.ack_timeout, 2 * self.rto)
        return True

    def pump(self, outbox: SendQueue, write: Write) -> None:
        """Move queued messages onto the wire while the window has room."""
        while outbox and len(self.inflight) < self.size:
            msg = outbox.popleft()
            msg.seq = self.next_seq
            self.next_seq = (self.next_seq + 1) & 0xFF
            now = time.monotonic()
            if not self.inflight:
                self.sent_at = self.heard_at = now
            msg.sent_at = now
            self.inflight.append(msg)
            self.stats["sent"] += 1
            if not write(C.encode(msg.seq, msg.mtype, msg.data)):
                return

    def retransmit(self, write: Write) -> None:
        """Send the whole window again."""
        self.sent_at = time.monotonic()
        rtt = self._srtt if self._srtt is not None else self.rto / 2
        self._quiet_until = self.sent_at + 1.5 * rtt
        for msg in self.inflight:
            msg.resent = True
            self.stats["retransmitted"] += 1
            if not write(C.encode(msg.seq, msg.mtype, msg.data)):
                return

    def fast_retransmit(self, write: Write) -> None:
        """A nak or a damaged answer: send the window again now rather than at the timeout."""
        # answers to what was sent before the last retransmission arrive within about a
        # round trip of it; until then a nak is stale and says nothing new
        if time.monotonic() < self._quiet_until:
            return
        self.stats["fast_retransmits"] += 1
        self.retransmit(write)

    def fail(self, error: DeviceError) -> None:
        """The connection is gone: what was in flight failed with ``error``."""
        for msg in self.inflight:
            msg.finish(error)
        self.inflight.clear()

    def _rejected(self, msg: Message, body: bytes) -> DeviceError:
        """The Pico's ERROR for ``msg``: said (throttled) and made an error."""
        try:
            rtype, reason = C.parse_error(body)
        except (C.CodecError, UnicodeError):
            rtype, reason = msg.mtype, body.hex()
        self.stats["rejected"] += 1
        name = C.NAMES.get(rtype, hex(rtype))
        self._say(logging.WARNING, "rejected", "the Pico rejected a %s message: %s", name, reason)
        return DeviceError(DEVICE, f"the Pico rejected a {name} message: {reason}")

    def _measured(self, rtt: float) -> None:
        if self._srtt is None:
            self._srtt, self._rttvar = rtt, rtt / 2
        else:
            self._rttvar = 0.75 * self._rttvar + 0.25 * abs(self._srtt - rtt)
            self._srtt = 0.875 * self._srtt + 0.125 * rtt
        self.rto = min(self.ack_timeout, max(self.min_ack_timeout, self._srtt + 4 * self._rttvar))
