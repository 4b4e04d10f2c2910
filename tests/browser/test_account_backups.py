"""The owner's account page at 360 px: when the last automatic backup was taken, a button to download it, and the
version, in English and Spanish."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from companion import autobackup
from companion.extensions import db

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def a_backup(live_app, tmp_path):
    """An automatic backup taken on 28 November at 04:00 UTC, in an instance folder of the test's own."""
    kept = live_app.instance_path
    live_app.instance_path = str(tmp_path)
    with live_app.app_context():
        path = autobackup.take(db.engine, autobackup.folder(tmp_path), now=dt.datetime(2026, 11, 28, 4, tzinfo=dt.UTC))
    yield path
    live_app.instance_path = kept


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE, locale="en-US", timezone_id="UTC")
def test_the_owner_sees_and_downloads_the_last_backup(page: Page, look, a_backup) -> None:
    page.goto("/account")
    panel = page.get_by_role("region", name="Backups")
    expect(panel).to_contain_text("Last backup: ")
    expect(panel.locator("time")).to_have_attribute("datetime", "2026-11-28T04:00:00Z")
    button = panel.get_by_role("link", name="Download the last backup")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb's target
    with page.expect_download() as download:
        button.click()
    assert download.value.suggested_filename == a_backup.name
    expect(page.get_by_text("Rummy Companion, version 1.0.0")).to_be_visible()
    panel.scroll_into_view_if_needed()
    look("account-backups")


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE, locale="es-CL", timezone_id="UTC")
def test_the_backups_panel_in_spanish(page: Page, look, a_backup) -> None:
    page.goto("/account")
    panel = page.get_by_role("region", name="Copias de seguridad")
    expect(panel).to_contain_text("Última copia de seguridad: ")
    expect(panel.get_by_role("link", name="Descargar la última copia de seguridad")).to_be_visible()
    expect(page.get_by_text("Rummy Companion, versión 1.0.0")).to_be_visible()
    panel.scroll_into_view_if_needed()
    look("account-backups-spanish")
