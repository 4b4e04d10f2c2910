"""A go-down past the checker's budget at 360 px: its sentence where the ruling goes, in English and Spanish."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.rules import godown

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}
MELDS = "/check?ruleset=contract&deal=1&melds=7H+7S+7D+%7C+8C+8D+JK"


@pytest.mark.parametrize(
    ("locale", "sentence"),
    [
        ("en-US", "This go-down can be read in too many ways to check them all."),
        ("es-CL", "Esta bajada"),
    ],
)
@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE)
def test_a_go_down_past_the_budget_says_so_where_the_ruling_goes(page: Page, look, monkeypatch, locale, sentence):
    monkeypatch.setattr(godown, "CHECK_BUDGET", 5)  # the served app runs in this process
    page.context.set_extra_http_headers({"Accept-Language": locale})
    page.goto(MELDS)
    ruling = page.locator("#ruling .error")
    expect(ruling).to_contain_text(sentence)
    ruling.scroll_into_view_if_needed()
    look(f"checker-too-big-{locale}")
