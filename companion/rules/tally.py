"""Scoring a hand at the table from its ranks alone, and the sanity checks on a deal's entry.

At the table suits do not matter for penalty points, so a hand is entered as
ranks (``"K Q 7 JK"``) from a keypad or typed; a full card (``"KH"``) is
taken for its rank. The checks here warn about an entry the table may still
want to keep (it is their game), so they return sentences, not errors.

>>> from .rulesets import find_ruleset
>>> contract = find_ruleset("contract")
>>> ranks = parse_ranks("k q 7 jk")
>>> ranks, rank_points(contract, ranks)
(('K', 'Q', '7', 'JK'), 42)
>>> hand_warnings(contract, contract.deal(1), parse_ranks("JK JK JK"), players=3, buys=0)
['Three jokers, but a table of 3 plays with two.']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import JOKER_SPELLINGS, SUIT_SPELLINGS, CardSyntaxError
from .rulesets import POINT_KEYS, Deal, Ruleset

__all__ = ["RANK_KEYS", "hand_size_limit", "hand_warnings", "parse_ranks", "rank_points", "table_warnings"]

#: The keypad's keys, in order: A, 2 .. 10, J, Q, K, JK.
RANK_KEYS = POINT_KEYS
_RANK_ALIASES = {key: key for key in RANK_KEYS} | {"T": "10", "1": "A"}
_SEPARATORS = re.compile(r"[\s,;]+")
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_RANK_SHAPE = "a rank is A, 2-10, J, Q, K or JK (suits don't matter here)"


def _word(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def parse_ranks(text: str | Iterable[str]) -> tuple[str, ...]:
    """The ranks of a hand from text (``"K Q 7 jk"``, ``"10h, 3c"``) or tokens, canonical.

    Raises :class:`~.cards.CardSyntaxError` quoting the first token that is
    not a rank or a card.

    >>> parse_ranks(["a", "T", "7S", "joker"])
    ('A', '10', '7', 'JK')
    >>> parse_ranks("K X")
    Traceback (most recent call last):
    ...
    companion.rules.cards.CardSyntaxError: 'X' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    ranks = []
    for token in tokens:
        if not isinstance(token, str):
            raise CardSyntaxError(f"{token!r} is not a rank: {_RANK_SHAPE}")
        word = token.strip().upper()
        if word in JOKER_SPELLINGS:
            ranks.append("JK")
        elif word in _RANK_ALIASES:
            ranks.append(_RANK_ALIASES[word])
        elif len(word) >= 2 and word[-1] in SUIT_SPELLINGS and word[:-1] in _RANK_ALIASES and word[:-1] != "1":
            ranks.append(_RANK_ALIASES[word[:-1]])
        else:
            raise CardSyntaxError(f"{token.strip()!r} is not a rank: {_RANK_SHAPE}")
    return tuple(ranks)


def rank_points(ruleset: Ruleset, ranks: Sequence[str]) -> int:
    """Penalty points of a hand given as ranks."""
    table = ruleset.points.as_dict()
    return sum(table[rank] for rank in ranks)


def hand_size_limit(deal: Deal, buys: int) -> int:
    """The most cards a player who did not go out can hold: the deal, plus what each May I / buy brought."""
    return deal.cards_dealt + buys * (1 + deal.buys.extra_cards)


def hand_warnings(ruleset: Ruleset, deal: Deal, ranks: Sequence[str], *, players: int, buys: int) -> list[str]:
    """What looks wrong in one hand: more of a rank or jokers than the packs hold, or too many cards."""
    table = ruleset.table(players)
    warnings = []
    for rank, count in Counter(ranks).items():
        if rank == "JK":
            if count > table.jokers:
                has = "none" if table.jokers == 0 else _word(table.jokers)
                warnings.append(f"{_word(count).capitalize()} jokers, but a table of {players} plays with {has}.")
        elif count > 4 * table.packs:
            warnings.append(
                f"{_word(count).capitalize()} {rank}s, but {_word(table.packs)} pack{'s' * (table.packs != 1)} "
                f"hold only {4 * table.packs}."
            )
    limit = hand_size_limit(deal, buys)
    if len(ranks) > limit:
        took = f" and {buys} {ruleset.buy_name}{'s' * (buys != 1)}" if buys else ""
        warnings.append(f"{len(ranks)} cards left, but a hand holds at most {limit} in this deal ({deal.cards_dealt} dealt{took}).")
    return warnings


def table_warnings(ruleset: Ruleset, hands: Iterable[Sequence[str]], *, players: int) -> list[str]:
    """What looks wrong across every hand of a deal: more of a rank or jokers than the packs hold."""
    table = ruleset.table(players)
    counts = Counter(rank for hand in hands for rank in hand)
    warnings = []
    for rank in RANK_KEYS:
        count = counts.get(rank, 0)
        if rank == "JK" and count > table.jokers:
            warnings.append(f"The hands hold {count} jokers between them, but only {table.jokers} are in play.")
        elif rank != "JK" and count > 4 * table.packs:
            warnings.append(f"The hands hold {count} {rank}s between them, but the packs hold only {4 * table.packs}.")
    return warnings
