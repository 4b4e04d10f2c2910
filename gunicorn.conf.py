"""gunicorn's settings for the race tests and benchmarks that want several processes (not the app's server).

The app is served by waitress with ``companion/server.py``'s settings (``make
run``, the README's serving command): gunicorn's threaded workers give a
connection a thread at its first byte, with no read timeout after it, so
slow clients could hold them (README, Performance: "Slow clients").
bench/live.py and bench/slow_clients.py use this file to compare.
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
