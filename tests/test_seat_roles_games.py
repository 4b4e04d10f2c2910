"""Who deals, cuts and plays first, through the pages (RULES.md §8.7.13-14): tie-break hands and the direction.

Every expected name here is worked out by hand from RULES.md's words, seats listed clockwise:

- a tie-break hand is dealt, cut and played by the tied players only, the deal passing on among them in the
  ruleset's direction (§8.7.14), and it saves and decides the game (§8.6.7), online and from a phone's queue;
- Carioca (counter-clockwise) passes the deal to the right: the player on the dealer's right plays first and
  the player on the dealer's left cuts (§8.7.13); a custom ruleset with that direction does the same.
"""

from __future__ import annotations

from pages import parse
from sqlalchemy import select

from companion.extensions import db
from companion.models import CustomRuleset, DealResult
from conftest import start_game_via_form

JSON = {"Accept": "application/json"}
FOUR = ["Ann", "Ben", "Cy", "Dee"]


def game_page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return parse(response.get_data(as_text=True))


def prompt_roles(client, url) -> str:
    """The prompt's roles as read out: "Hand 10 cards each Dealer Dee Cuts Ann Plays first Ann"."""
    return " ".join(game_page(client, url).find(cls="roles").text.split())


def hand_fields(lines, went_out):
    """A Phase 10 score form as the page posts it: ``lines`` maps a seat to (made, points); a seat sitting out
    a tie-break hand posts an empty line, as the page's hidden field does."""
    data = {"went_out": "stock" if went_out is None else str(went_out), "version": ""}
    for seat in range(len(FOUR)):
        made, points = lines.get(seat, (False, ""))
        data[f"hands-{seat}-cards"] = ""
        data[f"hands-{seat}-points"] = str(points)
        if made:
            data[f"hands-{seat}-made"] = "y"
    return data


def first_ten_hands():
    """Hands 1-10 of a four-player Phase 10 game, by hand: Ann (seat 0) and Dee (seat 3) make their phase every
    hand, Ann going out in the odd hands and Dee in the even ones, each left with 10 points in the other's hands;
    Ben and Cy never make phase 1 and keep 30 points a hand. After hand 10 Ann and Dee have made phase 10 on 50
    each (Ben and Cy 300, on phase 1): a tie for the win (§8.6.7)."""
    hands = []
    for number in range(1, 11):
        out = 0 if number % 2 else 3
        lines = {0: (True, 0 if out == 0 else 10), 1: (False, 30), 2: (False, 30), 3: (True, 0 if out == 3 else 10)}
        hands.append((lines, out))
    return hands


def save(client, url, number, lines, went_out):
    response = client.post(f"{url}/deals/{number}", data=hand_fields(lines, went_out))
    if response.status_code != 303:
        from pages import parse as _p
        doc = _p(response.get_data(as_text=True))
        raise AssertionError([" ".join(n.text.split()) for n in doc.iter() if "error" in n.attrs.get("class", "") or n.attrs.get("role") == "alert"])


def test_a_phase10_tie_where_the_cutter_to_be_is_not_tied_is_saved_and_decided(form_client, no_csrf_app):
    """Regression: saving the tie-break hand answered 500 (the cutter, Ben, looked up among the tied players), and
    the prompt named Cy (not playing) as dealer. Worked out from §8.7.14: Ann deals hand 1, so hand 10
    is Ben's deal (the deal passes left); the next tied player after Ben, clockwise, is Dee: Dee deals hand 11;
    the next tied player after Dee is Ann, who plays first; with two tied players she cuts too."""
    url = start_game_via_form(form_client, FOUR, ruleset="phase10", first_dealer="0")
    for number, (lines, out) in enumerate(first_ten_hands(), start=1):
        save(form_client, url, number, lines, out)
    page = game_page(form_client, url)
    assert "Ann and Dee are tied on 50: they play one more hand." in page.find(cls="phases-prompt").text
    assert prompt_roles(form_client, url) == "Hand 10 cards each Dealer Dee Cuts Ann Plays first Ann"
    entry = parse(form_client.get(f"{url}/deals/11").get_data(as_text=True))
    assert "dealer Dee" in entry.find(cls="meta").text
    # hand 11: the stock runs out, neither makes phase 10: another tie-break hand (§8.6.7), Ann and Dee on 70
    save(form_client, url, 11, {0: (False, 20), 3: (False, 20)}, None)
    assert "Ann and Dee are tied on 70: they play one more hand." in game_page(form_client, url).text
    # hand 12: the deal passes on from Dee to the next tied player clockwise, Ann; Dee cuts and plays first
    assert prompt_roles(form_client, url) == "Hand 10 cards each Dealer Ann Cuts Dee Plays first Dee"
    save(form_client, url, 12, {0: (True, 0), 3: (False, 15)}, 0)
    doc = game_page(form_client, url)
    assert "Ann wins" in doc.find(cls="winner-named").text
    order = [" ".join(li.text.split()) for li in doc.find(cls="final-order").find_all("li")]
    assert order[:2] == ["1 Ann 70 Winner 10 phases made", "2 Dee 85 10 phases made"]
    with no_csrf_app.app_context():
        game_id = int(url.rsplit("/", 1)[1])
        dealers = db.session.scalars(select(DealResult.dealer).where(DealResult.game_id == game_id).order_by(DealResult.number))
        # Ann, Ben, Cy, Dee, Ann, ... (to the left) for hands 1-10, then Dee and Ann among the tied players
        assert list(dealers) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 3, 0]


def test_a_tiebreak_hand_saved_on_a_phone_offline_is_taken_when_sent(form_client):
    """The same tie: the phone keeps hand 11's score screen (dealer Dee) and sends the hand later (the sync)."""
    url = start_game_via_form(form_client, FOUR, ruleset="phase10", first_dealer="0")
    for number, (lines, out) in enumerate(first_ten_hands(), start=1):
        save(form_client, url, number, lines, out)
    game_id = int(url.rsplit("/", 1)[1])
    pack = form_client.get(f"/games/{game_id}/offline", headers=JSON).get_json()
    kept = parse(pack["pages"][f"/games/{game_id}/deals/11"])
    assert "dealer Dee" in kept.find(cls="meta").text
    assert [row.attrs["data-position"] for row in kept.find_all(cls="hand-row")] == ["0", "3"]
    sent = form_client.post(f"/games/{game_id}/deals/11/sync", data=hand_fields({0: (False, 25), 3: (True, 0)}, 3), headers=JSON)
    assert sent.status_code == 200, sent.get_data(as_text=True)
    assert sent.get_json()["status"] == "saved"
    assert "Dee wins" in game_page(form_client, url).find(cls="winner-named").text


def save_cards(client, url, number, went_out, hands):
    """A deal of a game on standard cards: who went out and each seat's cards left."""
    data = {"went_out": str(went_out), "version": ""}
    data.update({f"hands-{seat}-cards": text for seat, text in enumerate(hands)})
    data.update({f"hands-{seat}-points": "" for seat in range(len(hands))})
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]


def test_carioca_deals_to_the_right_and_the_player_on_the_dealers_right_plays_first(form_client):
    """§8.7.13's example, with Ann, Ben, Cy and Dee for A, B, C and D: "round 1 A deals, B cuts, D plays first;
    round 2 D deals, A cuts, C plays first; round 3 C deals" (C's left, D, cuts; C's right, B, plays first)."""
    url = start_game_via_form(form_client, FOUR, ruleset="carioca", first_dealer="0")
    assert prompt_roles(form_client, url) == "Deal 12 cards each Dealer Ann Cuts Ben Plays first Dee"
    save_cards(form_client, url, 1, 0, ["", "K", "7 7", "A"])
    assert prompt_roles(form_client, url) == "Deal 12 cards each Dealer Dee Cuts Ann Plays first Cy"
    entry = parse(form_client.get(f"{url}/deals/2").get_data(as_text=True))
    assert "dealer Dee" in entry.find(cls="meta").text
    save_cards(form_client, url, 2, 3, ["5", "K", "7 7", ""])
    assert prompt_roles(form_client, url) == "Deal 12 cards each Dealer Cy Cuts Dee Plays first Ben"
    # the phone's offline pack carries each deal's prompt still to come: round 4 is Ben's deal, round 5 Ann's
    game_id = int(url.rsplit("/", 1)[1])
    prompts = form_client.get(f"/games/{game_id}/offline", headers=JSON).get_json()["prompts"]
    assert [(prompts[n]["dealer"], prompts[n]["cutter"], prompts[n]["first"]) for n in ("3", "4", "5")] == [
        ("Cy", "Dee", "Ben"), ("Ben", "Cy", "Ann"), ("Ann", "Ben", "Dee"),
    ]  # fmt: skip


def build_custom(client, app, start, name, **values):
    """A custom ruleset saved from the builder, started from ``start`` with ``values`` changed; its game id."""
    from test_house_rules import form_values

    form = form_values(client.get("/rulesets/build", query_string={"start": start}).get_data(as_text=True))
    form.update(name=name, **values)
    response = client.post("/rulesets/build/save", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    with app.app_context():
        return f"custom-{db.session.scalar(select(CustomRuleset.id).where(CustomRuleset.name == name))}"


def test_a_custom_ruleset_played_counter_clockwise_deals_to_the_right(form_client, no_csrf_app):
    """Liverpool changed to counter-clockwise: the player on the dealer's left cuts (exactly 31 = 3 × 10 + 1 takes
    50 off), the one on the right plays first, and the deal passes right (§3.2, §8.7.13)."""
    ruleset = build_custom(form_client, no_csrf_app, "liverpool", "Liverpool to the right", direction="counterclockwise")
    url = start_game_via_form(form_client, ["Ann", "Ben", "Cy"], ruleset=ruleset, first_dealer="0")
    assert prompt_roles(form_client, url) == "Deal 10 cards each Dealer Ann Cuts Ben (exactly 31 takes 50 off) Plays first Cy"
    game_id = int(url.rsplit("/", 1)[1])
    card = " ".join(parse(form_client.get(f"/games/{game_id}/rules").get_data(as_text=True)).text.split())
    assert "The player on the dealer's left cuts; cutting exactly the cards needed" in card
    assert "Deal and play to the right (counter-clockwise)." in card
    # an exact cut ticked on Cy's line: only Ben, on Ann's left, cut this deal
    wrong = {"went_out": "0", "version": "", "hands-2-exact_cut": "y"}
    wrong.update({f"hands-{seat}-cards": text for seat, text in enumerate(["", "K", "7"])})
    wrong.update({f"hands-{seat}-points": "" for seat in range(3)})
    refused = form_client.post(f"{url}/deals/1", data=wrong)
    assert refused.status_code == 422
    assert "Only Ben, on the dealer&#39;s left, cut this deal." in refused.get_data(as_text=True)
    save_cards(form_client, url, 1, 0, ["", "K", "7"])
    assert prompt_roles(form_client, url) == "Deal 10 cards each Dealer Cy Cuts Ann (exactly 31 takes 50 off) Plays first Ben"


def test_a_custom_phase10_played_counter_clockwise_breaks_its_tie_to_the_right(form_client, no_csrf_app):
    """Phase 10 changed to counter-clockwise, the tie of the first test: hand 10 was dealt by Dee (Ann, Dee, Cy,
    Ben, Ann, ... to the right); the next tied player to Dee's right is Ann (Cy and Ben sit out): Ann deals hand
    11; the next tied player to Ann's right, Dee, plays first and cuts. Then hand 12 passes from Ann to Dee."""
    ruleset = build_custom(form_client, no_csrf_app, "phase10", "Phase 10 to the right", direction="counterclockwise")
    url = start_game_via_form(form_client, FOUR, ruleset=ruleset, first_dealer="0")
    assert prompt_roles(form_client, url) == "Hand 10 cards each Dealer Ann Cuts Ben Plays first Dee"
    for number, (lines, out) in enumerate(first_ten_hands(), start=1):
        save(form_client, url, number, lines, out)
    assert prompt_roles(form_client, url) == "Hand 10 cards each Dealer Ann Cuts Dee Plays first Dee"
    save(form_client, url, 11, {0: (False, 20), 3: (False, 20)}, None)
    assert prompt_roles(form_client, url) == "Hand 10 cards each Dealer Dee Cuts Ann Plays first Ann"
    save(form_client, url, 12, {0: (False, 5), 3: (True, 0)}, 3)
    assert "Dee wins" in game_page(form_client, url).find(cls="winner-named").text


def test_a_carioca_rematch_is_dealt_first_by_the_player_on_the_first_dealers_right():
    """Where RULES.md is silent (README's rules notes): the rematch's first dealer is the one the deal would pass
    to, in the ruleset's direction: Carioca, Ann dealing first, passes to her right, Dee; Contract Rummy to Ben."""
    from companion.games.life import rematch_dealer
    from companion.models import Game, Player, Seat
    from companion.rules.published import PUBLISHED_RULESETS

    def game(ruleset, first_dealer):
        made = Game(first_dealer=first_dealer)
        made.ruleset = PUBLISHED_RULESETS[ruleset]
        made.seats = [Seat(position=i, player=Player(name=name, name_key=name.casefold())) for i, name in enumerate(FOUR)]
        return made

    assert rematch_dealer(game("carioca", 0)).name == "Dee"
    assert rematch_dealer(game("contract", 0)).name == "Ben"
    assert rematch_dealer(game("carioca", 2)).name == "Ben"


def test_a_carioca_paper_sheet_stores_its_dealers_passing_to_the_right(no_csrf_app):
    """A paper sheet lists the seats clockwise from the first dealer; in Carioca the deal passes to the right, so
    with Ann, Bob and Cat the dealers are Ann, Cat, Bob, Ann, ..."""
    from companion.history import service
    from companion.history.paper import read_sheet
    from companion.leagues.service import add_member, create_league
    from companion.games import life
    from companion.models import Game
    from companion.rules.published import PUBLISHED_RULESETS

    deals = len(PUBLISHED_RULESETS["carioca"].deals)
    rows = "".join(f"{n}, 0, 5, 5\n" for n in range(1, deals + 1))
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        result = service.preview(league, read_sheet(f"Game, 2024-01-01, Carioca\nDeal, Ann, Bob, Cat\n{rows}"), {})
        assert result.ready, (result.problems, result.questions)
        assert service.store(league, result, "paper score sheet") == 1
        game = db.session.scalars(select(Game)).one()
        assert [deal.dealer for deal in game.deals] == [[0, 2, 1][(n - 1) % 3] for n in range(1, deals + 1)]
