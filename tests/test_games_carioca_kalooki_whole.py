"""A whole game of Carioca (with two escala rounds and house options) and of Kalooki, through the pages, in a league
(issue 18, item 4): the round schedule in the deal prompt, the house options at setup and on the game page, every
hand typed as the table types it (or as the keypad writes it), the totals, the final order with Carioca's
tie-break by deals won (RULES.md §8.0 ``most_deals_won``), and the league counting the win by that rule.

Every expected number is added up here by hand from RULES.md's card points, never read from the code:
Carioca (§8.3) 2-10 face, J/Q/K 10, A 20, JK 30 (50 with ``joker-50``), a red two left in hand 2 (``red-twos-wild``);
Kalooki (§8.4) JK 50, black ace (AS AC) 15, red ace (AH AD) 1, K/Q/J 10, 2-10 face.
"""

from __future__ import annotations

import pytest
from pages import parse

from companion.extensions import db
from companion.leagues.service import create_league
from companion.leagues.standings import Season, compute_standings
from companion.models import Game


def game_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True))


def words(node) -> str:
    return " ".join(node.text.split())


def start(client, names, ruleset, options=(), league=None) -> str:
    data = {"ruleset": ruleset, "first_dealer": "0", "options": list(options)}
    if league is not None:
        data["league"] = str(league)
    for index, name in enumerate(names):
        data[f"seats-{index}-new_name"] = name
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def save_deal(client, url, number, went_out, hands):
    data = {"went_out": str(went_out)}
    data.update({f"hands-{position}-cards": text for position, text in enumerate(hands)})
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)


def prompt_of(client, url):
    """The deal prompt's count, contract heading and whole text."""
    prompt = page(client, url).find(cls="prompt")
    return words(prompt.find(cls="deal-count")), words(prompt.find("h2")), words(prompt)


def hand_points(app, url) -> list[list[int]]:
    with app.app_context():
        return [[hand.points for hand in deal.hands] for deal in db.session.get(Game, game_id(url)).deals]


def final_order(client, url) -> list[str]:
    return [words(item) for item in page(client, url).find(cls="final-order").find_all("li")]


def league_wins(app, league_id) -> dict[str, float]:
    with app.app_context():
        standings = compute_standings(league_id, Season.all_time())
        return {record.name: record.wins for record in standings.records.values()}


def new_league(app, name) -> int:
    with app.app_context():
        league = create_league(name)
        db.session.commit()
        return league.id


# ---------------------------------------------------------------------------
# Carioca: joker-50, red twos wild, the escala real and sucia rounds (chosen real first: played sucia, then real)

CARIOCA_OPTIONS = ["escala-real", "escala-sucia", "red-twos-wild", "joker-50"]

#: The contract texts of RULES.md §8.3's table, then the two escala rounds in the order sucia, real.
CARIOCA_CONTRACTS = [
    "Two trios",
    "One trio and one escala",
    "Two escalas",
    "Three trios",
    "Two trios and one escala",
    "One trio and two escalas",
    "Three escalas",
    "Four trios",
    "Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)",
    "Escala real: A to K of one suit, no jokers (every card, no discard)",
]

#: (who went out: 0 Ann, 1 Bob; the other's hand as typed; its points by hand from §8.3 with joker-50 and red twos)
CARIOCA_DEALS = [
    (0, "2H 2D AS JK", 2 + 2 + 20 + 50),  # red twos left in hand score 2
    (1, "KS QH 7C", 10 + 10 + 7),
    (0, "10 10 a", 10 + 10 + 20),
    (1, "jk", 50),
    (0, "3 4 5", 3 + 4 + 5),
    (1, "9 9", 9 + 9),
    (0, "AH 2C", 20 + 2),
    (0, "10 10 3", 10 + 10 + 3),
    (0, "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC", 20 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10),
    (1, "AS AH KS KH QC JD 10C 9D 8S 7H 6C JK", 170),  # §4.13's escala real loser: 150, with JK 50 for 30
]


def test_game_setup_offers_carioca_and_kalooki_house_options(form_client):
    """The setup page offers each game's house options by their RULES.md names (§8.3, §8.4)."""
    carioca = words(page(form_client, "/games/new/options?ruleset=carioca"))  # swapped in when Carioca is picked
    for label in ("Jokers score 50", "Red twos are wild", "Deal 11 cards (12 in rounds 7 and 8)", "Escala sucia round",
                  "Escala de color round", "Escala payaso round", "Escala real round"):  # fmt: skip
        assert label in carioca, label
    assert "A full suit may stand for three fours" in words(page(form_client, "/games/new/options?ruleset=kalooki"))


def test_a_whole_carioca_game_with_escala_rounds_ends_tied_and_the_most_deals_won_wins(form_client, no_csrf_app):
    league = new_league(no_csrf_app, "Carioca nights")
    url = start(form_client, ["Ann", "Bob"], "carioca", CARIOCA_OPTIONS, league=league)
    shown = words(page(form_client, url))
    assert "House rules: Jokers score 50, Red twos are wild, Escala sucia round, Escala real round" in shown
    assert "Wild cards: jokers and red twos." in shown
    card = words(page(form_client, f"{url}/rules"))  # the game's own rules card: its house options applied
    assert "Penalty points A 20 · 2–9 face value · 10–K 10 · joker 50." in card  # JK as the table says it (issue 27)
    assert "A tie for the win Whoever went out in more deals wins; a tie after that is shared." in card
    for number, (out, hand, _points) in enumerate(CARIOCA_DEALS, start=1):
        count, contract, prompt = prompt_of(form_client, url)
        assert count == f"Deal {number} of 10"
        assert contract == CARIOCA_CONTRACTS[number - 1]
        assert "12 cards each" in prompt
        if number >= 9:  # a ladder round: every card goes down after the draw, nothing is discarded
            assert "No discard: meld every card when you go down." in prompt
        save_deal(form_client, url, number, out, ["" if seat == out else hand for seat in range(2)])
    expected = [[0, points] if out == 0 else [points, 0] for out, _hand, points in CARIOCA_DEALS]
    assert hand_points(no_csrf_app, url) == expected
    ann = sum(points for out, _hand, points in CARIOCA_DEALS if out == 1)
    bob = sum(points for out, _hand, points in CARIOCA_DEALS if out == 0)
    assert ann == bob == 265  # 27 + 50 + 18 + 170 = 74 + 40 + 12 + 22 + 23 + 94
    # tied on 265: Ann went out in 6 deals, Bob in 4, so Ann wins (§8.3 tiebreak most_deals_won)
    doc = page(form_client, url)
    assert words(doc.find(cls="tiebreak-note")) == "Ann and Bob tied on 265: Ann went out in the most deals (6) and wins."
    assert final_order(form_client, url) == ["1 Ann 265 Winner", "2 Bob 265"]
    assert league_wins(no_csrf_app, league) == {"Ann": 1.0, "Bob": 0.0}
    # the league's pages read the game: each escala round is a contract of its own on a player's page (both are
    # one ladder of 13, L13, but not one contract); Ann held the escala real's 170 and went out in the sucia
    assert "Carioca" in words(page(form_client, f"/leagues/{league}"))
    with no_csrf_app.app_context():
        ann = next(r.player_id for r in compute_standings(league, Season.all_time()).records.values() if r.name == "Ann")
    contracts = [words(item) for item in page(form_client, f"/leagues/{league}/players/{ann}").find(cls="contract-list").find_all("li")]
    assert "Escala real: A to K of one suit, no jokers L13 170.0 points a deal · went out 0 of 1 (0%)" in contracts
    assert "Escala sucia: A to K, any suits, at most 1 joker L13 0.0 points a deal · went out 1 of 1 (100%)" in contracts
    assert len(contracts) == 10


def test_carioca_tied_on_total_and_on_deals_won_is_a_shared_win(form_client, no_csrf_app):
    """'a tie after that is shared' (§8.3): 10 a deal to whoever did not go out, each out in 4 of 8 deals."""
    league = new_league(no_csrf_app, "Shared nights")
    url = start(form_client, ["Ann", "Bob"], "carioca", league=league)
    for number in range(1, 9):
        out = number % 2
        save_deal(form_client, url, number, out, ["" if seat == out else "Q" for seat in range(2)])
    assert words(page(form_client, url).find(cls="tiebreak-note")) == (
        "Ann and Bob tied on 40 and went out in 4 deals each: they share the win."
    )
    assert final_order(form_client, url) == ["1 Ann 40 Shared win", "1 Bob 40 Shared win"]
    assert league_wins(no_csrf_app, league) == {"Ann": 0.5, "Bob": 0.5}


def test_carioca_level_on_points_is_led_by_the_most_deals_won_between_deals(form_client):
    """The standing said just after a save: Bob holds Q, then Q (10 + 10); Ann then holds K Q (20): level on 20,
    Ann out in 2 deals and Bob in 1."""
    url = start(form_client, ["Ann", "Bob"], "carioca")
    for number, (out, hands) in enumerate([(0, ["", "Q"]), (0, ["", "Q"]), (1, ["K Q", ""])], start=1):
        save_deal(form_client, url, number, out, hands)
    flashes = [words(flash) for flash in page(form_client, url).find_all(cls="flash-totals")]
    assert "After deal 3: Ann leads on 20 with the most deals won, then Bob 20." in flashes


def test_carioca_eleven_cards_deals_11_then_12_in_rounds_7_and_8(form_client):
    url = start(form_client, ["Ann", "Bob"], "carioca", ["eleven-cards"])
    shown = words(page(form_client, url))
    assert "House rules: Deal 11 cards (12 in rounds 7 and 8)" in shown
    dealt = []
    for number in range(1, 9):
        dealt.append(next(n for n in (11, 12) if f"{n} cards each" in prompt_of(form_client, url)[2]))
        save_deal(form_client, url, number, 0, ["", "5"])
    assert dealt == [11, 11, 11, 11, 11, 11, 12, 12]


def test_carioca_escala_rounds_come_in_the_order_sucia_color_payaso_real(form_client):
    url = start(form_client, ["Ann", "Bob"], "carioca", ["escala-real", "escala-payaso", "escala-color", "escala-sucia"])
    for number in range(1, 9):
        save_deal(form_client, url, number, 0, ["", "5"])
    contracts = []
    for number in range(9, 13):
        count, contract, _prompt = prompt_of(form_client, url)
        assert count == f"Deal {number} of 12"
        contracts.append(contract)
        save_deal(form_client, url, number, 0, ["", "5"])
    assert contracts == [
        "Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)",
        "Escala de color: A to K, all red or all black, no jokers (every card, no discard)",
        "Escala payaso: A to K, red and black in turn, no jokers (every card, no discard)",
        "Escala real: A to K of one suit, no jokers (every card, no discard)",
    ]


@pytest.mark.parametrize(
    ("options", "last"),
    [
        (["escala-real-comodines"], "Escala real: A to K of one suit, jokers never side by side (every card, no discard)"),
        (["escala-real-comodines", "escala-real"], "Escala real: A to K of one suit, no jokers (every card, no discard)"),
    ],
)
def test_the_escala_real_with_jokers_is_played_unless_the_joker_free_one_is_chosen(form_client, options, last):
    """RULES.md §8.7.11: chosen with escala-real, the joker-free one is played (one 9th round either way)."""
    url = start(form_client, ["Ann", "Bob"], "carioca", options)
    for number in range(1, 9):
        save_deal(form_client, url, number, 0, ["", "5"])
    assert prompt_of(form_client, url)[:2] == ("Deal 9 of 9", last)


# ---------------------------------------------------------------------------
# Kalooki: the split ace, typed or keyed; a tie on the lowest total is shared (tiebreak none)

KALOOKI_CONTRACTS = [
    ("Three threes", 9),
    ("Two threes and one four", 10),
    ("Two fours and one three", 11),
    ("Three fours", 12),
    ("Four threes", 12),
    ("Three threes and one four", 13),
    ("Two threes and two fours", 14),
    ("One three and three fours", 15),
    ("Four fours", 16),
]

#: (who went out: 0 Ann, 1 Bob, 2 Cat; each hand as typed, "" for the one who went out; their points by hand)
KALOOKI_DEALS = [
    (0, ["", "AH 7", "JK AS AH KD 10C 3H"], [0, 1 + 7, 50 + 15 + 1 + 10 + 10 + 3]),  # §4.14: 89
    (1, ["k9ah", "", "AS AH"], [10 + 9 + 1, 0, 15 + 1]),  # run together; the keypad's black and red ace keys
    (2, ["5 5", "Q", ""], [10, 10, 0]),
    (0, ["", "2", "JK JK"], [0, 2, 100]),  # §4.14: 100
    (1, ["A♠", "", "7"], [15, 0, 7]),
    (2, ["3", "4", ""], [3, 4, 0]),
    (0, ["", "10", "8"], [0, 10, 8]),
    (1, ["ad", "", "9"], [1, 0, 9]),
    (0, ["", "AC", "6"], [0, 15, 6]),
]


def test_a_whole_kalooki_game_scores_the_ace_by_its_colour_and_shares_a_tie(form_client, no_csrf_app):
    league = new_league(no_csrf_app, "Kalooki nights")
    url = start(form_client, ["Ann", "Bob", "Cat"], "kalooki", league=league)
    keys = [key.attrs["data-key"] for key in page(form_client, f"{url}/deals/1").find(id="keypad").find_all("button")]
    assert keys[:2] == ["AS", "AH"] and "A" not in keys  # a tapped ace keeps its colour
    for number, (out, hands, _points) in enumerate(KALOOKI_DEALS, start=1):
        count, contract, prompt = prompt_of(form_client, url)
        assert count == f"Deal {number} of 9"
        assert contract == KALOOKI_CONTRACTS[number - 1][0]
        assert f"{KALOOKI_CONTRACTS[number - 1][1]} cards each" in prompt
        save_deal(form_client, url, number, out, hands)
    assert hand_points(no_csrf_app, url) == [points for _out, _hands, points in KALOOKI_DEALS]
    totals = [sum(points[seat] for _o, _h, points in KALOOKI_DEALS) for seat in range(3)]
    assert totals == [20 + 10 + 15 + 3 + 1, 8 + 10 + 2 + 4 + 10 + 15, 89 + 16 + 100 + 7 + 8 + 9 + 6] == [49, 49, 235]
    # Ann went out 4 times and Bob 3, but Kalooki breaks no tie (§8.4 tiebreak none): the win is shared
    doc = page(form_client, url)
    assert doc.find_all(cls="tiebreak-note") == []
    assert final_order(form_client, url) == ["1 Ann 49 Shared win", "1 Bob 49 Shared win", "3 Cat 235"]
    assert league_wins(no_csrf_app, league) == {"Ann": 0.5, "Bob": 0.5, "Cat": 0.0}


def test_the_tie_sentences_and_the_ace_keys_in_spanish(form_client):
    spanish = {"Accept-Language": "es"}
    url = start(form_client, ["Ann", "Bob"], "carioca")
    for number in range(1, 9):
        out = number % 2
        save_deal(form_client, url, number, out, ["" if seat == out else "Q" for seat in range(2)])
    doc = parse(form_client.get(url, headers=spanish).get_data(as_text=True))
    assert words(doc.find(cls="tiebreak-note")) == "Ann y Bob empataron con 40 y cerraron 4 rondas cada uno: comparten la victoria."
    url = start(form_client, ["Ann", "Bob", "Cat"], "kalooki")
    keypad = parse(form_client.get(f"{url}/deals/1", headers=spanish).get_data(as_text=True)).find(id="keypad")
    aces = [(key.attrs["aria-label"], words(key)) for key in keypad.find_all("button")[:2]]
    assert aces == [("As negro", "A♠"), ("As rojo", "A♥")]


@pytest.mark.parametrize(("names", "packs", "jokers"), [(3, 2, 4), (5, 3, 8), (7, 4, 10)])
def test_kalooki_setup_follows_the_packs_table(form_client, names, packs, jokers):
    """RULES.md §8.4: 3-4 players 2 packs + 4 JK; 5-6 3 packs + 8 JK; 7-8 4 packs + 10 JK."""
    url = start(form_client, [f"P{n}" for n in range(names)], "kalooki")
    assert f"Setup: {packs} packs and {jokers} jokers" in words(page(form_client, url))


def test_a_carioca_game_won_on_deals_goes_to_bgstats_and_reads_back(form_client, no_csrf_app):
    """Ann and Bob level on 35, Ann out in 5 deals and Bob in 3: BG Stats is told Ann won, and its file reads back."""
    import json

    from companion.history.bgstats import bgstats_file, read_bgstats

    url = start(form_client, ["Ann", "Bob"], "carioca")
    deals = [(0, ["", "Q"]), (0, ["", "Q"]), (1, ["K Q 5", ""]), (0, ["", "5"]), (1, ["5", ""]), (0, ["", "5"]),
             (1, ["5", ""]), (0, ["", "5"])]  # fmt: skip
    for number, (out, hands) in enumerate(deals, start=1):
        save_deal(form_client, url, number, out, hands)
    assert final_order(form_client, url) == ["1 Ann 35 Winner", "2 Bob 35"]  # 10 + 10 + 5 * 3 = 25 + 5 * 2
    with no_csrf_app.app_context():
        sent = bgstats_file([db.session.get(Game, game_id(url))])
    assert [(s["score"], s["winner"]) for s in sent["plays"][0]["playerScores"]] == [("35", True), ("35", False)]
    games, _notes, _questions = read_bgstats(json.dumps(sent), {})
    assert [(g.names, g.deals) for g in games] == [(["Ann", "Bob"], [[35, 35]])]
