"""The web server the app is served with: waitress, with this project's settings (``python -m companion.server``).

Why waitress: it reads every request whole (head and body) in one event
loop before a thread takes it, so a slow or stalled client holds a socket
and a little memory, never a thread. gunicorn's threaded workers hand a
thread a connection as soon as its first byte arrives, with no read timeout
after that: 30 to 48 connections sending half a request head kept most other
requests waiting for as long as they stayed open. Measured on 127.0.0.1
(bench/slow_clients.py): with 200 such connections held, gunicorn answered
no /healthz within 20 s; waitress answered at p50 1.3 ms and p99 3.3 ms, as
idle (1.2 and 3.8 ms). It is pure Python, so it installs wherever the app
does (a Raspberry Pi included), and is well kept.

One process: a request's cost is bounded (the solver's budget, the API's
and forms' size limits), so threads are enough for a family's phones; a
heavier load is the race tests' and benches' gunicorn (several processes).
"""

from __future__ import annotations

import argparse
import signal
from typing import Any

#: The largest body the app accepts (a league backup of 20 MB and its form); waitress refuses more while
#: reading it, before any thread or the app sees it.
MAX_BODY = 21 * 1024 * 1024

SETTINGS: dict[str, Any] = {
    "threads": 16,
    # connections held at once (each a socket and a buffer, no thread): hundreds of slow phones or a slowloris
    "connection_limit": 1000,
    # a connection that sends nothing for this long is closed (checked every cleanup_interval seconds)
    "channel_timeout": 30,
    "cleanup_interval": 10,
    # a request's head: the same order as gunicorn's bounds were (a line of 4 KB, 60 headers of 8 KB)
    "max_request_header_size": 64 * 1024,
    "max_request_body_size": MAX_BODY,
    # a body is kept in memory up to this size, then in a temporary file: many slow uploads can't fill memory
    "inbuf_overflow": 256 * 1024,
    "ident": "rummy-companion",
}


def serve(host: str, port: int) -> None:
    """Serve ``companion:create_app()`` on ``host:port`` until stopped (Ctrl+C)."""
    import waitress

    from . import create_app

    from . import autobackup

    # SIGTERM (a container's stop, systemd's) ends the server as Ctrl+C does: as a container's first process it
    # would otherwise be ignored, and the stop would wait for a SIGKILL.
    signal.signal(signal.SIGTERM, _stop)
    app = create_app()
    autobackup.start(app)  # a backup today if none was taken, then one a day (instance/backups)
    waitress.serve(app, host=host, port=port, **SETTINGS)


def _stop(_signal: int, _frame: object) -> None:
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the companion with the project's waitress settings.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    serve(args.host, args.port)


if __name__ == "__main__":
    main()
