"""Whole games, start to finish, as golden transcripts written by hand from RULES.md (tests/whole_games.py), replayed
through the engine, through the pages over HTTP, and in Spanish where the words are compared (issue 27, item 7).

The phone's offline code replays them too: tests/test_whole_games_offline.py (under node).

The four findings the replays first met (a tie-break hand's 500 and the direction of the deal, a May I line where
no one buys, «ronda» in Phase 10) are fixed; their replays pass.
"""

from __future__ import annotations

import json
import re

import pytest
from pages import parse
from sqlalchemy import select
from whole_game_reference import fixed_roles, tiebreak_roles
from whole_games import (
    ACES_HIGH,
    BUY_RULE,
    EITHER_OUT,
    EXACT_CUT,
    EXACT_NEXT_TURN,
    EXACT_THIS_TURN,
    GAMES,
    LAY_OFF_NEXT_TURN,
    NEEDS_BUY,
    NO_DISCARD,
    NO_DISCARD_OUT,
    ONE_RUN_PER_SUIT,
    ONE_TURN_OUT,
    RANKS_DIFFER,
    RUNS_APART,
    SHANGHAI_CALL,
    WILD_LIMIT,
    Correction,
    Deal,
    Game,
    Line,
)

from companion.extensions import db
from companion.games.entry import tally_rules
from companion.models import CustomRuleset
from companion.rules.deal_score import STOCK, DealTable, LineEntry, judge_deal
from companion.rules.definition import ruleset_from_definition
from companion.rules.guide import deal_reminders
from companion.rules.placing import SeatResult, game_places
from companion.rules.progression import follow_game, judge_hand, played_hand
from companion.rules.published import PUBLISHED_RULESETS
from companion.rules.rulesets import Progression


#: Games that end in a tie-break hand (RULES.md §8.7.14: among the tied players only).
TIEBREAK_500 = {"phase10", "phase10-cards", "custom-per-player-ccw"}
#: Games played counter-clockwise (RULES.md §8.7.13: the deal passes to the right).
COUNTER_CLOCKWISE = {"carioca", "custom-ccw-deals-won", "custom-per-player-ccw"}
#: Games with no buying at all (their prompts say no "No May I in this deal").
NO_BUYING = {"carioca", "custom-fixed-phases"}


def ids(games):
    return [game.id for game in games]


FIXED = [game for game in GAMES if not game.per_player]
PER_PLAYER = [game for game in GAMES if game.per_player]


# --- the transcripts themselves: sums, running totals, roles and card values as RULES.md has them -----------------


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_every_score_adds_up_as_written(game: Game):
    for event in game.events:
        for name, line in event.lines.items():
            parts = [part.strip() for part in line.score.split("=")]
            values = {eval(part, {"__builtins__": {}}) for part in parts}  # noqa: S307 (digits, + and - only)
            assert all(re.fullmatch(r"[-\d +]+", part) for part in parts), (game.id, name, line.score)
            assert len(values) == 1, (game.id, event, name, line.score)


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_the_running_totals_follow_the_scores(game: Game):
    """Each deal's totals are the totals before it plus its scores; a correction adds its difference."""
    scores: dict[int, dict[str, int]] = {}
    for event in game.events:
        scores[event.deal if isinstance(event, Correction) else event.number] = {n: line.points for n, line in event.lines.items()}
        running = {name: sum(deal.get(name, 0) for deal in scores.values()) for name in game.seats}
        assert running == event.totals, (game.id, event)


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_the_roles_are_rules_md_s(game: Game):
    """§8.7.13 for every deal, §8.7.14 for a tie-break hand, from the reference runner."""
    direction = ruleset_of(game).direction.value
    seats, first = len(game.seats), game.seats.index(game.first_dealer)
    last_dealer = None
    for deal in game.deals:
        if deal.tiebreak:
            tied = [game.seats.index(name) for name in deal.lines]
            roles = tiebreak_roles(seats, last_dealer, tied, direction)
        else:
            roles = fixed_roles(seats, first, deal.number, direction)
        assert tuple(game.seats[seat] for seat in roles) == (deal.prompt.dealer, deal.prompt.cutter, deal.prompt.first), (game.id, deal.number)
        last_dealer = roles[0]


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_the_card_values_written_down_are_the_ones_the_phone_is_given(game: Game):
    assert tally_rules(ruleset_of(game))["points"] == game.points


def test_every_built_in_ruleset_has_a_whole_game_and_the_custom_cases_are_there():
    assert {game.ruleset for game in GAMES} - {"custom"} == set(PUBLISHED_RULESETS)
    customs = [ruleset_of(game) for game in GAMES if game.ruleset == "custom"]
    assert any(r.direction.value == "counterclockwise" and r.progression is Progression.FIXED for r in customs)
    assert any(r.direction.value == "counterclockwise" and r.progression is Progression.PER_PLAYER for r in customs)
    assert {ruleset_of(game).tiebreak.value for game in GAMES} == {"none", "most_deals_won", "replay_last_phase"}
    assert all(game.corrections for game in GAMES)


# --- replay 1: the engine ----------------------------------------------------------------------------------------


def ruleset_of(game: Game):
    return ruleset_from_definition(game.custom) if game.custom else PUBLISHED_RULESETS[game.ruleset]


def line_entry(seat: int, line: Line) -> LineEntry:
    cards, points = ("", line.typed[1:]) if line.typed.startswith("=") else (line.typed, "")
    ticks = frozenset(tick for tick in line.ticks if tick != "made")
    return LineEntry(position=seat, cards=cards, points=points, ticked=ticks, made=line.made)


def deal_of(game: Game, number: int) -> Deal:
    return next(deal for deal in game.deals if deal.number == number)


REMINDER_SENTENCES = [
    ("No discard: meld every card", NO_DISCARD),
    ("No discard to go out", NO_DISCARD_OUT),
    ("Go out by discarding your last card, or by melding every card", EITHER_OUT),
    ("Your runs of one suit must not touch", RUNS_APART),
    ("Only one run per suit", ONE_RUN_PER_SUIT),
    ("must be of different ranks", RANKS_DIFFER),
    ("Aces are high only", ACES_HIGH),
    ("in each meld when you go down", WILD_LIMIT),
    ("lay off the rest from your next turn", EXACT_NEXT_TURN),
    ("lay off the rest this turn", EXACT_THIS_TURN),
    ("Lay off from your next turn after going down", LAY_OFF_NEXT_TURN),
    ("The contract needs", NEEDS_BUY),
    ("Cutter: cut exactly", EXACT_CUT),
    ("Going down and out in one turn", ONE_TURN_OUT),
    ("Shanghai: call it", SHANGHAI_CALL),
]
BUY_SENTENCE = re.compile(r"^(No )?(May I|Buy|buy|Call|call)\b")


def reminder_kinds(sentences) -> frozenset[str]:
    kinds = set()
    for sentence in sentences:
        kind = next((k for text, k in REMINDER_SENTENCES if text in sentence), None)
        if kind is None and BUY_SENTENCE.match(sentence):
            kind = BUY_RULE
        kinds.add(kind or f"unknown: {sentence}")
    return frozenset(kinds)


def engine_replay(game: Game) -> None:
    """Score every line with the engine's judge (and, per player, follow the game), checking the transcript."""
    ruleset = ruleset_of(game)
    names = dict(enumerate(game.seats))
    seat = {name: s for s, name in names.items()}
    recorded: dict[int, object] = {}
    for event in game.events:
        number = event.deal if isinstance(event, Correction) else event.number
        deal = deal_of(game, number)
        playing = {seat[name]: name for name in event.lines}
        lines = [line_entry(seat[name], line) for name, line in event.lines.items()]
        out = STOCK if event.out is None else seat[event.out]
        table = DealTable(names=playing, cutter=seat[deal.prompt.cutter])
        judgement = judge_deal(ruleset, number, table, out, lines)
        if game.per_player:
            before = [played_hand(recorded[n]) for n in sorted(recorded)]
            judgement = judge_hand(ruleset, names, before, number, judgement)
        assert judgement.ok, (game.id, number, judgement.problems)
        assert judgement.warnings == (), (game.id, number, judgement.warnings)
        assert {names[p]: t for p, t in judgement.totals.items()} == {n: line.points for n, line in event.lines.items()}
        recorded[number] = judgement
        if game.per_player:
            progress = follow_game(ruleset, names, [played_hand(recorded[n]) for n in sorted(recorded)])
            assert {p.name: p.total for p in progress.players} == event.totals, (game.id, number)
            assert {p.name: p.phase or 0 for p in progress.players} == event.phases, (game.id, number)
        else:
            totals = {name: sum(j.totals.get(s, 0) for j in recorded.values()) for s, name in names.items()}
            assert totals == event.totals, (game.id, number)
    assert engine_final(game, ruleset, names, recorded) == [final_row(row)[:3] for row in game.final]


def engine_final(game: Game, ruleset, names, recorded) -> list[tuple[int, str, int]]:
    """The final order by the engine's placing: (place, name, total), as the page lists it."""
    if game.per_player:
        progress = follow_game(ruleset, names, [played_hand(recorded[n]) for n in sorted(recorded)])
        assert progress.over and not progress.tiebreak
        results = [SeatResult(seat=p.seat, total=p.total, phases_made=len(p.made), went_out=p.went_out) for p in progress.players]
        places = game_places(ruleset, results, progress.winners)
        totals = {p.seat: p.total for p in progress.players}
    else:
        went_out = {s: sum(1 for j in recorded.values() if j.went_out == s) for s in names}
        totals = {s: sum(j.totals.get(s, 0) for j in recorded.values()) for s in names}
        places = game_places(ruleset, [SeatResult(seat=s, total=totals[s], went_out=went_out[s]) for s in names])
    return sorted((places[s], names[s], totals[s]) for s in names)


def final_row(row: str) -> tuple[int, str, int, str]:
    place, name, total, *rest = row.split(" ")
    return int(place), name, int(total), " ".join(rest)


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_the_engine_replays_the_whole_game(game: Game):
    engine_replay(game)


@pytest.mark.parametrize("game", GAMES, ids=ids(GAMES))
def test_the_engine_says_each_deals_contract_and_cards_as_written(game: Game):
    ruleset = ruleset_of(game)
    for deal in game.deals:
        if game.per_player:
            assert ruleset.deals[0].cards_dealt == deal.prompt.dealt
            assert {name: ruleset.deal(phase).contract for name, phase in deal.prompt.phases.items()} == {
                name: contract_of(game, phase) for name, phase in deal.prompt.phases.items()
            }
        else:
            assert deal.prompt.count == f"Deal {deal.number} of {len(ruleset.deals)}"
            assert (ruleset.deal(deal.number).contract, ruleset.deal(deal.number).cards_dealt) == (deal.prompt.contract, deal.prompt.dealt)


def contract_of(game: Game, phase: int) -> str:
    from whole_games import PHASE10_CONTRACTS, QUICK_CONTRACTS

    if game.custom is not None:
        return {"custom-per-player-ccw": QUICK_CONTRACTS, "custom-per-player-deals-won": {1: "Two sets of 3", 2: "One run of 7"}}[game.id][phase]
    if game.ruleset == "phase10-cards" and phase == 8:
        return "Seven cards of one suit"  # RULES.md §8.2: colour is the suit ("... of one suit", §8.0's sentence 4)
    return PHASE10_CONTRACTS[phase]


@pytest.mark.parametrize("game", FIXED, ids=ids(FIXED))
def test_the_engine_reminds_each_deal_of_what_rules_md_implies(game: Game):
    ruleset = ruleset_of(game)
    for deal in game.deals:
        said = reminder_kinds(deal_reminders(ruleset, ruleset.deal(deal.number), len(game.seats)))
        assert said == deal.prompt.reminders, (game.id, deal.number)


# --- replay 2: the pages, over HTTP ------------------------------------------------------------------------------


def words(node) -> str:
    return " ".join(node.text.split())


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return parse(response.get_data(as_text=True))


def start(client, app, game: Game) -> str:
    """The game set up through the real forms (a custom ruleset imported first, as a family pastes it)."""
    ruleset = game.ruleset
    if game.custom is not None:
        response = client.post("/rulesets/import", data={"text": json.dumps(game.custom), "owner": "me"})
        assert response.status_code == 303, response.get_data(as_text=True)
        with app.app_context():
            custom = db.session.scalars(select(CustomRuleset).where(CustomRuleset.name == game.custom["name"])).one()
            ruleset = f"custom-{custom.id}"
    data = {"ruleset": ruleset, "first_dealer": str(game.seats.index(game.first_dealer)), "options": []}
    for index, name in enumerate(game.seats):
        data[f"seats-{index}-new_name"] = name
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def form_data(game: Game, event: Deal | Correction) -> dict[str, str]:
    data = {"went_out": STOCK if event.out is None else str(game.seats.index(event.out))}
    for name, line in event.lines.items():
        entry = line_entry(game.seats.index(name), line)
        prefix = f"hands-{entry.position}-"
        data[prefix + "cards"], data[prefix + "points"] = entry.cards, entry.points
        for tick in line.ticks:
            data[prefix + tick] = "y"
    for seat in range(len(game.seats)):  # a tie-break hand's form keeps the others' lines, empty and hidden
        data.setdefault(f"hands-{seat}-points", "")
    return data


def save(client, url, game: Game, event: Deal | Correction) -> None:
    number = event.deal if isinstance(event, Correction) else event.number
    data = form_data(game, event)
    if isinstance(event, Correction):
        entry = page(client, f"{url}/deals/{number}")
        data["version"] = entry.find("input", name="version").attrs["value"]
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, (game.id, number, response.status_code, response.get_data(as_text=True)[-3000:])


def shown_prompt(doc) -> dict[str, object]:
    """The prompt as the game page shows it."""
    prompt = doc.find(cls="prompt")
    shown: dict[str, object] = {"count": words(prompt.find(cls="deal-count")), "contract": words(prompt.find("h2"))}
    for key in ("dealt", "dealer", "cutter", "first"):
        found = prompt.find_all("dd", **{"data-prompt": key})
        shown[key] = words(found[0]) if found else None
    if shown["dealt"] is None and prompt.find_all("dd"):  # a per-player hand: its roles list has the cards dealt unmarked
        shown["dealt"] = words(prompt.find_all("dd")[0])
    shown["reminders"] = [words(item) for item in prompt.find_all("li") if item.parent.tag == "ul" and "reminders" in item.parent.classes]
    shown["phases"] = {words(item.find(cls="phase-who")): words(item) for item in prompt.find_all("li", cls=None) if item.attrs.get("data-seat")}
    return shown


def expected_phase_line(game: Game, name: str, phase: int) -> str:
    return f"{name} Phase {phase} {contract_of(game, phase)}"


def check_prompt(game: Game, deal: Deal, shown: dict[str, object], *, roles: bool, reminders: bool, ruleset) -> None:
    prompt = deal.prompt
    assert shown["count"] == prompt.count, (game.id, deal.number)
    assert shown["dealt"] == f"{prompt.dealt} cards each", (game.id, deal.number)
    if game.per_player:
        assert shown["phases"] == {n: expected_phase_line(game, n, p) for n, p in prompt.phases.items()}, (game.id, deal.number)
    else:
        assert shown["contract"] == prompt.contract, (game.id, deal.number)
    if roles:
        cutter = prompt.cutter if prompt.cut is None else f"{prompt.cutter} (exactly {prompt.cut} takes 50 off)"
        expected = {"dealer": prompt.dealer, "first": prompt.first, "cutter": cutter}
        if shown["cutter"] is None:  # a per-player hand's prompt names the dealer and the first player only
            expected.pop("cutter")
        assert {k: shown[k] for k in expected} == expected, (game.id, deal.number)
    if reminders:
        assert reminder_kinds(shown["reminders"]) == prompt.reminders, (game.id, deal.number, shown["reminders"])


def board(client, url) -> tuple[dict[str, int], dict[str, str]]:
    """The scoreboard's totals and (per player) phase row, by name."""
    table = page(client, url).find(id="scoreboard")
    names = [words(th) for th in table.find("thead").find_all("th")[1:]]
    rows = table.find("tfoot").find_all("tr")
    totals = [int(words(td)) for td in rows[-1].find_all("td")]
    phases = [words(td) for td in rows[0].find_all("td")] if "phase-row" in rows[0].classes else []
    return dict(zip(names, totals, strict=True)), dict(zip(names, phases, strict=False))


def phase_word(phase: int) -> str:
    return "All made" if phase == 0 else f"Phase {phase}"


def http_replay(client, app, game: Game, *, until_tiebreak: bool = False, roles: bool = False, reminders: bool = False) -> str:
    """Play the game through the pages: each prompt read before its deal, each deal saved through the score form,
    the scoreboard read after each save or correction."""
    url = start(client, app, game)
    ruleset = ruleset_of(game)
    for event in game.events:
        if isinstance(event, Deal):
            if event.tiebreak and until_tiebreak:
                break
            if not event.tiebreak:
                check_prompt(game, event, shown_prompt(page(client, url)), roles=roles, reminders=reminders, ruleset=ruleset)
            elif roles:
                shown = shown_prompt(page(client, url))
                assert {k: shown[k] for k in ("dealer", "first")} == {"dealer": event.prompt.dealer, "first": event.prompt.first}
        save(client, url, game, event)
        totals, phases = board(client, url)
        assert totals == event.totals, (game.id, event)
        if game.per_player:
            assert phases == {n: phase_word(p) for n, p in event.phases.items()}, (game.id, event)
    return url


def final_order(client, url) -> list[str]:
    return [words(item) for item in page(client, url).find(cls="final-order").find_all("li")]


def check_tie(client, url, game: Game) -> None:
    doc = page(client, url)
    if game.ruleset == "custom" and ruleset_of(game).tiebreak.value == "replay_last_phase" or game.ruleset in ("phase10", "phase10-cards"):
        return  # the tie-break hand's sentence is read before it (test_..._up_to_the_tie)
    notes = [words(note) for note in doc.find_all(cls="tiebreak-note")]
    assert notes == ([game.tie] if game.tie else []), game.id


@pytest.mark.parametrize("game", [g for g in GAMES if g.id not in TIEBREAK_500], ids=ids([g for g in GAMES if g.id not in TIEBREAK_500]))
def test_the_pages_replay_the_whole_game(form_client, no_csrf_app, game: Game):
    """Every prompt (its roles and reminders too, where no finding awaits: those are the tests below), every save,
    the scoreboard after each, the final order and the tie."""
    url = http_replay(form_client, no_csrf_app, game, roles=True,
                      reminders=not game.per_player)  # fmt: skip
    assert final_order(form_client, url) == list(game.final)
    check_tie(form_client, url, game)
    if game.per_player:
        winner = game.final[0].split(" ")[1]
        assert words(page(form_client, url).find(cls="winner-named")) == f"{winner} wins: the lowest total of those who made every phase."


@pytest.mark.parametrize("game", [g for g in GAMES if g.id in TIEBREAK_500], ids=sorted(TIEBREAK_500, key=[g.id for g in GAMES].index))
def test_the_pages_replay_a_per_player_game_up_to_the_tie(form_client, no_csrf_app, game: Game):
    url = http_replay(form_client, no_csrf_app, game, until_tiebreak=True, roles=True)
    doc = page(form_client, url)
    prompt = doc.find(cls="phases-prompt")
    assert words(prompt.find(cls="deal-count")) == "Tie-break hand"
    assert words(prompt.find("h2")) == game.tie
    first_tiebreak = next(deal for deal in game.deals if deal.tiebreak)
    assert shown_prompt(doc)["phases"] == {n: expected_phase_line(game, n, p) for n, p in first_tiebreak.prompt.phases.items()}
    entry = page(form_client, f"{url}/deals/{first_tiebreak.number}")
    playing = {game.seats[int(row.attrs["data-position"])] for row in entry.find_all(cls="hand-row") if row.attrs.get("data-position")}
    assert playing == set(first_tiebreak.lines)  # only the tied players have a line




@pytest.mark.parametrize("game", [g for g in GAMES if g.id in TIEBREAK_500], ids=sorted(TIEBREAK_500, key=[g.id for g in GAMES].index))
def test_the_pages_replay_the_tiebreak_hand_and_name_the_winner(form_client, no_csrf_app, game: Game):
    """The whole game, every prompt's roles included (a second tie-break hand's dealer is the other tied player)."""
    url = http_replay(form_client, no_csrf_app, game, roles=True)
    assert final_order(form_client, url) == list(game.final)
    winner = game.final[0].split(" ")[1]
    assert words(page(form_client, url).find(cls="winner-named")) == f"{winner} wins: the lowest total of those who made every phase."


CCW = [game for game in GAMES if game.id in COUNTER_CLOCKWISE]


@pytest.mark.parametrize("game", CCW, ids=ids(CCW))
def test_every_prompt_names_the_dealer_cutter_and_first_player_rules_md_says(form_client, no_csrf_app, game: Game):
    """§8.7.13-14, in the games played counter-clockwise (the others' prompts are read in the replays above). The
    first tie-break hand's prompt is read before it is saved."""
    games = game
    if any(d.tiebreak for d in game.deals):
        first_tiebreak = next(d for d in game.deals if d.tiebreak)
        games = Game(**{**game.__dict__, "events": game.events[: game.events.index(first_tiebreak)]})
    url = http_replay(form_client, no_csrf_app, games, roles=True)
    if games is not game:
        shown = shown_prompt(page(form_client, url))
        assert {k: shown[k] for k in ("dealer", "first")} == {"dealer": first_tiebreak.prompt.dealer, "first": first_tiebreak.prompt.first}


NO_BUYING_GAMES = [game for game in GAMES if game.id in NO_BUYING]


@pytest.mark.parametrize("game", NO_BUYING_GAMES, ids=ids(NO_BUYING_GAMES))
def test_every_prompt_reminds_what_the_deal_calls_for(form_client, no_csrf_app, game: Game):
    """In the games with no buying (the others' reminders are read in the replays above)."""
    http_replay(form_client, no_csrf_app, game, reminders=True)


# --- replay 4: in Spanish, where the words are compared ------------------------------------------------------------

SPANISH = [game for game in GAMES if game.spanish]


@pytest.mark.parametrize("game", SPANISH, ids=ids(SPANISH))
def test_the_spanish_prompt_says_the_deal_in_the_tables_words(form_client, no_csrf_app, game: Game):
    url = start(form_client, no_csrf_app, game)
    for event in game.events:
        if isinstance(event, Deal) and event.number in game.spanish:
            doc = page(form_client, url, **{"Accept-Language": "es"})
            prompt = doc.find(cls="prompt")
            said = game.spanish[event.number]
            assert words(prompt.find(cls="deal-count")) == said["count"]
            if "contract" in said:
                assert words(prompt.find("h2")) == said["contract"]
            if "heading" in said:
                assert words(prompt.find("h2")) == said["heading"]
            assert said["dealt"] in [words(dd) for dd in prompt.find_all("dd")]
            for name in game.seats:
                if name in said:
                    assert words(prompt.find("li", **{"data-seat": str(game.seats.index(name))})) == f"{name} {said[name]}"
        save(form_client, url, game, event)
        if isinstance(event, Deal) and event.number >= max(game.spanish):
            break


def test_the_spanish_phase10_prompt_never_says_ronda(form_client, no_csrf_app):
    from whole_games import PHASE10

    url = start(form_client, no_csrf_app, PHASE10)
    for event in PHASE10.events[:3]:
        save(form_client, url, PHASE10, event)
    prompt = page(form_client, url, **{"Accept-Language": "es"}).find(cls="prompt")
    assert "ronda" not in words(prompt).lower()


def test_the_spanish_carioca_prompt_has_no_may_i_line(form_client, no_csrf_app):
    from whole_games import CARIOCA

    url = start(form_client, no_csrf_app, CARIOCA)
    prompt = page(form_client, url, **{"Accept-Language": "es"}).find(cls="prompt")
    assert "¿Me la das?" not in words(prompt)
