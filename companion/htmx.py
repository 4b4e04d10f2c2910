"""htmx requests: an htmx swap is answered with a fragment, a plain request with the whole page."""

from __future__ import annotations

from flask import request


def is_htmx() -> bool:
    """Whether htmx made the request (it sends ``HX-Request: true``), so a fragment is what it swaps in."""
    return request.headers.get("HX-Request") == "true"
