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

from .speech import mark_word, say, say_n, say_word

__all__ = [
    "and_list", "cards_word", "count_of", "full_sentence", "json_kind", "number_word", "or_list", "plural", "sentence", "too_many_copies",
    "too_many_jokers",
]  # fmt: skip

_NUMBER_WORDS = (
    mark_word("count", "no"), mark_word("count", "one"), mark_word("count", "two"), mark_word("count", "three"),
    mark_word("count", "four"), mark_word("count", "five"), mark_word("count", "six"), mark_word("count", "seven"),
    mark_word("count", "eight"), mark_word("count", "nine"), mark_word("count", "ten"), mark_word("count", "eleven"),
    mark_word("count", "twelve"),
)  # fmt: skip


def number_word(n: int) -> str:
    """A small count in words, in the language in use (``"no"`` for 0, ``"twelve"``); larger ones in figures.

    A count before a noun is said in a whole phrase with :func:`~.speech.say_n` (``"one joker"``, ``"%(num)s
    jokers"`` with ``num=number_word(n)``), never glued to a noun here: "one" agrees with its noun in Spanish.
    """
    return say_word("count", _NUMBER_WORDS[n]) if 0 <= n < len(_NUMBER_WORDS) else str(n)


def plural(n: int, noun: str) -> str:
    """``noun`` for one, ``noun + "s"`` otherwise (English only: a sentence says its counted nouns through
    :func:`~.speech.say_n`)."""
    return noun if n == 1 else noun + "s"


def count_of(n: int, noun: str) -> str:
    """``"two packs"``, ``"one joker"``, ``"no wild cards"`` (English only: see :func:`plural`)."""
    return f"{number_word(n)} {plural(n, noun)}"


def cards_word(n: int) -> str:
    """``"1 card"``, ``"5 cards"`` (figures: a player counts the cards)."""
    return say_n("%(num)s card", "%(num)s cards", n)


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
    """``"a"``, ``"a or b"``, ``"a, b or c"`` (in the language in use: ``"a, b o c"``)."""
    if len(items) == 1:
        return items[0]
    return say("%(items)s or %(last)s", items=", ".join(items[:-1]), last=items[-1])


def and_list(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (in the language in use: ``"a, b y c"``)."""
    if len(items) == 1:
        return items[0]
    return say("%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])


def too_many_jokers(count: int, jokers: int, where: str) -> str:
    """The supply sentence for jokers: more than ``where`` (``"this game"``, ``"a table of 3"``) has."""
    if count == 1:
        return say("A joker, but %(where)s has none.", where=where)
    if jokers == 0:
        return sentence(say("%(count)s jokers, but %(where)s has none.", count=number_word(count), where=where))
    return sentence(say("%(count)s jokers, but %(where)s has %(jokers)s.", count=number_word(count), where=where,
                        jokers=number_word(jokers)))  # fmt: skip


def too_many_copies(count: int, card: str, packs: int) -> str:
    """The supply sentence for a natural card: more copies than the packs hold."""
    return sentence(say_n("%(count)s %(card)s, but there is only one pack.",
                          "%(count)s %(card)s, but there are only %(packs)s packs.", packs,
                          count=number_word(count), card=card, packs=number_word(packs)))  # fmt: skip


def json_kind(value: object) -> str:
    """What a JSON value is, in words: ``"a list"``, ``"a string"``, ``"true or false"``, ``"null"`` ...

    For the sentences that refuse a value of the wrong type (a ruleset object, an API body, a backup file).

    >>> json_kind([1]), json_kind(True), json_kind(2.5), json_kind(None), json_kind({})
    ('a list', 'true or false', 'a number', 'null', 'an object')
    """
    if value is None:
        return say("null")
    if isinstance(value, bool):  # before int: True is an int to Python, not to a player
        return say("true or false")
    if isinstance(value, (int, float)):
        return say("a number")
    if isinstance(value, str):
        return say("a string")
    if isinstance(value, list):
        return say("a list")
    return say("an object")
