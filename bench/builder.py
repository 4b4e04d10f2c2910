"""The ruleset builder's check: what one change in the builder costs, p50/p99/max (target p99 ≤ 20 ms).

Three measures, each over every published ruleset and a 20-deal ruleset:

- ``judge``: the posted form read into a draft, turned into a ruleset object and
  judged by the engine (:func:`companion.house_rules.builder.judge`), valid and
  with one bad field (a run of 15, placed beside its field);
- ``check``: the whole request a change sends (``POST /rulesets/build/check``,
  htmx: every sentence and the preview rendered), through Flask's test client;
- a scripted person building "Grandma's rules" from Contract Rummy (3 to 6
  players, 3-4 and 5-6 at the table, deal 4 of 11 cards, deal 6 melding every
  card, jokers 25): each field they change, each button, and each fix a sentence
  asks for, posted as a browser would; the time and the fields touched.

Run: ``.venv/bin/python bench/builder.py`` (prints the figures; no pass/fail).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.house_rules.builder import judge  # noqa: E402
from companion.house_rules.draft import Draft  # noqa: E402
from companion.rules import RULESETS  # noqa: E402
from companion.rules.definition import ruleset_to_definition  # noqa: E402

ROUNDS = 200


def form_of(draft: Draft) -> dict[str, str]:
    return draft.form_data()


def forms() -> list[tuple[str, dict[str, str]]]:
    found = []
    for ruleset in RULESETS.values():
        draft = Draft.from_definition(ruleset_to_definition(ruleset))
        draft.name = f"{ruleset.name} (ours)"
        found.append((ruleset.id, form_of(draft)))
    long = Draft.from_definition(ruleset_to_definition(RULESETS["progressive"]))
    long.name = "Twenty deals"
    long.deals = (long.deals * 2)[:20]
    found.append(("20-deals", form_of(long)))
    return found


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms   p99 {p99 * 1000:6.2f} ms   max {ordered[-1] * 1000:6.2f} ms"


def main() -> None:
    cases = forms()
    bad = [(name, {**form, "deal-0-req-0-kind": "run", "deal-0-req-0-length": "15"}) for name, form in cases]
    for label, chosen in (("judge, valid", cases), ("judge, a run of 15", bad)):
        times = []
        for _ in range(ROUNDS):
            for _, form in chosen:
                start = time.perf_counter()
                judged = judge(Draft.from_form(form))
                times.append(time.perf_counter() - start)
                assert judged.ok == (chosen is cases), judged.errors
        print(f"{label:<22} {len(times):5d} checks   {figures(times)}")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite"})  # fmt: skip
        with app.app_context():
            db.create_all()
        from tests.conftest import add_owner, sign_in

        client = app.test_client()
        sign_in(client, add_owner(app))
        times = []
        for _ in range(ROUNDS // 4):
            for _, form in cases + bad:
                start = time.perf_counter()
                response = client.post("/rulesets/build/check", data=form, headers={"HX-Request": "true"})
                times.append(time.perf_counter() - start)
                assert response.status_code == 200
        print(f"{'check request (htmx)':<22} {len(times):5d} posts    {figures(times)}")
        grandma(client)
        with app.app_context():
            db.engine.dispose()


#: What the person changes, in order: a field and its new value, or a button (``None``).
GRANDMA_PLAN: list[tuple[str, str | None]] = [
    ("name", "Grandma's rules"),
    ("players_max", "6"),
    ("table-0-high", "4"),
    ("remove-table-1", None),
    ("table-1-high", "6"),
    ("table-1-decks", "3"),
    ("table-1-jokers", "4"),
    ("deal-3-cards", "11"),
    ("deal-5-meld_all", "y"),
    ("points-JK", "25"),
]
#: A sentence the person fixes when it stays after the change that caused it: the field, by its key, and the value.
GRANDMA_FIXES = {r"deal-(\d+)-going_out": "no_discard"}


def grandma(client) -> None:
    """The scripted person: each change posted (a check, or a button's whole builder), fixes as sentences ask, then Save."""
    import re

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the tests' own helpers read the pages
    from test_house_rules import form_values, shown_errors

    start = time.perf_counter()
    values = form_values(client.get("/rulesets/build?start=contract").get_data(as_text=True))
    touched = 0
    for field, value in GRANDMA_PLAN:
        touched += 1
        if value is None:
            values = form_values(client.post("/rulesets/build", data={**values, "action": field}).get_data(as_text=True))
            continue
        values[field] = value
        errors = shown_errors(client.post("/rulesets/build/check", data=values).get_data(as_text=True))
        for key in errors:
            for pattern, fix in GRANDMA_FIXES.items():
                if re.fullmatch(pattern, key):
                    values[key] = fix
                    touched += 1
    response = client.post("/rulesets/build/save", data={**values, "owner": "me"})
    touched += 1  # the Save button
    took = time.perf_counter() - start
    left = shown_errors(response.get_data(as_text=True)) if response.status_code != 303 else {}
    print(f"{'Grandma, by a script':<22} {touched:5d} fields and buttons touched   {took * 1000:7.1f} ms"
          + ("   saved" if response.status_code == 303 else f"   NOT saved: {left}"))


if __name__ == "__main__":
    main()
