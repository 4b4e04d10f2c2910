"""A game's whole life beyond its deals: end early, abandon and restore, rematch, count it in a league later,
and May I counts on the scoreboard. Through the pages, with the database read after each step."""

from __future__ import annotations

from conftest import start_game_via_form
from test_house_rules import family_values
from test_games import CONTRACT3, flashes, game_id, page, post_deal, reading, save_deal

from sqlalchemy import select

from companion.extensions import db
from companion.models import CustomRuleset, Game, GameResult, League


def league_id(app, name: str) -> int:
    with reading(app) as session:
        return session.query(League).filter_by(name=name).one().id


def test_ending_early_finishes_the_game_with_the_deals_played(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    # no deal yet: nothing to end (abandon is for that)
    assert "End the game here" not in page(form_client, url).text
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    save_deal(form_client, url, 2, 1, ["7", "", "A"])
    doc = page(form_client, url)
    assert "End the game here" in doc.text
    form_client.post(f"{url}/end", data={})  # the table must agree
    assert "Tick “We all agree” to end the game here." in flashes(page(form_client, url))
    form_client.post(f"{url}/end", data={"sure": "y"})
    doc = page(form_client, url)
    assert "The game ended after deal 2; it counts as played." in flashes(doc)
    assert "Ended early after deal 2 of 7" in " ".join(doc.find(cls="ended-early").text.split())
    assert [li.text.split()[:3] for li in doc.find(cls="final-order").find_all("li")] == [
        ["1", "Ann", "7"], ["2", "Bob", "10"], ["3", "Cat", "20"],
    ]
    assert doc.find_all(cls="prompt") == []
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert (game.status, len(game.deals)) == ("finished", 2)
        assert game.changes[0].action == "ended_early"
    # no third deal on an ended game; undoing deal 2 reopens it
    assert form_client.get(f"{url}/deals/3").status_code == 303
    assert "This game ended after deal 2: undo that deal to play on." in flashes(page(form_client, url))
    assert post_deal(form_client, url, 3, 0, ["", "K", "5"]).status_code == 303
    with reading(no_csrf_app) as session:
        assert len(session.get(Game, game_id(url)).deals) == 2
    form_client.post(f"{url}/undo", data={"sure": "y", "deal": "2"})
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).status == "in_progress"


def test_an_ended_game_counts_in_its_league(form_client, no_csrf_app):
    form_client.post("/leagues/", data={"name": "Kitchen"})
    league = league_id(no_csrf_app, "Kitchen")
    data = {"ruleset": "contract", "first_dealer": "0", "league": str(league)}
    for index, name in enumerate(CONTRACT3):
        data[f"seats-{index}-new_name"] = name
    url = form_client.post("/games/new", data=data).headers["Location"]
    save_deal(form_client, url, 1, 2, ["K", "5", ""])
    form_client.post(f"{url}/end", data={"sure": "y"})
    with reading(no_csrf_app) as session:
        rows = session.query(GameResult).filter_by(game_id=game_id(url)).order_by(GameResult.position).all()
        assert [(r.total, r.place, r.deals, r.league_id) for r in rows] == [(10, 3, 1, league), (5, 2, 1, league), (0, 1, 1, league)]


def test_an_abandoned_game_is_listed_and_restored(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    form_client.post(f"{url}/abandon", data={"sure": "y"})
    listed = page(form_client, "/games/abandoned")
    assert "Contract Rummy" in listed.text and "1 of 7 deals · Ann, Bob, Cat" in " ".join(listed.text.split())
    assert "Restore the game" in page(form_client, url).text
    assert "Abandoned games (1)" in page(form_client, "/").text
    response = form_client.post(f"{url}/restore", data={})
    assert response.status_code == 303
    doc = page(form_client, url)
    assert "The game is back in play." in flashes(doc)
    assert doc.find(cls="deal-count").text == "Deal 2 of 7"
    assert "No abandoned games." in page(form_client, "/games/abandoned").text
    assert "Abandoned games" not in page(form_client, "/").text
    # restoring twice is a sentence, not a 500
    form_client.post(f"{url}/restore", data={})
    assert "Only an abandoned game can be restored." in flashes(page(form_client, url))


def test_a_rematch_keeps_the_seats_rules_and_league_and_passes_the_deal(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3, options=["joker-20"], first_dealer="2")
    form_client.post(f"{url}/rematch", data={})
    assert "Finish or end this game before a rematch." in flashes(page(form_client, url))
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    form_client.post(f"{url}/end", data={"sure": "y"})
    assert "Rematch: same seats, Ann deals" in page(form_client, url).text
    response = form_client.post(f"{url}/rematch", data={})
    assert response.status_code == 303
    new_url = response.headers["Location"]
    assert new_url != url
    doc = page(form_client, new_url)
    assert "Rematch: Ann deals first." in flashes(doc)
    with reading(no_csrf_app) as session:
        old, new = session.get(Game, game_id(url)), session.get(Game, game_id(new_url))
        assert [s.player.name for s in new.seats] == ["Ann", "Bob", "Cat"]
        assert new.rules_json == old.rules_json  # house rules included
        assert (old.first_dealer, new.first_dealer) == (2, 0)
        assert new.status == "in_progress" and not new.deals


def test_a_finished_game_is_counted_in_a_league_later(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    form_client.post(f"{url}/end", data={"sure": "y"})
    form_client.post("/leagues/", data={"name": "Kitchen"})
    league = league_id(no_csrf_app, "Kitchen")
    assert "Count it in a league" in page(form_client, url).text
    assert form_client.post(f"{url}/league", data={"league": "99999"}).status_code == 422
    assert form_client.post(f"{url}/league", data={"league": "x" * 50}).status_code == 422
    response = form_client.post(f"{url}/league", data={"league": str(league)})
    assert response.status_code == 303
    assert "The game counts in Kitchen now." in flashes(page(form_client, url))
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.league_id == league
        assert sorted(p.name for p in game.league.members) == ["Ann", "Bob", "Cat"]
        assert {r.league_id for r in session.query(GameResult).filter_by(game_id=game.id)} == {league}
    assert "Count it in a league" not in page(form_client, url).text
    assert form_client.post(f"{url}/league", data={"league": str(league)}).status_code == 422  # in it already


def test_may_i_counts_are_on_the_scoreboard_against_the_limit(make_game, form_client):
    url = make_game(CONTRACT3, ruleset="shanghai")
    form_client.post(f"{url}/buys/1", data={"delta": "1"})
    row = page(form_client, url).find(id="scoreboard").find(cls="may-i-row")
    assert [td.text for td in row.find_all("td")] == ["0/2", "1/2", "0/2"]
    entry = page(form_client, f"{url}/deals/1")
    assert [entry.find(id=f"hand-{i}").find(cls="may-i").text for i in range(3)] == ["May I 0/2", "May I 1/2", "May I 0/2"]


def test_a_rematch_is_played_under_the_same_stored_rules(client, app, form_client):
    """A table's own rules: the rematch is linked to the same stored version (listed under it, kept from deletion)."""
    client.post("/rulesets/build/save", data=family_values(client))
    with app.app_context():
        custom_id = db.session.scalar(select(CustomRuleset.id))
    url = start_game_via_form(form_client, ["Ann", "Bob", "Cat"], ruleset=f"custom-{custom_id}")
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    form_client.post(f"{url}/end", data={"sure": "y"})
    response = form_client.post(f"{url}/rematch", data={})
    assert response.status_code == 303
    new_url = response.headers["Location"]
    with app.app_context():
        old, new = db.session.get(Game, game_id(url)), db.session.get(Game, game_id(new_url))
        assert old.custom_version_id is not None
        assert new.custom_version_id == old.custom_version_id
