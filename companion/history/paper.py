"""A family's paper score sheets, typed or pasted as a table: read into games, or sentences naming row and column.

The format (comma- or tab-separated: a table pasted from a spreadsheet comes
with tabs), one game after another::

    Game, 2024-12-25, Contract Rummy
    Deal, Ann, Bob, Cat
    1, 15, 0, 40
    2, 0, 25, 5
    ...
    Total, 15, 25, 45

A ``Game`` line gives the day played (``YYYY-MM-DD``) and the ruleset's name
as the family calls it; the ``Deal`` line names the players in their seats,
clockwise from the first dealer; each deal's row starts with its number
(1, 2, 3 ... in order) and holds one score per player as written on paper.
A ``Total`` row is optional and is checked against the deals. Blank lines
are skipped. Nothing here knows the league or the rulesets: names and the
ruleset's words are resolved, with questions asked, in :mod:`.service`.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field

from ..validation import TextError, clean_name, parse_whole_number

__all__ = ["MAX_SHEET_BYTES", "SheetError", "SheetGame", "player_name", "read_sheet"]

MAX_SHEET_BYTES = 2 * 1024 * 1024
"""The largest sheet taken: 500 games of seven deals are about 100 kB."""
MAX_GAMES = 2000
MAX_DEALS = 30
"""More deal rows than any ruleset has (the ruleset's own count is checked once it is known)."""
MAX_PLAYERS = 8
MAX_NAME = 40  # Player.name
MAX_RULES_WORDS = 60  # CustomRuleset.name
MAX_SCORE = 2000
"""A number written on paper: at most what a hand can hold (deal_score.MAX_TYPED_POINTS), either way."""
MAX_SENTENCES = 20
"""Sentences shown for one sheet: a sheet with more problems than this is fixed a screenful at a time."""

TOTAL_WORDS = frozenset({"total", "totals"})


class SheetError(ValueError):
    """A sheet that can't be read; ``sentences`` name each bad row and column, for the family."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__(" ".join(sentences))
        self.sentences = sentences


def player_name(value: object, where: str) -> str:
    """A player's name as another app's file gives it, tidied; :class:`SheetError` naming ``where`` when it is none."""
    try:
        return clean_name(value, longest=MAX_NAME, what="The player's name")
    except TextError as error:
        raise SheetError([f"{where}: {error}"]) from None


@dataclass
class SheetGame:
    """One game as written on the sheet (its words not yet matched to players or rulesets)."""

    line: int
    """The line of its ``Game`` row, which names it in sentences."""
    played_on: dt.date
    rules_words: str
    names: list[str] = field(default_factory=list)
    deals: list[list[int]] = field(default_factory=list)
    """Each deal's scores as written, in seat order."""
    deal_lines: list[int] = field(default_factory=list)
    totals: list[int] | None = None
    total_line: int = 0
    label: str = ""
    """How sentences name the game when it comes from another app's file (its rows are rounds, not lines)."""

    @property
    def where(self) -> str:
        return self.label or f"The game on line {self.line}"

    def deal_place(self, index: int) -> str:
        """Where deal ``index`` (from 0) is written, for a sentence."""
        return f"{self.label}, round {index + 1}" if self.label else f"Line {self.deal_lines[index]}"

    def cell_place(self, index: int, seat: int) -> str:
        """Where a player's score in deal ``index`` is written, for a sentence."""
        if self.label:
            return f"{self.label}, round {index + 1}, {self.names[seat]}"
        return f"Line {self.deal_lines[index]}, column {seat + 2} ({self.names[seat]})"


def _rows(text: str) -> list[tuple[int, list[str]]]:
    """The non-blank lines as ``(line number, cells)``: tab-separated when the text holds a tab, else commas."""
    delimiter = "\t" if "\t" in text else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, skipinitialspace=True, strict=True)
    rows = []
    try:
        for cells in reader:
            cells = [cell.strip() for cell in cells]
            while cells and not cells[-1]:  # a spreadsheet pads short rows with empty cells
                cells.pop()
            if cells:
                rows.append((reader.line_num, cells))
    except csv.Error:
        raise SheetError([f"Line {reader.line_num + 1} has a quote that is never closed."]) from None
    return rows


def _date(text: str) -> dt.date | None:
    if len(text) != 10:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def read_sheet(text: str) -> list[SheetGame]:
    """The games written in ``text``; :class:`SheetError` with a sentence per bad row (at most :data:`MAX_SENTENCES`)."""
    _check_text(text)
    reader = _SheetReader()
    for line, cells in _rows(text):
        if len(reader.problems) >= MAX_SENTENCES or not reader.read(line, cells):
            break
    games, problems = reader.games, reader.problems
    if not problems:  # a game's totals and deals are judged once all its rows could be read
        for finished in games:
            _check_game(finished, problems)
    if not games and not problems:
        problems.append("The sheet is empty: type or paste the games, starting with a line “Game, 2024-12-25, Contract Rummy”.")
    if problems:
        raise SheetError(problems[:MAX_SENTENCES])
    return games


def _check_text(text: str) -> None:
    """Refuse a sheet too large to read, or one that is not text."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SHEET_BYTES:
        raise SheetError([f"The sheet is over {MAX_SHEET_BYTES // (1024 * 1024)} MB: import it a few years at a time."])
    if "\x00" in text:
        raise SheetError(["The sheet is not text (it holds a NUL character): save it as CSV and pick that file."])


@dataclass
class _SheetReader:
    """The sheet's rows read in order: a ``Game`` line starts a game, the rows after it fill it in."""

    games: list[SheetGame] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    game: SheetGame | None = None
    skipping: bool = False
    """Reading the rows of a game whose own line (or Deal line) was refused: one sentence is enough."""

    def read(self, line: int, cells: list[str]) -> bool:
        """One row into the sheet's games, or a sentence; ``False`` when the rest of the sheet can't be read."""
        if cells[0].casefold() == "game":
            return self._start_game(line, cells)
        if self.skipping:
            return True
        if self.game is None:
            self.problems.append(f"Line {line}: the sheet must start with a line “Game, 2024-12-25, Contract Rummy”.")
            return False
        self._fill(self.game, line, cells)
        return True

    def _start_game(self, line: int, cells: list[str]) -> bool:
        self.game = _game_line(line, cells, self.problems)
        self.skipping = self.game is None
        if self.game is None:
            return True
        if len(self.games) >= MAX_GAMES:
            self.problems.append(f"Line {line}: a sheet holds at most {MAX_GAMES} games; import the rest next.")
            return False
        self.games.append(self.game)
        return True

    def _fill(self, game: SheetGame, line: int, cells: list[str]) -> None:
        """A row of ``game``'s: its players' names, a deal's scores, or its totals."""
        head = cells[0].casefold()
        if head == "deal":
            self.skipping = not _names_line(game, line, cells, self.problems)
        elif not game.names:
            self.problems.append(f"Line {line}: {game.where[0].lower() + game.where[1:]} needs its “Deal, Ann, Bob, …” line first.")
        elif head in TOTAL_WORDS:
            _total_line(game, line, cells, self.problems)
        else:
            _deal_line(game, line, cells, self.problems)


def _game_line(line: int, cells: list[str], problems: list[str]) -> SheetGame | None:
    if len(cells) != 3:
        problems.append(f"Line {line}: a game's line is “Game, date, ruleset”, like “Game, 2024-12-25, Contract Rummy”.")
        return None
    played_on = _date(cells[1])
    if played_on is None:
        problems.append(f"Line {line}, column 2: “{_short(cells[1])}” is not a date written like 2024-12-25.")
        return None
    try:
        words = clean_name(cells[2], longest=MAX_RULES_WORDS, what="The ruleset's name")
    except TextError as error:
        problems.append(f"Line {line}, column 3: {error}")
        return None
    return SheetGame(line=line, played_on=played_on, rules_words=words)


def _names_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> bool:
    """Read the players' names into ``game``; ``False`` (with a sentence) when they can't be."""
    if game.names:
        problems.append(f"Line {line}: {game.where[0].lower() + game.where[1:]} already named its players.")
        return False
    names: list[str] = []
    for column, cell in enumerate(cells[1:], start=2):
        try:
            name = clean_name(cell, longest=MAX_NAME, what="A player's name")
        except TextError as error:
            problems.append(f"Line {line}, column {column}: {error}")
            return False
        if any(name.casefold() == other.casefold() for other in names):
            problems.append(f"Line {line}, column {column}: “{name}” is named twice.")
            return False
        names.append(name)
    if not 2 <= len(names) <= MAX_PLAYERS:
        problems.append(f"Line {line}: a game has 2 to {MAX_PLAYERS} players, not {len(names)}.")
        return False
    game.names = names
    return True


def _scores(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> list[int] | None:
    """The scores after the row's first cell, one per player, or ``None`` with a sentence."""
    values = cells[1:]
    if len(values) != len(game.names):
        problems.append(
            f"Line {line}: {len(values)} score{'s' if len(values) != 1 else ''} for {len(game.names)} players "
            f"({', '.join(game.names)})."
        )
        return None
    scores = []
    for column, (name, cell) in enumerate(zip(game.names, values, strict=True), start=2):
        number = parse_whole_number(cell, low=-MAX_SCORE, high=MAX_SCORE)
        if number is None:
            problems.append(
                f"Line {line}, column {column} ({name}): “{_short(cell)}” is not a score "
                f"(a whole number up to {MAX_SCORE})."
            )
            return None
        scores.append(number)
    return scores


def _deal_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> None:
    if game.totals is not None:
        problems.append(f"Line {line}: a deal after the Total row; start the next game with a “Game, …” line.")
        return
    expected = len(game.deals) + 1
    if parse_whole_number(cells[0], low=1, high=MAX_DEALS) != expected:
        problems.append(
            f"Line {line}, column 1: “{_short(cells[0])}” should be the deal's number, {expected} "
            "(or the row should be “Total”)."
        )
        return
    scores = _scores(game, line, cells, problems)
    if scores is not None:
        game.deals.append(scores)
        game.deal_lines.append(line)


def _total_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> None:
    if game.totals is not None:
        problems.append(f"Line {line}: {game.where[0].lower() + game.where[1:]} has two Total rows.")
        return
    totals = _scores(game, line, cells, problems)
    if totals is not None:
        game.totals, game.total_line = totals, line


def _check_game(game: SheetGame, problems: list[str]) -> None:
    if not game.names:
        problems.append(f"{game.where} has no “Deal, Ann, Bob, …” line naming its players.")
        return
    if not game.deals:
        problems.append(f"{game.where} has no deals.")
        return
    if game.totals is None:
        return
    for column, (name, total) in enumerate(zip(game.names, game.totals, strict=True), start=2):
        added = sum(deal[column - 2] for deal in game.deals)
        if added != total:
            problems.append(
                f"Line {game.total_line}, column {column} ({name}): the total says {total} "
                f"but the deals add up to {added}."
            )


def _short(text: str) -> str:
    return text if len(text) <= 20 else text[:19] + "…"
