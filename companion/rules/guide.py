"""What to tell the table: the setup card and each deal's reminders, in plain words.

Everything here is read from the ruleset's fields, so a house rule changes
the words as it changes the rules. Every sentence is said through
:mod:`.speech`, in the language in use (English unless a caller chose
another): whole sentences, the ruleset's own words (its set word, its name
for a buy) as placeholders.

>>> from .catalogue import find_ruleset
>>> card = setup_card(find_ruleset("contract"), 4)
>>> card.packs, card.jokers, card.total_cards
(2, 3, 107)
>>> deal_reminders(find_ruleset("contract"), find_ruleset("contract").deal(7), 4)[0]
'No discard: meld every card when you go down.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import PHASE10_COPIES, WILD, Deck
from .speech import mark_word, say, say_n, say_text, say_word, speaking_english
from .words import and_list, number_word, sentence
from .rulesets import (
    AceRule, BuyPermission, BuyRule, Deal, DiscardDraw, Direction, GoingOut, JokerReclaim, LayOffTiming, MeldKind,
    Progression, RunSuit, Ruleset, SameSuitRuns, Skips, Tiebreak, WildDiscard, buy_said,
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
    wild_cards: int = 0
    """The cards printed as wilds in the packs: the Phase 10 deck's Wilds, 8 a deck (a standard pack's wilds are its
    jokers, counted in ``jokers``, or cards of a rank)."""


def setup_card(ruleset: Ruleset, players: int) -> SetupCard:
    """Packs, jokers and total cards for this many players, and how May I / buying works."""
    table = ruleset.table(players)
    return SetupCard(
        players=players,
        packs=table.packs,
        jokers=table.jokers,
        total_cards=(108 if ruleset.deck is Deck.PHASE10 else 52) * table.packs + table.jokers,
        wilds=say("Wild cards: %(wilds)s.", wilds=ruleset.wild_words),
        buying=_buying_summary(ruleset),
        wild_cards=PHASE10_COPIES[WILD] * table.packs if ruleset.deck is Deck.PHASE10 else 0,
    )


def _buying_summary(ruleset: Ruleset) -> str:
    rules = {deal.buys for deal in ruleset.deals}
    if not ruleset.has_buys:  # a game without (Carioca): "in this deal" would hint other deals have one
        return say("No %(buy)s in this game.", buy=buy_said(ruleset))
    if len(rules) == 1:
        return buy_rule_text(ruleset, next(iter(rules)))
    allowed = [deal.number for deal in ruleset.deals if deal.buys.allowed]
    if not allowed:
        return say("No %(buy)s in this game.", buy=buy_said(ruleset))
    first, last = allowed[0], allowed[-1]
    buy = sentence(buy_said(ruleset))  # the table's own name for it, said as the table says it
    if allowed == list(range(first, last + 1)):
        return say("%(buy)ss only in deals %(first)s to %(last)s; each deal's limit is on its prompt.", buy=buy, first=first,
                   last=last)  # fmt: skip
    return say("%(buy)ss only in deals %(numbers)s; each deal's limit is on its prompt.", buy=buy,
               numbers=", ".join(map(str, allowed)))  # fmt: skip


def buy_rule_text(ruleset: Ruleset, rule: BuyRule) -> str:
    """One deal's May I / buy rule in words."""
    name = buy_said(ruleset)
    if not rule.allowed:
        return say("No %(buy)s in this deal.", buy=name)
    if rule.limit is None:
        times = say("as often as you like")
    else:
        times = say_n("once a deal for each player", "at most %(count)s times a deal for each player", rule.limit,
                      count=number_word(rule.limit))  # fmt: skip
    if rule.extra_cards == 0:
        extra = say("the upcard only")
    else:
        extra = say_n("the upcard and one more card from the stock", "the upcard and %(count)s more cards from the stock",
                      rule.extra_cards, count=number_word(rule.extra_cards))  # fmt: skip
    sentences = [say("%(buy)s: %(times)s, out of turn; you take %(extra)s.", buy=sentence(name), times=times, extra=extra)]
    if rule.no_successive:
        sentences.append(say("Not for two discards in a row."))
    if rule.only_before_down:
        sentences.append(say("Only before you go down."))
    if rule.permission is BuyPermission.CURRENT_PLAYER:
        sentences.append(say("Only with the leave of the player in turn."))
    return " ".join(sentences)


def _play_text(ruleset: Ruleset) -> str | None:
    """The play rules told to the table and never checked (RULES.md §8.0 "play rules"), where a ruleset has any
    other than the usual: ``"Deal and play to the right (counter-clockwise). A joker is never discarded."``."""
    said = []
    if ruleset.direction is Direction.COUNTERCLOCKWISE:
        said.append(say("Deal and play to the right (counter-clockwise)."))
    if ruleset.wild_discard is WildDiscard.FORBIDDEN:
        said.append(say("A %(wild)s is never discarded.", wild=say_word("word", ruleset.wild_word)))
    if ruleset.discard_draw is DiscardDraw.NOT_AFTER_DOWN:
        said.append(say("Once down, you draw from the stock only."))
    return " ".join(said) or None


def exact_cut_size(deal: Deal, players: int) -> int:
    """The exact cut: the cards needed to deal the hand and leave a face-up card."""
    return players * deal.cards_dealt + 1


def deal_reminders(ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """The rules worth saying out loud before this deal is played: only what this deal and these rules have (no
    "No May I in this deal" where no deal has one, no limit of wild cards where the deal allows none)."""
    return [
        *_going_out_reminders(deal),
        *_meld_reminders(ruleset, deal),
        *_lay_off_reminders(ruleset, deal),
        *_buy_reminders(ruleset, deal),
        *_score_reminders(ruleset, deal, players),
    ]


def _buy_reminders(ruleset: Ruleset, deal: Deal) -> list[str]:
    """This deal's May I / buy rule; nothing where the game has none at all (Carioca, Phase 10): the setup card
    says so once, and a "No May I in this deal" each deal would tell the table of a rule it never plays."""
    if not ruleset.has_buys:
        return []
    return [buy_rule_text(ruleset, deal.buys)]


def _going_out_reminders(deal: Deal) -> list[str]:
    """How this deal is gone out of."""
    if deal.meld_all:
        return [say("No discard: meld every card when you go down.")]
    if deal.going_out is GoingOut.NO_DISCARD:
        return [say("No discard to go out: every last card goes on the table.")]
    if deal.going_out is GoingOut.EITHER:
        return [say("Go out by discarding your last card, or by melding every card.")]
    return []


def _meld_reminders(ruleset: Ruleset, deal: Deal) -> list[str]:
    """What this deal's melds must be: runs of one suit apart, sets of different ranks, aces, wild cards."""
    runs, sets = _melds_of_kind(deal, MeldKind.RUN), _melds_of_kind(deal, MeldKind.SET)
    reminders = _same_suit_runs_reminders(ruleset) if runs >= 2 else []
    if sets >= 2 and not ruleset.repeat_rank:
        reminders.append(_different_ranks(ruleset))
    if runs and ruleset.aces is AceRule.HIGH_ONLY:
        reminders.append(say("Aces are high only: A-2-3-4 is not a run."))
    return reminders + _wild_limit_reminders(ruleset.max_wilds_in(deal))


def _wild_limit_reminders(limit: int | None) -> list[str]:
    """The deal's own limit of wild cards in a meld (a Carioca escala real allows none, whatever the ruleset's)."""
    if limit is None:
        return []
    if limit == 0:  # "at most no wild cards" is no sentence
        return [say("No wild cards in any meld when you go down.")]
    return [say_n("At most one wild card in each meld when you go down.",
                  "At most %(count)s wild cards in each meld when you go down.", limit, count=number_word(limit))]  # fmt: skip


def _different_ranks(ruleset: Ruleset) -> str:
    """The reminder that a contract's sets are of different ranks, in the ruleset's set word in the plural: in
    English the word itself ("Your books ..."); a Spanish table says tríos where the ruleset says trio, else grupos
    (the catalogue's sentence for any other word)."""
    if ruleset.set_word == "trio":
        return say("Your trios must be of different ranks.")
    return say("Your %(set_word)ss must be of different ranks.", set_word=ruleset.set_word)


def _melds_of_kind(deal: Deal, kind: MeldKind) -> int:
    """How many melds of ``kind`` the deal's contract asks for."""
    return sum(1 for r in deal.requirements if r.kind is kind)


def _same_suit_runs_reminders(ruleset: Ruleset) -> list[str]:
    """What a contract of two runs or more is told of runs of one suit (nothing where they may touch)."""
    if ruleset.same_suit_runs is SameSuitRuns.NO_CONTIGUOUS:
        return [say("Your runs of one suit must not touch: overlap them or leave a gap.")]
    if ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT:
        return [say("Only one run per suit.")]
    return []


def _lay_off_reminders(ruleset: Ruleset, deal: Deal) -> list[str]:
    """When the rest may be laid off, and whether the contract needs more cards than a hand holds."""
    reminders = []
    if ruleset.is_exact(deal) and ruleset.lay_off is LayOffTiming.SAME_TURN:
        reminders.append(say("Go down with exactly the contract's cards; lay off the rest this turn."))
    elif ruleset.is_exact(deal):
        reminders.append(say("Go down with exactly the contract's cards; lay off the rest from your next turn."))
    elif ruleset.lay_off is LayOffTiming.LATER_TURN and not deal.meld_all:  # going down is going out
        reminders.append(say("Lay off from your next turn after going down."))
    held = deal.cards_dealt + 1
    if deal.cards_needed > held:
        reminders.append(say("The contract needs %(needed)s cards but you hold %(held)s after drawing: you will need a "
                             "%(buy)s.", needed=deal.cards_needed, held=held, buy=buy_said(ruleset)))  # fmt: skip
    return reminders


def _score_reminders(ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """The bonuses and calls of the score: an exact cut, going down and out in one turn, Shanghai."""
    reminders = []
    if ruleset.exact_cut_bonus:
        reminders.append(say("Cutter: cut exactly %(cut)s cards (%(players)s × %(dealt)s + 1) and take %(bonus)s off your "
                             "score.", cut=exact_cut_size(deal, players), players=players, dealt=deal.cards_dealt,
                             bonus=ruleset.exact_cut_bonus))  # fmt: skip
    if ruleset.one_turn_out_bonus:
        reminders.append(say("Going down and out in one turn takes %(bonus)s off your score.", bonus=ruleset.one_turn_out_bonus))
    if ruleset.shanghai_call:
        reminders.append(say("Shanghai: call it as you discard to protect a card that fits a meld on the table."))
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
    parts = _face_values_joined(_equal_neighbours(values, ranked), values)
    texts = _split_ace_texts(ruleset, values) + [_points_part(group, kind, values) for group, kind in parts]
    texts += [f"{key} {values[key]}" for key in values if key in _UNRANKED_POINT_KEYS]
    text = " · ".join(texts)
    if ruleset.deuces_wild and values["2"] == values["JK"]:
        return say("%(points)s (a wild two scores as a joker)", points=text)
    return text


def _split_ace_texts(ruleset: Ruleset, values: dict[str, int]) -> list[str]:
    """The aces' values where the colour of an ace decides them (Kalooki: "Black A 15 · red A 1"), else none."""
    if not ruleset.points.split_ace:
        return []
    return [say("Black A %(points)s", points=values["A_black"]), say("red A %(points)s", points=values["A_red"])]


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
    return say("%(ranks)s face value", ranks=span) if kind == "face" and len(group) > 1 else f"{span} {values[group[0]]}"


def _wilds_text(ruleset: Ruleset) -> str:
    """The wild cards in a line: the ruleset's wild words ("Jokers and twos."), or on the Phase 10 deck its Wilds
    and how many each deck holds (never "Wilds." alone: a Spanish table calls jokers and Wilds both comodines)."""
    if ruleset.deck is Deck.PHASE10:
        return say("Wilds (W): %(count)s in each deck.", count=PHASE10_COPIES[WILD])
    return f"{sentence(ruleset.wild_words)}."


def _supply_text(ruleset: Ruleset) -> str:
    parts = []
    for supply in ruleset.supply:
        players = (
            f"{supply.min_players}" if supply.min_players == supply.max_players else f"{supply.min_players}–{supply.max_players}"
        )
        if ruleset.deck is Deck.PHASE10:  # one Phase 10 deck at every table, no jokers
            parts.append(say_n("%(players)s players: %(num)s Phase 10 deck", "%(players)s players: %(num)s Phase 10 decks",
                               supply.packs, players=players))  # fmt: skip
            continue
        parts.append(say_n("%(players)s players: %(packs)s packs + %(num)s joker",
                           "%(players)s players: %(packs)s packs + %(num)s jokers", supply.jokers, players=players,
                           packs=supply.packs))  # fmt: skip
    return "; ".join(parts)


def _aces_text(ruleset: Ruleset) -> str:
    """Where an ace may stand in a run; where the rank line ends at 12 (the Phase 10 deck, wild kings), so it says."""
    if ruleset.aces is AceRule.LOW_ONLY and ruleset.top_rank == 12:
        if ruleset.deck is Deck.PHASE10:
            return say("Low only: 1-2-3-4; a run ends at 12.")
        return say("Low only: A-2-3-4; a run ends at Q.")
    return {
        AceRule.LOW_OR_HIGH: say("Low (A-2-3-4) or high (J-Q-K-A), never round the corner."),
        AceRule.HIGH_ONLY: say("High only: J-Q-K-A, never A-2-3-4."),
        AceRule.LOW_ONLY: say("Low only: A-2-3-4, never J-Q-K-A."),
        AceRule.AROUND: say("Round the corner too (Q-K-A-2), each rank once: 13 cards at most."),
    }[ruleset.aces]


def rules_facts(ruleset: Ruleset) -> tuple[Fact, ...]:
    """Every rule of a ruleset as a line in words, for its rules card and for comparing rulesets.

    >>> from .catalogue import find_ruleset
    >>> facts = {fact.key: fact.text for fact in rules_facts(find_ruleset("shanghai"))}
    >>> facts["aces"]
    'High only: J-Q-K-A, never A-2-3-4.'
    """
    going_down = (
        say("Exactly the contract's cards; the rest are laid off.")
        if ruleset.exact
        else say("The contract's melds, which may be longer than it asks.")
    )
    lay_off = (
        say("From your next turn after going down.")
        if ruleset.lay_off is LayOffTiming.LATER_TURN
        else say("Already in the turn you go down.")
    )
    facts = [
        Fact("players", say("Players"), say("%(low)s to %(high)s.", low=ruleset.min_players, high=ruleset.max_players)),
        Fact("supply", say("Packs and jokers"), _supply_text(ruleset) + "."),
        Fact("wilds", say("Wild cards"), _wilds_text(ruleset)),
        _deals_fact(ruleset),
        Fact("set_word", say("A set is called"), sentence(say("A %(set)s.", set=_set_word(ruleset)))),
        Fact("exact", say("Going down"), going_down),
        Fact("meld_all", say("Meld every card"), _meld_all_text(ruleset)),
        Fact("max_wilds", say("Wild cards in a meld"), _wilds_in_a_meld_text(ruleset)),
        Fact("naturals", say("Natural cards in a meld"), _naturals_text(ruleset)),
        _runs_fact(ruleset),
        Fact("repeat_rank", _two_sets_of_one_rank(ruleset),
             say("Allowed.") if ruleset.repeat_rank else say("Not allowed in one contract.")),
        Fact("dup_suits", _two_cards_of_one_suit(ruleset), say("Allowed.") if ruleset.dup_suits else say("Not allowed.")),
        Fact("aces", say("Aces in runs"), _aces_text(ruleset)),
        Fact("lay_off", say("Laying off"), lay_off),
        Fact("reclaim", say("Taking back a joker"), _reclaim_text(ruleset)),
        Fact("buying", sentence(buy_said(ruleset)), _buying_summary(ruleset)),
        Fact("points", say("Penalty points"), _points_text(ruleset) + "."),
    ]  # fmt: skip
    return tuple(facts + _game_facts(ruleset) + _bonus_and_call_facts(ruleset))


#: The wild words a sentence may say (``Ruleset.wild_word``), listed for the catalogue: both are a comodín at a
#: Spanish table.
WILD_WORDS = (mark_word("word", "wild"), mark_word("word", "joker"))


def _set_word(ruleset: Ruleset) -> str:
    """The ruleset's word for a set in the language in use ("trio": a trío at a Spanish table)."""
    return say_word("set word", ruleset.set_word)


def _meld_all_text(ruleset: Ruleset) -> str:
    """The deals that meld every card (``"Deal 9, 10, 11, 12."``), or that none does."""
    numbers = [deal.number for deal in ruleset.deals if deal.meld_all]
    if not numbers:
        return say("Never required.")
    # English says "Deal" before one number or several, and lists them with commas ("Deal 9, 10, 11, 12."); a
    # language that counts them says it by their number, and lists them as it lists things ("Rondas 9, 10, 11 y 12.")
    listed = ", ".join(map(str, numbers)) if speaking_english() else and_list([str(number) for number in numbers])
    return say_n("Deal %(deals)s.", "Deal %(deals)s.", len(numbers), deals=listed)


def _two_sets_of_one_rank(ruleset: Ruleset) -> str:
    """The label of the rule on two sets of one rank, in the ruleset's set word in the plural: in English the word
    itself ("Two books of one rank"); a Spanish table says tríos where the ruleset says trio, else grupos."""
    if ruleset.set_word == "trio":
        return say("Two trios of one rank")
    return say("Two %(set_word)ss of one rank", set_word=ruleset.set_word)


def _two_cards_of_one_suit(ruleset: Ruleset) -> str:
    """The label of the rule on a set with two cards of one suit (of one colour, on the Phase 10 deck)."""
    if ruleset.deck is Deck.PHASE10:
        return say("A %(set)s with two cards of one colour", set=_set_word(ruleset))
    return say("A %(set)s with two cards of one suit", set=_set_word(ruleset))


def _reclaim_text(ruleset: Ruleset) -> str:
    """Which melded jokers may be taken back or moved, and how."""
    if ruleset.reclaim is JokerReclaim.RUNS:
        return say("A joker in a run can be taken by a player who went down on an earlier turn, by laying the exact "
                   "natural card it stands for in its place; the joker must then be laid off in the same turn. "
                   "A joker in a %(set)s stays.", set=_set_word(ruleset))  # fmt: skip
    if ruleset.reclaim is JokerReclaim.SLIDE:
        return say("Never into the hand. Lay the natural card a joker stands for in your own run and the joker slides "
                   "to an open end; an end joker of your run may move to another player's run, but not off a run of "
                   "three cards. Jokers in a %(set)s stay.", set=_set_word(ruleset))  # fmt: skip
    if ruleset.reclaim is JokerReclaim.NEVER:
        return say("Never: wild cards (%(wilds)s) once melded stay.", wilds=ruleset.wild_words)
    return say("Never: a joker stays in its meld. Lay the natural card a joker of a %(run)s stands for in its place and "
               "the joker moves to an open end of that %(run)s, never past an ace nor beside another joker. A joker in "
               "a %(set)s never moves.", run=say_word("run word", ruleset.run_word), set=_set_word(ruleset))  # fmt: skip


def _deals_fact(ruleset: Ruleset) -> Fact:
    """The deals: how many; where each player plays their own phase, how a player moves through the phases
    (RULES.md §8.6.1-3)."""
    count = len(ruleset.deals)
    if ruleset.progression is Progression.FIXED:
        return Fact("deals", say("Deals"), f"{count}.")
    dealt = ruleset.deals[0].cards_dealt
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        moves = say("%(count)s, in any order: before each hand each player chooses a phase they have not made yet, and "
                    "it is marked made once they make it; a phase is never played again. Everyone is dealt %(dealt)s "
                    "cards every hand.", count=count, dealt=dealt)  # fmt: skip
    else:
        moves = say("%(count)s, in order, each player on their own phase: make it and you play the next one next hand; "
                    "miss it and you play it again. Everyone is dealt %(dealt)s cards every hand.", count=count,
                    dealt=dealt)  # fmt: skip
    return Fact("deals", say("Phases"), moves)


def _runs_fact(ruleset: Ruleset) -> Fact:
    """Two runs of one suit; where runs ignore suit (Phase 10) there is no such thing, so the line says that."""
    if ruleset.run_suit is RunSuit.ANY:
        if ruleset.deck is Deck.PHASE10:
            return Fact("same_suit_runs", say("Runs"), say("Any colours mixed: only the numbers follow on."))
        return Fact("same_suit_runs", say("Runs"), say("Any suits mixed: only the numbers follow on."))
    same_suit = {
        SameSuitRuns.ANY: say("Allowed, even end to end (3-4-5-6 and 7-8-9-10)."),
        SameSuitRuns.NO_CONTIGUOUS: say("Allowed if they overlap or leave a gap, never end to end."),
        SameSuitRuns.ONE_PER_SUIT: say("Not allowed: one run per suit."),
    }[ruleset.same_suit_runs]
    return Fact("same_suit_runs", say("Two runs of one suit"), same_suit)


def _game_facts(ruleset: Ruleset) -> list[Fact]:
    """The lines only a game where each player plays their own phase has (making a phase, the end, the winner,
    the tie, Skips, house options), and a tie-break where a fixed schedule has one (RULES.md §8.0, §8.6)."""
    if ruleset.progression is Progression.FIXED:
        if ruleset.tiebreak is Tiebreak.NONE:
            return []
        return [Fact("tiebreak", say("A tie for the win"), _tiebreak_text(ruleset))]
    last = len(ruleset.deals)
    end = (
        say("After the hand in which someone makes their last phase: all %(last)s made.", last=last)
        if ruleset.progression is Progression.PER_PLAYER_CHOICE
        else say("After the hand in which someone makes phase %(last)s.", last=last)
    )
    facts = [
        Fact("making", say("Making your phase"),
             say("Lay the whole phase down at once; one phase a hand. Everyone who makes it moves on, not only the "
                 "player who goes out, and the player who goes out has made theirs.")),
        Fact("game_end", say("End of the game"), end),
        Fact("winner", say("Winner"),
             say("The lowest total among the players who made every phase; a player who has not made them all does "
                 "not win, however low their total.")),
        Fact("tiebreak", say("A tie for the win"), _tiebreak_text(ruleset)),
    ]  # fmt: skip
    if ruleset.skips is not Skips.NONE:
        facts.append(Fact("skips", say("Skip cards"), _skips_text(ruleset)))
    if ruleset.options:
        facts.append(_options_fact(ruleset))
    return facts


def _options_fact(ruleset: Ruleset) -> Fact:
    """The house options: those chosen, where the ruleset is a game's with some (RULES.md §8.1); else the ones a
    table may choose, said as choices, never as rules in play."""
    chosen = [option for option in ruleset.options if option.key in ruleset.chosen_options]
    if chosen:
        return Fact("options", say("House rules chosen"), "; ".join(say_text(option.label) for option in chosen) + ".")
    labels = "; ".join(say_text(option.label) for option in ruleset.options)
    return Fact("options", say("House options"), say("None chosen; a table may choose: %(options)s.", options=labels))


def _tiebreak_text(ruleset: Ruleset) -> str:
    """What settles a tie for the win (RULES.md §8.0 ``tiebreak``, §8.6.7, §8.7.10)."""
    if ruleset.tiebreak is Tiebreak.MOST_DEALS_WON:
        return say("Whoever went out in more deals wins; a tie after that is shared.")
    if ruleset.tiebreak is Tiebreak.NONE:
        return say("The win is shared.")
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        return say("Only the tied players play one more hand, each on the phase they made last; the first to go out "
                   "wins. If nobody goes out, the lowest total of those who made it wins; if nobody made it, or they "
                   "tie again, they play another.")  # fmt: skip
    return say("Only the tied players play one more hand, each on phase %(number)s; the first to go out wins. If nobody "
               "goes out, the lowest total of those who made it wins; if nobody made it, or they tie again, they play "
               "another.", number=len(ruleset.deals))  # fmt: skip


def _skips_text(ruleset: Ruleset) -> str:
    """What a Skip does: described to the table, never checked (RULES.md §8.1 "Play", §8.7.12)."""
    if ruleset.skips is Skips.JOKER:
        return say("A joker (JK) is discarded to make a player you name lose their next turn; at most one Skip against "
                   "a player per circuit. A Skip is never part of a phase and never taken from the discard pile; turned "
                   "as the first upcard, it skips the first player.")  # fmt: skip
    return say("A Skip (SKIP) is discarded to make a player you name lose their next turn; at most one Skip against a "
               "player per circuit. A Skip is never part of a phase and never taken from the discard pile; turned as "
               "the first upcard, it skips the first player.")  # fmt: skip


def _naturals_text(ruleset: Ruleset) -> str:
    """The natural cards a meld needs: ``"At least one."``, or by kind where they differ (Kalooki's three: two)."""
    in_set, in_run = ruleset.set_naturals, ruleset.run_naturals
    if in_set == in_run == 0:  # melds of wilds only (Phase 10's all-wild groups)
        return say("At least no.")
    if in_set == in_run:
        return say_n("At least one.", "At least %(count)s.", in_set, count=number_word(in_set))
    return say("At least %(in_set)s in a %(set)s, %(in_run)s in a %(run)s.", in_set=_card_count(in_set),
               set=_set_word(ruleset), in_run=_card_count(in_run), run=say_word("run word", ruleset.run_word))  # fmt: skip


_CARD_COUNTS = (
    mark_word("card count", "no"), mark_word("card count", "one"), mark_word("card count", "two"),
    mark_word("card count", "three"), mark_word("card count", "four"),
)  # fmt: skip
"""Small counts of cards in words, said as they agree with "card" (Spanish: "una", a carta)."""


def _card_count(n: int) -> str:
    """A count of cards in words in the language in use (``"one"``; in Spanish ``"una"``), as :func:`number_word`
    says it past four."""
    return say_word("card count", _CARD_COUNTS[n]) if 0 <= n < len(_CARD_COUNTS) else number_word(n)


def _wilds_in_a_meld_text(ruleset: Ruleset) -> str:
    """The limit of wild cards in a meld (none, going down only, or on the table too), and in a whole go-down."""
    sentences = [_wilds_per_meld_text(ruleset)]
    most = ruleset.max_wilds_per_contract
    if most is not None:
        sentences.append(say_n("At most one in one go-down.", "At most %(count)s in one go-down.", most,
                               count=number_word(most)))  # fmt: skip
    if not ruleset.run_wilds_adjacent:
        sentences.append(say("Never two side by side in a run."))
    return " ".join(sentences)


def _wilds_per_meld_text(ruleset: Ruleset) -> str:
    """The limit of wild cards in a meld: none, going down only, or on the table too."""
    most = ruleset.max_wilds
    if most is None:
        return say("Any number.")
    if most == 0:
        if ruleset.table_max_wilds:
            return say("None, going down or on the table at any time.")
        return say("None going down; they may be laid off later.")
    if ruleset.table_max_wilds:
        return say_n("At most one per meld, going down and on the table at any time.",
                     "At most %(count)s per meld, going down and on the table at any time.", most,
                     count=number_word(most))  # fmt: skip
    return say_n("At most one per meld going down; more may be laid off later.",
                 "At most %(count)s per meld going down; more may be laid off later.", most,
                 count=number_word(most))  # fmt: skip


def _exact_cut_text(ruleset: Ruleset) -> str:
    """Who cuts and what an exact cut is worth: the cutter sits on the side the direction puts them (RULES.md
    §8.7.13)."""
    if ruleset.direction is Direction.COUNTERCLOCKWISE:
        return say("The player on the dealer's left cuts; cutting exactly the cards needed (players × cards dealt + 1) "
                   "takes %(bonus)s off their deal score.", bonus=ruleset.exact_cut_bonus)  # fmt: skip
    return say("The player on the dealer's right cuts; cutting exactly the cards needed (players × cards dealt + 1) "
               "takes %(bonus)s off their deal score.", bonus=ruleset.exact_cut_bonus)  # fmt: skip


def _bonus_and_call_facts(ruleset: Ruleset) -> list[Fact]:
    """The rules card's last lines, only where the rules have them: the bonuses, the Shanghai call, settling up."""
    facts: list[Fact] = []
    if ruleset.exact_cut_bonus:
        facts.append(Fact("exact_cut", say("Exact cut"), _exact_cut_text(ruleset)))
    if ruleset.one_turn_out_bonus:
        facts.append(Fact("one_turn_out", say("Down and out in one turn"),
                          say("Takes %(bonus)s off your deal score.", bonus=ruleset.one_turn_out_bonus)))  # fmt: skip
    if ruleset.shanghai_call:
        facts.append(Fact("shanghai", say("Shanghai call"),
                          say("Call it as you discard to protect a card that fits a meld on the table; if you don't, "
                              "anyone may call, lay it on, and you draw blind from their hand. It beats a %(buy)s.",
                              buy=buy_said(ruleset))))  # fmt: skip
    if ruleset.settlement is not None:
        facts.append(Fact("settlement", say("Settling up"), say_text(ruleset.settlement.description)))
    play = _play_text(ruleset)
    if play is not None:
        facts.append(Fact("play", say("Play"), play))
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
