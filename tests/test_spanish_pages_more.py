"""The web layer's last English on a Spanish page (issue 20, "every page in Spanish"): a league player's contracts,
the manifest, page titles and aria-labels, `make run`'s lines, a watch link in the watcher's language, and the
history import pages. Each page in Spanish (``Accept-Language: es``) says the Spanish written here by hand from the
README's words (grupo / trío, escala, ronda, fase, partida) and none of the English it replaced; the same page
without the header stays English.
"""

from __future__ import annotations

from pages import parse
from test_spanish_pages import ES, assert_no_english, league_played, spanish  # noqa: F401  (a fixture)

# ---------------------------------------------------------------------------
# A league player's "By contract" list


def _player_page(client, league_url: str, headers=None):
    standings = parse(client.get(f"{league_url}?season=all", headers=headers or {}).get_data(as_text=True))
    player = standings.find("ol", cls="standings-list").find("a").attrs["href"]
    return parse(client.get(player, headers=headers or {}).get_data(as_text=True))


def test_a_league_players_contracts_in_spanish(form_client, league_played):  # noqa: F811
    doc = _player_page(form_client, league_played, ES)
    contracts = [node.find("strong").text for node in doc.find("ul", cls="contract-list").find_all("li")]
    assert contracts == ["Dos grupos de 3"]
    assert "El contrato más difícil: Dos grupos de 3" in " ".join(doc.text.split())
    assert_no_english(doc.text, ["Two groups of 3"])
    english = _player_page(form_client, league_played)
    assert [node.find("strong").text for node in english.find("ul", cls="contract-list").find_all("li")] == ["Two groups of 3"]


def test_a_phase_10_players_phases_in_spanish(no_csrf_app, form_client):
    from progression_example import hands_to_14
    from test_league_phase10 import people, play_phase10

    from companion.leagues.service import create_league

    with no_csrf_app.app_context():
        league = create_league("Fases")
        ann, ben, cy = people("Ann", "Ben", "Cy")
        play_phase10(league, [ann, ben, cy], hands_to_14(140, 95))
        url = f"/leagues/{league.id}/players/{cy.id}"
    text = " ".join(form_client.get(url, headers=ES).get_data(as_text=True).split())
    assert "Fase 2: Un grupo de 3 y una escala de 4" in text
    assert "Fase 9: Un grupo de 5 y un grupo de 2" in text
    assert_no_english(text, ["One set of 3 and one run of 4", "Phase 2:"])
    english = " ".join(form_client.get(url).get_data(as_text=True).split())
    assert "Phase 2: One set of 3 and one run of 4" in english
