"""The JSON API, exactly as ``shared/API.md``: rulesets, go-down checks, scores, the solver.

Views only parse, call the engine and shape the answer. Anything malformed
answers 400 with one sentence in ``{"error": ...}``; every other error under
``/api/`` (an unknown path, a wrong method) is JSON too, never an HTML page.

Every sentence is said in the language the request's ``Accept-Language``
asks for (:func:`companion.i18n.select_locale`; English, as API.md writes
it, when it asks for none): this module's through Flask-Babel's gettext, the
engine's through :mod:`companion.rules.speech`. Fields, kinds, ids, numbers
and card notation are never translated: a sentence quotes them as sent.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from flask import Blueprint, Response, current_app, request
from flask_babel import gettext as _
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge
from werkzeug.routing import BaseConverter

from .. import registry
from ..rules import (
    Card,
    CardSyntaxError,
    Deal,
    Deck,
    Progression,
    Ruleset,
    RulesError,
    RulesetDefinitionError,
    Skips,
    check_go_down,
    ruleset_from_definition,
    ruleset_to_definition,
    score_hand,
)
from ..rules.cards import CardNotationError
from ..rules.definition import requirements_json, wild_cards
from ..rules.godown import MAX_MELD_CARDS, MAX_MELDS
from ..rules.solver import solve
from ..rules.words import json_kind, or_list, sentence
from .openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api")


class _AnyTextConverter(BaseConverter):
    """Any non-empty text, slashes and line breaks too, so that every unknown ruleset id answers 400, not 404."""

    regex = r"(?!check\Z)[\s\S]+"
    part_isolating = False


def _register_converter(state: BlueprintSetupState) -> None:
    state.app.url_map.converters.setdefault("api_any_text", _AnyTextConverter)


# Registered before the routes below, which use it.
bp.record_once(_register_converter)

_CARD_EXAMPLE = '["10H", "QS", "JK"]'
_PHASE10_CARD_EXAMPLE = '["7R", "12G", "W"]'
_MELDS_EXAMPLE = '[["7H", "7S", "7D"], ["KC", "KD", "JK"]]'
_MISSING = object()


class BadRequest(ValueError):
    """A request the API cannot use; the message is the sentence sent back."""


# -- answering ---------------------------------------------------------------


API_MAX_BODY = 1024 * 1024
"""The largest body taken: sensible requests are a few kilobytes; a ruleset object of many deals is more."""
MAX_CARDS = 500
"""Cards in one list (or in all of a request's melds): more than the largest table's packs."""


def _reply(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """JSON in the order the API documents its fields (``jsonify`` would sort the keys)."""
    body = current_app.json.dumps(payload, sort_keys=False)
    return current_app.response_class(body + "\n", status=status, headers=headers, mimetype="application/json")


def _error(message: str, status: int = 400, headers: dict[str, str] | None = None) -> Response:
    return _reply({"error": message}, status, headers)


def _http_error_reply(error: HTTPException) -> Response:
    status = error.code or 500
    allow = None
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        allow = {"Allow": ", ".join(error.valid_methods)}
    if status == 404:
        message = _("There is no API endpoint at %(path)s; see /api/openapi.json for the endpoints.", path=request.path)
    elif isinstance(error, MethodNotAllowed):
        methods = sorted(set(error.valid_methods or ()) - {"HEAD", "OPTIONS"})
        allowed = or_list(methods) if methods else _("another method")
        message = _("%(method)s is not allowed on %(path)s; use %(allowed)s.", method=request.method, path=request.path,
                    allowed=allowed)  # fmt: skip
    elif isinstance(error, RequestEntityTooLarge):  # malformed for this API: a 400, as API.md says
        status = 400
        message = _("The body is over %(size)s KB: no request to this API needs that much.", size=API_MAX_BODY // 1024)
    else:
        message = error.description or error.name
    return _error(message, status, allow)


@bp.errorhandler(BadRequest)
@bp.errorhandler(RulesError)
@bp.errorhandler(CardSyntaxError)
def _bad_request(error: ValueError) -> Response:
    return _error(str(error))


@bp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> Response:
    return _http_error_reply(error)


@bp.errorhandler(Exception)
def _server_error(error: Exception) -> Response:
    """A bug, not the caller's fault: still JSON, never the HTML error page (tests and debugging see the traceback)."""
    propagate = current_app.config.get("PROPAGATE_EXCEPTIONS")
    if propagate or (propagate is None and (current_app.testing or current_app.debug)):
        raise error
    current_app.logger.exception("Unexpected error in %s %s", request.method, request.path)
    return _error(_("Something went wrong on our side; the request was not handled."), 500)


@bp.before_request
def _body_limit() -> None:
    """The API's own limit on a body (the app's is for forms): generous for JSON, still far from a stall."""
    request.max_content_length = API_MAX_BODY


@bp.before_app_request
def _api_routing_errors() -> Response | None:
    """An unknown ``/api/...`` path or a wrong method answers JSON.

    Routing fails before any blueprint is chosen, so the blueprint's error
    handlers never see it; this hook answers for the API's URL space only and
    leaves every other page's 404 to the app.
    """
    error = request.routing_exception
    if not isinstance(error, HTTPException) or (error.code or 0) < 400:
        return None  # routed, or a redirect
    prefix = bp.url_prefix or "/api"
    if request.path != prefix and not request.path.startswith(prefix + "/"):
        return None
    return _http_error_reply(error)


# -- reading the request -----------------------------------------------------


def _shown(value: Any) -> str:
    """A value as the client wrote it in JSON, shortened for a sentence."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _body() -> dict[str, Any]:
    if not request.is_json:
        raise BadRequest(_("The body must be JSON, sent with Content-Type: application/json."))
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise BadRequest(_("The body is empty: it must be a JSON object."))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadRequest(_("The body is not valid JSON: it must be a JSON object.")) from None
    if not isinstance(data, dict):
        raise BadRequest(_("The body must be a JSON object, not %(kind)s.", kind=json_kind(data)))
    return data



def _ruleset(data: dict[str, Any]) -> Ruleset:
    """The request's ruleset: a built-in id or a ruleset object (API.md), with its house ``options`` applied."""
    given = data.get("ruleset", registry.DEFAULT_ID)
    if isinstance(given, dict):
        ruleset = _custom_ruleset(given)
        chosen = _with_options(ruleset, data.get("options"))
        if chosen is not ruleset:
            # A house option may take away cards a custom deal needs (no jokers): check the result as a whole.
            try:
                ruleset_from_definition(ruleset_to_definition(chosen))
            except RulesetDefinitionError as error:
                raise BadRequest(_("With the house options in 'options', %(refusal)s", refusal=str(error))) from None
        return chosen
    elif isinstance(given, str):
        ruleset = registry.builtin(given)
    else:
        raise BadRequest(
            _("'ruleset' must be a ruleset id such as \"contract\" or a ruleset object, not %(value)s.", value=_shown(given))
        )
    return _with_options(ruleset, data.get("options"))


def _custom_ruleset(definition: dict[str, Any]) -> Ruleset:
    try:
        return ruleset_from_definition(definition)
    except RulesetDefinitionError as error:
        raise BadRequest(_("In 'ruleset', %(refusal)s", refusal=str(error))) from None


def _with_options(ruleset: Ruleset, keys: Any) -> Ruleset:
    """The ruleset with the house options chosen, applied exactly as a new game applies them."""
    if keys is None:
        return ruleset
    offered = [option.key for option in ruleset.options]
    listed = ", ".join(json.dumps(key) for key in offered)
    if not isinstance(keys, list):
        if offered:
            raise BadRequest(_("'options' must be a list of house option keys (it offers %(keys)s), not %(value)s.",
                               keys=listed, value=_shown(keys)))  # fmt: skip
        raise BadRequest(_("'options' must be a list of house option keys (it offers none), not %(value)s.",
                           value=_shown(keys)))  # fmt: skip
    for key in keys:
        if not isinstance(key, str) or key not in offered:
            if offered:
                raise BadRequest(_("%(ruleset)s has no house option %(key)s in 'options'; it offers %(keys)s.",
                                   ruleset=ruleset.name, key=_shown(key), keys=listed))  # fmt: skip
            raise BadRequest(_("%(ruleset)s has no house option %(key)s in 'options'; it offers none.",
                               ruleset=ruleset.name, key=_shown(key)))  # fmt: skip
    return ruleset.with_options(*keys)


def _whole_number(data: dict[str, Any], name: str, *, required: bool, example: int) -> int | None:
    """A whole-number field; an optional one may be left out or null."""
    value = data.get(name, _MISSING)
    if value is _MISSING or (value is None and not required):
        if required:
            raise BadRequest(_("'%(name)s' is missing: it must be a whole number, such as %(example)s.", name=name,
                               example=example))  # fmt: skip
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(_not_whole(name, example, value))
    return value


def _not_whole(name: str, example: int, value: Any) -> str:
    """The sentence for a field (or query parameter) ``name`` that is not a whole number."""
    return _("'%(name)s' must be a whole number, such as %(example)s, not %(value)s.", name=name, example=example,
             value=_shown(value))  # fmt: skip


def _card_list(value: Any, where: str, deck: Deck, field: str | None = None) -> tuple[Card, ...]:
    """Cards from a list of tokens in ``deck``'s notation; ``where`` names the list in a sentence, and ``field``
    (if other than ``where``) the request's field in the sentence about a card of the other deck's notation
    ("In 'melds', 7R is a Phase 10 card; ...", as API.md writes it for 'cards': the card names itself)."""
    if not isinstance(value, list):
        raise BadRequest(sentence(_("%(where)s must be a list of cards written as text, such as %(example)s, not %(value)s.",
                                    where=where, example=_CARD_EXAMPLE, value=_shown(value))))  # fmt: skip
    if len(value) > MAX_CARDS:
        raise BadRequest(sentence(_("%(where)s holds %(count)s cards: no table holds more than %(most)s.", where=where,
                                    count=len(value), most=MAX_CARDS)))  # fmt: skip
    cards = []
    for position, token in enumerate(value, start=1):
        if not isinstance(token, str):
            raise BadRequest(sentence(_("%(where)s must hold cards written as text, such as %(example)s; item %(position)s is %(value)s.",
                                        where=where, example=_CARD_EXAMPLE, position=position, value=_shown(token))))  # fmt: skip
        try:
            cards.append(Card.parse(token, deck))
        except CardNotationError as error:  # the engine's sentence has its full stop
            raise BadRequest(_("In %(where)s, %(refusal)s", where=field or where, refusal=str(error))) from None
        except CardSyntaxError as error:
            raise BadRequest(_("In %(where)s, %(refusal)s", where=where, refusal=str(error))) from None
    return tuple(cards)


def _cards(data: dict[str, Any], name: str, deck: Deck, *, required: bool) -> tuple[Card, ...] | None:
    """A list-of-cards field in ``deck``'s notation; an optional one may be left out or null."""
    value = data.get(name, _MISSING)
    if value is _MISSING or (value is None and not required):
        if required:
            raise BadRequest(_("'%(name)s' is missing: it must be a list of cards, such as %(example)s.", name=name,
                               example=_card_example(deck)))  # fmt: skip
        return None
    return _card_list(value, f"'{name}'", deck)


def _card_example(deck: Deck) -> str:
    """A list of cards in ``deck``'s notation, for a sentence."""
    return _PHASE10_CARD_EXAMPLE if deck is Deck.PHASE10 else _CARD_EXAMPLE


def _melds(data: dict[str, Any], deck: Deck) -> list[tuple[Card, ...]]:
    value = data.get("melds", _MISSING)
    if value is _MISSING:
        raise BadRequest(_("'melds' is missing: it must be a list of melds, each a list of cards, such as %(example)s.",
                           example=_MELDS_EXAMPLE))  # fmt: skip
    if not isinstance(value, list):
        raise BadRequest(_("'melds' must be a list of melds, each a list of cards, such as %(example)s, not %(value)s.",
                           example=_MELDS_EXAMPLE, value=_shown(value)))  # fmt: skip
    _check_melds_size(value)
    return [
        _card_list(meld, _("meld %(number)s of 'melds'", number=number), deck, "'melds'")
        for number, meld in enumerate(value, start=1)
    ]


def _check_melds_size(melds: list[Any]) -> None:
    """Refuse, before any card is read, more melds, or more cards in one meld or in all, than a table holds."""
    if len(melds) > MAX_MELDS:
        raise BadRequest(_("'melds' holds %(count)s melds: a go-down has at most %(most)s.", count=len(melds),
                           most=MAX_MELDS))  # fmt: skip
    for number, meld in enumerate(melds, start=1):
        if isinstance(meld, list) and len(meld) > MAX_MELD_CARDS:
            raise BadRequest(_("Meld %(number)s of 'melds' holds %(count)s cards: a meld holds at most %(most)s.",
                               number=number, count=len(meld), most=MAX_MELD_CARDS))  # fmt: skip
    if sum(len(meld) for meld in melds if isinstance(meld, list)) > MAX_CARDS:
        raise BadRequest(_("'melds' hold more than %(most)s cards: no table holds that many.", most=MAX_CARDS))


def _deal(data: dict[str, Any], ruleset: Ruleset) -> int:
    """The deal's number; in a per-player ruleset the phase's, which ``phase`` may give as well (API.md).

    In a fixed ruleset ``phase`` is not read, like any field the endpoint does not know.
    """
    if ruleset.progression is Progression.FIXED or "phase" not in data:
        return _whole_number(data, "deal", required=True, example=1)  # type: ignore[return-value]
    phase = _whole_number(data, "phase", required=True, example=1)
    if "deal" not in data:
        return phase  # type: ignore[return-value]
    deal = _whole_number(data, "deal", required=True, example=1)
    if deal != phase:
        raise BadRequest(_("'deal' is %(deal)s and 'phase' is %(phase)s: send one of them.", deal=deal, phase=phase))
    return deal  # type: ignore[return-value]


def _players(data: dict[str, Any], ruleset: Ruleset) -> int | None:
    players = _whole_number(data, "players", required=False, example=4)
    if players is not None:
        ruleset.table(players)  # raises PlayersOutOfRangeError with the range
    return players


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def _players_query() -> int | None:
    text = request.args.get("players")
    if text is None:
        return None
    if _WHOLE_NUMBER.fullmatch(text):
        try:
            return int(text)
        except ValueError:  # more digits than Python converts
            pass
    raise BadRequest(_not_whole("players", 4, text))


def _options_query() -> list[str] | None:
    """``?options=full-suit,joker-50``: house option keys, comma-separated (API.md "Settled points")."""
    text = request.args.get("options")
    if text is None:
        return None
    return [key.strip() for key in text.split(",") if key.strip()]


# -- endpoints ---------------------------------------------------------------


@bp.get("/rulesets")
def list_rulesets() -> Response:
    return _reply({"rulesets": [{"id": ruleset.id, "name": ruleset.name} for ruleset in registry.published()]})


@bp.post("/rulesets/check")
def check_ruleset() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    players = _whole_number(data, "players", required=False, example=4)
    return _reply(ruleset_json(ruleset, players))


@bp.get("/rulesets/<api_any_text:ruleset_id>")
def show_ruleset(ruleset_id: str) -> Response:
    ruleset = registry.builtin(ruleset_id)
    return _reply(ruleset_json(_with_options(ruleset, _options_query()), _players_query()))


def ruleset_json(ruleset: Ruleset, players: int | None) -> dict[str, Any]:
    """A ruleset in the API's shape; ``decks`` and ``jokers`` only for a table size.

    ``definition`` is the complete ruleset object (API.md "Custom rulesets"):
    sent back as ``ruleset``, it gives the same answers as this ruleset.
    """
    data: dict[str, Any] = {
        "id": ruleset.id,
        "name": ruleset.name,
        "players": {"min": ruleset.min_players, "max": ruleset.max_players},
        "deck": ruleset.deck.value,
        "progression": ruleset.progression.value,
    }
    if players is not None:
        table = ruleset.table(players)  # raises PlayersOutOfRangeError with the range
        data["decks"] = table.packs
        data["jokers"] = table.jokers
    data["deals"] = [_deal_json(deal) for deal in ruleset.deals]
    if ruleset.progression is not Progression.FIXED:
        data["phases"] = copy.deepcopy(data["deals"])  # API.md: per-player rulesets only, a copy of "deals"
    data["card_points"] = ruleset.points.as_dict()
    data["wilds"] = wild_cards(ruleset)
    data["skips"] = [] if ruleset.skips is Skips.NONE else [ruleset.skips.value]
    data["options"] = [{"key": option.key, "label": option.label} for option in ruleset.options]
    data["definition"] = ruleset_to_definition(ruleset)
    return data


def _deal_json(deal: Deal) -> dict[str, Any]:
    """One deal in the API's shape; ``max_wilds`` only where the deal has its own limit, ``alternatives`` only
    where other contracts also meet it (API.md "The wider family")."""
    data: dict[str, Any] = {
        "number": deal.number,
        "contract": deal.contract,
        "cards_dealt": deal.cards_dealt,
        "requirements": requirements_json(deal.requirements),
        "discard_to_go_out": deal.discard_to_go_out,
        "meld_all": deal.meld_all,
    }
    if deal.own_max_wilds:
        data["max_wilds"] = deal.max_wilds
    if deal.alternatives:
        data["alternatives"] = [requirements_json(contract) for contract in deal.alternatives]
    return data


@bp.post("/melds/check")
def check_melds() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    deal = _deal(data, ruleset)
    melds = _melds(data, ruleset.deck)
    remaining = _cards(data, "remaining", ruleset.deck, required=False)
    players = _players(data, ruleset)
    ruling = check_go_down(ruleset, deal, melds, remaining, players)  # type: ignore[arg-type]
    return _reply(ruling.to_json())


@bp.post("/score")
def score() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    cards = _cards(data, "cards", ruleset.deck, required=True)
    return _reply(score_hand(ruleset, cards).to_json())  # type: ignore[arg-type]


@bp.post("/solve")
def solve_hand() -> Response:
    data = _body()
    ruleset = _ruleset(data)
    deal = _deal(data, ruleset)
    hand = _cards(data, "hand", ruleset.deck, required=True)
    players = _players(data, ruleset)
    solution = solve(ruleset, deal, hand, players)  # type: ignore[arg-type]
    if solution is None:
        return _reply({"can_meet_contract": False, "melds": None, "remaining": None})
    return _reply(
        {
            "can_meet_contract": True,
            "melds": [[str(card) for card in meld] for meld in solution.melds],
            "remaining": [str(card) for card in solution.remaining],
            "points": solution.points,
        }
    )


@bp.get("/openapi.json")
def openapi() -> Response:
    return _reply(openapi_document())
