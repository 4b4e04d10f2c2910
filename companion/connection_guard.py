"""Waitress with the bounds it lacks: no one client can hold the server (see companion/server.py).

Waitress reads each request whole in its event loop before a thread takes it,
and closes a connection idle for ``channel_timeout``; but a client that sends
one byte now and then is never idle, and waitress has neither a bound on one
address's connections nor a deadline for a whole request. 1,000 heads
trickling a byte every 10 s from one address filled its ``connection_limit``
and no one else was answered. Nor did it bound the bodies held while they
arrive (kept in temporary files past ``inbuf_overflow``): 10 held uploads of
20 MB were 200 MB of disk, and 1,000 would have been 21 GB.

Three bounds, in a thin layer over waitress's own server, channel and parser
(their documented extension points: ``channel_class``, ``parser_class``,
``maintenance``):

* **connections per address**: past ``per_address`` open connections from
  one address (an IPv6 client's whole /64, which one machine usually holds),
  a new one is answered 503 and closed at once;
* **a deadline for each request**: its head and body must have arrived
  within ``grace`` seconds of its first byte plus one second per
  ``min_rate`` bytes received (as Apache's mod_reqtimeout and Caddy's
  ``min_rate``): a trickle is closed however often it sends a byte, a slow
  phone's upload goes through;
* **bytes held for requests**: the heads and bodies received and not yet
  answered, memory and temporary files together, stay under ``held_bytes``,
  and one address's under ``held_per_address``; a request past either is
  answered 503 and its bytes freed. A ``Content-Length`` over the largest body
  any route takes is refused by waitress itself (413) before the body is read,
  a chunked body as soon as it passes it.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher
from waitress.utilities import Error

#: What a client refused by these bounds reads (before the app, so in English, with the status).
BUSY = "This server is busy with other requests from your address. Try again in a minute."
FULL = "This server is receiving too much at once. Try again in a minute."


@dataclass(frozen=True)
class Bounds:
    """How much one client, and all of them, may hold of the server (see the module's documentation)."""

    per_address: int  # open connections from one address; 0: no bound (behind a proxy that bounds them)
    grace: float  # seconds a request may take to arrive, plus one per ``min_rate`` bytes of it
    min_rate: int  # bytes per second
    held_bytes: int  # bytes of requests received and not yet answered, all connections
    held_per_address: int  # the same, one address's

    def deadline(self, started: float, received: int) -> float:
        """When a request whose first byte came at ``started`` must have arrived whole, ``received`` bytes in."""
        return started + self.grace + received / self.min_rate


def address_key(host: str) -> str:
    """The address whose connections are counted together: an IPv4 address (also when mapped into IPv6), an
    IPv6 address's /64 (one machine usually holds a whole /64), else the host as it is (a Unix socket's)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class ServiceUnavailable(Error):
    code = 503
    reason = "Service Unavailable"


class HeldBytes:
    """The bytes of requests the server holds (heads and bodies, in memory or temporary files), in all and per
    address. Taken by the event loop as bytes arrive, given back by whichever thread closes the request."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self.total = 0
        self.by_address: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, address: str, count: int) -> str | None:
        """Hold ``count`` more bytes for ``address``; else (nothing taken) the sentence of the bound it passes."""
        with self._lock:
            if self.by_address[address] + count > self.bounds.held_per_address:
                return BUSY
            if self.total + count > self.bounds.held_bytes:
                return FULL
            self.total += count
            self.by_address[address] += count
            return None

    def give(self, address: str, count: int) -> None:
        if not count:
            return
        with self._lock:
            self.total -= count
            self.by_address[address] -= count
            if not self.by_address[address]:
                del self.by_address[address]


class GuardedRequest(HTTPRequestParser):
    """Waitress's parser of one request, holding its bytes in the server's account and knowing its deadline."""

    def __init__(self, adj: Any, *, held: HeldBytes, address: str) -> None:
        super().__init__(adj)
        self.held = held
        self.address = address
        self.started = time.monotonic()  # made when the request's first bytes arrive
        self.taken = 0

    def received(self, data: bytes) -> int:
        if self.completed:
            return 0
        refusal = self.held.take(self.address, len(data))
        if refusal is not None:
            self._refuse(refusal)
            return len(data)
        self.taken += len(data)
        consumed: int = super().received(data)
        unused = len(data) - consumed  # the next pipelined request's: that request takes it
        self.taken -= unused
        self.held.give(self.address, unused)
        return consumed

    def overdue(self, now: float) -> bool:
        received = self.header_bytes_received + self.body_bytes_received
        return not self.completed and now > self.held.bounds.deadline(self.started, received)

    def _refuse(self, sentence: str) -> None:
        """Answer 503 with ``sentence`` and close the connection; what was held of the request is freed now."""
        if self.body_rcv is None and not self.headers_finished:
            self.parse_header(b"GET / HTTP/1.0\r\n")  # as waitress does for a head too large: a request to answer
        self.error = ServiceUnavailable(sentence)
        self.completed = True
        self.close()

    def close(self) -> None:
        super().close()
        self.held.give(self.address, self.taken)
        self.taken = 0


class GuardedChannel(HTTPChannel):
    """One connection: counted for its address, its request parsed by :class:`GuardedRequest`."""

    server: GuardedServer

    def __init__(self, server: GuardedServer, sock: socket.socket, addr: Any, adj: Any, map: Any = None) -> None:
        self.address = address_key(str(addr[0]))
        self.parser_class = functools.partial(GuardedRequest, held=server.held, address=self.address)
        super().__init__(server, sock, addr, adj, map=map)
        server.connections[self.address] += 1
        self.counted = True

    def overdue(self, now: float) -> bool:
        """Whether the request arriving is past its deadline (not while one is being answered: none is read)."""
        request = self.request
        return not self.requests and request is not None and request.overdue(now)

    def handle_close(self) -> None:
        request = self.request
        if request is not None:  # a request that never arrived whole: its bytes and temporary file go now
            request.close()
        super().handle_close()

    def del_channel(self, map: Any = None) -> None:
        if getattr(self, "counted", False):
            self.counted = False
            connections = self.server.connections
            connections[self.address] -= 1
            if connections[self.address] <= 0:
                del connections[self.address]
        super().del_channel(map)


class GuardedServer(TcpWSGIServer):
    """Waitress's TCP server with :class:`Bounds`: connections counted per address, requests given deadlines."""

    channel_class = GuardedChannel
    connections: Counter[str]
    held: HeldBytes

    def __init__(self, application: Any, *, bounds: Bounds, shared: GuardedServer | None = None, **kw: Any) -> None:
        self.bounds = bounds
        # open connections per address (the event loop's thread only), and bytes held: one account for all the
        # sockets the server listens on
        self.connections = shared.connections if shared else Counter()
        self.held = shared.held if shared else HeldBytes(bounds)
        super().__init__(application, **kw)

    @classmethod
    def listening(cls, application: Any, bounds: Bounds, adj: Any) -> GuardedServer:
        """A server on every address ``adj`` listens on (a host name may have two), in one event loop and one
        pool of threads (as waitress's ``create_server``); run the one returned to serve them all."""
        sockets: dict[int, Any] = {}
        threads = ThreadedTaskDispatcher()
        threads.set_thread_count(adj.threads)
        first: GuardedServer | None = None
        for sockinfo in adj.listen:
            server = cls(application, bounds=bounds, shared=first, map=sockets, dispatcher=threads, adj=adj,
                         sockinfo=sockinfo)
            first = first or server
        assert first is not None, "waitress's settings always have an address to listen on"
        return first

    def handle_accept(self) -> None:
        try:
            pair = self.accept()
            if pair is None:
                return
            conn, addr = pair
            self.set_socket_options(conn)
        except OSError:  # the client left before it was accepted (as waitress's own handle_accept)
            return
        address = address_key(str(addr[0]))
        if self.bounds.per_address and self.connections[address] >= self.bounds.per_address:
            _refuse_connection(conn, BUSY)
            return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        """Waitress's (idle connections closed), and every request past its deadline closed."""
        super().maintenance(now)
        clock = time.monotonic()
        for channel in list(self.active_channels.values()):
            if channel.overdue(clock):
                channel.will_close = True


def _refuse_connection(conn: socket.socket, sentence: str) -> None:
    """Answer 503 with ``sentence`` (as far as the socket takes it at once) and close."""
    body = sentence.encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    try:
        conn.setblocking(False)
        conn.send(head.encode() + body)
    except OSError:
        pass
    finally:
        conn.close()
