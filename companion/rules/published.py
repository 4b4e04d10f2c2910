"""Every built-in ruleset a reader may look up by id: the catalogue's and the wider family's (RULES.md §3, §8).

:data:`.catalogue.RULESETS` holds the rulesets a table plays here; the
wider family's rulesets the table does not play yet (Phase 10, Carioca, Kalooki) are data
too, and the JSON API, the rules pages and a ruleset object's ``base`` know
them all. Which of them a table may pick is the app's choice
(:func:`companion.registry.table_plays`), never the engine's.

>>> list(PUBLISHED_RULESETS)[-4:]
['phase10', 'phase10-cards', 'carioca', 'kalooki']
>>> find_published_ruleset("phase10").name
'Phase 10'
"""

from __future__ import annotations

from .carioca import CARIOCA_RULESETS
from .catalogue import RULESETS
from .kalooki import KALOOKI_RULESETS
from .phase10 import PHASE10_RULESETS
from .rulesets import Ruleset, UnknownRulesetError
from .speech import say

__all__ = ["PUBLISHED_RULESETS", "find_published_ruleset"]

#: Every built-in ruleset by id: the catalogue's first, in its order, then the wider family's.
PUBLISHED_RULESETS: dict[str, Ruleset] = {**RULESETS, **PHASE10_RULESETS, **CARIOCA_RULESETS, **KALOOKI_RULESETS}


def find_published_ruleset(ruleset_id: str) -> Ruleset:
    """The built-in ruleset with this id, of the catalogue or the wider family; raises :class:`UnknownRulesetError`.

    >>> find_published_ruleset("uno")
    Traceback (most recent call last):
    ...
    companion.rules.rulesets.UnknownRulesetError: There is no ruleset 'uno'; the rulesets are contract, liverpool, parlett, combination, may-i, shanghai, shanghai-powe, shanghai-kolsov, continental, progressive, phase10, phase10-cards, carioca, kalooki.
    """
    try:
        return PUBLISHED_RULESETS[ruleset_id]
    except (KeyError, TypeError):
        known = ", ".join(PUBLISHED_RULESETS)
        raise UnknownRulesetError(say("There is no ruleset %(id)s; the rulesets are %(known)s.", id=repr(ruleset_id),
                                      known=known)) from None  # fmt: skip
