"""/healthz while slow clients are held: the project's server against gunicorn's threaded workers.

``python bench/slow_clients.py`` starts each server on 127.0.0.1 over a fresh
SQLite database, measures 100 sequential /healthz requests idle, then holds
200 slow connections (100 sending half a request head, 100 promising a body
and sending its first bytes; from eight loopback addresses, as many phones)
and measures again. A request not answered in
``--timeout`` seconds counts as that long. Loopback only, bounded counts.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from support import free_port, tool  # noqa: E402

SERVERS = {
    "waitress (companion.server)": lambda port: [sys.executable, "-m", "companion.server", "--port", str(port)],
    "gunicorn gthread (3 x 16)": lambda port: [tool("gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"),
                                               "--bind", f"127.0.0.1:{port}", "companion:create_app()"],
}


def healthz(port: int, timeout: float) -> float:
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        connection.close()
    except OSError:
        return timeout
    return time.perf_counter() - started


def percentiles(port: int, count: int, timeout: float) -> str:
    times = sorted(healthz(port, timeout) for _ in range(count))
    return f"p50 {times[len(times) // 2] * 1000:.1f} ms, p99 {times[int(len(times) * 0.99)] * 1000:.1f} ms"


def hold(port: int, count: int) -> list[socket.socket]:
    held = []
    for index in range(count):
        # from eight addresses (127.0.0.10-17, loopback too): one address's connections are bounded (50)
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(f"127.0.0.{10 + index % 8}", 0))
        if index % 2:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        else:
            sock.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n\r\n{\"ru")
        held.append(sock)
    return held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    for name, command in SERVERS.items():
        workdir = Path(tempfile.mkdtemp(prefix="companion-slow-"))
        instance = workdir / "instance"
        instance.mkdir()
        (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(16)!r}\n")
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite'}", COMPANION_INSTANCE_PATH=str(instance))
        port = free_port()
        process = subprocess.Popen(command(port), env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                if healthz(port, 1) < 1:
                    break
                time.sleep(0.2)
            print(f"{name}: idle {percentiles(port, args.requests, args.timeout)}")
            held = hold(port, args.slow)
            try:
                print(f"{name}: {args.slow} slow connections held: {percentiles(port, args.requests, args.timeout)}")
            finally:
                for sock in held:
                    sock.close()
        finally:
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    main()
