"""Slow clients are harmless: the app's own server answers others while hundreds are held open.

The server ``make run`` and the README start (``python -m companion.server``,
waitress with the project's settings) runs on loopback. 120 clients each send
half a request head and keep adding a header line now and then, never
finishing it (a "slowloris"); 30 more promise a body and send only its first
bytes. While all 150 are provably still open (each checks its socket after
the ordinary requests), 20 ordinary requests must each be answered. The
threaded gunicorn served before answered none of them within 15 s once about
40 such clients held its threads: it gave a thread to a connection at its
first byte, with no read timeout after. Bounded: every socket has a timeout,
and the clients stop when the test ends.
"""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent
HALF_HEADS = 120
HALF_BODIES = 30
REQUESTS = 20


def server_command(port: int) -> list[str]:
    return [sys.executable, "-m", "companion.server", "--host", "127.0.0.1", "--port", str(port)]


@pytest.fixture
def server(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(16)!r}\n")
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_HTTPS"}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'slow.sqlite'}", COMPANION_INSTANCE_PATH=str(instance))
    port = free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(server_command(port), env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):  # up to 300 tries, a count, not a clock
            if process.poll() is not None:
                raise AssertionError((tmp_path / "server.log").read_text())
            try:
                if _get(port, timeout=2) == 200:
                    break
            except OSError:
                threading.Event().wait(0.2)
        else:
            raise AssertionError("the server did not start")
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


def _get(port: int, timeout: float) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status
    finally:
        connection.close()


class SlowClient:
    """One connection that started a request and never finishes it: half a head, or a head and part of a body."""

    def __init__(self, port: int, *, body: bool) -> None:
        self.body = body
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
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
    clients = [SlowClient(server, body=False) for _ in range(HALF_HEADS)]
    clients += [SlowClient(server, body=True) for _ in range(HALF_BODIES)]
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
