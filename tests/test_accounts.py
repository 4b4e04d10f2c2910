"""Accounts and access: first run, sign-in and its rate limit, invitations, who may change what, watch links,
CSRF, security headers, and names that look like HTML.

Most requests go through the ``no_csrf_app`` (CSRF has its own tests, with
the ``client`` fixture); each account is a test client signed in through its
session (:func:`conftest.sign_in`) and made with the precomputed
``OWNER_HASH``, so only the tests about passwords pay for a real hash. A
refused request must leave every row of every table as it was.
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import json
import os
import re
import shutil
from dataclasses import dataclass
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from conftest import OWNER_HASH, OWNER_NAME, OWNER_PASSWORD, SETUP_TOKEN, add_owner, sign_in, stored_rows
from pages import parse
from sqlalchemy import func, select
from werkzeug.security import check_password_hash

from companion import create_app
from companion.auth import service as accounts
from companion.auth.access import new_token
from companion.extensions import db
from companion.games.deal_entry import judge_entry, save_deal
from companion.games.life import change_buys, find_or_add_player, start_game
from companion.rules.deal_score import LineEntry
from companion.leagues.exports import checksum, league_backup
from companion.leagues.service import add_member, create_league
from companion.models import Game, Invite, League, LoginAttempt, Player, User
from companion.rules import RULESETS

# ---------------------------------------------------------------------------
# Helpers


snapshot = stored_rows


def client_as(app, user_id: int | None):
    client = app.test_client()
    if user_id is not None:
        sign_in(client, user_id)
    return client


def add_account(app, name: str, player_id: int | None = None, *, owner: bool = False) -> int:
    with app.app_context():
        user = User(
            username=name,
            username_key=User.key_for(name),
            password_hash=OWNER_HASH,
            player_id=player_id,
            is_owner=owner,
        )
        db.session.add(user)
        db.session.commit()
        return user.id


def play_deal(game: Game, number: int, went_out: int = 0, cards: str = "K 7") -> None:
    """Save a deal through the service: one player out, the others holding ``cards``."""
    entries = [LineEntry(position=s.position, cards="" if s.position == went_out else cards) for s in game.seats]
    judgement = judge_entry(game, number, str(went_out), entries)
    assert judgement.ok, judgement.problems
    save_deal(game, number, judgement)


def play_to_the_end(game: Game) -> None:
    for number in range(len(game.deals) + 1, len(game.ruleset.deals) + 1):
        play_deal(game, number, went_out=number % len(game.seats))


def csrf_from(html: str) -> str:
    """The CSRF token a page's forms carry."""
    return parse(html).find("input", name="csrf_token").attrs["value"]


def htmx_token(html: str) -> str:
    """The CSRF token the page gives htmx (in the body's ``hx-headers``)."""
    return json.loads(parse(html).find("body").attrs["hx-headers"])["X-CSRFToken"]


def location_path(response) -> str:
    return urlsplit(response.headers["Location"]).path


def page_text(response) -> str:
    return parse(response.get_data(as_text=True)).text


def post_forms(doc) -> list:
    """The page's forms that change something (the language switch at the foot of every page changes only
    the reader's own language, so it is not one of them)."""
    return [
        form
        for form in doc.find_all("form")
        if (form.attrs.get("method") or "get").lower() == "post" and form.attrs.get("action") != "/language"
    ]


def cookie_headers(response, name: str) -> list[str]:
    return [value for value in response.headers.getlist("Set-Cookie") if value.startswith(f"{name}=")]


def new_game_form(**fields) -> dict[str, str]:
    data = {"ruleset": "contract", "first_dealer": "0", "league": ""}
    for index in range(8):
        data[f"seats-{index}-player"] = ""
        data[f"seats-{index}-new_name"] = ""
    data.update(fields)
    return data


# ---------------------------------------------------------------------------
# A small world: a league with a game in progress and a finished one, a game outside any league, and accounts


@dataclass
class World:
    players: dict[str, int]
    league_id: int
    league_token: str
    league_game: int
    league_game_token: str
    finished_game: int
    free_game: int
    owner: int
    member: int
    """An invited account whose player (Ann) is on the league's roster."""
    outsider: int
    """An invited account whose player (Zed) is not on the roster."""
    nobody: int
    """An invited account that has not said which player it is."""
    import_file: bytes = b""


LEAGUE = "Smiths"


def build_world(app) -> World:
    with app.app_context():
        ann, bob, cat, zed, yan = (find_or_add_player(name) for name in ("Ann", "Bob", "Cat", "Zed", "Yan"))
        league = create_league(LEAGUE)
        for player in (ann, bob, cat):
            add_member(league, player)
        in_league = start_game(RULESETS["contract"], [ann, bob, cat], 0, league=league)
        play_deal(in_league, 1)
        finished = start_game(RULESETS["contract"], [ann, bob, cat], 1, league=league)
        play_to_the_end(finished)
        free = start_game(RULESETS["contract"], [zed, yan, bob], 0)
        play_deal(free, 1)
        in_league.share_token, league.share_token = new_token(), new_token()
        db.session.commit()
        backup = league_backup(league)
        backup["league"]["name"] = "Smiths Restored"
        backup["checksum"] = checksum(backup)
        owner = db.session.scalar(select(User.id).where(User.is_owner.is_(True)))
        world = World(
            players={p.name: p.id for p in (ann, bob, cat, zed, yan)},
            league_id=league.id,
            league_token=league.share_token,
            league_game=in_league.id,
            league_game_token=in_league.share_token,
            finished_game=finished.id,
            free_game=free.id,
            owner=owner,
            member=0,
            outsider=0,
            nobody=0,
            import_file=json.dumps(backup).encode(),
        )
    world.member = add_account(app, "Annie", world.players["Ann"])
    world.outsider = add_account(app, "Zelda", world.players["Zed"])
    world.nobody = add_account(app, "Newcomer")
    return world


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    """The world built once for the module, that each test of the world starts from.

    Building it is a whole game's commits. On SQLite each test copies a database file made once (the tables
    alone, or the world); on PostgreSQL (TEST_DATABASE_URL) the world's rows are kept and written back into
    the tables the conftest emptied.
    """
    if os.environ.get("TEST_DATABASE_URL"):
        yield {"rows": None}
        return
    folder = tmp_path_factory.mktemp("templates")
    made = {}
    for name in ("tables", "world"):
        path = folder / f"{name}.sqlite"
        app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        with app.app_context():
            db.create_all()
        world = None
        if name == "world":
            add_owner(app)
            world = build_world(app)
        with app.app_context():
            db.engine.dispose()
        made[name] = (path, world)
    yield made


@pytest.fixture
def database_uri(database_uri, request, templates):
    """The conftest's database; on SQLite, a copy of the world's file for a test of the world, else of the tables."""
    if "rows" not in templates:
        wants_world = {"world", "csrf_world"} & set(request.fixturenames)
        shutil.copyfile(templates["world" if wants_world else "tables"][0], database_uri.removeprefix("sqlite:///"))
    return database_uri


def _world(app, templates) -> World:
    """The world in this test's database: a copy of the one made once, or on PostgreSQL its rows written back."""
    if "rows" not in templates:
        return copy.deepcopy(templates["world"][1])
    if templates["rows"] is None:
        before = _rows(app)  # the owner, and a signed-in client's session: this test's own, not the world's
        templates["world"] = build_world(app)
        templates["rows"] = {name: [row for row in rows if row not in before[name]] for name, rows in _rows(app).items()}
        return copy.deepcopy(templates["world"])
    with app.app_context():
        for table in db.metadata.sorted_tables:
            if templates["rows"][table.name]:
                db.session.execute(table.insert(), templates["rows"][table.name])
            if "id" in table.c:  # the next new row's id follows the world's, as after building it
                quoted = db.engine.dialect.identifier_preparer.quote(table.name)  # "user" is a keyword
                following = select(func.coalesce(func.max(table.c.id), 0) + 1).scalar_subquery()
                db.session.execute(select(func.setval(func.pg_get_serial_sequence(quoted, "id"), following, False)))
        db.session.commit()
    return copy.deepcopy(templates["world"])


def _rows(app) -> dict[str, list[dict]]:
    """Every table's rows, in the order they can be written back."""
    with app.app_context():
        return {t.name: [dict(row) for row in db.session.execute(select(t)).mappings()] for t in db.metadata.sorted_tables}


@pytest.fixture
def world(no_csrf_app, templates) -> World:
    return _world(no_csrf_app, templates)


@pytest.fixture
def csrf_world(app, templates) -> World:
    return _world(app, templates)


# Every route that changes something. Game routes are tried on the league's game ("league") and on the
# game outside any league ("free"); the league's routes on the league; anyone signed in may make a league.
GAME_ROUTES = ["new game", "deal entry page", "save a deal", "May I", "undo", "abandon"]
LEAGUE_ROUTES = ["add to roster", "remove from roster"]
OPEN_ROUTES = ["new league", "import a league"]
STORES = {"deal entry page": False}
"""Routes that store nothing even when allowed (the rest store something when they succeed)."""


def write_request(route: str, world: World, target: str = "league") -> tuple[str, str, dict | None]:
    """The method, URL and form of a write, as a browser sends it."""
    game = world.league_game if target == "league" else world.free_game
    p = world.players
    if route == "new game":
        if target == "league":
            fields = {f"seats-{i}-player": str(p[name]) for i, name in enumerate(("Ann", "Bob", "Cat"))}
            return "POST", "/games/new", new_game_form(league=str(world.league_id), **fields)
        fields = {f"seats-{i}-new_name": name for i, name in enumerate(("Uma", "Vic", "Wes"))}
        return "POST", "/games/new", new_game_form(**fields)
    if route == "deal entry page":
        return "GET", f"/games/{game}/deals/2", None
    if route == "save a deal":
        data = {"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K 7", "hands-2-cards": "Q", "confirm": "y"}
        return "POST", f"/games/{game}/deals/2", data
    if route == "May I":
        return "POST", f"/games/{game}/buys/1", {"delta": "1"}
    if route == "undo":
        return "POST", f"/games/{game}/undo", {"sure": "y", "deal": "1"}  # each game has deal 1 saved
    if route == "abandon":
        return "POST", f"/games/{game}/abandon", {"sure": "y"}
    if route == "add to roster":
        return "POST", f"/leagues/{world.league_id}/members", {"player": "", "new_name": "Eve"}
    if route == "remove from roster":
        return "POST", f"/leagues/{world.league_id}/members/{p['Cat']}/remove", {}
    if route == "new league":
        return "POST", "/leagues/", {"name": "Joneses"}
    if route == "import a league":
        return "POST", "/leagues/import", {"file": (io.BytesIO(world.import_file), "backup.json", "application/json")}
    raise AssertionError(route)


def send(client, route: str, world: World, target: str = "league", *, data_extra=None, **kwargs):
    method, url, data = write_request(route, world, target)
    if data is not None and data_extra:
        data = {**data, **data_extra}
    return client.open(url, method=method, data=data, **kwargs)


ALL_WRITES = (
    [(route, "league") for route in GAME_ROUTES]
    + [(route, "free") for route in GAME_ROUTES]
    + [(route, "league") for route in LEAGUE_ROUTES + OPEN_ROUTES]
)
POST_WRITES = [(route, target) for route, target in ALL_WRITES if route != "deal entry page"]


def ids(cases):
    return [f"{route}-{target}" for route, target in cases]


def assert_allowed(response, route: str) -> None:
    method = "GET" if route == "deal entry page" else "POST"
    expected = 200 if route == "deal entry page" else 303
    assert response.status_code == expected, (
        method,
        route,
        response.status_code,
        response.get_data(as_text=True)[:2000],
    )
    if expected == 303:
        assert location_path(response) != "/login"


# ---------------------------------------------------------------------------
# First run: the owner's account, on one screen


SETUP_LINK = f"/setup/{SETUP_TOKEN}"


PRIVATE_PAGES = [
    "/",
    "/games/new",
    "/games/1",
    "/games/1/deals/1",
    "/leagues/",
    "/leagues/1",
    "/leagues/import",
    "/account",
]
FIRST_RUN_TOO = ["/login", "/invite/abc", "/watch/g/abc", "/watch/l/abc", "/rules/"]
FIRST_RUN_POSTS = [
    "/games/new",
    "/games/1/buys/0",
    "/games/1/undo",
    "/games/1/deals/1",
    "/leagues/",
    "/leagues/1/members",
    "/leagues/import",
    "/login",
    "/logout",
    "/account",
    "/account/invites",
    "/invite/abc",
]


def test_first_run_every_page_leads_to_setup(make_fresh_app):
    client = make_fresh_app().test_client()
    for url in PRIVATE_PAGES + FIRST_RUN_TOO:
        response = client.get(url)
        assert response.status_code == 302, url
        assert location_path(response) == "/setup", url


def test_first_run_every_post_leads_to_setup_and_stores_nothing(make_fresh_app):
    app = make_fresh_app()
    client = app.test_client()
    before = snapshot(app)
    for url in FIRST_RUN_POSTS:
        response = client.post(url, data={"name": "Joneses", "username": "Mallory", "password": "long enough password"})
        assert response.status_code == 303, url
        assert location_path(response) == "/setup", url
    assert snapshot(app) == before


def test_first_run_htmx_is_told_to_load_setup(make_fresh_app):
    response = make_fresh_app().test_client().post("/games/1/buys/0", headers={"HX-Request": "true"})
    assert response.status_code == 204
    assert response.headers["HX-Redirect"] == "/setup"


def test_first_run_a_post_without_csrf_is_refused_before_anything(make_fresh_app):
    app = make_fresh_app(csrf=True)
    response = app.test_client().post(SETUP_LINK, data={"username": "Mallory", "password": "long enough password"})
    assert response.status_code == 400
    assert snapshot(app)["user"] == []


def test_first_run_leaves_health_api_and_static_files_alone(make_fresh_app):
    client = make_fresh_app().test_client()
    for url in ("/healthz", "/api/rulesets", "/static/css/app.css", SETUP_LINK):
        assert client.get(url).status_code == 200, url


def test_setup_is_one_screen_with_a_name_and_a_password(make_fresh_app):
    response = make_fresh_app().test_client().get(SETUP_LINK)
    assert response.status_code == 200
    doc = parse(response.get_data(as_text=True))
    form = doc.find("form")
    assert form.attrs["method"] == "post"
    assert form.find("input", name="username").attrs["autocomplete"] == "username"
    password = form.find("input", name="password")
    assert password.attrs["type"] == "password"
    assert password.attrs["autocomplete"] == "new-password"


@pytest.mark.parametrize(
    ("username", "password", "field", "message"),
    [
        ("Mum", "short", "password", "A password needs at least 10 characters."),
        ("Mum", "", "password", "A password needs at least 10 characters."),
        ("", "long enough password", "username", "Choose a name to sign in with."),
        ("   ", "long enough password", "username", "Choose a name to sign in with."),
        ("M" * 41, "long enough password", "username", "A name is at most 40 letters."),
    ],
)
def test_setup_refuses_a_short_password_or_no_name_beside_the_field(make_fresh_app, username, password, field, message):
    app = make_fresh_app()
    response = app.test_client().post(SETUP_LINK, data={"username": username, "password": password})
    assert response.status_code == 422
    doc = parse(response.get_data(as_text=True))
    assert doc.find(id=f"{field}-error").text == message
    assert doc.find("input", name=field).attrs["aria-describedby"] == f"{field}-error"
    assert snapshot(app)["user"] == []


def _setup_owner(app, headers=None):
    """Post the setup form (with its CSRF token when the app checks it); the answer."""
    client = app.test_client()
    page = client.get(SETUP_LINK, headers=headers)
    data = {"username": " Mum ", "password": "correct horse battery"}
    if app.config.get("WTF_CSRF_ENABLED", True):
        data["csrf_token"] = csrf_from(page.get_data(as_text=True))
    return client, client.post(SETUP_LINK, data=data, headers=headers)


def test_setup_makes_the_owner_and_signs_them_in_for_a_year(make_fresh_app):
    app = make_fresh_app(csrf=True)
    client, response = _setup_owner(app)
    assert response.status_code == 303
    assert location_path(response) == "/"
    with app.app_context():
        [user] = db.session.scalars(select(User)).all()
        assert (user.username, user.is_owner) == ("Mum", True)
    assert client.get("/").status_code == 200

    [remember] = cookie_headers(response, "remember_token")
    assert "; HttpOnly" in remember
    assert "SameSite=Lax" in remember
    assert "Secure" not in remember  # plain HTTP (development): a Secure cookie would never come back
    expires = re.search(r"Expires=([^;]+)", remember).group(1)
    when = dt.datetime.strptime(expires, "%a, %d %b %Y %H:%M:%S GMT")
    assert when - dt.datetime.now(dt.UTC).replace(tzinfo=None) > dt.timedelta(days=360)
    [session_cookie] = cookie_headers(response, "session")
    assert "; HttpOnly" in session_cookie
    assert "SameSite=Lax" in session_cookie

    # a phone that lost its session (closed the browser) is still signed in by the remember cookie
    remember_value = remember.split(";", 1)[0].split("=", 1)[1]
    phone = app.test_client()
    phone.set_cookie("remember_token", remember_value)
    assert phone.get("/").status_code == 200


def test_behind_https_the_cookies_are_secure(make_fresh_app, monkeypatch):
    monkeypatch.setenv("COMPANION_HTTPS", "1")
    app = make_fresh_app()
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
    _, response = _setup_owner(app, headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"})
    assert response.status_code == 303
    for name in ("remember_token", "session"):
        [cookie] = cookie_headers(response, name)
        assert "; Secure" in cookie
        assert "; HttpOnly" in cookie
        assert "SameSite=Lax" in cookie


def test_setup_afterwards_sends_to_sign_in_and_makes_no_second_owner(make_fresh_app):
    app = make_fresh_app()
    _setup_owner(app)
    client = app.test_client()
    assert location_path(client.get("/setup")) == "/login"
    assert location_path(client.get(SETUP_LINK)) == "/login"  # the link is one-time
    response = client.post(SETUP_LINK, data={"username": "Mallory", "password": "long enough password"})
    assert response.status_code == 303
    assert location_path(response) == "/login"
    # the sign-in page says why: a phone whose setup form lost a race to another's hears it either way
    assert "This app already has its owner." in client.get("/login").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(User.username)).all() == ["Mum"]
    with app.app_context(), pytest.raises(accounts.AccountError, match="already has its owner"):
        accounts.create_owner("Mallory", "long enough password")


def test_the_password_is_stored_as_a_standard_salted_hash(make_fresh_app):
    app = make_fresh_app()
    _setup_owner(app)
    with app.app_context():
        stored = db.session.scalar(select(User.password_hash))
        another = accounts._new_user("Dad", "correct horse battery", owner=False).password_hash
        db.session.rollback()
    assert "correct horse battery" not in stored
    assert stored.startswith("scrypt:")  # Werkzeug's default: scrypt with a random salt
    assert check_password_hash(stored, "correct horse battery")
    assert not check_password_hash(stored, "correct horse batterY")
    assert another != stored  # the same password, another salt


# ---------------------------------------------------------------------------
# Signing in


def login(client, username=OWNER_NAME, password=OWNER_PASSWORD, *, address="127.0.0.1", query=""):
    return client.post(
        f"/login{query}", data={"username": username, "password": password}, environ_base={"REMOTE_ADDR": address}
    )


def signed_in(client) -> bool:
    response = client.get("/account")
    return response.status_code == 200


def test_sign_in_page_asks_name_and_password(no_csrf_app):
    doc = parse(no_csrf_app.test_client().get("/login").get_data(as_text=True))
    assert doc.find("input", name="password").attrs["autocomplete"] == "current-password"
    assert doc.find("input", name="username").attrs["autocomplete"] == "username"


@pytest.mark.parametrize(
    ("username", "password"), [(OWNER_NAME, "wrong password"), ("Nobody Here", OWNER_PASSWORD), ("", "")]
)
def test_a_wrong_name_or_password_is_refused_with_one_message(no_csrf_app, username, password):
    client = no_csrf_app.test_client()
    response = login(client, username, password)
    assert response.status_code == 422
    doc = parse(response.get_data(as_text=True))
    assert doc.find(id="password-error").text == "That name and password don't match an account."
    assert not signed_in(client)


def test_signing_in_takes_the_name_in_any_case_and_spacing(no_csrf_app):
    client = no_csrf_app.test_client()
    response = login(client, "  oWNer ")
    assert response.status_code == 303
    assert location_path(response) == "/"
    assert cookie_headers(response, "remember_token")  # the phone stays signed in
    assert signed_in(client)


@pytest.mark.parametrize(
    ("target", "lands_on"),
    [
        ("/leagues/", "/leagues/"),
        ("/games/new?league=1", "/games/new?league=1"),
        ("https://evil.example/steal", "/"),
        ("//evil.example/steal", "/"),
        ("http:evil.example", "/"),
        ("javascript:alert(1)", "/"),
        ("leagues/", "/"),
    ],
)
def test_next_after_signing_in_is_only_a_path_on_this_site(no_csrf_app, target, lands_on):
    from urllib.parse import quote

    response = login(no_csrf_app.test_client(), query=f"?next={quote(target, safe='')}")
    assert response.status_code == 303
    assert response.headers["Location"] == lands_on


@pytest.mark.parametrize("target", ["/\\evil.example", "/\t/evil.example", "/%5Cevil.example", "\\\\evil.example"])
def test_next_tricks_that_browsers_read_as_another_host_stay_here(no_csrf_app, target):
    from urllib.parse import quote

    response = login(no_csrf_app.test_client(), query=f"?next={quote(target, safe='')}")
    location = response.headers["Location"]
    for seen_as in (location, location.replace("\\", "/")):  # a browser reads a backslash as a slash
        assert urlsplit(urljoin("http://localhost/login", seen_as)).netloc == "localhost", location


def test_a_private_page_signed_out_comes_back_after_signing_in(no_csrf_app):
    client = no_csrf_app.test_client()
    response = client.get("/leagues/?season=all")
    assert response.status_code == 302
    assert location_path(response) == "/login"
    target = parse_qs(urlsplit(response.headers["Location"]).query)["next"][0]
    assert target == "/leagues/?season=all"
    answer = client.post(response.headers["Location"], data={"username": OWNER_NAME, "password": OWNER_PASSWORD})
    assert answer.headers["Location"] == "/leagues/?season=all"


def test_a_form_sent_signed_out_comes_back_to_its_page_not_to_the_post_route(no_csrf_app, world):
    client = no_csrf_app.test_client()
    game_page = f"http://localhost/games/{world.league_game}"
    response = client.post(f"/games/{world.league_game}/buys/0", data={"delta": "1"}, headers={"Referer": game_page})
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["Location"]).query)["next"] == [f"/games/{world.league_game}"]
    # from another site, no way back is offered
    response = client.post(
        f"/games/{world.league_game}/undo", data={"sure": "y"}, headers={"Referer": "https://evil.example/x"}
    )
    assert "next" not in parse_qs(urlsplit(response.headers["Location"]).query)


def test_an_htmx_poll_signed_out_comes_back_to_the_page_not_to_the_poll(no_csrf_app, world):
    client = no_csrf_app.test_client()
    response = client.get(
        f"/games/{world.league_game}?since=1",
        headers={"HX-Request": "true", "HX-Current-URL": f"http://localhost/games/{world.league_game}"},
    )
    assert response.status_code == 204
    redirect = urlsplit(response.headers["HX-Redirect"])
    assert redirect.path == "/login"
    assert parse_qs(redirect.query)["next"] == [f"/games/{world.league_game}"]


# Rate limiting (finding 9): guessing is slowed, nobody is locked out


TOO_MANY_FOR_NAME = "Too many tries for this name just now: wait a minute, then try again."
TOO_MANY_FROM_HERE = "Too many tries from this network: wait a quarter of an hour, then try again."


def test_after_the_address_limit_even_the_right_password_waits_on_that_address(no_csrf_app):
    client = no_csrf_app.test_client()
    for attempt in range(accounts.ADDRESS_TRIES):  # different names, so only the address counts
        assert login(client, f"guess {attempt}", "wrong", address="10.0.0.1").status_code == 422
    response = login(client, address="10.0.0.1")
    assert response.status_code == 422
    assert parse(response.get_data(as_text=True)).find(id="password-error").text == TOO_MANY_FROM_HERE
    assert not signed_in(client)
    # another address is not held up by this one
    other = no_csrf_app.test_client()
    assert login(other, address="10.0.0.2").status_code == 303


def test_guesses_at_a_name_slow_new_phones_but_never_lock_out_its_own(no_csrf_app):
    owners_phone = no_csrf_app.test_client()
    assert login(owners_phone, address="10.9.0.1").status_code == 303  # the owner signed in here before
    owners_phone.post("/logout", data={})
    for attempt in range(accounts.NAME_TRIES * 3):  # a guesser, from many addresses
        assert login(no_csrf_app.test_client(), password="wrong", address=f"10.1.0.{attempt}").status_code == 422
    stranger = no_csrf_app.test_client()
    response = login(stranger, address="10.2.0.1")
    assert response.status_code == 422
    assert TOO_MANY_FOR_NAME in page_text(response)
    assert not signed_in(stranger)
    # the owner's own phone is not held up by the guesses (once, 8 guesses locked the owner out for 15 minutes)
    assert login(owners_phone, address="10.9.0.1").status_code == 303
    assert signed_in(owners_phone)
    # another account is not held up by the guesses at this one
    add_account(no_csrf_app, "Bea")
    assert login(no_csrf_app.test_client(), "Bea", address="10.2.0.2").status_code == 303


def test_one_phone_mistyping_one_name_gets_all_its_tries(no_csrf_app):
    client = no_csrf_app.test_client()
    for _ in range(accounts.NAME_TRIES - 1):
        assert login(client, password="wrong", address="10.3.0.1").status_code == 422
    assert login(client, address="10.3.0.1").status_code == 303


def test_guesses_past_the_limit_write_nothing_more(no_csrf_app):
    """760 refused guesses once wrote 1,520 rows (and slowed everyone's saves): past a limit nothing is written."""
    client = no_csrf_app.test_client()
    for attempt in range(accounts.ADDRESS_TRIES * 3):
        assert login(client, f"guess {attempt}", "wrong", address="10.7.0.1").status_code == 422
    with no_csrf_app.app_context():
        stored = db.session.scalar(select(func.count()).select_from(LoginAttempt))
    # each try under the limits wrote its address and its name; the 40 after them wrote nothing
    assert stored == 2 * accounts.ADDRESS_TRIES


def test_guesses_from_the_home_network_never_keep_the_owners_phone_out(no_csrf_app):
    """Behind one router every phone has one address: a guesser there once blocked the owner's own phone."""
    owners_phone = no_csrf_app.test_client()
    assert login(owners_phone, address="192.168.1.1").status_code == 303  # the owner signed in here before
    owners_phone.post("/logout", data={})
    guesser = no_csrf_app.test_client()
    for attempt in range(accounts.ADDRESS_TRIES + 5):
        login(guesser, f"guess {attempt}", "wrong", address="192.168.1.1")
    refused = login(guesser, address="192.168.1.1")  # the right password, from a phone it never signed in on
    assert refused.status_code == 422 and TOO_MANY_FROM_HERE in page_text(refused)
    assert login(owners_phone, address="192.168.1.1").status_code == 303
    assert signed_in(owners_phone)


def test_a_known_phone_mistyping_is_still_slowed_on_its_own(no_csrf_app):
    owners_phone = no_csrf_app.test_client()
    assert login(owners_phone, address="192.168.1.2").status_code == 303
    owners_phone.post("/logout", data={})
    for _ in range(accounts.ADDRESS_TRIES):
        assert login(owners_phone, password="wrong", address="192.168.1.2").status_code == 422
    refused = login(owners_phone, address="192.168.1.2")
    assert refused.status_code == 422
    assert "Too many tries on this phone just now: wait a quarter of an hour, then try again." in page_text(refused)


@pytest.mark.parametrize("name", ["a\x00b", "\x00", "Ann\x07", "\u202eAnn"])
def test_a_control_character_in_the_sign_in_name_is_a_wrong_name_not_an_error(no_csrf_app, name):
    """PostgreSQL refuses NUL in text: ``username=a%00b`` once answered 500 (the try's row could not be written)."""
    response = login(no_csrf_app.test_client(), name, "wrong-password", address="10.8.0.1")
    assert response.status_code == 422
    assert "That name and password don't match an account." in page_text(response)
    with no_csrf_app.app_context():
        keys = list(db.session.scalars(select(LoginAttempt.key)))
    assert keys and not any("\x00" in key for key in keys)


def test_tries_older_than_the_windows_do_not_count(no_csrf_app):
    long_ago = dt.datetime.now(dt.UTC).replace(tzinfo=None) - accounts.ADDRESS_WINDOW - dt.timedelta(minutes=1)
    with no_csrf_app.app_context():
        for _ in range(accounts.ADDRESS_TRIES + 1):
            db.session.add(LoginAttempt(key="ip:10.4.0.1", at=long_ago))
            db.session.add(LoginAttempt(key=f"name:{User.key_for(OWNER_NAME)}", at=long_ago))
        db.session.commit()
    assert login(no_csrf_app.test_client(), address="10.4.0.1").status_code == 303


def test_an_unknown_name_costs_the_same_password_check_as_a_wrong_password(no_csrf_app, monkeypatch):
    """Answer times once told which names exist (110 ms against 9 ms): now both check one hash."""
    checked = []
    real = accounts.check_password_hash
    monkeypatch.setattr(accounts, "check_password_hash", lambda hashed, password: checked.append(hashed) or real(hashed, password))
    assert login(no_csrf_app.test_client(), "Nobody At All", "wrong-password", address="10.5.0.1").status_code == 422
    assert login(no_csrf_app.test_client(), OWNER_NAME, "wrong-password", address="10.5.0.2").status_code == 422
    assert len(checked) == 2
    assert checked[0].split("$")[0] == checked[1].split("$")[0]  # the same kind of hash, the same work


def test_parallel_guesses_never_get_more_checks_than_the_limit(no_csrf_app, monkeypatch):
    """30 guesses at once once got 9 checks against a limit of 8: each try is now counted before it is checked."""
    import threading

    checked = []
    real = accounts.check_password_hash
    monkeypatch.setattr(accounts, "check_password_hash", lambda hashed, password: checked.append(1) or real(hashed, password))
    start = threading.Barrier(12)

    statuses = []

    def guess(index: int) -> None:
        client = no_csrf_app.test_client()
        start.wait()
        statuses.append(login(client, password=f"wrong {index}", address=f"10.6.0.{index}").status_code)

    threads = [threading.Thread(target=guess, args=(index,)) for index in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert statuses == [422] * 12  # every guess answered (refused), none checked past the limit
    assert len(checked) <= accounts.NAME_TRIES


def test_the_address_behind_the_https_proxy_is_the_clients_only_through_the_proxy(monkeypatch, database_uri):
    monkeypatch.setenv("COMPANION_HTTPS", "1")
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": database_uri}
    )
    with app.app_context():
        db.create_all()
    add_account(app, OWNER_NAME, owner=True)
    try:
        client = app.test_client()
        # through the proxy (loopback): the client's address from X-Forwarded-For
        client.post("/login", data={"username": "x", "password": "y"}, headers={"X-Forwarded-For": "198.51.100.9"},
                    environ_base={"REMOTE_ADDR": "127.0.0.1"})
        # straight to the server: a made-up X-Forwarded-For changes nothing (it once reset the address's count)
        for spoofed in ("203.0.113.1", "203.0.113.2"):
            client.post("/login", data={"username": "x", "password": "y"}, headers={"X-Forwarded-For": spoofed},
                        environ_base={"REMOTE_ADDR": "192.0.2.50"})
        with app.app_context():
            keys = list(db.session.scalars(select(LoginAttempt.key).where(LoginAttempt.key.like("ip:%"))))
        assert sorted(keys) == ["ip:192.0.2.50", "ip:192.0.2.50", "ip:198.51.100.9"]
    finally:
        with app.app_context():
            db.engine.dispose()


# ---------------------------------------------------------------------------
# Invitations


def make_invite(client) -> str:
    response = client.post("/account/invites")
    assert response.status_code == 200, response.status_code
    url = parse(response.get_data(as_text=True)).find("input", **{"aria-label": "Invitation link"}).attrs["value"]
    assert url.startswith("http://localhost/invite/")
    return urlsplit(url).path


def test_the_owner_invites_with_a_link_that_works_once(no_csrf_app, form_client):
    link = make_invite(form_client)
    with no_csrf_app.app_context():
        assert len(urlsplit(link).path.rsplit("/", 1)[1]) >= 43  # 32 random bytes
    guest = no_csrf_app.test_client()
    assert guest.get(link).status_code == 200
    response = guest.post(link, data={"username": "Bea", "password": "bea's long password"})
    assert response.status_code == 303
    assert location_path(response) == "/account"
    assert parse(guest.get("/account").get_data(as_text=True)).find("h1").text == "Bea"
    with no_csrf_app.app_context():
        bea = db.session.scalar(select(User).where(User.username == "Bea"))
        assert not bea.is_owner
        assert check_password_hash(bea.password_hash, "bea's long password")
        invite = db.session.scalar(select(Invite))
        assert invite.used_by_id == bea.id and invite.used_at is not None

    before = snapshot(no_csrf_app)
    again = no_csrf_app.test_client()
    for response in (again.get(link), again.post(link, data={"username": "Cy", "password": "cy's long password"})):
        assert response.status_code == 404
        assert "This invitation link is not valid any more: ask for a new one." in page_text(response)
    assert snapshot(no_csrf_app) == before


def test_an_unknown_invitation_is_a_clear_page(no_csrf_app):
    response = no_csrf_app.test_client().get("/invite/not-a-real-token")
    assert response.status_code == 404
    assert "This invitation link is not valid any more: ask for a new one." in page_text(response)


@pytest.mark.parametrize(
    ("username", "password", "field", "message"),
    [
        ("Bea", "short", "password", "A password needs at least 10 characters."),
        ("owner", "long enough password", "username", "The name “owner” is taken: choose another."),
        ("", "long enough password", "username", "Choose a name to sign in with."),
    ],
)
def test_accepting_an_invitation_checks_the_fields(no_csrf_app, form_client, username, password, field, message):
    link = make_invite(form_client)
    before = snapshot(no_csrf_app)
    response = no_csrf_app.test_client().post(link, data={"username": username, "password": password})
    assert response.status_code == 422
    assert parse(response.get_data(as_text=True)).find(id=f"{field}-error").text == message
    assert snapshot(no_csrf_app) == before  # the invitation still works
    assert no_csrf_app.test_client().get(link).status_code == 200


def test_two_people_accepting_one_invitation_at_once_make_one_account(no_csrf_app, form_client, monkeypatch):
    """The second acceptance checked the link before the first was saved: it is refused, not a second account."""
    token = make_invite(form_client).rsplit("/", 1)[1]
    with no_csrf_app.app_context():
        accounts.accept_invite(token, "Bea", "bea's long password")
    # the second one read the invitation while it was still unused
    monkeypatch.setattr(
        accounts, "open_invite", lambda token: db.session.scalar(select(Invite).where(Invite.token == token))
    )
    with no_csrf_app.app_context(), pytest.raises(accounts.AccountError, match="not valid any more"):
        accounts.accept_invite(token, "Cy", "cy's long password")
    with no_csrf_app.app_context():
        assert db.session.scalars(select(User.username).order_by(User.id)).all() == [OWNER_NAME, "Bea"]
        assert db.session.scalar(select(Invite.used_by_id)) == db.session.scalar(
            select(User.id).where(User.username == "Bea")
        )


def test_only_the_owner_invites(no_csrf_app, world):
    for user in (world.member, world.outsider):
        client = client_as(no_csrf_app, user)
        page = parse(client.get("/account").get_data(as_text=True))
        assert not page.has("form", action="/account/invites")
        before = snapshot(no_csrf_app)
        assert client.post("/account/invites").status_code == 403
        assert snapshot(no_csrf_app) == before
    response = no_csrf_app.test_client().post("/account/invites")
    assert location_path(response) == "/login"
    assert snapshot(no_csrf_app)["invite"] == []


# ---------------------------------------------------------------------------
# One's account: which player one is


def test_only_the_owner_says_which_player_an_account_is(no_csrf_app, world):
    """Membership follows the player an account is; an account can't name itself someone on a roster."""
    client = client_as(no_csrf_app, world.nobody)
    doc = parse(client.get("/account").get_data(as_text=True))
    assert "nobody yet" in doc.find(cls="panel").text
    before = snapshot(no_csrf_app)
    response = client.post("/account", data={"player": str(world.players["Ann"])})
    assert response.status_code == 403
    assert snapshot(no_csrf_app) == before
    assert send(client, "undo", world).status_code == 403  # still not a member

    owner = client_as(no_csrf_app, world.owner)
    doc = parse(owner.get("/account").get_data(as_text=True))
    select_name = "player"
    form = next(f for f in doc.find_all("form") if f.attrs.get("action") == f"/account/users/{world.nobody}/player")
    options = [option.text for option in form.find("select", name=select_name).find_all("option")]
    assert options == ["Nobody yet", "Ann", "Bob", "Cat", "Yan", "Zed"]
    response = owner.post(f"/account/users/{world.nobody}/player", data={select_name: str(world.players["Ann"])})
    assert response.status_code == 303
    with no_csrf_app.app_context():
        assert db.session.get(User, world.nobody).player_id == world.players["Ann"]
    assert send(client, "undo", world).status_code == 303  # now Ann's leagues are theirs
    assert owner.post(f"/account/users/{world.nobody}/player", data={select_name: ""}).status_code == 303
    with no_csrf_app.app_context():
        assert db.session.get(User, world.nobody).player_id is None


@pytest.mark.parametrize("chosen", ["99999", "abc", "-1", "1" * 5000, "0" * 20 + "1"])
def test_the_owner_choosing_a_player_not_in_the_list_is_refused(no_csrf_app, world, chosen):
    owner = client_as(no_csrf_app, world.owner)
    before = snapshot(no_csrf_app)
    response = owner.post("/account", data={"player": chosen})
    assert response.status_code == 422
    assert parse(response.get_data(as_text=True)).find(id="player-error").text == "Pick a player from the list."
    assert snapshot(no_csrf_app) == before


def test_an_invitation_for_a_player_makes_an_account_that_is_that_player(no_csrf_app, world):
    owner = client_as(no_csrf_app, world.owner)
    page = owner.post("/account/invites", data={"invite_player": str(world.players["Bob"])})
    assert page.status_code == 200
    link = re.search(r'value="([^"]*/invite/[^"]+)"', page.get_data(as_text=True)).group(1)
    token = link.rsplit("/", 1)[1]
    newcomer = no_csrf_app.test_client()
    made = newcomer.post(f"/invite/{token}", data={"username": "Bobby", "password": "a-long-password"})
    assert made.status_code == 303
    with no_csrf_app.app_context():
        bobby = db.session.scalar(select(User).where(User.username == "Bobby"))
        assert bobby.player_id == world.players["Bob"]


def test_the_account_page_needs_signing_in(no_csrf_app):
    response = no_csrf_app.test_client().get("/account")
    assert location_path(response) == "/login"


# Signing out


def test_signing_out_is_a_post_with_csrf(app):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    data = {"username": OWNER_NAME, "password": OWNER_PASSWORD, "csrf_token": csrf_from(page)}
    assert cookie_headers(client.post("/login", data=data), "remember_token")
    form = parse(client.get("/account").get_data(as_text=True)).find("form", action="/logout")
    assert form.attrs["method"] == "post"
    assert client.get("/logout").status_code == 405
    assert client.post("/logout").status_code == 400  # no token: another site can't sign you out
    assert signed_in(client)

    response = client.post("/logout", data={"csrf_token": form.find("input", name="csrf_token").attrs["value"]})
    assert response.status_code == 303
    assert location_path(response) == "/login"
    [remember] = cookie_headers(response, "remember_token")
    assert "Expires=Thu, 01 Jan 1970" in remember  # the remember cookie goes too
    assert not signed_in(client)
    assert location_path(client.get("/")) == "/login"


# ---------------------------------------------------------------------------
# Who may change what: every write route


@pytest.mark.parametrize(("route", "target"), ALL_WRITES, ids=ids(ALL_WRITES))
def test_signed_out_a_write_goes_to_sign_in_and_stores_nothing(no_csrf_app, world, route, target):
    before = snapshot(no_csrf_app)
    response = send(no_csrf_app.test_client(), route, world, target)
    assert response.status_code == (302 if route == "deal entry page" else 303)
    assert location_path(response) == "/login"
    assert snapshot(no_csrf_app) == before


NOT_MINE = [(route, "league") for route in GAME_ROUTES if route != "new game"] + [
    (route, "league") for route in LEAGUE_ROUTES
]


@pytest.mark.parametrize("who", ["outsider", "nobody"])
@pytest.mark.parametrize(("route", "target"), NOT_MINE)
def test_an_account_not_in_the_league_is_refused_and_stores_nothing(no_csrf_app, world, route, target, who):
    client = client_as(no_csrf_app, getattr(world, who))
    before = snapshot(no_csrf_app)
    response = send(client, route, world, target)
    assert response.status_code == 403
    assert f"Only members of {LEAGUE} can change its games and standings." in page_text(response)
    assert snapshot(no_csrf_app) == before


@pytest.mark.parametrize("who", ["outsider", "nobody"])
def test_an_account_not_in_the_league_cannot_start_its_games(no_csrf_app, world, who):
    client = client_as(no_csrf_app, getattr(world, who))
    before = snapshot(no_csrf_app)
    response = send(client, "new game", world, "league")
    assert response.status_code == 422
    assert (
        parse(response.get_data(as_text=True)).find(id="league-error").text
        == f"Only members of {LEAGUE} can start its games."
    )
    assert snapshot(no_csrf_app) == before


@pytest.mark.parametrize("who", ["outsider", "nobody"])
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_an_account_not_in_the_league_cannot_open_its_seating_page(no_csrf_app, world, who, method):
    client = client_as(no_csrf_app, getattr(world, who))
    before = snapshot(no_csrf_app)
    plays = [str(world.players[name]) for name in ("Ann", "Bob", "Cat")]
    data = {"ruleset": "contract", "order": ",".join(plays), "plays": plays} if method == "POST" else None
    response = client.open(f"/games/new/league/{world.league_id}", method=method, data=data)
    assert response.status_code == 403
    assert f"Only members of {LEAGUE} can change its games and standings." in page_text(response)
    assert snapshot(no_csrf_app) == before


MINE = [(route, "league") for route in GAME_ROUTES + LEAGUE_ROUTES + OPEN_ROUTES]


@pytest.mark.parametrize("who", ["member", "owner"])
@pytest.mark.parametrize(("route", "target"), MINE, ids=ids(MINE))
def test_a_member_of_the_league_and_the_owner_may(no_csrf_app, world, route, target, who):
    client = client_as(no_csrf_app, getattr(world, who))
    before = snapshot(no_csrf_app)
    response = send(client, route, world, target)
    assert_allowed(response, route)
    assert (snapshot(no_csrf_app) != before) == STORES.get(route, True)


FREE = [(route, "free") for route in GAME_ROUTES] + [(route, "league") for route in OPEN_ROUTES]


@pytest.mark.parametrize("who", ["outsider", "nobody"])
@pytest.mark.parametrize(("route", "target"), FREE, ids=ids(FREE))
def test_any_account_may_change_a_game_outside_any_league_or_make_a_league(no_csrf_app, world, route, target, who):
    client = client_as(no_csrf_app, getattr(world, who))
    before = snapshot(no_csrf_app)
    response = send(client, route, world, target)
    assert_allowed(response, route)
    assert (snapshot(no_csrf_app) != before) == STORES.get(route, True)


def test_a_non_member_sees_the_leagues_game_without_its_controls(no_csrf_app, world):
    html = client_as(no_csrf_app, world.outsider).get(f"/games/{world.league_game}").get_data(as_text=True)
    doc = parse(html)
    assert "Enter scores" not in doc.text
    assert not post_forms(doc)
    html = client_as(no_csrf_app, world.member).get(f"/games/{world.league_game}").get_data(as_text=True)
    assert "Enter scores for deal 2" in parse(html).text
    assert post_forms(parse(html))


def test_a_non_member_sees_the_standings_without_the_roster_controls(no_csrf_app, world):
    doc = parse(client_as(no_csrf_app, world.outsider).get(f"/leagues/{world.league_id}").get_data(as_text=True))
    assert not post_forms(doc)
    assert "Start a game in this league" not in doc.text
    doc = parse(client_as(no_csrf_app, world.member).get(f"/leagues/{world.league_id}").get_data(as_text=True))
    assert post_forms(doc)


# ---------------------------------------------------------------------------
# Watch links: read-only, no account


def test_a_games_watch_link_is_read_only(no_csrf_app, world):
    for client in (no_csrf_app.test_client(), client_as(no_csrf_app, world.owner)):
        response = client.get(f"/watch/g/{world.league_game_token}")
        assert response.status_code == 200
        doc = parse(response.get_data(as_text=True))
        assert "You are watching this game" in doc.text
        assert "Ann" in doc.find(id="scoreboard").text
        assert not post_forms(doc)
        assert "Enter scores" not in doc.text
        assert "Undo" not in doc.text
        assert "Abandon" not in doc.text
        assert not doc.has("input", **{"aria-label": "Watch link"})  # watchers don't hand the link on from here
        for a in doc.find(id="main").find_all("a"):  # the rules card and the rulings tools are public
            href = a.attrs.get("href", "")
            if href.startswith("/"):
                assert no_csrf_app.test_client().get(href).status_code == 200, href


def test_the_game_page_offers_its_watch_link(no_csrf_app, world):
    doc = parse(client_as(no_csrf_app, world.member).get(f"/games/{world.free_game}").get_data(as_text=True))
    url = doc.find("input", **{"aria-label": "Watch link"}).attrs["value"]
    assert urlsplit(url).path.startswith("/watch/g/")
    assert doc.find(cls="qr").find("svg")
    assert no_csrf_app.test_client().get(urlsplit(url).path).status_code == 200


def test_a_watcher_holding_a_csrf_token_still_cannot_change_anything(app, csrf_world):
    """The watch page gives its reader a CSRF token (for htmx); with it, every write still wants an account."""
    world = csrf_world
    watcher = app.test_client()
    token = htmx_token(watcher.get(f"/watch/g/{world.league_game_token}").get_data(as_text=True))
    before = snapshot(app)
    for route, target in POST_WRITES:
        response = send(watcher, route, world, target, data_extra={"csrf_token": token}, headers={"X-CSRFToken": token})
        assert response.status_code == 303, route
        assert location_path(response) == "/login", route
    assert snapshot(app) == before


@pytest.mark.parametrize(
    "url",
    [
        "/watch/g/wrong-token",
        "/watch/l/wrong-token",
        "/watch/l/wrong-token/head-to-head",
        "/watch/l/wrong-token/players/1",
        "/watch/g/",
    ],
)
def test_a_watch_link_with_a_wrong_token_is_404(no_csrf_app, world, url):
    response = no_csrf_app.test_client().get(url)
    assert response.status_code == 404
    assert "Ann" not in page_text(response)


def test_a_games_token_does_not_open_its_league_nor_the_other_way(no_csrf_app, world):
    client = no_csrf_app.test_client()
    assert client.get(f"/watch/l/{world.league_game_token}").status_code == 404
    assert client.get(f"/watch/g/{world.league_token}").status_code == 404


def revision(app, game_id: int) -> int:
    with app.app_context():
        return db.session.get(Game, game_id).revision


def test_live_follow_answers_204_until_the_game_changes(no_csrf_app, world):
    member = client_as(no_csrf_app, world.member)
    watcher = no_csrf_app.test_client()
    current = revision(no_csrf_app, world.league_game)
    pages = {member: f"/games/{world.league_game}", watcher: f"/watch/g/{world.league_game_token}"}
    for client, url in pages.items():
        response = client.get(f"{url}?since={current}", headers={"HX-Request": "true"})
        assert response.status_code == 204
        assert response.get_data() == b""
        stale = client.get(f"{url}?since={current - 1}", headers={"HX-Request": "true"})
        assert stale.status_code == 200
        assert parse(stale.get_data(as_text=True)).find(id="live-poll").attrs["hx-get"] == f"{url}?since={current}"
    assert send(member, "May I", world).status_code == 303
    for client, url in pages.items():
        response = client.get(f"{url}?since={current}", headers={"HX-Request": "true"})
        assert response.status_code == 200
        assert (
            parse(response.get_data(as_text=True)).find(id="live-poll").attrs["hx-get"] == f"{url}?since={current + 1}"
        )


def test_live_follow_of_the_private_page_needs_an_account(no_csrf_app, world):
    current = revision(no_csrf_app, world.league_game)
    response = no_csrf_app.test_client().get(f"/games/{world.league_game}?since={current}")
    assert location_path(response) == "/login"


def league_watch_pages(world: World) -> list[str]:
    base = f"/watch/l/{world.league_token}"
    return [base, f"{base}?season=all", f"{base}/players/{world.players['Ann']}", f"{base}/head-to-head"]


def test_a_leagues_watch_pages_are_read_only(no_csrf_app, world):
    for client in (no_csrf_app.test_client(), client_as(no_csrf_app, world.member)):
        for url in league_watch_pages(world):
            response = client.get(url)
            assert response.status_code == 200, url
            doc = parse(response.get_data(as_text=True))
            assert LEAGUE in doc.find("h1").text or LEAGUE in doc.text
            assert not post_forms(doc), url
            assert "Start a game" not in doc.text
            assert "Remove" not in doc.text
            assert "Roster" not in doc.text
            assert not doc.has("input", **{"aria-label": "Watch link"})
            links = [a.attrs.get("href", "") for a in doc.find_all("a")]
            assert not [href for href in links if href.startswith(f"/leagues/{world.league_id}")], url
            assert not [href for href in links if "/export/" in href or href.endswith("backup.json")], url


def test_a_leagues_watch_page_shows_the_standings(no_csrf_app, world):
    doc = parse(no_csrf_app.test_client().get(f"/watch/l/{world.league_token}?season=all").get_data(as_text=True))
    names = [li.find(cls="name").text for li in doc.find(cls="standings-list").find_all("li")]
    assert sorted(names) == ["Ann", "Bob", "Cat"]
    player_links = {a.text: a.attrs["href"] for a in doc.find(cls="standings-list").find_all("a")}
    assert player_links["Ann"].startswith(f"/watch/l/{world.league_token}/players/{world.players['Ann']}")


def test_a_leagues_watch_pages_link_only_to_what_a_watcher_may_see(no_csrf_app, world):
    client = no_csrf_app.test_client()
    for url in league_watch_pages(world):
        doc = parse(client.get(url).get_data(as_text=True))
        for a in doc.find(id="main").find_all("a"):
            href = a.attrs.get("href", "")
            if href.startswith("/") and not href.startswith("/rules"):
                assert client.get(href).status_code == 200, (url, href)


# ---------------------------------------------------------------------------
# CSRF: every form carries a token, and a POST without it is refused


AUTH_POSTS = ["/account", "/account/invites", "/logout"]


@pytest.mark.parametrize(("route", "target"), POST_WRITES, ids=ids(POST_WRITES))
def test_a_write_without_the_csrf_token_is_refused_and_stores_nothing(app, client, csrf_world, route, target):
    before = snapshot(app)
    response = send(client, route, csrf_world, target)
    assert response.status_code == 400
    assert "The form was out of date" in page_text(response)
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("route", "target"), [("May I", "league"), ("new league", "league"), ("add to roster", "league")]
)
def test_a_write_with_a_wrong_csrf_token_is_refused(app, client, csrf_world, route, target):
    client.get("/")  # the session has a token, but not this one
    before = snapshot(app)
    response = send(
        client, route, csrf_world, target, data_extra={"csrf_token": "forged"}, headers={"X-CSRFToken": "forged"}
    )
    assert response.status_code == 400
    assert snapshot(app) == before


@pytest.mark.parametrize("url", AUTH_POSTS)
def test_account_posts_without_the_csrf_token_are_refused(app, client, url):
    before = snapshot(app)
    assert client.post(url, data={"player": ""}).status_code == 400
    assert snapshot(app) == before
    assert signed_in(client)


def test_sign_in_and_invitations_without_the_csrf_token_are_refused(app, client):
    anon = app.test_client()
    assert anon.post("/login", data={"username": OWNER_NAME, "password": OWNER_PASSWORD}).status_code == 400
    assert not signed_in(anon)
    page = client.get("/account").get_data(as_text=True)
    made = client.post("/account/invites", data={"csrf_token": csrf_from(page)})
    link = urlsplit(
        parse(made.get_data(as_text=True)).find("input", **{"aria-label": "Invitation link"}).attrs["value"]
    ).path
    before = snapshot(app)
    assert anon.post(link, data={"username": "Bea", "password": "bea's long password"}).status_code == 400
    assert snapshot(app) == before


def test_with_the_pages_token_the_forms_work(app, client, csrf_world):
    """The refusals above are CSRF's: the same requests with the token the pages give are accepted."""
    world = csrf_world
    html = client.get(f"/games/{world.league_game}").get_data(as_text=True)
    response = send(client, "undo", world, data_extra={"csrf_token": csrf_from(html)})
    assert response.status_code == 303
    # htmx sends the token from the body's hx-headers
    response = send(client, "May I", world, headers={"X-CSRFToken": htmx_token(html), "HX-Request": "true"})
    assert response.status_code == 200
    assert "1" in parse(response.get_data(as_text=True)).find(id="buys").text
    html = client.get("/leagues/").get_data(as_text=True)
    assert send(client, "new league", world, data_extra={"csrf_token": csrf_from(html)}).status_code == 303


def test_every_post_form_on_the_pages_carries_a_csrf_token(no_csrf_app, world):
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": no_csrf_app.config["SQLALCHEMY_DATABASE_URI"]}
    )
    client = client_as(app, world.owner)
    urls = [
        "/",
        "/games/new",
        f"/games/{world.league_game}",
        f"/games/{world.league_game}/deals/2",
        f"/games/{world.league_game}/deals/1",
        "/leagues/",
        f"/leagues/{world.league_id}",
        "/leagues/import",
        "/account",
    ]
    try:
        for url in urls:
            doc = parse(client.get(url).get_data(as_text=True))
            for form in post_forms(doc):
                assert form.has("input", name="csrf_token"), (url, form.attrs)
            assert doc.find("body").attrs.get("hx-headers"), url  # htmx posts carry it as a header
    finally:
        with app.app_context():
            db.engine.dispose()


# ---------------------------------------------------------------------------
# Security headers


HEADERS_ON = [
    ("anon", "/login"),
    ("anon", "/rules/"),
    ("anon", "/api/rulesets"),
    ("anon", "/api/openapi.json"),
    ("anon", "/api/rulesets/nope"),
    ("anon", "/healthz"),
    ("anon", "/no/such/page"),
    ("anon", "/static/css/app.css"),
    ("anon", "watch-game"),
    ("anon", "watch-league"),
    ("owner", "/"),
    ("owner", "game"),
    ("owner", "/leagues/"),
    ("outsider", "refused"),
]


@pytest.mark.parametrize(("who", "url"), HEADERS_ON)
def test_security_headers_on_pages_and_api_answers(no_csrf_app, world, who, url):
    client = client_as(no_csrf_app, None if who == "anon" else getattr(world, who))
    url = {
        "watch-game": f"/watch/g/{world.league_game_token}",
        "watch-league": f"/watch/l/{world.league_token}",
        "game": f"/games/{world.league_game}",
        "refused": f"/games/{world.league_game}/deals/2",
    }.get(url, url)
    response = client.get(url)
    assert response.status_code < 500
    headers = response.headers
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    policy = {
        directive.split()[0]: directive.split()[1:]
        for directive in (part.strip() for part in headers["Content-Security-Policy"].split(";"))
        if directive
    }
    assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
    assert "'unsafe-eval'" not in headers["Content-Security-Policy"]
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]


def test_security_headers_on_a_post_and_its_refusal(app, client, csrf_world):
    response = send(client, "undo", csrf_world)  # no token: the CSRF page
    assert response.status_code == 400
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    response = app.test_client().post("/api/score", json={})
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_pages_need_no_inline_script(no_csrf_app, world):
    """What the policy forbids, the pages don't use: scripts come from files, no handler attributes."""
    owner = client_as(no_csrf_app, world.owner)
    urls = [
        "/",
        "/games/new",
        f"/games/{world.league_game}",
        f"/games/{world.league_game}/deals/2",
        f"/leagues/{world.league_id}",
        f"/leagues/{world.league_id}/players/{world.players['Ann']}",
        "/account",
        f"/watch/g/{world.league_game_token}",
        f"/watch/l/{world.league_token}",
        "/rules/",
        "/login",
    ]
    for url in urls:
        doc = parse(owner.get(url).get_data(as_text=True))
        for script in doc.find_all("script"):
            if script.attrs.get("type") == "application/json":  # data for a script (never run), as on the score screen
                assert not script.attrs.get("src"), url
                continue
            assert script.attrs.get("src"), url
            assert not script.text.strip(), url
        for node in doc.iter():
            assert not [name for name in node.attrs if name.startswith("on")], (url, node)
            assert not (node.attrs.get("href") or "").lower().startswith("javascript:"), (url, node)
            assert "style" not in node.attrs, (url, node)  # style-src 'self': an inline style would be dropped


# ---------------------------------------------------------------------------
# Names that look like HTML are shown as text


SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
LEAGUE_XSS = f"{IMG} & {SCRIPT}"


@pytest.fixture
def xss_world(no_csrf_app):
    with no_csrf_app.app_context():
        script, img, ann = (find_or_add_player(name) for name in (SCRIPT, IMG, "Ann"))
        league = create_league(LEAGUE_XSS)
        for player in (script, img, ann):
            add_member(league, player)
        db.session.commit()
        player_ids = {"script": script.id, "img": img.id, "ann": ann.id}
    account = add_account(no_csrf_app, SCRIPT, player_ids["script"])
    outsider = add_account(no_csrf_app, IMG)
    with no_csrf_app.app_context():
        league = db.session.get(League, db.session.scalar(select(League.id)))
        players = [db.session.get(Player, player_ids[key]) for key in ("script", "img", "ann")]
        finished = start_game(RULESETS["contract"], players, 0, league=league)
        for number in range(1, 8):
            entries = [
                LineEntry(position=s.position, cards="" if s.position == number % 3 else "K 7") for s in finished.seats
            ]
            save_deal(
                finished, number, judge_entry(finished, number, str(number % 3), entries), by=account
            )
        playing = start_game(RULESETS["contract"], players[::-1], 0, league=league)
        entries = [LineEntry(position=s.position, cards="" if s.position == 0 else "Q") for s in playing.seats]
        save_deal(playing, 1, judge_entry(playing, 1, "0", entries), by=account)
        change_buys(playing, 1, 1)
        finished.share_token, playing.share_token, league.share_token = new_token(), new_token(), new_token()
        db.session.commit()
        return {
            "account": account,
            "outsider": outsider,
            "league": league.id,
            "finished": finished.id,
            "playing": playing.id,
            "players": player_ids,
            "tokens": {"finished": finished.share_token, "playing": playing.share_token, "league": league.share_token},
        }


def assert_shown_as_text(response, *names: str) -> None:
    html = response.get_data(as_text=True)
    for raw in (SCRIPT, IMG, "<img src=x", "<script>alert"):
        assert raw not in html
    doc = parse(html)
    assert not doc.find_all("img")
    for script in doc.find_all("script"):  # a file, or data for one (never run)
        assert script.attrs.get("src") or (script.attrs.get("type") == "application/json" and json.loads(script.text) is not None)
    for name in names:
        assert name in doc.text, name


def test_names_with_html_are_text_on_every_page(no_csrf_app, xss_world):
    w = xss_world
    owner = client_as(no_csrf_app, no_csrf_app.config["OWNER_ID"])
    me = client_as(no_csrf_app, w["account"])
    anon = no_csrf_app.test_client()
    league, t = w["league"], w["tokens"]
    script_id = w["players"]["script"]
    pages = [
        (owner, "/", (SCRIPT, IMG)),
        (owner, "/games/new", (SCRIPT, IMG, LEAGUE_XSS)),
        (owner, f"/games/new?league={league}", (SCRIPT, IMG, LEAGUE_XSS)),
        (owner, f"/games/{w['finished']}", (SCRIPT, IMG)),
        (me, f"/games/{w['playing']}", (SCRIPT, IMG)),
        (me, f"/games/{w['playing']}/deals/2", (SCRIPT, IMG)),
        (owner, "/leagues/", (LEAGUE_XSS,)),
        (owner, f"/leagues/{league}?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
        (owner, f"/leagues/{league}/players/{script_id}?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
        (owner, f"/leagues/{league}/head-to-head?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
        (me, "/account", (SCRIPT,)),  # the account's own name, and the player it is
        (owner, "/account", (SCRIPT, IMG)),  # the owner's page lists every player and account
        (anon, f"/watch/g/{t['finished']}", (SCRIPT, IMG)),
        (anon, f"/watch/g/{t['playing']}", (SCRIPT, IMG)),
        (anon, f"/watch/l/{t['league']}?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
        (anon, f"/watch/l/{t['league']}/players/{script_id}?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
        (anon, f"/watch/l/{t['league']}/head-to-head?season=all", (LEAGUE_XSS, SCRIPT, IMG)),
    ]
    for client, url, names in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_shown_as_text(response, *names)


def test_names_with_html_are_text_in_messages(no_csrf_app, xss_world):
    w = xss_world
    # a refusal names the league
    outsider = client_as(no_csrf_app, w["outsider"])
    response = outsider.post(f"/games/{w['playing']}/undo", data={"sure": "y"})
    assert response.status_code == 403
    assert_shown_as_text(response, f"Only members of {LEAGUE_XSS} can change its games and standings.")
    # a deal saved twice names the account that saved it first
    me = client_as(no_csrf_app, w["account"])
    response = me.post(
        f"/games/{w['playing']}/deals/1",
        data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "K", "confirm": "y"},
    )
    assert response.status_code == 422
    assert_shown_as_text(response, f"by {SCRIPT}")
    # a flash message with a name (the roster)
    owner = client_as(no_csrf_app, no_csrf_app.config["OWNER_ID"])
    response = owner.post(f"/leagues/{w['league']}/members/{w['players']['img']}/remove", follow_redirects=True)
    assert_shown_as_text(response, f"{IMG} left the roster")
