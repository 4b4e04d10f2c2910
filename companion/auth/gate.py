"""The gate before every request: the owner's setup on first run, and sign-in for the private pages.

Public without an account: the rules pages and the JSON API (they store
nothing), watch links, sign-in and invitations, the language switch, static files and the web app manifest.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, current_app, redirect, request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from .service import has_accounts

PUBLIC_BLUEPRINTS = {"api", "rules_ui", "watch", "auth"}
PUBLIC_ENDPOINTS = {"static", "main.health", "main.service_worker", "main.manifest", "main.language"}


def _redirect(target: str) -> Response:
    if request.headers.get("HX-Request") == "true":
        response = Response(status=204)
        response.headers["HX-Redirect"] = target  # htmx follows it as a full page load
        return response
    return redirect(target, code=303 if request.method == "POST" else 302)


def _gate() -> Response | None:
    endpoint = request.endpoint
    if endpoint is None or endpoint in PUBLIC_ENDPOINTS or endpoint.startswith("api."):
        return None  # no such page (a 404 follows), or a public one
    if not current_app.extensions.get("has_accounts"):
        if has_accounts():
            current_app.extensions["has_accounts"] = True  # an owner, once made, stays
        elif endpoint != "auth.setup":
            return _redirect(url_for("auth.setup"))
        else:
            return None
    blueprint = endpoint.split(".", 1)[0]
    if blueprint in PUBLIC_BLUEPRINTS or current_user.is_authenticated:
        return None
    return _redirect(url_for("auth.login", next=_came_from()))


def _came_from() -> str | None:
    """The page to come back to after signing in: this one, or the page a form or fragment was sent from.

    Coming back to a form's URL would be a GET of a POST-only route (a 405),
    and to an htmx poll's URL (``?since=``) a 204 that leaves the phone on
    the sign-in page.
    """
    if request.method in ("GET", "HEAD") and request.headers.get("HX-Request") != "true":
        return request.full_path.rstrip("?")
    parts = urlsplit(request.headers.get("HX-Current-URL") or request.referrer or "")
    if parts.netloc != request.host or not parts.path.startswith("/"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def install(app: Flask) -> None:
    app.before_request(_gate)
