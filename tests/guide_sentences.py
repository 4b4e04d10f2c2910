"""Every sentence the guide and the solver say for the published rulesets, gathered in one structure.

``tests/golden/guide_sentences.json`` holds it as the engine said it in English before its sentences went through
the catalogue (commit 646d08e: ``python tests/guide_sentences.py OUT.json`` run on a checkout of that commit);
``tests/test_speech_guide.py`` gathers it again from the engine and compares, and says it in Spanish to find English
left. The cases: each published ruleset alone, with each house option and with all of them; every table size; every
deal; the rules the solver does not know yet (RULES.md §8, the refusals of tests/test_phase10_solver.py and
tests/test_family_solver.py), a search stopped at its budget, and snapshots that are not one.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from companion.rules.cards import parse_cards
from companion.rules.guide import deal_reminders, rules_facts, setup_card
from companion.rules.published import PUBLISHED_RULESETS
from companion.rules.rulesets import AceRule, RulesError, SameSuitRuns, Requirement
from companion.rules.snapshot import ruleset_from_dict, ruleset_to_dict
from companion.rules.family_search import unsolved_family_rules
from companion.rules.solver import solve
from companion.rules.wider_search import unsolved_rules


def variants() -> dict:
    """Every published ruleset, with each house option alone and with all of them, by name."""
    found = {}
    for ruleset in PUBLISHED_RULESETS.values():
        found[ruleset.id] = ruleset
        keys = [option.key for option in ruleset.options]
        for key in keys:
            found[f"{ruleset.id}+{key}"] = ruleset.with_options(key)
        if len(keys) > 1:
            found[f"{ruleset.id}+all"] = ruleset.with_options(*keys)
    return found


def guide_sentences(ruleset) -> dict:
    """What the guide says of one ruleset: its rules card, its setup card at each table size, each deal's
    reminders at the smallest and the largest table."""
    players = range(ruleset.min_players, ruleset.max_players + 1)
    ends = sorted({ruleset.min_players, ruleset.max_players})
    return {
        "facts": [[fact.key, fact.label, fact.text] for fact in rules_facts(ruleset)],
        "setup": {str(n): [setup_card(ruleset, n).wilds, setup_card(ruleset, n).buying] for n in players},
        "reminders": {f"{deal.number}/{n}": deal_reminders(ruleset, deal, n) for deal in ruleset.deals for n in ends},
    }


def _phase10_changed(**changes):
    return dataclasses.replace(PUBLISHED_RULESETS["phase10"], **changes)


def refused_cases() -> list:
    """(name, ruleset, deal, hand, budget): hands the solver refuses with a sentence."""
    phase10, phase10_cards = PUBLISHED_RULESETS["phase10"], PUBLISHED_RULESETS["phase10-cards"]
    carioca, kalooki = PUBLISHED_RULESETS["carioca"], PUBLISHED_RULESETS["kalooki"]
    phase_hand = "9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R"
    family_hand = "3H 4H 5H 6H 9H 10H JH QH 7S 7C 7D 7H KS KD"
    two_colours = dataclasses.replace(phase10, deals=(
        dataclasses.replace(phase10.deals[7], number=1, requirements=Requirement.from_symbols("C4 C4")),))  # fmt: skip
    return [
        ("phase10 exact", _phase10_changed(exact=True), 2, phase_hand, None),
        ("phase10 max_wilds", _phase10_changed(max_wilds=1), 1, phase_hand, None),
        ("phase10 dup_suits", _phase10_changed(dup_suits=False), 1, phase_hand, None),
        ("phase10 two colours", two_colours, 1, "1R 2R 3R 4R 1B 2B 3B 4B", None),
        ("phase10 family", _phase10_changed(run_wilds_adjacent=False), 2, phase_hand, None),
        ("phase10-cards same suit", dataclasses.replace(phase10_cards, run_suit="same"), 2, "9S 9H KC 3D 4C", None),
        ("kalooki around", dataclasses.replace(kalooki, aces=AceRule.AROUND), 1, family_hand, None),
        ("carioca repeat", dataclasses.replace(carioca, repeat_rank=True), 1, family_hand, None),
        ("kalooki dup_suits", dataclasses.replace(kalooki, dup_suits=False), 1, family_hand, None),
        ("carioca not touching", dataclasses.replace(carioca, same_suit_runs=SameSuitRuns.NO_CONTIGUOUS), 3, family_hand, None),
        ("phase10 budget", phase10, 6, "W W W W 1R 2B 3G 5Y 7R 9B 11G", 50),
        ("kalooki budget", kalooki, 9, "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD JC QC KC AC JK", 50),
        ("contract budget", PUBLISHED_RULESETS["contract"], 1, "7H 7S 7D KH KS JK 2C 9D 4S 5S 6S", 5),
        ("contract too many", PUBLISHED_RULESETS["contract"], 1, " ".join(["7H"] * 25), None),
    ]


def unsolved_cases() -> dict:
    """The rules each search does not know yet, in words, for deals no published ruleset has (RULES.md §8)."""
    phase10, carioca = PUBLISHED_RULESETS["phase10"], PUBLISHED_RULESETS["carioca"]
    free_runs = dataclasses.replace(PUBLISHED_RULESETS["contract"], run_suit="any")
    ladder = carioca.with_options("escala-sucia").deals[-1]
    with_a_set = dataclasses.replace(ladder, requirements=ladder.requirements + Requirement.from_symbols("S3"))
    return {
        "wider meld_all": unsolved_rules(phase10, dataclasses.replace(phase10.deals[1], meld_all=True)),
        "wider pair": unsolved_rules(phase10, dataclasses.replace(phase10.deals[1], requirements=Requirement.from_symbols("P2 R4"))),
        "wider ladder": unsolved_rules(phase10, ladder),
        "wider aces": unsolved_rules(free_runs, free_runs.deals[1]),
        "family meld_all": unsolved_family_rules(carioca, dataclasses.replace(carioca.deals[1], meld_all=True)),
        "family wilds only": unsolved_family_rules(dataclasses.replace(carioca, min_naturals=0), carioca.deals[1]),
        "family lengths": unsolved_family_rules(carioca, dataclasses.replace(carioca.deals[1], requirements=Requirement.from_symbols("R4 R5"))),
        "family circle": unsolved_family_rules(dataclasses.replace(carioca, aces=AceRule.AROUND),
                                               dataclasses.replace(carioca.deals[1], requirements=Requirement.from_symbols("R7 R8"))),
        "family pair colour": unsolved_family_rules(carioca, dataclasses.replace(carioca.deals[1], requirements=Requirement.from_symbols("P2 C4 S3"))),
        "family ladder": unsolved_family_rules(carioca, with_a_set),
    }  # fmt: skip


def refusal(ruleset, deal: int, hand: str, budget: int | None) -> str:
    """The solver's sentence for a hand it refuses."""
    try:
        cards = parse_cards(hand, deck=ruleset.deck)
        solve(ruleset, deal, cards) if budget is None else solve(ruleset, deal, cards, budget=budget)
    except RulesError as error:
        return str(error)
    raise AssertionError(f"{ruleset.id} deal {deal}: {hand} was not refused")


def snapshot_refusals() -> dict:
    """The snapshot's sentences for data that is not a snapshot."""
    said = {}
    contract = ruleset_to_dict(PUBLISHED_RULESETS["contract"])
    for name, data in (("list", [1]), ("version", {**contract, "snapshot_version": 99}),
                       ("field", {key: value for key, value in contract.items() if key != "deals"})):  # fmt: skip
        try:
            ruleset_from_dict(data)  # type: ignore[arg-type]
        except ValueError as error:
            said[name] = str(error)
    return said


def everything() -> dict:
    """The whole structure the golden file holds."""
    return {
        "guide": {name: guide_sentences(ruleset) for name, ruleset in variants().items()},
        "refused": {name: refusal(ruleset, deal, hand, budget) for name, ruleset, deal, hand, budget in refused_cases()},
        "unsolved": unsolved_cases(),
        "snapshot": snapshot_refusals(),
    }


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(everything(), out, ensure_ascii=False, indent=1, sort_keys=True)
        out.write("\n")
