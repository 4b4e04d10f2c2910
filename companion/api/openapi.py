"""The OpenAPI 3 description of the JSON API, served at ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from ..rules import RULESETS

_CARD = {
    "type": "string",
    "description": "A card: rank (A, 2-10 or T, J, Q, K) and suit (S H D C or ♠ ♥ ♦ ♣), or a joker (JK, JOKER, *). Any case.",
    "examples": ["10H", "QS", "JK"],
}
_CARDS = {"type": "array", "items": _CARD}
_ERROR = {
    "description": "Malformed input: one sentence saying what is wrong.",
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
_RULESET_ID = {"type": "string", "enum": list(RULESETS), "default": "contract"}
_PLAYERS = {"type": "integer", "description": "The table size; outside the ruleset's range answers 400."}


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _ok(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_MELD_READING = {
    "type": "object",
    "required": ["kind", "cards"],
    "properties": {
        "kind": {"type": "string", "enum": ["set", "run", "pair"]},
        "cards": _CARDS,
        "rank": {"type": "string"},
        "suit": {"type": "string", "enum": ["S", "H", "D", "C"]},
        "low": {"type": "string"},
        "high": {"type": "string"},
        "wilds": {"type": "object", "additionalProperties": _CARD},
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
        "decks": {"type": "integer"},
        "jokers": {"type": "integer"},
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
        "card_points": {"type": "object", "additionalProperties": {"type": "integer"}},
        "wilds": {"type": "array", "items": {"type": "string"}},
    },
}


def openapi_document() -> dict[str, Any]:
    """The description, built fresh so callers may change their copy."""
    return {
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
                    "responses": {
                        "200": _ok(
                            {
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
                            },
                            "The rulesets",
                        )
                    },
                }
            },
            "/api/rulesets/{ruleset_id}": {
                "get": {
                    "summary": "One ruleset: players, deal schedule and card points (packs and jokers for a table size)",
                    "parameters": [
                        {"name": "ruleset_id", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "players", "in": "query", "required": False, "schema": {"type": "integer"}},
                    ],
                    "responses": {"200": _ok(_RULESET, "The ruleset"), "400": _ERROR},
                }
            },
            "/api/melds/check": {
                "post": {
                    "summary": "Is this a legal go-down for the deal's contract?",
                    "requestBody": _json_body(
                        {
                            "type": "object",
                            "required": ["deal", "melds"],
                            "properties": {
                                "ruleset": _RULESET_ID,
                                "deal": {"type": "integer"},
                                "melds": {"type": "array", "items": _CARDS},
                                "remaining": _CARDS,
                                "players": _PLAYERS,
                            },
                        }
                    ),
                    "responses": {
                        "200": _ok(
                            {
                                "type": "object",
                                "required": ["legal", "problems", "melds"],
                                "properties": {
                                    "legal": {"type": "boolean"},
                                    "problems": {"type": "array", "items": {"type": "string"}},
                                    "melds": {"type": "array", "items": _MELD_READING},
                                },
                            },
                            "The ruling",
                        ),
                        "400": _ERROR,
                    },
                }
            },
            "/api/score": {
                "post": {
                    "summary": "Penalty points of the cards left in a hand",
                    "requestBody": _json_body(
                        {
                            "type": "object",
                            "required": ["cards"],
                            "properties": {"ruleset": _RULESET_ID, "cards": _CARDS},
                        }
                    ),
                    "responses": {
                        "200": _ok(
                            {
                                "type": "object",
                                "required": ["points", "cards"],
                                "properties": {
                                    "points": {"type": "integer"},
                                    "cards": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["card", "points"],
                                            "properties": {"card": _CARD, "points": {"type": "integer"}},
                                        },
                                    },
                                },
                            },
                            "The points",
                        ),
                        "400": _ERROR,
                    },
                }
            },
            "/api/solve": {
                "post": {
                    "summary": "Can this hand meet the deal's contract, and with which melds?",
                    "requestBody": _json_body(
                        {
                            "type": "object",
                            "required": ["deal", "hand"],
                            "properties": {
                                "ruleset": _RULESET_ID,
                                "deal": {"type": "integer"},
                                "hand": _CARDS,
                                "players": _PLAYERS,
                            },
                        }
                    ),
                    "responses": {
                        "200": _ok(
                            {
                                "type": "object",
                                "required": ["can_meet_contract", "melds", "remaining"],
                                "properties": {
                                    "can_meet_contract": {"type": "boolean"},
                                    "melds": {"type": "array", "items": _CARDS, "nullable": True},
                                    "remaining": {**_CARDS, "nullable": True},
                                    "points": {"type": "integer", "description": "Penalty points left in remaining."},
                                },
                            },
                            "The answer",
                        ),
                        "400": _ERROR,
                    },
                }
            },
        },
    }
