"""The OpenAPI 3 description of the JSON API, served at ``/api/openapi.json``.

It says what ``shared/API.md`` says: request fields and their types, the
answers' shapes (cards in canonical form), and the 400 answer for anything
malformed. What JSON Schema cannot say (deal numbers and table sizes differ
by ruleset) is given as the widest range over all rulesets, in words.
"""

from __future__ import annotations

import copy
from typing import Any

from .. import registry
from ..rules import JokerReclaim, LayOffTiming
from ..rules.definition import BUY_WORDS, DEFINITION_FIELDS, HOUSE_OPTIONS, REQUIRED_FIELDS, SET_WORDS
from ..rules.godown import MAX_MELD_CARDS, MAX_MELDS
from ..rules.solver import MAX_HAND
from ..rules.rulesets import POINT_KEYS

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# Every spelling Card.parse accepts: rank and suit (any case), or a joker; surrounding spaces ignored.
CARD_PATTERN = r"^\s*(?:(?:10|[2-9TtJjQqKkAa])[SsHhDdCc♠♥♦♣♤♡♢♧]|[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]|\*)\s*$"
# How answers write a card.
CANONICAL_CARD_PATTERN = r"^(?:(?:10|[2-9AJQK])[SHDC]|JK)$"

_CARD = {
    "type": "string",
    "pattern": CARD_PATTERN,
    "description": "A card: a rank (A, 2-10 or T, J, Q, K) and a suit (S H D C, ♠ ♥ ♦ ♣ or ♤ ♡ ♢ ♧), or a joker "
    "(JK, JOKER, *). Any case; surrounding spaces are ignored.",
    "example": "10H",
}
_CARDS = {"type": "array", "items": _CARD}
_CANONICAL_CARD = {
    "type": "string",
    "pattern": CANONICAL_CARD_PATTERN,
    "description": "A card in canonical form: 10H, QS, JK (a wild deuce is still 2S).",
    "example": "10H",
}
_CANONICAL_CARDS = {"type": "array", "items": _CANONICAL_CARD}
_RANK = {"type": "string", "enum": _RANKS}

_ERROR = {
    "description": "Malformed input (an unknown card, ruleset, deal or table size, a missing field or one of the "
    "wrong type, a body that is not a JSON object): one sentence saying what is wrong.",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["error"],
                "properties": {"error": {"type": "string"}},
            }
        }
    },
}
_RULESET_ID = {
    "type": "string",
    "enum": [ruleset.id for ruleset in registry.builtins()],
    "default": "contract",
    "description": "A ruleset id from /api/rulesets; left out, Contract Rummy.",
}

def _whole(low: int, high: int | None = None, description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    if description:
        schema["description"] = description
    return schema


def _enum(*values: str, description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "enum": list(values)}
    if description:
        schema["description"] = description
    return schema


_BUYS = {
    "type": "object",
    "additionalProperties": False,
    "description": "May I (buy) limit per player per deal (null: no limit) and the stock cards taken with each; "
    "no_successive: one player may not take two discards in a row.",
    "properties": {
        "per_deal": {"type": "integer", "minimum": 0, "nullable": True},
        "extra_cards": _whole(0, 3),
        "no_successive": {"type": "boolean"},
    },
}
_REQUIREMENT = {
    "type": "object",
    "additionalProperties": False,
    "required": ["kind", "length"],
    "description": "One meld of the contract: a set is 3 to 8 cards long, a run 3 to 14, a pair 2.",
    "properties": {"kind": _enum("set", "run", "pair"), "length": _whole(2, 14)},
}
_DEAL_DEFINITION = {
    "type": "object",
    "additionalProperties": False,
    "required": ["cards_dealt", "requirements"],
    "properties": {
        "cards_dealt": _whole(5, 20),
        "requirements": {"type": "array", "minItems": 1, "maxItems": 6, "items": _REQUIREMENT},
        "going_out": _enum("discard", "no_discard", "either", description='Default "discard" ("no_discard" in a meld_all deal).'),
        "meld_all": {"type": "boolean", "description": "Going down uses every card; default false."},
        "buys": _BUYS,
    },
}
#: A ruleset object (API.md "Custom rulesets"). Deliberately no more exact than the checks: what a schema
#: cannot say (the table covering the players once, a deal fitting in the cards, every field needed without
#: a base, names counted after trimming spaces) answers 400 with a sentence.
RULESET_OBJECT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": "A family's own ruleset. With base, every field left out is the base's (card_points and buys: "
    "every key left out); without base, name, players, table, wilds, deals, exact, aces, max_wilds, repeat_rank, "
    "dup_suits, same_suit_runs, card_points, buys, exact_cut_bonus and one_turn_out_bonus are needed. "
    "A value out of range, an unknown field or a deal that can't be dealt answers 400 naming the field and the deal.",
    "properties": {
        "base": {"type": "string", "enum": [ruleset.id for ruleset in registry.builtins()], "description": "A built-in ruleset to start from."},
        "name": {"type": "string", "description": "1 to 60 characters, no control characters."},
        "summary": {"type": "string", "description": "Up to 300 characters."},
        "players": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"min": _whole(2, 8), "max": _whole(2, 8)},
        },
        "table": {
            "type": "array",
            "minItems": 1,
            "maxItems": 7,
            "description": "Packs and jokers by table size; the ranges cover players exactly once.",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": _whole(2, 8)},
                    "decks": _whole(1, 6),
                    "jokers": _whole(0, 12),
                },
            },
        },
        "wilds": _enum("JK", "JK+2"),
        "deals": {"type": "array", "minItems": 1, "maxItems": 20, "items": _DEAL_DEFINITION},
        "exact": {"type": "boolean", "description": "Going down uses exactly each length (never in a meld_all deal)."},
        "aces": _enum("low_or_high", "high_only"),
        "max_wilds": {"type": "integer", "minimum": 0, "nullable": True, "description": "Null: no limit (nor does a number above 14, the longest meld)."},
        "repeat_rank": {"type": "boolean"},
        "dup_suits": {"type": "boolean"},
        "same_suit_runs": _enum("any", "no_contiguous", "one_per_suit"),
        "card_points": {
            "type": "object",
            "additionalProperties": False,
            "properties": {key: _whole(0, 100) for key in POINT_KEYS},
        },
        "buys": _BUYS,
        "exact_cut_bonus": _whole(0, 200),
        "one_turn_out_bonus": _whole(0, 200),
        "set_word": _enum(*SET_WORDS, description='What the table calls a set; default "set".'),
        "buy_word": _enum(*BUY_WORDS, description='"May I" (default) or "buy".'),
        "lay_off": _enum(*(t.value for t in LayOffTiming), description='Earliest lay-off after going down; default "later_turn".'),
        "reclaim": _enum(*(r.value for r in JokerReclaim), description='Which melded jokers may be taken back; default "runs".'),
        "shanghai_call": {"type": "boolean"},
        "table_max_wilds": {
            "type": "boolean",
            "description": "Whether max_wilds also limits a meld on the table (Shanghai, RULES.md §6.2); default false.",
        },
        "settlement": {
            "type": "object",
            "nullable": True,
            "additionalProperties": False,
            "properties": {"step": _whole(1, 100), "winner_takes_kitty": {"type": "boolean"}},
        },
        "options": {"type": "array", "items": _enum(*HOUSE_OPTIONS), "description": "House options offered."},
    },
}
# Either a base, or every field: `{}` was described as a ruleset object and always answered 400.
RULESET_OBJECT["anyOf"] = [
    {"required": ["base"]},
    {"required": [name for name in DEFINITION_FIELDS if name in REQUIRED_FIELDS]},
]
# A field added to ruleset objects before it is described here is still allowed, in words only.
for _name in DEFINITION_FIELDS:
    RULESET_OBJECT["properties"].setdefault(_name, {"description": "A ruleset parameter (RULES.md §2)."})

_RULESET_FIELD = {
    "oneOf": [_RULESET_ID, RULESET_OBJECT],
    "description": "A ruleset id from /api/rulesets (left out: Contract Rummy), or a ruleset object.",
}
_OPTIONS = {
    "type": "array",
    "nullable": True,
    "items": {"type": "string"},
    "description": "House options the ruleset offers, by key (GET /api/rulesets/{id} lists them); "
    "one it does not offer answers 400.",
}
_DEAL = {
    "type": "integer",
    "minimum": 1,
    "maximum": max(len(ruleset.deals) for ruleset in registry.builtins()),
    "description": "The deal number, from 1; a number outside the ruleset's schedule answers 400.",
}
_PLAYER_RANGE = {
    "minimum": min(ruleset.min_players for ruleset in registry.builtins()),
    "maximum": max(ruleset.max_players for ruleset in registry.builtins()),
}
_PLAYERS = {
    "type": "integer",
    **_PLAYER_RANGE,
    "nullable": True,
    "description": "The table size for the supply check; outside the ruleset's range answers 400. "
    "Left out (or null): the largest table the ruleset allows.",
}


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _ok(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_MELD_READING = {
    "type": "object",
    "description": "How a meld was read: rank for a set or pair; suit, low and high for a run; "
    "wilds maps a wild card's index in cards to the card it stands for, where that is fixed.",
    "required": ["kind", "cards"],
    "properties": {
        "kind": {"type": "string", "enum": ["set", "run", "pair"]},
        "cards": _CANONICAL_CARDS,
        "rank": _RANK,
        "suit": {"type": "string", "enum": ["S", "H", "D", "C"]},
        "low": _RANK,
        "high": _RANK,
        "wilds": {"type": "object", "additionalProperties": _CANONICAL_CARD},
    },
}

_RULESET = {
    "type": "object",
    "required": ["id", "name", "players", "deals", "card_points"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "players": {
            "type": "object",
            "required": ["min", "max"],
            "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
        },
        "decks": {"type": "integer", "description": "Standard 52-card packs for the players asked about."},
        "jokers": {"type": "integer", "description": "Jokers for the players asked about."},
        "deals": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "contract", "cards_dealt", "requirements", "discard_to_go_out"],
                "properties": {
                    "number": {"type": "integer"},
                    "contract": {"type": "string"},
                    "cards_dealt": {"type": "integer"},
                    "requirements": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["kind", "length"],
                            "properties": {
                                "kind": {"type": "string", "enum": ["set", "run", "pair"]},
                                "length": {"type": "integer"},
                            },
                        },
                    },
                    "discard_to_go_out": {"type": "boolean"},
                    "meld_all": {"type": "boolean"},
                },
            },
        },
        "card_points": {
            "type": "object",
            "required": list(POINT_KEYS),
            "properties": {key: {"type": "integer"} for key in POINT_KEYS},
            "additionalProperties": False,
        },
        "wilds": {"type": "array", "items": {"type": "string"}},
        "options": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["key", "label"],
                "properties": {"key": {"type": "string"}, "label": {"type": "string"}},
            },
        },
        "definition": {**RULESET_OBJECT, "description": "The complete ruleset object, without base: "
                       "sent back as ruleset, it gives the same answers."},
    },
}

_RULESETS = {
    "type": "object",
    "required": ["rulesets"],
    "properties": {
        "rulesets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
            },
        }
    },
}

_CHECK_REQUEST = {
    "type": "object",
    "required": ["deal", "melds"],
    "properties": {
        "ruleset": _RULESET_FIELD,
        "options": _OPTIONS,
        "deal": _DEAL,
        "melds": {
            "type": "array",
            "maxItems": MAX_MELDS,
            "items": {**_CARDS, "maxItems": MAX_MELD_CARDS},
            "description": f"At most {MAX_MELDS} melds of at most {MAX_MELD_CARDS} cards each.",
        },
        "remaining": {
            **_CARDS,
            "nullable": True,
            "description": "The cards left in hand; left out (or null), none.",
        },
        "players": _PLAYERS,
    },
}
_CHECK_ANSWER = {
    "type": "object",
    "required": ["legal", "problems", "melds"],
    "properties": {
        "legal": {"type": "boolean"},
        "problems": {"type": "array", "items": {"type": "string"}},
        "melds": {"type": "array", "items": _MELD_READING},
    },
}

_SCORE_REQUEST = {
    "type": "object",
    "required": ["cards"],
    "properties": {"ruleset": _RULESET_FIELD, "options": _OPTIONS, "cards": _CARDS},
}
_SCORE_ANSWER = {
    "type": "object",
    "required": ["points", "cards"],
    "properties": {
        "points": {"type": "integer"},
        "cards": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["card", "points"],
                "properties": {"card": _CANONICAL_CARD, "points": {"type": "integer"}},
            },
        },
    },
}

_RULESET_CHECK_REQUEST = {
    "type": "object",
    "properties": {"ruleset": _RULESET_FIELD, "options": _OPTIONS, "players": _PLAYERS},
}

_SOLVE_REQUEST = {
    "type": "object",
    "required": ["deal", "hand"],
    "properties": {
        "ruleset": _RULESET_FIELD,
        "options": _OPTIONS,
        "deal": _DEAL,
        "hand": {**_CARDS, "maxItems": MAX_HAND, "description": f"The hand: at most {MAX_HAND} cards."},
        "players": _PLAYERS,
    },
}
_SOLVE_ANSWER = {
    "type": "object",
    "required": ["can_meet_contract", "melds", "remaining"],
    "properties": {
        "can_meet_contract": {"type": "boolean"},
        "melds": {
            "type": "array",
            "items": _CANONICAL_CARDS,
            "nullable": True,
            "description": "A legal go-down from the hand's cards; null when the contract can't be met.",
        },
        "remaining": {
            **_CANONICAL_CARDS,
            "nullable": True,
            "description": "The rest of the hand; null when the contract can't be met.",
        },
        "points": {"type": "integer", "description": "Penalty points left in remaining."},
    },
}


def openapi_document() -> dict[str, Any]:
    """The description, a fresh copy each time so callers may change theirs."""
    return copy.deepcopy(
        {
            "openapi": "3.0.3",
            "info": {
                "title": "Contract Rummy Companion rules API",
                "version": "1.0.0",
                "description": "The rules engine over JSON: rulesets, go-down checks, penalty scores and the solver.",
            },
            "paths": {
                "/api/rulesets": {
                    "get": {
                        "summary": "Every ruleset's id and name",
                        "responses": {"200": _ok(_RULESETS, "The rulesets")},
                    }
                },
                "/api/rulesets/{ruleset_id}": {
                    "get": {
                        "summary": "One ruleset: players, deal schedule and card points (decks and jokers for a table)",
                        "parameters": [
                            {
                                "name": "ruleset_id",
                                "in": "path",
                                "required": True,
                                "description": "A ruleset id from /api/rulesets; any other id answers 400.",
                                "schema": {"type": "string", "enum": [ruleset.id for ruleset in registry.builtins()]},
                            },
                            {
                                "name": "players",
                                "in": "query",
                                "required": False,
                                "description": "The table size, to add decks and jokers; outside the ruleset's range "
                                "answers 400. Without it, decks and jokers are left out.",
                                "schema": {"type": "integer", **_PLAYER_RANGE},
                            },
                        ],
                        "responses": {"200": _ok(_RULESET, "The ruleset"), "400": _ERROR},
                    }
                },
                "/api/rulesets/check": {
                    "post": {
                        "summary": "Check a ruleset object; describe it as GET /api/rulesets/{id} does, "
                        "with its complete definition",
                        "requestBody": _json_body(_RULESET_CHECK_REQUEST),
                        "responses": {"200": _ok(_RULESET, "The ruleset"), "400": _ERROR},
                    }
                },
                "/api/melds/check": {
                    "post": {
                        "summary": "Is this a legal go-down for the deal's contract?",
                        "requestBody": _json_body(_CHECK_REQUEST),
                        "responses": {"200": _ok(_CHECK_ANSWER, "The ruling"), "400": _ERROR},
                    }
                },
                "/api/score": {
                    "post": {
                        "summary": "Penalty points of the cards left in a hand",
                        "requestBody": _json_body(_SCORE_REQUEST),
                        "responses": {"200": _ok(_SCORE_ANSWER, "The points"), "400": _ERROR},
                    }
                },
                "/api/solve": {
                    "post": {
                        "summary": "Can this hand meet the deal's contract, and with which melds?",
                        "requestBody": _json_body(_SOLVE_REQUEST),
                        "responses": {"200": _ok(_SOLVE_ANSWER, "The answer"), "400": _ERROR},
                    }
                },
                "/api/openapi.json": {
                    "get": {
                        "summary": "This description of the API",
                        "responses": {"200": _ok({"type": "object"}, "The OpenAPI 3 document")},
                    }
                },
            },
        }
    )
