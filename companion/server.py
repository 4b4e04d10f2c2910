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

What waitress lacks, :mod:`companion.connection_guard` adds around its own
server: a bound on one address's connections (50), a deadline for each
request's head and body (20 s from its first byte, plus a second per 16 KB
received), and a bound on the bytes of requests held before they are
answered (4 times the largest body, half of that for one address). Before
it, 1,000 heads from one address trickling a byte every 10 s left /healthz
unanswered (0 of 7) for as long as they were held; environment variables
change the bounds (:func:`configure`; README, "Serving for real").

One process: a request's cost is bounded (the solver's budget, the API's
and forms' size limits), so threads are enough for a family's phones; a
heavier load is the race tests' and benches' gunicorn (several processes).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
from collections.abc import Mapping
from typing import Any

from .connection_guard import Bounds, GuardedServer

SETTINGS: dict[str, Any] = {
    "threads": 16,
    # connections held at once (each a socket and a buffer, no thread): hundreds of slow phones or a slowloris
    "connection_limit": 1000,
    # a connection that sends nothing for this long is closed (checked every cleanup_interval seconds)
    "channel_timeout": 30,
    # a request's head: the same order as gunicorn's bounds were (a line of 4 KB, 60 headers of 8 KB)
    "max_request_header_size": 64 * 1024,
    # a body is kept in memory up to this size, then in a temporary file: many slow uploads can't fill memory
    "inbuf_overflow": 256 * 1024,
    "ident": "rummy-companion",
}

#: Environment variables that change the bounds (``make run`` passes its environment to the server).
MAX_BODY_VARIABLE = "COMPANION_MAX_BODY_BYTES"
PER_ADDRESS_VARIABLE = "COMPANION_CONNECTIONS_PER_ADDRESS"
HELD_VARIABLE = "COMPANION_HELD_BYTES"
GRACE_VARIABLE = "COMPANION_REQUEST_GRACE_SECONDS"


def largest_route_body() -> int:
    """The largest body any route takes: the app's own limit, or a route's larger one (a league backup's
    upload, a history import's, the JSON API's). The server refuses more (413) before reading it; each route still checks its own."""
    from .api.routes import API_MAX_BODY
    from .history.routes import REQUEST_LIMIT as HISTORY_IMPORT_BODY
    from .leagues.backup_routes import _FORM_OVERHEAD, MAX_FILE_BYTES

    return max(API_MAX_BODY, HISTORY_IMPORT_BODY, MAX_FILE_BYTES + _FORM_OVERHEAD)


def _number(environ: Mapping[str, str], name: str, default: float) -> float:
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise SystemExit(f"{name} must be a number, not {text!r}.") from None
    if value < 0:
        raise SystemExit(f"{name} must not be negative.")
    return value


def configure(environ: Mapping[str, str], app_max_content_length: int = 0) -> tuple[dict[str, Any], Bounds]:
    """Waitress's settings and the guard's :class:`Bounds`, with any the environment changes.

    The body cap is at least the largest body a route takes (a smaller one would refuse what the app
    accepts); every bound on held bytes lets the largest body through."""
    largest = max(largest_route_body(), app_max_content_length)
    max_body = int(_number(environ, MAX_BODY_VARIABLE, largest))
    if max_body < largest:
        raise SystemExit(f"{MAX_BODY_VARIABLE} must be at least {largest} bytes: a route takes bodies that large.")
    largest_request = max_body + SETTINGS["max_request_header_size"]
    held = int(_number(environ, HELD_VARIABLE, 4 * max_body))
    if held < 2 * largest_request:
        raise SystemExit(f"{HELD_VARIABLE} must be at least {2 * largest_request} bytes (twice the largest request).")
    grace = _number(environ, GRACE_VARIABLE, 20)
    if grace < 1:
        raise SystemExit(f"{GRACE_VARIABLE} must be at least 1 (second).")
    per_address = int(_number(environ, PER_ADDRESS_VARIABLE, 50))
    bounds = Bounds(
        per_address=per_address,
        grace=grace,
        min_rate=16 * 1024,  # 128 kbit/s: a phone on a poor Wi-Fi sends more, a trickle much less
        held_bytes=held,
        # one address never holds it all, so others' requests still arrive; with no bound on one address's
        # connections (behind a proxy: every client has the proxy's address) none on its bytes either
        held_per_address=held // 2 if per_address else held,
    )
    settings = {
        **SETTINGS,
        # waitress refuses (413) a Content-Length over this before reading the body, a chunked body as it passes it
        "max_request_body_size": max_body + 1,  # waitress refuses a length equal to its setting
        # idle connections and requests past their deadline are closed every this many seconds
        "cleanup_interval": max(1, min(10, int(grace // 4))),
    }
    return settings, bounds


def serve(host: str, port: int) -> None:
    """Serve ``companion:create_app()`` on ``host:port`` until stopped (Ctrl+C)."""
    from waitress.adjustments import Adjustments

    from . import autobackup, create_app

    # SIGTERM (a container's stop, systemd's) ends the server as Ctrl+C does: as a container's first process it
    # would otherwise be ignored, and the stop would wait for a SIGKILL.
    signal.signal(signal.SIGTERM, _stop)
    app = create_app()
    settings, bounds = configure(os.environ, app.config.get("MAX_CONTENT_LENGTH") or 0)
    logging.basicConfig()
    server = GuardedServer.listening(app, bounds, Adjustments(host=host, port=port, **settings))
    autobackup.start(app)  # a backup today if none was taken, then one a day (instance/backups)
    server.print_listen("Serving on http://{}:{}")
    server.run()


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
