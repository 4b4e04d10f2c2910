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
from ..rules import Deck, GameEnd, JokerReclaim, LayOffTiming, Progression, RunSuit, Skips, Tiebreak, Winner
from ..rules.definition import BUY_WORDS, DEFINITION_FIELDS, HOUSE_OPTIONS, REQUIRED_FIELDS, SET_WORDS, WILDS
from ..rules.godown import MAX_MELD_CARDS, MAX_MELDS
from ..rules.solver import MAX_HAND
from ..rules.rulesets import PHASE10_POINT_KEYS, POINT_KEYS

# A rank of a standard card, or a number of a Phase 10 card (a run's low and high on that deck).
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "1", "11", "12"]
# Every key of card_points: the standard deck's, then the Phase 10 deck's that are not also the standard deck's.
_POINT_KEYS = [*POINT_KEYS, *(key for key in PHASE10_POINT_KEYS if key not in POINT_KEYS)]

# Every spelling Card.parse accepts, in either deck's notation (a ruleset reads its own deck's only): rank and
# suit (any case), or a joker; a Phase 10 number and colour, W or SKIP; surrounding spaces ignored.
CARD_PATTERN = (
    r"^\s*(?:(?:10|[2-9TtJjQqKkAa])[SsHhDdCc♠♥♦♣♤♡♢♧]|[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]|\*"
    r"|(?:1[0-2]|[1-9])[RrBbGgYy]|[Ww](?:[Ii][Ll][Dd])?|[Ss][Kk](?:[Ii][Pp])?)\s*$"
)
# How answers write a card.
CANONICAL_CARD_PATTERN = r"^(?:(?:10|[2-9AJQK])[SHDC]|JK|(?:1[0-2]|[1-9])[RBGY]|W|SKIP)$"

_CARD = {
    "type": "string",
    "pattern": CARD_PATTERN,
    "description": "A card in the ruleset's deck notation (its \"deck\"). Standard: a rank (A, 2-10 or T, J, Q, K) "
    "and a suit (S H D C, ♠ ♥ ♦ ♣ or ♤ ♡ ♢ ♧), or a joker (JK, JOKER, *). Phase 10: a number 1 to 12 and a colour "
    "(R, B, G, Y), W (WILD) or SKIP (SK). Any case; surrounding spaces are ignored. A card of the other deck's "
    "notation answers 400.",
    "example": "10H",
}
_CARDS = {"type": "array", "items": _CARD}
_CANONICAL_CARD = {
    "type": "string",
    "pattern": CANONICAL_CARD_PATTERN,
    "description": "A card in canonical form: 10H, QS, JK (a wild deuce is still 2S); on the Phase 10 deck 7R, W, SKIP.",
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
    "enum": [ruleset.id for ruleset in registry.published()],
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
    "description": "One meld of the contract: a set is set_min_length (3, or 2) to 8 cards long, a run 3 to 14 "
    "(12 on the Phase 10 deck or with wilds K), a pair 2, a colour group (n cards of one colour, a suit on a "
    "standard deck) 3 to 14.",
    "properties": {"kind": _enum("set", "run", "pair", "colour"), "length": _whole(2, 14)},
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
        "base": {"type": "string", "enum": [ruleset.id for ruleset in registry.published()], "description": "A built-in ruleset to start from."},
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
        "deck": _enum(*(d.value for d in Deck), description='Default "standard"; "phase10": cards in Phase 10 '
                      'notation, table 1 deck and 0 jokers, wilds "W", skips "SKIP", aces "low_only".'),
        "wilds": _enum(*WILDS, description='"K": every king wild and never natural, runs end at Q (aces "low_only"; '
                       'skips "JK" or no jokers); "W": the Phase 10 deck\'s Wild.'),
        "skips": _enum(*(s.value for s in Skips), description='Cards never part of a meld; default "none" '
                       '("SKIP" with deck phase10); "JK" only with wilds "K".'),
        "deals": {"type": "array", "minItems": 1, "maxItems": 20, "items": _DEAL_DEFINITION},
        "exact": {"type": "boolean", "description": "Going down uses exactly each length (never in a meld_all deal)."},
        "aces": _enum("low_or_high", "high_only", "low_only"),
        "max_wilds": {"type": "integer", "minimum": 0, "nullable": True, "description": "Null: no limit (nor does a number above 14, the longest meld)."},
        "repeat_rank": {"type": "boolean"},
        "dup_suits": {"type": "boolean"},
        "same_suit_runs": _enum("any", "no_contiguous", "one_per_suit", description='"any" when run_suit is "any".'),
        "run_suit": _enum(*(r.value for r in RunSuit), description='Default "same"; "any": a run\'s suits (colours) are free.'),
        "set_min_length": _whole(2, 3, description="The shortest set a requirement may ask for; default 3."),
        "card_points": {
            "type": "object",
            "additionalProperties": False,
            "description": "Keys of the deck's cards: A, 2 to 10, J, Q, K, JK; on the Phase 10 deck 1 to 12, W, SKIP.",
            "properties": {key: _whole(0, 100) for key in _POINT_KEYS},
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
        "progression": _enum(*(p.value for p in Progression), description='Default "fixed"; per-player: every '
                             'deal is a phase, each dealt the same cards.'),
        "game_end": _enum(*(g.value for g in GameEnd), description='Left out: "last_deal" with fixed progression, '
                          '"last_phase_made" otherwise; any other pairing answers 400.'),
        "winner": _enum(*(w.value for w in Winner), description='Left out: "lowest_total" with fixed progression, '
                        '"finished_lowest_total" otherwise; any other pairing answers 400.'),
        "tiebreak": _enum(*(t.value for t in Tiebreak), description='Default "none"; "replay_last_phase" only with '
                          'per-player progression.'),
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
    "maximum": max(len(ruleset.deals) for ruleset in registry.published()),
    "description": "The deal number, from 1 (the phase, in a per-player ruleset); a number outside the ruleset's "
    "schedule answers 400. Needed, unless a per-player ruleset's phase is given.",
}
_PHASE = {
    "type": "integer",
    "minimum": 1,
    "maximum": max(len(ruleset.deals) for ruleset in registry.published()),
    "description": "In a per-player ruleset (progression not \"fixed\"), the phase: deal's synonym (both given and "
    "different answers 400). Not read in a fixed ruleset.",
}
_PLAYER_RANGE = {
    "minimum": min(ruleset.min_players for ruleset in registry.published()),
    "maximum": max(ruleset.max_players for ruleset in registry.published()),
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
    "description": "How a meld was read: rank for a set or pair; suit (where the run's suit is fixed), low and "
    "high for a run; colour for a colour group (R, B, G, Y, or the suit on a standard deck); wilds maps a wild "
    "card's index in cards to the card it stands for, where that is fixed (its rank or number alone where the "
    "suit is free).",
    "required": ["kind", "cards"],
    "properties": {
        "kind": {"type": "string", "enum": ["set", "run", "pair", "colour"]},
        "cards": _CANONICAL_CARDS,
        "rank": _RANK,
        "suit": {"type": "string", "enum": ["S", "H", "D", "C"]},
        "colour": {"type": "string", "enum": ["R", "B", "G", "Y", "S", "H", "D", "C"]},
        "low": _RANK,
        "high": _RANK,
        "wilds": {"type": "object", "additionalProperties": {"anyOf": [_CANONICAL_CARD, _RANK]}},
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
        "deck": _enum(*(d.value for d in Deck), description="The cards played with, and their notation."),
        "progression": _enum(*(p.value for p in Progression), description='"fixed": everyone plays deal n in '
                             'hand n; otherwise each player plays their own phase.'),
        "decks": {"type": "integer", "description": "Standard 52-card packs for the players asked about "
                  "(Phase 10 decks on the Phase 10 deck)."},
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
                                "kind": {"type": "string", "enum": ["set", "run", "pair", "colour"]},
                                "length": {"type": "integer"},
                            },
                        },
                    },
                    "discard_to_go_out": {"type": "boolean"},
                    "meld_all": {"type": "boolean"},
                },
            },
        },
        "phases": {"type": "array", "items": {"type": "object"}, "description": "Per-player rulesets only: a copy of deals."},
        "card_points": {
            "type": "object",
            "description": "Keys of the deck's cards: A, 2 to 10, J, Q, K, JK; on the Phase 10 deck 1 to 12, W, SKIP.",
            "properties": {key: {"type": "integer"} for key in _POINT_KEYS},
            "additionalProperties": False,
        },
        "wilds": {"type": "array", "items": {"type": "string"}, "description": 'JK, 2, K (every king) or W.'},
        "skips": {"type": "array", "items": {"type": "string"}, "description": "Cards never part of a meld: [] where none."},
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

_CHECK_REQUEST: dict[str, Any] = {
    "type": "object",
    "required": ["melds"],
    "properties": {
        "ruleset": _RULESET_FIELD,
        "options": _OPTIONS,
        "deal": _DEAL,
        "phase": _PHASE,
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

# API.md: "deal", or in a per-player ruleset its synonym "phase" (a fixed ruleset answers 400 without "deal").
_CHECK_REQUEST["anyOf"] = [{"required": ["deal"]}, {"required": ["phase"]}]

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

_SOLVE_REQUEST: dict[str, Any] = {
    "type": "object",
    "required": ["hand"],
    "properties": {
        "ruleset": _RULESET_FIELD,
        "options": _OPTIONS,
        "deal": _DEAL,
        "phase": _PHASE,
        "hand": {**_CARDS, "maxItems": MAX_HAND, "description": f"The hand: at most {MAX_HAND} cards."},
        "players": _PLAYERS,
    },
}
_SOLVE_REQUEST["anyOf"] = [{"required": ["deal"]}, {"required": ["phase"]}]
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
                                "schema": {"type": "string", "enum": [ruleset.id for ruleset in registry.published()]},
                            },
                            {
                                "name": "options",
                                "in": "query",
                                "required": False,
                                "description": "House options the ruleset offers, by key, comma-separated: the "
                                "ruleset described with them; one it does not offer answers 400.",
                                "schema": {"type": "string"},
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
