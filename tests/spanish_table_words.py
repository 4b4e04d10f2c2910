"""Words a Chilean table wouldn't say on a Spanish page (issue 27): shared by the page tests and the browser's
Spanish walk (tests/browser/test_spanish_walk.py), which reads every page at 360 px.

- a joker is a *comodín*, never a *guasón*;
- a Phase 10 game (each player on their own phase) is played in *manos*, never *rondas*;
- Carioca's final rounds are called by their names (escala sucia, de color, payaso, real), never *escalera*;
- a contract's symbols are in the page's letters (T, G, E, C, P), never the English S3, R4, L13;
- the built-in ruleset names are said in Spanish ("Phase 10 (cartas inglesas)", "¿Me la das?").
"""

from __future__ import annotations

import re

#: Said nowhere at a Chilean table.
_NEVER = re.compile(r"\bguas[oó]n(?:es)?\b", re.IGNORECASE)
#: Not on a page of a game counted in hands (Phase 10).
_ROUND = re.compile(r"\brondas?\b", re.IGNORECASE)
#: Not where the ladders are escalas (Carioca).
_LADDER = re.compile(r"\bescaleras?\b", re.IGNORECASE)
#: A contract symbol in English letters: a set, run or ladder (``S3``, ``R4``, ``L13``, ``B3``).
_ENGLISH_SYMBOL = re.compile(r"\b[SRLB](?:[2-9]|1[0-4])\b")
#: Ruleset names with English words in them, said in Spanish on a Spanish page.
_ENGLISH_NAMES = ("Phase 10 (standard cards)",)


def words_a_table_would_not_say(text: str, *, hands: bool = False, escalas: bool = False, symbols: bool = False) -> list[str]:
    """The words in ``text`` (a Spanish page's text as read) that a Chilean table wouldn't say: always a guasón
    and the English ruleset names; with ``hands`` (a Phase 10 page) a ronda; with ``escalas`` (a Carioca page)
    an escalera; with ``symbols`` (text holding only drawn symbols, not the engine's hidden codes) S3, R4, L13."""
    found = _NEVER.findall(text) + [name for name in _ENGLISH_NAMES if name in text]
    if hands:
        found += _ROUND.findall(text)
    if escalas:
        found += _LADDER.findall(text)
    if symbols:
        found += _ENGLISH_SYMBOL.findall(text)
    return found
