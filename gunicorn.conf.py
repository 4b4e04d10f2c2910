"""gunicorn's settings for serving the companion (``gunicorn -c gunicorn.conf.py "companion:create_app()"``).

One file for every way the app is served (README's serving command, ``make
run``, the slow-client and race tests), so they can't drift apart. The
address comes from the command line (``--bind``) or ``GUNICORN_CMD_ARGS``.

Why threads: a sync worker is held by one connection from its first byte to
its last, so three phones on a weak signal (or anyone sending a request a
byte at a time) once made the app unreachable. A ``gthread`` worker waits
for connections in one poller and hands a thread only a connection that has
sent data, so it takes ``workers × threads`` stalled clients at once to
keep a request waiting (48 with these numbers); ``tests/test_slow_clients.py``
holds a dozen open while phones keep being served. On the open internet,
put a buffering proxy (nginx, Caddy) in front as well.
"""

import os

worker_class = "gthread"
workers = int(os.environ.get("COMPANION_WORKERS", "3"))
threads = int(os.environ.get("COMPANION_THREADS", "16"))
# A request that runs longer than this is stopped (the worker is replaced); no page takes a second.
timeout = 30
graceful_timeout = 20
# An idle kept-alive connection is closed after this long, freeing its place in the poller.
keepalive = 5
# Bounds on a request's head (the body is bounded by the app's MAX_CONTENT_LENGTH and its forms).
limit_request_line = 4094
limit_request_fields = 60
limit_request_field_size = 8190
