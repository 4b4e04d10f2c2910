"""The game, league, rules and builder pages in Spanish (Accept-Language: es): each says its sentences in Spanish,
whole, and leaves none of the English sentences it translated; the same pages without the header stay English.
(The engine's own sentences, the rulings and the rules' facts, are a later slice and stay English for now.)

Expected words come from the Spanish catalogue as written for the table (README, "Translating"): ronda for a
deal, repartidor, mazo, marcador, partida.
"""

from __future__ import annotations

import io

import pytest
from babel.dates import format_datetime
from pages import parse

from companion.extensions import db
from companion.models import Game

ES = {"Accept-Language": "es"}


def spanish(client, url: str):
    response = client.get(url, headers=ES)
    assert response.status_code == 200, response.status_code
    doc = parse(response.get_data(as_text=True))
    assert doc.find("html").attrs["lang"] == "es"
    return doc


def flashes(doc) -> list[str]:
    return [node.text for node in doc.find_all(cls="flash")] + [node.text for node in doc.find_all(cls="flash-totals")]


def assert_no_english(text: str, sentences: list[str]) -> None:
    left = [sentence for sentence in sentences if sentence in text]
    assert not left, f"still in English: {left}"


def test_the_new_game_page_in_spanish(form_client):
    doc = spanish(form_client, "/games/new")
    assert doc.find("title").text == "Partida nueva · Rummy Companion"
    assert doc.find("h1").text == "Partida nueva"
    assert doc.find("fieldset", cls="seats").find("legend").text == (
        "Jugadores, en el orden en que se sientan (en el sentido del reloj)"
    )
    labels = [label.text for label in doc.find("main").find_all("label")]
    assert "Reglas" in labels and "Puesto 1" in labels and "o un jugador nuevo en el puesto 1" in labels
    assert doc.find("input", name="seats-0-new_name").attrs["placeholder"] == "Nombre nuevo"
    assert [o.text for o in doc.find("select", name="first_dealer").find_all("option")][:2] == ["Sortearlo", "Puesto 1"]
    assert doc.find("optgroup").attrs["label"] == "Reglas publicadas"
    assert doc.find(id="player-range").text == "Contract Rummy: de 3 a 5 jugadores."
    assert doc.find("main").find("button", type="submit").text == "Empezar la partida"
    assert_no_english(doc.text, ["New game", "Start the game", "Players, in seating order", "Pick someone already known"])


def test_the_new_game_forms_refusals_in_spanish(form_client):
    one = form_client.post("/games/new", data={"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Ana"}, headers=ES)
    assert one.status_code == 422
    assert "sentaste a 1." in parse(one.get_data(as_text=True)).find(id="seats-error").text
    twice = form_client.post(
        "/games/new",
        data={"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Ana", "seats-1-new_name": "ana",
              "seats-2-new_name": "Bea"},
        headers=ES,
    )
    assert "ana ya tiene un puesto en esta mesa." in parse(twice.get_data(as_text=True)).text


def test_the_game_page_prompt_and_scoreboard_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Bea", "Cata", "Dani"])
    doc = spanish(form_client, url)
    prompt = doc.find("section", cls="prompt")
    assert prompt.find(cls="deal-count").text == "Ronda 1 de 7"
    assert [term.text for term in prompt.find_all("dt")] == ["Ronda", "Repartidor", "Corta", "Empieza"]
    assert prompt.find(**{"data-prompt": "dealt"}).text == "10 cartas a cada uno"
    assert "Anotar el puntaje de la ronda 1" in [a.text for a in prompt.find_all("a")]
    assert prompt.find("nav").attrs["aria-label"] == "Consultas para esta partida"
    assert doc.find(id="scoreboard-heading").text == "Marcador"
    assert "Mezcla 2 barajas inglesas con 3 comodines: 107 cartas para 4 jugadores." in doc.text
    assert "Puestos, en el sentido del reloj: Ana, Bea, Cata, Dani." in doc.text
    assert "Cualquiera con este enlace puede seguir la partida, solo para mirar, sin cuenta." in doc.text
    assert_no_english(
        doc.text,
        ["Enter scores for deal", "Scoreboard", "Plays first", "Shuffle ", "Seats, clockwise", "Abandon the game",
         "Check a meld", "Anyone with this link"],
    )


def test_the_offline_notices_travel_in_the_pages_language(make_game, form_client):
    """The phone says them with no server: the page carries each whole sentence with its {placeholders}."""
    url = make_game(["Ana", "Bea", "Cata"])
    offline = spanish(form_client, url).find(id="offline").attrs
    assert offline["data-say-sent-later"] == "{message} (se envió cuando volvió la conexión)"
    assert offline["data-say-waiting"] == "Ronda {deal}: guardada en este teléfono, esperando la conexión."
    assert offline["data-say-totals-many"] == (
        "Totales con las {count} rondas guardadas en este teléfono (todavía sin enviar): {totals}."
    )
    assert offline["data-say-confirm-warnings"] == "Guardar igual: lo revisamos"
    english = parse(form_client.get(url).get_data(as_text=True)).find(id="offline").attrs
    assert english["data-say-sent-later"] == "{message} (sent when the connection came back)"
    keypad = spanish(form_client, f"{url}/deals/1").find(id="keypad").attrs
    assert keypad["data-cards-left-for"] == "Cartas que le quedaron a {name}"


def test_the_score_entry_and_its_save_in_spanish(make_game, form_client, no_csrf_app):
    url = make_game(["Ana", "Bea", "Cata"])
    doc = spanish(form_client, f"{url}/deals/1")
    assert doc.find("h1").text == "Puntaje de la ronda 1"
    assert doc.find("fieldset", cls="went-out").find("legend").text == "¿Quién cerró?"
    assert "Nadie: se acabó el mazo" in doc.text
    assert doc.find(id="save").text == "Guardar la ronda 1"
    assert doc.find("a", cls="back").text == "← Volver a la partida"
    assert_no_english(doc.text, ["Who went out?", "Save deal", "Back to the game", "Nobody: the stock ran out"])

    data = {"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5"}
    saved = form_client.post(f"{url}/deals/1", data=data, headers=ES)
    assert saved.status_code == 303
    game = spanish(form_client, url)
    said = flashes(game)
    assert "Ronda 1 guardada." in said
    assert "Después de la ronda 1: va ganando Ana con 0; después, Cata 5 y Bea 10." in said
    history = game.find("details", cls="history")
    assert history.find("summary").text == "Historial (2)"
    assert "Ronda 1 anotada" in history.text and "Partida empezada" in history.text
    with no_csrf_app.app_context():
        created = db.session.get(Game, int(url.rsplit("/", 1)[1])).changes[0].created_at
    assert history.find("time").text == format_datetime(created, "dd MMM HH:mm", locale="es") + " UTC"


def test_the_results_and_corrections_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Bea", "Cata"])
    form_client.post(f"{url}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5"})
    form_client.get(url)  # its "Deal 1 saved." said
    refused = form_client.post(f"{url}/end", data={}, headers=ES)
    assert refused.status_code == 303
    assert flashes(spanish(form_client, url)) == ["Marca «Estamos todos de acuerdo» para terminar la partida aquí."]
    form_client.post(f"{url}/end", data={"sure": "y"}, headers=ES)
    doc = spanish(form_client, url)
    assert flashes(doc) == ["La partida terminó después de la ronda 1; cuenta como jugada."]
    final = doc.find("section", cls="winner")
    assert final.find("h2").text == "Resultado final"
    assert "Terminada antes después de la ronda 1 de 7, como acordó la mesa; cuenta como jugada." in " ".join(final.text.split())
    assert "Ganador" in final.text
    assert "Revancha: mismos puestos, reparte Bea" in [b.text for b in final.find_all("button")]
    assert_no_english(doc.text, ["Final order", "Winner", "Rematch", "Ended early", "Count it in a league"])


def test_an_abandoned_game_and_its_list_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Bea", "Cata"])
    form_client.post(f"{url}/abandon", data={"sure": "y"}, headers=ES)
    doc = spanish(form_client, url)
    assert flashes(doc) == ["La partida se abandonó."]
    assert "Esta partida se abandonó después de 0 rondas." in doc.text
    listed = spanish(form_client, "/games/abandoned")
    assert listed.find("h1").text == "Partidas abandonadas"
    assert "0 de 7 rondas · Ana, Bea, Cata" in listed.text
    assert listed.find("button").text.startswith("Recuperar")
    assert_no_english(listed.text, ["Abandoned games", "Restore", " of 7 deals"])


@pytest.mark.parametrize("path", ["", "/deals/1"])
def test_the_game_pages_stay_english_by_default(make_game, form_client, path):
    url = make_game(["Ann", "Bob", "Cat"])
    doc = parse(form_client.get(url + path).get_data(as_text=True))
    assert doc.find("html").attrs["lang"] == "en"
    assert ("Enter scores for deal 1" if not path else "Save deal 1") in doc.text
    assert "ronda" not in doc.text.lower()


# ---------------------------------------------------------------------------
# The league pages


@pytest.fixture
def league_played(form_client):
    """A league with one game finished early after a deal (Ana 0, Bea 10, Cata 5); its URL."""
    made = form_client.post("/leagues/", data={"name": "Familia"}, headers=ES)
    assert made.status_code == 303
    league_url = made.headers["Location"]
    league_id = league_url.rstrip("/").rsplit("/", 1)[1]
    data = {"ruleset": "contract", "first_dealer": "0", "league": league_id}
    for index, name in enumerate(["Ana", "Bea", "Cata"]):
        data[f"seats-{index}-new_name"] = name
    game = form_client.post("/games/new", data=data).headers["Location"]
    form_client.post(f"{game}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5"})
    form_client.post(f"{game}/end", data={"sure": "y"})
    return league_url


def test_the_leagues_list_and_a_new_league_in_spanish(form_client, league_played):
    doc = spanish(form_client, "/leagues/")
    assert doc.find("h1").text == "Ligas"
    assert "Familia 3 jugadores" in doc.text
    assert doc.find("main").find("label").text == "Nombre de la liga"
    assert "Crear la liga" in [b.text for b in doc.find("main").find_all("button")]
    again = form_client.post("/leagues/", data={"name": "familia"}, headers=ES)
    assert "Ya hay una liga llamada «familia»." in parse(again.get_data(as_text=True)).find(id="name-error").text
    long = form_client.post("/leagues/", data={"name": "x" * 61}, headers=ES)
    assert parse(long.get_data(as_text=True)).find(id="name-error").text == "El nombre de una liga tiene como mucho 60 letras."
    assert_no_english(doc.text, ["New league", "Create the league", "No leagues yet", " players"])


def test_the_standings_in_spanish(form_client, league_played):
    doc = spanish(form_client, f"{league_played}?season=all")
    assert doc.find("h1").text == "Familia"
    assert doc.find(cls="meta").text.startswith("1 partida en todas las temporadas")
    assert doc.find(id="standings-heading").text == "Tabla"
    assert doc.find("summary").text.startswith("Mostrando todas las temporadas · Todos los reglamentos · por ")
    headings = [th.text for th in doc.find("table").find("thead").find_all("th")]
    assert headings[:4] == ["Jugador", "Partidas", "Victorias", "Tasa de victorias"]
    first = doc.find("ol", cls="standings-list").find("li")
    assert "Ana" in first.text and "ganó la última partida" in first.text and "recién empieza" in first.text
    assert "0,0" in first.text  # Ana's average, with the Spanish decimal comma
    assert_no_english(doc.text, ["Standings", "Roster", "won the last game", "Export and backup", "Head to head"])


def test_a_league_players_page_and_head_to_head_in_spanish(form_client, league_played):
    standings = spanish(form_client, f"{league_played}?season=all")
    player = standings.find("ol", cls="standings-list").find("a").attrs["href"]
    doc = spanish(form_client, player)
    assert doc.find(id="summary-heading").text == "Todas las temporadas"
    assert doc.find(id="contract-heading").text == "Por contrato"
    assert "Contra Bea : adelante 1, atrás 0 (1 partida)" in doc.text  # the reader spaces elements apart
    assert "puntaje final 0 (terminada antes)" in doc.text
    assert_no_english(doc.text, ["Final scores over time", "Against ", "final score", "points a deal"])
    h2h = spanish(form_client, f"{league_played}/head-to-head?season=all")
    assert h2h.find("h1").text == "Cara a cara"
    assert "contra Bea: adelante 1 , atrás 0" in h2h.text
    assert_no_english(h2h.text, ["Head to head", "In the games both played", "never met"])


def test_a_bad_season_is_refused_in_spanish(form_client, league_played):
    response = form_client.get(f"{league_played}?season=range&from=2026-03-01", headers=ES)
    assert response.status_code == 422
    error = parse(response.get_data(as_text=True)).find(id="season-error").text
    assert error == "Indica las dos fechas del rango, como las muestra un calendario."


def test_every_translation_formats_as_its_english_does():
    """Templates format every message (Jinja's gettext fills placeholders even when there are none), so a bare
    "%" in a translation of a message without placeholders ("% de victorias") would break its page."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    catalogue = Path(__file__).resolve().parent.parent / "companion/translations/es/LC_MESSAGES/messages.po"
    with catalogue.open("rb") as po:
        messages = [message for message in read_po(po) if message.id]
    broken = []
    for message in messages:
        pairs = zip(message.id, message.string, strict=False) if isinstance(message.id, tuple) else [(message.id, message.string)]
        for english, translated in pairs:
            try:
                english % {}
            except (KeyError, TypeError, ValueError):
                continue  # a message with placeholders: Babel's own check compares them
            try:
                translated % {}
            except (KeyError, TypeError, ValueError) as error:
                broken.append((english, translated, str(error)))
    assert broken == []


# ---------------------------------------------------------------------------
# The rules pages' own text (the engine's rulings and facts are a later slice)


def test_the_rules_index_and_a_rules_card_in_spanish(anon_client):
    index = spanish(anon_client, "/rules/")
    assert index.find("h1").text == "Las reglas en la mesa"
    assert "¿Esta bajada vale?" in index.text and "Tarjetas de reglas" in index.text
    assert_no_english(index.text, ["Rules at the table", "Is this go-down legal?", "Compare rulesets", "Rules cards"])
    card = spanish(anon_client, "/rules/contract")
    assert card.find("title").text == "Reglas de Contract Rummy · Rummy Companion"
    headings = [h.text for h in card.find("main").find_all("h2")]
    assert headings[:3] == ["Rondas", "Barajas y comodines", "Las reglas"]
    assert [th.text for th in card.find("table").find("thead").find_all("th")] == ["Ronda", "Contrato", "Repartidas", "Pide"]


def test_the_checker_in_spanish(anon_client):
    doc = spanish(anon_client, "/check")
    assert doc.find("h1").text == "¿Esta bajada vale?"
    assert doc.find(id="chosen-heading").text == "Juegos"
    assert "Agrega cartas para ver la respuesta." in doc.text
    assert doc.find("div", cls="picker").attrs["aria-label"] == "Cartas para agregar"
    assert "Siguiente juego" in [b.text for b in doc.find_all("button")]
    refused = parse(anon_client.get("/check?ruleset=contract&deal=99", headers=ES).get_data(as_text=True))
    assert refused.find(id="deal-error").text == "Contract Rummy tiene de la ronda 1 a la 7."
    assert_no_english(doc.text, ["Next meld", "Add cards to see the ruling.", "Type the cards instead"])


def test_the_helper_and_the_lay_off_page_in_spanish(anon_client):
    helper = spanish(anon_client, "/helper")
    assert helper.find("h1").text == "¿Mi mano se puede bajar?"
    assert helper.find(id="hand-heading").text == "Tu mano (0 cartas)"
    layoff = spanish(anon_client, "/layoff")
    assert layoff.find("h1").text == "¿Estas cartas se pueden colocar en ese juego?"
    assert [a.text for a in layoff.find("nav", cls="tabs").find_all("a")] == ["Colocar", "Tomar un comodín"]
    assert "Responder" in [b.text for b in layoff.find_all("button")]
    assert_no_english(layoff.text + helper.text, ["May these cards go on that meld?", "Rule on it", "Your hand", "Lay off"])


# ---------------------------------------------------------------------------
# The custom ruleset builder


def test_the_builder_in_spanish(form_client):
    doc = spanish(form_client, "/rulesets/build?start=contract")
    assert doc.find("h1").text == "Haz tus propias reglas"
    assert doc.find(id="name").attrs["value"] == "Contract Rummy (nuestras)"
    assert doc.find(id="help-name").text.startswith("Cómo llama tu mesa a estas reglas.")
    assert doc.find(id="preview-heading").text == "La tarjeta de reglas que leerá tu mesa"
    assert "Contrato: los juegos para bajarse" in doc.text and "Agregar una ronda" in doc.text
    assert "Guardar estas reglas" in [b.text for b in doc.find_all("button")]
    examples = doc.find(id="examples-players").text
    assert examples.startswith("Reglas publicadas:") and "2 barajas + 2 comodines" in examples
    assert doc.find(id="examples-deals").text.startswith("Reglas publicadas: 7 rondas, 10–12 cartas (Contract")
    assert_no_english(doc.text, ["Make your own rules", "Add a deal", "Save these rules", "What your table calls these rules"])


def test_the_builders_refusals_and_save_in_spanish(form_client):
    page = spanish(form_client, "/rulesets/build?start=contract")
    form = {node.attrs["name"]: node.attrs.get("value", "") for node in page.find("form", id="builder-form").find_all("input")
            if node.attrs.get("name") and node.attrs.get("type") not in ("checkbox", "radio")}
    form.update({"set_word": "set", "buy_word": "May I", "wilds": "JK", "aces": "low_or_high", "same_suit_runs": "any"})
    for node in page.find("form", id="builder-form").find_all("select"):
        chosen = [o for o in node.find_all("option") if "selected" in o.attrs] or node.find_all("option")
        form[node.attrs["name"]] = chosen[0].attrs["value"]
    unnamed = dict(form, name="")
    refused = parse(form_client.post("/rulesets/build/check", data=unnamed, headers=ES).get_data(as_text=True))
    assert refused.find(id="err-name").text == "Ponle un nombre a estas reglas, como «El Carioca de la abuela»."
    too_few = parse(form_client.post("/rulesets/build/check", data=dict(form, **{"deal-0-cards": "4"}), headers=ES).get_data(as_text=True))
    assert too_few.find(id="err-deal-0-cards").text == "«Cartas repartidas» es un número entero de 5 a 20."
    crowded = dict(form, **{"players_max": "8", "table-2-high": "8", "table-2-jokers": "2", "deal-3-cards": "15"})
    too_many = parse(form_client.post("/rulesets/build/check", data=crowded, headers=ES).get_data(as_text=True))
    assert too_many.find(id="err-deal-3-cards").text == (
        "Cartas repartidas: 15 a cada uno para 8 jugadores son 120 cartas, más de las que hay en 2 barajas y 2 comodines: "
        "reparte menos, o agrega una baraja para 8 jugadores."
    )
    saved = form_client.post("/rulesets/build/save", data=dict(form, name="Las nuestras"), headers=ES)
    assert saved.status_code == 303
    shown = spanish(form_client, saved.headers["Location"])
    assert flashes(shown) == ["Se guardó «Las nuestras» (versión 1)."]
    assert shown.find("p", cls="meta").text.endswith(" · versión 1 · 0 partidas jugadas")
    assert "Versión 1" in shown.text and "Borrar «Las nuestras»" in shown.text
    listed = spanish(form_client, "/rulesets/")
    assert listed.find("h1").text == "Las reglas de tu mesa"
    assert "Abrir el editor" in [b.text for b in listed.find_all("button")]


def test_no_template_names_a_variable_underscore():
    """``_`` is gettext in every template: a ``{% set _ = … %}`` or ``{% for key, _ in … %}`` anywhere in a template
    takes it away from the whole template (Jinja decides a name is local when it compiles), and every ``_("…")``
    after it fails."""
    import re
    from pathlib import Path

    templates = Path(__file__).resolve().parent.parent / "templates"
    taken = re.compile(r"{%-?\s*(?:set\s+_\s*=|for\s+(?:[^%]*,\s*)?_\s*(?:,|in\b))")
    offenders = [str(path.relative_to(templates)) for path in templates.rglob("*.html") if taken.search(path.read_text())]
    assert offenders == []


def test_a_league_backup_refused_in_spanish(form_client):
    page = spanish(form_client, "/leagues/import")
    assert page.find("h1").text == "Recuperar una liga"
    assert page.find("main").find("label").text == "Archivo de respaldo (.json)"
    refused = form_client.post(
        "/leagues/import", data={"file": (io.BytesIO(b"not json"), "backup.json")}, headers=ES,
        content_type="multipart/form-data",
    )
    assert refused.status_code == 422
    assert parse(refused.get_data(as_text=True)).find(id="file-error").text == (
        "El archivo no es JSON, así que no es un respaldo hecho con esta app."
    )


def test_the_buy_is_asked_as_the_table_asks_it_in_spanish(form_client, make_game):
    """May I is "¿Me la das?" at a Spanish table (the issue's words), on the counter and the scoreboard."""
    url = make_game(["Ana", "Beto", "Caro"], ruleset="contract")
    page = form_client.get(url, headers=ES).get_data(as_text=True)
    doc = parse(page)
    assert doc.find(id="buys-heading").text == "¿Me la das? en esta ronda"
    assert "+ ¿Me la das?" in doc.find(id="buys-heading").parent.text
    assert "May I" not in doc.find(id="buys-heading").parent.text
    assert "May I" not in doc.find("table").text  # the scoreboard's counter row
    english = parse(form_client.get(url).get_data(as_text=True))
    assert english.find(id="buys-heading").text == "May I this deal"
