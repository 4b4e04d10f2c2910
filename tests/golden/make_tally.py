"""Writes tests/golden/tally.json: the golden table of hands, points and adjustments.

The expected answers are written here from RULES.md, not by the code under
test: the point tables below are RULES.md's (§3), the sentences are the ones
the score form shows, and the bulk rows add the tables' values up by hand.
tests/test_tally_golden.py checks the engine against the file (and the file's
point tables against the engine's rulesets); tests/js/tally.test.js checks
static/js/tally.js against it. Run it again after changing a row here:

    .venv/bin/python tests/golden/make_tally.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
FACE = {"A": 15, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "JK": 15}  # RULES.md §3.1
SHANGHAI = {"A": 20, **{str(n): 5 for n in range(2, 8)}, **{r: 10 for r in ["8", "9", "10", "J", "Q", "K"]}, "JK": 50}
RULESETS = {
    "contract": (FACE, []),
    "liverpool": (FACE, [{"field": "exact_cut", "points": -50}]),  # §3.2: 50 off for an exact cut
    "parlett": (FACE, []),
    "combination": (FACE, []),
    "may-i": ({**FACE, "JK": 25}, []),  # §3.5
    "shanghai": (SHANGHAI, []),  # §3.6
    "shanghai-powe": (SHANGHAI, []),
    "shanghai-kolsov": (SHANGHAI, []),
    "continental": ({**FACE, "A": 11, "JK": 50}, [{"field": "one_turn_out", "points": -10}]),  # §3.9
    "progressive": ({"A": 15, "2": 20, **{str(n): 5 for n in range(3, 11)}, "J": 10, "Q": 10, "K": 10, "JK": 20}, []),
}
SHAPE = "a rank is A, 2-10, J, Q, K or JK (suits don't matter here)"


def line(ruleset, expected, cards="", points="", out=False, ticked=()):
    return {"op": "scoreLine", "ruleset": ruleset, "line": {"cards": cards, "points": points, "out": out, "ticked": list(ticked)},
            "expected": expected}


def total(points, adjustment=0, count=0):
    return {"points": points, "adjustment": adjustment, "total": points + adjustment, "count": count}


def error(sentence):
    return {"error": sentence}


ROWS = [
    # RULES.md's own examples
    line("continental", total(67, 0, 3), cards="K JK 7"),  # §3.9: [KH JK 7S] 67
    line("continental", total(23, 0, 3), cards="A 10 2"),  # [AS 10D 2C] 23
    line("continental", total(0, -10), out=True, ticked=["one_turn_out"]),  # 0 - 10 = -10
    line("contract", total(42, 0, 4), cards="K Q 7 JK"),
    line("liverpool", total(42, -50, 4), cards="kq7jk", ticked=["exact_cut"]),
    line("liverpool", total(10, -50, 1), cards="K", ticked=["exact_cut"]),  # §3.2: the deal score may go below 0
    line("progressive", total(40, 0, 3), cards="2C AS 10D"),
    line("shanghai", total(85, 0, 4), cards="A JK 8 3"),
    # how a hand is typed
    line("contract", total(10 + 9 + 9 + 4 + 15 + 2, 0, 6), cards="K994A2"),
    line("contract", total(30, 0, 3), cards="1010q"),
    line("contract", total(30, 0, 3), cards="10h, 10s; q"),
    line("contract", total(25, 0, 2), cards="T joker"),
    line("contract", total(15, 0, 1), cards="1"),
    line("contract", total(15, 0, 1), cards="*"),
    line("contract", total(17, 0, 2), cards="  7\u2003K\u00a0 "),  # odd spaces between and around
    line("contract", total(0), cards=""),
    line("contract", total(0), cards="K Q", out=True),  # went out: the line holds nothing (the deal asks to clear it)
    line("contract", total(25), points="25"),
    line("contract", total(25), points=" 25 "),
    line("contract", total(0), points="0"),
    line("contract", total(0), points="-0"),
    line("contract", total(2000), points="2000"),
    line("liverpool", total(7, -50), points="7", ticked=["exact_cut"]),
    line("contract", total(10, 0, 1), cards="K", ticked=["exact_cut"]),  # an adjustment the rules lack adds nothing
    # what is refused, in the form's words
    line("contract", error("Enter the cards left or their points, not both."), cards="K", points="10"),
    line("contract", error("2001 points is more than any hand can hold."), points="2001"),
    line("contract", error("Points can't be negative: type the cards left, or their points."), points="-1"),
    line("contract", error("“1000000001” is not a number of points: type a whole number, like 25."), points="1000000001"),
    line("contract", error("1000000000 points is more than any hand can hold."), points="1000000000"),
    line("contract", error("“1234567890…” is not a number of points: type a whole number, like 25."), points="1234567890123"),
    line("contract", error("“٣” is not a number of points: type a whole number, like 25."), points="٣"),
    line("contract", error("“25.5” is not a number of points: type a whole number, like 25."), points="25.5"),
    line("contract", error("“1e3” is not a number of points: type a whole number, like 25."), points="1e3"),
    line("contract", error("“25” reads like a number: type the cards with spaces (2 5), or the points in the points box."), cards="25"),
    line("contract", error("“1010” reads like a number: type the cards with spaces (10 10), or the points in the points box."), cards="1010"),
    line("contract", error("“11” reads like a number: type the cards with spaces between them, or the points in the points box."), cards="11"),
    line("contract", error("In “K1”, the 1 is not a card: type A for an ace, or 10 for a ten."), cards="K1"),
    line("contract", error("In “K0”, the 0 is not a card: a ten is 10 or T."), cards="K0"),
    line("contract", error(f"In “KX”, “X” is not a card: {SHAPE}."), cards="KX"),
    line("contract", error(f"'Z' is not a rank: {SHAPE}."), cards="Q Z"),
    line("contract", error(f"'\\u200b' is not a rank: {SHAPE}."), cards="K \u200b"),
    line("contract", error(f"\"it's\" is not a rank: {SHAPE}."), cards="it's"),
    line("contract", error(f"In “K\u200bQ”, “\u200bQ” is not a card: {SHAPE}."), cards="K\u200bQ"),
    line("contract", total(10, 0, 1), cards="K \x1c"),  # U+001C separates words, as every Unicode space does
    line("contract", error(f"'\\ufeff' is not a rank: {SHAPE}."), cards="K \ufeff"),  # but U+FEFF is no space
    line("contract", error(f"'Kǰ' is not a rank: {SHAPE}."), cards="Kǰ"),  # ǰ upper-cases to J and a caron
    line("contract", error(f"'ß' is not a rank: {SHAPE}."), cards="ß"),  # ß upper-cases to SS
    line("contract", error("That is more than any hand holds: a hand is at most 50 cards."), cards="K " * 100 + "K"),
    line("contract", error("51 cards is more than any hand holds: a hand is at most 50 cards."), cards="K" * 51),
    line("contract", total(500, 0, 50), cards="K" * 50),
]


def bulk_rows(rng: random.Random) -> list[dict]:
    """Every rank alone in every ruleset, and random hands of up to 12 cards, added up by hand."""
    rows = []
    for ruleset, (table, adjustments) in RULESETS.items():
        for rank in RANKS:
            rows.append(line(ruleset, total(table[rank], 0, 1), cards=rank))
        for _ in range(12):
            ranks = [rng.choice(RANKS) for _ in range(rng.randint(1, 12))]
            ticked = [a["field"] for a in adjustments if rng.random() < 0.5]
            adjustment = sum(a["points"] for a in adjustments if a["field"] in ticked)
            rows.append(line(ruleset, total(sum(table[r] for r in ranks), adjustment, len(ranks)), cards=" ".join(ranks), ticked=ticked))
    return rows


def main() -> None:
    rulesets = {key: {"points": table, "adjustments": adjustments} for key, (table, adjustments) in RULESETS.items()}
    rows = ROWS + bulk_rows(random.Random(17))
    path = Path(__file__).with_name("tally.json")
    path.write_text(json.dumps({"rulesets": rulesets, "rows": rows}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows written to {path}")


if __name__ == "__main__":
    main()
