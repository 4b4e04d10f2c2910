"""Leagues count a Phase 10 game by its own winner rule (issue 18, item 5; RULES.md §8.6.6-8, example 4.11).

The games are played through the game service as the pages do (each hand's "made" ticks and points judged and
saved), in a league. Expected places, wins, head-to-head counts and per-phase numbers are worked out here from
RULES.md's example 4.11 (Ann, Ben and Cy), never read back from the code under test; ratings are OpenSkill's
Plackett-Luce run here on the places the rules give.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import event, given
from openskill.models import PlackettLuce
from progression_example import hands_to_14
from sqlalchemy import select
from test_progression import as_played, played_games, reference_lines

import progression_reference as ref
from companion.extensions import db
from companion.games import deal_entry, life
from companion.leagues.service import create_league
from companion.leagues.standings import Season, compute_standings, contract_records
from companion.models import Game, GameResult, Player
from companion.rules.deal_score import LineEntry
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.placing import SeatResult, game_places
from companion.rules.progression import PlayedHand, follow_game
from conftest import fuzz

THIS_YEAR = dt.date.today().year


@pytest.fixture
def ctx(no_csrf_app):
    with no_csrf_app.app_context():
        yield no_csrf_app


def people(*names: str) -> list[Player]:
    found = [life.find_or_add_player(name) for name in names]
    db.session.commit()
    return found


def play_phase10(league, players, hands: list[PlayedHand], *, ruleset=PHASE10, on: dt.datetime | None = None) -> Game:
    """A Phase 10 game in ``league``, its hands judged and saved as the score form does."""
    game = life.start_game(ruleset, list(players), 0, league=league)
    if on is not None:
        game.created_at = on
        db.session.commit()
    for number, played in enumerate(hands, start=1):
        went_out = deal_entry.STOCK if played.went_out is None else str(played.went_out)
        entries = [
            LineEntry(position=line.seat, points="" if line.seat == played.went_out else str(line.points), made=line.made)
            for line in played.lines
        ]
        judgement = deal_entry.judge_entry(game, number, went_out, entries)
        assert judgement.ok, judgement.problems
        deal_entry.save_deal(game, number, judgement)
    return game


def results_of(game: Game) -> dict[str, tuple[int, int, int]]:
    """Each player's stored result: (total, place, winners)."""
    rows = db.session.execute(
        select(Player.name, GameResult.total, GameResult.place, GameResult.winners)
        .join(Player, Player.id == GameResult.player_id)
        .where(GameResult.game_id == game.id)
    ).all()
    return {name: (total, place, winners) for name, total, place, winners in rows}


def by_name(standings) -> dict[str, object]:
    return {record.name: record for record in standings.records.values()}


def openskill_after(games: list[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per player after OpenSkill's Plackett-Luce rates ``games``, each [(name, place)] in seat order."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for entries in games:
        teams = [[ratings.get(name) or model.rating(name=name)] for name, _ in entries]
        rated = model.rate(teams, ranks=[place for _, place in entries])
        for (name, _), (rating,) in zip(entries, rated, strict=True):
            ratings[name] = rating
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# Example 4.11: Cy's lower total on phase 9 does not win; Ben does


def test_ben_wins_the_league_game_and_cy_on_phase_9_is_last_whatever_his_total(ctx):
    """4.11: Ann and Ben make phase 10 in hand 14 with 140 and 95; Cy, on phase 9, has 60. Ben wins; Ann is second
    (both made every phase, Ann's total is higher); Cy, with fewer phases made, is third (§8.6.8)."""
    league = create_league("Phase 10 nights")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    game = play_phase10(league, [ann, ben, cy], hands_to_14(140, 95))
    assert results_of(game) == {"Ann": (140, 2, 1), "Ben": (95, 1, 1), "Cy": (60, 3, 1)}
    standings = compute_standings(league.id, Season.all_time())
    records = by_name(standings)
    assert (records["Ben"].wins, records["Ann"].wins, records["Cy"].wins) == (1, 0, 0)
    assert records["Ben"].streak_text == "won the last game" and records["Cy"].streak_text == "lost the last game"
    ids = {name: record.player_id for name, record in records.items()}
    h2h = standings.head_to_head()
    assert h2h[(ids["Ben"], ids["Cy"])] == (1, 0, 0)  # Ben ahead of Cy, though Cy's total is lower
    assert h2h[(ids["Ann"], ids["Cy"])] == (1, 0, 0)
    assert h2h[(ids["Cy"], ids["Ann"])] == (0, 1, 0)
    assert h2h[(ids["Ben"], ids["Ann"])] == (1, 0, 0)
    assert standings.against(ids["Cy"]) == {ids["Ann"]: (0, 1, 0), ids["Ben"]: (0, 1, 0)}
    expected = openskill_after([[("Ann", 2), ("Ben", 1), ("Cy", 3)]])
    for name, (mu, sigma) in expected.items():
        assert (records[name].mu, records[name].sigma) == pytest.approx((mu, sigma))


def test_a_tiebreak_hand_decides_the_league_win(ctx):
    """4.11: tied on 95, Ann and Ben play a tie-break hand on phase 10; Ann goes out (0), Ben is left with 25:
    Ann 95, Ben 120. Ann wins the game and the league counts one win for her, none shared."""
    league = create_league("Tie nights")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    tied = play_phase10(league, [ann, ben, cy], hands_to_14(95, 95))
    assert results_of(tied) == {}  # a tie-break hand is due: the game isn't over
    judgement = deal_entry.judge_entry(tied, 15, "0", [LineEntry(position=0, made=True), LineEntry(position=1, points="25")])
    assert judgement.ok, judgement.problems
    deal_entry.save_deal(tied, 15, judgement)
    assert results_of(tied) == {"Ann": (95, 1, 1), "Ben": (120, 2, 1), "Cy": (60, 3, 1)}
    records = by_name(compute_standings(league.id, Season.all_time()))
    assert (records["Ann"].wins, records["Ben"].wins, records["Cy"].wins) == (1, 0, 0)
    assert (records["Ann"].deals, records["Cy"].deals) == (15, 14)  # Cy sat the tie-break hand out


def test_a_tiebreak_hand_with_nobody_out_goes_to_the_one_who_made_it_even_on_a_higher_total(ctx):
    """§8.6.7: nobody out; Ann makes phase 10 with 30 left, Ben does not with 20 left: Ann 125, Ben 115. Among them
    whoever made the phase wins: Ann first, Ben second though his total is lower."""
    league = create_league("Stock nights")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    game = play_phase10(league, [ann, ben, cy], hands_to_14(95, 95))
    judgement = deal_entry.judge_entry(
        game, 15, deal_entry.STOCK, [LineEntry(position=0, points="30", made=True), LineEntry(position=1, points="20")]
    )
    assert judgement.ok, judgement.problems
    deal_entry.save_deal(game, 15, judgement)
    assert results_of(game) == {"Ann": (125, 1, 1), "Ben": (115, 2, 1), "Cy": (60, 3, 1)}
    standings = compute_standings(league.id, Season.all_time())
    ids = {record.name: record.player_id for record in standings.records.values()}
    assert standings.head_to_head()[(ids["Ann"], ids["Ben"])] == (1, 0, 0)


def test_a_game_stopped_before_its_tiebreak_hand_shares_the_win(ctx):
    """Ended early with the tie-break hand still due: Ann and Ben share first place (half a win each)."""
    league = create_league("Early nights")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    game = play_phase10(league, [ann, ben, cy], hands_to_14(95, 95))
    life.end_early(game)
    db.session.commit()
    assert results_of(game) == {"Ann": (95, 1, 2), "Ben": (95, 1, 2), "Cy": (60, 3, 2)}
    records = by_name(compute_standings(league.id, Season.all_time()))
    assert (records["Ann"].wins, records["Ben"].wins) == (0.5, 0.5)


# ---------------------------------------------------------------------------
# Per-phase statistics


def test_the_player_page_counts_each_phase_tried_and_made(ctx, form_client):
    """Cy in 4.11's game (the first ticked player goes out): phase 1 made at once (5 left); phase 2 tried in hands
    2 and 3 (30, 5), made in hand 3; phase 3 tried in hands 4-6 (20, 0, 0), made in hand 6; phase 5 made in hand 8,
    going out; phase 8 tried in hands 12 and 13, made going out in 13; phase 9 tried once, not made."""
    league = create_league("Phases")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    play_phase10(league, [ann, ben, cy], hands_to_14(140, 95), on=dt.datetime(THIS_YEAR, 3, 1))
    records = {r.phase: r for r in contract_records(league.id, cy.id, Season.all_time(), None)}
    assert sorted(records) == list(range(1, 10))
    assert (records[1].deals, records[1].made, records[1].average_penalty) == (1, 1, 5)
    assert (records[2].deals, records[2].made, records[2].average_penalty) == (2, 1, pytest.approx(17.5))
    assert (records[3].deals, records[3].made, records[3].average_penalty) == (3, 1, pytest.approx(20 / 3))
    assert (records[5].deals, records[5].made, records[5].went_out) == (1, 1, 1)
    assert (records[8].deals, records[8].made, records[8].went_out) == (2, 1, 1)
    assert (records[9].deals, records[9].made, records[9].made_rate) == (1, 0, 0)
    assert records[2].made_rate == 0.5 and records[2].label == "Phase 2: One set of 3 and one run of 4"
    assert sum(r.deals for r in records.values()) == 14
    page = form_client.get(f"/leagues/{league.id}/players/{cy.id}").get_data(as_text=True)
    text = " ".join(page.split())
    assert "Phase 3: One set of 4 and one run of 4" in text
    assert "Made it 1 of 3 times (33%)." in text
    assert "Phase 9: One set of 5 and one set of 2" in text and "Made it 0 of 1 times (0%)." in text


def test_a_phase_is_counted_apart_from_a_fixed_deal_with_the_same_melds(ctx):
    """Contract Rummy's deal 1 and Phase 10's phase 1 both ask two sets of 3; a league that plays both keeps them
    apart: the deal is no phase, and the phase counts the hands it was tried in. Both decks' phase 1 is one phase."""
    from test_leagues import play as play_contract

    league = create_league("Both")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    play_contract(league, [ann, ben, cy], [10, 20, 30])
    play_phase10(league, [ann, ben, cy], hands_to_14(140, 95)[:2])  # unfinished: not counted
    play_phase10(league, [ann, ben, cy], hands_to_14(140, 95), ruleset=PHASE10_CARDS)
    play_phase10(league, [ann, ben, cy], hands_to_14(140, 95))
    found = [r for r in contract_records(league.id, cy.id, Season.all_time(), None) if r.symbols == "S3 S3"]
    assert sorted((r.phase or 0, r.deals) for r in found) == [(0, 1), (1, 2)]  # 0: the fixed deal
    only_phase10 = contract_records(league.id, cy.id, Season.all_time(), "phase10")
    assert {r.phase for r in only_phase10} == set(range(1, 10)) and only_phase10[0].phase is not None


# ---------------------------------------------------------------------------
# Places against a plain reference


def reference_places(table, winners: set[int]) -> list[int]:
    """Each seat's place from RULES.md §8.6.6-8 alone: one more than the players finishing strictly ahead; the
    game's winners are ahead of everyone else, and otherwise more phases made, then a lower total, is ahead."""
    seats = range(len(table[0]))

    def ahead(q: int, p: int) -> bool:
        if q in winners or p in winners:
            return q in winners and p not in winners
        return (-ref.made_after(table, q), ref.totals(table)[q]) < (-ref.made_after(table, p), ref.totals(table)[p])

    return [1 + sum(1 for q in seats if ahead(q, p)) for p in seats]


@fuzz(200)
@given(played_games())
def test_places_match_the_reference_and_phase_9_never_beats_the_winner(hands):
    played = as_played(hands)
    table = reference_lines(played)
    names = {seat: f"P{seat}" for seat in range(len(table[0]))}
    game = follow_game(PHASE10, names, played)
    results = [SeatResult(seat=p.seat, total=p.total, phases_made=len(p.made), went_out=p.went_out) for p in game.players]
    places = game_places(PHASE10, results, game.winners)
    assert list(places.values()) == reference_places(table, set(game.winners))
    lowest = ref.lowest_finished(table)
    event("decided" if len(lowest) == 1 else "tie-break due" if lowest else "nobody finished")
    if any(ref.made_after(table, seat) < ref.PHASES and ref.totals(table)[seat] < min(ref.totals(table)[s] for s in lowest)
           for seat in names if lowest):  # fmt: skip
        event("a lower total short of phase 10")
    if len(lowest) == 1:
        assert [seat for seat, place in places.items() if place == 1] == lowest
    for seat in names:  # a player who hasn't made every phase never takes first place from a finisher
        if lowest and ref.made_after(table, seat) < ref.PHASES:
            assert places[seat] > 1


def test_the_deals_export_names_each_players_phase_in_a_hand(ctx):
    """4.11: in hand 5 Ann and Ben are on phase 5, Cy on phase 3; a hand's number is no phase."""
    import csv
    import io

    from companion.leagues.exports import deals_csv

    league = create_league("Export")
    play_phase10(league, people("Ann", "Ben", "Cy"), hands_to_14(140, 95)[:5])
    rows = list(csv.DictReader(io.StringIO(deals_csv(league))))
    assert rows[4]["deal"] == "5" and rows[4]["contract"] == "Ann: phase 5; Ben: phase 5; Cy: phase 3"


def test_carioca_breaks_a_tie_for_the_win_by_deals_won_and_says_so_on_its_card():
    """RULES.md §8.3: tiebreak most_deals_won, "a tie after that is shared"; the rest placed by total."""
    from companion.rules.carioca import CARIOCA
    from companion.rules.guide import rules_facts

    tied = [SeatResult(seat=0, total=40, went_out=2), SeatResult(seat=1, total=40, went_out=3),
            SeatResult(seat=2, total=55, went_out=3), SeatResult(seat=3, total=40, went_out=3)]  # fmt: skip
    assert game_places(CARIOCA, tied) == {0: 3, 1: 1, 2: 4, 3: 1}
    assert game_places(CARIOCA, [tied[0], tied[2]]) == {0: 1, 2: 2}
    facts = {fact.key: fact.text for fact in rules_facts(CARIOCA)}
    assert facts["tiebreak"] == "Whoever went out in more deals wins; a tie after that is shared."


# ---------------------------------------------------------------------------
# A league backup keeps each hand's "made" tick


def test_a_phase10_league_backup_restores_its_ticks_and_its_winner(ctx, tmp_path):
    """The backup of a league whose Phase 10 game went to a tie-break hand restores exactly in another app:
    the ticks (so the phases, the end and the winner), the hand only the tied players played, the places."""
    import copy

    from test_league_backup import dispose, make_app, results

    from companion.leagues.exports import checksum, league_backup
    from companion.leagues.imports import BackupError, import_league_backup
    from companion.models import League

    league = create_league("Backed up")
    ann, ben, cy = people("Ann", "Ben", "Cy")
    game = play_phase10(league, [ann, ben, cy], hands_to_14(95, 95))
    judgement = deal_entry.judge_entry(game, 15, "0", [LineEntry(position=0, made=True), LineEntry(position=1, points="25")])
    deal_entry.save_deal(game, 15, judgement)
    play_phase10(league, [ann, ben, cy], hands_to_14(140, 95)[:3])  # in progress
    data = league_backup(db.session.get(League, league.id))
    hands = data["games"][0]["deals"][14]["hands"]
    assert [(h["position"], h["made"], h["chosen_phase"]) for h in hands] == [(0, True, None), (1, False, None)]
    expected = results(ctx, league.id)
    assert [(r[0], r[4], r[5]) for r in expected] == [("Ann", 95, 1), ("Ben", 120, 2), ("Cy", 60, 3)]

    other = make_app(tmp_path / "other.sqlite")
    try:
        with other.app_context():
            restored = import_league_backup(copy.deepcopy(data))
            again = league_backup(db.session.get(League, restored.id))
            new_id = restored.id
        assert again == data
        assert results(other, new_id) == expected
        forged = copy.deepcopy(data)
        forged["league"]["name"] = "Forged"
        forged["games"][0]["deals"][0]["hands"][0]["made"] = False  # Ann went out in hand 1
        forged["checksum"] = checksum(forged)
        with other.app_context(), pytest.raises(BackupError) as refused:
            import_league_backup(forged)
        assert "Game 1, deal 1: Ann went out, so Ann made phase 1; tick it." in str(refused.value)
    finally:
        dispose(other)
