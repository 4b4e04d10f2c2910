"""Writes tests/golden/godown_english.json: the go-down checker's English rulings, as commit 646d08e gave them.

Run it from a checkout of that commit (before any of the checker's sentences went through
``companion.rules.speech``), with this file and tests/test_speech_godown.py copied beside its tests::

    git archive 646d08e | tar -x -C /tmp/old && cp tests/golden/make_godown_english.py tests/test_speech_godown.py /tmp/old/tests/
    cd /tmp/old && python tests/make_godown_english.py tests/golden/godown_english.json

It judges RULES.md's refused worked examples, the key sentences of tests/test_speech_godown.py, and 20,000 random
go-downs of every built-in (each house option alone, Carioca's escalas together) and of 60 random custom rulesets,
keeping one go-down for each shape of sentence (cards and numbers aside) and the ruleset objects of the custom
rulesets it keeps.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))

import rules_examples  # noqa: E402
import test_carioca_kalooki_rules  # noqa: E402
import test_phase10_rules  # noqa: E402
from random_definitions import random_definition  # noqa: E402

from companion.rules import JOKER, RULESETS, Card, Rank, Suit, check_go_down, find_ruleset, parse_cards, ruleset_from_definition  # noqa: E402
from companion.rules.cards import SKIP, WILD, Colour, Deck  # noqa: E402
from companion.rules.carioca import CARIOCA  # noqa: E402
from companion.rules.kalooki import KALOOKI  # noqa: E402
from companion.rules.phase10 import PHASE10, PHASE10_CARDS  # noqa: E402

BUILT_INS = {"carioca": CARIOCA, "kalooki": KALOOKI, "phase10": PHASE10, "phase10-cards": PHASE10_CARDS}
ESCALAS = ("escala-sucia", "escala-color", "escala-payaso", "escala-real")


def variants() -> tuple[dict, dict]:
    """Every built-in with each house option alone (and Carioca's escalas together), and 60 random custom
    rulesets with their ruleset objects."""
    found = {}
    for base in [*RULESETS.values(), *BUILT_INS.values()]:
        found[base.id] = base
        for option in base.options:
            found[f"{base.id}+{option.key}"] = base.with_options(option.key)
    found["carioca+" + "+".join(ESCALAS)] = CARIOCA.with_options(*ESCALAS)
    found["carioca+red-twos-wild+escala-sucia+escala-real-comodines"] = CARIOCA.with_options("red-twos-wild", "escala-sucia", "escala-real-comodines")
    rng, definitions = random.Random(7), {}
    while len(definitions) < 60:
        definition = random_definition(rng)
        try:
            found[f"custom{len(definitions)}"] = ruleset_from_definition(definition)
        except ValueError:
            continue
        definitions[f"custom{len(definitions)}"] = definition
    return found, definitions


def deck_of(ruleset) -> list[Card]:
    if ruleset.deck is Deck.PHASE10:
        return [Card(Rank(n), None, colour=c) for n in range(1, 13) for c in Colour] + [WILD, SKIP]
    return [Card(r, s) for r in Rank for s in Suit] + [JOKER]


def a_meld(rng: random.Random, ruleset, deck: list[Card], size: int) -> list[Card]:
    """About a set (one rank, wilds), about a run (one suit or colour, in order, a card or two changed), or any."""
    style = rng.random()
    if style < 0.35:
        rank = rng.choice(deck).rank
        pool = [card for card in deck if card.rank == rank] or deck
        return [rng.choice([*pool, JOKER if ruleset.deck is Deck.STANDARD else WILD]) for _ in range(size)]
    if style < 0.75:
        first = rng.choice(deck)
        pool = [c for c in deck if (c.suit is not None and c.suit == first.suit) or (c.colour is not None and c.colour == first.colour)] or deck
        pool = sorted(pool, key=lambda card: int(card.rank) if card.rank else 0)
        start = rng.randrange(len(pool))
        meld = [pool[(start + k) % len(pool)] for k in range(size)]
        for _ in range(rng.randint(0, 2)):
            if meld:
                meld[rng.randrange(len(meld))] = rng.choice(deck)
        return meld
    return [rng.choice(deck) for _ in range(size)]


def random_cases(found: dict, count: int):
    rng = random.Random(11)
    keys = sorted(found)
    for _ in range(count):
        key = rng.choice(keys)
        ruleset = found[key]
        number = rng.randint(1, len(ruleset.deals))
        deal = ruleset.deal(number)
        deck = deck_of(ruleset)
        requirements = list(deal.requirements)
        melds = []
        for index in range(max(0, len(requirements) + rng.choice([0, 0, 0, 0, -1, 1]))):
            length = requirements[index].length if index < len(requirements) else 3
            melds.append(a_meld(rng, ruleset, deck, max(0, min(15, length + rng.choice([-1, 0, 0, 0, 1, 2])))))
        remaining = rng.choice([[], [], [rng.choice(deck)], [rng.choice(deck), rng.choice(deck)]]) if deal.meld_all else None
        yield key, number, melds, remaining, rng.choice([None, None, ruleset.min_players, ruleset.max_players])


def examples():
    """RULES.md's refused worked examples and the key sentences of tests/test_speech_godown.py."""
    source = (TESTS / "test_speech_godown.py").read_text(encoding="utf-8")
    start = source.index("SENTENCES = [") + len("SENTENCES = ")
    sentences = eval(source[start : source.index("]  # fmt: skip", start) + 1])  # noqa: S307 (our own test's data)
    cases = [(r, (), d, m, left, None) for r, _n, d, m, left, legal, _w in rules_examples.GO_DOWNS if not legal]
    cases += [(r, o, d, m, left, p) for r, o, _n, d, m, left, p, legal, _x in test_carioca_kalooki_rules.GO_DOWNS if not legal]
    cases += [(r, (), d, m, None, None) for r, _n, d, m, legal, _f in test_phase10_rules.GO_DOWNS if not legal]
    cases += [(r, o, d, m, left, None) for r, o, d, m, left, _e, _s in sentences]
    for ruleset_id, options, deal, melds, remaining, players in cases:
        base = BUILT_INS.get(ruleset_id) or find_ruleset(ruleset_id)
        ruleset = base.with_options(*options) if options else base
        cards = [parse_cards(meld, deck=ruleset.deck) for meld in melds.split("|")]
        left = None if remaining is None else parse_cards(remaining, deck=ruleset.deck)
        yield "+".join([ruleset_id, *options]), ruleset, deal, cards, left, players


def shape(problem: str) -> str:
    """A sentence with its cards, numbers and contract taken out: ``"# mixes suits."``."""
    text = re.sub(r"\b(10|[2-9AJQK]|1[0-2]|[1-9])[SHDCRBGY]\b|\bJK\b|\bW\b|\bSKIP\b", "#", problem)
    text = re.sub(r"\d+", "N", re.sub(r"(# ?)+", "# ", text))
    return re.sub(r"needs [^;.]*", "needs X", text)


def main(target: str) -> None:
    found, definitions = variants()
    cases: list[list] = []
    for key, ruleset, deal, cards, left, players in examples():
        case = [key, deal, [" ".join(map(str, m)) for m in cards], None if left is None else " ".join(map(str, left)), players]
        if case not in [c[:5] for c in cases]:
            cases.append([*case, list(check_go_down(ruleset, deal, cards, left, players).problems)])
    shapes: dict[str, list] = {}
    for key, number, melds, remaining, players in sorted(random_cases(found, 20000), key=lambda c: c[0].startswith("custom")):
        problems = list(check_go_down(found[key], number, melds, remaining, players).problems)
        for problem in problems:
            shapes.setdefault(shape(problem), [key, number, [" ".join(map(str, m)) for m in melds],
                                               None if remaining is None else " ".join(map(str, remaining)), players, problems])  # fmt: skip
    for case in (shapes[s] for s in sorted(shapes)):
        if case[:5] not in [c[:5] for c in cases]:
            cases.append(case)
    used = sorted({case[0] for case in cases if case[0] in definitions})
    with open(target, "w", encoding="utf-8") as out:
        out.write('{"definitions": {\n')
        out.write(",\n".join(f"{json.dumps(k)}: {json.dumps(definitions[k], separators=(',', ':'))}" for k in used))
        out.write('\n},\n"cases": [\n')
        out.write(",\n".join(json.dumps(case, ensure_ascii=False) for case in cases))
        out.write("\n]}\n")
    print(f"{len(shapes)} shapes of sentence, {len(cases)} go-downs, {len(used)} custom rulesets")


if __name__ == "__main__":
    main(sys.argv[1])
