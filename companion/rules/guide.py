"""What to tell the table: the setup card and each deal's reminders, in plain words.

Everything here is read from the ruleset's fields, so a house rule changes
the words as it changes the rules.

>>> from .rulesets import find_ruleset
>>> card = setup_card(find_ruleset("contract"), 4)
>>> card.packs, card.jokers, card.total_cards
(2, 3, 107)
>>> deal_reminders(find_ruleset("contract"), find_ruleset("contract").deal(7), 4)[0]
'No discard: meld every card when you go down.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .rulesets import AceRule, BuyRule, Deal, GoingOut, LayOffTiming, MeldKind, Ruleset, SameSuitRuns

__all__ = ["SetupCard", "buy_rule_text", "deal_reminders", "exact_cut_size", "setup_card"]

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True)
class SetupCard:
    """What to shuffle together before the first deal."""

    players: int
    packs: int
    jokers: int
    total_cards: int
    wilds: str
    buying: str


def setup_card(ruleset: Ruleset, players: int) -> SetupCard:
    """Packs, jokers and total cards for this many players, and how May I / buying works."""
    table = ruleset.table(players)
    return SetupCard(
        players=players,
        packs=table.packs,
        jokers=table.jokers,
        total_cards=52 * table.packs + table.jokers,
        wilds=f"Wild cards: {ruleset.wild_words}.",
        buying=_buying_summary(ruleset),
    )


def _buying_summary(ruleset: Ruleset) -> str:
    rules = {deal.buys for deal in ruleset.deals}
    if len(rules) == 1:
        return buy_rule_text(ruleset, next(iter(rules)))
    allowed = [deal.number for deal in ruleset.deals if deal.buys.allowed]
    if not allowed:
        return f"No {ruleset.buy_name} in this game."
    first, last = allowed[0], allowed[-1]
    span = f"deals {first} to {last}" if allowed == list(range(first, last + 1)) else "deals " + ", ".join(map(str, allowed))
    return f"{_capital(ruleset.buy_name)}s only in {span}; each deal's limit is on its prompt."


def buy_rule_text(ruleset: Ruleset, rule: BuyRule) -> str:
    """One deal's May I / buy rule in words."""
    name = ruleset.buy_name
    if not rule.allowed:
        return f"No {name} in this deal."
    times = (
        "as often as you like"
        if rule.limit is None
        else ("once a deal" if rule.limit == 1 else f"at most {_word(rule.limit)} times a deal")
    )
    extra = (
        "the upcard only"
        if rule.extra_cards == 0
        else f"the upcard and {_word(rule.extra_cards)} more card{'s' * (rule.extra_cards != 1)} from the stock"
    )
    text = f"{_capital(name)}: {times}, out of turn; you take {extra}."
    if rule.no_successive:
        text += " Not for two discards in a row."
    return text


def exact_cut_size(deal: Deal, players: int) -> int:
    """The exact cut: the cards needed to deal the hand and leave a face-up card."""
    return players * deal.cards_dealt + 1


def deal_reminders(ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """The rules worth saying out loud before this deal is played."""
    reminders = []
    runs = sum(1 for r in deal.requirements if r.kind is MeldKind.RUN)
    sets = sum(1 for r in deal.requirements if r.kind is MeldKind.SET)
    if deal.meld_all:
        reminders.append("No discard: meld every card when you go down.")
    elif deal.going_out is GoingOut.NO_DISCARD:
        reminders.append("No discard to go out: every last card goes on the table.")
    elif deal.going_out is GoingOut.EITHER:
        reminders.append("Go out by discarding your last card, or by melding every card.")
    if runs >= 2 and ruleset.same_suit_runs is SameSuitRuns.NO_CONTIGUOUS:
        reminders.append("Your runs of one suit must not touch: overlap them or leave a gap.")
    elif runs >= 2 and ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT:
        reminders.append("Only one run per suit.")
    if sets >= 2 and not ruleset.repeat_rank:
        reminders.append(f"Your {ruleset.set_word}s must be of different ranks.")
    if runs and ruleset.aces is AceRule.HIGH_ONLY:
        reminders.append("Aces are high only: A-2-3-4 is not a run.")
    if ruleset.max_wilds is not None:
        wild = "wild card" if ruleset.max_wilds == 1 else "wild cards"
        reminders.append(f"At most {_word(ruleset.max_wilds)} {wild} in each meld when you go down.")
    if ruleset.is_exact(deal):
        when = "this turn" if ruleset.lay_off is LayOffTiming.SAME_TURN else "from your next turn"
        reminders.append(f"Go down with exactly the contract's cards; lay off the rest {when}.")
    elif ruleset.lay_off is LayOffTiming.LATER_TURN:
        reminders.append("Lay off from your next turn after going down.")
    held = deal.cards_dealt + 1
    if deal.cards_needed > held:
        reminders.append(
            f"The contract needs {deal.cards_needed} cards but you hold {held} after drawing: "
            f"you will need a {ruleset.buy_name}."
        )
    reminders.append(buy_rule_text(ruleset, deal.buys))
    if ruleset.exact_cut_bonus:
        reminders.append(
            f"Cutter: cut exactly {exact_cut_size(deal, players)} cards ({players} × {deal.cards_dealt} + 1) "
            f"and take {ruleset.exact_cut_bonus} off your score."
        )
    if ruleset.one_turn_out_bonus:
        reminders.append(f"Going down and out in one turn takes {ruleset.one_turn_out_bonus} off your score.")
    if ruleset.shanghai_call:
        reminders.append("Shanghai: call it as you discard to protect a card that fits a meld on the table.")
    return reminders
