"""The costliest requests a seeded search finds: custom rulesets and hands sent to /api/solve and /api/melds/check.

Each try builds a random custom ruleset object (every field the solver reads:
one to six requirements of every kind and length, exact or not, meld-all,
wild limits, aces, same-suit runs, packs and jokers up to the API's limits)
and a hand of up to 24 cards, often rich in wild cards, and posts it through
the app as an anonymous client would; then a go-down of random melds of the
same cards to the checker. It prints the worst CPU seconds of any request,
the share the solver's budget refused, and the slowest tries to look at.

    python bench/hostile.py               # 10,000 tries, seed 1
    python bench/hostile.py --tries 2000 --seed 7

Before the random tries it posts the known worst bodies (:data:`KNOWN_WORST`)
and prints the CPU of each: the checker's attack of issue 28 (six melds of
8H and four wilds against six runs) cost 18 s of CPU before the checker was
bounded.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.rules.solver import MAX_HAND  # noqa: E402

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUITS = "SHDC"


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _runs_ruleset(same_suit_runs: str, lengths: tuple[int, ...], **extra: object) -> dict:
    """Issue 28's custom ruleset: 2 players on 6 packs and 12 jokers, wilds JK+2, not exact, one deal of runs."""
    return {
        "base": "contract", "name": "Hostile", "players": {"min": 2, "max": 2},
        "table": [{"players": [2, 2], "decks": 6, "jokers": 12}], "wilds": "JK+2", "exact": False,
        "same_suit_runs": same_suit_runs,
        "deals": [{"cards_dealt": 20, "requirements": [{"kind": "run", "length": n} for n in lengths], **extra}],
    }  # fmt: skip


#: The costliest bodies found so far, posted first: (name, path, body).
KNOWN_WORST = [
    ("checker attack (issue 28)", "/api/melds/check",
     {"ruleset": _runs_ruleset("one_per_suit", (3, 3, 4, 4, 5, 5)), "deal": 1, "melds": [["8H", "JK", "JK", "2C", "2S"]] * 6}),
    ("checker attack, runs may not join", "/api/melds/check",
     {"ruleset": _runs_ruleset("no_contiguous", (3, 3, 4, 4, 5, 5)), "deal": 1, "melds": [["8H", "JK", "JK", "2C", "2S"]] * 6}),
    ("checker: red twos, alternatives, 720 orders", "/api/melds/check",
     {"ruleset": {**_runs_ruleset("any", (3, 4, 5, 6, 7, 8), alternatives=[
         [{"kind": "run", "length": n} for n in lengths] for lengths in ((4, 5, 6, 7, 8, 3), (5, 6, 7, 8, 3, 4), (6, 7, 8, 3, 4, 5))]),
         "wilds": "JK+2red"},
      "deal": 1, "melds": [["2H", *["JK"] * (n - 2), "9C"] for n in (9, 10, 11, 12, 13, 14)]}),
]  # fmt: skip


def random_requirement(rng: random.Random) -> dict:
    kind = rng.choice(["set", "run", "run", "pair"])
    if kind == "pair":
        return {"kind": "pair", "length": 2}
    if kind == "set":
        return {"kind": "set", "length": rng.choice([3, 3, 3, 4, 5])}
    return {"kind": "run", "length": rng.choice([3, 3, 4, 4, 5, 6, 7])}


def random_ruleset(rng: random.Random) -> dict:
    """A custom ruleset object with one deal: random values of every field the solver reads."""
    requirements = [random_requirement(rng) for _ in range(rng.choice([1, 2, 2, 3, 3, 4, 5, 6]))]
    meld_all = rng.random() < 0.2
    decks, jokers = rng.choice([1, 2, 3, 4, 6]), rng.choice([0, 2, 4, 6, 8, 12])
    most_players = 4 if decks == 1 else 8  # enough cards for every player's deal
    cards_dealt = min(20, max(10, sum(r["length"] for r in requirements)))
    return {
        "base": "contract",
        "name": "Hostile",
        "players": {"min": 2, "max": most_players},
        "table": [{"players": [2, most_players], "decks": decks, "jokers": jokers}],
        "wilds": rng.choice(["JK", "JK", "JK+2"]),
        "exact": rng.random() < 0.3 and not meld_all,
        "aces": rng.choice(["low_or_high", "high_only"]),
        "max_wilds": rng.choice([None, None, 0, 1, 2, 3]),
        "repeat_rank": rng.random() < 0.5,
        "dup_suits": rng.random() < 0.5,
        "same_suit_runs": rng.choice(["any", "no_contiguous", "one_per_suit"]),
        "deals": [
            {
                "cards_dealt": cards_dealt,
                "requirements": requirements,
                "meld_all": meld_all,
                "going_out": "no_discard" if meld_all else "discard",
            }
        ],
    }


def random_hand(rng: random.Random, ruleset: dict) -> list[str]:
    table = ruleset["table"][0]
    deck = [f"{r}{s}" for r in RANKS for s in SUITS] * table["decks"] + ["JK"] * table["jokers"]
    size = rng.randint(10, MAX_HAND)
    wilds = [c for c in deck if c == "JK" or (ruleset["wilds"] == "JK+2" and c.startswith("2"))]
    naturals = [c for c in deck if c not in wilds]
    wild_count = min(len(wilds), rng.choice([0, 2, 4, 6, 8, 10]))
    return rng.sample(wilds, wild_count) + rng.sample(naturals, size - wild_count)


def random_melds(rng: random.Random, hand: list[str]) -> list[list[str]]:
    cards = list(hand)
    rng.shuffle(cards)
    melds = []
    while cards and len(melds) < 6:
        take = rng.randint(2, 6)
        melds.append(cards[:take])
        cards = cards[take:]
    return melds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/bench.db", "WTF_CSRF_ENABLED": False, "SECRET_KEY": "bench"})
        client = app.test_client()
        costs: list[tuple[float, str, dict]] = []
        statuses: dict[str, int] = {}
        refused_by_budget = 0
        for name, path, body in KNOWN_WORST:
            before = cpu_seconds()
            response = client.post(path, data=json.dumps(body), content_type="application/json")
            cost = cpu_seconds() - before
            print(f"{name}: {cost * 1000:.0f} ms CPU, {response.status_code} ({len(json.dumps(body))} bytes)")
            costs.append((cost, path, body))
        for _ in range(args.tries):
            ruleset = random_ruleset(rng)
            hand = random_hand(rng, ruleset)
            for path, body in (
                ("/api/solve", {"ruleset": ruleset, "deal": 1, "hand": hand}),
                ("/api/melds/check", {"ruleset": ruleset, "deal": 1, "melds": random_melds(rng, hand)}),
            ):
                data = json.dumps(body)
                before = cpu_seconds()
                response = client.post(path, data=data, content_type="application/json")
                cost = cpu_seconds() - before
                key = f"{path} {response.status_code}"
                statuses[key] = statuses.get(key, 0) + 1
                if response.status_code == 400 and response.get_json()["error"].startswith("This hand is too big"):
                    refused_by_budget += 1
                costs.append((cost, path, body))
    costs.sort(key=lambda item: item[0], reverse=True)
    solves = [cost for cost, path, _ in costs if path == "/api/solve"]
    checks = [cost for cost, path, _ in costs if path == "/api/melds/check"]
    print(f"{args.tries:,} tries (seed {args.seed}): {len(costs):,} requests")
    print("answers:", ", ".join(f"{key}: {count:,}" for key, count in sorted(statuses.items())))
    print(f"refused by the search budget: {refused_by_budget:,} ({refused_by_budget / args.tries:.3%} of solves)")
    for label, values in (("solve", solves), ("check", checks)):
        values = sorted(values)
        p99 = values[int(len(values) * 0.99)]
        print(f"{label}: worst {values[-1] * 1000:.0f} ms CPU, p99 {p99 * 1000:.1f} ms, median {values[len(values) // 2] * 1000:.1f} ms")
    print("the three costliest:")
    for cost, path, body in costs[:3]:
        print(f"  {cost * 1000:.0f} ms {path} {json.dumps(body)[:300]}")


if __name__ == "__main__":
    main()
