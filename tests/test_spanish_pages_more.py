"""The web layer's last English on a Spanish page (issue 20, "every page in Spanish"): a league player's contracts,
the manifest, page titles and aria-labels, `make run`'s lines, a watch link in the watcher's language, and the
history import pages. Each page in Spanish (``Accept-Language: es``) says the Spanish written here by hand from the
README's words (grupo / trío, escala, ronda, fase, partida) and none of the English it replaced; the same page
without the header stays English.
"""

from __future__ import annotations

import pytest
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


# ---------------------------------------------------------------------------
# The web app manifest, and the words a screen reader says


def test_the_manifest_is_in_the_pages_language(anon_client):
    doc = spanish(anon_client, "/rules/")
    href = doc.find("link", rel="manifest").attrs["href"]
    assert href == "/manifest.es.webmanifest"
    manifest = anon_client.get(href).get_json(force=True)
    assert manifest["name"] == "Tu compañero de Rummy"
    assert manifest["short_name"] == "Rummy"
    assert manifest["description"] == "Rondas, jugadas revisadas y puntajes para el Contract Rummy y su familia."
    assert manifest["lang"] == "es"
    english_href = parse(anon_client.get("/rules/").get_data(as_text=True)).find("link", rel="manifest").attrs["href"]
    english = anon_client.get(english_href)
    assert english.mimetype == "application/manifest+json"
    assert english.get_json(force=True) | {"lang": "en"} == {
        **manifest,
        "name": "Contract Rummy Companion",
        "description": "Deals, meld rulings and scores for Contract Rummy and its family.",
        "lang": "en",
    }
    assert english.get_json(force=True)["start_url"] == "/" and len(manifest["icons"]) == 3


def test_every_page_carries_the_offline_pages_words_in_its_language(anon_client):
    """The service worker's "offline" page (static/sw.js) says the words the last page carried; English ones exactly
    as the worker says them without any (tests/js/sw.test.js)."""
    root = spanish(anon_client, "/rules/").find("html")
    assert root.attrs["data-say-no-connection"] == "Sin conexión"
    assert root.attrs["data-say-no-connection-page"] == (
        "Esta página todavía no está en este teléfono. Abre una vez la página de la partida mientras tengas conexión."
    )
    english = parse(anon_client.get("/rules/").get_data(as_text=True)).find("html")
    assert english.attrs["data-say-no-connection"] == "No connection"
    assert english.attrs["data-say-no-connection-page"] == (
        "This page isn't on this phone yet. Open the game page once while connected."
    )
    worker = anon_client.get("/sw.js").get_data(as_text=True)
    assert 'title: "No connection"' in worker
    assert "text: \"This page isn't on this phone yet. Open the game page once while connected.\"" in worker


def test_a_manifest_in_a_language_pages_do_not_speak_is_not_found(anon_client):
    assert anon_client.get("/manifest.fr.webmanifest").status_code == 404


def test_the_card_keys_are_read_out_in_spanish(anon_client):
    doc = spanish(anon_client, "/check?ruleset=contract")
    picker = doc.find("div", cls="picker")
    rows = [row.attrs.get("aria-label") for row in picker.find_all("div", cls="picker-row") if row.attrs.get("aria-label")]
    assert rows == ["Picas", "Corazones", "Diamantes", "Tréboles"]
    labels = [key.attrs.get("aria-label") for key in picker.find_all("button")]
    assert "A de picas" in labels and "10 de corazones" in labels and "K de tréboles" in labels
    assert picker.find("button", value="JK").text == "Comodín"
    assert_no_english(str(labels), [" of spades", " of hearts", "Spades"])
    english = parse(anon_client.get("/check?ruleset=contract").get_data(as_text=True)).find("div", cls="picker")
    assert "A of spades" in [key.attrs.get("aria-label") for key in english.find_all("button")]
    assert english.find("button", value="JK").text == "Joker"


def test_a_drawn_card_is_read_out_in_spanish(anon_client):
    import re

    def read_out(headers):
        page = anon_client.get("/rules/contract", headers=headers).get_data(as_text=True)
        return re.findall(r'aria-label="([^"]*)" data-code="(\w+)">([^<]*)<', page)

    spoken = dict((code, words) for words, code, _ in read_out(ES))
    assert (spoken["7S"], spoken["7H"], spoken["JK"]) == ("7 de picas", "7 de corazones", "comodín")
    english = dict((code, words) for words, code, _ in read_out({}))
    assert (english["7S"], english["JK"]) == ("7 of spades", "joker")
    # and written as the table reads them, in both languages (issue 27): 7♥, the joker in words
    assert {code: face for _, code, face in read_out(ES)}["JK"].lower() == "comodín"
    assert {code: face for _, code, face in read_out({})}["JK"].lower() == "joker"
    assert {code: face for _, code, face in read_out(ES)}["7H"] == "7♥"


def test_a_players_charts_are_read_out_in_spanish(app):
    from companion.leagues.charts import line_chart

    with app.test_request_context("/", headers=ES):
        chart = str(line_chart([1.5, 2, -0.2], title="Nivel de Ana", digits=1, early=[1]))
        empty = str(line_chart([], title="Puntajes"))
    assert 'aria-label="Nivel de Ana: 3 partidas, de 1,5 a -0,2, mínimo -0,2, máximo 2,0; 1 partida terminada antes (punto hueco): 2,0"' in chart
    assert ">primera</text>" in chart and ">última</text>" in chart
    assert 'aria-label="Puntajes: todavía no hay partidas"' in empty and "Todavía no hay partidas</text>" in empty
    with app.test_request_context("/"):
        english = str(line_chart([1.5, 2, -0.2], title="Ann's skill", digits=1, early=[1]))
    assert (
        'aria-label="Ann&#39;s skill: 3 games, from 1.5 to -0.2, lowest -0.2, highest 2.0; 1 game ended early (hollow point): 2.0"'
    ) in english
    assert ">first</text>" in english and ">latest</text>" in english


# ---------------------------------------------------------------------------
# `make run`'s printed lines, in the machine's language

NO_LANGUAGE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def _serve_prints(app, monkeypatch, args: list[str], **environment) -> str:
    """What ``flask serve`` prints before the server takes over (the migrations and the server itself not run)."""
    from companion import serving, upgrade

    started: list[list[str]] = []
    monkeypatch.setattr(upgrade, "migrate_to_head", lambda app: None)
    monkeypatch.setattr(serving.os, "execve", lambda path, command, env: started.append(command))
    result = app.test_cli_runner().invoke(serving.serve_command, args, env={**NO_LANGUAGE, **environment})
    assert result.exit_code == 0, result.output
    assert started and started[0][-4:] == ["--host", started[0][-3], "--port", args[args.index("--port") + 1]]
    return result.output


def test_make_run_speaks_the_machines_language(app, monkeypatch):
    spanish_lines = _serve_prints(app, monkeypatch, ["--local", "--port", "5999"], LANG="es_CL.UTF-8").splitlines()
    assert "Rummy Companion, solo para este computador: abre http://127.0.0.1:5999" in spanish_lines
    assert "Ctrl+C detiene la app." in spanish_lines
    english = _serve_prints(app, monkeypatch, ["--local", "--port", "5999"], LANG="en_GB.UTF-8").splitlines()
    assert english[1:3] == ["Rummy Companion, for this machine only: open http://127.0.0.1:5999", "Ctrl+C stops the app."]
    assert "Ctrl+C stops the app." in _serve_prints(app, monkeypatch, ["--local", "--port", "5999"]).splitlines()  # none set
    assert "Ctrl+C stops the app." in _serve_prints(app, monkeypatch, ["--local", "--port", "5999"], LANG="C").splitlines()
    assert "Ctrl+C stops the app." in _serve_prints(app, monkeypatch, ["--local", "--port", "5999"], LANG="fr_FR.UTF-8")
    # LC_ALL wins over LANG, as in every terminal program
    assert "Ctrl+C detiene la app." in _serve_prints(app, monkeypatch, ["--local", "--port", "5999"], LC_ALL="es_ES.UTF-8", LANG="en_US.UTF-8")


def test_make_runs_first_run_lines_in_spanish(make_fresh_app, monkeypatch):
    printed = _serve_prints(make_fresh_app(), monkeypatch, ["--address", "192.0.2.7", "--port", "5998"], LANGUAGE="es")
    lines = printed.splitlines()
    assert "Rummy Companion en la red de la casa. Los teléfonos conectados al mismo Wi-Fi abren:" in lines
    assert "  http://192.0.2.7:5998" in lines
    assert (
        "Primera vez: la cuenta del dueño de la app se crea con este enlace de un solo uso (ábrelo en tu propio teléfono):"
    ) in lines
    assert "A cualquier otra persona que abra la app ahora se le pide que te espere." in lines
    assert_no_english(printed, ["home network", "First run", "Anyone else", "stops the app"])


# ---------------------------------------------------------------------------
# A watch link opens in the watcher's language, never the owner's


def _watch_link(client, page_url: str) -> str:
    from urllib.parse import urlsplit

    doc = parse(client.get(page_url).get_data(as_text=True))
    return urlsplit(doc.find("input", cls="link-text").attrs["value"]).path


def _owner_reads(client, language: str) -> None:
    assert client.post("/language", data={"language": language, "next": "/"}).status_code == 303


def test_a_watch_link_opens_in_the_watchers_language_not_the_owners(no_csrf_app, form_client, make_game):
    _owner_reads(form_client, "en")
    link = _watch_link(form_client, make_game(["Ana", "Beto", "Carla"]))
    assert link.startswith("/watch/g/")
    assert parse(form_client.get(link).get_data(as_text=True)).find("html").attrs["lang"] == "en"  # the owner's own
    watcher = no_csrf_app.test_client()
    doc = spanish(watcher, link)  # the watcher's browser asks for Spanish
    assert doc.find("p", cls="notice").text == "Estás mirando esta partida: se actualiza con cada puntaje que se anota."
    assert_no_english(doc.text, ["You are watching this game", "Deal 1", "Dealer"])
    # the same page in the same revision, for a watcher whose browser asks for English: kept apart, in English
    english = parse(no_csrf_app.test_client().get(link).get_data(as_text=True))
    assert english.find("html").attrs["lang"] == "en"
    assert english.find("p", cls="notice").text == "You are watching this game: it follows every score as it is entered."


def test_a_watchers_own_choice_beats_the_owners_and_the_browsers(no_csrf_app, form_client, make_game):
    _owner_reads(form_client, "es")
    link = _watch_link(form_client, make_game(["Ana", "Beto", "Carla"]))
    english = parse(no_csrf_app.test_client().get(link).get_data(as_text=True))  # a browser asking for nothing
    assert english.find("html").attrs["lang"] == "en"
    assert "Estás mirando" not in english.text
    watcher = no_csrf_app.test_client()
    watcher.post("/language", data={"language": "es", "next": link})  # the switch at the foot of the watch page
    chosen = parse(watcher.get(link, headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert chosen.find("html").attrs["lang"] == "es"
    assert chosen.find("p", cls="notice").text.startswith("Estás mirando esta partida")


def test_a_league_watch_link_opens_in_the_watchers_language(no_csrf_app, form_client, league_played):  # noqa: F811
    _owner_reads(form_client, "en")
    link = _watch_link(form_client, f"{league_played}?season=all")
    assert link.startswith("/watch/l/")
    doc = spanish(no_csrf_app.test_client(), f"{link}?season=all")
    assert doc.find("h1").text == "Familia"
    assert "Todas las temporadas" in doc.text
    player = doc.find("ol", cls="standings-list").find("a").attrs["href"]
    assert player.startswith(f"{link}/players/")
    assert [node.find("strong").text for node in spanish(no_csrf_app.test_client(), player).find("ul", cls="contract-list").find_all("li")] == ["Dos grupos de 3"]
    english = parse(no_csrf_app.test_client().get(f"{link}?season=all").get_data(as_text=True))
    assert english.find("html").attrs["lang"] == "en" and "1 game in all time" in english.text


# ---------------------------------------------------------------------------
# The history import pages

SHEET = """Game, 2024-12-25, Contract Rummy
Deal, Ana, Beto, Carla
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Total, 130, 175, 185
"""


@pytest.fixture
def familia(form_client) -> str:
    """A new league "Familia" (nobody in it yet); its URL."""
    made = form_client.post("/leagues/", data={"name": "Familia"})
    assert made.status_code == 303
    return made.headers["Location"].rstrip("/")


def test_the_paper_scores_page_in_spanish(form_client, familia):
    doc = spanish(form_client, f"{familia}/history/paper")
    assert doc.find("title").text == "Trae tus puntajes en papel · Familia · Rummy Companion"
    assert doc.find("h1").text == "Trae tus puntajes en papel a Familia"
    assert doc.find(id="format-heading").text == "Cómo escribirla"
    labels = [label.text for label in doc.find("main").find_all("label")]
    assert labels == ["La hoja de puntajes (escrita, o pegada desde una planilla)", "o un archivo CSV"]
    assert doc.find("main").find("button", type="submit").text == "Vista previa"
    assert_no_english(doc.text, ["Bring your paper scores", "How to write it", "Type the games", "An example", "Back to "])
    english = parse(form_client.get(f"{familia}/history/paper").get_data(as_text=True))
    assert english.find("h1").text == "Bring your paper scores into Familia"


def test_the_other_apps_pages_in_spanish(form_client, familia):
    tracker = spanish(form_client, f"{familia}/history/shanghai-tracker")
    assert tracker.find("h1").text == "Trae tus partidas de shanghai-tracker a Familia"
    assert [label.text for label in tracker.find("main").find_all("label")] == ["El archivo exportado (.json o .csv)", "o su texto, pegado"]
    bgstats = spanish(form_client, f"{familia}/history/bgstats")
    assert bgstats.find("title").text == "Trae tus partidas de BG Stats · Familia · Rummy Companion"
    assert "se guarda como una fila de totales" in bgstats.text
    for doc in (tracker, bgstats):
        assert_no_english(doc.text, ["Bring your", "export your", "Preview", "Back to ", "The exported file", "pasted"])


def test_a_paper_import_asks_previews_and_adds_in_spanish(form_client, familia):
    url = f"{familia}/history/paper"
    asked = parse(form_client.post(url, data={"sheet": SHEET}, headers=ES).get_data(as_text=True))
    prompts = [label.text for label in asked.find(id="questions-heading").parent.find_all("label")]
    assert prompts == [
        "¿Quién es «Ana»? Nadie en Familia tiene ese nombre.",
        "¿Quién es «Beto»? Nadie en Familia tiene ese nombre.",
        "¿Quién es «Carla»? Nadie en Familia tiene ese nombre.",
    ]
    choices = [option.text for option in asked.find("select").find_all("option")]
    assert choices == ["Elige…", "Un jugador nuevo, «Ana»"]
    answers = {"sheet": SHEET, "player-0": "new", "player-1": "new", "player-2": "new"}
    preview = parse(form_client.post(url, data=answers, headers=ES).get_data(as_text=True))
    assert preview.find("h1").text == "Lo que se agregará a Familia"
    assert preview.find(id="games-heading").text == "1 partida nueva"
    assert "7 rondas" in preview.find("ol", cls="imported-games").text
    assert preview.find("button", name="confirm").text == "Agregar 1 partida a Familia"
    assert_no_english(preview.text, ["What will be added", "new game", " deals", "Add 1 game", "Who is"])
    done = form_client.post(url, data={**answers, "confirm": "1"}, headers=ES)
    assert done.status_code == 303
    shown = form_client.get(familia, headers=ES).get_data(as_text=True)
    assert "Se agregó 1 partida de la hoja de puntajes a Familia." in shown
    form_client.post(url, data={**answers, "confirm": "1"}, headers=ES)
    assert "Todas sus partidas ya están en Familia: no se agregó nada." in form_client.get(familia, headers=ES).get_data(as_text=True)


def test_a_bad_sheet_is_refused_in_spanish(form_client, familia):
    url = f"{familia}/history/paper"
    bad = form_client.post(url, data={"sheet": "Game, 2024-12-25, contract\nDeal, Ana, Beto, Carla\n1, 0, x, 3\n"}, headers=ES)
    assert bad.status_code == 422
    doc = parse(bad.get_data(as_text=True))
    assert doc.find(id="problems-heading").text == "Corrige esto primero en la hoja"
    assert [node.text for node in doc.find("ul", cls="problems").find_all("li")] == [
        "Línea 3, columna 3 (Beto): «x» no es un puntaje (un número entero de hasta 2000)."
    ]
    sums = SHEET.replace("Total, 130, 175, 185", "Total, 130, 170, 185")
    assert "Línea 10, columna 3 (Beto): el total dice 170 pero las rondas suman 175." in form_client.post(
        url, data={"sheet": sums}, headers=ES).get_data(as_text=True)  # fmt: skip
    empty = form_client.post(url, data={"sheet": "Game, 2024-12-25, contract\nDeal, Ana, \u202eBeto\n"}, headers=ES)
    assert "Línea 2, columna 3: El nombre de un jugador no puede tener el carácter invisible o de control" in empty.get_data(as_text=True)
    english = form_client.post(url, data={"sheet": "Game, 2024-12-25, contract\nDeal, Ana, Beto, Carla\n1, 0, x, 3\n"})
    assert "Line 3, column 3 (Beto): “x” is not a score (a whole number up to 2000)." in english.get_data(as_text=True)


def _refused(app, read, *args) -> list[str]:
    from companion.history.paper import SheetError

    with app.test_request_context("/", headers=ES), pytest.raises(SheetError) as raised:
        read(*args)
    return raised.value.sentences


def test_the_other_apps_files_are_read_and_refused_in_spanish(app):
    import json
    from pathlib import Path

    from companion.history.bgstats import GAME_FIELD, read_bgstats
    from companion.history.shanghai_tracker import read_tracker

    export = (Path(__file__).parent / "data" / "bgstats-export.json").read_text(encoding="utf-8")
    with app.test_request_context("/", headers=ES):
        _, _, questions = read_bgstats(export, {})
        _, notes, _ = read_bgstats(export, {GAME_FIELD: "1"})
    assert questions[0].prompt == "¿De qué juego se traen las partidas?"
    assert questions[0].choices == [("1", "Contract Rummy (3 partidas)"), ("2", "Carcassonne (1 partida)")]
    assert notes == ["Solo las partidas de Contract Rummy; los otros juegos del archivo quedan fuera.",
                     "Partida 3 (2024-01-01) está marcada como ignorada en BG Stats, así que queda fuera."]  # fmt: skip
    assert _refused(app, read_bgstats, export.replace('"score": "210"', '"score": "lots"'), {GAME_FIELD: "1"}) == [
        "Partida 1 (2023-07-04), Bob: el puntaje «lots» no es un número entero de hasta 2000."]
    assert _refused(app, read_bgstats, export.replace('"name": "Bob"', '"name": "B\\u202eob"'), {GAME_FIELD: "1"}) == [
        "Partida 1 (2023-07-04), puntaje 1: El nombre del jugador no puede tener el carácter invisible o de control "
        "U+202E (RIGHT-TO-LEFT OVERRIDE): escribe solo letras."]
    assert _refused(app, read_bgstats, "{", {}) == [
        "El archivo no es JSON: exporta de nuevo tus datos desde BG Stats (Ajustes, Exportar)."]
    assert _refused(app, read_tracker, "[]") == ["El archivo no tiene partidas."]
    game = {"date": "2024-12-25", "is_complete": True, "game_scores": [
        {"player": {"name": "Ana"}, "round_scores": [0] * 7}, {"player": {"name": "ana"}, "round_scores": [5] * 7}]}
    assert _refused(app, read_tracker, json.dumps([game])) == ["Partida 1 (2024-12-25): «Ana» tiene dos filas de puntajes."]
    assert _refused(app, read_tracker, "Date,Player\n") == [
        "La línea 1 no es el encabezado de shanghai-tracker («Date», «Player», «Round 1 (2 Sets)» … «Round 7 (3 Runs)»): "
        "exporta de nuevo las partidas como CSV."]


# ---------------------------------------------------------------------------
# The published rulesets' summaries and readings (the rules card, the rules list, the home page)


def test_a_rules_cards_summary_and_readings_in_spanish(anon_client):
    doc = spanish(anon_client, "/rules/carioca")
    assert doc.find("p", cls="lead").text == (
        "Ocho rondas de tríos y escalas, 12 cartas cada una; las escalas pueden dar la vuelta, un comodín por juego "
        "al bajarse."
    )
    readings = [node.text for node in doc.find(id="readings-heading").parent.find_all("li")]
    assert "Los comodines valen 30 (opción: 50)." in readings
    assert "Un empate que sigue tras contar las rondas ganadas se comparte." in readings
    contract = spanish(anon_client, "/rules/contract")
    drawn = contract.find(id="readings-heading").parent.find_all("li")[0]
    assert drawn.text.startswith("Se permiten dos grupos del mismo valor en un contrato (")  # its cards drawn as faces
    assert_no_english(contract.text, ["Seven deals", "Two groups of one rank", "are allowed"])
    english = parse(anon_client.get("/rules/carioca").get_data(as_text=True))
    assert english.find("p", cls="lead").text == (
        "Eight rounds of trios and escalas, 12 cards each; escalas may turn the corner, one joker a meld going down."
    )


def test_the_rules_list_and_home_page_summaries_in_spanish(anon_client, client):
    rules = spanish(anon_client, "/rules/")
    assert "Diez rondas de 11 cartas con escalas más largas: hasta una escala de 10." in rules.text
    assert_no_english(rules.text, ["Ten deals of 11 cards", "Seven deals, two packs"])
    home = spanish(client, "/")
    assert "Siete rondas, dos barajas con un comodín menos que jugadores; en la ronda 7 se bajan todas las cartas." in home.text
    assert "Seven deals, two packs with one joker fewer" in client.get("/").get_data(as_text=True)


def test_the_lay_off_pages_set_choice_names_the_tables_word(anon_client):
    choices = [o.text for o in spanish(anon_client, "/layoff?ruleset=contract").find("select", id="kind").find_all("option")]
    assert choices[:3] == ["Grupo o escala: que lo descubra la app", "Grupo", "Escala"]
    carioca = spanish(anon_client, "/layoff?ruleset=carioca").find("select", id="kind").find_all("option")
    assert [o.text for o in carioca][:2] == ["Trío o escala: que lo descubra la app", "Trío"]
    english = parse(anon_client.get("/layoff?ruleset=shanghai").get_data(as_text=True)).find("select", id="kind")
    assert [o.text for o in english.find_all("option")][:2] == ["Book or run: work it out", "Book"]


def test_a_games_setup_card_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Beto", "Carla"], ruleset="contract")
    setup = [node.text for node in spanish(form_client, url).find("ul", cls="setup").find_all("li")]
    assert setup[1] == "Hacen de comodín: comodines."
    assert setup[2] == (
        "«¿Me la das?»: todas las veces que quieras, fuera de turno; te llevas la carta del pozo y una carta más del mazo. "
        "No para dos descartes seguidos."
    )
    assert_no_english(" ".join(setup), ["Wild cards", "as often as you like", "Not for two discards"])
    english = [node.text for node in parse(form_client.get(url).get_data(as_text=True)).find("ul", cls="setup").find_all("li")]
    assert english[1] == "Wild cards: jokers."
    assert english[2].startswith("May I: as often as you like, out of turn;")
    phase10 = [node.text for node in spanish(form_client, make_game(["Ana", "Beto", "Carla"], ruleset="phase10")).find(
        "ul", cls="setup").find_all("li")]  # fmt: skip
    assert phase10[1] == "Hacen de comodín: comodines."
    assert phase10[2].startswith("En esta partida no hay «")  # the buy's own word, as the rules card says it
