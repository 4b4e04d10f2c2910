"""The checker's chips on Phase 10's deck: a number card keeps its code drawn in its colour, a Wild and a Skip are
said in words (in the page's language)."""

from __future__ import annotations

from pages import parse


def chips(client, headers=None):
    page = client.get("/check?ruleset=phase10&deal=1&melds=1R+W+SKIP+%7C+2B", headers=headers or {})
    return [(chip.attrs["class"], chip.text) for chip in parse(page.get_data(as_text=True)).find_all("button", cls="chip")]


def test_the_chips_draw_phase_10_cards_in_their_colours(client):
    found = chips(client)
    assert [(classes.split()[1], text.replace("×", "").strip()) for classes, text in found] == [
        ("colour-R", "1R"), ("suit-JK", "Wild"), ("suit-JK", "Skip"), ("colour-B", "2B"),
    ]


def test_a_wild_and_a_skip_chip_in_spanish(client):
    texts = [text.replace("×", "").strip() for _, text in chips(client, {"Accept-Language": "es"})]
    assert texts == ["1R", "Comodín", "Salto", "2B"]
