"""Sentences that count a game's deals, in the ruleset's word for one (:attr:`.rules.Ruleset.round_word`).

Everyone plays the schedule's deal in Contract Rummy ("Deal 2 saved."), but Phase 10 is played in hands, each
player on their own phase ("Hand 2 saved."; a Spanish table's *ronda* and *mano*). Each such sentence is written
whole twice and the ruleset's data chooses between them, never its id.
"""

from __future__ import annotations

from flask_babel import gettext

from ..rules import Ruleset


def counted(ruleset: Ruleset, deal_sentence: str, hand_sentence: str, **values: object) -> str:
    """``deal_sentence``, or ``hand_sentence`` where ``ruleset`` plays hands (both marked with ``N_``), in the page's
    language with ``values`` in place."""
    sentence = hand_sentence if ruleset.round_word == "hand" else deal_sentence
    return gettext(sentence, **values)
