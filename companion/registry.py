"""Every ruleset the app knows, asked in one place: the engine's built-in catalogue and the tables' stored ones.

A ruleset id names a built-in ruleset (``"contract"``) or a table's own,
stored one (``"custom-12"``). A stored ruleset has versions, each an API
ruleset object read by the engine once and never changed; a game keeps the
version it was started under (and a snapshot of its rules, which is what it
replays). The pages, the JSON API, the leagues and the importers ask here, by
id or by version, and the list of rules a reader may pick is made here too.
Saving and deleting a stored ruleset is :mod:`companion.house_rules.service`'s.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from flask_babel import gettext
from flask_login import current_user
from sqlalchemy import func, select

from .auth.access import changeable_leagues
from .extensions import db
from .models import CustomRuleset, CustomRulesetVersion, Game, League
from .rules import DEFAULT_RULESET_ID, RULESETS, Deck, Progression, Ruleset
from .rules.definition import ruleset_from_definition
from .rules.published import PUBLISHED_RULESETS, find_published_ruleset
from .validation import parse_id

STORED_PREFIX = "custom-"
"""A stored ruleset's id is this and its number (``"custom-12"``)."""


DEFAULT_ID = DEFAULT_RULESET_ID
"""The ruleset a new game, a rules page or the API starts from when none is picked."""


def default() -> Ruleset:
    """The ruleset a page falls back on when none (or an unknown one) is asked for."""
    return RULESETS[DEFAULT_ID]


def table_plays(ruleset: Ruleset) -> bool:
    """Whether a table can play ``ruleset`` here: the one test of which rulesets game setup, league setup, the
    rules cards' index and comparison, and the builder's "start from" offer (the builder carries the fields it
    has no box for).
    A fixed schedule on standard cards, or a game where each player is on their own phase (Phase 10, RULES.md
    §8.6, on either deck); a fixed schedule on the Phase 10 deck is not played at the table yet."""
    return ruleset.deck is Deck.STANDARD or ruleset.progression is not Progression.FIXED


def published() -> tuple[Ruleset, ...]:
    """Every built-in ruleset, those a table can't play yet too: what the JSON API lists."""
    return tuple(PUBLISHED_RULESETS.values())


def builtins() -> tuple[Ruleset, ...]:
    """The built-in rulesets a table can play (:func:`table_plays`), in the catalogue's order."""
    return tuple(ruleset for ruleset in published() if table_plays(ruleset))


def is_builtin(ruleset_id: object) -> bool:
    """Whether ``ruleset_id`` names a built-in ruleset a table can play."""
    return isinstance(ruleset_id, str) and ruleset_id in PUBLISHED_RULESETS and table_plays(PUBLISHED_RULESETS[ruleset_id])


def builtin(ruleset_id: str) -> Ruleset:
    """A built-in ruleset by id, those a table can't play yet too; raises the engine's
    :class:`~companion.rules.UnknownRulesetError` naming them.

    The JSON API, open to anyone, knows the built-ins only.
    """
    return find_published_ruleset(ruleset_id)


def stored_id(ruleset_id: str | None) -> int | None:
    """``"custom-12"`` → 12; anything else → ``None``."""
    if not ruleset_id or not ruleset_id.startswith(STORED_PREFIX):
        return None
    digits = ruleset_id[len(STORED_PREFIX) :]
    return parse_id(digits) if digits == digits.strip() else None  # "custom- 12" names nothing


def is_ruleset_id(ruleset_id: object) -> bool:
    """Whether text has the shape of a ruleset id: a built-in's, or a stored one's (stored or not)."""
    return is_builtin(ruleset_id) or (isinstance(ruleset_id, str) and stored_id(ruleset_id) is not None)


@functools.lru_cache(maxsize=512)
def _read_version(ruleset_id: str, definition_json: str) -> Ruleset:
    """A stored version's ruleset; versions never change, so each is read once."""
    return ruleset_from_definition(json.loads(definition_json), ruleset_id=ruleset_id)


def of_version(version: CustomRulesetVersion) -> Ruleset:
    """The ruleset of one stored version."""
    return _read_version(version.custom_ruleset.ruleset_id, version.definition_json)


def stored(number: int | None) -> CustomRuleset | None:
    """A stored ruleset by its number, whoever may see it (``None`` when there is none)."""
    return db.session.get(CustomRuleset, number) if number is not None else None


def may_use(user: object) -> bool:
    """Any signed-in account may read and use a stored ruleset; nobody signed in sees none."""
    return bool(getattr(user, "is_authenticated", False))


def stored_for_reader(number: int | None) -> CustomRuleset | None:
    """A stored ruleset the reader may see and use (it has a version), else ``None``: one test for every page."""
    found = stored(number)
    return found if found is not None and found.versions and may_use(current_user) else None


def find(ruleset_id: str | None) -> tuple[Ruleset, CustomRulesetVersion | None] | None:
    """A built-in ruleset by id, or the latest version of a stored one the reader may use; ``None`` otherwise."""
    if ruleset_id is not None and is_builtin(ruleset_id):
        return PUBLISHED_RULESETS[ruleset_id], None
    custom = stored_for_reader(stored_id(ruleset_id))
    if custom is None:
        return None
    return of_version(custom.latest), custom.latest


def find_ruleset(ruleset_id: str | None) -> Ruleset | None:
    """The ruleset :func:`find` finds, without its version."""
    found = find(ruleset_id)
    return found[0] if found else None


def visible(user: object, league: League | None = None) -> list[CustomRuleset]:
    """The stored rulesets a reader may use: ``league``'s first, then the rest by owner and name."""
    if not may_use(user):
        return []
    rows = list(db.session.scalars(select(CustomRuleset).order_by(func.lower(CustomRuleset.name), CustomRuleset.id)))
    first_league = league.id if league is not None else None
    mine = getattr(user, "id", None)
    # the reader's own leagues come next (for the owner, who may change every league, none stand out)
    own_leagues = set() if getattr(user, "is_owner", False) else {
        owner.id for owner in changeable_leagues(user, {c.league for c in rows if c.league is not None})
    }

    def order(custom: CustomRuleset) -> tuple[int, str]:
        if first_league is not None and custom.league_id == first_league:
            return (0, "")
        if custom.league is not None and custom.league_id in own_leagues:
            return (1, custom.league.name.casefold())
        if custom.user_id == mine:
            return (2, "")
        return (3, custom.league.name.casefold() if custom.league else "")

    return sorted(rows, key=order)


@dataclass(frozen=True)
class Choice:
    """One entry of a rules list: a value (the ruleset id), its label and its group."""

    value: str
    label: str
    group: str

    @property
    def id(self) -> str:
        """The ruleset id (as a ruleset's ``id``, so lists of either read alike)."""
        return self.value

    @property
    def name(self) -> str:
        return self.label

    @property
    def said_name(self) -> str:
        """The label, as a ruleset's :attr:`~.rules.Ruleset.said_name` (a list may mix choices and rulesets): a
        built-in's is said in the page's language already (:func:`choices`), a table's own as written."""
        return self.label


def choices(user: object, league: League | None = None) -> list[Choice]:
    """Every ruleset a reader may pick for a table: stored ones (a league's own first), then the built-ins;
    only those a table can play (:func:`table_plays`), so a stored Phase 10 is not offered for a game yet."""
    found = [
        Choice(c.ruleset_id, c.name, _group(user, c))
        for c in visible(user, league)
        if c.versions and table_plays(of_version(c.latest))
    ]
    published = gettext("Published rules")
    return found + [Choice(r.id, r.said_name, published) for r in builtins()]


def _group(user: object, custom: CustomRuleset) -> str:
    if custom.league:
        return gettext("%(league)s's rules", league=custom.league.name)
    if custom.user_id == getattr(user, "id", None):
        return gettext("Your own rules")
    return gettext("%(name)s's rules", name=custom.user.username) if custom.user else gettext("Saved rules")


def league_choices(league: League) -> list[Choice]:
    """The stored rulesets a league's standings may be filtered by: its own, and any its games were played under (one query)."""
    played = (
        select(CustomRulesetVersion.custom_ruleset_id)
        .join(Game, Game.custom_version_id == CustomRulesetVersion.id)
        .where(Game.league_id == league.id)
    )
    rows = db.session.execute(
        select(CustomRuleset.id, CustomRuleset.name, CustomRuleset.league_id)
        .where((CustomRuleset.league_id == league.id) | CustomRuleset.id.in_(played))
        .order_by(func.lower(CustomRuleset.name), CustomRuleset.id)
    ).all()
    return [
        Choice(
            f"{STORED_PREFIX}{number}",
            name,
            gettext("%(league)s's rules", league=league.name) if owner == league.id else gettext("Other rules"),
        )
        for number, name, owner in rows
    ]
