"""The fuzz gate: seeded, bounded generation over every form and every endpoint, signed in and out.

Hypothesis picks an endpoint of the app's URL map (every route but the
static files), fills its path with ids that exist, ids far out of range and
odd text, and sends a GET or a POST with fields drawn from every form's field
names (and the names the views read themselves) holding hostile values:
control, bidi and zero-width characters, NUL, huge numbers, long text. Half
the requests come from the owner's phone, half from a phone nobody signed in
on; the JSON API gets JSON bodies of every shape. Each request must answer
without a server error (under ``TESTING`` an exception fails the example
outright), and a refused request (4xx) must leave every stored row as it was
(failed sign-ins are recorded on purpose: ``login_attempt`` is left out).

Seeded (``derandomize``) and bounded (``max_examples``), so a run is the
same every time and ends by itself; ``FUZZ_EXAMPLES`` changes the size.
Run on SQLite and, with ``TEST_DATABASE_URL``, on PostgreSQL (``make test``
runs both). The figures are printed at the end of the test.
"""

from __future__ import annotations

import os

import pytest
from conftest import sign_in, stored_rows
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from wtforms import Form

from companion.extensions import db
from companion.models import Game, League, User

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "5000"))
SKIPPED_TABLES = {"login_attempt"}
"""A failed sign-in is recorded on purpose (the sign-in throttle counts them)."""
SIGNED_IN_SKIPS = {"auth.logout", "auth.revoke_session"}
"""Ways the owner's own phone would sign itself out mid-run (tried from the anonymous phone instead)."""

HOSTILE_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
        st.sampled_from(["\x00", "\u202e", "\u200b", "\ufeff", "\n", "<", "'", "ß", "|", "-", "9"]),
    ),
    max_size=40,
)
VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "2", "3", "-1", "--5", "y", "stock", "random", "contract", "liverpool", "K Q 7",
                     "JK 9 9", "5S 6S 7S", "all", "range", "2026", "99999999999999999999", "9" * 5000, "١٢",
                     "back", "clear", "Q", "A", "cards", "meld:0", "cards:1", "typed"]),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    HOSTILE_TEXT,
    st.just("K " * 300),
)
EXTRA_FIELDS = ["action", "cards", "deal", "delta", "dir", "edit", "from", "game", "hand", "key", "kind", "league",
                "meld", "melds", "mode", "next", "own_run", "owner", "phone_totals", "players", "remaining", "ruleset",
                "season", "since", "sort", "started_from", "text", "this_turn", "to", "version", "add", "remove",
                "clear", "sure", "confirm", "confirm_finished", "went_out", "hands-0-cards", "hands-1-points",
                "hands-2-exact_cut", "hands-9-cards", "seats-0-player", "seats-1-new_name", "seats-7-new_name",
                "first_dealer", "options", "name", "player", "new_name", "username", "password", "invite_player",
                "current", "new", "csrf_token", "into"]


def _form_fields() -> list[str]:
    """Every field name of every form class of the app (forms are imported by ``create_app``)."""
    names: set[str] = set()
    pending = list(Form.__subclasses__())
    while pending:
        form = pending.pop()
        pending.extend(form.__subclasses__())
        if form.__module__.startswith("companion"):
            names.update(name for name in dir(form) if not name.startswith("_") and hasattr(getattr(form, name), "field_class"))
    return sorted(names)


def _snapshot() -> dict[str, list[tuple]]:
    tables = stored_rows(skip=SKIPPED_TABLES)
    db.session.rollback()
    return tables


@pytest.fixture
def world(no_csrf_app, make_game, form_client):
    """A league with a game in progress (a deal saved), a game outside it, share links, a second account."""
    league = form_client.post("/leagues/", data={"name": "Fuzz family"}).headers["Location"]
    league_id = int(league.rsplit("/", 1)[1])
    game = make_game(("Ann", "Bob", "Cat"))
    data = {"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5", "confirm": "y"}
    assert form_client.post(f"{game}/deals/1", data=data).status_code == 303
    form_client.get(game)
    form_client.get(league)
    with no_csrf_app.app_context():
        tokens = [t for t in db.session.scalars(select(Game.share_token)) if t]
        tokens += [t for t in db.session.scalars(select(League.share_token)) if t]
        db.session.add(User(username="Kim", username_key="kim", password_hash="x"))
        db.session.commit()
    return {"ids": [1, 2, league_id], "tokens": tokens}


def _path_for(rule, draw, world) -> str:  # noqa: ANN001
    values = {}
    for name, converter in rule._converters.items():  # noqa: SLF001 (werkzeug keeps them here)
        if type(converter).__name__ in ("IdConverter", "IntegerConverter"):
            values[name] = draw(st.one_of(st.sampled_from(world["ids"] + [0, 3, 2**31, 2**63]),
                                          st.integers(min_value=0, max_value=10**30)))
        else:
            values[name] = draw(st.one_of(st.sampled_from(world["tokens"] + ["contract", "games", "x"]), HOSTILE_TEXT))
    try:
        return rule.build(values, append_unknown=False)[1]
    except Exception:  # noqa: BLE001 - a value the converter can't put in a path: ask the path as such
        return rule.rule


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_no_request_is_a_server_error_and_no_refusal_stores_anything(no_csrf_app, world):
    app = no_csrf_app
    owner = app.test_client()
    sign_in(owner, app.config["OWNER_ID"])
    anonymous = app.test_client()
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"]
    fields = sorted(set(_form_fields()) | set(EXTRA_FIELDS))
    figures = {"requests": 0, "refused": 0, "by_status": {}}
    with app.app_context():
        stored = {"now": _snapshot()}

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_request(data) -> None:  # noqa: ANN001
        rule = data.draw(st.sampled_from(rules))
        signed_in = data.draw(st.booleans()) and rule.endpoint not in SIGNED_IN_SKIPS
        client = owner if signed_in else anonymous
        path = _path_for(rule, data.draw, world)
        methods = sorted((rule.methods or set()) & {"GET", "POST"}) or ["GET"]
        method = data.draw(st.sampled_from(methods))
        form = data.draw(st.dictionaries(st.sampled_from(fields), VALUES, max_size=8))
        before = stored["now"]
        if path.startswith("/api/") and method == "POST":
            body = data.draw(st.one_of(st.dictionaries(st.sampled_from(["ruleset", "deal", "melds", "cards", "hand",
                                                                         "players", "remaining", "options", "x"]),
                                                        st.recursive(st.one_of(st.none(), st.booleans(), st.integers(),
                                                                               VALUES), lambda c: st.lists(c, max_size=4),
                                                                     max_leaves=12), max_size=5),
                                       st.lists(st.integers(), max_size=3)))
            response = client.post(path, json=body)
        elif method == "POST":
            response = client.post(path, data=form)
        else:
            response = client.get(path, query_string=form)
        status = response.status_code
        figures["requests"] += 1
        figures["by_status"][status] = figures["by_status"].get(status, 0) + 1
        assert status < 500, (method, path, form, response.get_data(as_text=True)[:500])
        with app.app_context():
            stored["now"] = _snapshot()  # one read per request: what the next one starts from
        if status >= 400:
            figures["refused"] += 1
            assert stored["now"] == before, (method, path, form, status)

    one_request()
    # its time is pytest's (--durations), not a clock read here
    print(f"\nfuzz gate: {figures['requests']} requests over {len(rules)} endpoints, "
          f"{figures['refused']} refused with nothing stored, statuses {dict(sorted(figures['by_status'].items()))}")
    assert figures["requests"] >= min(EXAMPLES, 5000)
