"""Absolute links that leave the site (watch links, invitations, their QR codes), from one public origin.

A link shown to be shared is built from the configured ``COMPANION_ORIGIN``
(for example ``https://rummy.example`` behind a proxy, or
``http://192.168.1.20:8000`` on a home network), never from the request's
``Host`` or ``X-Forwarded-Host`` headers: anyone can send those, and a
page kept in the page cache would hand the sender's host to every later
reader. Without the setting, the origin is the address the server itself
is listening on (the WSGI server's own ``SERVER_NAME`` and ``SERVER_PORT``,
which come from its socket, not from the request), with a wildcard address
(``0.0.0.0``) read as this machine's address on its network.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for


class OriginError(ValueError):
    """A ``COMPANION_ORIGIN`` that is not a plain ``http(s)://host[:port]``."""


def checked_origin(value: str) -> str:
    """``value`` as an origin without a trailing slash; :class:`OriginError` saying what is wrong otherwise.

    >>> checked_origin("https://rummy.example/")
    'https://rummy.example'
    >>> checked_origin("http://192.168.1.20:8000")
    'http://192.168.1.20:8000'
    """
    text = value.strip().rstrip("/")
    if not _is_plain_origin(text):
        raise OriginError(
            f"COMPANION_ORIGIN must look like https://rummy.example or http://192.168.1.20:8000, not {value!r}."
        )
    return text


def _is_plain_origin(text: str) -> bool:
    """Whether ``text`` is ``http(s)://host[:port]`` and nothing more: no path, query, fragment, user or control character."""
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        return False
    return (
        parts.scheme in ("http", "https")
        and bool(parts.hostname)
        and not (parts.path or parts.query or parts.fragment)
        and parts.username is None
        and not any(ord(char) <= 32 or ord(char) == 127 for char in text)
    )


#: A documentation-only address (TEST-NET-1, RFC 5737): "connecting" a UDP socket to it sends nothing; it
#: only asks the routing table which of this machine's addresses faces the network.
_ROUTE_PROBE = ("192.0.2.1", 9)


def network_address() -> str | None:
    """This machine's IPv4 address on its network (the one its default route leaves from), or ``None``.

    A phone on the same Wi-Fi reaches the machine there. Nothing is sent:
    a UDP socket's ``connect`` only picks the route. With no route (no
    network), the addresses the host name resolves to are tried.
    """
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        candidates += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    for candidate in candidates:
        address = ipaddress.ip_address(candidate)
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            return candidate
    return None


@functools.lru_cache(maxsize=1)
def _this_machine() -> str:
    """This machine's address on its network (for a server listening on every address)."""
    return network_address() or "127.0.0.1"


def _listening_origin() -> str:
    """The address the server was started on, from the server's own socket (never a request header)."""
    environ = request.environ
    host = str(environ.get("SERVER_NAME") or "localhost")
    port = str(environ.get("SERVER_PORT") or "")
    if host in ("0.0.0.0", "::", ""):
        host = _this_machine()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    scheme = "https" if current_app.config.get("SESSION_COOKIE_SECURE") else "http"
    default = "443" if scheme == "https" else "80"
    return f"{scheme}://{host}" if port in ("", default) else f"{scheme}://{host}:{port}"


def public_origin() -> str:
    """The origin shared links start with: ``COMPANION_ORIGIN``, or the address the server listens on."""
    configured = current_app.config.get("COMPANION_ORIGIN")
    return checked_origin(configured) if configured else _listening_origin()


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute URL of ``endpoint`` to share (a watch link, an invitation), on :func:`public_origin`."""
    return public_origin() + url_for(endpoint, **values)
