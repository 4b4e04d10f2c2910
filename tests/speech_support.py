"""Saying the engine's sentences in Spanish in a test, and finding English left in them.

The engine (``companion/rules``) says every sentence through :mod:`companion.rules.speech`; a test puts the
Spanish catalogue in use with ``with in_spanish(): ...`` (no Flask: the engine's sentence tests run in both
languages without an app) and checks what comes out with :func:`english_left`.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

from babel.support import Translations

from companion.rules.speech import speaking

CATALOGUES = Path(__file__).resolve().parent.parent / "companion" / "translations"
SPANISH = Translations.load(str(CATALOGUES), ["es"])
"""The committed Spanish catalogue (its compiled ``.mo``), as the app serves it."""

#: English words that no Spanish sentence of the app holds (card notation like "4S", names and numbers aside):
#: a ruling said in Spanish that still holds one of them was glued from English, or missed the catalogue.
ENGLISH_WORDS = frozenset(
    "the and but needs need has have with without only one two three four five six seven eight nine ten "
    "group groups run runs set sets book books trio trios card cards joker jokers wild wilds deal phase round "
    "meld melds must may can cannot can't isn't doesn't not of on in is are an to from lay off down go "
    "hand pair pairs colour suit ladder skip skips your you their it its which what there"
    .split()
)  # fmt: skip

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
"""A word, accented letters and all: "quedarían" is one word, never "quedar" and "an"."""


@contextmanager
def in_spanish():
    """The engine says its sentences in Spanish inside the block."""
    with speaking(SPANISH):
        yield


def english_left(text: str) -> list[str]:
    """The English words left in ``text`` (a sentence said in Spanish): none when it is whole Spanish.

    >>> english_left("Un comodín, pero esta partida no tiene ninguno.")
    []
    >>> english_left("La ronda 2 needs a run.")
    ['needs', 'run']
    """
    return [word for word in _WORD.findall(text) if word.lower() in ENGLISH_WORDS]
