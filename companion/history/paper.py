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
are skipped. The keywords may be written in Spanish too (``Partida``,
``Ronda`` or ``Mano``, ``Total``), in any case.

A game where each player plays their own phase (Phase 10) is written the
same way, a row per hand up to the one that ends it (tie-break hands
included), with a ``*`` after the score of each player who made their phase
in that hand (``0*``, ``25*``; the player with 0 went out, and so made it
even without the mark) and ``-`` for a player who sat out a tie-break hand.
The reader only reads these marks; whether the rules take them is judged
once the rules are known (:mod:`.service`).

Nothing here knows the league or the rulesets: names and the ruleset's words
are resolved, with questions asked, in :mod:`.service`. Counts are checked
before the work that grows with them (a row of 15,000 names is refused by
its length, not compared name by name).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field

from flask_babel import gettext, ngettext

from ..i18n import N_
from ..validation import TextError, clean_name, parse_whole_number

__all__ = ["MAX_SHEET_BYTES", "SheetError", "SheetGame", "player_name", "read_sheet"]

MAX_SHEET_BYTES = 2 * 1024 * 1024
"""The largest sheet taken: 500 games of seven deals are about 100 kB."""
MAX_GAMES = 2000
MAX_DEALS = 99
"""More deal rows than any ruleset has, and as many hands as a Phase 10 game may take in the app (games.forms);
the ruleset's own count is checked once it is known."""
MAX_PLAYERS = 8
MAX_NAME = 40  # Player.name
MAX_RULES_WORDS = 60  # CustomRuleset.name
MAX_SCORE = 2000
"""A number written on paper: at most what a hand can hold (deal_score.MAX_TYPED_POINTS), either way."""
MAX_SENTENCES = 20
"""Sentences shown for one sheet: a sheet with more problems than this is fixed a screenful at a time."""

GAME_WORDS = frozenset({"game", "partida", "juego"})
"""The first cell of a game's line, in any case (English or Spanish)."""
DEAL_WORDS = frozenset({"deal", "ronda", "mano", "reparto"})
"""The first cell of the players' line."""
TOTAL_WORDS = frozenset({"total", "totals", "totales"})
MADE_MARKS = ("*", "✓", "✔")
"""Written after a score: the player made their phase in that hand (a game where each plays their own phase)."""
SAT_OUT = frozenset({"-", "–", "—"})
"""A cell of a player who did not play the hand (a tie-break hand, played by the tied players only)."""


class SheetError(ValueError):
    """A sheet that can't be read; ``sentences`` name each bad row and column, for the family."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__(" ".join(sentences))
        self.sentences = sentences


#: What is wrong with a name on a sheet, by what it names and the problem, as whole sentences (English exactly as
#: ``clean_name`` says it with that ``what``).
_NAME_PROBLEMS = {
    "The player's name": {
        "not_text": N_("The player's name must be text."), "empty": N_("The player's name can't be empty."),
        "refused": N_("The player's name can't hold the invisible or control character %(character)s: type letters only."),
        "grown": N_("The player's name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d)."),
        "too_long": N_("The player's name is at most %(longest)d letters."),
    },
    "A player's name": {
        "not_text": N_("A player's name must be text."), "empty": N_("A player's name can't be empty."),
        "refused": N_("A player's name can't hold the invisible or control character %(character)s: type letters only."),
        "grown": N_("A player's name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d)."),
        "too_long": N_("A player's name is at most %(longest)d letters."),
    },
    "The game's name": {
        "not_text": N_("The game's name must be text."), "empty": N_("The game's name can't be empty."),
        "refused": N_("The game's name can't hold the invisible or control character %(character)s: type letters only."),
        "grown": N_("The game's name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d)."),
        "too_long": N_("The game's name is at most %(longest)d letters."),
    },
    "The ruleset's name": {
        "not_text": N_("The ruleset's name must be text."), "empty": N_("The ruleset's name can't be empty."),
        "refused": N_("The ruleset's name can't hold the invisible or control character %(character)s: type letters only."),
        "grown": N_("The ruleset's name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d)."),
        "too_long": N_("The ruleset's name is at most %(longest)d letters."),
    },
}  # fmt: skip


def name_problem(error: TextError, what: str) -> str:
    """``clean_name``'s refusal of a name (called ``what``) as a whole sentence in the page's language."""
    return gettext(_NAME_PROBLEMS[what][error.problem], **error.values)


def placed(where: str, sentence: str) -> str:
    """A sentence with the place on the sheet it is about in front: "Line 3, column 2: …"."""
    return gettext("%(where)s: %(sentence)s", where=where, sentence=sentence)


def player_name(value: object, where: str) -> str:
    """A player's name as another app's file gives it, tidied; :class:`SheetError` naming ``where`` when it is none."""
    what = "The player's name"
    try:
        return clean_name(value, longest=MAX_NAME, what=what)
    except TextError as error:
        raise SheetError([placed(where, name_problem(error, what))]) from None


@dataclass
class SheetGame:
    """One game as written on the sheet (its words not yet matched to players or rulesets)."""

    line: int
    """The line of its ``Game`` row, which names it in sentences."""
    played_on: dt.date
    rules_words: str
    names: list[str] = field(default_factory=list)
    deals: list[list[int | None]] = field(default_factory=list)
    """Each deal's scores as written, in seat order (``None``: the player sat the hand out, written ``-``)."""
    made: list[list[bool]] = field(default_factory=list)
    """Each deal's "made" marks (``*``), in seat order; empty when the sheet's game has none."""
    deal_lines: list[int] = field(default_factory=list)
    totals: list[int] | None = None
    total_line: int = 0
    label: str = ""
    """How sentences name the game when it comes from another app's file (its rows are rounds, not lines)."""

    @property
    def where(self) -> str:
        return self.label or gettext("The game on line %(line)s", line=self.line)

    def deal_place(self, index: int) -> str:
        """Where deal ``index`` (from 0) is written, for a sentence."""
        if self.label:
            return gettext("%(game)s, round %(round)s", game=self.label, round=index + 1)
        return gettext("Line %(line)s", line=self.deal_lines[index])

    def cell_place(self, index: int, seat: int) -> str:
        """Where a player's score in deal ``index`` is written, for a sentence."""
        if self.label:
            return gettext("%(game)s, round %(round)s, %(name)s", game=self.label, round=index + 1, name=self.names[seat])
        return gettext("Line %(line)s, column %(column)s (%(name)s)", line=self.deal_lines[index], column=seat + 2,
                       name=self.names[seat])  # fmt: skip

    @property
    def where_in_a_sentence(self) -> str:
        """:attr:`where` inside a sentence, its first letter small ("the game on line 3")."""
        where = self.where
        return where[0].lower() + where[1:]


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
        raise SheetError([gettext("Line %(line)s has a quote that is never closed.", line=reader.line_num + 1)]) from None
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
        problems.append(gettext("The sheet is empty: type or paste the games, starting with a line “Game, 2024-12-25, Contract Rummy”."))
    if problems:
        raise SheetError(problems[:MAX_SENTENCES])
    return games


def _check_text(text: str) -> None:
    """Refuse a sheet too large to read, or one that is not text."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SHEET_BYTES:
        raise SheetError([gettext("The sheet is over %(megabytes)s MB: import it a few years at a time.",
                                  megabytes=MAX_SHEET_BYTES // (1024 * 1024))])  # fmt: skip
    if "\x00" in text:
        raise SheetError([gettext("The sheet is not text (it holds a NUL character): save it as CSV and pick that file.")])


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
        if cells[0].casefold() in GAME_WORDS:
            return self._start_game(line, cells)
        if self.skipping:
            return True
        if self.game is None:
            self.problems.append(gettext("Line %(line)s: the sheet must start with a line “Game, 2024-12-25, Contract Rummy”.", line=line))
            return False
        self._fill(self.game, line, cells)
        return True

    def _start_game(self, line: int, cells: list[str]) -> bool:
        self.game = _game_line(line, cells, self.problems)
        self.skipping = self.game is None
        if self.game is None:
            return True
        if len(self.games) >= MAX_GAMES:
            self.problems.append(gettext("Line %(line)s: a sheet holds at most %(most)s games; import the rest next.", line=line, most=MAX_GAMES))
            return False
        self.games.append(self.game)
        return True

    def _fill(self, game: SheetGame, line: int, cells: list[str]) -> None:
        """A row of ``game``'s: its players' names, a deal's scores, or its totals."""
        head = cells[0].casefold()
        if head in DEAL_WORDS:
            self.skipping = not _names_line(game, line, cells, self.problems)
        elif not game.names:
            self.problems.append(gettext("Line %(line)s: %(game)s needs its “Deal, Ann, Bob, …” line first.", line=line,
                                         game=game.where_in_a_sentence))  # fmt: skip
        elif head in TOTAL_WORDS:
            _total_line(game, line, cells, self.problems)
        else:
            _deal_line(game, line, cells, self.problems)


def _game_line(line: int, cells: list[str], problems: list[str]) -> SheetGame | None:
    if len(cells) != 3:
        problems.append(gettext("Line %(line)s: a game's line is “Game, date, ruleset”, like “Game, 2024-12-25, Contract Rummy”.", line=line))
        return None
    played_on = _date(cells[1])
    if played_on is None:
        problems.append(gettext("Line %(line)s, column 2: “%(text)s” is not a date written like 2024-12-25.", line=line, text=_short(cells[1])))
        return None
    try:
        words = clean_name(cells[2], longest=MAX_RULES_WORDS, what="The ruleset's name")
    except TextError as error:
        problems.append(placed(gettext("Line %(line)s, column %(column)s", line=line, column=3), name_problem(error, "The ruleset's name")))
        return None
    return SheetGame(line=line, played_on=played_on, rules_words=words)


def _names_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> bool:
    """Read the players' names into ``game``; ``False`` (with a sentence) when they can't be."""
    if game.names:
        problems.append(gettext("Line %(line)s: %(game)s already named its players.", line=line, game=game.where_in_a_sentence))
        return False
    if not 2 <= len(cells) - 1 <= MAX_PLAYERS:  # counted first: a row of thousands of names is refused by its length
        problems.append(gettext("Line %(line)s: a game has 2 to %(most)s players, not %(count)s.", line=line, most=MAX_PLAYERS,
                                count=len(cells) - 1))  # fmt: skip
        return False
    names: list[str] = []
    seen: set[str] = set()
    for column, cell in enumerate(cells[1:], start=2):
        try:
            name = clean_name(cell, longest=MAX_NAME, what="A player's name")
        except TextError as error:
            problems.append(placed(gettext("Line %(line)s, column %(column)s", line=line, column=column), name_problem(error, "A player's name")))
            return False
        if name.casefold() in seen:
            problems.append(gettext("Line %(line)s, column %(column)s: “%(name)s” is named twice.", line=line, column=column, name=name))
            return False
        seen.add(name.casefold())
        names.append(name)
    game.names = names
    return True


def _scores(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> list[int] | None:
    """The scores after the row's first cell, one per player, or ``None`` with a sentence."""
    read = _marked_scores(game, line, cells, problems)
    if read is None:
        return None
    if any(score is None for score, _ in read) or any(made for _, made in read):
        problems.append(gettext("Line %(line)s: a Total row holds each player's total, without marks.", line=line))
        return None
    return [score for score, _ in read if score is not None]


def _marked_scores(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> list[tuple[int | None, bool]] | None:
    """Each player's score after the row's first cell with its "made" mark (``None``: sat out, ``-``), or ``None``
    with a sentence."""
    values = cells[1:]
    if len(values) != len(game.names):
        problems.append(ngettext("Line %(line)s: %(num)s score for %(players)s players (%(names)s).",
                                 "Line %(line)s: %(num)s scores for %(players)s players (%(names)s).", len(values), line=line,
                                 players=len(game.names), names=", ".join(game.names)))  # fmt: skip
        return None
    scores: list[tuple[int | None, bool]] = []
    for column, (name, cell) in enumerate(zip(game.names, values, strict=True), start=2):
        if cell in SAT_OUT:
            scores.append((None, False))
            continue
        made = cell.endswith(MADE_MARKS)
        number = parse_whole_number(cell[:-1].rstrip() if made else cell, low=-MAX_SCORE, high=MAX_SCORE)
        if number is None:
            problems.append(gettext("Line %(line)s, column %(column)s (%(name)s): “%(text)s” is not a score (a whole number up to %(most)s).",
                                    line=line, column=column, name=name, text=_short(cell), most=MAX_SCORE))  # fmt: skip
            return None
        scores.append((number, made))
    return scores


def _deal_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> None:
    if game.totals is not None:
        problems.append(gettext("Line %(line)s: a deal after the Total row; start the next game with a “Game, …” line.", line=line))
        return
    expected = len(game.deals) + 1
    if parse_whole_number(cells[0], low=1, high=MAX_DEALS) != expected:
        problems.append(gettext("Line %(line)s, column 1: “%(text)s” should be the deal's number, %(number)s (or the row should be “Total”).",
                                line=line, text=_short(cells[0]), number=expected))  # fmt: skip
        return
    scores = _marked_scores(game, line, cells, problems)
    if scores is not None:
        game.deals.append([score for score, _ in scores])
        marks = [made for _, made in scores]
        if any(marks) and not game.made:  # the marks so far, none on the rows before
            game.made = [[False] * len(game.names) for _ in game.deals[:-1]]
        if game.made or any(marks):
            game.made.append(marks)
        game.deal_lines.append(line)


def _total_line(game: SheetGame, line: int, cells: list[str], problems: list[str]) -> None:
    if game.totals is not None:
        problems.append(gettext("Line %(line)s: %(game)s has two Total rows.", line=line, game=game.where_in_a_sentence))
        return
    totals = _scores(game, line, cells, problems)
    if totals is not None:
        game.totals, game.total_line = totals, line


def _check_game(game: SheetGame, problems: list[str]) -> None:
    if not game.names:
        problems.append(gettext("%(game)s has no “Deal, Ann, Bob, …” line naming its players.", game=game.where))
        return
    if not game.deals:
        problems.append(gettext("%(game)s has no deals.", game=game.where))
        return
    if game.totals is None:
        return
    for column, (name, total) in enumerate(zip(game.names, game.totals, strict=True), start=2):
        added = sum(deal[column - 2] or 0 for deal in game.deals)
        if added != total:
            problems.append(gettext("Line %(line)s, column %(column)s (%(name)s): the total says %(total)s but the deals add up to %(added)s.",
                                    line=game.total_line, column=column, name=name, total=total, added=added))  # fmt: skip


def _short(text: str) -> str:
    return text if len(text) <= 20 else text[:19] + "…"
