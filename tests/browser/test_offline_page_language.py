"""The service worker's "offline" page (static/sw.js) in the language of the last page the phone showed: a Spanish
phone that opens a page it never kept, with no connection, reads Spanish; an English phone the English it always read.
On localhost (a secure context, so the worker runs)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser]


def _offline_page_of(browser, base_url, **context_args) -> tuple[str, str, str]:  # noqa: ANN001
    """Open the rules list, let the worker keep its words, cut the connection and open a page never kept:
    that page's language, heading and text."""
    context = browser.new_context(base_url=base_url, **context_args)
    try:
        page = context.new_page()
        page.goto("/rules/")
        assert page.evaluate("window.isSecureContext")
        page.wait_for_function("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        page.reload()  # a page the worker controls hands it the words
        page.wait_for_function(
            "() => caches.open('rummy-words-v1').then(c => c.match('/offline-words')).then(found => !!found)"
        )
        context.set_offline(True)
        page.goto("/rules/shanghai")
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_be_visible()
        return page.evaluate("document.documentElement.lang"), heading.inner_text(), page.locator("p").inner_text()
    finally:
        context.close()


def test_a_spanish_phone_reads_the_offline_page_in_spanish(browser, base_url, live_app) -> None:
    assert _offline_page_of(browser, base_url, locale="es-CL") == (
        "es",
        "Sin conexión",
        "Esta página todavía no está en este teléfono. Abre una vez la página de la partida mientras tengas conexión.",
    )


def test_an_english_phone_reads_it_in_english(browser, base_url, live_app) -> None:
    assert _offline_page_of(browser, base_url, locale="en-GB") == (
        "en",
        "No connection",
        "This page isn't on this phone yet. Open the game page once while connected.",
    )
