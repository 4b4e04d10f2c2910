"""Restore a league from its JSON backup (:func:`companion.leagues.exports.league_backup`), exactly or not at all.

The whole file is checked before anything is written: its format and
version, its checksum (an accident check: a damaged or hand-edited file is
refused; anyone can recompute it, so it proves nothing), then every field
of every game against the game's own rules snapshot. The first problem found
is raised as a :class:`BackupError` whose message is one sentence naming
what is wrong and where ("Game 3, deal 2: went_out 7 is not a seat at a
table of 4."), in the page's language: each sentence is a whole gettext
message, the place ("Game 3, deal 2") a phrase of its own put before it by
"%(where)s: %(problem)s"; the file's field names stay as the file writes
them. Only a file that passes is written, in one transaction: the
league, its roster, its games with their exact timestamps, seats, deals
(with their versions), hands, May I counts and history. Players are matched
by name, so a backup restored next to other leagues shares their players.
The derived game results are rebuilt as the transaction commits.

A game played under a table's own rules carries the id those rules had on
the server that made the backup (``custom-<n>``), which on this server may be
another table's rules. So such rules become the restored league's own stored
ruleset here (one per id in the file, a version per distinct snapshot), and
their games take its id and are linked to the version: the standings filter
can never mix them with rules that merely had the same number elsewhere.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from flask_babel import gettext, ngettext
from sqlalchemy import Table, delete, select, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.exc import IntegrityError

from ..auth.access import new_token
from ..extensions import db
from ..i18n import N_
from ..models import (
    BuyCount,
    Change,
    CustomRuleset,
    CustomRulesetVersion,
    DealResult,
    Game,
    GameResult,
    GameStatus,
    HandScore,
    League,
    Player,
    Seat,
)
from .. import registry
from ..rules import CardSyntaxError, Progression, Ruleset
from ..rules.deal_score import MAX_HAND_TEXT, MAX_TYPED_POINTS, bonus_problem, hand_total, line_adjustment
from ..rules.definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from ..rules.progression import HandLine, PlayedHand, follow_game
from ..rules.snapshot import ruleset_from_dict, ruleset_to_dict
from ..rules.scoring import AceColourError
from ..rules.tally import parse_ranks, rank_points
from ..rules.words import json_kind
from ..validation import TextError, clean_name
from .exports import BACKUP_FORMAT, BACKUP_VERSION, checksum

__all__ = ["CHECKSUM_MISMATCH", "BackupError", "import_league_backup", "validate_backup"]

CHECKSUM_MISMATCH = N_("The file was changed after it was made (its checksum does not match).")
"""The refusal of a file changed by hand (English; said through gettext)."""

#: What the history of a game may record (see :mod:`companion.games.history`).
HISTORY_ACTIONS = ("started", "entered", "corrected", "undone", "finished", "reopened", "abandoned")
#: The entries about one deal: they name it, and log its facts; the others are about the whole game.
DEAL_ACTIONS = ("entered", "corrected", "undone")

MAX_NAME = 40  # Player.name
MAX_LEAGUE_NAME = 60  # League.name
MAX_POINTS = 10_000
MAX_ADJUSTMENT = 10_000
MAX_BUYS = 99
MAX_VERSION = 1_000_000


class BackupError(ValueError):
    """A backup file that can't be restored; the message says what is wrong and where, for the player."""


# ---------------------------------------------------------------------------
# What a checked backup holds


@dataclass
class _Hand:
    position: int
    cards: str | None
    points: int
    adjustment: int
    exact_cut: bool
    one_turn_out: bool
    buys: int
    made: bool = False
    """The "made" tick (a game where each player plays their own phase, RULES.md §8.6.2)."""
    chosen_phase: int | None = None
    """The phase chosen before the hand (Phase 10 Masters)."""


@dataclass
class _Deal:
    number: int
    dealer: int
    went_out: int | None
    stock_ran_out: bool
    version: int
    created_at: dt.datetime
    updated_at: dt.datetime
    hands: list[_Hand]


@dataclass
class _Game:
    ruleset_id: str
    rules: dict[str, Any]
    status: str
    first_dealer: int
    created_at: dt.datetime
    finished_at: dt.datetime | None
    seats: list[str]
    deals: list[_Deal] = field(default_factory=list)
    buys: list[tuple[int, int, int]] = field(default_factory=list)
    """``(deal number, position, count)``."""
    history: list[tuple[int | None, str, Any, Any, dt.datetime]] = field(default_factory=list)
    """``(deal number, action, old, new, at)``."""


@dataclass
class CheckedBackup:
    """A backup that passed every check, as plain values ready to be written."""

    name: str
    created_at: dt.datetime
    members: list[str]
    games: list[_Game]


# ---------------------------------------------------------------------------
# Small checks, each raising a sentence that names the place


@dataclass(frozen=True)
class _Place:
    """Where in the file a problem is ("Game 3, deal 2"), said as one phrase in the page's language."""

    game: int | None = None
    """The game's number in the file, from 1 (``None``: the league or the file itself)."""
    league: bool = False
    """The league's own fields."""
    member: int | None = None
    """A name on the league's roster, from 1."""
    seat: int | None = None
    """A seat's name in a game, from 1."""
    deal: int | None = None
    """A deal of the game (its number, or its place in the list before the numbers are checked)."""
    hand: int | None = None
    """A hand of the deal, from 1."""
    may_i: int | None = None
    """A May I count of the game, from 1."""
    entry: int | None = None
    """An entry of the game's history, from 1."""

    def said(self) -> str:
        """The place as the page says it ("" for the file itself)."""
        values = {name: value for name, value in dataclasses.asdict(self).items() if value not in (None, False)}
        message = _PLACES.get(tuple(values))
        return "" if message is None else gettext(message, **values)

    def with_(self, **values: Any) -> _Place:
        """A place within this one (a deal of this game, a hand of this deal)."""
        return dataclasses.replace(self, **values)


NOWHERE = _Place()
"""The file as a whole (its sentence starts with a capital, no place before it)."""

#: Each kind of place (the fields it names, in field order), as a whole phrase with its numbers as placeholders.
_PLACES = {
    ("league",): N_("League"),
    ("league", "member"): N_("League, member %(member)s"),
    ("game",): N_("Game %(game)s"),
    ("game", "seat"): N_("Game %(game)s, seat %(seat)s"),
    ("game", "deal"): N_("Game %(game)s, deal %(deal)s"),
    ("game", "deal", "hand"): N_("Game %(game)s, deal %(deal)s, hand %(hand)s"),
    ("game", "may_i"): N_("Game %(game)s, May I count %(may_i)s"),
    ("game", "entry"): N_("Game %(game)s, history entry %(entry)s"),
}

LEAGUE = _Place(league=True)
"""The league's own fields (its name, creation time and roster)."""


def _fail(where: _Place, problem: str) -> BackupError:
    """The refusal of ``problem`` (a sentence in the page's language, small letter first) at ``where``."""
    if where == NOWHERE:
        return BackupError(_capitalized(problem))
    return BackupError(gettext("%(where)s: %(problem)s", where=where.said(), problem=problem))


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shown(value: Any) -> str:
    """A value as it appears in the file, kept short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON at all, or a number of thousands of digits
        if isinstance(value, int):
            text = gettext("an enormous number")
        else:
            text = gettext("a %(type)s value", type=type(value).__name__)
    return text if len(text) <= 40 else text[:37] + "…"


# What the file's objects are called in a sentence ("the game has no “seats”").
THE_BACKUP = N_("the backup")
THE_LEAGUE = N_("the backup's league")
THE_GAME = N_("the game")
THE_DEAL = N_("the deal")
THE_HAND = N_("the hand")
THE_COUNT = N_("the count")
THE_ENTRY = N_("the entry")
# What a name is called in its sentences
ITS_NAME = N_("its name")
THE_NAME = N_("the name")


def _fields(value: Any, where: _Place, what: str, names: tuple[str, ...]) -> dict[str, Any]:
    """``value`` as a mapping with exactly these keys; ``what`` names it (``THE_GAME``)."""
    said = gettext(what)
    if not isinstance(value, dict):
        raise _fail(where, gettext("%(what)s must be a JSON object, not %(value)s.", what=said, value=_shown(value)))
    missing = [name for name in names if name not in value]
    if missing:
        raise _fail(where, gettext("%(what)s has no “%(field)s”.", what=said, field=missing[0]))
    extra = sorted(str(key) for key in value if key not in names)
    if extra:
        raise _fail(
            where, gettext("%(what)s has a field this app does not know: “%(field)s”.", what=said, field=extra[0])
        )
    return value


def _list(value: Any, where: _Place, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, gettext("%(name)s must be a list, not %(value)s.", name=name, value=_shown(value)))
    return value


def _int(value: Any, where: _Place, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(
            where,
            gettext(
                "%(name)s must be a whole number from %(low)s to %(high)s, not %(value)s.",
                name=name, low=low, high=high, value=_shown(value),
            ),
        )  # fmt: skip
    return value


def _bool(value: Any, where: _Place, name: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, gettext("%(name)s must be true or false, not %(value)s.", name=name, value=_shown(value)))
    return value


def _time(value: Any, where: _Place, name: str) -> dt.datetime:
    """A date and time as the backup writes them (ISO 8601, UTC without an offset)."""
    if isinstance(value, str) and len(value) <= 40:
        try:
            parsed = dt.datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if parsed.tzinfo is None:
                return parsed
    raise _fail(
        where,
        gettext(
            "%(name)s must be a date and time like “2024-05-01T19:30:00”, not %(value)s.", name=name, value=_shown(value)
        ),
    )


def _name(value: Any, where: _Place, what: str, longest: int = MAX_NAME) -> str:
    """A player's (or league's) name, its spacing tidied as the app tidies typed names; ``what`` names it
    (``THE_NAME``)."""
    said = gettext(what)
    if not isinstance(value, str):
        raise _fail(where, gettext("%(what)s must be text, not %(value)s.", what=said, value=_shown(value)))
    if not value.strip():
        raise _fail(where, gettext("%(what)s is empty.", what=said))
    try:  # the very check the forms make, so what one stores the other takes back
        return clean_name(value, longest=longest)
    except TextError as error:
        raise _fail(where, _name_problem(error, _capitalized(said))) from None


def _name_problem(error: TextError, what: str) -> str:
    """What :func:`clean_name` found wrong with a name called ``what``, as a whole sentence in the page's language
    (English reads as ``clean_name`` says it)."""
    values = error.values
    if error.problem == "not_text":
        return gettext("%(what)s must be text.", what=what)
    if error.problem == "empty":
        return gettext("%(what)s can't be empty.", what=what)
    if error.problem == "refused":
        return gettext(
            "%(what)s can't hold the invisible or control character %(character)s: type letters only.",
            what=what, character=values["character"],
        )  # fmt: skip
    if error.problem == "grown":
        return gettext(
            "%(what)s is at most %(longest)s letters (“%(letter)s” counts as %(counts)s).",
            what=what, longest=values["longest"], letter=values["letter"], counts=values["counts"],
        )  # fmt: skip
    return gettext("%(what)s is at most %(longest)s letters.", what=what, longest=values.get("longest", 0))


def _seat(value: Any, where: _Place, name: str, seats: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise _fail(
            where,
            gettext("%(name)s %(value)s is not a seat at a table of %(seats)s.", name=name, value=_shown(value), seats=seats),
        )
    return value


# ---------------------------------------------------------------------------
# The whole file


def validate_backup(data: Any) -> CheckedBackup:
    """Check a parsed backup file from top to bottom; raises :class:`BackupError` at the first problem."""
    if not isinstance(data, dict):
        raise BackupError(
            gettext("This file is not a league backup: it holds %(kind)s, not a league.", kind=json_kind(data))
        )
    if data.get("format") != BACKUP_FORMAT:
        raise BackupError(
            gettext("This file is not a league backup made by this app (its “format” is missing or different).")
        )
    _check_version(data.get("version"))
    _check_checksum(data)
    _fields(data, NOWHERE, THE_BACKUP, ("format", "version", "league", "games", "checksum"))

    league = _fields(data["league"], NOWHERE, THE_LEAGUE, ("name", "created_at", "members"))
    name = _name(league["name"], LEAGUE, ITS_NAME, MAX_LEAGUE_NAME)
    created_at = _time(league["created_at"], LEAGUE, "created_at")
    members = _distinct_names(_list(league["members"], LEAGUE, "members"), LEAGUE, "member", ON_THE_ROSTER_TWICE)

    checked_rules: dict[str, Ruleset] = {}  # a league's games share a few snapshots: each is checked once
    games = [
        _game(game, _Place(game=index), checked_rules)
        for index, game in enumerate(_list(data["games"], NOWHERE, "games"), start=1)
    ]
    return CheckedBackup(name=name, created_at=created_at, members=members, games=games)


def _check_version(version: Any) -> None:
    """The backup's version must be the one this app reads (a newer app's backup is said to be newer)."""
    if type(version) is not int or version != BACKUP_VERSION:
        if type(version) is int and version > BACKUP_VERSION:
            raise BackupError(
                gettext(
                    "This backup was made by a newer version of the app (backup version %(version)s); "
                    "this app reads version %(reads)s.",
                    version=_shown(version), reads=BACKUP_VERSION,
                )
            )  # fmt: skip
        raise BackupError(
            gettext(
                "This backup's version %(version)s is not one this app reads (it reads version %(reads)s).",
                version=_shown(version), reads=BACKUP_VERSION,
            )
        )  # fmt: skip


def _check_checksum(data: dict[str, Any]) -> None:
    """The file's checksum must be there and match its content (a file changed by hand is refused)."""
    given = data.get("checksum")
    if not isinstance(given, str) or not given:
        raise BackupError(
            gettext("The file has no checksum, so it can't be trusted: make the backup again from the league's page.")
        )
    try:
        expected = checksum(data)
    except UnicodeError:
        raise BackupError(
            gettext("The file holds text that is not valid Unicode, so it is not a backup made by this app.")
        ) from None
    except (RecursionError, ValueError, TypeError):
        raise BackupError(
            gettext("The file holds values a backup never has, so it is not a backup made by this app.")
        ) from None
    if given != expected:
        raise BackupError(gettext(CHECKSUM_MISMATCH))


ON_THE_ROSTER_TWICE = N_("“%(name)s” is on the roster twice.")
AT_THE_TABLE_TWICE = N_("“%(name)s” sits at the table twice.")


def _distinct_names(values: list[Any], where: _Place, kind: str, twice: str) -> list[str]:
    """Each of ``values`` checked as a name (the ``kind`` of place, "member" or "seat", at its place in the
    list), none twice in any case; ``twice`` is the sentence for a name found twice."""
    names: list[str] = []
    keys: set[str] = set()
    for index, value in enumerate(values, start=1):
        clean = _name(value, where.with_(**{kind: index}), THE_NAME)
        if Player.key_for(clean) in keys:
            raise _fail(where, gettext(twice, name=clean))
        keys.add(Player.key_for(clean))
        names.append(clean)
    return names


def _checked_ruleset(game: dict[str, Any], where: _Place, checked: dict[str, Ruleset]) -> Ruleset:
    """:func:`_ruleset`, read and checked once for each distinct snapshot (its written form is the key)."""
    rules = game.get("rules")
    try:
        key = _canonical_json(rules) if isinstance(rules, dict) else None
    except (TypeError, ValueError, RecursionError):
        key = None
    ruleset = checked.get(key) if key is not None else None
    if ruleset is None:
        ruleset = _ruleset(game, where)
        if key is not None:
            checked[key] = ruleset
    if game["ruleset_id"] != ruleset.id:
        raise _fail(
            where,
            gettext(
                "ruleset_id %(value)s does not match its rules snapshot (“%(id)s”).",
                value=_shown(game["ruleset_id"]), id=ruleset.id,
            ),
        )  # fmt: skip
    return ruleset


def _ruleset(game: dict[str, Any], where: _Place) -> Ruleset:
    """The game's rules snapshot, read and checked as the app would read it."""
    rules = game["rules"]
    if not isinstance(rules, dict):
        raise _fail(where, gettext("the rules snapshot must be a JSON object, not %(value)s.", value=_shown(rules)))
    rules_id = rules.get("id")
    # a table's own rules (``custom-<n>``) travel as their snapshot: it is read and checked like any other
    if not registry.is_ruleset_id(rules_id):
        raise _fail(where, gettext("the rules snapshot is for an unknown ruleset %(value)s.", value=_shown(rules_id)))
    _check_supply(rules.get("supply"), where)
    try:
        ruleset = ruleset_from_dict(rules)
        hash(ruleset)  # every value frozen, as a ruleset's are
    except Exception as error:  # noqa: BLE001  (any way a snapshot can be malformed)
        raise _fail(where, _not_a_ruleset(_short(error))) from None
    problem = _typed(ruleset, Ruleset, "")
    if problem is not None:
        raise _fail(where, _not_a_ruleset(problem))
    _check_as_the_api_does(ruleset, where)
    _check_written_as_the_app_writes(rules, ruleset, where)
    return ruleset


def _not_a_ruleset(problem: str) -> str:
    return gettext("the rules snapshot is not a valid ruleset (%(problem)s).", problem=problem)


def _check_written_as_the_app_writes(rules: dict[str, Any], ruleset: Ruleset, where: _Place) -> None:
    """Each field of the snapshot as the app writes it for ``ruleset``; only offered house options chosen."""
    canonical = ruleset_to_dict(ruleset)
    for key, value in rules.items():  # a field left out keeps its default (snapshots from before it existed)
        if _canonical_json(value) != _canonical_json(canonical[key]):
            raise _fail(
                where, gettext("the rules snapshot's %(field)s is not written as the app writes it.", field=_shown(key))
            )
    offered = {option.key for option in ruleset.options}
    for key in ruleset.chosen_options:
        if key not in offered:
            raise _fail(
                where,
                gettext(
                    "the rules snapshot chooses the house option %(option)s, which it does not offer.", option=_shown(key)
                ),
            )


def _check_as_the_api_does(ruleset: Ruleset, where: _Place) -> None:
    """The snapshot's rules must be rules the API (and the builder) would accept, built-in id or not.

    A snapshot under a built-in id once skipped every ruleset check: a 20-seat
    game imported (its score page then answered 500), a 5,000-deal "contract"
    made its offline pack cost 16 s of CPU, pairs of wild cards alone imported.
    So the rules are written as an API ruleset object and read back by the
    API's own reader (players 2 to 8, 1 to 20 deals of 5 to 20 cards, the
    supply, every range and sentence of API.md), and what comes back must be
    the snapshot itself: a value no ruleset object can give (wild cards alone
    in a pair) is refused too. Only the rules' provenance (sources, readings,
    the house options' keys) is not compared: a house option's effect is.
    """
    try:
        accepted = ruleset_from_definition(ruleset_to_definition(ruleset), ruleset_id=ruleset.id)
    except RulesetDefinitionError as error:
        if registry.stored_id(ruleset.id) is not None:
            raise _fail(where, _not_storable(_short(error))) from None
        raise _fail(where, gettext("its rules can't be played (%(problem)s).", problem=_short(error))) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise _fail(where, _not_a_ruleset(_short(error))) from None
    provenance = ("sources", "readings", "chosen_options")
    differing = next(
        (f.name for f in dataclasses.fields(Ruleset)
         if f.name not in provenance and getattr(accepted, f.name) != getattr(ruleset, f.name)),
        None,
    )
    if differing is not None:
        raise _fail(where, gettext("the rules snapshot's %(field)s is not one a ruleset can have.", field=differing))


def _not_storable(problem: str) -> str:
    return gettext("its table's own rules can't be stored here (%(problem)s).", problem=problem)


MAX_TABLE = 99
MAX_RULES_TEXT = 10_000


def _check_supply(supply: Any, where: _Place) -> None:
    """The table sizes of a snapshot, checked before the engine spans them (a forged 10**30 would never end)."""
    if not isinstance(supply, list) or not 1 <= len(supply) <= MAX_TABLE:
        raise _fail(where, gettext("the rules snapshot's supply must list the table sizes."))
    for entry in supply:
        for name in ("min_players", "max_players"):
            value = entry.get(name) if isinstance(entry, dict) else None
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TABLE:
                raise _fail(
                    where,
                    gettext(
                        "the rules snapshot's %(field)s must be a whole number from 1 to %(high)s, not %(value)s.",
                        field=name, high=MAX_TABLE, value=_shown(value),
                    ),
                )  # fmt: skip


def _typed(value: Any, hint: Any, path: str) -> str | None:
    """What in a rebuilt ruleset is not of the type its field declares (``None``: all is well).

    The engine trusts its rulesets' types, and a snapshot read from a file
    could hold text where a number belongs; every number here is a count or
    points, so 0 to a million.
    """
    if hint is object or hint is Any:
        return None
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_problem(value, typing.get_args(hint), path)
    if hint in _PLAIN_TYPE_PROBLEMS:
        return _PLAIN_TYPE_PROBLEMS[hint](value, path)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_problem(value, hint, path)
    if origin is tuple:
        return _tuple_problem(value, typing.get_args(hint), path)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_problem(value, hint, path)
    return gettext("%(path)s has an unexpected value", path=path)  # a field of a kind this check does not know yet


def _union_problem(value: Any, args: tuple[Any, ...], path: str) -> str | None:
    """:func:`_typed` for ``A | B``: nothing when the value is one of them, else what is wrong for the first."""
    problems = [_typed(value, arg, path) for arg in args]
    return None if None in problems else problems[0]


def _enum_problem(value: Any, hint: type[enum.Enum], path: str) -> str | None:
    if isinstance(value, hint):
        return None
    return gettext("%(path)s must be one of %(values)s", path=path, values=", ".join(m.value for m in hint))


def _null_problem(value: Any, path: str) -> str | None:
    return None if value is None else gettext("%(path)s must be null", path=path)


def _bool_problem(value: Any, path: str) -> str | None:
    if isinstance(value, bool):
        return None
    return gettext("%(path)s must be true or false, not %(value)s", path=path, value=_shown(value))


def _count_problem(value: Any, path: str) -> str | None:
    # No upper bound here: the API's reader (_check_as_the_api_does) bounds every count it limits, and
    # takes max_wilds as any whole number from 0 (10**29 was accepted, backed up, and then refused here).
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return gettext("%(path)s must be a whole number from 0, not %(value)s", path=path, value=_shown(value))
    return None


def _text_problem(value: Any, path: str) -> str | None:
    if not isinstance(value, str) or len(value) > MAX_RULES_TEXT:
        return gettext("%(path)s must be text, not %(value)s", path=path, value=_shown(value))
    return None


#: :func:`_typed` for a field of a plain type: what is wrong with its value (``None``: nothing).
_PLAIN_TYPE_PROBLEMS: dict[Any, Callable[[Any, str], str | None]] = {
    type(None): _null_problem,
    bool: _bool_problem,
    int: _count_problem,
    str: _text_problem,
}


def _tuple_problem(value: Any, args: tuple[Any, ...], path: str) -> str | None:
    """:func:`_typed` for a tuple field: a fixed number of values, or any number of one type (``tuple[T, ...]``)."""
    if not isinstance(value, tuple):
        return gettext("%(path)s must be a list", path=path)
    if len(args) == 2 and args[1] is Ellipsis:
        args = (args[0],) * len(value)
    elif len(args) != len(value):
        return ngettext("%(path)s must hold %(num)s values", "%(path)s must hold %(num)s values", len(args), path=path)
    for index, (item, arg) in enumerate(zip(value, args, strict=True)):
        problem = _typed(item, arg, f"{path}[{index}]")
        if problem is not None:
            return problem
    return None


def _dataclass_problem(value: Any, hint: type, path: str) -> str | None:
    """:func:`_typed` for a field holding a dataclass: the class itself, then each of its fields."""
    if not isinstance(value, hint):
        return gettext("%(path)s must be a %(type)s", path=path, type=hint.__name__)
    hints = typing.get_type_hints(hint)
    for item in dataclasses.fields(hint):
        problem = _typed(getattr(value, item.name), hints[item.name], f"{path}.{item.name}".lstrip("."))
        if problem is not None:
            return problem
    return None


def _canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _short(error: Exception) -> str:
    text = str(error).rstrip(".") or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "…"


def _game(value: Any, where: _Place, checked_rules: dict[str, Ruleset]) -> _Game:
    game = _fields(
        value,
        where,
        THE_GAME,
        (
            "ruleset_id",
            "rules",
            "status",
            "first_dealer",
            "created_at",
            "finished_at",
            "seats",
            "deals",
            "buys",
            "history",
        ),
    )
    ruleset = _checked_ruleset(game, where, checked_rules)
    seat_names = _distinct_names(_list(game["seats"], where, "seats"), where, "seat", AT_THE_TABLE_TWICE)
    seats = len(seat_names)
    if not ruleset.plays(seats):
        raise _fail(where, ruleset.players_refusal(seats))
    status = _status(game["status"], where)
    first_dealer = _seat(game["first_dealer"], where, "first_dealer", seats)
    created_at = _time(game["created_at"], where, "created_at")
    finished_at = None if game["finished_at"] is None else _time(game["finished_at"], where, "finished_at")
    if (status == GameStatus.FINISHED) != (finished_at is not None):
        raise _fail(where, gettext("a finished game has a finished_at time, and a game that is not finished has none."))

    deals_data = _numbered_deals(_list(game["deals"], where, "deals"), where, ruleset)
    deals = [_deal(deal, where.with_(deal=deal["number"]), ruleset, seat_names) for deal in deals_data]
    total_deals = _check_played(ruleset, seat_names, deals, status, where)

    return _Game(
        ruleset_id=ruleset.id,
        rules=game["rules"],
        status=status,
        first_dealer=first_dealer,
        created_at=created_at,
        finished_at=finished_at,
        seats=seat_names,
        deals=deals,
        buys=_buys(_list(game["buys"], where, "buys"), where, total_deals, seats),
        history=_history(_list(game["history"], where, "history"), where, total_deals, seat_names),
    )


def _check_played(ruleset: Ruleset, seat_names: list[str], deals: list[_Deal], status: str, where: _Place) -> int:
    """The deals agree with the game's status; the highest deal number the buys and history may name.

    A fixed schedule is finished with its last deal. Where each player plays their own phase (Phase 10) the
    hands are followed by the engine as the game pages follow them: a hand it would refuse is refused with its
    sentence, and a decided game is finished (one finished undecided was ended early by the table).
    """
    played = len(deals)
    if ruleset.progression is Progression.FIXED:
        total_deals = len(ruleset.deals)
        if status == GameStatus.FINISHED and played != total_deals:
            raise _fail(
                where,
                ngettext(
                    "the game is marked finished but has %(played)s of its %(num)s deals.",
                    "the game is marked finished but has %(played)s of its %(num)s deals.",
                    total_deals, played=played,
                ),
            )  # fmt: skip
        if status != GameStatus.FINISHED and played == total_deals:
            raise _fail(
                where,
                ngettext(
                    "the game has all %(num)s deals, so it is finished, not %(status)s.",
                    "the game has all %(num)s deals, so it is finished, not %(status)s.",
                    total_deals, status=status,
                ),
            )  # fmt: skip
        return total_deals
    _check_phases(ruleset, seat_names, deals, status, where)
    return max(played, 1)


def _check_phases(ruleset: Ruleset, seat_names: list[str], deals: list[_Deal], status: str, where: _Place) -> None:
    """A per-player game's hands followed by the engine: its first problem refused with its sentence, and a
    decided game must be finished."""
    hands = [
        PlayedHand(
            lines=tuple(HandLine(seat=h.position, made=h.made, points=hand_total(h.points, h.adjustment),
                             chosen_phase=h.chosen_phase)
                        for h in deal.hands),
            went_out=deal.went_out,
        )
        for deal in deals
    ]  # fmt: skip
    progress = follow_game(ruleset, dict(enumerate(seat_names)), hands)
    if progress.problems:
        problem = progress.problems[0]
        raise _fail(where.with_(deal=problem.hand), problem.sentence)  # the engine's, in the page's language
    if progress.over and status != GameStatus.FINISHED:
        raise _fail(
            where,
            ngettext(
                "the game's winner is decided after %(num)s hands, so it is finished, not %(status)s.",
                "the game's winner is decided after %(num)s hands, so it is finished, not %(status)s.",
                len(deals), status=status,
            ),
        )  # fmt: skip


def _status(status: Any, where: _Place) -> str:
    if not isinstance(status, str) or status not in {s.value for s in GameStatus}:
        raise _fail(where, gettext("status %(value)s must be in_progress, finished or abandoned.", value=_shown(status)))
    return status


def _numbered_deals(deals_data: list[Any], where: _Place, ruleset: Ruleset) -> list[dict[str, Any]]:
    """The game's deals, each with its fields, numbered 1, 2, 3… in order within the ruleset's deals."""
    # a game where each player plays their own phase has as many hands as it takes (the engine follows them)
    total_deals = len(ruleset.deals) if ruleset.progression is Progression.FIXED else MAX_VERSION
    checked: list[dict[str, Any]] = []
    numbers = []
    for index, deal in enumerate(deals_data, start=1):
        deal = _fields(
            deal,
            where.with_(deal=index),
            THE_DEAL,
            ("number", "dealer", "went_out", "stock_ran_out", "version", "created_at", "updated_at", "hands"),
        )
        number = _int(deal["number"], where.with_(deal=index), "number", 1, MAX_VERSION)
        if number > total_deals:
            raise _fail(
                where.with_(deal=number),
                ngettext("%(rules)s has only %(num)s deals.", "%(rules)s has only %(num)s deals.", total_deals,
                         rules=ruleset.name),
            )  # fmt: skip
        if number in numbers:
            raise _fail(where, gettext("deal %(number)s appears twice.", number=number))
        numbers.append(number)
        checked.append(deal)
    if numbers != list(range(1, len(numbers) + 1)):
        raise _fail(
            where,
            gettext("the deals must be numbered 1, 2, 3… in order, not %(numbers)s.", numbers=", ".join(map(str, numbers))),
        )
    return checked


def _buys(rows: list[Any], where: _Place, total_deals: int, seats: int) -> list[tuple[int, int, int]]:
    """The game's May I counts: ``(deal, position, count)``, each deal and position counted once."""
    buys: list[tuple[int, int, int]] = []
    for index, buy in enumerate(rows, start=1):
        place = where.with_(may_i=index)
        buy = _fields(buy, place, THE_COUNT, ("deal", "position", "count"))
        row = (
            _int(buy["deal"], place, "deal", 1, total_deals),
            _seat(buy["position"], place, "position", seats),
            _int(buy["count"], place, "count", 0, MAX_BUYS),
        )
        if any(other[:2] == row[:2] for other in buys):
            raise _fail(place, gettext("deal %(deal)s, position %(position)s is counted twice.", deal=row[0], position=row[1]))
        buys.append(row)
    return buys


def _history(
    entries: list[Any], where: _Place, total_deals: int, seat_names: list[str]
) -> list[tuple[int | None, str, Any, Any, dt.datetime]]:
    """The game's history: ``(deal or None, action, old, new, at)``, a deal's action naming its deal."""
    return [
        _history_entry(change, where.with_(entry=index), total_deals, seat_names)
        for index, change in enumerate(entries, start=1)
    ]


def _history_entry(
    change: Any, place: _Place, total_deals: int, seat_names: list[str]
) -> tuple[int | None, str, Any, Any, dt.datetime]:
    """One entry of the history, checked; a deal's action names its deal, and a logged deal reads as the page reads it."""
    change = _fields(change, place, THE_ENTRY, ("deal", "action", "old", "new", "at"))
    deal_number = None if change["deal"] is None else _int(change["deal"], place, "deal", 1, total_deals)
    action = change["action"]
    if action not in HISTORY_ACTIONS:
        raise _fail(
            place,
            gettext("action %(value)s is not one of %(actions)s.", value=_shown(action), actions=", ".join(HISTORY_ACTIONS)),
        )
    of_a_deal = action in DEAL_ACTIONS
    if of_a_deal != (deal_number is not None):
        about = (
            N_("“%(action)s” is about a deal, so it names one.")
            if of_a_deal
            else N_("“%(action)s” is about the whole game, so it names no deal.")
        )
        raise _fail(place, gettext(about, action=action))
    for name in ("old", "new"):
        if change[name] is not None and not isinstance(change[name], dict):
            raise _fail(
                place, gettext("%(name)s must be a JSON object or null, not %(value)s.", name=name, value=_shown(change[name]))
            )
        if of_a_deal and change[name] is not None:
            _check_logged_deal(change[name], place, name, seat_names)
    return (deal_number, action, change["old"], change["new"], _time(change["at"], place, "at"))


def _check_logged_deal(facts: dict[str, Any], where: _Place, name: str, seat_names: list[str]) -> None:
    """A deal as the history logged it: the game page reads who went out and each hand's points from it.

    Entries logged by an older version of the app may lack a field; the
    fields that are there must be what the page expects.
    """
    seats = len(seat_names)
    if "went_out" in facts and facts["went_out"] is not None:
        _seat(facts["went_out"], where, f"{name}.went_out", seats)
    if "hands" in facts:
        for index, hand in enumerate(_list(facts["hands"], where, f"{name}.hands")):
            if not isinstance(hand, dict):
                raise _fail(
                    where,
                    gettext("%(name)s must be a JSON object, not %(value)s.", name=f"{name}.hands[{index}]", value=_shown(hand)),
                )
            _seat(hand.get("position"), where, f"{name}.hands[{index}].position", seats)
            _int(hand.get("points"), where, f"{name}.hands[{index}].points", 0, MAX_POINTS)
            _int(hand.get("adjustment"), where, f"{name}.hands[{index}].adjustment", -MAX_ADJUSTMENT, MAX_ADJUSTMENT)


def _deal(deal: dict[str, Any], where: _Place, ruleset: Ruleset, seat_names: list[str]) -> _Deal:
    seats = len(seat_names)
    dealer = _seat(deal["dealer"], where, "dealer", seats)
    went_out = None if deal["went_out"] is None else _seat(deal["went_out"], where, "went_out", seats)
    stock_ran_out = _bool(deal["stock_ran_out"], where, "stock_ran_out")
    if stock_ran_out != (went_out is None):
        raise _fail(where, gettext("either someone went out or the stock ran out, not both and not neither."))
    version = _int(deal["version"], where, "version", 1, MAX_VERSION)
    created_at = _time(deal["created_at"], where, "created_at")
    updated_at = _time(deal["updated_at"], where, "updated_at")

    hands: list[_Hand] = []
    for index, fields in enumerate(_list(deal["hands"], where, "hands"), start=1):
        hand = _hand(fields, where.with_(hand=index), ruleset, seats, went_out)
        if any(other.position == hand.position for other in hands):
            raise _fail(
                where,
                gettext(
                    "position %(position)s (%(name)s) has two hands.",
                    position=hand.position, name=seat_names[hand.position],
                ),
            )  # fmt: skip
        hands.append(hand)
    _check_every_seat(hands, ruleset, seat_names, where)
    return _Deal(deal["number"], dealer, went_out, stock_ran_out, version, created_at, updated_at, hands)


def _check_every_seat(hands: list[_Hand], ruleset: Ruleset, seat_names: list[str], where: _Place) -> None:
    """Every seat has a hand in a deal of a fixed schedule (a tie-break hand's seats are the engine's to check)."""
    missing = [p for p in range(len(seat_names)) if all(hand.position != p for hand in hands)]
    if missing and ruleset.progression is Progression.FIXED:
        raise _fail(
            where,
            gettext(
                "there is no hand for position %(position)s (%(name)s).", position=missing[0], name=seat_names[missing[0]]
            ),
        )


def _hand(fields: Any, place: _Place, ruleset: Ruleset, seats: int, went_out: int | None) -> _Hand:
    """One hand of a deal, checked against the ruleset as the score page would have scored it."""
    per_player = ruleset.progression is not Progression.FIXED
    names = ("position", "cards", "points", "adjustment", "exact_cut", "one_turn_out", "buys")
    hand = _fields(fields, place, THE_HAND, names + (("made", "chosen_phase") if per_player else ()))
    position = _seat(hand["position"], place, "position", seats)
    points = _int(hand["points"], place, "points", 0, MAX_POINTS)
    _check_points(hand["cards"], points, place, ruleset)
    if position == went_out and points != 0:
        raise _fail(
            place, gettext("position %(position)s went out, so the hand scores 0, not %(points)s.", position=position, points=points)
        )
    exact_cut = _bool(hand["exact_cut"], place, "exact_cut")
    one_turn_out = _bool(hand["one_turn_out"], place, "one_turn_out")
    ticked = {name for name, on in (("exact_cut", exact_cut), ("one_turn_out", one_turn_out)) if on}
    problem = bonus_problem(ruleset, ticked, went_out=position == went_out)
    if problem:
        # the engine's words, after "Game 1, deal 2, hand 3:" (a sentence that starts with the ruleset's name keeps it)
        raise _fail(place, problem if problem.startswith(ruleset.name) else problem[0].lower() + problem[1:])
    adjustment = _int(hand["adjustment"], place, "adjustment", -MAX_ADJUSTMENT, MAX_ADJUSTMENT)
    bonuses = line_adjustment(ruleset, ticked)
    if adjustment != bonuses:
        raise _fail(
            place,
            gettext(
                "adjustment %(adjustment)s does not match the hand's bonuses (%(bonuses)s).",
                adjustment=adjustment, bonuses=bonuses,
            ),
        )  # fmt: skip
    buys = _int(hand["buys"], place, "buys", 0, MAX_BUYS)
    made, chosen = (_phase_fields(hand, place, ruleset) if per_player else (False, None))
    return _Hand(position, hand["cards"], points, adjustment, exact_cut, one_turn_out, buys, made, chosen)


def _phase_fields(hand: dict[str, Any], place: _Place, ruleset: Ruleset) -> tuple[bool, int | None]:
    """A hand's "made" tick and chosen phase (``null`` where the phase is derived)."""
    chosen = hand["chosen_phase"]
    if chosen is not None:
        chosen = _int(chosen, place, "chosen_phase", 1, len(ruleset.deals))
    return _bool(hand["made"], place, "made"), chosen


def _check_points(cards: Any, points: int, place: _Place, ruleset: Ruleset) -> None:
    """A hand's points as typed (at most what a hand holds), or the points its cards, as the app writes them, score."""
    if cards is None:
        if points > MAX_TYPED_POINTS:
            raise _fail(place, gettext("%(points)s typed points is more than any hand can hold.", points=points))
        return
    if not isinstance(cards, str) or len(cards) > MAX_HAND_TEXT:
        raise _fail(
            place,
            gettext(
                "cards must be ranks as text (at most %(most)s letters) or null, not %(value)s.",
                most=MAX_HAND_TEXT, value=_shown(cards),
            ),
        )  # fmt: skip
    shown = _shown(cards)
    try:
        ranks = parse_ranks(cards, ace_suits=ruleset.points.split_ace)
    except CardSyntaxError as error:
        raise _fail(
            place, gettext("the cards %(cards)s are not ranks (%(problem)s).", cards=shown, problem=_short(error))
        ) from None
    if " ".join(ranks) != cards:
        raise _fail(
            place,
            gettext(
                "the cards %(cards)s are not written as the app writes them (%(written)s).",
                cards=shown, written=_shown(" ".join(ranks)),
            ),
        )  # fmt: skip
    try:
        scored = rank_points(ruleset, ranks)
    except AceColourError as error:
        raise _fail(
            place, gettext("the cards %(cards)s hold an ace without its suit (%(problem)s).", cards=shown, problem=_short(error))
        ) from None
    if scored != points:
        raise _fail(
            place,
            gettext(
                "the cards %(cards)s score %(scored)s in %(rules)s, not %(points)s.",
                cards=shown, scored=scored, rules=ruleset.name, points=points,
            ),
        )  # fmt: skip


# ---------------------------------------------------------------------------
# Writing it


RESTORE_BATCH_GAMES = 50
"""Games written per transaction. Each transaction holds the database's write lock (SQLite: the whole file) until
it commits, so another phone's deal save waits at most one batch, not the whole restore; the rows of a written
batch are let go of, so memory holds one batch of rows besides the checked file."""


def import_league_backup(data: dict[str, Any]) -> League:
    """Restore a league from a parsed backup file as a new league, whole or not at all.

    Raises :class:`BackupError` (nothing written) when the file is not a
    sound backup, or a league of that name (any case) already exists.
    """
    return restore_checked(validate_backup(data))


def restore_checked(checked: CheckedBackup, *, batch: int = RESTORE_BATCH_GAMES) -> League:
    """Write a checked backup as a new league, :data:`RESTORE_BATCH_GAMES` games to a transaction.

    The league, its roster and rules go in with the first batch. A failure in
    a later batch takes away everything this restore wrote (its games, rules,
    league and the players only it added), so a refused restore leaves what is
    stored as it was. Raises :class:`BackupError` as :func:`import_league_backup`.
    """
    own_rules = _plan_own_rules(checked.games)
    key = League.key_for(checked.name)
    clash = db.session.scalar(select(League).where(League.name_key == key))
    if clash is not None:
        raise BackupError(
            gettext(
                "There is already a league called “%(clash)s”, so this backup of “%(name)s” was not imported.",
                clash=clash.name, name=checked.name,
            )
        )  # fmt: skip
    player_named, added = _player_finder([*checked.members, *(name for game in checked.games for name in game.seats)])
    league = League(name=checked.name, name_key=key, created_at=checked.created_at, share_token=new_token())
    written: list[int] = []  # the league's id, once its first batch is committed
    try:
        db.session.add(league)
        for name in checked.members:
            player = player_named(name)
            if player not in league.members:
                league.members.append(player)
        stored = _store_own_rules(league, own_rules)
        for start in range(0, max(len(checked.games), 1), batch):
            league = _restore_batch(league, checked.games[start : start + batch], player_named, stored)
            written[:] = [league.id]
    except IntegrityError:
        _undo_restore(written, added)
        raise BackupError(
            gettext(
                "The league “%(name)s” was not imported because a league or player of the same name was "
                "added at the same moment: try again.",
                name=checked.name,
            )
        ) from None
    except BaseException:
        _undo_restore(written, added)
        raise
    return league


def _restore_batch(
    league: League,
    games: list[_Game],
    player_named: Callable[[str], Player],
    stored: dict[tuple[str, str], CustomRulesetVersion],
) -> League:
    """Write one batch of checked games into ``league`` and commit; the league, read again."""
    from ..games.history import touch

    versions: list[tuple[DealResult, int]] = []
    added = []
    with db.session.no_autoflush:  # nothing written (no lock taken) until the batch is built
        for planned in games:
            game = _add_game(planned, league, [player_named(name) for name in planned.seats], stored)
            versions += _add_deals(game, planned.deals)
            _add_buys_and_history(game, planned)
            touch(game)  # its results are rebuilt as the transaction commits
            added.append(game)
    _restore_versions(versions)
    db.session.commit()
    league_id = league.id
    for game in added:  # its seats, deals, hands and history go with it
        db.session.expunge(game)
    return db.session.get(League, league_id) or league


def _undo_restore(written: list[int], added: list[Player]) -> None:
    """Take away what a restore that stopped midway wrote: the batch in progress (rolled back), then the
    league's games, rules and roster committed before it, the league, and the players only it added."""
    db.session.rollback()
    if not written:
        return
    league = db.session.get(League, written[0])
    if league is not None:
        games = list(db.session.scalars(select(Game).where(Game.league_id == league.id)))
        db.session.execute(delete(GameResult).where(GameResult.game_id.in_([game.id for game in games])),
                           execution_options={"synchronize_session": False})  # fmt: skip
        for game in games:
            db.session.delete(game)  # its seats, deals, hands and history
        for custom in db.session.scalars(select(CustomRuleset).where(CustomRuleset.league_id == league.id)):
            db.session.delete(custom)
        db.session.flush()
        db.session.delete(league)  # and its roster
        db.session.flush()
    for player in added:  # those of the batch rolled back were never stored
        if sa_inspect(player).persistent and not _player_in_use(player.id):
            db.session.delete(player)
    db.session.commit()


def _player_in_use(player_id: int) -> bool:
    """Whether anything stored names the player (a seat, a roster, an account)."""
    from ..models import User, league_member

    for query in (
        select(Seat.id).where(Seat.player_id == player_id),
        select(league_member.c.player_id).where(league_member.c.player_id == player_id),
        select(User.id).where(User.player_id == player_id),
    ):
        if db.session.execute(query.limit(1)).first() is not None:
            return True
    return False


def _player_finder(names: list[str]) -> tuple[Callable[[str], Player], list[Player]]:
    """The player of each name: one already here, or one added (once) to the session; and the list of those
    added (filled in as they are)."""
    # Every name in the file is looked up in one query a few hundred names, then added where missing: one
    # find_or_add a seat looked among the session's new rows, which grow with every game restored (a 3 MB
    # file of many players once took 74 s).
    found = _players_named(names)
    added: list[Player] = []

    def player_named(name: str) -> Player:
        key = Player.key_for(name)
        if key not in found:
            found[key] = Player(name=name, name_key=key)
            db.session.add(found[key])
            added.append(found[key])
        return found[key]

    return player_named, added


def _add_game(
    planned: _Game,
    league: League,
    players: list[Player],
    stored: dict[tuple[str, str], CustomRulesetVersion],
) -> Game:
    """The checked game added to the session in ``league``, with its seats (its deals come next)."""
    rules = planned.rules
    version = stored.get((planned.ruleset_id, _canonical_json(rules)))
    if version is not None:  # the table's own rules, under the id they have here
        rules = {**rules, "id": version.custom_ruleset.ruleset_id}
    game = Game(
        ruleset_id=rules["id"],
        rules_json=json.dumps(rules, sort_keys=True),
        custom_version=version,
        status=planned.status,
        first_dealer=planned.first_dealer,
        created_at=planned.created_at,
        finished_at=planned.finished_at,
        share_token=new_token(),
    )
    game.seats = [Seat(position=i, player=player) for i, player in enumerate(players)]
    db.session.add(game)
    game.league = league  # once the game is in the session (no cascade along the backref)
    return game


def _add_deals(game: Game, deals: list[_Deal]) -> list[tuple[DealResult, int]]:
    """Append the checked deals to ``game``; the corrected ones (version above 1) with the version to restore."""
    versions: list[tuple[DealResult, int]] = []
    for deal in deals:
        game.deals.append(
            result := DealResult(
                number=deal.number,
                dealer=deal.dealer,
                went_out=deal.went_out,
                stock_ran_out=deal.stock_ran_out,
                version=deal.version,
                created_at=deal.created_at,
                updated_at=deal.updated_at,
                hands=[
                    HandScore(
                        position=hand.position,
                        cards=hand.cards,
                        points=hand.points,
                        adjustment=hand.adjustment,
                        exact_cut=hand.exact_cut,
                        one_turn_out=hand.one_turn_out,
                        buys=hand.buys,
                        made=hand.made,
                        chosen_phase=hand.chosen_phase,
                    )
                    for hand in deal.hands
                ],
            )
        )
        if deal.version != 1:
            versions.append((result, deal.version))
    return versions


def _add_buys_and_history(game: Game, planned: _Game) -> None:
    for deal_number, position, count in planned.buys:
        game.buys.append(BuyCount(deal_number=deal_number, position=position, count=count))
    for changed_deal, action, old, new, at in planned.history:
        # added one by one, so their ids keep the history's order
        db.session.add(
            Change(
                game=game,
                deal_number=changed_deal,
                action=action,
                old_json=None if old is None else json.dumps(old),
                new_json=None if new is None else json.dumps(new),
                created_at=at,
            )
        )


def _players_named(names: list[str]) -> dict[str, Player]:
    """The players already here with these names, by name key."""
    keys = sorted({Player.key_for(name) for name in names})
    found: dict[str, Player] = {}
    for start in range(0, len(keys), 500):
        for player in db.session.scalars(select(Player).where(Player.name_key.in_(keys[start : start + 500]))):
            found[player.name_key] = player
    return found


@dataclass
class _OwnRules:
    """A table's own ruleset the backup's games were played under, as it will be stored for the restored league."""

    name: str
    """The name of its latest version (made unique within the league)."""
    versions: list[tuple[str, str]] = field(default_factory=list)
    """``(snapshot as canonical JSON, definition JSON)``, in the order the games were started."""


def _plan_own_rules(games: list[_Game]) -> dict[str, _OwnRules]:
    """The stored rulesets the games under a table's own rules need, by their id in the file; checked, nothing written.

    Each snapshot is turned into the ruleset object the builder stores and
    read back by the engine, so a stored version here is as sound as one saved
    through the builder.
    """
    plans: dict[str, _OwnRules] = {}
    for index, planned in sorted(enumerate(games, start=1), key=lambda item: (item[1].created_at, item[0])):
        if registry.is_builtin(planned.ruleset_id):
            continue
        try:
            definition = ruleset_to_definition(
                ruleset_from_definition(ruleset_to_definition(ruleset_from_dict(planned.rules)))
            )
        except RulesetDefinitionError as error:
            raise _fail(_Place(game=index), _not_storable(_short(error))) from None
        snapshot = _canonical_json(planned.rules)
        plan = plans.setdefault(planned.ruleset_id, _OwnRules(name=definition["name"]))
        if all(known != snapshot for known, _ in plan.versions):
            plan.versions.append((snapshot, json.dumps(definition, sort_keys=True, separators=(",", ":"))))
            plan.name = definition["name"]
    taken: set[str] = set()
    for plan in plans.values():  # two rulesets of one name (an account's and a league's, say): the second is numbered
        base, number = plan.name, 1
        while CustomRuleset.key_for(plan.name) in taken:
            number += 1
            suffix = f" ({number})"
            plan.name = base[: MAX_RULES_NAME - len(suffix)] + suffix
        taken.add(CustomRuleset.key_for(plan.name))
    return plans


MAX_RULES_NAME = 60  # CustomRuleset.name


def _store_own_rules(league: League, plans: dict[str, _OwnRules]) -> dict[tuple[str, str], CustomRulesetVersion]:
    """Store the planned rulesets as ``league``'s own; the version for each ``(id in the file, snapshot JSON)``."""
    if not plans:
        return {}
    db.session.flush()  # the league's id names the rulesets' owner
    found: dict[tuple[str, str], CustomRulesetVersion] = {}
    for file_id, plan in plans.items():
        custom = CustomRuleset(
            league=league,
            name=plan.name,
            name_key=CustomRuleset.key_for(plan.name),
            owner_key=f"league-{league.id}",
        )
        db.session.add(custom)
        for number, (snapshot, definition_json) in enumerate(plan.versions, start=1):
            version = CustomRulesetVersion(number=number, definition_json=definition_json)
            custom.versions.append(version)
            found[(file_id, snapshot)] = version
    db.session.flush()  # their ids, which the games' ruleset ids name
    return found


def _restore_versions(versions: list[tuple[DealResult, int]]) -> None:
    """Give corrected deals back their version numbers.

    A deal's version is the mapper's optimistic-locking column, which the ORM
    sets to 1 on every insert whatever it is given; so the rows are inserted
    first and their versions written afterwards, in the same transaction,
    with a plain UPDATE (no version check: the rows are new).
    """
    if not versions:
        return
    db.session.flush()
    table = cast(Table, DealResult.__table__)
    for deal, version in versions:
        db.session.execute(update(table).where(table.c.id == deal.id).values(version=version))
        db.session.expire(deal, ["version"])
