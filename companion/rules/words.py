"""The words the app says: number words, plurals, lists, and the sentences shared by several rules.

Every sentence the engine gives a player is built from these, so a number
reads the same everywhere ("two jokers", never "2 jokers" on one page and
"two" on another), and every sentence comes out ready to show: it starts
with a capital and ends with a full stop.

>>> number_word(3), number_word(0), number_word(13)
('three', 'no', '13')
>>> count_of(2, "pack")
'two packs'
>>> or_list(["4S", "8S"]), and_list(["a", "b", "c"])
('4S or 8S', 'a, b and c')
>>> too_many_jokers(3, 2, "this game")
'Three jokers, but this game has two.'
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "and_list", "cards_word", "count_of", "full_sentence", "json_kind", "number_word", "or_list", "plural", "sentence", "too_many_copies",
    "too_many_jokers",
]  # fmt: skip

_NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
)  # fmt: skip


def number_word(n: int) -> str:
    """A small count in words (``"no"`` for 0, ``"twelve"``); larger ones in figures."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def plural(n: int, noun: str) -> str:
    """``noun`` for one, ``noun + "s"`` otherwise."""
    return noun if n == 1 else noun + "s"


def count_of(n: int, noun: str) -> str:
    """``"two packs"``, ``"one joker"``, ``"no wild cards"``."""
    return f"{number_word(n)} {plural(n, noun)}"


def cards_word(n: int) -> str:
    """``"1 card"``, ``"5 cards"`` (figures: a player counts the cards)."""
    return f"{n} {plural(n, 'card')}"


def sentence(text: str) -> str:
    """``text`` with a capital first letter, ready to show."""
    return text[:1].upper() + text[1:]


def full_sentence(text: str) -> str:
    """``text`` as a whole sentence: trimmed, a capital first letter, a full stop unless it ends in one.

    >>> full_sentence(" deal 2 needs a run "), full_sentence("Why?")
    ('Deal 2 needs a run.', 'Why?')
    """
    text = sentence(text.strip())
    return text if text.endswith((".", "?", "!")) else text + "."


def or_list(items: Sequence[str]) -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def and_list(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def too_many_jokers(count: int, jokers: int, where: str) -> str:
    """The supply sentence for jokers: more than ``where`` (``"this game"``, ``"a table of 3"``) has."""
    has = "none" if jokers == 0 else number_word(jokers)
    if count == 1:
        return f"A joker, but {where} has none."
    return sentence(f"{number_word(count)} jokers, but {where} has {has}.")


def too_many_copies(count: int, card: str, packs: int) -> str:
    """The supply sentence for a natural card: more copies than the packs hold."""
    verb = "is" if packs == 1 else "are"
    packs_text = "one pack" if packs == 1 else count_of(packs, "pack")
    return sentence(f"{number_word(count)} {card}, but there {verb} only {packs_text}.")


def json_kind(value: object) -> str:
    """What a JSON value is, in words: ``"a list"``, ``"a string"``, ``"true or false"``, ``"null"`` ...

    For the sentences that refuse a value of the wrong type (a ruleset object, an API body, a backup file).

    >>> json_kind([1]), json_kind(True), json_kind(2.5), json_kind(None), json_kind({})
    ('a list', 'true or false', 'a number', 'null', 'an object')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: True is an int to Python, not to a player
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"
