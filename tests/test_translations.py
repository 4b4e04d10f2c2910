"""The pages in Spanish: the catalogue holds every sentence the code marks, and a page's language is chosen
by the account, else the phone's cookie, else the browser's ``Accept-Language``, else English."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.extensions import db
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES
from companion.models import User
from conftest import OWNER_HASH, OWNER_NAME, OWNER_PASSWORD, SETUP_TOKEN, sign_in
from pages import parse

REPOSITORY = Path(__file__).resolve().parent.parent
CATALOGUES = REPOSITORY / "companion" / "translations"
KEYWORDS = {
    **DEFAULT_KEYWORDS, "_l": None, "say": None, "say_n": (1, 2), "say_word": ((1, "c"), 2), "mark_word": ((1, "c"), 2),
}  # fmt: skip
"""What marks a sentence for translation: gettext's usual names, ``_l`` (``lazy_gettext``, for form labels) and
the rules engine's own (:mod:`companion.rules.speech`), as the README's ``pybabel extract`` line names them."""
SPANISH = "¿Me la das?"  # a marker no English page holds


def extracted() -> dict[tuple[object, str | None], list[str]]:
    """Every message the code and the templates mark, as the README's ``pybabel extract`` finds them,
    with where each is."""
    with (REPOSITORY / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[object, list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(REPOSITORY), method_map, options_map, keywords=KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault((key, context), []).append(f"{filename}:{lineno}")
    return found


TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
"""Every language a page can be in but English, whose words are the messages themselves."""


@pytest.fixture(scope="module", params=TRANSLATED)
def catalogue(request):
    with (CATALOGUES / request.param / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po)


def test_the_extraction_finds_the_first_slices_sentences():
    messages = extracted()
    assert ("Sign in", None) in messages
    assert ("Deal %(number)s of %(count)s", None) in messages  # a template's
    assert ("Your name (to sign in with)", None) in messages  # a form label's (lazy)
    assert ("The form was out of date (its security token expired). Go back, reload the page and try again.", None) in messages
    assert (("A password needs at least %(num)d character.", "A password needs at least %(num)d characters."), None) in messages
    assert ("%(items)s and %(last)s", None) in messages  # the rules engine's (say)
    assert ("three", "count") in messages  # a word the engine marks in its role (mark_word)


def test_each_catalogue_has_every_message_translated_and_none_fuzzy(catalogue):
    messages = extracted()
    missing = {key: places for key, places in messages.items() if catalogue.get(*key) is None}
    assert not missing, f"not in the {catalogue.locale} catalogue (run pybabel update, see README): {missing}"
    untranslated = [
        message.id
        for message in catalogue
        if message.id
        and (not message.string or not all(message.string if isinstance(message.string, tuple) else [message.string]))
    ]
    assert not untranslated, f"untranslated: {untranslated}"
    fuzzy = [message.id for message in catalogue if message.id and message.fuzzy]
    assert not fuzzy, f"fuzzy (check the translation, then remove the fuzzy flag): {fuzzy}"


def test_the_translations_keep_their_placeholders(catalogue):
    """Babel's own checks: each translation has the placeholders of its English (python-format) and as many
    plural forms as Spanish has."""
    problems = [(message.id, [str(error) for error in errors]) for message, errors in catalogue.check()]
    assert problems == []


def test_the_compiled_catalogue_is_the_catalogue(catalogue):
    """The committed .mo (what the app reads) says what the .po says: run pybabel compile after editing."""
    with (CATALOGUES / str(catalogue.locale) / "LC_MESSAGES" / "messages.mo").open("rb") as mo:
        compiled = read_mo(mo)
    assert messages_of(compiled) == messages_of(catalogue)


def messages_of(catalogue) -> dict[object, object]:
    """A catalogue's translations by message and context (one word says "tres" as a count and "grupo" as a
    set word), plural ones as tuples (a .mo is read back with lists)."""

    def plain(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value

    return {(plain(message.id), message.context): plain(message.string) for message in catalogue if message.id}


# ---------------------------------------------------------------------------
# Choosing the language


def html_lang(response) -> str:
    return parse(response.get_data(as_text=True)).find("html").attrs["lang"]


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        (None, "en"),
        ("es", "es"),
        ("es-CL,es;q=0.9,en;q=0.5", "es"),
        ("en-GB,en;q=0.9,es;q=0.8", "en"),
        ("fr-FR,fr;q=0.9", "en"),
        ("fr-FR,es;q=0.5", "es"),
    ],
)
def test_a_page_is_in_the_browsers_language_among_english_and_spanish(anon_client, accept, language):
    headers = {"Accept-Language": accept} if accept else {}
    assert html_lang(anon_client.get("/login", headers=headers)) == language


def test_the_cookie_beats_the_browser_and_the_account_beats_the_cookie(app):
    client = app.test_client()
    client.set_cookie(LANGUAGE_COOKIE, "es")
    assert html_lang(client.get("/login", headers={"Accept-Language": "en"})) == "es"
    client.set_cookie(LANGUAGE_COOKIE, "xx")  # not a language of ours: as if there were none
    assert html_lang(client.get("/login", headers={"Accept-Language": "es"})) == "es"
    assert html_lang(client.get("/login", headers={"Accept-Language": "en"})) == "en"

    sign_in(client, app.config["OWNER_ID"])
    client.set_cookie(LANGUAGE_COOKIE, "es")
    assert html_lang(client.get("/", headers={"Accept-Language": "es"})) == "es"  # no choice of its own yet
    with app.app_context():
        db.session.get(User, app.config["OWNER_ID"]).language = "en"
        db.session.commit()
    assert html_lang(client.get("/", headers={"Accept-Language": "es"})) == "en"


def test_the_json_api_stays_english_whatever_is_asked(anon_client):
    english = anon_client.get("/api/v1/nothing-here")
    spanish = anon_client.get("/api/v1/nothing-here", headers={"Accept-Language": "es"})
    assert english.status_code == spanish.status_code == 404
    assert english.get_json() == spanish.get_json()
    assert english.data == spanish.data


# ---------------------------------------------------------------------------
# The switch at the foot of every page


def switch_form(response):
    doc = parse(response.get_data(as_text=True))
    form = doc.find("footer").find("form")
    fields = {field.attrs["name"]: field.attrs.get("value", "") for field in form.find_all("input")}
    return form, fields


def test_every_page_has_the_switch_with_its_own_language_marked(anon_client):
    form, fields = switch_form(anon_client.get("/rules/?x=1", headers={"Accept-Language": "es"}))
    assert form.attrs["method"] == "post" and form.attrs["action"] == "/language"
    assert fields["next"] == "/rules/?x=1"
    assert fields["csrf_token"]
    buttons = {button.attrs["value"]: button for button in form.find_all("button")}
    assert set(buttons) == {"en", "es"}
    assert buttons["es"].text == "Español" and buttons["es"].attrs["lang"] == "es"
    assert buttons["es"].attrs.get("aria-current") == "true"
    assert "aria-current" not in buttons["en"].attrs


def test_the_switch_keeps_the_phones_choice_and_goes_back(anon_client):
    _form, fields = switch_form(anon_client.get("/login?next=/leagues/"))
    response = anon_client.post("/language", data={**fields, "language": "es"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/login?next=/leagues/"
    cookie = next(value for value in response.headers.getlist("Set-Cookie") if value.startswith(f"{LANGUAGE_COOKIE}="))
    assert cookie.startswith(f"{LANGUAGE_COOKIE}=es;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = anon_client.get("/login", headers={"Accept-Language": "en"})
    assert html_lang(page) == "es"
    assert "Entrar" in parse(page.get_data(as_text=True)).find("h1").text


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "", "login"])
def test_the_switch_goes_back_only_to_a_page_of_this_site(anon_client, target):
    _form, fields = switch_form(anon_client.get("/login"))
    response = anon_client.post("/language", data={**fields, "next": target, "language": "es"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_the_switch_refuses_a_form_without_its_token_and_an_unknown_language(anon_client):
    refused = anon_client.post("/language", data={"language": "es", "next": "/login"})
    assert refused.status_code == 400
    assert not refused.headers.getlist("Set-Cookie") or all(
        not value.startswith(f"{LANGUAGE_COOKIE}=") for value in refused.headers.getlist("Set-Cookie")
    )
    _form, fields = switch_form(anon_client.get("/login"))
    unknown = anon_client.post("/language", data={**fields, "language": "xx"})
    assert unknown.status_code == 303
    assert all(not value.startswith(f"{LANGUAGE_COOKIE}=") for value in unknown.headers.getlist("Set-Cookie"))


def test_a_signed_in_switch_is_the_accounts_choice_on_every_phone(app, client):
    _form, fields = switch_form(client.get("/"))
    assert client.post("/language", data={**fields, "language": "es"}).status_code == 303
    with app.app_context():
        assert db.session.get(User, app.config["OWNER_ID"]).language == "es"
    other_phone = app.test_client()
    sign_in(other_phone, app.config["OWNER_ID"])
    assert html_lang(other_phone.get("/", headers={"Accept-Language": "en"})) == "es"


# ---------------------------------------------------------------------------
# The first slice in Spanish


ES = {"Accept-Language": "es"}


def test_the_home_page_in_spanish(client):
    doc = parse(client.get("/", headers=ES).get_data(as_text=True))
    assert doc.find("h1").text == "Tu compañero de Rummy"
    assert "Empezar una partida nueva" in doc.text
    nav = doc.find("nav")
    assert nav.attrs["aria-label"] == "Principal"
    assert [a.text for a in nav.find_all("a")] == ["Ligas", "Reglas", "Cuenta"]
    assert "jugadores ·" in doc.text and "rondas" in doc.text
    assert "Start a new game" not in doc.text


def test_the_sign_in_page_and_its_errors_in_spanish(anon_client):
    doc = parse(anon_client.get("/login", headers=ES).get_data(as_text=True))
    assert doc.find("title").text == "Entrar · Rummy Companion"
    labels = [label.text.strip() for label in doc.find("main").find_all("label")]
    assert labels == ["Nombre", "Contraseña"]
    _form, fields = switch_form(anon_client.get("/login"))
    response = anon_client.post(
        "/login",
        data={"csrf_token": fields["csrf_token"], "username": OWNER_NAME, "password": "wrong " + OWNER_PASSWORD},
        headers=ES,
    )
    assert response.status_code == 422
    error = parse(response.get_data(as_text=True)).find(id="password-error").text
    assert error == "Ese nombre y esa contraseña no corresponden a ninguna cuenta."


def test_the_setup_page_says_its_refusals_in_spanish(make_fresh_app):
    client = make_fresh_app().test_client()
    page = parse(client.get(f"/setup/{SETUP_TOKEN}", headers=ES).get_data(as_text=True))
    assert page.find("h1").text == "Bienvenidos"
    assert [label.text for label in page.find("main").find_all("label")] == [
        "Tu nombre (para entrar)",
        "Contraseña (al menos 10 caracteres)",
    ]
    response = client.post(f"/setup/{SETUP_TOKEN}", data={"username": "  ", "password": "short"}, headers=ES)
    doc = parse(response.get_data(as_text=True))
    assert doc.find(id="username-error").text == "Elige un nombre para entrar."
    assert doc.find(id="password-error").text == "Una contraseña necesita al menos 10 caracteres."
    response = client.post(f"/setup/{SETUP_TOKEN}", data={"username": "A\u202eB", "password": "long enough password"}, headers=ES)
    assert parse(response.get_data(as_text=True)).find(id="username-error").text == (
        "Un nombre no puede llevar el carácter invisible o de control U+202E (RIGHT-TO-LEFT OVERRIDE): escribe solo letras."
    )


def test_the_account_page_in_spanish(client):
    doc = parse(client.get("/account", headers=ES).get_data(as_text=True))
    assert doc.find("title").text == "Tu cuenta · Rummy Companion"
    assert doc.find(id="invite-heading").text == "Invitar a alguien"
    assert doc.find(id="phones-heading").text == "Teléfonos con tu sesión abierta"
    assert "desde " in doc.text and ": este teléfono" in doc.text
    assert "Cerrar sesión" in [button.text for button in doc.find_all("button")]
    assert "Invite someone" not in doc.text and "Sign out" not in doc.text


def test_an_invitations_link_in_spanish(no_csrf_app):
    client = no_csrf_app.test_client()
    sign_in(client, no_csrf_app.config["OWNER_ID"])
    made = parse(client.post("/account/invites", data={"new_player": "Abuela"}, headers=ES).get_data(as_text=True))
    assert "Manda este enlace a Abuela (sirve una sola vez, durante 7 días):" in made.text
    link = made.find("input", **{"aria-label": "Enlace de invitación"}).attrs["value"]
    invite = parse(no_csrf_app.test_client().get(link, headers=ES).get_data(as_text=True))
    assert invite.find("h1").text == "Únete a la mesa"
    assert "Te invitaron como Abuela en la mesa" in invite.text


@pytest.mark.parametrize(
    ("url", "status", "title", "sentence"),
    [
        ("/no-such-page", 404, "No está aquí", "Aquí no hay nada: puede que el enlace sea antiguo."),
        ("/invite/not-a-token", 404, "Invitación", "Este enlace de invitación ya no es válido: pide uno nuevo."),
    ],
)
def test_error_pages_in_spanish(anon_client, url, status, title, sentence):
    response = anon_client.get(url, headers=ES)
    assert response.status_code == status
    doc = parse(response.get_data(as_text=True))
    assert doc.find("h1").text == title
    assert sentence in doc.find("main").text
    assert doc.find("main").find("a").text == "Inicio"


def test_a_forbidden_page_in_spanish_says_where_to_look(app):
    with app.app_context():
        nieta = User(username="Nieta", username_key="nieta", password_hash=OWNER_HASH)
        db.session.add(nieta)
        db.session.commit()
        other = nieta.id
    client = app.test_client()
    sign_in(client, other)
    response = client.post(
        f"/account/users/{app.config['OWNER_ID']}/remove", data={"csrf_token": csrf(client)}, headers=ES
    )
    assert response.status_code == 403
    doc = parse(response.get_data(as_text=True))
    assert doc.find("h1").text == "Sin permiso"
    assert "Solo el dueño de la app puede eliminar cuentas." in doc.text
    hint = doc.find("main").find("p", cls="hint")
    assert hint.text == "Las partidas y la tabla de una liga las cambian los jugadores de su lista: la página de tu cuenta dice qué jugador eres."
    assert hint.find("a").attrs["href"] == "/account"


def csrf(client) -> str:
    return switch_form(client.get("/login"))[1]["csrf_token"]


def test_english_pages_are_as_they_were(anon_client):
    """A phone that asks for nothing gets the English words, with lang="en"."""
    response = anon_client.get("/login")
    doc = parse(response.get_data(as_text=True))
    assert html_lang(response) == "en"
    assert doc.find("h1").text == "Sign in"
    assert SPANISH not in doc.text
    assert "No account? Ask the owner for an invitation link. To follow a game, a watch link is enough." in doc.text
