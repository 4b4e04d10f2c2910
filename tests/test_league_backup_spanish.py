"""A league backup's import refusals in Spanish (issue 20): the /leagues/import page of a Spanish reader.

Every broken backup of tests/test_league_backup.py (and a few more: the file as a whole, a May I count, a
name already taken) is posted to the upload page with ``Accept-Language: es``. The sentence beside the file
field is Spanish: word for word for the key ones (written here by hand), and with no English word left beyond
the file's own field names and values (``went_out``, ``in_progress``) for every one (the engine's own sentences
after the place too; only Python's words for a snapshot that is no mapping at all, which the engine's snapshot
reader passes on in brackets, are left as they are). The same file posted in English reads as
test_league_backup.py pins it.
"""

from __future__ import annotations

import copy
import io
import json
import re

import pytest
from pages import parse
from speech_support import english_left
from sqlalchemy import select
from test_league_backup import (
    TAMPERED,
    _one_deal_rules,
    _twenty_seats,
    _save_rules,
    _set,
    deal,
    dispose,
    make_app,
    new_league,
    play_small_league,
    resigned,
    signed_in,
    start,
)
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion.extensions import db
from companion.leagues.exports import league_backup
from companion.models import CustomRuleset, Game, League

SPANISH = {"Accept-Language": "es"}
ENGLISH = {"Accept-Language": "en"}


def upload(client, content: bytes, headers) -> str:
    """Post a file to the import page as a browser's form does; the sentence shown beside the file field."""
    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(content), filename="backup.json", content_type="application/json")}
    )
    response = client.post(
        "/leagues/import", data=body, content_type=f"multipart/form-data; boundary={boundary}", headers=headers
    )
    assert response.status_code == 422, response.status_code
    field = parse(response.get_data(as_text=True)).find("input", name="file").closest(cls="field")
    return " ".join(node.text for node in field.find_all("p", cls="error"))


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """An app with a small league (a Contract game of 3 in progress, 2 deals played): (client, its backup);
    ``client.application_under_test`` is the app."""
    app = make_app(tmp_path_factory.mktemp("small-es") / "small.sqlite")
    client = signed_in(app)
    backup = play_small_league(app, client)
    client.application_under_test = app
    yield client, backup
    dispose(app)


def refused(small, tamper, headers=SPANISH, *, rename=True, sign=True) -> str:
    """The sentence the page says of the small league's backup changed by ``tamper``."""
    client, backup = small
    data = copy.deepcopy(backup)
    if rename:
        data["league"]["name"] = "Small copy"  # not a name clash: the data itself must be refused
    data = tamper(data)
    if sign:
        data = resigned(data)
    return upload(client, json.dumps(data).encode(), headers)


def _one_seat(data):
    game = data["games"][0]
    game["seats"], game["first_dealer"], game["deals"], game["buys"] = ["Ann"], 0, [], []
    game["history"] = game["history"][:1]
    return data


def _may_i_twice(data):
    data["games"][0]["buys"] = [{"deal": 2, "position": 1, "count": 1}, {"deal": 2, "position": 1, "count": 2}]
    return data


def _no_checksum(data):
    del data["checksum"]
    return data


def _unchanged(data):
    return data


def _a_list(data):
    return [data]


# The small league's backup changed, and the whole sentence a Spanish reader gets (written by hand).
SPANISH_SENTENCES = [
    pytest.param(_set(("games", 0, "deals", 1, "went_out"), 7),
                 "Partida 1, ronda 2: went_out 7 no es un asiento de una mesa de 3.", id="went-out-out-of-range"),
    pytest.param(lambda data: _set(("games", 0, "deals", 1, "number"), 1)(data),
                 "Partida 1: la ronda 1 aparece dos veces.", id="duplicate-deal"),
    pytest.param(_set(("games", 0, "rules", "id"), "gin-rummy"),
                 'Partida 1: la copia de las reglas es de un reglamento desconocido, "gin-rummy".', id="unknown-ruleset"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 1, "points"), 11),
                 'Partida 1, ronda 1, mano 2: las cartas "K" suman 10 en Contract Rummy, no 11.', id="points-not-the-cards"),
    pytest.param(_set(("games", 0, "deals", 1, "hands", 2, "points"), 1.5),
                 "Partida 1, ronda 2, mano 3: points debe ser un número entero de 0 a 10000, no 1.5.",
                 id="points-not-whole"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 0, "position"), 2),
                 "Partida 1, ronda 1: la posición 2 (Cat) tiene dos manos.", id="two-hands-one-seat"),
    pytest.param(_set(("games", 0, "status"), "finished"),
                 "Partida 1: una partida terminada tiene una hora finished_at, y una que no está terminada no tiene "
                 "ninguna.", id="finished-no-time"),
    pytest.param(_set(("games", 0, "seats", 1), "ann"), "Partida 1: «ann» se sienta dos veces a la mesa.", id="seat-twice"),
    pytest.param(_set(("games", 0, "seats", 1), "B" * 41), "Partida 1, asiento 2: El nombre tiene como máximo 40 letras.",
                 id="seat-too-long"),
    pytest.param(_set(("games", 0, "surprise"), 1),
                 "Partida 1: la partida tiene un campo que esta app no conoce: «surprise».", id="unknown-field"),
    pytest.param(_set(("league", "name"), ""), "Liga: su nombre está vacío.", id="league-name"),
    pytest.param(_set(("league", "members"), ["Ann", "ANN"]), "Liga: «ANN» está dos veces entre los integrantes.",
                 id="member-twice"),
    pytest.param(_set(("games", 0, "history", 1, "deal"), None),
                 "Partida 1, entrada 2 del historial: «entered» es sobre una ronda, así que nombra una.",
                 id="history-without-deal"),
    pytest.param(_may_i_twice, "Partida 1, cuenta de compras 2: la ronda 2, posición 1, está contada dos veces.",
                 id="may-i-twice"),
    pytest.param(_set(("games", 0, "deals", 0, "stock_ran_out"), True),
                 "Partida 1, ronda 1: o alguien cerró o se acabó el mazo: no las dos cosas, y no ninguna.",
                 id="went-out-and-stock"),
    pytest.param(_set(("league", "surprise"), 1),
                 "La liga del respaldo tiene un campo que esta app no conoce: «surprise».", id="league-field"),
    # the engine's own sentences after the place, in the page's language too
    pytest.param(_one_seat, "Partida 1: Contract Rummy se juega con 3 a 5 jugadores, no con 1.", id="one-seat"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 1, "one_turn_out"), True),
                 "Partida 1, ronda 1, mano 2: Contract Rummy no tiene bonificación por bajarse y cerrar en un solo "
                 "turno.",
                 id="a-bonus-the-rules-lack"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 1, "cards"), "K X"),
                 "Partida 1, ronda 1, mano 2: las cartas \"K X\" no son valores de cartas ('X' no es un valor: un valor es "
                 "A, 2-10, J, Q, K o JK (aquí el palo no importa)).", id="cards-not-ranks"),
    pytest.param(_set(("games", 0, "rules", "exact_cut_bonus"), "50"),
                 'Partida 1: la copia de las reglas no es un reglamento válido (exact_cut_bonus debe ser un número entero '
                 'de 0 a 1000000, no "50").', id="snapshot-text-for-number-es"),
    pytest.param(_twenty_seats,
                 "Partida 1: sus reglas no se pueden jugar (players.max es un número entero de 2 a 8, no 20).",
                 id="twenty-seats-es"),
    pytest.param(_set(("version",), 99),
                 "Este respaldo se hizo con una versión más nueva de la app (versión de respaldo 99); esta app lee "
                 "la versión 1.", id="newer-version"),
]  # fmt: skip


@pytest.mark.parametrize(("tamper", "sentence"), SPANISH_SENTENCES)
def test_a_broken_backup_is_refused_in_spanish_word_for_word(small, tamper, sentence):
    assert refused(small, tamper) == sentence


def test_a_file_changed_by_hand_or_without_its_checksum_or_not_a_league_is_refused_in_spanish(small):
    client, backup = small
    changed = copy.deepcopy(backup)
    changed["games"][0]["deals"][0]["hands"][1]["points"] = 11  # checksum kept
    assert upload(client, json.dumps(changed).encode(), SPANISH) == (
        "El archivo se cambió después de hacerlo (su suma de control no coincide)."
    )
    assert refused(small, _no_checksum, sign=False) == (
        "El archivo no tiene suma de control, así que no es de fiar: vuelve a hacer el respaldo desde la página de "
        "la liga."
    )
    assert refused(small, _a_list, sign=False) == (
        "Este archivo no es un respaldo de liga: contiene una lista, no una liga."
    )
    assert refused(small, _unchanged, rename=False) == (
        "Ya hay una liga llamada «Small», así que este respaldo de «Small» no se importó."
    )
    assert refused(small, _unchanged, ENGLISH, rename=False) == (
        "There is already a league called “Small”, so this backup of “Small” was not imported."
    )


#: The file's own names and values, which a Spanish sentence quotes as the file writes them: snake_case and
#: dotted fields (went_out, in_progress, new.hands[0]) and the plain field names a sentence starts with.
FILE_NAMES = re.compile(r"\b[a-z]+(?:[_.][a-z0-9_.\[\]]+)+|\b(?:status|action|adjustment|cards|points|dealer)\b(?= )")


def english_beyond_file_names(text: str) -> list[str]:
    """:func:`english_left` of ``text`` without the file's own field names and values."""
    return english_left(FILE_NAMES.sub("", text))


#: No case quotes Python's own words any more: the snapshot reader says what is wrong in its own sentence.
ENGINE_DETAIL: set[str] = set()

EVERY_CASE = [
    pytest.param(param.values[0], param.id in ENGINE_DETAIL, id=param.id) for param in [*TAMPERED, *SPANISH_SENTENCES]
]


@pytest.mark.parametrize(("tamper", "engine_detail"), EVERY_CASE)
def test_every_broken_backup_is_refused_in_whole_spanish_and_in_english_as_before(small, tamper, engine_detail):
    spanish = refused(small, tamper)
    said_here = spanish
    if engine_detail:
        assert spanish.startswith("Partida 1: la copia de las reglas no es un reglamento válido ("), spanish
        said_here = re.sub(r"\(.*\)", "()", spanish)
    assert said_here and english_beyond_file_names(said_here) == [], spanish
    english = refused(small, tamper, ENGLISH)
    assert english != spanish
    assert english_beyond_file_names(english), english  # the English page still says it in English


@pytest.mark.parametrize(("tamper", "message"), TAMPERED)
def test_the_english_page_reads_as_before(small, tamper, message):
    assert refused(small, tamper, ENGLISH).startswith(message)


def test_a_sound_backup_is_restored_from_a_spanish_page_with_its_rules_as_the_file_holds_them(small):
    """A ruleset's words are data in English: read on a Spanish page, the snapshot came back as "Dos groups of
    3" and every backup was refused there ("deals de la copia de las reglas no es uno que un reglamento pueda
    tener")."""
    client, backup = small
    data = copy.deepcopy(backup)
    data["league"]["name"] = "Small, restored in Spanish"
    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(json.dumps(resigned(data)).encode()), filename="b.json", content_type="application/json")}
    )
    response = client.post(
        "/leagues/import", data=body, content_type=f"multipart/form-data; boundary={boundary}", headers=SPANISH
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    league_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with client.application_under_test.app_context():
        restored = league_backup(db.session.get(League, league_id))
    assert restored["games"] == backup["games"]


@pytest.fixture
def other_app(tmp_path):
    """A second app with its own database, to restore a backup into."""
    app = make_app(tmp_path / "other.sqlite")
    yield app
    dispose(app)


def test_a_game_under_a_tables_own_rules_is_restored_from_a_spanish_page_as_from_an_english_one(
    no_csrf_app, form_client, other_app
):
    """The restored league's own ruleset is stored with its words in English (a ruleset's words are data), and
    a forged name no builder takes is refused in Spanish."""
    league_id = new_league(form_client, "Gran's table")
    grans = _save_rules(form_client, _one_deal_rules("Gran's rules", 25), str(league_id))
    url = start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    deal(form_client, url, 1, "0", ["", "K JK", "5"])
    data = json.loads(form_client.get(f"/leagues/{league_id}/backup.json").get_data())
    with no_csrf_app.app_context():
        made_here = db.session.get(CustomRuleset, int(grans.removeprefix("custom-"))).latest.definition

    here = signed_in(other_app)
    forged = copy.deepcopy(data)
    forged["games"][0]["rules"]["name"] = "G" * 61
    sentence = upload(here, json.dumps(resigned(forged)).encode(), SPANISH)
    assert sentence.startswith("Partida 1: las reglas propias de su mesa no se pueden guardar aquí ("), sentence
    assert english_left(re.sub(r"\(.*\)", "()", sentence)) == []

    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(json.dumps(data).encode()), filename="b.json", content_type="application/json")}
    )
    response = here.post(
        "/leagues/import", data=body, content_type=f"multipart/form-data; boundary={boundary}", headers=SPANISH
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    with other_app.app_context():
        stored = db.session.scalars(select(CustomRuleset)).one()
        assert stored.latest.definition == made_here
        restored = db.session.scalars(select(Game)).one()
        assert restored.ruleset.deals[0].contract == "Two groups of 3"
        assert {**json.loads(restored.rules_json), "id": grans} == data["games"][0]["rules"]


def test_a_tables_rules_first_read_on_a_spanish_page_keep_their_words_in_english_for_every_game(
    no_csrf_app, form_client, other_app
):
    """A stored ruleset is read once and kept for every reader: read first for a Spanish page, it once held
    "Dos groups of 3", which every game then started under it stored in its snapshot (and its backup was then
    refused: the snapshot's deals were not ones a ruleset can have)."""
    from companion import registry

    league_id = new_league(form_client, "Gran's table")
    grans = _save_rules(form_client, _one_deal_rules("Gran's rules", 25), str(league_id))
    registry._read_version.cache_clear()
    assert form_client.get(f"/rules/{grans}", headers=SPANISH).status_code == 200
    url = start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    deal(form_client, url, 1, "0", ["", "K JK", "5"])
    data = json.loads(form_client.get(f"/leagues/{league_id}/backup.json").get_data())
    assert data["games"][0]["rules"]["deals"][0]["contract"] == "Two groups of 3"
    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(json.dumps(data).encode()), filename="b.json", content_type="application/json")}
    )
    response = signed_in(other_app).post(
        "/leagues/import", data=body, content_type=f"multipart/form-data; boundary={boundary}", headers=ENGLISH
    )
    assert response.status_code == 303, response.get_data(as_text=True)


def test_a_bonus_the_rules_lack_is_refused_with_the_rules_name_as_it_is_written(small):
    """The engine's sentence after the place starts with a small letter, but never the ruleset's name (it read
    "contract Rummy has no bonus…")."""
    one_turn = _set(("games", 0, "deals", 0, "hands", 1, "one_turn_out"), True)
    assert refused(small, one_turn, ENGLISH) == (
        "Game 1, deal 1, hand 2: Contract Rummy has no bonus for going down and out in one turn."
    )
    assert refused(small, one_turn).startswith("Partida 1, ronda 1, mano 2: Contract Rummy ")
