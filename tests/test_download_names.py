"""A file the app hands over keeps the letters of the name it is made from (issue 27, "the table's words in
Spanish"): the BG Stats file of «Familia González» is ``familia-gonzález-bgstats.json``, not
``familia-gonz-lez-bgstats.json``. The header says the name twice (RFC 6266): ``filename*`` in UTF-8 as RFC 5987
writes it, which every current browser reads, and a plain ``filename`` without accents for an old one.
"""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from werkzeug.http import parse_options_header

from companion.downloads import attachment, file_stem


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Familia González", "familia-gonzález"),
        ("Los Ñandúes", "los-ñandúes"),
        ("Sunday family!", "sunday-family"),
        ("  --  ", ""),
        ("Mamá & Papá 2024", "mamá-papá-2024"),
        ("a_b/c\\d\"e", "a-b-c-d-e"),
    ],
)
def test_a_stem_keeps_letters_and_digits_and_joins_the_rest_with_hyphens(name, stem):
    assert file_stem(name) == stem


def test_an_ascii_name_is_said_once():
    assert attachment("family-bgstats.json") == 'attachment; filename="family-bgstats.json"'


def test_a_name_with_accents_is_said_in_utf8_and_plainly():
    header = attachment("familia-gonzález-bgstats.json")
    assert header == (
        "attachment; filename=\"familia-gonzalez-bgstats.json\"; filename*=UTF-8''familia-gonz%C3%A1lez-bgstats.json"
    )
    header.encode("latin-1")  # a header a WSGI server can send
    _, options = parse_options_header(header)
    assert options["filename"] == "familia-gonzález-bgstats.json"  # werkzeug reads filename* first, as browsers do


def test_a_name_in_another_alphabet_still_has_a_plain_fallback():
    header = attachment("семья-bgstats.json")
    assert 'filename="bgstats.json"' in header
    _, options = parse_options_header(header)
    assert unquote(header.split("''", 1)[1]) == "семья-bgstats.json" == options["filename"]


def _league(client, name: str) -> str:
    made = client.post("/leagues/", data={"name": name})
    assert made.status_code == 303
    return made.headers["Location"].rstrip("/")


def _download_name(response) -> str:
    assert response.status_code == 200
    _, options = parse_options_header(response.headers["Content-Disposition"])
    return options["filename"]


@pytest.mark.parametrize(
    ("path", "ending"),
    [("/bgstats.json", "-bgstats.json"), ("/backup.json", "-backup.json"), ("/export/scores.csv", "-scores.csv")],
)
def test_a_leagues_files_keep_the_letters_of_its_name(form_client, path, ending):
    league = _league(form_client, "Familia González")
    assert _download_name(form_client.get(league + path)) == "familia-gonzález" + ending


def test_a_custom_rulesets_file_keeps_the_letters_of_its_name(form_client, no_csrf_app):
    from companion.house_rules import service as house_rules
    from companion.models import User
    from companion.rules import RULESETS, ruleset_to_definition
    from companion.extensions import db

    with no_csrf_app.app_context():
        definition = ruleset_to_definition(RULESETS["contract"])
        definition["name"] = "Reglas de la Señora Núñez"
        custom = house_rules.save(definition, user=db.session.get(User, no_csrf_app.config["OWNER_ID"]))
        custom_id = custom.id
    assert _download_name(form_client.get(f"/rulesets/{custom_id}/export")) == "reglas-de-la-señora-núñez.json"
