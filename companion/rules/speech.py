"""The language the engine's sentences are said in.

Every sentence the engine gives a player (a checker's ruling, a lay-off's,
the helper's advice, a custom ruleset's refusal) is a gettext message: a
whole sentence in English with ``%(name)s`` placeholders, said through
:func:`say` (or :func:`say_n` where a count changes the words). English is
the message itself, so with no catalogue in use every sentence reads exactly
as RULES.md and API.md write it.

The caller chooses the language, the way :mod:`decimal` lets a caller choose
a precision: :func:`speaking` puts a catalogue (anything with gettext's
``gettext``, ``ngettext`` and ``pgettext``, such as a
:class:`gettext.GNUTranslations` or Babel's ``Translations``) in use for the
code inside it, in this thread or task only. The web app puts the page's
catalogue in use for each request; the engine itself imports nothing of it
and stays pure Python.

A ruleset's own words (its set, run, colour-group and deal words: "trio",
"escala", "phase") are data, said through :func:`say_word` with the
word's role as gettext context, so a Spanish table reads "trío" where the
ruleset says "trio" and "grupo" where it says "book".

``pybabel extract`` finds the messages by these names: ``-k say -k
say_n:1,2 -k say_word:1c,2 -k mark_word:1c,2`` (the README's
"Translating" section). A word known only at run time (a ruleset's) is
marked where the words are listed, with :func:`mark_word`, so that the
catalogue holds it.

>>> say("Deal %(number)s needs a run.", number=2)
'Deal 2 needs a run.'
>>> say_n("one joker", "%(num)s jokers", 3, num="three")
'three jokers'
>>> say_word("set word", "trio")
'trio'
"""

from __future__ import annotations

import gettext
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["ENGLISH", "Catalogue", "mark_word", "say", "say_n", "say_word", "speaking", "speaking_english", "use"]


class Catalogue(Protocol):
    """What the engine asks of a language's catalogue: gettext's three lookups."""

    def gettext(self, message: str, /) -> str:
        """``message`` in the catalogue's language (``message`` itself when it has none)."""

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form of ``singular``/``plural`` that goes with ``n``, in the catalogue's language."""

    def pgettext(self, context: str, message: str, /) -> str:
        """``message`` said in ``context`` (a word's role: "set word"), in the catalogue's language."""


ENGLISH: Catalogue = gettext.NullTranslations()
"""No catalogue: every message is said as written, in English."""

_CATALOGUE: ContextVar[Catalogue] = ContextVar("companion_rules_catalogue", default=ENGLISH)
"""The catalogue in use in this thread or task (English unless a caller chose another)."""


@contextmanager
def speaking(catalogue: Catalogue) -> Iterator[None]:
    """Say the engine's sentences through ``catalogue`` inside the ``with`` block.

    >>> class Spanish(gettext.NullTranslations):
    ...     def gettext(self, message):
    ...         return {"Deal %(number)s needs a run.": "La ronda %(number)s pide una escala."}.get(message, message)
    >>> with speaking(Spanish()):
    ...     say("Deal %(number)s needs a run.", number=2)
    'La ronda 2 pide una escala.'
    >>> say("Deal %(number)s needs a run.", number=2)
    'Deal 2 needs a run.'
    """
    token = _CATALOGUE.set(catalogue)
    try:
        yield
    finally:
        _CATALOGUE.reset(token)


def speaking_english() -> bool:
    """Whether sentences are being said in English (no catalogue in use, or one whose ``speaks_english`` says
    so: a web request's catalogue on an English page): the engine may then keep text it already holds in
    English, such as a deal's contract, and must, for the API's English is pinned byte for byte."""
    catalogue = _CATALOGUE.get()
    return catalogue is ENGLISH or bool(getattr(catalogue, "speaks_english", False))


def use(catalogue: Catalogue) -> None:
    """Put ``catalogue`` in use from now on in this thread (a web request's language; :func:`speaking` is the
    ``with`` form). ``use(ENGLISH)`` goes back to English."""
    _CATALOGUE.set(catalogue)


def say(message: str, /, **values: object) -> str:
    """``message`` in the language in use, its ``%(name)s`` placeholders filled from ``values``.

    A message said with values writes a literal percent sign as ``%%``.
    """
    text = _CATALOGUE.get().gettext(message)
    return text % values if values else text


def say_n(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``singular``/``plural`` that goes with the count ``n``, filled from ``values``.

    ``%(num)s`` is ``n`` itself unless ``values`` gives it (a number word: "three").
    """
    text = _CATALOGUE.get().ngettext(singular, plural, n)
    return text % {"num": n, **values}


def say_word(context: str, word: str, /) -> str:
    """``word`` in the language in use, in its role ``context``: a ruleset's own words (``"set word"``, ``"run
    word"``, ``"deal word"``, ``"colour word"``) and the count words (``"count"``: "three"); ``word`` itself where
    the catalogue has no such word."""
    return _CATALOGUE.get().pgettext(context, word)


def mark_word(context: str, word: str, /) -> str:
    """``word`` as it is, marked for the catalogue in its role ``context`` (gettext's ``N_``): for the lists of
    words said later through :func:`say_word` with a value known only at run time."""
    del context  # read by pybabel, not here
    return word
