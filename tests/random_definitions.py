"""Random valid ruleset objects (API.md "Custom rulesets") from a seeded ``random.Random``, for the benchmark.

The hypothesis strategies in test_definition_properties.py draw the same
shapes for the tests; this plain generator gives the benchmark a fixed
corpus without hypothesis. Every object is valid by construction: the table
covers the players once and no deal deals more cards than any table holds.
"""

from __future__ import annotations

import random
from typing import Any

POINT_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
LENGTHS = {"set": (3, 8), "run": (3, 14), "pair": (2, 2)}


def random_definition(rng: random.Random, *, most_deals: int = 10) -> dict[str, Any]:
    """A complete ruleset object, every field at random within its range."""
    low = rng.randint(2, 8)
    high = rng.randint(low, 8)
    sizes = list(range(low, high + 1))
    cuts = sorted(rng.sample(sizes[1:], rng.randint(0, len(sizes) - 1))) if len(sizes) > 1 else []
    bounds = [low, *cuts, high + 1]
    table = [
        {"players": [a, b - 1], "decks": rng.randint(1, 6), "jokers": rng.randint(0, 12)}
        for a, b in zip(bounds, bounds[1:], strict=False)
    ]
    capacity = min(20, *((52 * t["decks"] + t["jokers"]) // t["players"][1] for t in table))
    deals = []
    for _ in range(rng.randint(1, most_deals)):
        requirements = []
        for _ in range(rng.choice([1, 2, 2, 3, 3, 3, 4, 5, 6])):
            kind = rng.choice(["set", "set", "run", "run", "pair"])
            low_length, high_length = LENGTHS[kind]
            requirements.append({"kind": kind, "length": rng.randint(low_length, min(high_length, low_length + 4))})
        meld_all = rng.random() < 0.2
        deals.append(
            {
                "cards_dealt": rng.randint(5, capacity),
                "requirements": requirements,
                "meld_all": meld_all,
                "going_out": rng.choice(["no_discard", "either"] if meld_all else ["discard", "no_discard", "either"]),
            }
        )
    return {
        "name": f"Random rules {rng.randrange(10**6)}",
        "players": {"min": low, "max": high},
        "table": table,
        "wilds": rng.choice(["JK", "JK", "JK+2"]),
        "deals": deals,
        "exact": rng.random() < 0.5,
        "aces": rng.choice(["low_or_high", "high_only"]),
        "max_wilds": rng.choice([None, None, 0, 1, 1, 2, 3]),
        "repeat_rank": rng.random() < 0.5,
        "dup_suits": rng.random() < 0.6,
        "same_suit_runs": rng.choice(["any", "no_contiguous", "one_per_suit"]),
        "card_points": {key: rng.randint(0, 100) for key in POINT_KEYS},
        "buys": {"per_deal": rng.choice([None, 0, 1, 2, 3]), "extra_cards": rng.randint(0, 3)},
        "exact_cut_bonus": rng.choice([0, 0, 50]),
        "one_turn_out_bonus": rng.choice([0, 0, 10]),
        "set_word": rng.choice(["group", "set", "book", "trio"]),
        "buy_word": rng.choice(["May I", "buy"]),
    }
