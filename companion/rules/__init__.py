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
"""

from .cards import JOKER, Card, CardSyntaxError, Rank, Suit, format_cards, parse_cards, pretty_cards
from .definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from .godown import GoDownRuling, MeldReading, Problem, ProblemKind, check_go_down
from .catalogue import DEFAULT_RULESET_ID, RULESETS, find_ruleset
from .rulesets import (
    AceRule,
    BuyRule,
    Deal,
    DealOutOfRangeError,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LayOffTiming,
    MeldKind,
    PlayersOutOfRangeError,
    PointTable,
    Requirement,
    Ruleset,
    RulesError,
    SameSuitRuns,
    TableSupply,
    UnknownRulesetError,
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
]  # fmt: skip
