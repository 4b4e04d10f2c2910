"""Finished games as a file BG Stats imports: its own export's shape (games, players, plays with scores).

BG Stats (the board-game logging app) exports and imports JSON holding
``games`` (a name, and how it is scored: here the lowest score wins),
``players`` (a name each), and ``plays``: each a game (``gameRefId``), a day
and time (``playDate``, ``YYYY-MM-DD HH:MM:SS``), and ``playerScores`` with
each player's ``playerRefId``, ``score`` (text), ``winner``, ``rank``,
``seatOrder`` and ``startPlayer``. Every row carries a ``uuid``, made here
from the game's id and start time so the same game sent twice is one play
there. The winners and ranks are the app's own (:mod:`companion.games.state`:
the lowest total wins, ties share a place).
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections import Counter
from typing import Any

from flask_babel import gettext, ngettext

from ..i18n import page_is_english
from ..games.state import game_state
from ..models import Game, GameStatus
from ..validation import TextError, clean_name, parse_whole_number
from .paper import MAX_GAMES, MAX_NAME, MAX_PLAYERS, MAX_SCORE, SheetError, SheetGame, name_problem, player_name
from .service import Question

__all__ = ["bgstats_file", "read_bgstats"]

_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "rummy-companion/bgstats")


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(_NAMESPACE, "/".join(map(str, parts))))


def _when(moment: dt.datetime | None) -> str:
    return (moment or dt.datetime(1970, 1, 1)).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_file(games: list[Game]) -> dict[str, Any]:
    """The finished ``games`` as a BG Stats import file (games in progress or abandoned are left out)."""
    rulesets: dict[str, int] = {}
    players: dict[int, int] = {}
    game_rows: list[dict[str, Any]] = []
    player_rows: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for game in sorted(games, key=lambda g: (g.created_at, g.id)):
        if game.status != GameStatus.FINISHED.value:
            continue
        name = game.ruleset.name
        if name not in rulesets:
            rulesets[name] = len(rulesets) + 1
            game_rows.append({
                "id": rulesets[name], "uuid": _uuid("game", name), "name": name, "bggId": 0,
                "highestWins": False, "noPoints": False, "cooperative": False, "usesTeams": False,
            })
        state = game_state(game)
        scores = []
        for standing in state.standings:
            player = standing.player
            if player.id not in players:
                players[player.id] = len(players) + 1
                player_rows.append({
                    "id": players[player.id], "uuid": _uuid("player", player.id, player.name_key),
                    "name": player.name, "isAnonymous": False,
                })
            scores.append({
                "playerRefId": players[player.id],
                "score": str(standing.total),
                "winner": standing.place == 1,
                "rank": standing.place,
                "seatOrder": standing.position,
                "startPlayer": standing.position == game.first_dealer,
                "newPlayer": False,
            })
        plays.append({
            "uuid": _uuid("play", game.id, _when(game.created_at)),
            "gameRefId": rulesets[name],
            "playDate": _when(game.created_at),
            "entryDate": _when(game.finished_at),
            "durationMin": max(0, int(((game.finished_at or game.created_at) - game.created_at).total_seconds() // 60)),
            "rounds": len(game.deals),
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "playerScores": sorted(scores, key=lambda s: s["seatOrder"]),
        })
    return {"games": game_rows, "players": player_rows, "locations": [], "plays": plays}


# ---------------------------------------------------------------------------
# Reading its export


GAME_FIELD = "bgstats-game"
"""The form field answering which of the file's games' plays are brought in."""
MAX_PLAYS = 20_000
"""Plays in a file at most (of all its games): a lifetime of logging is a few thousand."""


def format_number(number: int) -> str:
    """A count with its thousands marked as the page's language marks them ("20,000"; "20.000" in Spanish)."""
    if page_is_english():
        return f"{number:,}"
    from flask_babel import format_number as in_the_pages_language

    return str(in_the_pages_language(number))


def _fail(sentence: str) -> SheetError:
    return SheetError([sentence])


def _records(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise _fail(gettext("The file is not a BG Stats export: its “%(key)s” is not a list of records.", key=key))
    return value


def read_bgstats(text: str, answers: dict[str, str]) -> tuple[list[SheetGame], list[str], list[Question]]:
    """The plays of one game in a BG Stats export, each as a game of one row (its final scores).

    With plays of several games in the file, a question asks which; until it is answered there are no games.
    """
    games, players, plays = _export_records(text)
    if len(plays) > MAX_PLAYS:
        raise _fail(gettext("The file holds %(count)s plays; at most %(most)s are read at once.",
                            count=format_number(len(plays)), most=format_number(MAX_PLAYS)))  # fmt: skip
    question = _game_question(games, plays)
    given = question.answered(answers)
    if given is None:
        return [], [], [question]
    rules_words = _game_name(next(game for game in games if _ref(game.get("id")) == given))
    names = {_ref(player.get("id")): player.get("name") for player in players}
    read, notes = _plays_of(plays, given, rules_words, names)
    if len(question.choices) == 1:
        return read, notes, []
    return read, [gettext("Plays of %(game)s only; the file's other games are left out.", game=rules_words), *notes], [question]


def _game_question(games: list[dict[str, Any]], plays: list[dict[str, Any]]) -> Question:
    """Which game's plays are brought in: a choice for each of the file's games with plays (one: it is the answer)."""
    counts = Counter(_ref(play.get("gameRefId")) for play in plays)
    counts.pop(None, None)
    choices = [(str(_ref(game.get("id"))), ngettext("%(game)s (%(num)s plays)", "%(game)s (%(num)s plays)", counts[_ref(game.get("id"))],
                                                   game=str(game.get("name"))[:60]))
               for game in games if counts.get(_ref(game.get("id")))]  # fmt: skip
    if not choices:
        raise _fail(gettext("The file holds no plays."))
    question = Question(GAME_FIELD, gettext("Which game's plays should be brought in?"), choices)
    if len(choices) == 1:  # nothing to ask
        question.answer = choices[0][0]
    return question


def _game_name(game: dict[str, Any]) -> str:
    """The chosen game's name: the rules its plays are matched to."""
    try:
        return clean_name(str(game.get("name")), longest=MAX_NAME, what="The game's name")
    except TextError as error:
        raise _fail(name_problem(error, "The game's name")) from None


def _export_records(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The export's games, players and plays; refused when the text is no BG Stats export."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _fail(gettext("The file is not JSON: export your data from BG Stats again (Settings, Export).")) from None
    if not isinstance(data, dict):
        raise _fail(gettext("The file is not a BG Stats export: it should hold its games, players and plays."))
    games, players, plays = (_records(data, key) for key in ("games", "players", "plays"))
    return games, players, plays


def _plays_of(
    plays: list[dict[str, Any]], given: str, rules_words: str, names: dict[str | None, Any]
) -> tuple[list[SheetGame], list[str]]:
    """The chosen game's plays, each read as a game of one row; notes for those left out."""
    read: list[SheetGame] = []
    notes: list[str] = []
    for index, play in enumerate((p for p in plays if _ref(p.get("gameRefId")) == given), start=1):
        day = play.get("playDate")
        played_on = _day(day)
        if played_on is None:
            raise _fail(gettext("Play %(number)s: its date must be written like “2024-12-25 20:00:00”, not %(given)s.",
                                number=index, given=repr(str(day)[:30])))  # fmt: skip
        label = gettext("Play %(number)s (%(day)s)", number=index, day=played_on.isoformat())
        if play.get("ignored") is True:
            notes.append(gettext("%(play)s is marked ignored in BG Stats, so it is left out.", play=label))
            continue
        if len(read) >= MAX_GAMES:
            raise _fail(gettext("%(play)s: at most %(most)s plays are brought in at once.", play=label, most=MAX_GAMES))
        read.append(_play(play, label, played_on, rules_words, names))
    return read, notes


def _ref(value: Any) -> str | None:
    """A record's id or a reference to one, as text; ``None`` for anything an id can't be."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    return str(value)


def _day(value: Any) -> dt.date | None:
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _play(play: dict[str, Any], label: str, played_on: dt.date, rules_words: str, names: dict[str | None, Any]) -> SheetGame:
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not 2 <= len(scores) <= MAX_PLAYERS:
        raise _fail(gettext("%(play)s: a play needs 2 to %(most)s players' scores.", play=label, most=MAX_PLAYERS))
    rows = [_score_row(label, row, score, names) for row, score in enumerate(scores, start=1)]
    rows.sort(key=lambda r: r[0])
    _check_winner(label, rows)
    return SheetGame(line=0, played_on=played_on, rules_words=rules_words, names=[r[1] for r in rows],
                     deals=[[r[2] for r in rows]], deal_lines=[0], label=label)


def _score_row(label: str, row: int, score: Any, names: dict[str | None, Any]) -> tuple[int, str, int, bool]:
    """One player's score in a play: their seat (the row's place when the file gives none), name, points, and
    whether BG Stats marks them a winner."""
    if not isinstance(score, dict):
        raise _fail(gettext("%(play)s, score %(row)s: it is not a player's score.", play=label, row=row))
    name = player_name(names.get(_ref(score.get("playerRefId"))), gettext("%(play)s, score %(row)s", play=label, row=row))
    points = parse_whole_number(str(score.get("score", "")), low=-MAX_SCORE, high=MAX_SCORE)
    if points is None:
        raise _fail(gettext("%(play)s, %(name)s: the score “%(score)s” is not a whole number up to %(most)s.", play=label,
                            name=name, score=str(score.get("score"))[:20], most=MAX_SCORE))  # fmt: skip
    seat = score.get("seatOrder")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else row, name, points, score.get("winner") is True


def _check_winner(label: str, rows: list[tuple[int, str, int, bool]]) -> None:
    """Refuse a play whose winners, as BG Stats marks them, are not among those with the lowest score (rummy's).
    Some of a tie on the lowest score may be marked: a tie broken by the game's own rule (Carioca's most deals
    won, which this app sends so)."""
    lowest = min(points for _, _, points, _ in rows)
    flagged = {name for _, name, _, winner in rows if winner}
    if flagged and not flagged <= {name for _, name, points, _ in rows if points == lowest}:
        raise _fail(gettext("%(play)s: BG Stats marks %(names)s the winner, but the lowest score wins at rummy: check the "
                            "play's scores in BG Stats.", play=label, names=", ".join(sorted(flagged))))  # fmt: skip
