"""A ruleset as plain data and back, so a game keeps the exact rules it was played under.

:func:`ruleset_to_dict` gives JSON-ready data (enums as their text, tuples as
lists); :func:`ruleset_from_dict` rebuilds an equal :class:`~.rulesets.Ruleset`,
validated as any ruleset is. A later change to a built-in ruleset never
changes a stored snapshot.

Why a second serialised form beside :mod:`.definition`'s: the two answer
different readers. A snapshot is the exact value, field for field, of what a
game was played under (ids, sources, readings, house options chosen), read
back by the app alone, and stored in every game and league backup: it must
never lose a field nor change shape when the API's object grows. A definition
is the API's public ruleset object (API.md "Custom rulesets"), written for
people and outside clients in the table's words, which leaves out what a
family does not set (an id, the sources) and reads every field with a
sentence for the player. Folding one into the other would either put
internal fields into a public contract or let a stored game's rules depend on
it; the round trip of each is tested on every built-in and on random rulesets.

>>> from .catalogue import find_ruleset
>>> combination = find_ruleset("combination").with_options("joker-20")
>>> ruleset_from_dict(ruleset_to_dict(combination)) == combination
True
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from .cards import Deck
from .rulesets import (
    PHASE10_POINT_KEYS,
    POINT_KEYS,
    BuyRule,
    Deal,
    HouseOption,
    SPLIT_ACE_POINT_KEYS,
    PointTable,
    Requirement,
    Ruleset,
    Settlement,
    TableSupply,
)
from .speech import say
from .words import json_kind

__all__ = ["ruleset_from_dict", "ruleset_to_dict"]

#: Bumped when the stored shape changes, so old snapshots can be read on purpose.
SNAPSHOT_VERSION = 1


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, PointTable):
        return value.as_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """Every field of the ruleset as JSON-ready data, with a format version."""
    data: dict[str, Any] = _plain(ruleset)
    data["snapshot_version"] = SNAPSHOT_VERSION
    return data


def ruleset_from_dict(data: dict[str, Any]) -> Ruleset:
    """The ruleset a snapshot describes; raises ``ValueError`` on a snapshot that is not one."""
    if not isinstance(data, dict):
        raise ValueError(say("a ruleset snapshot is a mapping, not %(kind)s", kind=json_kind(data)))
    version = data.get("snapshot_version")
    if version != SNAPSHOT_VERSION:
        raise ValueError(say("unknown ruleset snapshot version %(version)r", version=version))
    try:
        return Ruleset(**_fields(data))
    except KeyError as error:  # a field missing: named, never Python's own message
        raise ValueError(say("not a ruleset snapshot: its %(field)s is missing", field=repr(error.args[0]))) from None
    except TypeError:  # a part of the wrong kind (text where a mapping belongs, a field no part has)
        raise ValueError(say("not a ruleset snapshot: a part of it is not written as the app writes it")) from None


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot's fields as the ruleset's values: its parts made again from their plain data."""
    fields = {k: v for k, v in data.items() if k != "snapshot_version"}
    fields["supply"] = tuple(TableSupply(**s) for s in fields["supply"])
    fields["deals"] = tuple(_deal(deal) for deal in fields["deals"])
    deck = fields.get("deck", Deck.STANDARD.value)
    fields["points"] = PointTable.of(fields["points"], _point_keys(deck, fields["points"]))
    if fields.get("settlement") is not None:
        fields["settlement"] = Settlement(**fields["settlement"])
    fields["options"] = tuple(_option(o) for o in fields.get("options", ()))
    for name in ("chosen_options", "sources", "readings"):
        fields[name] = tuple(fields.get(name, ()))
    return fields


def _point_keys(deck: str, points: dict[str, Any]) -> tuple[str, ...]:
    """The keys of a snapshot's points: the Phase 10 deck's, a split ace's (``A_red``, ``A_black``), or the standard ones."""
    if deck == Deck.PHASE10.value:
        return PHASE10_POINT_KEYS
    return SPLIT_ACE_POINT_KEYS if "A_red" in points else POINT_KEYS


def _deal(deal: dict[str, Any]) -> Deal:
    """One deal of a snapshot."""
    return Deal(
        **{
            **deal,
            "requirements": _requirements(deal["requirements"]),
            "alternatives": tuple(_requirements(contract) for contract in deal.get("alternatives", ())),
            "buys": BuyRule(**deal["buys"]),
        }
    )


def _requirements(requirements: list[dict[str, Any]]) -> tuple[Requirement, ...]:
    return tuple(Requirement(**r) for r in requirements)


def _option(option: dict[str, Any]) -> HouseOption:
    """One house option of a snapshot: a deal it adds, or changes to the schedule's deals, made again as deals."""
    changes: list[tuple[str, object]] = []
    for name, value in option["changes"]:
        if name == "extra_deal":
            changes.append((name, _deal(value)))
        elif name == "deal_changes":
            changes.append((name, tuple((number, _deal_fields(fields)) for number, fields in value)))
        else:
            changes.append((name, _frozen(value)))
    return HouseOption(key=option["key"], label=option["label"], changes=tuple(changes))


def _deal_fields(fields: list[list[Any]]) -> tuple[tuple[str, Any], ...]:
    """A ``deal_changes`` entry's fields: alternatives as requirements again."""
    return tuple(
        (name, tuple(_requirements(contract) for contract in value) if name == "alternatives" else _frozen(value))
        for name, value in fields
    )


def _frozen(value: Any) -> Any:
    """Lists from JSON back to the tuples a house option's changes hold."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
