"""A quick game of Carioca and of Kalooki through the existing pages: setup, the deal prompts, score entry with
a split ace and red twos (RULES.md §8.3, §8.4), and the end after the last deal. Expected values are RULES.md's."""

from __future__ import annotations

from contextlib import contextmanager

from pages import parse

from companion.extensions import db
from companion.models import Game


def game_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


@contextmanager
def reading(app):
    with app.app_context():
        yield db.session


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True))


def save_deal(client, url, number, went_out, hands):
    data = {"went_out": str(went_out)}
    data.update({f"hands-{position}-cards": text for position, text in enumerate(hands)})
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response


def hand_points(app, url) -> list[list[int]]:
    with reading(app) as session:
        return [[hand.points for hand in deal.hands] for deal in session.get(Game, game_id(url)).deals]


def test_game_setup_offers_carioca_and_kalooki(form_client):
    values = {option.attrs["value"] for option in page(form_client, "/games/new").find_all("option")}
    assert {"carioca", "kalooki"} <= values


def test_a_game_of_kalooki_scores_the_ace_by_its_colour(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="kalooki")
    prompt = page(form_client, url).find(cls="prompt")
    assert prompt.find(cls="deal-count").text == "Deal 1 of 9"
    assert prompt.find("h2").text == "Three threes"
    save_deal(form_client, url, 1, 0, ["", "AS AH", "JK 10D"])  # RULES.md §8.4: black ace 15, red ace 1, JK 50
    assert hand_points(no_csrf_app, url) == [[0, 16, 60]]
    for number in range(2, 10):
        save_deal(form_client, url, number, number % 3, ["KS" if seat != number % 3 else "" for seat in range(3)])
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert len(game.deals) == 9 and game.finished_at is not None


def test_a_game_of_carioca_with_red_twos_and_an_escala_round(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob"], ruleset="carioca", options=["red-twos-wild", "escala-real"])
    doc = page(form_client, url)
    assert doc.find(cls="prompt").find(cls="deal-count").text == "Deal 1 of 9"
    assert doc.find(cls="prompt").find("h2").text == "Two trios"
    save_deal(form_client, url, 1, 0, ["", "2H 2D AS JK"])  # a red two left in hand scores 2; A 20; JK 30
    assert hand_points(no_csrf_app, url) == [[0, 54]]
    for number in range(2, 9):
        save_deal(form_client, url, number, number % 2, ["QS" if seat != number % 2 else "" for seat in range(2)])
    prompt = page(form_client, url).find(cls="prompt")
    assert prompt.find(cls="deal-count").text == "Deal 9 of 9"
    assert prompt.find("h2").text.startswith("Escala real: A to K of one suit, no jokers")
    save_deal(form_client, url, 9, 1, ["KH", ""])
    assert len(hand_points(no_csrf_app, url)) == 9
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).finished_at is not None


def test_an_ace_without_its_suit_is_asked_again_in_kalooki(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="kalooki")
    hands = {"hands-0-cards": "", "hands-1-cards": "A K", "hands-2-cards": "5"}
    response = form_client.post(f"{url}/deals/1", data={"went_out": "0", **hands})
    assert response.status_code == 422  # the form again, the sentence beside the line
    html = response.get_data(as_text=True)
    text = " ".join(parse(html).find(id="hands-1-error").text.split())
    assert "An ace scores by its colour here: type AS or AC for a black ace (15), AH or AD for a red ace (1)." in text


def test_an_ace_typed_with_its_suit_is_kept_for_the_next_edit(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="kalooki")
    save_deal(form_client, url, 1, 0, ["", "k9ah", "as"])  # typed together or alone, any case
    assert hand_points(no_csrf_app, url) == [[0, 20, 15]]


def test_the_rules_cards_tell_the_play_rules_that_are_not_checked():
    """RULES.md §8.3 "Play (described, not checked)" and §8.4's call: told on the rules card, never judged."""
    from companion.rules.guide import rules_facts
    from companion.rules.published import PUBLISHED_RULESETS

    carioca = {fact.key: fact.text for fact in rules_facts(PUBLISHED_RULESETS["carioca"])}
    assert carioca["play"] == (
        "Deal and play to the right (counter-clockwise). A joker is never discarded. Once down, you draw from the stock only."
    )
    kalooki = {fact.key: fact.text for fact in rules_facts(PUBLISHED_RULESETS["kalooki"])}
    assert kalooki["buying"].endswith("Only before you go down. Only with the leave of the player in turn.")
    assert "play" not in kalooki
    assert all("play" not in {f.key for f in rules_facts(r)} for key, r in PUBLISHED_RULESETS.items() if key != "carioca")


def test_the_carioca_page_says_only_what_its_deals_have(make_game, form_client):
    """Issue 27, finding 4: no "No May I in this deal" in a game with no May I; no wild limit on the escala real."""
    url = make_game(["Ann", "Bob"], ruleset="carioca", options=["escala-real"])
    first = page(form_client, url)
    assert "May I" not in first.find(cls="prompt").text
    assert not first.has(id="buys")  # nothing to count, so no panel saying so each deal
    assert "No May I in this game." in first.text  # the setup card says it once
    assert "At most one wild card in each meld when you go down." in first.find(cls="prompt").text
    for number in range(1, 9):
        save_deal(form_client, url, number, number % 2, ["QS" if seat != number % 2 else "" for seat in range(2)])
    escala = page(form_client, url).find(cls="prompt")
    assert escala.find("h2").text.startswith("Escala real")
    assert "At most one wild card" not in escala.text
    assert "No wild cards in any meld when you go down." in escala.text
    assert "May I" not in escala.text
