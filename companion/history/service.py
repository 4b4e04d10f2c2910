"""Games from a family's past, brought into a league: matched, asked about, then stored all at once or not at all.

A sheet read by :mod:`.paper` names players and rulesets in the family's own
words. :func:`preview` matches them to the league's members and the rulesets
it knows, and asks a question for each word it can't match (which member is
"Mum"? which ruleset is "rummy"?); with every question answered it plans each
game as it will be stored: typed points per hand (``cards`` None), a
negative number only as one of the ruleset's bonuses, who went out (the first
0 in the deal; none: the stock ran out). :func:`store` writes the planned
games in one transaction. Each game's history starts with a ``started`` entry
holding a hash of the game's normalised content, so the same game brought in
twice (the same file again, or a sheet that repeats it) is skipped and said so.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field

from flask_babel import gettext, ngettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..auth.access import new_token
from ..extensions import db
from ..i18n import names_joined
from ..games.history import IMPORTED_KEY, touch
from ..models import Change, CustomRuleset, CustomRulesetVersion, DealResult, Game, GameStatus, HandScore, League, Player, Seat
from .. import registry
from ..rules import Progression, Ruleset
from ..rules.deal_score import adjustments, bonus_problem, hand_total
from ..rules.progression import HandLine, PlayedHand, follow_game
from ..rules.seats import hand_roles
from .paper import MAX_SENTENCES, SheetGame, placed

__all__ = ["NEW_PLAYER", "ImportError_", "Preview", "preview", "store"]

NEW_PLAYER = "new"
"""The answer "a new player of this name" to a name question."""
PLAYED_AT = dt.time(20, 0)
"""The hour a game on paper is taken to have been played (its day is what the sheet gives)."""


class ImportError_(ValueError):  # noqa: N801  (ImportError is Python's own)
    """The games can't be stored; the message says why, for the family."""


@dataclass
class Question:
    """One word the sheet uses that the league doesn't know, and the answers it may have."""

    field: str
    """The form field its answer comes in."""
    prompt: str
    choices: list[tuple[str, str]]
    """``(value, label)`` pairs."""
    answer: str | None = None

    def answered(self, answers: dict[str, str]) -> str | None:
        """Its answer in ``answers`` when that is one of its choices (then kept as its answer), else ``None``."""
        given = answers.get(self.field)
        if given in {value for value, _ in self.choices}:
            self.answer = given
        return self.answer


@dataclass(frozen=True)
class NewRules:
    """A ruleset another app plays by, not yet stored here: its definition (API.md's ruleset object) and rules."""

    definition_json: str
    ruleset: Ruleset


@dataclass
class PlannedHand:
    points: int
    adjustment: int = 0
    exact_cut: bool = False
    one_turn_out: bool = False
    made: bool = False
    """The player made their phase in this hand (a game where each player plays their own phase)."""


@dataclass
class PlannedDeal:
    went_out: int | None
    hands: list[PlannedHand | None]
    """A hand per seat; ``None`` for a player who sat the hand out (a tie-break hand)."""

    @property
    def totals(self) -> list[int]:
        return [0 if hand is None else hand_total(hand.points, hand.adjustment) for hand in self.hands]


@dataclass
class PlannedGame:
    sheet: SheetGame
    ruleset: Ruleset
    version: CustomRulesetVersion | None
    seats: list[str]
    """The names the players will be stored under (a member's, or the new player's)."""
    deals: list[PlannedDeal]
    content_hash: str
    already_here: bool = False
    new_rules: NewRules | None = None
    """Rules to store as the league's own with the game (another app's house rules)."""
    totals_only: bool = False
    """The game is another app's final totals (one row, no deals): per-deal figures leave it out."""

    @property
    def totals(self) -> list[int]:
        return [sum(deal.totals[seat] for deal in self.deals) for seat in range(len(self.seats))]


@dataclass
class Preview:
    """What a sheet would store in a league: games, the questions still open, and notes on what was assumed."""

    games: list[PlannedGame] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        """Every question answered and nothing wrong: the games can be stored."""
        return not self.problems and all(q.answer is not None for q in self.questions)

    @property
    def new_games(self) -> list[PlannedGame]:
        return [game for game in self.games if not game.already_here]


# ---------------------------------------------------------------------------
# Matching the sheet's words


def _rules_offered(league: League) -> list[tuple[str, str]]:
    """``(ruleset id, name)`` of every ruleset the league may import under: the built-in ones and its own."""
    return [(r.id, r.name) for r in registry.builtins()] + [(c.value, c.label) for c in registry.league_choices(league)]


def _rules_key(words: str) -> str:
    """A sheet's words for its rules as compared: spacing tidied, any case."""
    return " ".join(words.split()).casefold()


def _match_rules(words: str, offered: list[tuple[str, str]]) -> str | None:
    """The ruleset id ``words`` names (its id or its name, any case; "Contract" for "Contract Rummy"), else None."""
    key = _rules_key(words)
    for ruleset_id, name in offered:
        folded = name.casefold()
        if key in (ruleset_id.casefold(), folded, folded.removesuffix(" rummy")):
            return ruleset_id
    return None


def preview(
    league: League,
    games: list[SheetGame],
    answers: dict[str, str],
    new_rules: dict[str, NewRules] | None = None,
    *,
    totals_only: bool = False,
) -> Preview:
    """Match ``games`` to ``league`` with the ``answers`` given so far, and plan what would be stored.

    ``new_rules``: rulesets another app plays by, by a made-up id, offered after the league's own (a league
    ruleset of the same name is matched first); a game planned under one stores it as the league's own.
    ``totals_only``: each game holds one row, its final totals (another app logged no deals); it is planned
    under the matched rules' one-deal form (:func:`totals_only_rules`), stored as the league's own.
    """
    new_rules = new_rules or {}
    result = Preview()
    names = _names_asked(league, games, answers, result)
    rules = _rules_asked(league, games, answers, new_rules, result)
    _plan_games(league, games, names, rules, new_rules, result, totals_only=totals_only)
    _mark_already_here(league, result)
    return result


def _names_asked(league: League, games: list[SheetGame], answers: dict[str, str], result: Preview) -> dict[str, str]:
    """Each name on the sheets (by its key) and the name it is stored under; a question for each unknown one."""
    members = sorted(league.members, key=lambda p: p.name.casefold())
    by_key = {Player.key_for(p.name): p for p in members}
    member_choices = [(str(p.id), p.name) for p in members]
    names: dict[str, str] = {}  # name key on the sheet -> name it is stored under
    for index, (key, name) in enumerate(_unknown_names(games, by_key)):
        question = Question(
            f"player-{index}",
            gettext("Who is “%(name)s”? Nobody in %(league)s has that name.", name=name, league=league.name),
            [(NEW_PLAYER, gettext("A new player, “%(name)s”", name=name)), *member_choices],
        )
        given = question.answered(answers)
        if given is not None:
            chosen = next((p for p in members if str(p.id) == given), None)
            names[key] = name if chosen is None else chosen.name
        result.questions.append(question)
    for key, player in by_key.items():
        names[key] = player.name
    return names


def _unknown_names(games: list[SheetGame], members: dict[str, Player]) -> list[tuple[str, str]]:
    """``(key, name)`` of each name on the sheets that no member has, in the keys' order."""
    return sorted({Player.key_for(n): n for g in games for n in g.names if Player.key_for(n) not in members}.items())


def _rules_asked(
    league: League, games: list[SheetGame], answers: dict[str, str], new_rules: dict[str, NewRules], result: Preview
) -> dict[str, str]:
    """The ruleset id each sheet's rules words (folded) mean; a question for each that matches none."""
    offered = _rules_offered(league) + [(key, rules.ruleset.name) for key, rules in new_rules.items()]
    rules: dict[str, str] = {}  # folded words -> ruleset id
    words_seen = sorted({_rules_key(g.rules_words): g.rules_words for g in games}.items())
    unknown_rules = [(key, words) for key, words in words_seen if _match_rules(words, offered) is None]
    for key, words in words_seen:
        matched = _match_rules(words, offered)
        if matched is not None:
            rules[key] = matched
    for index, (key, words) in enumerate(unknown_rules):
        question = Question(f"rules-{index}", gettext("Which rules are “%(words)s”?", words=words), offered)
        given = question.answered(answers)
        if given is not None:
            rules[key] = given
        result.questions.append(question)
    return rules


def _plan_games(
    league: League,
    games: list[SheetGame],
    names: dict[str, str],
    rules: dict[str, str],
    new_rules: dict[str, NewRules],
    result: Preview,
    *,
    totals_only: bool,
) -> None:
    """Each game whose names and rules are known, planned under its rules (into ``result``)."""
    found: dict[str, tuple[Ruleset, CustomRulesetVersion | None] | None] = {}
    for game in games:
        ruleset_id = rules.get(_rules_key(game.rules_words))
        seats = _seats(game, names)
        if ruleset_id is None or seats is None:
            continue  # a question is still open: planned once it is answered
        if ruleset_id not in found:
            found[ruleset_id] = _rules_found(ruleset_id, league, new_rules)
        planned = _plan_under(game, found[ruleset_id], new_rules.get(ruleset_id), seats, result, totals_only=totals_only)
        if planned is not None:
            result.games.append(planned)
        if len(result.problems) >= MAX_SENTENCES:
            break


def _seats(game: SheetGame, names: dict[str, str]) -> list[str] | None:
    """The names a game's players are stored under, in their seats; ``None`` while one of them is asked about."""
    keys = [Player.key_for(name) for name in game.names]
    return [names[key] for key in keys] if all(key in names for key in keys) else None


def _plan_under(
    game: SheetGame,
    rules_found: tuple[Ruleset, CustomRulesetVersion | None] | None,
    new_rules: NewRules | None,
    seats: list[str],
    result: Preview,
    *,
    totals_only: bool,
) -> PlannedGame | None:
    """A game planned under the rules found for it (their one-deal form for final totals), with the rules it brings
    to the league (``new_rules``, another app's); ``None`` with a sentence when it can't be."""
    if rules_found is None:
        result.problems.append(gettext("%(game)s: its rules can't be found any more.", game=game.where))
        return None
    totals_rules = totals_only_rules(rules_found[0]) if totals_only else None
    ruleset, version = (totals_rules.ruleset, None) if totals_rules else rules_found
    planned = _plan_game(game, ruleset, version, seats, result, quiet=totals_only)
    if planned is not None:
        planned.new_rules = totals_rules or new_rules
        planned.totals_only = totals_only
    return planned


def _rules_found(
    ruleset_id: str, league: League, new_rules: dict[str, NewRules]
) -> tuple[Ruleset, CustomRulesetVersion | None] | None:
    """The rules a game is planned under: another app's, a built-in, or one the league offers."""
    if ruleset_id in new_rules:
        return new_rules[ruleset_id].ruleset, None
    return registry.find(ruleset_id) if registry.is_builtin(ruleset_id) else _league_rules(ruleset_id, league)


def _league_rules(ruleset_id: str, league: League) -> tuple[Ruleset, CustomRulesetVersion | None] | None:
    """A stored ruleset the league offers (its latest version), whoever reads the page."""
    if ruleset_id not in {choice.value for choice in registry.league_choices(league)}:
        return None

    custom = registry.stored(registry.stored_id(ruleset_id))
    return None if custom is None else (registry.of_version(custom.latest), custom.latest)


def totals_only_rules(ruleset: Ruleset) -> NewRules:
    """``ruleset`` with its first deal only, named so: a game logged as final totals is one "deal" of them."""
    from ..rules.definition import ruleset_from_definition, ruleset_to_definition

    definition = ruleset_to_definition(ruleset)
    suffix = " (totals only)"
    name = ruleset.name.removesuffix(suffix)
    definition.update(name=name[: 60 - len(suffix)] + suffix, deals=definition["deals"][:1])
    checked = ruleset_to_definition(ruleset_from_definition(definition, ruleset_id="custom"))
    return NewRules(json.dumps(checked, sort_keys=True, separators=(",", ":")),
                    ruleset_from_definition(checked, ruleset_id="totals-only"))


def _plan_game(
    game: SheetGame,
    ruleset: Ruleset,
    version: CustomRulesetVersion | None,
    seats: list[str],
    result: Preview,
    *,
    quiet: bool = False,
) -> PlannedGame | None:
    """A game as it will be stored, or ``None`` with a sentence; ``quiet``: no notes on who went out (final totals)."""
    problem = _game_problem(game, ruleset, seats)
    if problem is not None:
        result.problems.append(problem)
        return None
    deals = []
    for index in range(len(game.deals)):
        deal = _plan_deal(game, index, ruleset, result, quiet=quiet)
        if deal is None:
            return None
        deals.append(deal)
    problem = _phases_problem(game, ruleset, deals) if ruleset.progression is not Progression.FIXED else None
    if problem is not None:
        result.problems.append(problem)
        return None
    return PlannedGame(game, ruleset, version, seats, deals, _content_hash(game, ruleset, seats))


def _game_problem(game: SheetGame, ruleset: Ruleset, seats: list[str]) -> str | None:
    """Why a game can't be played under ``ruleset`` by these players (a sentence), or ``None``."""
    where = game.where
    if len({Player.key_for(s) for s in seats}) != len(seats):
        return gettext("%(game)s: two of its players are answered as the same member.", game=where)
    if not ruleset.min_players <= len(seats) <= ruleset.max_players:
        return gettext("%(game)s: %(rules)s is played by %(least)s to %(most)s players, not %(count)s.", game=where,
                       rules=ruleset.name, least=ruleset.min_players, most=ruleset.max_players, count=len(seats))  # fmt: skip
    if ruleset.progression is not Progression.FIXED:
        return _own_phases_problem(game, ruleset)
    marked = _mark_on_a_fixed_schedule(game, ruleset)
    if marked is not None:
        return marked
    if len(game.deals) < len(ruleset.deals):
        # a game stopped early is not taken: the league's backup could not restore it (it wants every deal)
        return gettext("%(game)s: %(rules)s has %(deals)s deals, the sheet %(written)s: write every deal's scores.",
                       game=where, rules=ruleset.name, deals=len(ruleset.deals), written=len(game.deals))  # fmt: skip
    if len(game.deals) > len(ruleset.deals):
        return gettext("%(game)s: %(rules)s has %(deals)s deals, the sheet %(written)s.", game=where, rules=ruleset.name,
                       deals=len(ruleset.deals), written=len(game.deals))  # fmt: skip
    return None


def _own_phases_problem(game: SheetGame, ruleset: Ruleset) -> str | None:
    """Why a sheet can't hold a game where each player plays their own phase, before its hands are followed."""
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        return gettext("%(game)s: in %(rules)s each player chooses a phase before every hand, which a score sheet "
                       "doesn't say: enter that game in the app instead.", game=game.where, rules=ruleset.name)  # fmt: skip
    return None


def _mark_on_a_fixed_schedule(game: SheetGame, ruleset: Ruleset) -> str | None:
    """A "made" mark or a sat-out hand in a game where everyone plays the same deal: a sentence naming its cell."""
    for index, scores in enumerate(game.deals):
        marks = game.made[index] if game.made else [False] * len(scores)
        for seat, (score, made) in enumerate(zip(scores, marks, strict=True)):
            if score is None or made:
                return placed(game.cell_place(index, seat), gettext(
                    "“*” (made) and “-” (sat out) are written only in a game where each player plays their own phase, "
                    "not in %(rules)s: write the score alone.", rules=ruleset.name))  # fmt: skip
    return None


def _phases_problem(game: SheetGame, ruleset: Ruleset, deals: list[PlannedDeal]) -> str | None:
    """A game where each player plays their own phase, followed hand by hand by the engine (RULES.md §8.6): the
    first problem it finds, at its place on the sheet; a sheet that stops before the game is decided is refused,
    so no one is stored as the winner without having made every phase."""
    hands = [
        PlayedHand(lines=tuple(HandLine(seat=seat, made=hand.made, points=hand_total(hand.points, hand.adjustment))
                               for seat, hand in enumerate(deal.hands) if hand is not None),
                   went_out=deal.went_out)
        for deal in deals
    ]  # fmt: skip
    progress = follow_game(ruleset, dict(enumerate(game.names)), hands)
    if progress.problems:
        problem = progress.problems[0]
        index = max(problem.hand - 1, 0)
        place = game.deal_place(index) if problem.seat is None else game.cell_place(index, problem.seat)
        return placed(place, problem.sentence)  # the engine's sentence, in the page's language
    if progress.winners:
        return None
    if progress.tiebreak:
        return gettext("%(game)s: %(names)s are tied after hand %(hand)s: write the tie-break hand that decides it "
                       "(“-” for the players who sit it out).", game=game.where, hand=len(deals),
                       names=names_joined([game.names[seat] for seat in progress.tiebreak]))  # fmt: skip
    return gettext("%(game)s: nobody has made all %(phases)s phases after its %(hands)s hands: write every hand up to "
                   "the one in which someone makes the last phase (and a “*” after the score of each player who made "
                   "their phase).", game=game.where, phases=len(ruleset.deals), hands=len(deals))  # fmt: skip


def _plan_deal(game: SheetGame, index: int, ruleset: Ruleset, result: Preview, *, quiet: bool) -> PlannedDeal | None:
    """Deal ``index`` (from 0) as hands and who went out (a note when that is a guess, unless ``quiet``);
    ``None`` with a sentence when a score or a bonus can't stand."""
    hands = _planned_hands(game, index, ruleset, result.problems)
    if hands is None:
        return None
    went_out = _who_went_out(hands, game.deal_place(index), game.names, None if quiet else result)
    own_phases = ruleset.progression is not Progression.FIXED
    for position, hand in enumerate(hands):
        if hand is None:
            continue
        hand.made = own_phases and (hand.made or position == went_out)  # who went out made their phase (§8.6.4)
        ticked = {f for f, on in (("exact_cut", hand.exact_cut), ("one_turn_out", hand.one_turn_out)) if on}
        problem = bonus_problem(ruleset, ticked, went_out=position == went_out)
        if problem:
            result.problems.append(placed(game.cell_place(index, position), problem))
            return None
    return PlannedDeal(went_out, hands)


def _planned_hands(game: SheetGame, index: int, ruleset: Ruleset, problems: list[str]) -> list[PlannedHand | None] | None:
    """A deal's scores as hands: typed points, or one of the ruleset's bonuses (a negative number), with their
    "made" marks (``None``: sat out); ``None`` with a sentence in ``problems`` for any other negative number."""
    bonuses = {a.points: a for a in adjustments(ruleset)}
    marks = game.made[index] if game.made else [False] * len(game.deals[index])
    hands: list[PlannedHand | None] = []
    for seat, score in enumerate(game.deals[index]):
        if score is None:
            hands.append(None)
        elif score >= 0:
            hands.append(PlannedHand(points=score, made=marks[seat]))
        elif score in bonuses:
            bonus = bonuses[score]
            hands.append(PlannedHand(0, score, bonus.field == "exact_cut", bonus.field == "one_turn_out"))
        else:
            problems.append(_not_a_score(game.cell_place(index, seat), score, ruleset, [-points for points in bonuses]))
            return None
    return hands


def _not_a_score(place: str, score: int, ruleset: Ruleset, taken_off: list[int]) -> str:
    """A negative number that is none of the ruleset's bonuses, at ``place`` on the sheet."""
    if not taken_off:
        return gettext("%(place)s: %(score)s is not a score in %(rules)s, which has no bonus taking points off.",
                       place=place, score=score, rules=ruleset.name)  # fmt: skip
    if len(taken_off) == 1:
        return gettext("%(place)s: %(score)s is not a score in %(rules)s, whose bonus takes off %(points)s.",
                       place=place, score=score, rules=ruleset.name, points=taken_off[0])  # fmt: skip
    return gettext("%(place)s: %(score)s is not a score in %(rules)s, whose bonus takes off %(points)s or %(other)s.",
                   place=place, score=score, rules=ruleset.name, points=taken_off[0], other=taken_off[1])  # fmt: skip


def _content_hash(game: SheetGame, ruleset: Ruleset, seats: list[str]) -> str:
    """What makes a game the same game brought in twice: its day, rules, players and scores."""
    content = {
        "on": game.played_on.isoformat(),
        "rules": ruleset.name.casefold(),  # its name: a table's own rules get their id only once stored
        "seats": [Player.key_for(s) for s in seats],
        "deals": game.deals,
    }
    if game.made:  # only sheets with marks: the hash of every game stored before marks existed stays the same
        content["made"] = game.made
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _who_went_out(hands: list[PlannedHand | None], place: str, names: list[str], result: Preview | None) -> int | None:
    """The seat that went out: the one down and out in one turn, else the first with nothing left (0).

    ``result`` gets a note when that is a guess; ``None`` for final totals, where nobody's 0 says who went out.
    """
    one_turn = [p for p, hand in enumerate(hands) if hand is not None and hand.one_turn_out]
    if one_turn:
        return one_turn[0]
    zeros = _zeros(hands)
    if result is not None:
        _note_zeros(zeros, place, names, result)
    return zeros[0] if zeros else None


def _zeros(hands: list[PlannedHand | None]) -> list[int]:
    """The seats with nothing left: a plain 0 went out; a bonus alone (an exact cut) only when nobody has a plain 0."""
    played = [(p, hand) for p, hand in enumerate(hands) if hand is not None]
    plain = [p for p, hand in played if hand.points == 0 and not hand.adjustment]
    return plain or [p for p, hand in played if hand.points == 0]


def _note_zeros(zeros: list[int], place: str, names: list[str], result: Preview) -> None:
    """What a deal's 0s were taken to mean: nobody's, the stock ran out; several, the first went out."""
    if not zeros:
        result.notes.append(gettext("%(place)s: nobody has 0, so the stock ran out in that deal.", place=place))
    elif len(zeros) > 1:
        result.notes.append(gettext("%(place)s: %(names)s have 0; %(first)s, the first, is taken to have gone out.",
                                    place=place, names=names_joined([names[p] for p in zeros]), first=names[zeros[0]]))  # fmt: skip


def imported_hashes(league: League) -> set[str]:
    """The hashes of the games already brought into ``league``."""
    rows = db.session.scalars(
        select(Change.new_json)
        .join(Game, Game.id == Change.game_id)
        .where(Game.league_id == league.id, Change.action == "started", Change.new_json.contains(f'"{IMPORTED_KEY}"'))
    )
    found = set()
    for text in rows:
        try:
            found.add(json.loads(text or "{}")[IMPORTED_KEY]["hash"])
        except (ValueError, KeyError, TypeError):
            continue
    return found


def _mark_already_here(league: League, result: Preview) -> None:
    here = imported_hashes(league)
    for game in result.games:
        game.already_here = game.content_hash in here
        here.add(game.content_hash)  # the same game twice on one sheet is one game


# ---------------------------------------------------------------------------
# Storing


BATCH_GAMES = 25
"""Games written per transaction. A transaction holds the database's write lock (SQLite: the whole file) from its
first write until it commits, so another phone's deal save waits at most one batch, not the whole import; and the
rows of a written batch are let go of, so memory holds one batch whatever the sheet's size. The batch is built
without flushing, so the lock is taken only as it commits."""


def store(league: League, result: Preview, source: str, *, batch: int = BATCH_GAMES) -> int:
    """Write the new planned games into ``league``, :data:`BATCH_GAMES` to a transaction in the order played; the
    number written.

    Raises :class:`ImportError_` (nothing written) when the preview is not ready. A batch is written whole or not
    at all; a failure midway keeps the batches before it, and confirming the same sheet again adds the rest (each
    game is found by its hash, so none is added twice).
    """
    if not result.ready:
        raise ImportError_(gettext("Answer every question first: nothing was imported."))
    games = sorted(result.new_games, key=lambda g: g.sheet.played_on)
    league_id = league.id
    players: dict[str, Player] = {}
    snapshots: dict[str, str] = {}  # a ruleset's snapshot, written once for all its games (500 games: 1 s saved)
    written = 0
    for start in range(0, len(games), batch):
        chunk = games[start : start + batch]
        try:
            if start == 0:
                _store_new_rules(league, games)
            with db.session.no_autoflush:  # nothing written (no lock taken) until the batch is built
                stored = _store_batch(league, chunk, start, players, snapshots, source)
            league.revision = League.revision + 1  # type: ignore[assignment]
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            raise ImportError_(_stopped_at(written)) from None
        except BaseException:
            db.session.rollback()
            raise
        for game in stored:  # its seats, deals, hands and history go with it
            db.session.expunge(game)
        written += len(chunk)
        league = db.session.get(League, league_id) or league
    return written


def _stopped_at(written: int) -> str:
    """Why an import stopped: a name taken by another at the same moment (with the games already written)."""
    if not written:
        return gettext("A player of one of these names was added at the same moment: try again.")
    return ngettext("A player of one of these names was added at the same moment, after %(num)s game was added: "
                    "confirm again to add the rest.",
                    "A player of one of these names was added at the same moment, after %(num)s games were added: "
                    "confirm again to add the rest.", written)  # fmt: skip


def _store_batch(
    league: League, chunk: list[PlannedGame], first: int, players: dict[str, Player], snapshots: dict[str, str], source: str
) -> list[Game]:
    """Add one batch of planned games to the session (numbered from ``first`` in the order played); the games."""

    def player_named(name: str) -> Player:
        key = Player.key_for(name)
        if key not in players:
            players[key] = Player.find_or_add(name)
        if players[key] not in league.members:
            league.members.append(players[key])
        return players[key]

    stored = []
    for order, planned in enumerate(chunk, start=first):
        played_at = dt.datetime.combine(planned.sheet.played_on, PLAYED_AT) + dt.timedelta(seconds=order)
        stored.append(_store_game(league, planned, [player_named(name) for name in planned.seats], played_at, source,
                                  snapshots))  # fmt: skip
    return stored


def _store_new_rules(league: League, games: list[PlannedGame]) -> None:
    """Store the rules the games need that the league doesn't have yet as its own; the games then play under them."""

    stored: dict[str, tuple[Ruleset, CustomRulesetVersion]] = {}
    for planned in games:
        if planned.new_rules is None:
            continue
        key = planned.new_rules.definition_json
        if key not in stored:
            name = planned.new_rules.ruleset.name
            owner_key = f"league-{league.id}"
            custom = db.session.scalar(select(CustomRuleset).where(
                CustomRuleset.owner_key == owner_key, CustomRuleset.name_key == CustomRuleset.key_for(name)))
            if custom is None:  # the league's rules of that name, from an earlier import, are used again
                custom = CustomRuleset(league=league, name=name, name_key=CustomRuleset.key_for(name), owner_key=owner_key)
                db.session.add(custom)
            version = next((v for v in custom.versions if v.definition_json == key), None)
            if version is None:
                version = CustomRulesetVersion(number=len(custom.versions) + 1, definition_json=key)
                custom.versions.append(version)
                db.session.flush()  # its id names the rules
            stored[key] = (registry.of_version(version), version)
        planned.ruleset, planned.version = stored[key]


def _store_game(
    league: League,
    planned: PlannedGame,
    players: list[Player],
    played_at: dt.datetime,
    source: str,
    snapshots: dict[str, str],
) -> Game:
    seats = len(players)
    game = Game(
        status=GameStatus.FINISHED.value,
        first_dealer=0,
        created_at=played_at,
        finished_at=played_at,
        share_token=new_token(),
        custom_version=planned.version,
    )
    if planned.ruleset.id not in snapshots:
        game.ruleset = planned.ruleset
        snapshots[planned.ruleset.id] = game.rules_json
    game.ruleset_id, game.rules_json = planned.ruleset.id, snapshots[planned.ruleset.id]
    game.seats = [Seat(position=i, player=player) for i, player in enumerate(players)]
    db.session.add(game)
    game.league = league  # once the game is in the session (no cascade along the backref)
    part_tables = {
        number: tuple(position for position, hand in enumerate(deal.hands) if hand is not None)
        for number, deal in enumerate(planned.deals, start=1)
        if any(hand is None for hand in deal.hands)
    }
    for number, deal in enumerate(planned.deals, start=1):
        game.deals.append(
            DealResult(
                number=number,
                # to the right in Carioca; a tie-break hand's dealer is one of the tied players (RULES.md §8.7.14)
                dealer=hand_roles(seats, 0, planned.ruleset.direction, number, part_tables).dealer,
                went_out=deal.went_out,
                stock_ran_out=deal.went_out is None,
                created_at=played_at,
                updated_at=played_at,
                hands=[
                    HandScore(
                        position=position,
                        cards=None,
                        points=hand.points,
                        adjustment=hand.adjustment,
                        exact_cut=hand.exact_cut,
                        one_turn_out=hand.one_turn_out,
                        made=hand.made,
                    )
                    for position, hand in enumerate(deal.hands)
                    if hand is not None
                ],
            )
        )
    started = {
        "ruleset": planned.ruleset.id,
        "options": list(planned.ruleset.chosen_options),
        IMPORTED_KEY: {"from": source, "hash": planned.content_hash, **({"totals_only": True} if planned.totals_only else {})},
    }
    db.session.add(Change(game=game, action="started", new_json=json.dumps(started), created_at=played_at))
    db.session.add(Change(game=game, action="finished", created_at=played_at))
    touch(game)
    return game

