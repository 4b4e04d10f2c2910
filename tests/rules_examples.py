"""The worked examples of RULES.md §4, as data.

Each go-down example is ``(ruleset, rule name, deal, melds, remaining, legal,
words)``: ``words`` are fragments the first problem must contain, so the
sentence a player reads is pinned to the rule it explains. Scoring examples
are ``(ruleset, cards, points)``.
"""

GO_DOWNS = [
    # 4.1 contract
    ("contract", "deal_1_two_groups_joker_in_group", 1, "7H 7S 7D | KC KD JK", None, True, ()),
    ("contract", "deal_1_suits_may_repeat_with_two_packs", 1, "7H 7H 7S | KC KD KS", None, True, ()),
    ("contract", "deal_1_group_is_exactly_3", 1, "7H 7S 7D 7C | KC KD KS", None, False, ("exactly 3", "later turn")),
    ("contract", "deal_1_three_7h_exceed_two_packs", 1, "7H 7H 7H | KC KD KS", None, False, ("Three 7H", "two packs")),
    ("contract", "deal_2_joker_fills_run_gap", 2, "9C 9D 9S | 5S 6S JK 8S", None, True, ()),
    ("contract", "deal_2_no_joker_cap", 2, "9C 9D 9S | 5S JK JK 8S", None, True, ()),
    ("contract", "deal_2_run_mixes_suits", 2, "9C 9D 9S | 5S 6S 7H 8S", None, False, ("mixes suits",)),
    ("contract", "deal_2_gap_without_wild", 2, "9C 9D 9S | 5S 6S 8S 9S", None, False, ("skips 7S",)),
    ("contract", "deal_3_no_round_the_corner", 3, "QH KH AH 2H | 5C 6C 7C 8C", None, False, ("Q-K-A-2", "round the corner")),
    ("contract", "deal_3_same_suit_runs_must_not_join", 3, "3D 4D 5D 6D | 7D 8D 9D 10D", None, False, ("join end to end",)),
    ("contract", "deal_7_meld_every_card", 7, "AS 2S 3S 4S | 5H 6H 7H 8H 9H | 10C JC QC KC", "", True, ()),
    ("contract", "deal_7_unmelded_card", 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D", False, ("9D",)),
    # 4.3 parlett
    ("parlett", "deal_1_one_wild_per_set", 1, "8C 8D JK | QS QH QD", None, True, ()),
    ("parlett", "deal_1_two_wilds_in_one_meld", 1, "8C JK JK | QS QH QD", None, False, ("2 wilds",)),
    ("parlett", "deal_3_overlapping_runs", 3, "2H 3H 4H 5H | 4H 5H 6H 7H", None, True, ()),
    ("parlett", "deal_3_consecutive_runs", 3, "2H 3H 4H 5H | 6H 7H 8H 9H", None, False, ("join end to end",)),
    ("parlett", "deal_3_runs_with_gap", 3, "2H 3H 4H 5H | 7H 8H 9H 10H", None, True, ()),
    ("parlett", "deal_5_ace_high_run", 5, "9S 9D 9C | 4H 4S 4D | JD QD KD AD", None, True, ()),
    ("parlett", "deal_5_no_round_the_corner", 5, "9S 9D 9C | 4H 4S 4D | KD AD 2D 3D", None, False, ("round the corner",)),
    ("parlett", "deal_6_run_is_exactly_4", 6, "5C 5D 5H | 6S 7S 8S 9S 10S | 2D 3D 4D 5D", None, False, ("exactly 4",)),
    # 4.4 combination
    ("combination", "deal_1_two_sets", 1, "KH KD KS | 4C 4D JK", None, True, ()),
    ("combination", "deal_1_needs_two_sets", 1, "KH KD KS", None, False, ("Deal 1 needs two sets", "1 meld")),
    ("combination", "deal_2_set_and_run", 2, "10C 10D 10S | 4H 5H 6H 7H", None, True, ()),
    ("combination", "deal_2_run_needs_4", 2, "10C 10D 10S | 4H 5H 6H", None, False, ("3 cards", "run needs 4")),
    ("combination", "deal_3_ace_high_then_low", 3, "JS QS KS AS | AC 2C 3C 4C", None, True, ()),
    ("combination", "deal_3_no_round_the_corner", 3, "KS AS 2S 3S | 5C 6C 7C 8C", None, False, ("round the corner",)),
    ("combination", "deal_4_no_natural_card", 4, "JK JK JK | 5C 5D 5H | 8S 8D 8C", None, False, ("no natural card",)),
    ("combination", "deal_7_meld_every_card", 7, "AS 2S 3S 4S | 5H 6H 7H 8H 9H | 10C JC QC KC", "", True, ()),
    ("combination", "deal_7_unmelded_card", 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D", False, ("9D",)),
    # 4.5 may-i
    ("may-i", "deal_1_bigger_groups_are_fine", 1, "7H 7S 7D 7C | KC KD KS", None, True, ()),
    ("may-i", "deal_3_longer_runs_are_fine", 3, "3H 4H 5H 6H 7H | 2C 3C 4C 5C 6C 7C", None, True, ()),
    ("may-i", "deal_3_contiguous_runs_are_fine", 3, "3D 4D 5D 6D | 7D 8D 9D 10D", None, True, ()),
    ("may-i", "deal_3_needs_runs_not_a_group", 3, "5C 5D 5H | 6S 7S 8S 9S", None, False, ("5C 5D 5H is a group", "runs")),
    ("may-i", "deal_1_no_natural_card", 1, "JK JK JK | 4C 4D 4S", None, False, ("no natural card",)),
    ("may-i", "deal_2_no_round_the_corner", 2, "9C 9D 9S | JH QH KH AH 2H", None, False, ("round the corner",)),
    ("may-i", "deal_2_big_group_and_jokers", 2, "7H 7H 7S 7S 7D | 5S JK JK 8S", None, True, ()),
    ("may-i", "deal_7_discard_allowed", 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D", True, ()),
    # 4.6 shanghai
    ("shanghai", "deal_1_one_joker_book", 1, "8H 8S JK | QC QD QS", None, True, ()),
    ("shanghai", "deal_1_book_holds_one_joker", 1, "8H JK JK | QC QD QS", None, False, ("2 wilds", "1 per meld")),
    ("shanghai", "deal_1_one_joker_in_each_book", 1, "8H JK 8S | QC JK QS", None, True, ()),
    ("shanghai", "deal_4_no_two_books_of_one_rank", 4, "8H 8S 8D | 8C 8H 8S | KD KS KC", None, False, ("Two books of 8s",)),
    ("shanghai", "deal_2_aces_high_only", 2, "5C 5D 5H | AS 2S 3S 4S", None, False, ("Aces are high only",)),
    ("shanghai", "deal_2_ace_high_run", 2, "5C 5D 5H | JS QS KS AS", None, True, ()),
    ("shanghai", "deal_3_consecutive_heart_runs", 3, "6H 7H 8H 9H | 10H JH QH KH", None, False, ("join end to end",)),
    ("shanghai", "deal_3_runs_of_two_suits", 3, "6H 7H 8H 9H | 10C JC QC KC", None, True, ()),
    ("shanghai", "deal_7_meld_every_card", 7, "2S 3S 4S 5S | 7H 8H 9H 10H | JC QC KC AC", "", True, ()),
    ("shanghai", "deal_7_every_card_must_be_melded", 7, "2S 3S 4S 5S | 7H 8H 9H 10H | JC QC KC AC", "9D", False, ("9D",)),
    # 4.7 shanghai-powe
    ("shanghai-powe", "deal_3_one_run_per_suit", 3, "6H 7H 8H 9H | JH QH KH AH", None, False, ("one run per suit",)),
    ("shanghai-powe", "deal_3_runs_of_two_suits", 3, "6H 7H 8H 9H | JC QC KC AC", None, True, ()),
    ("shanghai-powe", "deal_7_four_books", 7, "4C 4D 4H | 9S 9D 9C | KH KS KD | 2C 2D 2S", None, True, ()),
    ("shanghai-powe", "deal_7_needs_four_books", 7, "4C 4D 4H | 9S 9D 9C | KH KS KD", None, False, ("Deal 7 needs four books",)),
    ("shanghai-powe", "deal_8_three_runs", 8, "2S 3S 4S 5S | 7H 8H 9H 10H | JC QC KC AC", None, True, ()),
    ("shanghai-powe", "deal_8_two_runs_in_spades", 8, "2S 3S 4S 5S | 7S 8S 9S 10S | JC QC KC AC", None, False, ("one run per suit",)),
    ("shanghai-powe", "deal_2_aces_high_only", 2, "5C 5D 5H | AD 2D 3D 4D", None, False, ("Aces are high only",)),
    ("shanghai-powe", "deal_1_one_joker_per_book", 1, "8H JK JK | QC QD QS", None, False, ("2 wilds",)),
    # 4.8 shanghai-kolsov
    ("shanghai-kolsov", "deal_5_run_of_7", 5, "9C 9D 9H | 3S 4S 5S 6S 7S 8S 9S", None, True, ()),
    ("shanghai-kolsov", "deal_5_needs_run_of_7", 5, "9C 9D 9H | 3S 4S 5S 6S", None, False, ("run needs 7",)),
    ("shanghai-kolsov", "deal_6_two_sets_and_run_of_5", 6, "KC KD KH | 4C 4D 4S | 8D 9D 10D JD QD", None, True, ()),
    ("shanghai-kolsov", "deal_8_run_of_10", 8, "2H 2S 2D | 5C 6C 7C 8C 9C 10C JC QC KC AC", None, True, ()),
    ("shanghai-kolsov", "deal_8_nothing_follows_the_ace", 8, "2H 2S 2D | 6C 7C 8C 9C 10C JC QC KC AC 2C", None, False, ("Aces are high only",)),
    ("shanghai-kolsov", "deal_10_three_runs_of_5", 10, "2H 3H 4H 5H 6H | 9S 10S JS QS KS | 8D 9D 10D JD QD", None, True, ()),
    ("shanghai-kolsov", "deal_10_consecutive_heart_runs", 10, "2H 3H 4H 5H 6H | 7H 8H 9H 10H JH | 8D 9D 10D JD QD", None, False, ("join end to end",)),
    ("shanghai-kolsov", "deal_9_two_sets_of_5s", 9, "5C 5D 5H | 5S 5C 5D | JH JS JD | 8S 9S 10S JS QS", None, False, ("Two sets of 5s",)),
    # 4.9 continental
    ("continental", "hand_1_trio_with_repeated_suit", 1, "3C 3C 3H | QD QS QH", None, True, ()),
    ("continental", "hand_1_trio_of_10s_with_two_jokers", 1, "10S JK JK | QD QS QH", None, True, ()),
    ("continental", "hand_1_three_jokers_but_two_in_game", 1, "10S JK JK | QD JK QH", None, False, ("Three jokers", "two")),
    ("continental", "hand_2_ace_high_run", 2, "5C 5D 5H | JS QS KS AS", None, True, ()),
    ("continental", "hand_2_no_round_the_corner", 2, "5C 5D 5H | QS KS AS 2S", None, False, ("round the corner",)),
    ("continental", "hand_3_run_needs_4", 3, "4H 5H 6H | 8C 9C 10C JC", None, False, ("run needs 4",)),
    ("continental", "hand_4_trio_needs_3", 4, "7H 7S | 8C 8D 8H | 9S 9D 9C", None, False, ("trio needs 3",)),
    ("continental", "hand_7_three_runs", 7, "AH 2H 3H 4H | 9S 10S JS QS | 5D 6D 7D 8D", None, True, ()),
    # 4.10 progressive
    ("progressive", "deal_1_identical_cards", 1, "9C 9C 9D | 4S 4H 4D", None, True, ()),
    ("progressive", "deal_1_three_9c_exceed_two_packs", 1, "9C 9C 9C | 4S 4H 4D", None, False, ("Three 9C", "two packs")),
    ("progressive", "deal_2_joker_and_deuce_fill_run", 2, "7D 7S 7H | 9S JK 2C QS", None, True, ()),
    ("progressive", "deal_3_any_number_of_wilds", 3, "JH JS JD JC | 6C 6D 2S JK", None, True, ()),
    ("progressive", "deal_4_contiguous_runs_allowed", 4, "3H 4H 5H 6H | 7H 8H 9H 10H", None, True, ()),
    ("progressive", "deal_4_no_round_the_corner", 4, "3H 4H 5H 6H | KC AC JK 3C", None, False, ("round the corner",)),
    ("progressive", "deal_9_two_sets_of_one_rank", 9, "5C 5D 5H | 5S 5C 5D | JH JS JD | 9C 9D 9H", None, True, ()),
    ("progressive", "deal_12_five_runs_of_3", 12, "3H 4H 5H | 6H 7H 8H | 9S 10S JS | QD KD AD | 6C 7C 2D", None, True, ()),
    ("progressive", "deal_14_set_run_and_pair", 14, "8S 8D 8H 8C 8S | 4D 5D 6D 7D JK | KC KH", None, True, ()),
    ("progressive", "deal_14_pair_is_one_rank", 14, "8S 8D 8H 8C 8S | 4D 5D 6D 7D JK | KC QH", None, False, ("pair",)),
]

# Liverpool answers the twelve contract checks the same way (RULES.md §4.2).
GO_DOWNS += [("liverpool",) + example[1:] for example in GO_DOWNS if example[0] == "contract"]

SCORES = [
    ("contract", "KH JK 7S", 32), ("contract", "AS 10D 2C", 27), ("contract", "", 0),
    ("liverpool", "KH JK 7S", 32), ("liverpool", "AS 10D 2C", 27),
    ("parlett", "KH JK 7S", 32), ("parlett", "QD QS 3C", 23), ("parlett", "AH AD", 30),
    ("combination", "KH JK 7S", 32), ("combination", "AS 10D 2C", 27), ("combination", "9C 8C JK JK", 47),
    ("may-i", "KH JK 7S", 42), ("may-i", "JK JK", 50), ("may-i", "AS 10D 2C", 27),
    ("shanghai", "KH JK 7S", 65), ("shanghai", "AS 8D 2C", 35), ("shanghai", "7H 8H", 15),
    ("shanghai-powe", "QS JK", 60), ("shanghai-powe", "2C 3C 4C", 15), ("shanghai-powe", "AH KH", 30),
    ("shanghai-kolsov", "KH JK 7S", 65), ("shanghai-kolsov", "9S 9D", 20), ("shanghai-kolsov", "AC 2C 3C", 30),
    ("continental", "KH JK 7S", 67), ("continental", "AS 10D 2C", 23),
    ("progressive", "KH JK 7S", 35), ("progressive", "2C AS 10D", 40),
]  # fmt: skip
