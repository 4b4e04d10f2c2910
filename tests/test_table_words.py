"""Issue 19, at the table in plain words: league standings first and sorted by wins, streaks said in words,
phones named as a person knows them, who entered each deal, renaming an import, ended-early games on charts.

Server side; tests/browser/test_table_words.py looks at the same pages on 360 and 390 px phones.
"""

from __future__ import annotations

import re

from companion.leagues.standings import Season
from tests.test_leagues import THIS_YEAR, ctx, error_beside, fresh, people, play, table_rows, text_of
from companion.leagues.service import create_league

__all__ = ["ctx"]  # the app context fixture, shared with test_leagues.py


# ---------------------------------------------------------------------------
# League standings


def tied_on_wins(ctx):
    """Ann and Bob win one game each, Ann with the lower average; Cat wins none."""
    league = create_league("Wins first")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [10, 40, 50])
    play(league, [ann, bob, cat], [60, 5, 70])
    return league


def test_the_standings_open_by_wins_with_equal_wins_by_the_lower_average(ctx, form_client) -> None:
    league = tied_on_wins(ctx)
    standings = fresh(league, Season.year(THIS_YEAR))
    # Ann 35 on average, Bob 22.5: Bob first although Ann's name and skill might put her there
    assert [r.name for r in standings.rows()] == ["Bob", "Ann", "Cat"]
    page = form_client.get(f"/leagues/{league.id}").get_data(as_text=True)
    assert [row[0] for row in table_rows(page, "standings-table")] == ["Bob", "Ann", "Cat"]
    assert re.search(r'<th scope="col" aria-sort="descending"><a [^>]*>Wins</a></th>', page)
    # each card heads with the wins
    assert "Wins</span> 1 <span" in page
    # the old sorts still answer their links, and a sort that isn't one falls back to wins
    by_skill = form_client.get(f"/leagues/{league.id}?sort=rating").get_data(as_text=True)
    assert re.search(r'aria-sort="descending"><a [^>]*>Skill</a>', by_skill)
    assert [row[0] for row in table_rows(by_skill, "standings-table")] == [r.name for r in standings.rows("rating")]
    odd = form_client.get(f"/leagues/{league.id}?sort=%3Cb%3E").get_data(as_text=True)
    assert re.search(r'aria-sort="descending"><a [^>]*>Wins</a>', odd) and "<b>" not in odd


def test_the_filters_fold_into_one_line_saying_what_is_shown(ctx, form_client) -> None:
    league = tied_on_wins(ctx)
    page = form_client.get(f"/leagues/{league.id}").get_data(as_text=True)
    fold = re.search(r'<details class="panel filters-fold" >\s*<summary>(.*?)</summary>', page, re.S)
    assert fold, "the filters are folded (closed)"
    assert text_of(fold.group(1)) == f"Showing {THIS_YEAR} · All rulesets · by wins (change)"
    # the standings come before the fold's form is even open; one form holds season, rules and sort
    assert page.count('<form method="get"') == 1
    page = form_client.get(f"/leagues/{league.id}?season=all&ruleset=contract&sort=average").get_data(as_text=True)
    fold = re.search(r"<summary>(.*?)</summary>", page, re.S)
    assert fold and text_of(fold.group(1)) == "Showing all time · Contract Rummy · by average score (change)"
    # a refused filter opens the fold, its message beside the field
    response = form_client.get(f"/leagues/{league.id}?season=someday")
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert '<details class="panel filters-fold" open>' in page
    assert error_beside(page, "season") == "“someday” is not a season: pick a year, all time or a range."


def test_streaks_are_said_in_words(ctx, form_client) -> None:
    league = create_league("Streaks")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [10, 20, 30])
    play(league, [ann, bob, cat], [10, 30, 20])
    page = form_client.get(f"/leagues/{league.id}").get_data(as_text=True)
    streaks = {row[0]: row[9] for row in table_rows(page, "standings-table")}
    assert streaks == {"Ann": "2 wins in a row", "Bob": "lost the last 2", "Cat": "lost the last 2"}
    play(league, [ann, bob, cat], [30, 20, 40])
    page = form_client.get(f"/leagues/{league.id}/players/{bob.id}").get_data(as_text=True)
    assert "Streak won the last game" in text_of(page)
    assert not re.search(r"\b[WL]\d\b", text_of(page))


# ---------------------------------------------------------------------------
# Who entered each deal, in the game's history


def history_lines(client, url: str) -> list[str]:
    """The game page's history rows, newest first, as text on one line each (without the time)."""
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'<ol class="history-list"[^>]*>(.*?)</ol>', page, re.S)
    assert found, "no history on the page"
    rows = re.sub(r"<(time|ul)\b.*?</\1>", "", found.group(1), flags=re.S)
    return [text_of(row) for row in re.split(r"<li>", rows)[1:]]


def test_the_history_says_who_entered_corrected_and_took_back_each_deal(make_game, form_client, no_csrf_app) -> None:
    from companion.extensions import db
    from companion.games import deal_entry
    from companion.models import Game, User
    from tests.conftest import OWNER_NAME
    from tests.test_games import game_id, save_deal

    url = make_game(("Ann", "Bob", "Cat"))
    save_deal(form_client, url, 1, 0, ["", "K Q", "5"])
    save_deal(form_client, url, 2, 1, ["5", "", "5"])
    save_deal(form_client, url, 1, 0, ["", "K", "5"], version=1)
    with no_csrf_app.app_context():
        # a second account takes deal 2 back (the service, as the undo button calls it)
        gran = User(username="Gran", username_key=User.key_for("Gran"), password_hash="x")
        db.session.add(gran)
        db.session.commit()
        game = db.session.get(Game, game_id(url))
        deal_entry.undo_last_deal(game, 2, by=gran.id)
        db.session.commit()
    assert history_lines(form_client, url)[:4] == [
        "Deal 2 taken back by Gran",
        "Deal 1 corrected by " + OWNER_NAME,
        "Deal 2 entered by " + OWNER_NAME,
        "Deal 1 entered by " + OWNER_NAME,
    ]
    assert history_lines(form_client, url)[-1] == "Game started"  # not a change to a deal: no name


def test_the_undo_button_records_who_took_the_deal_back(make_game, form_client) -> None:
    from tests.conftest import OWNER_NAME
    from tests.test_games import save_deal

    url = make_game(("Ann", "Bob", "Cat"))
    save_deal(form_client, url, 1, 0, ["", "K Q", "5"])
    assert form_client.post(f"{url}/undo", data={"sure": "y", "deal": "1"}).status_code == 303
    assert history_lines(form_client, url)[0] == "Deal 1 taken back by " + OWNER_NAME


# ---------------------------------------------------------------------------
# Signed-in phones by a name a person knows

REAL_AGENTS = [
    ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
     "Chrome on Android"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 "
     "Mobile/15E148 Safari/604.1", "Safari on iPhone"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 "
     "Mobile/15E148 Safari/604.1", "Chrome on iPhone"),
    ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 "
     "Safari/604.1", "Safari on iPad"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on Windows"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 "
     "Edg/124.0.2478.80", "Edge on Windows"),
    ("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 "
     "Chrome/117.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"),
    ("Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0", "Firefox on Android"),
    ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 "
     "Safari/605.1.15", "Safari on Mac"),
    ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
     "Chrome on a Chromebook"),
    ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 "
     "OPR/81.0.4292.78", "Opera on Android"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36",
     "Chrome on Linux"),
    ("python-requests/2.31.0", "A browser"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Safari/537.36", "A browser on Linux"),
]


def test_browser_strings_are_named_as_a_person_knows_them() -> None:
    from companion.auth.devices import STORED, device_name, kept_agent

    for agent, name in REAL_AGENTS:
        assert device_name(agent) == name, agent
        kept = kept_agent(agent)
        assert kept is not None and len(kept) <= STORED and device_name(kept) == name, agent  # as a sign-in keeps it
    assert device_name(None) == device_name("") == "A browser"


def test_hostile_browser_strings_are_named_in_our_own_words() -> None:
    from companion.auth.devices import LONGEST, device_name

    # huge: only the first LONGEST characters are read (a token far beyond them is not seen)
    assert device_name("x" * 10_000_000 + "Firefox/1 (Windows)") == "A browser"
    assert device_name("Firefox/1 (Windows)" + "x" * 10_000_000) == "Firefox on Windows"
    assert device_name("y" * (LONGEST - 8) + "Firefox/") == "Firefox"
    # control characters, markup and text pretending to be a name: the answer is one of our own phrases
    for agent in ("\x00\x1b[31mChrome/1\r\nSet-Cookie: a=b", "<script>alert(1)</script> iPhone", "Evil\u202eenoseliF/ Android"):
        name = device_name(agent)
        assert name in {"Chrome", "A browser on iPhone", "A browser on Android"}, name
        assert not any(ch in name for ch in "<>\x00\x1b\r\n\u202e")


def test_the_account_page_names_each_signed_in_phone(no_csrf_app) -> None:
    from tests.conftest import OWNER_NAME, OWNER_PASSWORD

    agents = [REAL_AGENTS[0], REAL_AGENTS[1], ("\x00<b>" + "z" * 5000, "A browser")]
    clients = []
    for agent, _ in agents:
        client = no_csrf_app.test_client()
        response = client.post("/login", data={"username": OWNER_NAME, "password": OWNER_PASSWORD}, headers={"User-Agent": agent})
        assert response.status_code == 303
        clients.append(client)
    page = clients[0].get("/account").get_data(as_text=True)
    phones = re.search(r'<h2 id="phones-heading">.*?</ul>', page, re.S)
    assert phones
    names = re.findall(r"<p>([^<]*)<br>", phones.group(0))
    assert sorted(names) == ["A browser", "Chrome on Android", "Safari on iPhone"]
    assert "Mozilla" not in phones.group(0) and "<b>" not in phones.group(0)


# ---------------------------------------------------------------------------
# Importing rules whose name is taken: plain grammar and a rename box


def test_importing_a_taken_name_offers_a_free_one_and_imports_under_it(form_client, no_csrf_app) -> None:
    import io
    import json

    from sqlalchemy import select

    from companion.extensions import db
    from companion.models import CustomRuleset
    from tests.test_house_rules import error_at

    text = json.dumps({"base": "contract", "name": "Grandma's rules", "card_points": {"JK": 25}})
    assert form_client.post("/rulesets/import", data={"text": text, "owner": "me"}).status_code == 303
    # the same file again: refused in plain English, a free name offered, the file's text kept for the next tap
    response = form_client.post(
        "/rulesets/import",
        data={"file": (io.BytesIO(text.encode()), "grandma.json"), "owner": "me"},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_at(page, "name") == (
        "That name is taken: you already have rules called “Grandma's rules”. "
        "“Grandma's rules (2)” is free: import them under it, or type another name."
    )
    assert re.search(r'<input type="text" id="name" name="name" value="Grandma&#39;s rules \(2\)"', page)
    kept = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', page, re.S)
    assert kept and json.loads(kept.group(1).replace("&#34;", '"').replace("&#39;", "'")) == json.loads(text)
    # one more tap imports it under the offered name; the first keeps its own
    response = form_client.post("/rulesets/import", data={"text": text, "owner": "me", "name": "Grandma's rules (2)"})
    assert response.status_code == 303
    with no_csrf_app.app_context():
        names = sorted(db.session.scalars(select(CustomRuleset.name)))
    assert names == ["Grandma's rules", "Grandma's rules (2)"]
    # a rename that is taken too is refused beside the box with the next free name; one too long is refused
    page = form_client.post("/rulesets/import", data={"text": text, "owner": "me", "name": "grandma's RULES (2)"}).get_data(as_text=True)
    assert "“grandma's RULES (3)” is free" in error_at(page, "name").replace("&#39;", "'")
    response = form_client.post("/rulesets/import", data={"text": text, "owner": "me", "name": "x" * 61})
    assert response.status_code == 422
    assert error_at(response.get_data(as_text=True), "name") == "A name is at most 60 characters; this one is 61."
    with no_csrf_app.app_context():
        assert len(db.session.scalars(select(CustomRuleset.name)).all()) == 2


# ---------------------------------------------------------------------------
# A quiet `make run`: pip's warnings hidden, its errors shown


def test_make_install_hides_pips_warnings_but_shows_its_errors(tmp_path) -> None:
    """The install step `make run` runs, as `make -n` prints it, given a missing folder of packages (this machine's
    ~30 "Location … is ignored" warnings) and a package that is nowhere (an error): no warning, the error."""
    import shlex
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    planned = subprocess.run(["make", "-n", "-s", "install"], cwd=root, capture_output=True, text=True, check=True)
    command = shlex.split(next(line for line in planned.stdout.splitlines() if " install " in line))
    assert command[-2:] == ["-e", "."]
    missing = tmp_path / "no-such-folder"
    asked = [*command[:-2], "--no-index", "--dry-run", "--find-links", str(missing), "companion-test-no-such-package"]
    done = subprocess.run(asked, cwd=root, capture_output=True, text=True)
    said = done.stdout + done.stderr
    assert done.returncode != 0
    assert "WARNING" not in said and "is ignored" not in said
    assert "ERROR" in said and "companion-test-no-such-package" in said


# ---------------------------------------------------------------------------
# A game ended early on a player's charts


def test_a_game_ended_early_is_a_hollow_point_off_the_score_line_with_a_note(ctx, form_client) -> None:
    import html

    from companion.games import life

    league = create_league("Early nights")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [120, 80, 60])  # a full game: Ann 120
    short = play(league, [ann, bob, cat], [10, 30, 40], stop_after=2)  # two deals, then the table stops: Ann 10
    life.end_early(short)
    play(league, [ann, bob, cat], [90, 100, 110])  # a full game: Ann 90
    page = form_client.get(f"/leagues/{league.id}/players/{ann.id}").get_data(as_text=True)
    labels = [html.unescape(label) for label in re.findall(r'<svg class="chart"[^>]*aria-label="([^"]+)"', page)]
    # the words say what the line shows: the full games only, the early one named apart
    assert labels[0] == (
        "Ann's final scores: 2 full games, from 120 to 90, lowest 90, highest 120; "
        "1 game ended early (hollow point, not on the line): 10"
    )
    assert labels[1].startswith("Ann's skill: 3 games, from ") and "; 1 game ended early (hollow point): " in labels[1]
    score_chart = page[page.index('<svg class="chart"'):page.index("</svg>", page.index('<svg class="chart"'))]
    assert len(re.search(r'<polyline points="([^"]+)"', score_chart).group(1).split()) == 2
    assert score_chart.count('<circle class="early"') == 1 and score_chart.count("<circle") == 3
    assert "Ended early: a game stopped after fewer deals, so its total is lower. The line joins the full games only." in text_of(page)
    assert "final score 10 (ended early)" in text_of(page)
    # a player whose games all ran their course: no hollow point, no note
    full = create_league("Full nights")
    dan, eve, fay = people("Dan", "Eve", "Fay")
    play(full, [dan, eve, fay], [10, 20, 30])
    page = form_client.get(f"/leagues/{full.id}/players/{dan.id}").get_data(as_text=True)
    assert 'class="early"' not in page and "Ended early" not in page
