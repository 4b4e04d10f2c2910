"""Reading a hand typed at the table, with or without spaces (companion.rules.tally.read_hand).

Examples from the issue and RULES.md's ranks; then properties against a
brute-force reference written here: every way to cut a word into card
spellings is tried, and the reader must give the one reading there is, or a
sentence when there is none or the word is digits alone (a number of points?).
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from companion.rules.tally import HandTextError, read_hand

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("K994A2", ("K", "9", "9", "4", "A", "2")),
        ("kq7jk", ("K", "Q", "7", "JK")),
        ("10 10 j", ("10", "10", "J")),
        ("T", ("10",)),
        ("K Q 7 JK", ("K", "Q", "7", "JK")),
        ("k, q", ("K", "Q")),
        ("10,10,J", ("10", "10", "J")),
        ("1010q", ("10", "10", "Q")),
        ("tt", ("10", "10")),
        ("10h3c", ("10", "3")),  # a suit after a rank is read and left out: suits don't score
        ("q♠k♥", ("Q", "K")),
        ("kqjoker", ("K", "Q", "JK")),
        ("**", ("JK", "JK")),
        ("J K", ("J", "K")),  # a jack and a king: with a space (JK together is the joker)
        ("KJ", ("K", "J")),
        ("8", ("8",)),
        ("10", ("10",)),
        ("1", ("A",)),  # a lone 1 is an ace, as the keypad's older text had it
        ("", ()),
        ("  ,, ", ()),
    ],
)
def test_typed_hands_are_read(text, ranks):
    assert read_hand(text) == ranks


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("25", "“25” reads like a number: type the cards with spaces (2 5), or the points in the points box."),
        ("994", "“994” reads like a number: type the cards with spaces (9 9 4), or the points in the points box."),
        ("1010", "“1010” reads like a number: type the cards with spaces (10 10), or the points in the points box."),
        ("110", "“110” reads like a number: type the cards with spaces between them, or the points in the points box."),
        ("K1Q", "In “K1Q”, the 1 is not a card: type A for an ace, or 10 for a ten."),
        ("K0", "In “K0”, the 0 is not a card: a ten is 10 or T."),
        ("KX", "In “KX”, “X” is not a card: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
        ("K Z", "'Z' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
        ("1X", "'1X' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
        # a letter that upper-cases to two: "ǰ" is J and a combining caron (this once read past the word: a 500)
        ("ǰ", "'ǰ' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
        ("Kß", "'Kß' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
    ],
)
def test_ambiguous_or_unknown_text_gets_a_sentence(text, message):
    with pytest.raises(HandTextError) as raised:
        read_hand(text)
    assert str(raised.value) == message


# ---------------------------------------------------------------------------
# The brute-force reference

SUITS = ("S", "H", "D", "C", "♠", "♥", "♦", "♣")
# every spelling of one card inside a word, and the rank it names
SPELLINGS = {"JK": "JK", "JOKER": "JK", "*": "JK", "T": "10"}
for _rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "T"):
    SPELLINGS.setdefault(_rank, _rank)
    for _suit in SUITS:
        SPELLINGS[_rank + _suit] = SPELLINGS[_rank]


@functools.cache
def readings(word: str) -> frozenset[tuple[str, ...]]:
    """Every way to cut an upper-case word into card spellings, except a jack cut from a king after it
    (``JK`` is the joker by definition, so J-then-K is not a reading)."""
    if not word:
        return frozenset({()})
    found = set()
    for size in range(1, min(6, len(word)) + 1):
        head = word[:size]
        if head in SPELLINGS:
            for rest in readings(word[size:]):
                if head == "J" and word[size:].startswith("K"):
                    continue
                found.add((SPELLINGS[head], *rest))
    return frozenset(found)


def reference(text: str) -> tuple[str, ...] | None:
    """The hand the text holds, or ``None`` where the reader must answer with a sentence."""
    import re

    ranks: list[str] = []
    for word in (w for w in re.split(r"[\s,;]+", text) if w):
        upper = word.upper()
        if upper == "1":
            ranks.append("A")
            continue
        if upper.isdigit() and upper != "10" and len(upper) > 1:
            return None  # digits alone: points, or cards? asked, not guessed
        options = readings(upper)
        if len(options) != 1:
            return None
        ranks.extend(next(iter(options)))
    return tuple(ranks)


ALPHABET = st.sampled_from(list("AJQKT0123456789SHDC*XO ,") + ["JK", "10", "JOKER", "♠", " "])


@settings(max_examples=600)
@given(st.lists(ALPHABET, max_size=12).map("".join))
@example("kq7jk")
@example("K994A2")
@example("jjk")
@example("JKS")  # a joker has no suit: not a card
def test_the_reader_agrees_with_the_brute_force_reference(text):
    expected = reference(text)
    if expected is None:
        event("refused")
        with pytest.raises(HandTextError):
            read_hand(text)
    else:
        event("read")
        assert read_hand(text) == expected


def spell(rank: str, how: int) -> str:
    """One of the ways a player types a rank (``how`` picks one)."""
    options = {"10": ["10", "T", "t", "10h"], "JK": ["JK", "jk", "joker", "*"]}.get(rank, [rank, rank.lower(), rank + "S"])
    return options[how % len(options)]


@settings(max_examples=600)
@given(
    st.lists(st.tuples(st.sampled_from(RANKS), st.integers(0, 3), st.sampled_from(["", " ", ",", ", ", ";"])), max_size=14)
)
def test_a_typed_hand_reads_back_as_its_cards(cards):
    """Round trip: cards written in any spelling, with or without separators, read back as themselves,
    unless writing them together made digits alone (asked about) or a J run into a K (the joker)."""
    ranks = tuple(rank for rank, _, _ in cards)
    text = "".join(spell(rank, how) + separator for rank, how, separator in cards)
    expected = reference(text)
    if expected is None:
        event("refused: digits alone")
        with pytest.raises(HandTextError):
            read_hand(text)
        return
    if expected != ranks:
        event("J written into K: read as the joker")
        assert "JK" in expected and read_hand(text) == expected
        return
    event("read back")
    assert read_hand(text) == ranks
    assert read_hand(" ".join(ranks)) == ranks  # the canonical text the keypad writes
