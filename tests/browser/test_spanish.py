"""The translated pages in Spanish on the narrowest phone (360 px): nothing scrolls sideways, axe finds nothing
serious, the language switch's buttons are big enough to tap, and it changes the page's language.

Spanish runs about a quarter longer than English; each page is screenshotted into artifacts/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}  # the narrowest phone we design for
SPANISH_PHONE = {"viewport": NARROW, "screen": NARROW, "locale": "es-CL"}  # asks for es-CL (Accept-Language)


def switch_buttons_are_tappable(page: Page) -> None:
    for button in page.locator("footer .language-switch button").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box


@pytest.mark.browser_context_args(**SPANISH_PHONE)
def test_the_signed_in_pages_in_spanish_at_360_px(page: Page, look) -> None:
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("Tu compañero de Rummy")
    expect(page.get_by_role("navigation", name="Principal").get_by_role("link")).to_have_text(["Ligas", "Reglas", "Cuenta"])
    switch_buttons_are_tappable(page)
    look("home")

    page.goto("/account")
    expect(page.get_by_role("heading", name="Invitar a alguien")).to_be_visible()
    page.get_by_label("o un jugador nuevo (antes de cualquier partida)").fill("Abuela Rosa")
    page.get_by_role("button", name="Crear un enlace de invitación").click()
    expect(page.get_by_text("Manda este enlace a Abuela Rosa (sirve una sola vez, durante 7 días):")).to_be_visible()
    look("account")

    page.goto("/no-such-page")
    expect(page.get_by_role("heading", level=1)).to_have_text("No está aquí")
    look("not-found")


@pytest.mark.browser_context_args(**SPANISH_PHONE)
def test_the_switch_turns_a_page_to_english_and_back(page: Page, look, owners_language_forgotten) -> None:
    page.goto("/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_role("button", name="English").click()
    expect(page).to_have_url(re.compile(r"/rules/$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link").first).to_have_text("Leagues")
    page.get_by_role("button", name="Español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")


def test_the_signed_out_pages_in_spanish_at_360_px(browser, base_url, live_app, look) -> None:
    from companion.auth import service
    from companion.extensions import db
    from companion.models import User

    with live_app.test_request_context():
        token = service.create_invite(db.session.get(User, live_app.config["OWNER_ID"])).token
    context = browser.new_context(base_url=base_url, **SPANISH_PHONE)
    try:
        phone = context.new_page()
        phone.goto("/login")
        expect(phone.get_by_role("heading", level=1)).to_have_text("Entrar")
        phone.get_by_label("Nombre").fill("Nadie")
        phone.get_by_label("Contraseña").fill("no es la contraseña")
        phone.get_by_role("main").get_by_role("button", name="Entrar").click()
        expect(phone.locator("#password-error")).to_have_text("Ese nombre y esa contraseña no corresponden a ninguna cuenta.")
        switch_buttons_are_tappable(phone)
        look("sign-in-refused", page=phone)

        phone.goto(f"/invite/{token}")
        expect(phone.get_by_role("heading", level=1)).to_have_text("Únete a la mesa")
        phone.get_by_role("button", name="Crear la cuenta").click()
        expect(phone.locator("#username-error")).to_have_text("Elige un nombre para entrar.")
        expect(phone.locator("#password-error")).to_have_text("Una contraseña necesita al menos 10 caracteres.")
        look("invitation-refused", page=phone)
    finally:
        context.close()
