"""The JSON API, exactly as ``shared/API.md``: rulesets, go-down checks, scores, the solver.

Views only parse, call the engine and shape the answer. Anything malformed
answers 400 with one sentence in ``{"error": ...}``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from ..rules import (
    RULESETS,
    CardSyntaxError,
    Ruleset,
    RulesError,
    check_go_down,
    find_ruleset,
    parse_cards,
    score_hand,
)
from ..rules.solver import solve
from .openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(ValueError):
    """A request body the API cannot use; the message is the sentence sent back."""


@bp.errorhandler(BadRequest)
@bp.errorhandler(RulesError)
@bp.errorhandler(CardSyntaxError)
def _bad_request(error: ValueError) -> tuple[Response, int]:
    return jsonify(error=str(error)), 400


@bp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> tuple[Response, int]:
    return jsonify(error=error.description or error.name), error.code or 500


# -- reading the body ------------------------------------------------------


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if data is None:
        raise BadRequest("The body must be JSON (Content-Type: application/json).")
    if not isinstance(data, dict):
        raise BadRequest("The body must be a JSON object.")
    return data


def _ruleset(data: dict[str, Any]) -> Ruleset:
    ruleset_id = data.get("ruleset", "contract")
    if not isinstance(ruleset_id, str):
        raise BadRequest("'ruleset' must be a ruleset id, such as \"contract\".")
    return find_ruleset(ruleset_id)


def _whole_number(data: dict[str, Any], name: str, *, required: bool) -> int | None:
    value = data.get(name)
    if value is None:
        if required:
            raise BadRequest(f"'{name}' is missing: it must be a whole number.")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'{name}' must be a whole number, not {value!r}.")
    return value


def _card_list(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(token, str) for token in value):
        raise BadRequest(f"'{name}' must be a list of cards written as text, such as [\"10H\", \"QS\", \"JK\"].")
    return value


def _cards(data: dict[str, Any], name: str, *, required: bool = True):
    if name not in data or data[name] is None:
        if required:
            raise BadRequest(f"'{name}' is missing: it must be a list of cards, such as [\"10H\", \"QS\", \"JK\"].")
        return None
    return parse_cards(_card_list(data[name], name))


def _players(data: dict[str, Any], ruleset: Ruleset) -> int | None:
    players = _whole_number(data, "players", required=False)
    if players is not None:
        ruleset.table(players)  # raises PlayersOutOfRangeError with the range
    return players


# -- endpoints ---------------------------------------------------------------


@bp.get("/rulesets")
def list_rulesets() -> Response:
    return jsonify(rulesets=[{"id": ruleset.id, "name": ruleset.name} for ruleset in RULESETS.values()])


@bp.get("/rulesets/<ruleset_id>")
def show_ruleset(ruleset_id: str) -> Response:
    ruleset = find_ruleset(ruleset_id)
    players_text = request.args.get("players")
    players = None
    if players_text is not None:
        try:
            players = int(players_text)
        except ValueError:
            raise BadRequest(f"'players' must be a whole number, not {players_text!r}.") from None
    return jsonify(ruleset_json(ruleset, players))


def ruleset_json(ruleset: Ruleset, players: int | None) -> dict[str, Any]:
    """A ruleset in the API's shape; ``decks`` and ``jokers`` only for a table size."""
    data: dict[str, Any] = {
        "id": ruleset.id,
        "name": ruleset.name,
        "players": {"min": ruleset.min_players, "max": ruleset.max_players},
    }
    if players is not None:
        table = ruleset.table(players)
        data["decks"] = table.packs
        data["jokers"] = table.jokers
    data["deals"] = [
        {
            "number": deal.number,
            "contract": deal.contract,
            "cards_dealt": deal.cards_dealt,
            "requirements": [{"kind": r.kind.value, "length": r.length} for r in deal.requirements],
            "discard_to_go_out": deal.discard_to_go_out,
            "meld_all": deal.meld_all,
        }
        for deal in ruleset.deals
    ]
    data["card_points"] = ruleset.points.as_dict()
    data["wilds"] = ["JK", "2"] if ruleset.deuces_wild else ["JK"]
    return data


@bp.post("/melds/check")
def check_melds() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    deal = _whole_number(data, "deal", required=True)
    melds_value = data.get("melds")
    if melds_value is None:
        raise BadRequest("'melds' is missing: it must be a list of melds, each a list of cards.")
    if not isinstance(melds_value, list):
        raise BadRequest("'melds' must be a list of melds, each a list of cards, such as [[\"7H\", \"7S\", \"7D\"]].")
    melds = [parse_cards(_card_list(meld, "each meld")) for meld in melds_value]
    remaining = _cards(data, "remaining", required=False)
    players = _players(data, ruleset)
    ruling = check_go_down(ruleset, deal, melds, remaining, players)  # type: ignore[arg-type]
    return jsonify(ruling.to_json())


@bp.post("/score")
def score() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    cards = _cards(data, "cards")
    return jsonify(score_hand(ruleset, cards).to_json())


@bp.post("/solve")
def solve_hand() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    deal = _whole_number(data, "deal", required=True)
    hand = _cards(data, "hand")
    players = _players(data, ruleset)
    solution = solve(ruleset, deal, hand, players)  # type: ignore[arg-type]
    if solution is None:
        return jsonify(can_meet_contract=False, melds=None, remaining=None)
    return jsonify(
        can_meet_contract=True,
        melds=[[str(card) for card in meld] for meld in solution.melds],
        remaining=[str(card) for card in solution.remaining],
        points=solution.points,
    )


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
