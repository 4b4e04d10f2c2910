"""Every cache keyed on input is bounded (issue 28, finding 4).

``family_search._natural_points`` was a ``functools.cache`` keyed on a
request's point table: about 5.5 KB kept for each distinct table sent to
``/api/solve`` on Carioca or Kalooki rules, forever (5,000 requests: +27 MB).
Now each functools cache in companion/ has a ``maxsize``, and a long run of
varied requests leaves each at most that size.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

from companion.caches import functools_caches

COMPANION = Path(__file__).resolve().parent.parent / "companion"
KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]


def _unbounded_caches(source: str) -> list[int]:
    """The lines of ``functools.cache`` (or ``cache``), ``lru_cache`` without a ``maxsize`` and ``maxsize=None``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for decorator in getattr(node, "decorator_list", []):
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name == "cache":
                found.append(decorator.lineno)
            elif name == "lru_cache":
                sizes = [k.value for k in decorator.keywords if k.arg == "maxsize"] if isinstance(decorator, ast.Call) else []
                sizes += decorator.args[:1] if isinstance(decorator, ast.Call) else []
                if not sizes or (isinstance(sizes[0], ast.Constant) and sizes[0].value is None):
                    found.append(decorator.lineno)
    return found


def test_the_audit_finds_an_unbounded_cache():
    assert _unbounded_caches("import functools\n@functools.cache\ndef f(x): ...\n") == [2]
    assert _unbounded_caches("from functools import lru_cache\n@lru_cache\ndef f(x): ...\n") == [2]
    assert _unbounded_caches("import functools\n@functools.lru_cache(maxsize=None)\ndef f(x): ...\n") == [2]
    assert _unbounded_caches("import functools\n@functools.lru_cache(maxsize=8)\ndef f(x): ...\n") == []


def test_every_functools_cache_in_the_app_has_a_size():
    unbounded = {
        str(path.relative_to(COMPANION)): lines
        for path in sorted(COMPANION.rglob("*.py"))
        if (lines := _unbounded_caches(path.read_text(encoding="utf-8")))
    }
    assert unbounded == {}


def test_every_cache_is_found_and_bounded():
    caches = dict(functools_caches())
    assert "companion.rules.family_search._natural_points" in caches
    assert "companion.rules.family_search.FamilySearch._starts" in caches
    assert all(info.maxsize is not None for info in caches.values()), caches


def _varied_solve(rng: random.Random, number: int) -> dict:
    points = {key: rng.randint(0, 99) for key in KEYS}
    points["A"], points["K"] = number % 101, number // 101 % 101  # a table no earlier request sent
    ruleset = {"base": rng.choice(["carioca", "kalooki"]), "name": f"Varied {number}", "card_points": points}
    return {"ruleset": ruleset, "deal": 1, "hand": "7H 7S 7D 8C 8D 8H JK 9C 4S 5S 6S".split()}


def test_a_long_run_of_varied_point_tables_leaves_every_cache_bounded(client):
    from companion.rules import family_search

    rng = random.Random(28)
    for number in range(300):
        body = _varied_solve(rng, number)
        assert client.post("/api/solve", json=body).status_code == 200
        melds = [body["hand"][:3], body["hand"][3:6]]
        assert client.post("/api/melds/check", json={"ruleset": body["ruleset"], "deal": 1, "melds": melds}).status_code == 200
    assert family_search._natural_points.cache_info().currsize <= 32
    for name, info in functools_caches():
        assert info.maxsize is not None and info.currsize <= info.maxsize, name
