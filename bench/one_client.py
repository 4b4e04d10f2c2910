"""One client against the app's own server: 1,000 trickling request heads, or held uploads, from one address.

``python bench/one_client.py heads`` starts ``companion.server`` on 127.0.0.1
over a fresh SQLite database; from 127.0.0.2 (another address on loopback) it
opens ``--connections`` connections (1,000), each sending half a request
head and one more byte every ``--every`` seconds (10 s: an idle timeout never
fires). Meanwhile, from 127.0.0.1, it asks /healthz every ``--every`` seconds
for ``--seconds`` seconds and prints how many were answered and how fast, and
how many of the trickling connections the server still held at the end.

``python bench/one_client.py bodies`` holds ``--uploads`` uploads of
``--upload-mb`` MB from 127.0.0.2 (or from ``--addresses`` addresses; each
sends its whole body but the last byte) and prints the bytes of the server's temporary files, as the kernel
counts them (/proc/PID/fd), and how each upload was answered.

Loopback only; bounded in count (connections, uploads) and time (``--seconds``).
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
SERVER = "127.0.0.1"
CLIENT = "127.0.0.2"  # the one client's address: loopback, but not the address /healthz is asked from


def start_server(workdir: Path, extra_env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    instance = workdir / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(16)!r}\n")
    with socket.socket() as probe:
        probe.bind((SERVER, 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite'}", COMPANION_INSTANCE_PATH=str(instance),
               TMPDIR=str(workdir), **extra_env)
    command = [sys.executable, "-m", "companion.server", "--host", SERVER, "--port", str(port)]
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 (the server's: kept until it ends)
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        if healthz(port, 1) is not None:
            return process, port
        time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def healthz(port: int, timeout: float) -> float | None:
    """Seconds /healthz took from 127.0.0.1, or None when it was not answered within ``timeout``."""
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(SERVER, port, timeout=timeout)
        connection.request("GET", "/healthz")
        status = connection.getresponse().status
        connection.close()
    except OSError:
        return None
    return time.perf_counter() - started if status == 200 else None


def still_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        sock.recv(1)  # an answer, or b"" for a closed connection: not held
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def connect(port: int, source: str = CLIENT) -> socket.socket | None:
    try:
        return socket.create_connection((SERVER, port), timeout=5, source_address=(source, 0))
    except OSError:
        return None


def heads(port: int, args: argparse.Namespace) -> None:
    held = [sock for sock in (connect(port) for _ in range(args.connections)) if sock is not None]
    for sock in held:
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        except OSError:
            pass
    print(f"{len(held)} of {args.connections} connections opened from {CLIENT}, each half a head")
    times: list[float | None] = []
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        round_started = time.monotonic()
        for sock in held:  # one more byte each: never idle for the server's idle timeout
            try:
                sock.send(b"a")
            except OSError:
                pass
        times.append(healthz(port, args.timeout))
        time.sleep(max(0.0, args.every - (time.monotonic() - round_started)))
    still = sum(still_open(sock) for sock in held)
    for sock in held:
        sock.close()
    answered = sorted(t for t in times if t is not None)
    line = f"/healthz from {SERVER}: answered {len(answered)} of {len(times)}"
    if answered:
        line += f" (median {answered[len(answered) // 2] * 1000:.1f} ms, worst {answered[-1] * 1000:.1f} ms)"
    print(line)
    print(f"trickling connections still held by the server after {args.seconds:.0f} s: {still} of {len(held)}")


def temp_file_bytes(pid: int) -> int:
    """The bytes of the deleted (temporary) files the process has open."""
    total = 0
    fd_dir = Path(f"/proc/{pid}/fd")
    for fd in fd_dir.iterdir():
        try:
            if os.readlink(fd).endswith("(deleted)"):
                total += os.stat(fd).st_size
        except OSError:
            continue
    return total


def bodies(port: int, pid: int, args: argparse.Namespace) -> None:
    size = args.upload_mb * 1024 * 1024
    chunk = b"x" * (256 * 1024)
    held: list[socket.socket] = []
    sources = [f"127.0.0.{2 + n}" for n in range(args.addresses)]
    for index in range(args.uploads):
        sock = connect(port, sources[index % len(sources)])
        if sock is None:
            continue
        held.append(sock)
        try:
            sock.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n" % size)
            sent = 0
            while sent < size - 1:
                sent += sock.send(chunk[: min(len(chunk), size - 1 - sent)])
        except OSError:
            pass
    time.sleep(2)  # the server reads what the kernel holds
    print(f"{args.uploads} uploads of {args.upload_mb} MB held from {args.addresses} address(es) (all but the last byte sent): "
          f"server's temporary files {temp_file_bytes(pid) / 1024 / 1024:.1f} MB")
    answers: dict[str, int] = {}
    for sock in held:
        sock.settimeout(0.5)
        try:
            first = sock.recv(64).split(b"\r\n", 1)[0].decode("latin-1") or "closed"
        except TimeoutError:
            first = "still held"
        except OSError:
            first = "closed"
        answers[first] = answers.get(first, 0) + 1
        sock.close()
    print(f"their answers: {answers}; /healthz meanwhile: {healthz(port, args.timeout)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("heads", "bodies"))
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--every", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=70.0)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--uploads", type=int, default=10)
    parser.add_argument("--upload-mb", type=int, default=20)
    parser.add_argument("--addresses", type=int, default=1, help="bodies: from this many addresses (127.0.0.2...)")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server's environment")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="companion-one-client-"))
    process, port = start_server(workdir, dict(item.split("=", 1) for item in args.env))
    try:
        print(f"idle: /healthz {healthz(port, args.timeout)}")
        if args.mode == "heads":
            heads(port, args)
        else:
            bodies(port, process.pid, args)
    finally:
        process.terminate()
        process.wait(timeout=20)
        log = (workdir / "server.log").read_text(errors="replace")
        print(f"server log {workdir / 'server.log'}: {log.count('Traceback')} tracebacks")


if __name__ == "__main__":
    main()
