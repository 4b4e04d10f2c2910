"""Write ``layoff_english.json``: the English problems of many seeded lay-offs, exchanges and hits.

Written once from the code before its sentences went through ``companion/rules/speech.py`` (issue 20), so that
``tests/test_speech_layoff.py`` holds the English byte for byte. Run from a checkout of that code:

    PYTHONPATH=<checkout> python tests/golden/make_layoff_english.py > tests/golden/layoff_english.json

A case is ``[what, ruleset, meld, cards, options]`` as the test's ``ruled`` reads it.
"""

from __future__ import annotations

import json
import random
import sys

from companion.rules import RULESETS, Card, MeldKind, check_joker_exchange, check_lay_off, parse_cards
from companion.rules.cards import Deck
from companion.rules.carioca import CARIOCA
from companion.rules.kalooki import KALOOKI
from companion.rules.phase10 import PHASE10, PHASE10_CARDS

BUILT_INS = {**RULESETS, "phase10": PHASE10, "phase10-cards": PHASE10_CARDS, "carioca": CARIOCA, "kalooki": KALOOKI}
SPECS = sorted(BUILT_INS) + ["contract+deuces-wild", "phase10+hit-next-turn"]
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
STANDARD = [f"{rank}{suit}" for rank in RANKS for suit in "SHDC"] + ["JK"]
NUMBERED = [f"{number}{colour}" for number in range(1, 13) for colour in "RBGY"] + ["W", "SKIP"]
KINDS = [None, "set", "run", "pair", "colour"]


def ruleset_of(spec: str):
    ruleset_id, *options = spec.split("+")
    return BUILT_INS[ruleset_id].with_options(*options) if options else BUILT_INS[ruleset_id]


def a_run(rng: random.Random, phase10: bool) -> list[str]:
    """Cards in a row (of one suit on standard cards), a wild or two among them: runs that take lay-offs."""
    length = rng.randint(3, 8)
    low = rng.randint(1, 14 - length)
    if phase10:
        cards = [f"{n}{rng.choice('RBGY')}" for n in range(low, min(low + length, 13))]
    else:
        suit = rng.choice("SHDC")
        cards = [f"{RANKS[n - 1]}{suit}" for n in range(low, low + length)]
    for _ in range(rng.randint(0, 2)):
        cards[rng.randrange(len(cards))] = "W" if phase10 else "JK"
    return cards


def a_set(rng: random.Random, phase10: bool) -> list[str]:
    """Three or four cards of one rank, a wild perhaps."""
    rank = rng.choice([str(n) for n in range(1, 13)] if phase10 else RANKS)
    cards = [f"{rank}{rng.choice('RBGY' if phase10 else 'SHDC')}" for _ in range(rng.randint(3, 4))]
    if rng.random() < 0.3:
        cards[rng.randrange(len(cards))] = "W" if phase10 else "JK"
    return cards


def a_meld(rng: random.Random, phase10: bool) -> list[str]:
    deck = NUMBERED if phase10 else STANDARD
    return rng.choice([a_run, a_set, lambda r, _: r.sample(deck, r.randint(0, 6))])(rng, phase10)


def a_case(rng: random.Random) -> list:
    spec = rng.choice(SPECS)
    phase10 = ruleset_of(spec).deck is Deck.PHASE10
    deck = NUMBERED if phase10 else STANDARD
    meld = " ".join(a_meld(rng, phase10))
    if not phase10 and rng.random() < 0.3:
        options = {"went_down_before_this_turn": rng.random() < 0.8}
        return ["exchange", spec, meld, rng.choice(deck), options]
    cards = " ".join(rng.choice(deck) for _ in range(rng.randint(0, 3)))
    options = {"kind": rng.choice(KINDS), "turns_since_going_down": rng.choice([None, 0, 1]), "own_run": rng.random() < 0.3}
    if not phase10 and rng.random() < 0.25:
        options["moved_from"] = " ".join(a_meld(rng, phase10))
    return ["lay off", spec, meld, cards, options]


def ruled(case: list) -> list[str]:
    what, spec, meld, cards, options = case
    ruleset = ruleset_of(spec)
    options = dict(options)
    if "moved_from" in options:
        options["moved_from"] = parse_cards(options["moved_from"], deck=ruleset.deck)
    if options.get("kind") is not None:
        options["kind"] = MeldKind(options["kind"])
    meld_cards = parse_cards(meld, deck=ruleset.deck)
    if what == "exchange":
        return list(check_joker_exchange(ruleset, meld_cards, Card.parse(cards, ruleset.deck), **options).problems)
    return list(check_lay_off(ruleset, meld_cards, parse_cards(cards, deck=ruleset.deck), **options).problems)


def main() -> None:
    rng = random.Random(20)  # issue 20
    answers = []
    for case in (a_case(rng) for _ in range(1000)):
        try:
            answers.append({"case": case, "problems": ruled(case)})
        except KeyError:  # the code before issue 20 raised on a colour group of fewer than 3 standard cards
            print("left out, it raised:", case, file=sys.stderr)
    print(json.dumps(answers, indent=0, ensure_ascii=False))


if __name__ == "__main__":
    main()
