"""The sentence cases of the rules engine's scoring, tally, cards, progression and ruleset refusals: every input
below run through the engine, each answer (a value or an exception's sentence) as one string.

``tests/golden/engine_sentences.json`` holds the English answers the engine gave before its sentences went through
:mod:`companion.rules.speech` (commit 646d08e, written by running :func:`sentences` against that code), so
``tests/test_speech_engine_sentences.py`` checks English byte for byte, and runs the same cases in Spanish.
"""

import dataclasses
import json
from companion.rules.published import PUBLISHED_RULESETS, find_published_ruleset
from companion.rules.cards import Card, Deck, Rank
from companion.rules import tally, scoring
from companion.rules.deal_score import (
    LineEntry,
    DealTable,
    judge_deal,
    score_line,
    bonus_problem,
    read_cards,
    read_points,
)
from companion.rules.progression import HandLine, PlayedHand, follow_game

out: list = []


def catch(f, *a, **k):
    try:
        out.append(repr(f(*a, **k)))
    except Exception as e:  # noqa
        out.append(type(e).__name__ + ": " + str(e))


def _problems(ruleset, names, hands) -> list[str]:
    """The sentences of a followed game's problems."""
    return [problem.sentence for problem in follow_game(ruleset, names, hands).problems]


def run():
    """The cards, tally, scoring, deal score, ruleset and progression cases."""
    for deck in (None, Deck.STANDARD, Deck.PHASE10):
        for token in ["1X", "7h", "w", "13R", "07R", "JK", "skip", 5, "  zz ", "10♦", "7R", "Q♠"]:
            catch(Card.parse, token, deck) if deck else catch(Card.parse, token)
    catch(Rank.from_label, "Z")
    for text in ["K X", "ah", "1", "K Q 7 jk", "kq7jk", "1010", "123", "K1", "K0", "KZ", "ǰ", "Q!"]:
        catch(tally.read_hand, text)
        catch(tally.parse_ranks, text)
        catch(tally.read_phase10_hand, text)
    catch(tally.parse_ranks, [5])
    catch(tally.read_phase10_hand, "13 W SKIP zzzzzzzzzzzzzzzzzz")
    for r in PUBLISHED_RULESETS.values():
        d = r.deals[0]
        for players in (r.min_players, r.max_players):
            for buys in (0, 1, 2):
                hand = (
                    ["7"] * 9 + ["JK"] * 7 + ["K"] * 30
                    if r.deck is Deck.STANDARD
                    else ["7"] * 9 + ["W"] * 9 + ["SKIP"] * 5 + ["3"] * 20
                )
                catch(tally.hand_warnings, r, d, hand, players=players, buys=buys)
                catch(tally.hand_warnings, r, d, hand[:12], players=players, buys=buys)
            if r.deck is Deck.STANDARD:
                catch(tally.table_warnings, r, [["JK"] * 3, ["7"] * 5, ["JK"] * 2 + ["7"] * 4], players=players)
                catch(tally.table_warnings, r, [["JK"] * 9, ["7"] * 9], players=players)
        catch(r.deal, 0)
        catch(r.deal, len(r.deals) + 1)
        catch(r.deal, "9")
        catch(r.players_refusal, 99)
        catch(r.table, 99)
        catch(r.with_options, "nope")
        if r.deck is Deck.STANDARD:
            catch(scoring.ace_colour_sentence, r)
        for ticked in ({"exact_cut"}, {"one_turn_out"}, {"exact_cut", "one_turn_out"}):
            for went in (True, False):
                catch(bonus_problem, r, ticked, went_out=went, cutter="Ann")
                catch(bonus_problem, r, ticked, went_out=went)
        catch(score_line, r, cards="K A", points="5")
        catch(score_line, r, cards="A K")
    for text in ["x" * 300, " ".join(["K"] * 60), "K Q"]:
        catch(read_cards, text)
    for text in ["25.5", "-3", "99999", "abcdefghijklmnopq", "25"]:
        catch(read_points, text)
    contract = PUBLISHED_RULESETS["contract"]
    table = DealTable(names={0: "Ann", 1: "Bob", 2: "Cy"}, cutter=2)
    for went_out in (None, "stock", 0, 7):
        for lines in (
            [LineEntry(position=0, cards="K"), LineEntry(position=1), LineEntry(position=2)],
            [LineEntry(position=0), LineEntry(position=1), LineEntry(position=2, cards="K JK JK JK JK JK")],
            [
                LineEntry(position=0, cards="7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7"),
                LineEntry(position=1, ticked=frozenset({"exact_cut"})),
                LineEntry(position=2),
            ],
        ):
            catch(judge_deal, contract, 1, table, went_out, lines)
    catch(
        judge_deal,
        PUBLISHED_RULESETS["liverpool"],
        1,
        table,
        "stock",
        [
            LineEntry(position=0, ticked=frozenset({"exact_cut"}), cards="K"),
            LineEntry(position=1, cards="K"),
            LineEntry(position=2, cards="K"),
        ],
    )
    # Ruleset value errors
    base = PUBLISHED_RULESETS["contract"]
    for name, value in [
        ("max_wilds", -1),
        ("set_min_length", 9),
        ("deuces_wild", "yes"),
        ("name", ""),
        ("summary", 5),
        ("aces", "sideways"),
        ("tiebreak", "replay_last_phase"),
        ("skips", "JK"),
        ("skips", "SKIP"),
        ("min_naturals_set", 99),
        ("max_wilds_per_contract", -2),
        ("run_wild_min_gap", 0),
    ]:
        catch(dataclasses.replace, base, **{name: value})
    p10 = PUBLISHED_RULESETS["phase10"]
    for name, value in [("deuces_wild", True), ("aces", "around"), ("run_suit", "same"), ("progression", "fixed")]:
        catch(dataclasses.replace, p10, **{name: value})
    catch(
        dataclasses.replace,
        p10,
        deals=(p10.deals[0], dataclasses.replace(p10.deals[1], cards_dealt=11)) + p10.deals[2:],
    )
    catch(dataclasses.replace, p10, points=base.points)
    from companion.rules.rulesets import Requirement

    catch(
        dataclasses.replace,
        base,
        deals=(dataclasses.replace(base.deals[0], requirements=Requirement.from_symbols("S2 S3")),) + base.deals[1:],
    )
    car = PUBLISHED_RULESETS["carioca"]
    catch(
        dataclasses.replace,
        car,
        deals=(dataclasses.replace(car.deals[0], requirements=Requirement.from_symbols("R14")),) + car.deals[1:],
    )
    lad = car.with_options("escala-real")
    catch(dataclasses.replace, lad, deals=lad.deals[:-1] + (dataclasses.replace(lad.deals[-1], cards_dealt=11),))
    catch(dataclasses.replace, lad, kings_wild=True, aces="low_only")
    catch(find_published_ruleset, "uno")
    # progression
    for rid in ("phase10", "phase10-masters", "contract"):
        r = PUBLISHED_RULESETS.get(rid) or PUBLISHED_RULESETS["phase10"].with_options(
            *[o.key for o in PUBLISHED_RULESETS["phase10"].options][:1]
        )
        names = {0: "Ann", 1: "Bob"}
        hands = [
            PlayedHand(
                lines=(HandLine(seat=0, made=False, points=10), HandLine(seat=5, made=True, points=0)), went_out=0
            ),
            PlayedHand(
                lines=(
                    HandLine(seat=0, made=True, points=0, chosen_phase=1),
                    HandLine(seat=1, made=True, points=5, chosen_phase=99),
                ),
                went_out=3,
            ),
            PlayedHand(lines=(HandLine(seat=0, made=True, points=0, chosen_phase=1),), went_out=None),
        ]
        catch(_problems, r, names, hands)
    for o in PUBLISHED_RULESETS["phase10"].options:
        r = PUBLISHED_RULESETS["phase10"].with_options(o.key)
        names = {0: "Ann", 1: "Bob"}
        hands = [
            PlayedHand(
                lines=(
                    HandLine(seat=0, made=True, points=0, chosen_phase=None),
                    HandLine(seat=1, made=True, points=0, chosen_phase=1),
                ),
                went_out=1,
            )
        ] + [
            PlayedHand(
                lines=(
                    HandLine(seat=0, made=True, points=0, chosen_phase=n),
                    HandLine(seat=1, made=True, points=0, chosen_phase=n),
                ),
                went_out=None,
            )
            for n in range(1, 12)
        ]
        catch(_problems, r, names, hands)


def more():
    """Phase 10 games that end, tie and choose phases; a ruleset made in Python with a field of the wrong type."""
    base = PUBLISHED_RULESETS["contract"]
    for name, value in [("supply", 5), ("supply", ()), ("points", 5), ("settlement", 5)]:
        catch(dataclasses.replace, base, **{name: value})
    catch(base.changed, [("points", 5)])
    catch(base.changed, [("jokers", "x")])
    catch(base.changed, [("extra_deal", 5)])
    catch(base.changed, [("deal_changes", 5)])
    p10 = PUBLISHED_RULESETS["phase10"]
    masters = p10.with_options("masters")
    names = {0: "Ann", 1: "Bob", 2: "Cy"}
    catch(
        lambda: [
            p.sentence
            for p in follow_game(
                masters,
                names,
                [
                    PlayedHand(
                        lines=(
                            HandLine(seat=0, made=False, points=5, chosen_phase=99),
                            HandLine(seat=1, made=True, points=0, chosen_phase=1),
                            HandLine(seat=2, made=False, points=5, chosen_phase=2),
                        ),
                        went_out=1,
                    )
                ],
            ).problems
        ]
    )
    for r in (p10, masters):
        for tie in (False, True):
            hands = [
                PlayedHand(
                    lines=(
                        HandLine(seat=0, made=True, points=0, chosen_phase=n),
                        HandLine(seat=1, made=True, points=5 if not tie else 0, chosen_phase=n),
                        HandLine(seat=2, made=False, points=50, chosen_phase=1),
                    ),
                    went_out=0,
                )
                for n in range(1, 11)
            ]
            hands += [
                PlayedHand(
                    lines=(
                        HandLine(seat=0, made=True, points=0, chosen_phase=10),
                        HandLine(seat=1, made=True, points=0, chosen_phase=10),
                        HandLine(seat=2, made=True, points=0, chosen_phase=10),
                    ),
                    went_out=0,
                )
            ] * 2
            catch(_problems, r, names, hands)


def sentences() -> list[str]:
    """Every case's answer, in the language in use."""
    out.clear()
    run()
    more()
    return list(out)


if __name__ == "__main__":
    print(json.dumps(sentences(), ensure_ascii=False, indent=0))
