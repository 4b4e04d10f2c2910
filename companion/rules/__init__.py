"""The rules engine: pure Python, no Flask or database.

Glossary (RULES.md §1):

- **deal** (hand, round): dealing, then play until someone goes out.
- **contract** (requirement, pattern): the melds a player must lay down
  together, first, in a deal: a list of requirements (kind, length).
- **set** (group, book, trio): cards of one rank; **run** (sequence):
  cards of one suit in unbroken rank order; **pair**: two cards of one rank.
- **wild card**: a joker, and a two where deuces are wild; a **natural** is
  any other card.
- **going down**: laying down the whole contract at once, once per deal.
- **laying off**: adding cards to melds on the table after going down.
- **going out**: getting rid of the last card; penalty points are the
  value of the cards left in the other hands.

The wider family (RULES.md §8):

- **phase** (Phase 10): a deal's contract where each player plays their
  own, repeating it until it is made; the schedule's deals are then phases.
- **colour group**: cards of one colour, any numbers, repeats allowed
  (Phase 10's "7 cards of one colour"; a suit on standard cards).
- **Wild** (``W``) and **Skip** (``SKIP``): the Phase 10 deck's wild card,
  and a card that is never part of a meld (the joker plays it in
  ``phase10-cards``, where kings are wild).
- **hit**: Phase 10's word for laying off.
"""

from .cards import JOKER, Card, CardSyntaxError, Colour, Deck, Notation, Rank, Special, Suit, format_cards, parse_cards, pretty_cards
from .definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from .godown import GoDownRuling, MeldReading, Problem, ProblemKind, check_go_down
from .catalogue import DEFAULT_RULESET_ID, RULESETS, find_ruleset
from .rulesets import (
    AceRule,
    BuyRule,
    Deal,
    DealOutOfRangeError,
    GameEnd,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LayOffTiming,
    MeldKind,
    PlayersOutOfRangeError,
    PointTable,
    Progression,
    Requirement,
    Ruleset,
    RulesError,
    RunSuit,
    SameSuitRuns,
    Skips,
    TableSupply,
    Tiebreak,
    UnknownRulesetError,
    Winner,
)
from .scoring import HandScore, score_hand, settle
from .layoff import ExchangeRuling, LayOffProblem, LayOffProblemKind, LayOffRuling, check_joker_exchange, check_lay_off

__all__ = [
    "AceRule", "BuyRule", "Card", "CardSyntaxError", "DEFAULT_RULESET_ID", "Deal", "DealOutOfRangeError",
    "GoDownRuling", "GoingOut", "HandScore", "HouseOption", "JOKER", "JokerReclaim", "LayOffTiming", "MeldKind",
    "MeldReading", "PlayersOutOfRangeError", "PointTable", "Problem", "ProblemKind", "RULESETS", "Rank",
    "Requirement", "Ruleset", "RulesError", "SameSuitRuns", "Suit", "TableSupply", "UnknownRulesetError",
    "check_go_down", "find_ruleset", "format_cards", "parse_cards", "pretty_cards", "score_hand", "settle",
    "ExchangeRuling", "LayOffProblem", "LayOffProblemKind", "LayOffRuling", "check_joker_exchange", "check_lay_off",
    "RulesetDefinitionError", "ruleset_from_definition", "ruleset_to_definition",
    "Colour", "Deck", "Notation", "GameEnd", "Progression", "RunSuit", "Skips", "Special", "Tiebreak", "Winner",
]  # fmt: skip
