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
from .rulesets import (
    AceRule, BuyPermission, BuyRule, Deal, DiscardDraw, Direction, GoingOut, JokerReclaim, LayOffTiming, MeldKind,
    Progression, RunSuit, Ruleset, SameSuitRuns, Skips, Tiebreak, WildDiscard,
)  # fmt: skip

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
    if not any(rule.allowed for rule in rules) and ruleset.progression is not Progression.FIXED:
        return f"No {ruleset.buy_name} in this game."  # a hand's phase is each player's own: no "deal" to name
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
    if rule.only_before_down:
        text += " Only before you go down."
    if rule.permission is BuyPermission.CURRENT_PLAYER:
        text += " Only with the leave of the player in turn."
    return text


def _play_text(ruleset: Ruleset) -> str | None:
    """The play rules told to the table and never checked (RULES.md §8.0 "play rules"), where a ruleset has any
    other than the usual: ``"Deal and play to the right (counter-clockwise). A joker is never discarded."``."""
    said = []
    if ruleset.direction is Direction.COUNTERCLOCKWISE:
        said.append("Deal and play to the right (counter-clockwise).")
    if ruleset.wild_discard is WildDiscard.FORBIDDEN:
        said.append(f"A {ruleset.wild_word} is never discarded.")
    if ruleset.discard_draw is DiscardDraw.NOT_AFTER_DOWN:
        said.append("Once down, you draw from the stock only.")
    return " ".join(said) or None


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
    ranked = [key for key in values if key not in (*_UNRANKED_POINT_KEYS, "A_red", "A_black")]
    # Kalooki: "Black Ace 15 ... Red Ace 1"
    aces = [f"Black A {values['A_black']}", f"red A {values['A_red']}"] if ruleset.points.split_ace else []
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
        _deals_fact(ruleset),
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
        _runs_fact(ruleset, same_suit),
        Fact(
            "repeat_rank",
            f"Two {ruleset.set_word}s of one rank",
            "Allowed." if ruleset.repeat_rank else "Not allowed in one contract.",
        ),
        Fact(
            "dup_suits",
            f"A {ruleset.set_word} with two cards of one {'colour' if ruleset.deck is Deck.PHASE10 else 'suit'}",
            "Allowed." if ruleset.dup_suits else "Not allowed.",
        ),
        Fact("aces", "Aces in runs", aces),
        Fact("lay_off", "Laying off", lay_off),
        Fact("reclaim", "Taking back a joker", reclaim),
        Fact("buying", sentence(ruleset.buy_name), _buying_summary(ruleset)),
        Fact("points", "Penalty points", _points_text(ruleset) + "."),
    ]
    return tuple(facts + _game_facts(ruleset) + _bonus_and_call_facts(ruleset))


def _deals_fact(ruleset: Ruleset) -> Fact:
    """The deals: how many; where each player plays their own phase, how a player moves through the phases
    (RULES.md §8.6.1-3)."""
    count = len(ruleset.deals)
    if ruleset.progression is Progression.FIXED:
        return Fact("deals", "Deals", f"{count}.")
    dealt = ruleset.deals[0].cards_dealt
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        moves = (
            f"{count}, in any order: before each hand each player chooses a phase they have not made yet, and "
            "it is marked made once they make it; a phase is never played again."
        )
    else:
        moves = (
            f"{count}, in order, each player on their own phase: make it and you play the next one next hand; "
            "miss it and you play it again."
        )
    return Fact("deals", "Phases", f"{moves} Everyone is dealt {dealt} cards every hand.")


def _runs_fact(ruleset: Ruleset, same_suit: str) -> Fact:
    """Two runs of one suit; where runs ignore suit (Phase 10) there is no such thing, so the line says that."""
    if ruleset.run_suit is not RunSuit.ANY:
        return Fact("same_suit_runs", "Two runs of one suit", same_suit)
    colours = "colours" if ruleset.deck is Deck.PHASE10 else "suits"
    return Fact("same_suit_runs", "Runs", f"Any {colours} mixed: only the numbers follow on.")


def _game_facts(ruleset: Ruleset) -> list[Fact]:
    """The lines only a game where each player plays their own phase has (making a phase, the end, the winner,
    the tie, Skips, house options), and a tie-break where a fixed schedule has one (RULES.md §8.0, §8.6)."""
    if ruleset.progression is Progression.FIXED:
        return [Fact("tiebreak", "A tie for the win", _tiebreak_text(ruleset))] if ruleset.tiebreak is not Tiebreak.NONE else []
    last = len(ruleset.deals)
    end = (
        f"After the hand in which someone makes their last phase: all {last} made."
        if ruleset.progression is Progression.PER_PLAYER_CHOICE
        else f"After the hand in which someone makes phase {last}."
    )
    facts = [
        Fact("making", "Making your phase",
             "Lay the whole phase down at once; one phase a hand. Everyone who makes it moves on, not only the "
             "player who goes out, and the player who goes out has made theirs."),
        Fact("game_end", "End of the game", end),
        Fact("winner", "Winner",
             "The lowest total among the players who made every phase; a player who has not made them all does "
             "not win, however low their total."),
        Fact("tiebreak", "A tie for the win", _tiebreak_text(ruleset)),
    ]  # fmt: skip
    if ruleset.skips is not Skips.NONE:
        facts.append(Fact("skips", "Skip cards", _skips_text(ruleset)))
    if ruleset.options:
        labels = "; ".join(option.label for option in ruleset.options)
        facts.append(Fact("options", "House options", f"{labels}."))
    return facts


def _tiebreak_text(ruleset: Ruleset) -> str:
    """What settles a tie for the win (RULES.md §8.0 ``tiebreak``, §8.6.7, §8.7.10)."""
    if ruleset.tiebreak is Tiebreak.MOST_DEALS_WON:
        return "Whoever went out in more deals wins; a tie after that is shared."
    if ruleset.tiebreak is Tiebreak.NONE:
        return "The win is shared."
    replayed = (
        "the phase they made last" if ruleset.progression is Progression.PER_PLAYER_CHOICE else f"phase {len(ruleset.deals)}"
    )
    return (
        f"Only the tied players play one more hand, each on {replayed}; the first to go out wins. If nobody goes "
        "out, the lowest total of those who made it wins; if nobody made it, or they tie again, they play another."
    )


def _skips_text(ruleset: Ruleset) -> str:
    """What a Skip does: described to the table, never checked (RULES.md §8.1 "Play", §8.7.12)."""
    card = "A joker (JK)" if ruleset.skips is Skips.JOKER else "A Skip (SKIP)"
    return (
        f"{card} is discarded to make a player you name lose their next turn; at most one Skip against a player "
        "per circuit. A Skip is never part of a phase and never taken from the discard pile; turned as the first "
        "upcard, it skips the first player."
    )


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
    play = _play_text(ruleset)
    if play is not None:
        facts.append(Fact("play", "Play", play))
    return facts



def card_contents(ruleset: Ruleset) -> dict[str, object]:
    """What a rules card shows of a ruleset: the ruleset, its rules in words (``facts``), a setup card for
    each table size (``tables``), the house options chosen (``chosen``) and whether each player plays their own
    phase (``per_player``: the card's deals are phases). The card page and the ruleset
    builder's preview both show it, so it lives beside the pieces it is made of.

    >>> from .catalogue import find_ruleset
    >>> card = card_contents(find_ruleset("shanghai"))
    >>> [table.players for table in card["tables"]][:2], card["chosen"]
    ([3, 4], [])
    """
    tables = [setup_card(ruleset, n) for n in range(ruleset.min_players, ruleset.max_players + 1)]
    chosen = [o for o in ruleset.options if o.key in ruleset.chosen_options]
    per_player = ruleset.progression is not Progression.FIXED  # a deal is a phase, each player on their own
    return {"ruleset": ruleset, "facts": rules_facts(ruleset), "tables": tables, "chosen": chosen, "per_player": per_player}
