"""Rendered game pages, kept per (game, revision) so a page is rendered once per change.

A game page is the same for every reader except for the CSRF token in its
forms, so the token is taken out before a page is kept and the reader's own
token is put back when it is served. Every write to a game raises its
revision (:func:`companion.games.history.touch`), so a kept page is never
stale: a new revision is a new key. Each app (and each worker) keeps its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import current_app
from flask_wtf.csrf import generate_csrf

_TOKEN = "\x00csrf\x00"


class PageCache:
    """A small least-recently-used store of rendered pages, safe across threads."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._pages: OrderedDict[tuple[object, ...], str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> str | None:
        """The page for ``key`` with this reader's CSRF token, or ``None``."""
        with self._lock:
            page = self._pages.get(key)
            if page is None:
                return None
            self._pages.move_to_end(key)
        return page.replace(_TOKEN, generate_csrf())

    def put(self, key: tuple[object, ...], html: str) -> None:
        """Keep a page rendered for this reader (their token is taken out)."""
        page = html.replace(generate_csrf(), _TOKEN)
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()


def page_cache() -> PageCache:
    """This app's page cache."""
    return current_app.extensions.setdefault("game_pages", PageCache())
