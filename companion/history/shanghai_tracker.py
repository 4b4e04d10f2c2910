"""shanghai-tracker's exports (its JSON backup and its CSV), read as games under its own house rules.

shanghai-tracker (a family Shanghai score keeper) exports its games as JSON,
a list of games::

    [{"id": "…", "date": "2024-12-25", "is_complete": true, "notes": null, …,
      "game_scores": [{"player": {"name": "Ann", …}, "round_scores": [5, 0, …], "total_score": 95, …}, …]}]

and as CSV, one row per player per game::

    "Date","Player","Round 1 (2 Sets)",…,"Round 7 (3 Runs)","Total","Winner","Notes"
    "12/25/2024","Ann","5","0",…,"95","Bob",""

(its own import sheet has the same columns without Total and Winner). The
fields used: the date, each player's name and seven round scores, the total
(checked), ``is_complete`` (an unfinished game is left out, and said so).
Its rules (:func:`tracker_definition`) are seven contracts dealt
10/10/10/10/12/12/12, sets of 3, runs of 4, up to five buys a deal, cards 2-9
worth 5, 10 to K 10, aces 15, jokers 25; they become the league's own
ruleset "Shanghai (shanghai-tracker)" the first time its games are brought in.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from .. import registry
from ..rules.definition import ruleset_from_definition, ruleset_to_definition
from .paper import MAX_GAMES, MAX_PLAYERS, MAX_SCORE, MAX_SENTENCES, SheetError, SheetGame, player_name
from .service import NewRules

__all__ = ["TRACKER_RULES", "read_tracker", "tracker_rules"]

TRACKER_RULES = "shanghai-tracker"
"""The made-up id its rules are offered under until the league stores them."""
ROUNDS = 7


def tracker_definition() -> dict[str, Any]:
    """shanghai-tracker's rules as a ruleset object: the T1 contracts as Parlett's, its own points and buys."""
    definition = ruleset_to_definition(registry.builtin("parlett"))
    definition.update(
        name="Shanghai (shanghai-tracker)",
        summary="shanghai-tracker's seven contracts, dealt 10/10/10/10/12/12/12: low cards 5, jokers 25, five buys.",
        players={"min": 2, "max": 8},
        table=[{"players": [2, 4], "decks": 2, "jokers": 4}, {"players": [5, 8], "decks": 3, "jokers": 6}],
        card_points={"A": 15, **{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 25},
        buys={"per_deal": 5, "extra_cards": 1, "no_successive": False},
        max_wilds=None,
        options=[],
    )
    return definition


def tracker_rules() -> dict[str, NewRules]:
    """The rules :func:`companion.history.service.preview` offers for shanghai-tracker's games."""
    checked = ruleset_to_definition(ruleset_from_definition(tracker_definition(), ruleset_id="custom"))
    return {
        TRACKER_RULES: NewRules(
            json.dumps(checked, sort_keys=True, separators=(",", ":")),
            ruleset_from_definition(checked, ruleset_id=TRACKER_RULES),
        )
    }


def read_tracker(text: str) -> tuple[list[SheetGame], list[str]]:
    """The finished games of a shanghai-tracker export (JSON or CSV), and notes on the games left out."""
    if text.lstrip().startswith(("[", "{")):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SheetError([gettext("The file is not JSON that shanghai-tracker writes: export it again as JSON.")]) from None
        return _from_json(data)
    return _from_csv(text), []


def _score(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SCORE:
        raise SheetError([gettext("%(where)s: a round's score must be a whole number from 0 to %(most)s, not %(given)s.",
                                  where=where, most=MAX_SCORE, given=_shown(value))])  # fmt: skip
    return value


def _players_refused(label: str, count: int) -> str:
    """A game with too few or too many players."""
    return gettext("%(game)s: a game has 2 to %(most)s players, not %(count)s.", game=label, most=MAX_PLAYERS, count=count)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 30 else text[:29] + "…"


def _game(label: str, played_on: dt.date, names: list[str], rounds: list[list[int]], totals: list[int] | None) -> SheetGame:
    """One game as a sheet game: a deal per round, the players in the file's order."""
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise SheetError([_players_refused(label, len(names))])
    folded = [name.casefold() for name in names]
    twice = next((name for name in names if folded.count(name.casefold()) > 1), None)
    if twice is not None:
        raise SheetError([gettext("%(game)s: “%(name)s” has two rows of scores.", game=label, name=twice)])
    if totals is not None:
        for seat, name in enumerate(names):
            added = sum(scores[seat] for scores in rounds)
            if added != totals[seat]:
                raise SheetError([gettext("%(game)s, %(name)s: the total says %(total)s but the rounds add up to %(added)s.",
                                          game=label, name=name, total=totals[seat], added=added)])  # fmt: skip
    deals: list[list[int | None]] = [[*scores] for scores in rounds]
    return SheetGame(line=0, played_on=played_on, rules_words=TRACKER_RULES, names=names, deals=deals,
                     deal_lines=[0] * len(rounds), totals=totals, label=label)


def _from_json(data: Any) -> tuple[list[SheetGame], list[str]]:
    games: list[SheetGame] = []
    notes: list[str] = []
    for index, game in enumerate(_json_games(data), start=1):
        label, played_on = _json_day(index, game)
        if game.get("is_complete") is False:
            notes.append(gettext("%(game)s is not finished in shanghai-tracker, so it is left out.", game=label))
            continue
        names, columns, totals = _json_scores(label, game["game_scores"])
        games.append(_game(label, played_on, names, [list(deal) for deal in zip(*columns, strict=True)], totals))
    if not games:
        raise SheetError([gettext("The file holds no finished games.") if notes else gettext("The file holds no games.")])
    return games, notes


def _json_games(data: Any) -> list[Any]:
    """The export's games; refused when it holds no list of them, or more than are brought in at once."""
    if not isinstance(data, list):
        raise SheetError([gettext("The file is not a shanghai-tracker export: it should hold a list of games.")])
    if len(data) > MAX_GAMES:
        raise SheetError([gettext("The file holds %(count)s games; at most %(most)s are brought in at once.", count=len(data),
                                  most=MAX_GAMES)])  # fmt: skip
    return data


def _json_day(index: int, game: Any) -> tuple[str, dt.date]:
    """How sentences name a game, and its day; refused when it is no game of the app's or its date can't be read."""
    if not isinstance(game, dict) or not isinstance(game.get("game_scores"), list):
        raise SheetError([gettext("Game %(number)s is not a shanghai-tracker game (it has no “game_scores” list).", number=index)])
    day = game.get("date")
    played_on = _date(day) if isinstance(day, str) else None
    if played_on is None:
        raise SheetError([gettext("Game %(number)s: its date must be written like 2024-12-25, not %(given)s.", number=index,
                                  given=_shown(day))])  # fmt: skip
    return gettext("Game %(number)s (%(day)s)", number=index, day=played_on.isoformat()), played_on


def _json_scores(label: str, scores: list[Any]) -> tuple[list[str], list[list[int]], list[int]]:
    """A game's players in the file's order: their names, round scores and totals."""
    if len(scores) > MAX_PLAYERS:
        raise SheetError([_players_refused(label, len(scores))])
    names, columns, totals = [], [], []
    for row, score in enumerate(scores, start=1):
        name, rounds, total = _json_player(label, row, score)
        names.append(name)
        columns.append(rounds)
        totals.append(total)
    return names, columns, totals


def _json_player(label: str, row: int, score: Any) -> tuple[str, list[int], int]:
    """One player's name, seven round scores and total (their sum when the file gives none)."""
    player = score.get("player") if isinstance(score, dict) else None
    if not isinstance(player, dict) or not isinstance(score.get("round_scores"), list):
        raise SheetError([gettext("%(game)s, score %(row)s: it needs a “player” with a name and “round_scores”.", game=label, row=row)])
    name = player_name(player.get("name"), gettext("%(game)s, score %(row)s", game=label, row=row))
    rounds = score["round_scores"]
    if len(rounds) != ROUNDS:
        raise SheetError([gettext("%(game)s, %(name)s: %(count)s round scores; shanghai-tracker's games have %(rounds)s.",
                                  game=label, name=name, count=len(rounds), rounds=ROUNDS)])  # fmt: skip
    scores = [_score(value, gettext("%(game)s, %(name)s, round %(round)s", game=label, name=name, round=n))
              for n, value in enumerate(rounds, start=1)]  # fmt: skip
    if "total_score" not in score:
        return name, scores, sum(scores)
    return name, scores, _score(score.get("total_score"), gettext("%(game)s, %(name)s, total", game=label, name=name))


def _date(text: str) -> dt.date | None:
    """A date as shanghai-tracker writes it: ``2024-12-25`` (JSON) or ``12/25/2024`` (CSV)."""
    text = text.strip()
    try:
        if "/" in text:
            month, day, year = (int(part) for part in text.split("/"))
            return dt.date(year, month, day)
        return dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def _csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The file's rows that hold anything, each with its line number; refused when it is no CSV text."""
    from .paper import MAX_SHEET_BYTES

    if len(text.encode("utf-8", "surrogatepass")) > MAX_SHEET_BYTES or "\x00" in text:
        raise SheetError([gettext("The file is too large, or not text: export it again from shanghai-tracker as CSV.")])
    reader = csv.reader(io.StringIO(text))
    try:
        rows = [(reader.line_num, [cell.strip() for cell in cells]) for cells in reader if any(c.strip() for c in cells)]
    except csv.Error:
        raise SheetError([gettext("Line %(line)s has a quote that is never closed.", line=reader.line_num + 1)]) from None
    if not rows:
        raise SheetError([gettext("The file is empty.")])
    return rows


def _csv_columns(header: list[str]) -> tuple[list[int], int | None, int | None]:
    """The header's round columns, and its total and notes columns if any; refused when it is not the app's."""
    folded = [cell.casefold() for cell in header]
    rounds = [i for i, cell in enumerate(folded) if cell.startswith("round ")]
    if folded[:2] != ["date", "player"] or len(rounds) != ROUNDS:
        raise SheetError([gettext("Line 1 is not shanghai-tracker's header (“Date”, “Player”, “Round 1 (2 Sets)” … “Round 7 "
                                  "(3 Runs)”): export the games again as CSV.")])  # fmt: skip
    return rounds, folded.index("total") if "total" in folded else None, folded.index("notes") if "notes" in folded else None


def _digits(value: str, longest: int) -> int | None:
    """A cell of plain digits (at most ``longest`` of them) as a number, else ``None``."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= longest else None


def _round_scores(line: int, cells: list[str], rounds: list[int], header: list[str]) -> list[int]:
    """A player's seven round scores on one line; refused at the first that is not a score."""
    scores = []
    for column in rounds:
        value = cells[column]
        number = _digits(value, 5)
        if number is None or number > MAX_SCORE:
            raise SheetError([gettext("Line %(line)s, column %(column)s (%(heading)s): “%(text)s” is not a round's score.",
                                      line=line, column=column + 1, heading=header[column][:30], text=value[:20])])  # fmt: skip
        scores.append(number)
    return scores


@dataclass
class _CsvGame:
    """One game's rows read so far: its date and notes as written, its first line, and each player's row."""

    key: tuple[str, str]
    first_line: int
    names: list[str] = field(default_factory=list)
    columns: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    folded: set[str] = field(default_factory=set)
    """The names' keys: a row's name is looked up, not compared with every row before it (thousands of rows)."""

    def holds(self, key: tuple[str, str], name: str) -> bool:
        """Whether a row belongs to this game: a game's rows come together; the next game starts at a new date
        or note, or a player seen again."""
        return key == self.key and name.casefold() not in self.folded

    def add(self, name: str, scores: list[int], total: int | None) -> None:
        self.names.append(name)
        self.folded.add(name.casefold())
        self.columns.append(scores)
        if total is not None:
            self.totals.append(total)

    def sheet_game(self, games_before: int, *, with_totals: bool) -> SheetGame:
        """The game its rows make, after ``games_before`` others; refused when its date or its count can't be."""
        played_on = _date(self.key[0])
        if played_on is None:
            raise SheetError([gettext("Line %(line)s, column 1: “%(text)s” is not a date like 12/25/2024.", line=self.first_line,
                                      text=self.key[0][:20])])  # fmt: skip
        if games_before >= MAX_GAMES:
            raise SheetError([gettext("Line %(line)s: at most %(most)s games are brought in at once.", line=self.first_line,
                                      most=MAX_GAMES)])  # fmt: skip
        label = gettext("The game on line %(line)s (%(day)s)", line=self.first_line, day=played_on.isoformat())
        deals = [list(deal) for deal in zip(*self.columns, strict=True)]
        return _game(label, played_on, self.names, deals, self.totals if with_totals else None)


@dataclass
class _CsvReader:
    """The CSV's rows read in order into games, each judged once the next one starts (or the file ends)."""

    header: list[str]
    rounds: list[int]
    total: int | None
    notes: int | None
    games: list[SheetGame] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    game: _CsvGame | None = None

    def read(self, line: int, cells: list[str]) -> None:
        """One player's row: into the game it belongs to, or a sentence saying why it can't be."""
        cells = cells + [""] * (len(self.header) - len(cells))
        key = (cells[0], cells[self.notes] if self.notes is not None else "")
        try:
            name = player_name(cells[1], gettext("Line %(line)s, column %(column)s", line=line, column=2))
        except SheetError as error:
            self.problems.extend(error.sentences)
            return
        game = self._game_of(key, name, line)
        try:
            scores = _round_scores(line, cells, self.rounds, self.header)
        except SheetError as error:
            self.problems.extend(error.sentences)
            return
        game.add(name, scores, self._total(cells))

    def _game_of(self, key: tuple[str, str], name: str, line: int) -> _CsvGame:
        """The game a row belongs to: the one being read, else a new one (the one before is judged first)."""
        if self.game is None or not self.game.holds(key, name):
            self.close()
            self.game = _CsvGame(key, line)
        return self.game

    def _total(self, cells: list[str]) -> int | None:
        """The row's Total (-1 when it is no number: it can't add up), or ``None`` when the file has no Total."""
        if self.total is None:
            return None
        number = _digits(cells[self.total], 6)
        return -1 if number is None else number

    def close(self) -> None:
        """The game read so far, judged: one of the file's games, or its sentences."""
        if self.game is None or not self.game.names:
            return
        try:
            self.games.append(self.game.sheet_game(len(self.games), with_totals=self.total is not None))
        except SheetError as error:
            self.problems.extend(error.sentences)


def _from_csv(text: str) -> list[SheetGame]:
    rows = _csv_rows(text)
    _, header = rows[0]
    reader = _CsvReader(header, *_csv_columns(header))
    for line, cells in rows[1:]:
        if len(reader.problems) >= MAX_SENTENCES:
            break
        reader.read(line, cells)
    reader.close()
    if reader.problems:
        raise SheetError(reader.problems[:MAX_SENTENCES])
    if not reader.games:
        raise SheetError([gettext("The file holds no games.")])
    return reader.games
