"""Writes tests/golden/seat_roles.json: who deals, cuts and plays first, worked out by hand from RULES.md.

Each row is a table (seats listed clockwise: A is seat 0, B seat 1, ...), the first dealer, the direction, a
hand's number and the hands only part of the table plays (tie-break hands, by number), with the seats RULES.md's
words give, the words quoted beside them. Nothing here asks the code under test. tests/test_seat_roles.py
checks the engine (companion/rules/seats.py) against the file, tests/js/seats.test.js the phone's
(static/js/tally.js handRoles). Run it again after changing a row:

    .venv/bin/python tests/golden/make_seat_roles.py
"""

from __future__ import annotations

import json
from pathlib import Path

A, B, C, D, E = range(5)
CW, CCW = "clockwise", "counterclockwise"
CLOCKWISE = ("§8.7.13: Clockwise (every ruleset of §3): the deal passes to the left, the player on the dealer's left "
             "plays first, the player on the dealer's right cuts.")  # fmt: skip
CARIOCA = ("§8.7.13: Four players A, B, C, D listed clockwise, A dealing first in Carioca: round 1 A deals, B cuts, "
           "D plays first; round 2 D deals, A cuts, C plays first; round 3 C deals.")  # fmt: skip
TIE = ("§8.7.14: The deal passes, in the ruleset's direction, to the next tied player after the last dealer; the next "
       "tied player after the new dealer plays first; the tied player before the new dealer cuts (with two tied "
       "players, the other one both cuts and plays first).")  # fmt: skip


def row(why, seats, first_dealer, direction, number, dealer, cutter, first, part_table=None):
    return {
        "why": why, "seats": seats, "first_dealer": first_dealer, "direction": direction, "number": number,
        "part_table": {str(hand): list(tied) for hand, tied in (part_table or {}).items()},
        "expected": {"dealer": dealer, "cutter": cutter, "first": first},
    }  # fmt: skip


ROWS = [
    row(CLOCKWISE + " A deals hand 1.", 4, A, CW, 1, A, D, B),
    row(CLOCKWISE + " Hand 2 passes left to B.", 4, A, CW, 2, B, A, C),
    row(CLOCKWISE + " Hand 4 is D's.", 4, A, CW, 4, D, C, A),
    row(CLOCKWISE + " Round the table and back to A.", 4, A, CW, 5, A, D, B),
    row(CLOCKWISE + " Three players, C first: hand 2 is A's.", 3, C, CW, 2, A, C, B),
    row(CARIOCA + " (Round 1.)", 4, A, CCW, 1, A, B, D),
    row(CARIOCA + " (Round 2.)", 4, A, CCW, 2, D, A, C),
    row(CARIOCA + " (Round 3: C's left, D, cuts; C's right, B, plays first.)", 4, A, CCW, 3, C, D, B),
    row(CARIOCA + " (Round 5: back to A.)", 4, A, CCW, 5, A, B, D),
    row("Two players: the other one is on both sides, so cuts and plays first.", 2, B, CW, 1, B, A, A),
    row("Two players, counter-clockwise: hand 2 passes to the other.", 2, B, CCW, 2, A, B, B),
    row("§8.7.14: Five players A-E listed clockwise, A dealt hand 11, B and D tie: hand 12 is dealt by B, cut by D and "
        "played first by D.", 5, A, CW, 12, B, D, D, {12: (B, D)}),
    row(TIE + " A second tie-break hand between B and D passes from B to D.", 5, A, CW, 13, D, B, B,
        {12: (B, D), 13: (B, D)}),
    row(TIE + " A dealt hand 11; B, C and E tie: B deals, C plays first, E cuts.", 5, A, CW, 12, B, E, C,
        {12: (B, C, E)}),
    row(TIE + " Counter-clockwise, A dealt hand 11; B, C and E tie: to A's right E deals; to E's right D sits out, "
        "so C plays first; on E's left A sits out, so B cuts.", 5, A, CCW, 12, E, B, C, {12: (B, C, E)}),
    row(TIE + " Hand 10 was B's; A, B and D tie: the next tied player after B is D.", 4, A, CW, 11, D, B, A,
        {11: (A, B, D)}),
    row(TIE + " Hand 10 was B's, who is tied with C: the deal passes on to C.", 4, A, CW, 11, C, B, B, {11: (B, C)}),
    row(TIE + " Four players, Ann first, Ann and Dee tie after hand 10 (Ben's): Dee deals hand 11, Ann cuts and "
        "plays first; hand 12 passes on to Ann.", 4, A, CW, 12, A, D, D, {11: (A, D), 12: (A, D)}),
]  # fmt: skip

if __name__ == "__main__":
    path = Path(__file__).resolve().parent / "seat_roles.json"
    path.write_text(json.dumps({"rows": ROWS}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
