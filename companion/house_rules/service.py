"""Custom rulesets stored and owned: find, list, save a version, delete (refused while games use one).

A custom ruleset's rules are the API's ruleset object (API.md "Custom
rulesets"), read by the engine's :func:`~companion.rules.definition.ruleset_from_definition`;
nothing here judges a rule. A version is never changed: a change adds one, and
a game keeps a link to the version it was started under (and a snapshot of
its rules, as every game does).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from flask_login import current_user
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..auth.access import can_change_league, can_change_rules, changeable_leagues, rules_refusal
from ..extensions import db
from ..models import CustomRuleset, CustomRulesetVersion, Game, League, User
from ..rules import RULESETS, Ruleset
from ..rules.definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from ..rules.words import full_sentence
from ..validation import parse_id

PREFIX = "custom-"


class HouseRulesError(Exception):
    """Something a player asked that can't be done; ``field`` is the form field it belongs beside."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@functools.lru_cache(maxsize=512)
def _ruleset(ruleset_id: str, definition_json: str) -> Ruleset:
    """A stored version's ruleset; versions never change, so each is read once."""
    return ruleset_from_definition(json.loads(definition_json), ruleset_id=ruleset_id)


def ruleset_of(version: CustomRulesetVersion) -> Ruleset:
    return _ruleset(version.custom_ruleset.ruleset_id, version.definition_json)


def custom_id(ruleset_id: str | None) -> int | None:
    """``"custom-12"`` → 12; anything else → ``None``."""
    if not ruleset_id or not ruleset_id.startswith(PREFIX):
        return None
    digits = ruleset_id[len(PREFIX) :]
    return parse_id(digits) if digits == digits.strip() else None  # "custom- 12" names nothing


def get(custom: int | None) -> CustomRuleset | None:
    return db.session.get(CustomRuleset, custom) if custom is not None else None


def get_visible(custom: int | None) -> CustomRuleset | None:
    """A stored ruleset the reader may see and use (it has a version), else ``None``: one test for every page."""
    found = get(custom)
    return found if found is not None and found.versions and may_see(current_user, found) else None


def may_see(user: object, custom: CustomRuleset) -> bool:
    """Any signed-in account may read and use a stored ruleset; nobody signed in sees none."""
    return bool(getattr(user, "is_authenticated", False))


def find(ruleset_id: str | None) -> tuple[Ruleset, CustomRulesetVersion | None] | None:
    """A built-in ruleset by id, or the latest version of a stored one the reader may see (``custom-<id>``)."""
    if ruleset_id in RULESETS:
        return RULESETS[ruleset_id], None
    custom = get_visible(custom_id(ruleset_id))
    if custom is None:
        return None
    return ruleset_of(custom.latest), custom.latest


def find_ruleset(ruleset_id: str | None) -> Ruleset | None:
    found = find(ruleset_id)
    return found[0] if found else None


def visible(user: object, league: League | None = None) -> list[CustomRuleset]:
    """The stored rulesets a reader may use: ``league``'s first, then the rest by owner and name."""
    if not getattr(user, "is_authenticated", False):
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


def choices(user: object, league: League | None = None) -> list[Choice]:
    """Every ruleset a reader may pick: stored ones (a league's own first), then the built-ins."""
    found = [
        Choice(c.ruleset_id, c.name, f"{c.league.name}'s rules" if c.league else "Your own rules" if c.user_id == getattr(user, "id", None) else f"{c.user.username}'s rules" if c.user else "Saved rules")
        for c in visible(user, league)
        if c.versions
    ]
    return found + [Choice(r.id, r.name, "Published rules") for r in RULESETS.values()]


def owner_label(custom: CustomRuleset) -> str:
    if custom.league is not None:
        return custom.league.name
    return custom.user.username if custom.user is not None else "nobody"


# ---------------------------------------------------------------------------
# Saving and deleting


def check_definition(definition: Any, ruleset_id: str = "custom") -> Ruleset:
    """The ruleset an object describes; raises :class:`HouseRulesError` with the engine's sentence."""
    try:
        return ruleset_from_definition(definition, ruleset_id=ruleset_id)
    except RulesetDefinitionError as error:
        raise HouseRulesError(full_sentence(str(error))) from None


def save(
    definition: dict[str, Any],
    *,
    user: User,
    league: League | None = None,
    existing: CustomRuleset | None = None,
) -> CustomRuleset:
    """Store ``definition`` as a new ruleset (owned by ``league``, or else by ``user``) or a new version of ``existing``.

    The definition is validated in full first; nothing is stored on any error.
    Raises :class:`HouseRulesError`: an invalid object, a name already taken by the same owner.
    """
    _check_may_save(user, league, existing)
    definition = _canonical_definition(definition)
    name = definition["name"]
    definition_json = json.dumps(definition, sort_keys=True, separators=(",", ":"))
    if existing is not None:
        custom = existing
        if custom.latest.definition_json == definition_json:
            return custom  # nothing changed: no new version
    else:
        custom = CustomRuleset(
            league=league,
            user=None if league is not None else user,
            owner_key=f"league-{league.id}" if league is not None else f"user-{user.id}",
        )
        db.session.add(custom)
    custom.name = name
    custom.name_key = CustomRuleset.key_for(name)
    _check_name_free(custom, name)
    _add_version(custom, name, definition_json, user)
    return custom


def _check_may_save(user: User, league: League | None, existing: CustomRuleset | None) -> None:
    """A new version needs leave to change the ruleset; new rules for a league, a member of that league."""
    if existing is not None and not can_change_rules(user, existing):
        raise HouseRulesError(rules_refusal(existing))
    if existing is None and league is not None and not can_change_league(user, league):
        raise HouseRulesError(f"Only members of {league.name} can save its rules.", "owner")


def _canonical_definition(definition: dict[str, Any]) -> dict[str, Any]:
    """``definition`` checked in full and written as the engine writes it (its name's spaces tidied)."""
    if isinstance(definition.get("name"), str):
        definition = {**definition, "name": " ".join(definition["name"].split())}
    # stored complete and canonical: the engine's own object for the rules it read
    return ruleset_to_definition(check_definition(definition))


def _check_name_free(custom: CustomRuleset, name: str) -> None:
    """Refuse (nothing kept) ``name`` when another ruleset of the same owner has it, in any case."""
    same_name = select(CustomRuleset.id).where(
        CustomRuleset.owner_key == custom.owner_key, CustomRuleset.name_key == custom.name_key
    )
    if custom.id is not None:
        same_name = same_name.where(CustomRuleset.id != custom.id)
    with db.session.no_autoflush:
        taken = db.session.scalar(same_name)
    if taken is not None:
        db.session.rollback()
        raise HouseRulesError(f"That name is taken: {owner_phrase(custom)} already has rules called “{name}”.", "name")


def _add_version(custom: CustomRuleset, name: str, definition_json: str, user: User) -> None:
    """Store ``definition_json`` as the ruleset's next version; the unique index settles two saves at once."""
    number = (custom.latest.number + 1) if custom.id is not None and custom.versions else 1
    custom.versions.append(
        CustomRulesetVersion(number=number, definition_json=definition_json, created_by_id=user.id)
    )
    try:
        db.session.commit()
    except IntegrityError:  # two phones saving the same name at once: the unique index decides
        db.session.rollback()
        raise HouseRulesError(f"That name is taken: someone just saved rules called “{name}”.", "name") from None


def owner_phrase(custom: CustomRuleset) -> str:
    if custom.league is not None:
        return custom.league.name
    return "you"


def games_using(custom: CustomRuleset) -> list[Game]:
    ids = [version.id for version in custom.versions]
    if not ids:
        return []
    return list(db.session.scalars(select(Game).where(Game.custom_version_id.in_(ids)).order_by(Game.id)))


def delete(custom: CustomRuleset, user: User) -> None:
    """Delete a stored ruleset and its versions; refused (with the reason) while any game uses one of them."""
    if not can_change_rules(user, custom):
        raise HouseRulesError(rules_refusal(custom))
    games = games_using(custom)
    if games:
        count = "1 game was" if len(games) == 1 else f"{len(games)} games were"
        raise HouseRulesError(
            f"“{custom.name}” can't be deleted: {count} played under it, and a game keeps the rules it was played under."
        )
    db.session.delete(custom)
    try:
        db.session.commit()
    except IntegrityError:  # a game started under it meanwhile
        db.session.rollback()
        raise HouseRulesError(f"“{custom.name}” can't be deleted: a game has just started under it.") from None


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
        Choice(f"{PREFIX}{custom_id}", name, f"{league.name}'s rules" if owner == league.id else "Other rules")
        for custom_id, name, owner in rows
    ]
