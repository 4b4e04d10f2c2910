"""What to tell the table: the setup card and each deal's reminders, in plain words.

Everything here is read from the ruleset's fields, so a house rule changes
the words as it changes the rules.

>>> from .catalogue import find_ruleset
>>> card = setup_card(find_ruleset("contract"), 4)
>>> card.packs, card.jokers, card.total_cards
(2, 3, 107)
>>> deal_reminders(find_ruleset("contract"), find_ruleset("contract").deal(7), 4)[0]
'No discard: meld every card when you go down.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Deck
from .words import number_word, sentence
from .rulesets import AceRule, BuyRule, Deal, GoingOut, JokerReclaim, LayOffTiming, MeldKind, Ruleset, SameSuitRuns

__all__ = ["Fact", "SetupCard", "buy_rule_text", "card_contents", "deal_reminders", "exact_cut_size", "rules_facts", "setup_card"]



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
        total_cards=(108 if ruleset.deck is Deck.PHASE10 else 52) * table.packs + table.jokers,
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
    return f"{sentence(ruleset.buy_name)}s only in {span}; each deal's limit is on its prompt."


def buy_rule_text(ruleset: Ruleset, rule: BuyRule) -> str:
    """One deal's May I / buy rule in words."""
    name = ruleset.buy_name
    if not rule.allowed:
        return f"No {name} in this deal."
    times = (
        "as often as you like"
        if rule.limit is None
        else (
            "once a deal for each player"
            if rule.limit == 1
            else f"at most {number_word(rule.limit)} times a deal for each player"
        )
    )
    extra = (
        "the upcard only"
        if rule.extra_cards == 0
        else f"the upcard and {number_word(rule.extra_cards)} more card{'s' * (rule.extra_cards != 1)} from the stock"
    )
    text = f"{sentence(name)}: {times}, out of turn; you take {extra}."
    if rule.no_successive:
        text += " Not for two discards in a row."
    return text


def exact_cut_size(deal: Deal, players: int) -> int:
    """The exact cut: the cards needed to deal the hand and leave a face-up card."""
    return players * deal.cards_dealt + 1


def deal_reminders(ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """The rules worth saying out loud before this deal is played."""
    return [
        *_going_out_reminders(deal),
        *_meld_reminders(ruleset, deal),
        *_lay_off_reminders(ruleset, deal),
        buy_rule_text(ruleset, deal.buys),
        *_score_reminders(ruleset, deal, players),
    ]


def _going_out_reminders(deal: Deal) -> list[str]:
    """How this deal is gone out of."""
    if deal.meld_all:
        return ["No discard: meld every card when you go down."]
    if deal.going_out is GoingOut.NO_DISCARD:
        return ["No discard to go out: every last card goes on the table."]
    if deal.going_out is GoingOut.EITHER:
        return ["Go out by discarding your last card, or by melding every card."]
    return []


def _meld_reminders(ruleset: Ruleset, deal: Deal) -> list[str]:
    """What this deal's melds must be: runs of one suit apart, sets of different ranks, aces, wild cards."""
    runs, sets = _melds_of_kind(deal, MeldKind.RUN), _melds_of_kind(deal, MeldKind.SET)
    reminders = _same_suit_runs_reminders(ruleset) if runs >= 2 else []
    if sets >= 2 and not ruleset.repeat_rank:
        reminders.append(f"Your {ruleset.set_word}s must be of different ranks.")
    if runs and ruleset.aces is AceRule.HIGH_ONLY:
        reminders.append("Aces are high only: A-2-3-4 is not a run.")
    if ruleset.max_wilds == 0:  # "at most no wild cards" is no sentence
        reminders.append("No wild cards in any meld when you go down.")
    elif ruleset.max_wilds is not None:
        wild = "wild card" if ruleset.max_wilds == 1 else "wild cards"
        reminders.append(f"At most {number_word(ruleset.max_wilds)} {wild} in each meld when you go down.")
    return reminders


def _melds_of_kind(deal: Deal, kind: MeldKind) -> int:
    """How many melds of ``kind`` the deal's contract asks for."""
    return sum(1 for r in deal.requirements if r.kind is kind)


def _same_suit_runs_reminders(ruleset: Ruleset) -> list[str]:
    """What a contract of two runs or more is told of runs of one suit (nothing where they may touch)."""
    if ruleset.same_suit_runs is SameSuitRuns.NO_CONTIGUOUS:
        return ["Your runs of one suit must not touch: overlap them or leave a gap."]
    if ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT:
        return ["Only one run per suit."]
    return []


def _lay_off_reminders(ruleset: Ruleset, deal: Deal) -> list[str]:
    """When the rest may be laid off, and whether the contract needs more cards than a hand holds."""
    reminders = []
    if ruleset.is_exact(deal):
        when = "this turn" if ruleset.lay_off is LayOffTiming.SAME_TURN else "from your next turn"
        reminders.append(f"Go down with exactly the contract's cards; lay off the rest {when}.")
    elif ruleset.lay_off is LayOffTiming.LATER_TURN and not deal.meld_all:  # going down is going out
        reminders.append("Lay off from your next turn after going down.")
    held = deal.cards_dealt + 1
    if deal.cards_needed > held:
        reminders.append(
            f"The contract needs {deal.cards_needed} cards but you hold {held} after drawing: "
            f"you will need a {ruleset.buy_name}."
        )
    return reminders


def _score_reminders(ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """The bonuses and calls of the score: an exact cut, going down and out in one turn, Shanghai."""
    reminders = []
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


@dataclass(frozen=True)
class Fact:
    """One line of a rules card: what it is about, and the rule in words."""

    key: str
    label: str
    text: str


#: The card_points keys written after the ranks (or numbers), each on its own: the joker; Phase 10's Wild and Skip.
_UNRANKED_POINT_KEYS = ("JK", "W", "SKIP")


def _points_text(ruleset: Ruleset) -> str:
    """The card values, equal neighbours joined: ``A 15 · 2–9 face value · 10–K 10 · JK 15``
    (on the Phase 10 deck ``1–9 5 · 10–12 10 · W 25 · SKIP 15``)."""
    values = ruleset.points.as_dict()
    ranked = [key for key in values if key not in _UNRANKED_POINT_KEYS]
    aces = []
    if ruleset.points.split_ace:  # Kalooki: "Black Ace 15 ... Red Ace 1"
        ranked = [key for key in ranked if key not in ("A_red", "A_black")]
        aces = [f"Black A {values['A_black']}", f"red A {values['A_red']}"]
    parts = _face_values_joined(_equal_neighbours(values, ranked), values)
    texts = aces + [_points_part(group, kind, values) for group, kind in parts]
    texts += [f"{key} {values[key]}" for key in values if key in _UNRANKED_POINT_KEYS]
    wild = " (a wild two scores as a joker)" if ruleset.deuces_wild and values["2"] == values["JK"] else ""
    return " · ".join(texts) + wild


def _equal_neighbours(values: dict[str, int], ranked: list[str]) -> list[list[str]]:
    """The ranks in order, neighbours of equal value in one group: ``[["A"], ["2"], ..., ["10", "J", "Q", "K"]]``."""
    groups: list[list[str]] = []
    for key in ranked:
        if groups and values[groups[-1][0]] == values[key]:
            groups[-1].append(key)
        else:
            groups.append([key])
    return groups


def _face_values_joined(groups: list[list[str]], values: dict[str, int]) -> list[tuple[list[str], str]]:
    """The groups, with neighbouring single ranks worth their own number joined as one ``"face"`` part;
    every other group a ``"value"`` part."""
    parts: list[tuple[list[str], str]] = []
    for group in groups:
        face = len(group) == 1 and group[0].isdigit() and values[group[0]] == int(group[0])
        if face and parts and parts[-1][1] == "face":
            parts[-1][0].append(group[0])
        else:
            parts.append((list(group), "face" if face else "value"))
    return parts


def _points_part(group: list[str], kind: str, values: dict[str, int]) -> str:
    """One part in words: ``2–9 face value``, or the ranks and their value (``10–K 10``; a lone ``5 5``)."""
    span = group[0] if len(group) == 1 else f"{group[0]}–{group[-1]}"
    return f"{span} face value" if kind == "face" and len(group) > 1 else f"{span} {values[group[0]]}"


def _supply_text(ruleset: Ruleset) -> str:
    parts = []
    for supply in ruleset.supply:
        players = (
            f"{supply.min_players}" if supply.min_players == supply.max_players else f"{supply.min_players}–{supply.max_players}"
        )
        if ruleset.deck is Deck.PHASE10:  # one Phase 10 deck at every table, no jokers
            parts.append(f"{players} players: {supply.packs} Phase 10 deck{'s' * (supply.packs != 1)}")
            continue
        parts.append(f"{players} players: {supply.packs} packs + {supply.jokers} joker{'s' * (supply.jokers != 1)}")
    return "; ".join(parts)


#: Where an ace may stand in a run, in words.
_ACES_TEXT = {
    AceRule.LOW_OR_HIGH: "Low (A-2-3-4) or high (J-Q-K-A), never round the corner.",
    AceRule.HIGH_ONLY: "High only: J-Q-K-A, never A-2-3-4.",
    AceRule.LOW_ONLY: "Low only: A-2-3-4, never J-Q-K-A.",
    AceRule.AROUND: "Round the corner too (Q-K-A-2), each rank once: 13 cards at most.",
}


def _aces_text(ruleset: Ruleset) -> str:
    """Where an ace may stand in a run; where the rank line ends at 12 (the Phase 10 deck, wild kings), so it says."""
    if ruleset.aces is AceRule.LOW_ONLY and ruleset.top_rank == 12:
        return "Low only: 1-2-3-4; a run ends at 12." if ruleset.deck is Deck.PHASE10 else "Low only: A-2-3-4; a run ends at Q."
    return _ACES_TEXT[ruleset.aces]


def rules_facts(ruleset: Ruleset) -> tuple[Fact, ...]:
    """Every rule of a ruleset as a line in words, for its rules card and for comparing rulesets.

    >>> from .catalogue import find_ruleset
    >>> facts = {fact.key: fact.text for fact in rules_facts(find_ruleset("shanghai"))}
    >>> facts["aces"]
    'High only: J-Q-K-A, never A-2-3-4.'
    """
    same_suit = {
        SameSuitRuns.ANY: "Allowed, even end to end (3-4-5-6 and 7-8-9-10).",
        SameSuitRuns.NO_CONTIGUOUS: "Allowed if they overlap or leave a gap, never end to end.",
        SameSuitRuns.ONE_PER_SUIT: "Not allowed: one run per suit.",
    }[ruleset.same_suit_runs]
    aces = _aces_text(ruleset)
    lay_off = (
        "From your next turn after going down."
        if ruleset.lay_off is LayOffTiming.LATER_TURN
        else "Already in the turn you go down."
    )
    reclaim = {
        JokerReclaim.RUNS: (
            "A joker in a run can be taken by a player who went down on an earlier turn, by laying the exact "
            "natural card it stands for in its place; the joker must then be laid off in the same turn. "
            f"A joker in a {ruleset.set_word} stays."
        ),
        JokerReclaim.SLIDE: (
            "Never into the hand. Lay the natural card a joker stands for in your own run and the joker slides "
            "to an open end; an end joker of your run may move to another player's run, but not off a run of "
            f"three cards. Jokers in a {ruleset.set_word} stay."
        ),
        JokerReclaim.NEVER: f"Never: wild cards ({ruleset.wild_words}) once melded stay.",
        JokerReclaim.TACK: (
            f"Never: a joker stays in its meld. Lay the natural card a joker of a {ruleset.run_word} stands for in "
            f"its place and the joker moves to an open end of that {ruleset.run_word}, never past an ace nor beside "
            f"another joker. A joker in a {ruleset.set_word} never moves."
        ),
    }[ruleset.reclaim]
    meld_all = [deal.number for deal in ruleset.deals if deal.meld_all]
    facts = [
        Fact("players", "Players", f"{ruleset.min_players} to {ruleset.max_players}."),
        Fact("supply", "Packs and jokers", _supply_text(ruleset) + "."),
        Fact("wilds", "Wild cards", f"{sentence(ruleset.wild_words)}."),
        Fact("deals", "Deals", f"{len(ruleset.deals)}."),
        Fact("set_word", "A set is called", f"A {ruleset.set_word}."),
        Fact(
            "exact",
            "Going down",
            "Exactly the contract's cards; the rest are laid off."
            if ruleset.exact
            else "The contract's melds, which may be longer than it asks.",
        ),
        Fact("meld_all", "Meld every card", "Deal " + ", ".join(map(str, meld_all)) + "." if meld_all else "Never required."),
        Fact("max_wilds", "Wild cards in a meld", _wilds_in_a_meld_text(ruleset)),
        Fact("naturals", "Natural cards in a meld", _naturals_text(ruleset)),
        Fact("same_suit_runs", "Two runs of one suit", same_suit),
        Fact(
            "repeat_rank",
            f"Two {ruleset.set_word}s of one rank",
            "Allowed." if ruleset.repeat_rank else "Not allowed in one contract.",
        ),
        Fact("dup_suits", f"A {ruleset.set_word} with two cards of one suit", "Allowed." if ruleset.dup_suits else "Not allowed."),
        Fact("aces", "Aces in runs", aces),
        Fact("lay_off", "Laying off", lay_off),
        Fact("reclaim", "Taking back a joker", reclaim),
        Fact("buying", ruleset.buy_name, _buying_summary(ruleset)),
        Fact("points", "Penalty points", _points_text(ruleset) + "."),
    ]
    return tuple(facts + _bonus_and_call_facts(ruleset))


def _naturals_text(ruleset: Ruleset) -> str:
    """The natural cards a meld needs: ``"At least one."``, or by kind where they differ (Kalooki's three: two)."""
    in_set, in_run = ruleset.set_naturals, ruleset.run_naturals
    if in_set == in_run:
        return f"At least {number_word(in_set)}."
    return f"At least {number_word(in_set)} in a {ruleset.set_word}, {number_word(in_run)} in a {ruleset.run_word}."


def _wilds_in_a_meld_text(ruleset: Ruleset) -> str:
    """The limit of wild cards in a meld (none, going down only, or on the table too), and in a whole go-down."""
    text = _wilds_per_meld_text(ruleset)
    if ruleset.max_wilds_per_contract is not None:
        text += f" At most {number_word(ruleset.max_wilds_per_contract)} in one go-down."
    if not ruleset.run_wilds_adjacent:
        text += " Never two side by side in a run."
    return text


def _wilds_per_meld_text(ruleset: Ruleset) -> str:
    """The limit of wild cards in a meld: none, going down only, or on the table too."""
    if ruleset.max_wilds is None:
        return "Any number."
    if ruleset.max_wilds == 0:
        if ruleset.table_max_wilds:
            return "None, going down or on the table at any time."
        return "None going down; they may be laid off later."
    if ruleset.table_max_wilds:
        return f"At most {number_word(ruleset.max_wilds)} per meld, going down and on the table at any time."
    return f"At most {number_word(ruleset.max_wilds)} per meld going down; more may be laid off later."


def _bonus_and_call_facts(ruleset: Ruleset) -> list[Fact]:
    """The rules card's last lines, only where the rules have them: the bonuses, the Shanghai call, settling up."""
    facts: list[Fact] = []
    if ruleset.exact_cut_bonus:
        facts.append(
            Fact(
                "exact_cut",
                "Exact cut",
                f"The player on the dealer's right cuts; cutting exactly the cards needed "
                f"(players × cards dealt + 1) takes {ruleset.exact_cut_bonus} off their deal score.",
            )
        )
    if ruleset.one_turn_out_bonus:
        facts.append(
            Fact("one_turn_out", "Down and out in one turn", f"Takes {ruleset.one_turn_out_bonus} off your deal score.")
        )
    if ruleset.shanghai_call:
        facts.append(
            Fact(
                "shanghai",
                "Shanghai call",
                "Call it as you discard to protect a card that fits a meld on the table; "
                f"if you don't, anyone may call, lay it on, and you draw blind from their hand. It beats a {ruleset.buy_name}.",
            )
        )
    if ruleset.settlement is not None:
        facts.append(Fact("settlement", "Settling up", ruleset.settlement.description))
    return facts



def card_contents(ruleset: Ruleset) -> dict[str, object]:
    """What a rules card shows of a ruleset: the ruleset, its rules in words (``facts``), a setup card for
    each table size (``tables``) and the house options chosen (``chosen``). The card page and the ruleset
    builder's preview both show it, so it lives beside the pieces it is made of.

    >>> from .catalogue import find_ruleset
    >>> card = card_contents(find_ruleset("shanghai"))
    >>> [table.players for table in card["tables"]][:2], card["chosen"]
    ([3, 4], [])
    """
    tables = [setup_card(ruleset, n) for n in range(ruleset.min_players, ruleset.max_players + 1)]
    chosen = [o for o in ruleset.options if o.key in ruleset.chosen_options]
    return {"ruleset": ruleset, "facts": rules_facts(ruleset), "tables": tables, "chosen": chosen}
