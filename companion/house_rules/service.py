"""Custom rulesets stored and owned: save a version, delete (refused while games use one); found in :mod:`companion.registry`.

A custom ruleset's rules are the API's ruleset object (API.md "Custom
rulesets"), read by the engine's :func:`~companion.rules.definition.ruleset_from_definition`;
nothing here judges a rule. A version is never changed: a change adds one, and
a game keeps a link to the version it was started under (and a snapshot of
its rules, as every game does).
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask_babel import gettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..auth.access import can_change_league, can_change_rules, rules_refusal
from ..extensions import db
from ..models import CustomRuleset, CustomRulesetVersion, Game, League, User
from ..rules import Ruleset
from ..rules.definition import NAME_LENGTH, RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from ..rules.words import full_sentence

class HouseRulesError(Exception):
    """Something a player asked that can't be done; ``field`` is the form field it belongs beside."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field




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
        raise HouseRulesError(gettext("Only members of %(league)s can save its rules.", league=league.name), "owner")


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
        if custom.league is None:
            raise HouseRulesError(gettext("That name is taken: you already have rules called “%(name)s”.", name=name), "name")
        raise HouseRulesError(
            gettext(
                "That name is taken: %(league)s already has rules called “%(name)s”.", league=custom.league.name, name=name
            ),
            "name",
        )


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
        raise HouseRulesError(
            gettext("That name is taken: someone just saved rules called “%(name)s”.", name=name), "name"
        ) from None


def free_name(name: str, *, user: User, league: League | None) -> str:
    """``name``, or the first of "name (2)", "name (3)"… that the owner's rules don't use (for a rename on import)."""
    owner_key = f"league-{league.id}" if league is not None else f"user-{user.id}"
    taken = set(db.session.scalars(select(CustomRuleset.name_key).where(CustomRuleset.owner_key == owner_key)))
    name = re.sub(r" \(\d+\)$", "", " ".join(name.split()))[:NAME_LENGTH]  # "Gran's (2)" goes on to "Gran's (3)"
    for number in range(1, 100):
        suffix = "" if number == 1 else f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if CustomRuleset.key_for(candidate) not in taken:
            return candidate
    return name


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
