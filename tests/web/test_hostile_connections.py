"""Issue 38, item 7: the page's server keeps its paired pages whatever strangers, and paired
strangers, do with connections.

Against the real server on 127.0.0.1 (pairing forced on); other clients come from other
loopback addresses.  Every loop is bounded in count; the assertions are outcomes (descriptors
held, statuses, sockets closed by the server), never how long something took.
"""

from __future__ import annotations

import http.client
import os
import socket

from tests.polling import until
from tests.web.test_hostile import get, gone, no_traceback, paired_stream, session_of

APP_JS = b"GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def small_kernel_buffers(server) -> None:
    """The kernel takes little of what the server sends (as on a Pi short of memory; this
    machine's loopback would take the whole answer): what is left waits in the server."""
    server.sockets()[0].setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)


def let_go(server) -> int:
    """How many connections the server let go of that still hold a descriptor."""
    return sum(h.transport is None for h in server.http().connections)


def unread(n: int, port: int, source: str) -> list[socket.socket]:
    """``n`` connections that ask for /app.js twice with a tiny receive window and never read
    the answers: what the kernel does not take waits in the server, so a connection the
    server lets go of stays "closing", holding its descriptor."""
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.settimeout(5)
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        s.sendall(APP_JS + APP_JS)
        socks.append(s)
    return socks


def test_connections_the_server_closes_but_cannot_flush_still_count(devices, start, caplog):
    """The attack of the issue: one unpaired address asks for /app.js twice a connection and
    never reads.  Each connection the server lets go of waits to send what it has; those were
    not counted, so the address opened more and more until the daemon ran out of file
    descriptors.  Now they count against the address's share and are ended for newcomers:
    the descriptors the server holds stay under its limit, and a paired page is answered."""
    codes = []
    running = start(devices, pairing=True, on_pairing_code=codes.append)
    server = running.server
    server.gate.idle_s = 0.3              # keep-alive connections are let go of soon
    server.gate.sweep_s = 3600.0          # (no sweep: the counting alone bounds them)
    running.restart()
    small_kernel_buffers(server)
    port = server.port
    status, _, headers = get(port, code=codes[-1], source="127.0.0.50")
    paired = session_of(headers)
    before = descriptors()
    held: list[socket.socket] = []
    try:
        share = server.gate.max_per_client
        for n in range(1, 7):             # 6 rounds of a client's whole share
            held += unread(share, port, "127.0.0.9")
            # wait until the server has taken the round and let go of it (aiohttp drops its
            # transport); nothing was turned away
            until(lambda n=n: running.call(lambda: (server.gate.admitted + server.gate.refused,
                                                    let_go(server))) == (1 + n * share, share),
                  what="the round let go of")
        assert server.gate.refused == 0
        # the server's own descriptors: all open now, less the attacker's own sockets
        servers_own = descriptors() - before - len(held)
        assert servers_own <= server.gate.max_per_client, servers_own
        assert get(port, session=paired, source="127.0.0.50")[0] == 200
    finally:
        for s in held:
            s.close()
    no_traceback(caplog)


def gone_now(sock: socket.socket) -> bool:
    """The server has closed the socket (checked without waiting for more)."""
    until(lambda: True)
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True
    finally:
        sock.setblocking(True)


def test_connections_closing_for_long_are_ended(devices, start):
    """A connection whose peer never reads -- let go of by the server, or still writing its
    answer -- is ended (its descriptor freed) within a few sweeps, even when no newcomer
    needs its place."""
    running = start(devices, pairing=True)
    server = running.server
    server.gate.idle_s = server.gate.sweep_s = 0.3
    running.restart()
    small_kernel_buffers(server)
    held = unread(3, server.port, "127.0.0.9")
    try:
        until(lambda: running.call(lambda: server.gate.admitted) == 3, what="all three let in")
        until(lambda: running.call(server.connections) == 0, what="the closing ones ended")
    finally:
        for s in held:
            s.close()


def paired_from(devices, start, source: str):
    """A server with pairing on (nothing idles out), and a page paired from ``source``:
    (running, its session)."""
    codes: list[str] = []
    running = start(devices, pairing=True, on_pairing_code=codes.append)
    running.server.gate.idle_s = 60.0
    _, _, headers = get(running.server.port, code=codes[-1], source=source)
    return running, session_of(headers)


def test_unpairing_all_ends_every_trusted_connection(devices, start):
    """Holding 1 twice at the table unpairs every page: their open connections end too, so
    a paired stranger keeps no slot."""
    running, paired = paired_from(devices, start, "127.0.0.60")
    server, port = running.server, running.server.port
    keep = [http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                       source_address=("127.0.0.60", 0)) for _ in range(4)]
    for conn in keep:
        conn.request("GET", "/state", headers={"Cookie": f"worms_session={paired}"})
        assert conn.getresponse().read()
    running.call(server.open_pairing)
    running.call(server.open_pairing)        # held again at once: everyone unpaired
    until(lambda: running.call(server.connections) == 0, what="every connection ended")
    for conn in keep:
        assert gone(conn.sock)
        conn.close()


def test_one_paired_address_cannot_hold_every_slot(devices, start):
    """A paired page keeps a browser's few connections; more from the same address are the
    first to make room, so four paired addresses cannot hold every slot against a fifth."""
    codes = []
    running = start(devices, pairing=True, on_pairing_code=codes.append)
    server = running.server
    server.gate.idle_s = 60.0
    port = server.port
    server.gate.max_connections = 12
    server.gate.trusted_per_page = 2        # (a browser's few; 6 outside tests)
    conns = []
    try:
        for n in range(4):
            source = f"127.0.2.{n + 1}"
            _, _, headers = get(port, code=codes[-1], source=source)
            token = session_of(headers)
            for _ in range(3):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                                  source_address=(source, 0))
                conn.request("GET", "/state", headers={"Cookie": f"worms_session={token}"})
                assert conn.getresponse().read()
                conns.append(conn)
        # every slot holds a paired page's connection; a fifth page, pairing, still gets in
        assert get(port, code=codes[-1], source="127.0.2.9")[0] == 200
        assert server.gate.evicted == 1
        # the one that made room was the first address's third connection
        assert sum(gone_now(c.sock) for c in conns) == 1 and gone_now(conns[2].sock)
    finally:
        for conn in conns:
            conn.close()


def test_a_newcomer_does_not_spend_a_paired_page_s_new_connection(devices, start):
    """200 strangers churning connections: a paired page's fresh connection is not the one
    that makes room (it comes from an address that paired), so the page is answered."""
    running, paired = paired_from(devices, start, "127.0.0.70")
    server, port = running.server, running.server.port
    server.gate.max_connections = 8
    held = []
    answered = 0
    try:
        for n in range(15):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                              source_address=("127.0.0.70", 0))
            conn.connect()                     # the page's connection, its request not yet sent
            for k in range(12):                # strangers arrive meanwhile
                held += [socket.create_connection(("127.0.0.1", port), timeout=5,
                                                  source_address=(f"127.0.3.{n * 12 + k + 1}", 0))]
            until(lambda: running.call(server.connections) <= server.gate.max_connections)
            try:
                conn.request("GET", "/state", headers={"Cookie": f"worms_session={paired}"})
                answered += conn.getresponse().status == 200
            except (ConnectionError, http.client.HTTPException):
                pass
            conn.close()
    finally:
        for s in held:
            s.close()
    assert answered == 15


def test_one_address_pairing_again_and_again_holds_few_streams(devices, start):
    """One address pairing over and over (it has the code) held all 16 event streams; now an
    address holds as many as a page, and other pages still watch."""
    codes = []
    running = start(devices, pairing=True, on_pairing_code=codes.append)
    server = running.server
    tokens = [session_of(get(server.port, code=codes[-1], source="127.0.0.62")[2])
              for _ in range(8)]
    opened = []
    try:
        replies = []
        for token in tokens[-4:]:                       # (the address keeps four sessions)
            for _ in range(2):
                s = paired_stream(server.port, token, "127.0.0.62")
                opened.append(s)
                replies.append(s.recv(4096)[:13])
        assert replies.count(b"HTTP/1.1 200 ") == server.events.max_streams_per_page
        assert replies.count(b"HTTP/1.1 429 ") == 8 - server.events.max_streams_per_page
        theirs = session_of(get(server.port, code=codes[-1], source="127.0.0.63")[2])
        s = paired_stream(server.port, theirs, "127.0.0.63")
        opened.append(s)
        assert s.recv(100).startswith(b"HTTP/1.1 200 ")
    finally:
        for s in opened:
            s.close()
