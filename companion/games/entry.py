"""The one-screen deal entry's page data, for the entry page (:mod:`.routes`) and the pages a phone keeps
for offline entry (:mod:`.offline`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from flask_babel import gettext as _
from wtforms import SelectChoice

from ..card_faces import contract_parts
from ..card_letters import page_notation
from ..contract_words import contract_text
from ..fact_words import reminders_in_words
from ..models import DealResult, Game
from ..rules import Deal, Deck, Notation, Ruleset
from ..rules.cards import JOKER_SPELLINGS_IN, SUIT_SPELLINGS_IN
from ..rules.deal_score import STOCK, HandTextError, LineEntry, adjustments, score_line
from ..rules.guide import deal_reminders, exact_cut_size
from ..rules.tally import keypad_keys, ranks_written
from ..rules.speech import say, speaking_english
from .deal_entry import DealSent, buys_in_deal
from .forms import DealEntryForm, HandForm
from .phases import game_progress, per_player
from .state import game_state, roles


def entry_form(game: Game, existing: DealResult | None = None, **form_args: object) -> DealEntryForm:
    """The score form for ``game``: a "who went out" choice per seat and the stock, a line per seat,
    filled from ``existing`` (the deal's saved result, when correcting it) if given."""
    form = DealEntryForm(**form_args)
    form.went_out.choices = [SelectChoice(str(seat.position), seat.player.name) for seat in game.seats] + [
        SelectChoice(STOCK, _("Nobody: the stock ran out"))
    ]
    if existing is not None:
        _prefill(form, game, existing)
    while len(form.hands) < len(game.seats):
        form.hands.append_entry()
    return form


def deal_sent(game: Game, form: DealEntryForm) -> DealSent:
    """The posted (and validated) score form as the entry use case takes it: a line a seat, in seat order."""
    return DealSent(
        went_out=form.went_out.data,
        lines=[_line_entry(seat.position, hand.form, form_notation(form)) for seat, hand in zip(game.seats, form.hands, strict=False)],
        version=form.version.data,
        confirmed=bool(form.confirm.data),
        confirm_finished=bool(form.confirm_finished.data),
    )


def _line_entry(position: int, line: HandForm, notation: Notation) -> LineEntry:
    ticked = frozenset(name for name in ("exact_cut", "one_turn_out") if getattr(line, name).data)
    return LineEntry(
        position=position,
        cards=line.cards.data or "",
        points=line.points.data or "",
        ticked=ticked,
        made=bool(line.made.data),
        chosen_phase=line.chosen_phase.data,
        notation=notation,
    )


def entry_notation(form: DealEntryForm) -> Notation:
    """The letters the score form's card boxes are written in: the posted form's own, else the page's."""
    return form_notation(form) if form.notation.data else page_notation()


def form_notation(form: DealEntryForm) -> Notation:
    """The suit letters the form's cards were typed in (its hidden ``notation``, the page's); API.md's without it."""
    return Notation.SPANISH if form.notation.data == Notation.SPANISH.value else Notation.ENGLISH


def form_messages(errors: object) -> list[str]:
    """Every sentence in a form's ``errors`` (nested for its hand lines), in order."""
    if isinstance(errors, str):
        return [errors]
    if isinstance(errors, dict):
        errors = list(errors.values())
    if isinstance(errors, (list, tuple)):
        return [message for part in errors for message in form_messages(part)]
    return []


def _prefill(form: DealEntryForm, game: Game, existing: DealResult) -> None:
    form.version.data = existing.version
    form.went_out.data = STOCK if existing.went_out is None else str(existing.went_out)
    for seat in game.seats:
        hand = existing.hand(seat.position)
        form.hands.append_entry()
        line = form.hands[-1].form
        if hand is not None:
            if hand.cards is None:
                line.points.data = str(hand.points)
            else:
                line.cards.data = ranks_written(hand.cards, page_notation())
            line.exact_cut.data = hand.exact_cut
            line.one_turn_out.data = hand.one_turn_out
            line.made.data = hand.made
            line.chosen_phase.data = hand.chosen_phase


def entry_context(game: Game, number: int, form: DealEntryForm, existing: DealResult | None) -> dict[str, object]:
    """What the one-screen entry needs: each line's score as the server reads it, the totals before
    this deal and with it, May I counts against the limit, and the rules as data for the phone's own tally."""
    ruleset = game.ruleset
    state = game_state(game)
    went_out = form.went_out.data
    lines = [
        _line_score(ruleset, _line_entry(seat.position, hand.form, entry_notation(form)), out=went_out == str(seat.position))
        for seat, hand in zip(game.seats, form.hands, strict=False)
    ]
    before = [
        standing.total - ((standing.deal_points[number - 1] or 0) if existing is not None else 0)
        for standing in state.standings
    ]
    return {
        "game": game,
        "ruleset": ruleset,
        "deal": hand_deal(ruleset, number),
        "phases": hand_phases(game, number),
        "form": form,
        "existing": existing,
        "roles": roles(game, number),
        "keys": keypad_keys(ruleset),
        "buys": buys_in_deal(game, number),
        "lines": lines,
        "before": before,
        "after": [total + (line.total or 0) for total, line in zip(before, lines, strict=False)],
        "tally_rules": tally_rules(ruleset, entry_notation(form)),
        "notation": entry_notation(form),
        "phase_state": phase_state(game, number) if existing is None else None,
    }


def hand_deal(ruleset: Ruleset, number: int) -> Deal:
    """Deal ``number`` of the schedule; in a per-player game, hand ``number`` (every phase deals alike, RULES.md
    §8.6.1, and each player's own contract is in :func:`hand_phases`)."""
    if not per_player(ruleset):
        return ruleset.deal(number)
    return dataclasses.replace(ruleset.deals[0], number=number)


@dataclass(frozen=True)
class PhaseShown:
    """A player's phase in one hand of a per-player game, as the prompt and the score form show it."""

    position: int
    """The player's seat."""
    name: str
    """The player's name."""
    phase: int | None
    """The phase they play (``None``: chosen before the hand, Masters)."""
    contract: str
    """That phase's contract in words (empty when it is chosen)."""
    open_phases: tuple[int, ...]
    """The phases they have not made yet (what a Masters player may choose)."""


def hand_phases(game: Game, number: int) -> list[PhaseShown] | None:
    """Who plays hand ``number`` of a per-player game and on which phase (``None``: everyone plays the same deal)."""
    before = game_progress(game, number - 1)
    if before is None:
        return None
    playing = before.next_phases() or {p.seat: p.phase for p in before.players}
    return [
        PhaseShown(
            position=player.seat,
            name=player.name,
            phase=playing[player.seat],
            contract=contract_text(game.ruleset.deal(phase), game.ruleset) if (phase := playing[player.seat]) else "",
            open_phases=player.open_phases,
        )
        for player in before.players
        if player.seat in playing
    ]


def prompt_facts(game: Game, number: int) -> dict[str, object]:
    """Deal ``number``'s prompt as the game page shows it (contract, dealer, cutter, reminders), as data.

    The offline pack carries it for each deal still to enter, so a phone that saved a deal with no
    connection shows the next deal's prompt from its own store (static/js/offline/page.js).
    """
    ruleset = game.ruleset
    deal = ruleset.deal(number)
    players = len(game.seats)
    seat_roles = roles(game, number)
    names = {seat.position: seat.player.name for seat in game.seats}
    cutter = names[seat_roles.cutter]
    if ruleset.exact_cut_bonus:
        cutter = _("%(name)s (exactly %(cut)s takes %(bonus)s off)", name=cutter, cut=exact_cut_size(deal, players),
                   bonus=ruleset.exact_cut_bonus)
    return {
        "count": _("Deal %(number)s of %(count)s", number=number, count=len(ruleset.deals)),
        "contract": contract_text(deal, ruleset),
        "symbols": deal.symbols,
        "parts": contract_parts(deal, ruleset.set_word),
        "dealt": _("%(count)s cards each", count=deal.cards_dealt),
        "dealer": names[seat_roles.dealer],
        "cutter": cutter,
        "first": names[seat_roles.first_player],
        "reminders": reminders_in_words(deal_reminders(ruleset, deal, players), ruleset, deal, players),
        "enter": _("Enter scores for deal %(number)s", number=number),
    }


def phase_state(game: Game, number: int) -> dict[str, object] | None:
    """What a phone with no connection needs to go on past hand ``number`` of a per-player game, as data (the
    score screen carries it; static/js/offline/page.js and tally.js's afterHand read it): the phases each player
    made before it, each phase's contract, and the table (names in seat order, first dealer, direction) from
    which tally.js's handRoles names who deals, cuts and plays first, as :func:`~.state.roles` does here.

    ``None`` where nothing follows on the phone: a game where everyone plays the same deal (its pack holds
    every deal), a hand that is not the next one, and a tie-break hand or a decided game (the server says
    what comes after those).
    """
    before = game_progress(game, number - 1)
    if before is None or number != len(game.deals) + 1 or before.ended_after is not None:
        return None
    ruleset = game.ruleset
    return {
        "hand": number,
        "progression": ruleset.progression.value,
        "last": len(ruleset.deals),
        "made": {str(player.seat): list(player.made) for player in before.players},
        "contracts": {str(deal.number): contract_text(deal, ruleset) for deal in ruleset.deals},
        "table": {
            "names": [seat.player.name for seat in game.seats],
            "first_dealer": game.first_dealer,
            "direction": ruleset.direction.value,
        },
    }


TALLY_MESSAGES = (
    "%(token)s is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).",
    "In “%(word)s”, the 1 is not a card: type A for an ace, or 10 for a ten.",
    "In “%(word)s”, the 0 is not a card: a ten is 10 or T.",
    "In “%(word)s”, the 0 is not a card: a ten is 10.",
    "In “%(word)s”, “%(rest)s” is not a card: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).",
    "That is more than any hand holds: a hand is at most %(most)s cards.",
    "“%(word)s” reads like a number: type the cards with spaces (%(spaced)s), or the points in the points box.",
    "“%(word)s” reads like a number: type the cards with spaces between them, or the points in the points box.",
    "%(count)s cards is more than any hand holds: a hand is at most %(most)s cards.",
    "“%(word)s” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't matter here); put a space between cards.",
    "“%(text)s” is not a number of points: type a whole number, like 25.",
    "Points can't be negative: type the cards left, or their points.",
    "%(points)s points is more than any hand can hold.",
    "An ace scores by its colour here: type AS or AC for a black ace (%(black)s), AH or AD for a red ace (%(red)s).",
    "An ace scores by its colour here: type AP or AT for a black ace (%(black)s), AC or AD for a red ace (%(red)s).",
    "Enter the cards left or their points, not both.",
)  # fmt: skip
"""The engine's sentences the phone's tally says too, word for word (static/js/tally.js): their translations go to
the phone with the rules, so it says them in the page's language with no server to ask."""


def tally_letters(notation: Notation) -> dict[str, object]:
    """The suit letters the phone's tally reads typed cards in, where they are not API.md's (a Spanish page's P C D
    T): each letter's suit, the joker's spellings, and whether T is a ten."""
    if notation is Notation.ENGLISH:
        return {}
    suits = {letter: suit.value for letter, suit in SUIT_SPELLINGS_IN[notation].items() if letter.isalpha()}
    return {"letters": {"notation": notation.value, "suits": suits, "jokers": sorted(JOKER_SPELLINGS_IN[notation])}}


def tally_rules(ruleset: Ruleset, notation: Notation = Notation.ENGLISH) -> dict[str, object]:
    """The ruleset's card points and adjustments as data for the phone's tally (static/js/tally.js), on a page
    not in English the tally's sentences in its language, and the suit letters its cards are typed in
    (``notation``)."""
    # the deck only where it is not the standard one: the phone then reads Phase 10's cards (W, SKIP, 1 to 12)
    deck = {"deck": ruleset.deck.value} if ruleset.deck is not Deck.STANDARD else {}
    words = {} if speaking_english() else {"words": {message: say(message) for message in TALLY_MESSAGES}}
    return {
        **deck,
        **tally_letters(notation),
        "points": ruleset.points.as_dict(),
        "adjustments": [{"field": a.field, "points": a.points} for a in adjustments(ruleset)],
        **words,
    }


@dataclass(frozen=True)
class LineShown:
    """A line of the score form as the save will read it."""

    total: int | None
    """The line's score in the deal (``None`` when it can't be read)."""
    error: str | None
    """Why it can't be read."""


def _line_score(ruleset: Ruleset, entry: LineEntry, *, out: bool) -> LineShown:
    try:
        line = score_line(ruleset, cards=entry.cards, points=entry.points, out=out, ticked=entry.ticked, notation=entry.notation)
    except HandTextError as error:
        return LineShown(None, str(error))
    return LineShown(line.total, None)
