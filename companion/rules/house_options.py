"""Which of a ruleset's house options still mean something for it.

A house option is a published variant: "Jokers score 20" is written for
rules where a joker scores 15. A table's own rules are copied from the
published ones, options and all, and then changed; an option is left out
when it would change nothing (the rules already say it: "No jokers" with
no jokers) or when it would undo a card's points the table set itself
("Jokers score 20" where the table's jokers score 25). Decided from the
options' changes and the published rulesets, never by a ruleset's id.
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalogue import RULESETS
from .rulesets import HouseOption, Ruleset


def options_that_apply(ruleset: Ruleset, published: Mapping[str, Ruleset] = RULESETS) -> tuple[HouseOption, ...]:
    """The house options of ``ruleset`` worth offering, in its own order.

    >>> [o.key for o in options_that_apply(RULESETS["contract"])]
    ['joker-20', 'deuces-wild', 'no-jokers']
    >>> jokers_25 = RULESETS["contract"].changed([("points", (("JK", 25),))])
    >>> [o.key for o in options_that_apply(jokers_25)]
    ['deuces-wild', 'no-jokers']
    >>> [o.key for o in options_that_apply(RULESETS["contract"].changed([("jokers", 0)]))]
    ['joker-20', 'deuces-wild']
    """
    return tuple(
        option
        for option in ruleset.options
        if _changes_something(ruleset, option) and not _undoes_the_tables_points(ruleset, option, published)
    )


def _changes_something(ruleset: Ruleset, option: HouseOption) -> bool:
    return ruleset.changed(option.changes) != ruleset


def _undoes_the_tables_points(ruleset: Ruleset, option: HouseOption, published: Mapping[str, Ruleset]) -> bool:
    """Whether the option sets a card's points that this ruleset scores unlike every published ruleset offering it."""
    offering = [r for r in published.values() if any(o.key == option.key for o in r.options)]
    if not offering:
        return False  # an option of the table's own making: nothing published to compare with
    points = ruleset.points.as_dict()
    for name, value in option.changes:
        if name != "points" or not isinstance(value, tuple):
            continue
        for rank, _ in value:
            written_for = {r.points.as_dict().get(str(rank)) for r in offering}
            if points.get(str(rank)) not in written_for:
                return True
    return False
