"""Memory across a long run of varied hostile requests: every cache keyed on input must stay bounded.

Posts ``--requests`` solves (5,000 by default) to /api/solve on Carioca and
Kalooki rules, each with a point table no request sent before, then go-downs
of the same custom rulesets to /api/melds/check, and prints the memory the
process holds (Python's allocations, tracemalloc) after the first 500 and at
the end, and the size of each functools cache in companion/. Before issue 28
``family_search._natural_points`` kept every table (about 5.5 KB each: 5,000
requests, +27 MB); now the growth stays flat.

    python bench/cache_memory.py
    python bench/cache_memory.py --requests 2000
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.caches import functools_caches  # noqa: E402

KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
HANDS = ["7H 7S 7D 8C 8D 8H JK 9C 4S 5S 6S", "3C 4C 5C 6C JK 9D 9H 9S QD KD AD"]


def varied_body(rng: random.Random, number: int) -> dict:
    """A Carioca or Kalooki custom ruleset with a point table no earlier request had (``number`` is in it)."""
    points = {key: rng.randint(0, 99) for key in KEYS}
    points["A"], points["K"] = number % 101, number // 101 % 101  # distinct for each of 10,201 requests
    ruleset = {"base": rng.choice(["carioca", "kalooki"]), "name": f"Varied {number}", "card_points": points}
    return {"ruleset": ruleset, "deal": 1, "hand": rng.choice(HANDS).split()}


def held_kb() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/bench.db", "WTF_CSRF_ENABLED": False, "SECRET_KEY": "bench"})
        client = app.test_client()
        tracemalloc.start()
        warm = min(500, args.requests)
        after_warm = 0.0
        for number in range(args.requests):
            body = varied_body(rng, number)
            assert client.post("/api/solve", json=body).status_code == 200
            melds = [body["hand"][:3], body["hand"][3:6]]
            assert client.post("/api/melds/check", json={"ruleset": body["ruleset"], "deal": 1, "melds": melds}).status_code == 200
            if number + 1 == warm:
                after_warm = held_kb()
        end = held_kb()
    print(f"{args.requests:,} requests of distinct point tables (and as many checks): Python holds {after_warm / 1024:.1f} MB "
          f"after {warm:,}, {end / 1024:.1f} MB at the end: {(end - after_warm) / 1024:+.1f} MB over the last {args.requests - warm:,}")
    for name, info in functools_caches():
        print(f"  {name}: {info.currsize} kept (at most {info.maxsize})")


if __name__ == "__main__":
    main()
