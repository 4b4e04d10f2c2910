"""A game where each player plays their own phase (RULES.md §8.6, §8.7.9-10): who is on which phase, who won.

What is stored is what happened at the table: for each hand, each player's
points, whether they **made** their phase, who went out, and (Phase 10
Masters, ``per_player_choice``) the phase each player chose. Everything else
is derived here from those facts, so a corrected tick re-derives every later
phase (§8.6.9):

- each player's phase: under ``per_player`` 1 + the phases made before;
- the game's end: after the hand in which someone makes their last phase;
- the standings: phases made (more first), then total (lower first);
- the winner: the lowest total among the players who made every phase; a
  shared lowest total calls a tie-break hand on the phase made last, which
  the first player out wins (§8.6.7, §8.7.10);
- the problems to show the table, each a sentence for one player's line.

Example 4.11's progression, hand 5: Ann and Ben on phase 5, Cy on phase 3;
Ann goes out, Ben makes his phase, Cy fails.

>>> from .phase10 import PHASE10
>>> names = {0: "Ann", 1: "Ben", 2: "Cy"}
>>> def made(*phases):  # a hand in which each player makes their phase or not
...     return PlayedHand(lines=tuple(HandLine(seat=s, made=m, points=0 if m else 20) for s, m in enumerate(phases)))
>>> early = [made(True, True, True), made(True, True, True), made(True, True, False), made(True, True, False)]
>>> game = follow_game(PHASE10, names, early)
>>> [player.phase for player in game.players]
[5, 5, 3]
>>> hand5 = PlayedHand(went_out=0, lines=(HandLine(seat=0, made=True, points=0),
...     HandLine(seat=1, made=True, points=15), HandLine(seat=2, made=False, points=40)))
>>> [player.phase for player in follow_game(PHASE10, names, [*early, hand5]).players]
[6, 6, 3]
>>> forgot = PlayedHand(went_out=0, lines=(HandLine(seat=0, made=False, points=0),) + hand5.lines[1:])
>>> [problem.sentence for problem in follow_game(PHASE10, names, [*early, forgot]).problems]
['Ann went out, so Ann made phase 5; tick it.']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .deal_score import DealJudgement
from .rulesets import Progression, Ruleset, Tiebreak
from .speech import say, say_n
from .words import and_list

__all__ = [
    "GameProgress", "HandLine", "HandProblem", "PlayedHand", "PlayerProgress", "follow_game", "judge_hand", "played_hand",
]  # fmt: skip


@dataclass(frozen=True, kw_only=True, slots=True)
class HandLine:
    """One player's line of one hand, as recorded at the table."""

    seat: int
    """The player's seat (0 is the first seat, clockwise)."""
    made: bool
    """Whether the player laid their phase down in this hand (the "made" tick)."""
    points: int
    """The hand's points for the player (0 for the player who went out)."""
    chosen_phase: int | None = None
    """The phase the player chose before the hand (``per_player_choice`` only; ignored otherwise)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayedHand:
    """One hand as recorded: a line per player who played it, and who went out."""

    lines: tuple[HandLine, ...]
    """A line per player in the hand (every player; only the tied players in a tie-break hand)."""
    went_out: int | None = None
    """The seat of the player who went out, or ``None`` when the stock ran out."""


@dataclass(frozen=True, kw_only=True, slots=True)
class HandProblem:
    """Something recorded that the table must fix, said beside the line it is about."""

    hand: int
    """The hand's number, from 1."""
    seat: int | None
    """The seat whose line it is about, or ``None`` for the hand as a whole."""
    sentence: str
    """What is wrong and how to fix it, ready to show."""


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerProgress:
    """Where one player stands after the hands played so far."""

    seat: int
    """The player's seat."""
    name: str
    """The player's name, as the table knows it."""
    made: tuple[int, ...]
    """The phases made, in the order they were made (so the last is the phase made last)."""
    total: int
    """Points over every hand played, tie-break hands included."""
    phase: int | None
    """The phase to play next hand: under ``per_player`` 1 + the phases made; ``None`` once every phase is
    made or under ``per_player_choice`` (the player chooses one of :attr:`open_phases`)."""
    open_phases: tuple[int, ...]
    """The phases not made yet, lowest first (the ones a Masters player may choose)."""
    went_out: int
    """Hands in which the player went out."""

    @property
    def finished(self) -> bool:
        """Whether the player has made every phase."""
        return not self.open_phases


@dataclass(frozen=True, kw_only=True, slots=True)
class GameProgress:
    """The game as derived from its hands: phases, end, standings, winner, tie-break and problems."""

    players: tuple[PlayerProgress, ...]
    """Every player, in seat order."""
    attempted: tuple[Mapping[int, int], ...]
    """For each hand played, the phase each of its players attempted, by seat."""
    ended_after: int | None
    """The hand after which the game ended (someone made their last phase), or ``None`` while it goes on."""
    winners: tuple[int, ...]
    """The seats of the winners once decided (more than one only when the ruleset shares a tie); else empty."""
    tiebreak: Mapping[int, int] = field(default_factory=dict)
    """When a tie-break hand is due: the seats that play it, each with the phase they replay; else empty."""
    tiebreak_hands: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """Each tie-break hand played, by its number, with the seats that were due to play it (who deals, cuts and
    plays it: :func:`~.seats.hand_roles`)."""
    problems: tuple[HandProblem, ...] = ()
    """What the table must fix, in hand order."""

    @property
    def over(self) -> bool:
        """Whether the game is decided: its winners are known."""
        return bool(self.winners)

    @property
    def standings(self) -> tuple[PlayerProgress, ...]:
        """The players by phases made (more first), then total (lower first), then seat (RULES.md §8.6.8)."""
        return tuple(sorted(self.players, key=lambda p: (-len(p.made), p.total, p.seat)))

    def next_phases(self) -> dict[int, int | None]:
        """Who plays the next hand, each with their phase (``None``: chosen before the hand, Masters); empty
        once the game is decided."""
        if self.winners:
            return {}
        if self.tiebreak:
            return dict(self.tiebreak)
        return {player.seat: player.phase for player in self.players}


@dataclass(slots=True)
class _Player:
    """One player's running state while the hands are followed."""

    name: str
    made: list[int] = field(default_factory=list)
    total: int = 0
    went_out: int = 0


@dataclass(slots=True)
class _Game:
    """The running state while the hands are followed in order."""

    ruleset: Ruleset
    players: dict[int, _Player]
    attempted: list[dict[int, int]] = field(default_factory=list)
    ended_after: int | None = None
    winners: tuple[int, ...] = ()
    tiebreak: tuple[int, ...] = ()
    tiebreak_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    problems: list[HandProblem] = field(default_factory=list)

    @property
    def last_phase(self) -> int:
        """The number of phases (Phase 10: 10)."""
        return len(self.ruleset.deals)

    def open_phases(self, seat: int) -> tuple[int, ...]:
        """The phases ``seat`` has not made, lowest first."""
        made = self.players[seat].made
        return tuple(n for n in range(1, self.last_phase + 1) if n not in made)

    def finished(self, seat: int) -> bool:
        """Whether ``seat`` has made every phase."""
        return not self.open_phases(seat)

    def problem(self, seat: int | None, sentence: str) -> None:
        """Note a problem about ``seat``'s line (``None``: the hand) in the hand being followed."""
        self.problems.append(HandProblem(hand=len(self.attempted), seat=seat, sentence=sentence))


def follow_game(ruleset: Ruleset, names: Mapping[int, str], hands: Sequence[PlayedHand]) -> GameProgress:
    """The game of ``ruleset`` at a table of ``names`` (by seat) after ``hands``, in the order played.

    Recorded facts that contradict the rules are never guessed away: each is a
    :class:`HandProblem`, and the rest is derived as recorded (a tick on a phase
    already made adds nothing). Raises :class:`ValueError` for a ruleset whose
    progression is ``fixed``.
    """
    if ruleset.progression is Progression.FIXED:
        raise ValueError(say("%(name)s: everyone plays the same deal; no player has a phase of their own.", name=ruleset.name))
    game = _Game(ruleset=ruleset, players={seat: _Player(name) for seat, name in names.items()})
    for hand in hands:
        game.attempted.append({})
        if game.winners:
            game.problem(None, _after_the_end(game))
        elif game.ended_after is None:
            _follow_hand(game, hand)
        else:
            game.tiebreak_hands[len(game.attempted)] = game.tiebreak
            _follow_tiebreak_hand(game, hand)
    return _progress(game)


def _after_the_end(game: _Game) -> str:
    """Why a hand after the decided game can't stand."""
    won = and_list([game.players[seat].name for seat in game.winners])
    return say_n("The game ended after hand %(hand)s: %(won)s won. Delete this hand.",
                 "The game ended after hand %(hand)s: %(won)s won. Delete this hand.", len(game.winners),
                 hand=len(game.attempted) - 1, won=won)  # fmt: skip


def _lines(game: _Game, hand: PlayedHand, expected: Sequence[int]) -> list[HandLine]:
    """The hand's lines of the ``expected`` seats, noting a missing or unexpected line as a problem."""
    seats = [line.seat for line in hand.lines]
    for seat in expected:
        if seat not in seats:
            game.problem(seat, say("%(name)s has no line in this hand: enter their points.", name=game.players[seat].name))
    for line in hand.lines:
        if line.seat not in expected:
            game.problem(line.seat, _not_in_hand(game, line.seat))
    return [line for line in hand.lines if line.seat in expected]


def _not_in_hand(game: _Game, seat: int) -> str:
    """Why a line is not part of the hand being followed."""
    if seat not in game.players:
        return say("Seat %(seat)s is not at this table.", seat=seat + 1)
    playing = and_list([game.players[s].name for s in game.tiebreak])
    return say("%(name)s is not in this tie-break hand; only %(playing)s play it.", name=game.players[seat].name,
               playing=playing)  # fmt: skip


def _follow_hand(game: _Game, hand: PlayedHand) -> None:
    """A hand of the game proper: each player's phase attempted, ticks, points; then, perhaps, the end."""
    lines = _lines(game, hand, list(game.players))
    for line in lines:
        phase = _attempted(game, line)
        if phase is None:
            continue
        game.attempted[-1][line.seat] = phase
        _check_went_out(game, hand, line, phase)
        player = game.players[line.seat]
        if line.made and phase not in player.made:
            player.made.append(phase)
    _score(game, hand, lines)
    if any(game.finished(seat) for seat in game.players):
        game.ended_after = len(game.attempted)
        _decide(game, [seat for seat in game.players if game.finished(seat)])


def _attempted(game: _Game, line: HandLine) -> int | None:
    """The phase ``line``'s player attempted: derived (``per_player``) or chosen (``None`` if the choice can't
    stand, noted as a problem)."""
    player = game.players[line.seat]
    if game.ruleset.progression is Progression.PER_PLAYER:
        return len(player.made) + 1
    chosen = line.chosen_phase
    if chosen is None:
        game.problem(line.seat, say("Choose %(name)s's phase for this hand.", name=player.name))
        return None
    if not 1 <= chosen <= game.last_phase:
        game.problem(line.seat, say("There is no phase %(phase)s: choose one from 1 to %(last)s.", phase=chosen,
                                    last=game.last_phase))  # fmt: skip
        return None
    if chosen in player.made:
        made_in = next(n for n, phases in enumerate(game.attempted, 1) if phases.get(line.seat) == chosen)
        game.problem(line.seat, say("%(name)s made phase %(phase)s in hand %(hand)s: choose a phase not made yet.",
                                    name=player.name, phase=chosen, hand=made_in))  # fmt: skip
    return chosen


def _check_went_out(game: _Game, hand: PlayedHand, line: HandLine, phase: int) -> None:
    """The player who went out made their phase (RULES.md §8.6.4)."""
    if hand.went_out == line.seat and not line.made:
        name = game.players[line.seat].name
        game.problem(line.seat, say("%(name)s went out, so %(name)s made phase %(phase)s; tick it.", name=name, phase=phase))


def _score(game: _Game, hand: PlayedHand, lines: Sequence[HandLine]) -> None:
    """Add each line's points to its player's total, and count who went out."""
    for line in lines:
        game.players[line.seat].total += line.points
    if hand.went_out is not None and any(line.seat == hand.went_out for line in lines):
        game.players[hand.went_out].went_out += 1
    elif hand.went_out is not None:
        game.problem(None, say("The player marked as going out has no line in this hand."))


def _decide(game: _Game, candidates: Sequence[int]) -> None:
    """Among ``candidates`` (finished players), the lowest total wins; a tie goes to the ruleset's tie-break."""
    lowest = min(game.players[seat].total for seat in candidates)
    tied = [seat for seat in candidates if game.players[seat].total == lowest]
    if len(tied) > 1 and game.ruleset.tiebreak is Tiebreak.MOST_DEALS_WON:
        tied = _most_deals_won(game, tied)
    if len(tied) > 1 and game.ruleset.tiebreak is Tiebreak.REPLAY_LAST_PHASE:
        game.tiebreak, game.winners = tuple(tied), ()
    else:
        game.tiebreak, game.winners = (), tuple(tied)


def _most_deals_won(game: _Game, tied: Sequence[int]) -> list[int]:
    """Those of ``tied`` who went out in the most hands."""
    most = max(game.players[seat].went_out for seat in tied)
    return [seat for seat in tied if game.players[seat].went_out == most]


def _follow_tiebreak_hand(game: _Game, hand: PlayedHand) -> None:
    """A tie-break hand: the tied players replay the phase they made last; the first out wins, else the lowest
    total among those who made it, else another tie-break hand (RULES.md §8.6.7, §8.7.10)."""
    lines = _lines(game, hand, game.tiebreak)
    for line in lines:
        phase = game.players[line.seat].made[-1]
        game.attempted[-1][line.seat] = phase
        _check_went_out(game, hand, line, phase)
        if game.ruleset.progression is Progression.PER_PLAYER_CHOICE and line.chosen_phase not in (None, phase):
            name = game.players[line.seat].name
            game.problem(line.seat, say("In a tie-break hand %(name)s replays phase %(phase)s, the phase %(name)s made last.",
                                        name=name, phase=phase))  # fmt: skip
    _score(game, hand, lines)
    if hand.went_out in game.tiebreak:
        game.tiebreak, game.winners = (), (hand.went_out,)
        return
    made = [line.seat for line in lines if line.made]
    if made:
        _decide(game, made)


def _progress(game: _Game) -> GameProgress:
    """The followed game as its frozen answer."""
    players = []
    for seat, player in game.players.items():
        open_phases = game.open_phases(seat)
        per_player = game.ruleset.progression is Progression.PER_PLAYER
        phase = len(player.made) + 1 if per_player and open_phases else None
        players.append(
            PlayerProgress(
                seat=seat,
                name=player.name,
                made=tuple(player.made),
                total=player.total,
                phase=phase,
                open_phases=open_phases,
                went_out=player.went_out,
            )  # fmt: skip
        )
    tiebreak = {seat: game.players[seat].made[-1] for seat in game.tiebreak}
    return GameProgress(
        players=tuple(players), attempted=tuple(game.attempted), ended_after=game.ended_after, winners=game.winners,
        tiebreak=tiebreak, tiebreak_hands=dict(game.tiebreak_hands), problems=tuple(game.problems),
    )  # fmt: skip


def played_hand(judgement: DealJudgement) -> PlayedHand:
    """A judged score form (:func:`~.deal_score.judge_deal`) as the hand it records."""
    lines = tuple(
        HandLine(seat=hand.position, made=hand.made, points=hand.total, chosen_phase=hand.chosen_phase)
        for hand in judgement.hands
    )
    return PlayedHand(lines=lines, went_out=judgement.went_out)


def judge_hand(
    ruleset: Ruleset, names: Mapping[int, str], hands: Sequence[PlayedHand], number: int, judgement: DealJudgement
) -> DealJudgement:
    """``judgement`` of hand ``number`` (from 1, a new hand or a correction) with the game's own problems of that
    hand added beside its lines ("Ann went out, so Ann made phase 4; tick it."); ``hands`` are the recorded ones.

    Problems a correction leaves in later hands (a Masters choice now made earlier) do not stop it: the game page
    shows them to the table to fix (RULES.md §8.6.9).
    """
    if not judgement.ok:
        return judgement
    game = follow_game(ruleset, names, [*hands[: number - 1], played_hand(judgement), *hands[number:]])
    problems = [problem for problem in game.problems if problem.hand == number]
    if not problems:
        return judgement
    return DealJudgement(
        went_out=judgement.went_out,
        went_out_problem=next((p.sentence for p in problems if p.seat is None), None),
        line_problems={p.seat: p.sentence for p in problems if p.seat is not None},
    )
