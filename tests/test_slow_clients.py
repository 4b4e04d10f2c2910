"""Slow clients are harmless: the app's own server answers others while hundreds are held open.

The server ``make run`` and the README start (``python -m companion.server``,
waitress with the project's settings and companion/connection_guard.py's
bounds) runs on loopback. 120 clients each send half a request head and keep
adding a header line now and then, never finishing it (a "slowloris"); 30
more promise a body and send only its first bytes. While all 150 are provably
still open (each checks its socket after the ordinary requests), 20 ordinary
requests must each be answered. The threaded gunicorn served before answered
none of them within 15 s once about 40 such clients held its threads: it
gave a thread to a connection at its first byte, with no read timeout after.

One client (one address: loopback has many, 127.0.0.2 is not 127.0.0.1)
cannot hold the server (issue 28): its connections are bounded, a request
that trickles is closed at its deadline however often it sends a byte, and
the bytes held for its uploads are bounded. Conditions are counted (rounds,
connections, bytes), never timed. Bounded: every socket has a timeout, and
the clients stop when the test ends.
"""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.conftest import free_port

from companion import connection_guard, server as companion_server
from companion.connection_guard import BUSY, Bounds, GuardedRequest, HeldBytes, address_key

ROOT = Path(__file__).resolve().parent.parent
HALF_HEADS = 120
HALF_BODIES = 30
REQUESTS = 20
#: The slow clients of the first test come from this many addresses (each under the bound on one address's).
ADDRESSES = [f"127.0.0.{10 + n}" for n in range(6)]
ONE_CLIENT = "127.0.0.2"  # the one client of the later tests; /healthz is asked from 127.0.0.1
PER_ADDRESS = 50  # the server's default bound on one address's connections


def server_command(port: int) -> list[str]:
    return [sys.executable, "-m", "companion.server", "--host", "127.0.0.1", "--port", str(port)]


@dataclass
class Served:
    port: int
    pid: int


@pytest.fixture
def serve(tmp_path):
    """Start the app's server with some environment variables set (its bounds); stopped when the test ends."""
    started: list[tuple[subprocess.Popen, object]] = []

    def start(**environment: str) -> Served:
        run = tmp_path / f"run{len(started)}"
        instance = run / "instance"
        instance.mkdir(parents=True)
        (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(16)!r}\n")
        env = {k: v for k, v in os.environ.items() if k != "COMPANION_HTTPS"}
        env.update(DATABASE_URL=f"sqlite:///{run / 'slow.sqlite'}", COMPANION_INSTANCE_PATH=str(instance),
                   TMPDIR=str(run), **environment)
        port = free_port()
        log = open(run / "server.log", "wb")  # noqa: SIM115 (closed below)
        process = subprocess.Popen(server_command(port), env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        started.append((process, log))
        for _ in range(300):  # up to 300 tries, a count, not a clock
            if process.poll() is not None:
                raise AssertionError((run / "server.log").read_text())
            try:
                if _get(port, timeout=2) == 200:
                    return Served(port, process.pid)
            except OSError:
                threading.Event().wait(0.2)
        raise AssertionError("the server did not start")

    yield start
    for process, log in started:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


@pytest.fixture
def server(serve):
    return serve().port


def _get(port: int, timeout: float) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status
    finally:
        connection.close()


class SlowClient:
    """One connection that started a request and never finishes it: half a head, or a head and part of a body."""

    def __init__(self, port: int, *, body: bool, source: str = ONE_CLIENT) -> None:
        self.body = body
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        if body:
            self.sock.sendall(
                b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 4000\r\n\r\n{\"ruleset\": "
            )
        else:
            self.sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")

    def trickle(self) -> None:
        """A little more of the request (a header line, or a space of the body): it is still being sent."""
        self.sock.sendall(b" " if self.body else b"X-a: b\r\n")

    def still_open(self) -> bool:
        """Whether the server still holds the connection: it has neither answered nor closed it."""
        self.sock.setblocking(False)
        try:
            self.sock.recv(1)  # an answer, or b"" for a closed connection: not held
            return False
        except BlockingIOError:
            return True
        except OSError:
            return False
        finally:
            self.sock.setblocking(True)

    def close(self) -> None:
        self.sock.close()


def test_hundreds_of_slow_clients_leave_the_app_answering(server):
    clients = [SlowClient(server, body=False, source=ADDRESSES[n % len(ADDRESSES)]) for n in range(HALF_HEADS)]
    clients += [SlowClient(server, body=True, source=ADDRESSES[n % len(ADDRESSES)]) for n in range(HALF_BODIES)]
    try:
        answers = []
        for index in range(REQUESTS):
            clients[index % len(clients)].trickle()  # the slow ones are still sending
            try:
                answers.append(_get(server, timeout=15))
            except OSError as error:  # not answered at all: the slow clients hold the server
                answers.append(repr(error))
                break
        held = sum(client.still_open() for client in clients)
    finally:
        for client in clients:
            client.close()
    assert answers == [200] * REQUESTS
    assert held == HALF_HEADS + HALF_BODIES  # every slow client was still open while the others were answered


# ---------------------------------------------------------------------------
# Issue 28, finding 3: one client held every connection (1,000 trickling heads from one address filled
# waitress's connection_limit; /healthz answered 0 of 7 while they were held)


def _connect(port: int, source: str = ONE_CLIENT) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def _answer(sock: socket.socket) -> bytes:
    """What the server sent on ``sock`` (b"" when it closed it without a word); a blocked read is a failure."""
    sock.settimeout(10)
    chunks = []
    try:
        while chunk := sock.recv(4096):
            chunks.append(chunk)
    except ConnectionResetError:
        pass
    return b"".join(chunks)


def test_one_address_holds_at_most_its_share_of_connections_and_others_are_answered(serve):
    served = serve()
    clients = [SlowClient(served.port, body=bool(n % 4 == 0)) for n in range(4 * PER_ADDRESS)]
    try:
        # answered once the server has taken every earlier connection (it accepts them in the order they came)
        assert _get(served.port, timeout=15) == 200
        for client in clients[:PER_ADDRESS]:
            client.trickle()
        assert _get(served.port, timeout=15) == 200
        held = [client.still_open() for client in clients]
        another = SlowClient(served.port, body=False, source="127.0.0.3")  # another address is let in
        assert _get(served.port, timeout=15) == 200
        assert another.still_open()
        another.close()
    finally:
        for client in clients:
            client.close()
    assert held == [True] * PER_ADDRESS + [False] * (3 * PER_ADDRESS)  # the first 50 kept, the rest closed


def test_a_connection_past_the_bound_is_told_why(serve):
    served = serve(COMPANION_CONNECTIONS_PER_ADDRESS="3")
    kept = [_connect(served.port) for _ in range(3)]
    refused = _connect(served.port)  # sends nothing: it reads the answer whole (no reset for unread bytes)
    try:
        answer = _answer(refused)
        assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
        assert answer.endswith(BUSY.encode())
        assert _get(served.port, timeout=15) == 200  # from 127.0.0.1
    finally:
        for sock in [*kept, refused]:
            sock.close()


def test_a_trickling_request_is_closed_at_its_deadline_while_others_are_answered(serve):
    """A byte every half second keeps every connection busy (never idle for 30 s), yet each request must arrive
    within its deadline: with 2 s of grace, all the trickling ones are closed, and /healthz answered meanwhile."""
    served = serve(COMPANION_REQUEST_GRACE_SECONDS="2")
    clients = [SlowClient(served.port, body=bool(n % 4 == 0)) for n in range(40)]
    answers, rounds = [], 0
    try:
        while rounds < 120 and any(client.still_open() for client in clients):  # a count of rounds, not a clock
            rounds += 1
            for client in clients:
                try:
                    client.trickle()
                except OSError:  # closed by the server
                    pass
            answers.append(_get(served.port, timeout=15))
            threading.Event().wait(0.5)
        held = sum(client.still_open() for client in clients)
    finally:
        for client in clients:
            client.close()
    assert held == 0
    assert answers == [200] * rounds


def test_a_request_arriving_is_given_a_grace_and_a_second_per_min_rate_bytes():
    """The deadline on a clock the test sets: 2 s for the head, one more second per 16 KB it has sent."""
    bounds = Bounds(per_address=50, grace=2, min_rate=16 * 1024, held_bytes=10**9, held_per_address=10**9)
    request = GuardedRequest(companion_server_adjustments(), held=HeldBytes(bounds), address="127.0.0.2")
    request.started = 1000.0
    request.received(b"POST /api/score HTTP/1.1\r\nHost: x\r\n")
    assert not request.overdue(1001.9)
    assert request.overdue(1002.1)  # a byte now and then changes nothing: the head was due 2 s after it began
    request.received(b"Content-Length: 100000\r\n\r\n")
    request.received(b"x" * 32 * 1024)  # 32 KB of body: two seconds more
    assert not request.overdue(1003.9)
    assert request.overdue(1004.1)
    request.received(b"x" * (100000 - 32 * 1024))
    assert request.completed and not request.overdue(10**6)  # arrived whole: no deadline


def companion_server_adjustments():
    from waitress.adjustments import Adjustments

    settings, _ = companion_server.configure({})
    return Adjustments(**settings)


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("127.0.0.2", "127.0.0.2"),
        ("::ffff:192.0.2.7", "192.0.2.7"),  # an IPv4 client on an IPv6 socket
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),  # one machine's addresses: counted together
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("localhost", "localhost"),  # a Unix socket's
    ],
)
def test_connections_are_counted_per_address_and_per_ipv6_64(host, key):
    assert address_key(host) == key


# ---------------------------------------------------------------------------
# Issue 28, finding 8: bodies held while they arrive were bounded by nothing (10 held uploads of 20 MB:
# 200 MB of temporary files; at the connection limit about 21 GB)


def _temporary_bytes(pid: int) -> int:
    """The bytes of the deleted (temporary) files the process has open, as the kernel counts them."""
    total = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if os.readlink(fd).endswith("(deleted)"):
                total += os.stat(fd).st_size
        except OSError:
            continue
    return total


def _hold_upload(port: int, size: int, source: str = ONE_CLIENT) -> socket.socket:
    """An upload of ``size`` bytes that sends all but its last byte (or as much as the server takes)."""
    sock = _connect(port, source)
    sock.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % size)
    chunk, sent = b" " * (64 * 1024), 0
    try:
        while sent < size - 1:
            sent += sock.send(chunk[: min(len(chunk), size - 1 - sent)])
    except OSError:  # refused and closed by the server
        pass
    return sock


def _read_by_server(pid: int, upload: socket.socket, held: int) -> None:
    """Wait until the server has read an upload into its temporary files (``held`` bytes in all), or closed it."""
    for _ in range(600):  # a count of looks, not a clock
        if not _still_open(upload) or _temporary_bytes(pid) >= held:
            return
        threading.Event().wait(0.05)


def _still_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        sock.recv(1)
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts the server's temporary files in /proc")
def test_uploads_held_from_one_address_are_bounded_in_bytes_and_others_still_arrive(serve):
    largest = companion_server.largest_route_body()
    held_bytes = 2 * (largest + 64 * 1024)  # the least allowed: one address may hold half, the largest request
    served = serve(COMPANION_HELD_BYTES=str(held_bytes))
    size = largest // 5 - 4096  # five fit in one address's share (with their heads), a sixth does not
    uploads: list[socket.socket] = []
    try:
        for _ in range(8):  # one after the other: each read (or refused) before the next is sent
            uploads.append(_hold_upload(served.port, size))
            _read_by_server(served.pid, uploads[-1], sum(map(_still_open, uploads)) * (size - 1))
        assert _get(served.port, timeout=15) == 200  # the server has read what it was sent
        held = [_still_open(sock) for sock in uploads]
        on_disk = _temporary_bytes(served.pid)
        other = _hold_upload(served.port, size, source="127.0.0.3")  # another address's upload still arrives
        assert _get(served.port, timeout=15) == 200
        other_held = _still_open(other)
        other.sendall(b" ")  # its last byte: answered by the app (its own limit for the API: a sentence)
        other_answer = _answer(other)
        other.close()
    finally:
        for sock in uploads:
            sock.close()
    assert held == [True] * 5 + [False] * 3
    assert 5 * (size - 1) <= on_disk <= held_bytes // 2
    assert other_held
    # the app's own answer (the API's limit, a sentence), not the server's refusal
    assert other_answer.startswith(b"HTTP/1.1 400 ")
    assert other_answer.endswith(b'{"error": "The body is over 1024 KB: no request to this API needs that much."}\n')


def test_a_length_over_the_largest_route_limit_is_refused_before_the_body(serve):
    served = serve()
    largest = companion_server.largest_route_body()
    too_long = _connect(served.port)
    too_long.sendall(b"POST /leagues/import HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (largest + 1))
    largest_allowed = _connect(served.port)
    largest_allowed.sendall(b"POST /leagues/import HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % largest)
    try:
        assert _answer(too_long).startswith(b"HTTP/1.1 413 ")  # no body byte sent: refused at the head
        assert _get(served.port, timeout=15) == 200
        assert _still_open(largest_allowed)  # the largest a route takes is read, not refused
    finally:
        too_long.close()
        largest_allowed.close()


def test_the_servers_body_cap_is_at_least_every_routes_and_can_be_raised_not_lowered():
    from companion.api.routes import API_MAX_BODY
    from companion.history.routes import REQUEST_LIMIT
    from companion.leagues.backup_routes import _FORM_OVERHEAD, MAX_FILE_BYTES

    settings, bounds = companion_server.configure({})
    cap = settings["max_request_body_size"] - 1  # waitress refuses a length equal to its setting
    assert cap >= max(API_MAX_BODY, REQUEST_LIMIT, MAX_FILE_BYTES + _FORM_OVERHEAD, 64 * 1024)
    assert bounds.held_per_address >= cap + 64 * 1024  # the largest request (body and head) can always arrive
    _, least = companion_server.configure({"COMPANION_HELD_BYTES": str(2 * (cap + 64 * 1024))})
    assert least.held_per_address == cap + 64 * 1024
    raised, _ = companion_server.configure({"COMPANION_MAX_BODY_BYTES": str(cap * 2)})
    assert raised["max_request_body_size"] == cap * 2 + 1
    _, behind_a_proxy = companion_server.configure({"COMPANION_CONNECTIONS_PER_ADDRESS": "0"})
    assert behind_a_proxy.per_address == 0  # every client has the proxy's address: it bounds them
    assert behind_a_proxy.held_per_address == behind_a_proxy.held_bytes == bounds.held_bytes
    with pytest.raises(SystemExit, match="COMPANION_MAX_BODY_BYTES must be at least"):
        companion_server.configure({"COMPANION_MAX_BODY_BYTES": str(cap - 1)})
    with pytest.raises(SystemExit, match="COMPANION_HELD_BYTES must be at least"):
        companion_server.configure({"COMPANION_HELD_BYTES": str(cap)})
    with pytest.raises(SystemExit, match="COMPANION_HELD_BYTES must be at least"):
        companion_server.configure({"COMPANION_HELD_BYTES": str(2 * (cap + 64 * 1024) - 1)})
    with pytest.raises(SystemExit, match="COMPANION_REQUEST_GRACE_SECONDS must be at least 1"):
        companion_server.configure({"COMPANION_REQUEST_GRACE_SECONDS": "0"})
    with pytest.raises(SystemExit, match="COMPANION_CONNECTIONS_PER_ADDRESS must be a number"):
        companion_server.configure({"COMPANION_CONNECTIONS_PER_ADDRESS": "many"})


def test_held_bytes_are_bounded_in_all_and_per_address_and_given_back():
    bounds = Bounds(per_address=50, grace=20, min_rate=16 * 1024, held_bytes=100, held_per_address=60)
    held = HeldBytes(bounds)
    assert held.take("a", 60) is None
    assert held.take("a", 1) == connection_guard.BUSY  # a's share is spent
    assert held.take("b", 41) == connection_guard.FULL  # all of it would be
    assert held.take("b", 40) is None
    held.give("a", 60)
    assert held.take("b", 20) is None and held.total == 60 and dict(held.by_address) == {"b": 60}


def test_a_server_on_two_sockets_keeps_one_account():
    from waitress.adjustments import Adjustments

    settings, bounds = companion_server.configure({})
    adj = Adjustments(listen="127.0.0.1:0 127.0.0.1:0", **settings)
    first = connection_guard.GuardedServer.listening(lambda environ, start_response: [], bounds, adj)
    servers = [s for s in first._map.values() if isinstance(s, connection_guard.GuardedServer)]
    try:
        assert len(servers) == 2
        assert all(s.connections is first.connections and s.held is first.held for s in servers)
        assert servers[0].task_dispatcher is servers[1].task_dispatcher
    finally:
        for s in servers:
            s.close()
        first.task_dispatcher.shutdown()
