"""The engine and the phone's tally read and score a line alike: one golden table, and the same random texts.

tests/golden/tally.json (written by tests/golden/make_tally.py from RULES.md) is
checked here against the engine (companion/rules/deal_score.py) and by node
against static/js/tally.js (tests/js/tally.test.js). The property test sends
the same random texts to both, through one node process per batch
(tests/js/tally_batch.js), and asserts the same answers, sentences included.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from conftest import fuzz
from hypothesis import given
from hypothesis import strategies as st

from companion.games.entry import tally_rules
from companion.rules import RULESETS
from companion.rules.deal_score import HandTextError, read_cards, read_points, score_line
from companion.rules.published import PUBLISHED_RULESETS

ROOT = Path(__file__).resolve().parent
GOLDEN = json.loads((ROOT / "golden" / "tally.json").read_text(encoding="utf-8"))
#: The wider family's fixed games on standard cards (RULES.md §8.3, §8.4): Kalooki's ace scores by its colour.
WIDER = ("carioca", "kalooki")


def rules_data(ruleset_id: str) -> dict:
    """The rules the entry page gives the phone: the golden file's for the ten, the page's own for the wider family."""
    return GOLDEN["rulesets"][ruleset_id] if ruleset_id in GOLDEN["rulesets"] else tally_rules(PUBLISHED_RULESETS[ruleset_id])
NODE = shutil.which("node")


def engine_line(ruleset_id: str, line: dict) -> dict:
    """A line as the engine scores it, in the tally's shape."""
    try:
        scored = score_line(
            PUBLISHED_RULESETS[ruleset_id], cards=line["cards"], points=line["points"], out=line["out"], ticked=line["ticked"]
        )
    except HandTextError as error:
        return {"error": str(error)}
    count = len(scored.ranks) if scored.ranks else 0
    return {"points": scored.points, "adjustment": scored.adjustment, "total": scored.total, "count": count}


def engine_answer(question: dict) -> dict:
    """What the engine says to one of tally_batch.js's questions."""
    try:
        if question["op"] == "readHand":
            return {"ranks": list(read_cards(question["text"]))}
        if question["op"] == "readPoints":
            return {"points": read_points(question["text"])}
    except HandTextError as error:
        return {"error": str(error)}
    return engine_line(question["ruleset"], question["line"])


def test_the_golden_tables_point_tables_are_the_rulesets():
    """The file's rules data is what the entry page gives the phone for each built-in ruleset."""
    assert set(GOLDEN["rulesets"]) == set(RULESETS)
    for ruleset_id, rules in GOLDEN["rulesets"].items():
        assert rules == tally_rules(RULESETS[ruleset_id]), ruleset_id


def test_every_golden_row_scores_as_written():
    rows = GOLDEN["rows"]
    assert len(rows) >= 300
    wrong = [(row["line"], row["expected"], got) for row in rows if (got := engine_line(row["ruleset"], row["line"])) != row["expected"]]
    assert wrong == []
    kinds = Counter("error" if "error" in row["expected"] else "scored" for row in rows)
    assert kinds["error"] >= 20 and kinds["scored"] >= 250, kinds


class Tally:
    """One node process answering tally.js's verdicts, a JSON line each way."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [NODE or "node", str(ROOT / "js" / "tally_batch.js")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, question: dict) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(question) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()
        self.process.wait(timeout=30)


# Characters Python's Unicode (14.0) has assigned: node's newer Unicode agrees on those, and an unassigned one
# is quoted as an escape by one and not the other (a difference of versions, not of the readers).
ASSIGNED = st.characters(exclude_categories=("Cn",))
TOKENS = st.sampled_from(
    ["K", "q", "10", "T", "1", "joker", "JK", "*", "7h", "10♠", "JOKER", "KJ", "0", "25", "1010", "ß", "ǰ", "ﬀ", ",", ";",
     " ", "\u00a0", "\u2003", "\x1c", "\x85", "\ufeff", "\u200b", "\t", "\n", "'", '"', "\\", "-", "٣", "…"]
)
TEXTS = st.one_of(
    st.text(ASSIGNED, max_size=16),
    st.lists(TOKENS, max_size=10).map("".join),
    st.lists(st.sampled_from(["K", "Q", "7", "A", "JK", "10"]), max_size=60).map(" ".join),
    st.integers(-(10**13), 10**13).map(str),
    st.integers(-5, 2500).map(str),
    st.text(ASSIGNED, min_size=195, max_size=205),
)


@pytest.mark.skipif(NODE is None, reason="node is not installed (make test installs Debian's nodejs)")
def test_the_engine_and_the_phones_tally_answer_the_same_random_texts():
    counts: Counter[str] = Counter()
    tally = Tally()

    @fuzz(700)
    @given(st.sampled_from(["readHand", "readPoints", "scoreLine"]), TEXTS, TEXTS, st.sampled_from(sorted(RULESETS)),
           st.booleans(), st.frozensets(st.sampled_from(["exact_cut", "one_turn_out"])))
    def same(op, text, other, ruleset_id, out, ticked):
        if op == "scoreLine":
            line = {"cards": text, "points": other if out or len(other) % 3 == 0 else "", "out": out, "ticked": sorted(ticked)}
            question = {"op": op, "ruleset": ruleset_id, "rules": rules_data(ruleset_id), "line": line}
        else:
            question = {"op": op, "text": text}
        expected = engine_answer(question)
        assert tally.ask(question) == expected, question
        counts[f"{op}: {'refused' if 'error' in expected else 'read'}"] += 1

    try:
        same()
    finally:
        tally.close()
    # both answers, many times, for every function the page uses
    for op in ("readHand", "readPoints", "scoreLine"):
        assert counts[f"{op}: read"] >= 40 and counts[f"{op}: refused"] >= 40, counts


ACE_TOKENS = st.sampled_from(["A", "a", "ah", "AS", "a♣", "A♦", "AC", "1", "K", "JK", "7h", "10♠", "2D", "2h", "t", " ", ",", "X"])


@pytest.mark.skipif(NODE is None, reason="node is not installed (make test installs Debian's nodejs)")
def test_the_engine_and_the_phones_tally_score_carioca_and_kalooki_alike():
    """Kalooki's ace scores by its colour (RULES.md §8.4: AS/AC 15, AH/AD 1): typed with its suit, alone or run
    together, both keep it; a bare ace gets the same sentence from both. Carioca's ace is 20 whatever its suit."""
    counts: Counter[str] = Counter()
    tally = Tally()

    @fuzz(400)
    @given(st.lists(ACE_TOKENS, max_size=12).map("".join), st.sampled_from(WIDER))
    def same(text, ruleset_id):
        line = {"cards": text, "points": "", "out": False, "ticked": []}
        question = {"op": "scoreLine", "ruleset": ruleset_id, "rules": rules_data(ruleset_id), "line": line}
        expected = engine_line(ruleset_id, line)
        assert tally.ask(question) == expected, question
        counts[f"{ruleset_id}: {'refused' if 'error' in expected else 'read'}"] += 1
        if "An ace scores by its colour" in expected.get("error", ""):
            counts["bare ace"] += 1

    try:
        same()
    finally:
        tally.close()
    assert min(counts[f"{r}: {a}"] for r in WIDER for a in ("read", "refused")) >= 30 and counts["bare ace"] >= 10, counts
