"""Finding 10: a few slow clients can't make the app unreachable.

gunicorn, started with the project's ``gunicorn.conf.py`` on loopback, is
held by a dozen slow clients that each send a request's head a few bytes at
a time and never finish it (a "slowloris"); meanwhile ordinary requests are
still answered. With the sync workers served before, three such clients
made the app unreachable. The test is bounded: twelve connections, twenty
ordinary requests, and every socket has a timeout, so it stops by itself.
"""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from tests.conftest import free_port, venv_tool

ROOT = Path(__file__).resolve().parent.parent
SLOW_CLIENTS = 12
REQUESTS = 20


@pytest.fixture
def gunicorn(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(16)!r}\n")
    env = {k: v for k, v in os.environ.items() if k not in ("COMPANION_HTTPS", "GUNICORN_CMD_ARGS")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'slow.sqlite'}", COMPANION_INSTANCE_PATH=str(instance))
    port = free_port()
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(
        [venv_tool("gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"), "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "companion:create_app()"],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(300):
            if process.poll() is not None:
                raise AssertionError((tmp_path / "gunicorn.log").read_text())
            try:
                if _get(port, timeout=2) == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError("gunicorn did not start")
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


def _slowloris(port: int, stop: threading.Event, started: threading.Semaphore) -> None:
    """A client that sends a request's head a few bytes at a time and never finishes it."""
    announced = False
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            started.release()
            announced = True
            while not stop.wait(0.5):
                sock.sendall(b"X-a: b\r\n")
    except OSError:
        pass  # the server may close a stalled connection: that is allowed
    finally:
        if not announced:  # refused before it started: the test need not wait for it
            started.release()


def test_a_dozen_slow_clients_leave_the_app_reachable(gunicorn):
    stop = threading.Event()
    started = threading.Semaphore(0)
    holders = [
        threading.Thread(target=_slowloris, args=(gunicorn, stop, started), daemon=True) for _ in range(SLOW_CLIENTS)
    ]
    for holder in holders:
        holder.start()
    try:
        for _ in range(SLOW_CLIENTS):  # every slow client has connected and started its request (no clock)
            started.acquire()
        answers = []
        for _ in range(REQUESTS):
            try:
                answers.append(_get(gunicorn, timeout=15))
            except OSError as error:  # a request not answered at all (the old sync workers, held by three)
                answers.append(repr(error))
                break
    finally:
        stop.set()
        for holder in holders:
            holder.join(timeout=15)
    assert answers == [200] * REQUESTS
