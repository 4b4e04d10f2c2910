"""The rules card's facts in the page's language (the engine's ``rules_facts`` lines: "Aces in runs", "Laying off").

The engine writes each fact once, in English, and the JSON API and the comparison of rulesets read it so. A page
in another language shows a fact's label and rule translated where this module knows it: the labels and the
rules that are one fixed sentence are messages here (marked ``N_``; a test finds each among the published rules
cards, so one the engine rewords is noticed), and the rules built from the ruleset's data (players, the deals
that meld every card, the set word) are written again from that data as whole sentences. A fact this module does
not know yet stays in English; an English page shows every fact exactly as the engine writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask_babel import gettext, ngettext

from .contract_words import number_in_words, page_is_english
from .i18n import N_, buy_word, listed

from .rules.guide import buy_rule_text, exact_cut_size
from .rules.words import sentence
from .rules.rulesets import (
    BuyPermission, Deck, DiscardDraw, Direction, JokerReclaim, Progression, Skips, Tiebreak, WildDiscard,
)  # fmt: skip

if TYPE_CHECKING:
    from collections.abc import Callable

    from flask import Flask

    from .rules import Deal, Ruleset
    from .rules.guide import Fact, SetupCard
    from .rules.rulesets import BuyRule, HouseOption

FIXED_LABELS = frozenset({
    N_("Players"), N_("Packs and jokers"), N_("Wild cards"), N_("Deals"), N_("Phases"), N_("A set is called"),
    N_("Going down"), N_("Meld every card"), N_("Wild cards in a meld"), N_("Natural cards in a meld"),
    N_("Two runs of one suit"), N_("Runs"), N_("Aces in runs"), N_("Laying off"), N_("Taking back a joker"),
    N_("Penalty points"), N_("A tie for the win"), N_("Making your phase"), N_("End of the game"), N_("Winner"),
    N_("Skip cards"), N_("House options"), N_("Exact cut"), N_("Down and out in one turn"), N_("Shanghai call"),
    N_("Settling up"), N_("Play"),
})  # fmt: skip
"""The facts' labels that are the same words under every ruleset."""

FIXED_TEXTS = frozenset({
    N_("Exactly the contract's cards; the rest are laid off."),
    N_("The contract's melds, which may be longer than it asks."),
    N_("Never required."),
    N_("Allowed."), N_("Not allowed."), N_("Not allowed in one contract."),
    N_("Allowed, even end to end (3-4-5-6 and 7-8-9-10)."),
    N_("Allowed if they overlap or leave a gap, never end to end."),
    N_("Not allowed: one run per suit."),
    N_("Any colours mixed: only the numbers follow on."),
    N_("Any suits mixed: only the numbers follow on."),
    N_("Low (A-2-3-4) or high (J-Q-K-A), never round the corner."),
    N_("High only: J-Q-K-A, never A-2-3-4."),
    N_("Low only: A-2-3-4, never J-Q-K-A."),
    N_("Round the corner too (Q-K-A-2), each rank once: 13 cards at most."),
    N_("Low only: 1-2-3-4; a run ends at 12."),
    N_("Low only: A-2-3-4; a run ends at Q."),
    N_("From your next turn after going down."),
    N_("Already in the turn you go down."),
    N_("Whoever went out in more deals wins; a tie after that is shared."),
    N_("The win is shared."),
    N_("Lay the whole phase down at once; one phase a hand. Everyone who makes it moves on, not only the player "
       "who goes out, and the player who goes out has made theirs."),
    N_("The lowest total among the players who made every phase; a player who has not made them all does not win, "
       "however low their total."),
})  # fmt: skip
"""The facts' rules that are one fixed sentence, whatever the ruleset."""


def _trio(ruleset: Ruleset) -> bool:
    """Whether the table says trío for a set (the ruleset's word is trio: Carioca, Continental); else grupo."""
    return ruleset.set_word == "trio"


def fact_label(fact: Fact, ruleset: Ruleset) -> str:
    """``fact``'s label in the page's language (the engine's own on an English page, or where not known yet)."""
    if page_is_english():
        return fact.label
    if fact.label in FIXED_LABELS:
        return gettext(fact.label)
    if fact.key == "repeat_rank":
        return gettext("Two trios of one rank") if _trio(ruleset) else gettext("Two groups of one rank")
    if fact.key == "dup_suits":
        return _two_of_one_suit(ruleset, colour=ruleset.deck is Deck.PHASE10)  # the engine's label may be Spanish
    return fact.label


def _two_of_one_suit(ruleset: Ruleset, *, colour: bool) -> str:
    """The label "a set with two cards of one suit" (or colour, on the Phase 10 deck) in the table's set word."""
    if colour:
        return gettext("A trio with two cards of one colour") if _trio(ruleset) else gettext("A group with two cards of one colour")
    return gettext("A trio with two cards of one suit") if _trio(ruleset) else gettext("A group with two cards of one suit")


def fact_text(fact: Fact, ruleset: Ruleset) -> str:
    """``fact``'s rule in the page's language (the engine's own on an English page, or where not known yet)."""
    if page_is_english():
        return fact.text
    if fact.text in FIXED_TEXTS:
        return gettext(fact.text)
    written = _WRITTEN.get(fact.key)
    return fact.text if written is None else written(ruleset) or fact.text


def _meld_all(ruleset: Ruleset) -> str:
    """The deals that meld every card ("Never required." is in :data:`FIXED_TEXTS`)."""
    numbers = [str(deal.number) for deal in ruleset.deals if deal.meld_all]
    return ngettext("Deal %(numbers)s.", "Deals %(numbers)s.", len(numbers), numbers=listed(numbers))


def _wilds_in_a_meld(ruleset: Ruleset) -> str:
    """The limit of wild cards in a meld, then in a whole go-down, then side by side: whole sentences."""
    sentences = [_wilds_per_meld(ruleset)]
    if ruleset.max_wilds_per_contract is not None:
        count = ruleset.max_wilds_per_contract
        sentences.append(ngettext("At most one in one go-down.", "At most %(count)s in one go-down.", count,
                                  count=number_in_words(count)))  # fmt: skip
    if not ruleset.run_wilds_adjacent:
        sentences.append(gettext("Never two side by side in a run."))
    return " ".join(sentences)


def _wilds_per_meld(ruleset: Ruleset) -> str:
    """The limit of wild cards in one meld: none, going down only, or on the table too."""
    most = ruleset.max_wilds
    if most is None:
        return gettext("Any number.")
    if most == 0:
        if ruleset.table_max_wilds:
            return gettext("None, going down or on the table at any time.")
        return gettext("None going down; they may be laid off later.")
    if ruleset.table_max_wilds:
        return ngettext("At most one per meld, going down and on the table at any time.",
                        "At most %(count)s per meld, going down and on the table at any time.", most,
                        count=number_in_words(most))  # fmt: skip
    return ngettext("At most one per meld going down; more may be laid off later.",
                    "At most %(count)s per meld going down; more may be laid off later.", most,
                    count=number_in_words(most))  # fmt: skip


def _naturals(ruleset: Ruleset) -> str:
    """The natural cards a meld needs: one count where sets and runs need alike, else each kind's (Kalooki's
    three: two), in the table's set word."""
    in_set, in_run = ruleset.set_naturals, ruleset.run_naturals
    if in_set == in_run:
        return ngettext("At least one.", "At least %(count)s.", in_set, count=number_in_words(in_set))
    counts = {"in_set": _natural_count(in_set), "in_run": _natural_count(in_run)}
    if _trio(ruleset):
        return gettext("At least %(in_set)s in a trio, %(in_run)s in a run.", **counts)
    return gettext("At least %(in_set)s in a group, %(in_run)s in a run.", **counts)


def _natural_count(count: int) -> str:
    """A count of natural cards in words, as a sentence of two counts says it ("una", "dos")."""
    return gettext("one natural card") if count == 1 else number_in_words(count)


def _supply(ruleset: Ruleset) -> str:
    """Packs and jokers for each range of table sizes, one whole phrase per range."""
    parts = []
    for supply in ruleset.supply:
        low, high = supply.min_players, supply.max_players
        players = f"{low}" if low == high else f"{low}–{high}"
        if ruleset.deck is Deck.PHASE10:
            parts.append(ngettext("%(players)s players: %(num)s Phase 10 deck", "%(players)s players: %(num)s Phase 10 decks",
                                  supply.packs, players=players))  # fmt: skip
        else:
            parts.append(ngettext("%(players)s players: %(packs)s packs + %(num)s joker",
                                  "%(players)s players: %(packs)s packs + %(num)s jokers", supply.jokers, players=players,
                                  packs=supply.packs))  # fmt: skip
    return gettext("%(supplies)s.", supplies="; ".join(parts))


def _buying(ruleset: Ruleset) -> str:
    """The game's May I / buy rule: one deal's rule where every deal has it, else the deals that allow one."""
    rules = {deal.buys for deal in ruleset.deals}
    allowed = [deal.number for deal in ruleset.deals if deal.buys.allowed]
    if len(rules) == 1 and (allowed or ruleset.progression is Progression.FIXED):
        return _buy_rule(ruleset.buy_name, next(iter(rules)))
    if not allowed:  # a hand's phase is each player's own: no "deal" to name
        return gettext("No %(buy)s in this game.", buy=buy_word(ruleset.buy_name))
    first, last = allowed[0], allowed[-1]
    if allowed == list(range(first, last + 1)):
        return gettext("%(buy)ss only in deals %(first)s to %(last)s; each deal's limit is on its prompt.",
                       buy=sentence(buy_word(ruleset.buy_name)), first=first, last=last)  # fmt: skip
    return gettext("%(buy)ss only in deals %(numbers)s; each deal's limit is on its prompt.",
                   buy=sentence(buy_word(ruleset.buy_name)), numbers=listed([str(number) for number in allowed]))  # fmt: skip


def wild_cards(ruleset: Ruleset) -> str:
    """The ruleset's wild cards as one list in the page's language ("comodines y doses rojos"), as the engine's
    ``Ruleset.wild_words`` lists them in English."""
    if ruleset.deck is Deck.PHASE10:
        return gettext("Wilds")
    words = [gettext("jokers")] if ruleset.skips is not Skips.JOKER else []
    if ruleset.red_twos_wild:
        words.append(gettext("red twos"))
    elif ruleset.deuces_wild:
        words.append(gettext("twos"))
    if ruleset.kings_wild:
        words.append(gettext("kings"))
    return listed(words)


def _reclaim(ruleset: Ruleset) -> str | None:
    """Taking back a joker, in the table's set word (a joker taken back by name of wild cards: not yet)."""
    trio = _trio(ruleset)
    if ruleset.reclaim is JokerReclaim.RUNS:
        if trio:
            return gettext("A joker in a run can be taken by a player who went down on an earlier turn, by laying the exact natural card it stands for in its place; the joker must then be laid off in the same turn. A joker in a trio stays.")
        return gettext("A joker in a run can be taken by a player who went down on an earlier turn, by laying the exact natural card it stands for in its place; the joker must then be laid off in the same turn. A joker in a group stays.")
    if ruleset.reclaim is JokerReclaim.SLIDE:
        if trio:
            return gettext("Never into the hand. Lay the natural card a joker stands for in your own run and the joker slides to an open end; an end joker of your run may move to another player's run, but not off a run of three cards. Jokers in a trio stay.")
        return gettext("Never into the hand. Lay the natural card a joker stands for in your own run and the joker slides to an open end; an end joker of your run may move to another player's run, but not off a run of three cards. Jokers in a group stay.")
    if ruleset.reclaim is JokerReclaim.TACK:
        if trio:
            return gettext("Never: a joker stays in its meld. Lay the natural card a joker of a run stands for in its place and the joker moves to an open end of that run, never past an ace nor beside another joker. A joker in a trio never moves.")
        return gettext("Never: a joker stays in its meld. Lay the natural card a joker of a run stands for in its place and the joker moves to an open end of that run, never past an ace nor beside another joker. A joker in a group never moves.")
    return gettext("Never: wild cards (%(wilds)s) once melded stay.", wilds=wild_cards(ruleset))


def _tiebreak(ruleset: Ruleset) -> str | None:
    """A tie settled by one more hand (the fixed sentences are in :data:`FIXED_TEXTS`)."""
    if ruleset.tiebreak is not Tiebreak.REPLAY_LAST_PHASE:
        return None
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        return gettext("Only the tied players play one more hand, each on the phase they made last; the first to go out wins. If nobody goes out, the lowest total of those who made it wins; if nobody made it, or they tie again, they play another.")
    return gettext("Only the tied players play one more hand, each on phase %(number)s; the first to go out wins. If nobody goes out, the lowest total of those who made it wins; if nobody made it, or they tie again, they play another.", number=len(ruleset.deals))


def _deals(ruleset: Ruleset) -> str:
    """How many deals; where each player plays their own phase, how a player moves through the phases."""
    count, dealt = len(ruleset.deals), ruleset.deals[0].cards_dealt
    if ruleset.progression is Progression.FIXED:
        return f"{count}."
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        return gettext("%(count)s, in any order: before each hand each player chooses a phase they have not made yet, and it is marked made once they make it; a phase is never played again. Everyone is dealt %(dealt)s cards every hand.", count=count, dealt=dealt)
    return gettext("%(count)s, in order, each player on their own phase: make it and you play the next one next hand; miss it and you play it again. Everyone is dealt %(dealt)s cards every hand.", count=count, dealt=dealt)


def _points(ruleset: Ruleset) -> str:
    """The card values as the engine lists them (``A 15 · 2–9 face value · 10–K 10 · JK 15``), with the few words
    among them in the page's language; a wild two that scores as a joker says so in a whole sentence."""
    values = ruleset.points.as_dict()
    unranked = ("JK", "W", "SKIP")
    ranked = [key for key in values if key not in (*unranked, "A_red", "A_black")]
    texts = []
    if ruleset.points.split_ace:
        texts += [gettext("Black A %(points)s", points=values["A_black"]), gettext("red A %(points)s", points=values["A_red"])]
    texts += [_points_part(part, values) for part in _points_parts(values, ranked)]
    texts += [f"{key} {values[key]}" for key in values if key in unranked]
    if ruleset.deuces_wild and values["2"] == values["JK"]:
        return gettext("%(points)s (a wild two scores as a joker).", points=" · ".join(texts))
    return gettext("%(points)s.", points=" · ".join(texts))


def _points_parts(values: dict[str, int], ranked: list[str]) -> list[tuple[list[str], bool]]:
    """The ranks in order, neighbours of equal value in one part, then neighbouring single ranks worth their own
    number (5 is worth 5) joined in one part; each part with whether it is such a face-value part."""
    groups: list[list[str]] = []
    for key in ranked:
        if groups and values[groups[-1][0]] == values[key]:
            groups[-1].append(key)
        else:
            groups.append([key])
    parts: list[tuple[list[str], bool]] = []
    for group in groups:
        face = len(group) == 1 and _face(group[0], values)
        if face and parts and parts[-1][1]:
            parts[-1][0].append(group[0])
        else:
            parts.append((list(group), face))
    return parts


def _face(key: str, values: dict[str, int]) -> bool:
    """Whether the rank ``key`` scores its own number."""
    return key.isdigit() and values[key] == int(key)


def _points_part(part: tuple[list[str], bool], values: dict[str, int]) -> str:
    """One part: ``2–9`` at face value in words, or the ranks and their value (``10–K 10``; a lone ``5 5``)."""
    ranks, face = part
    span = ranks[0] if len(ranks) == 1 else f"{ranks[0]}–{ranks[-1]}"
    if face and len(ranks) > 1:
        return gettext("%(ranks)s face value", ranks=span)
    return f"{span} {values[ranks[0]]}"


def _settlement(ruleset: Ruleset) -> str | None:
    """Settling up in money, written from its step and whether the winner takes the kitty of buys."""
    settlement = ruleset.settlement
    if settlement is None:
        return None
    if settlement.winner_takes_kitty:
        return gettext("Place k (k ≥ 2) pays %(step)s × (k − 1) pennies to the winner; the winner also takes the "
                       "kitty of buys.", step=settlement.step)  # fmt: skip
    return gettext("Place k (k ≥ 2) pays %(step)s × (k − 1) pennies to the winner.", step=settlement.step)


def _play(ruleset: Ruleset) -> str | None:
    """The play rules told to the table and never checked: direction, discarding a wild card, drawing once down."""
    said = []
    if ruleset.direction is Direction.COUNTERCLOCKWISE:
        said.append(gettext("Deal and play to the right (counter-clockwise)."))
    if ruleset.wild_discard is WildDiscard.FORBIDDEN:
        said.append(gettext("A wild card is never discarded."))
    if ruleset.discard_draw is DiscardDraw.NOT_AFTER_DOWN:
        said.append(gettext("Once down, you draw from the stock only."))
    return " ".join(said) or None


def _game_end(ruleset: Ruleset) -> str:
    """When a game of each player's own phases ends."""
    last = len(ruleset.deals)
    if ruleset.progression is Progression.PER_PLAYER_CHOICE:
        return gettext("After the hand in which someone makes their last phase: all %(last)s made.", last=last)
    return gettext("After the hand in which someone makes phase %(last)s.", last=last)


def _skips(ruleset: Ruleset) -> str:
    """What a Skip does (a joker, where the joker is the Skip): described to the table, never checked."""
    if ruleset.skips is Skips.JOKER:
        return gettext("A joker (JK) is discarded to make a player you name lose their next turn; at most one Skip "
                       "against a player per circuit. A Skip is never part of a phase and never taken from the discard "
                       "pile; turned as the first upcard, it skips the first player.")  # fmt: skip
    return gettext("A Skip (SKIP) is discarded to make a player you name lose their next turn; at most one Skip "
                   "against a player per circuit. A Skip is never part of a phase and never taken from the discard "
                   "pile; turned as the first upcard, it skips the first player.")  # fmt: skip


def option_label(option: HouseOption) -> str:
    """A house option's label in the page's language (a built-in ruleset's marked text; as written on an English
    page)."""
    return option.label if page_is_english() else gettext(option.label)


def _options(ruleset: Ruleset) -> str:
    """The house options a table may choose, one after another."""
    return gettext("%(options)s.", options="; ".join(option_label(option) for option in ruleset.options))


_WRITTEN: dict[str, Callable[[Ruleset], str | None]] = {
    "players": lambda ruleset: gettext("%(low)s to %(high)s.", low=ruleset.min_players, high=ruleset.max_players),
    "set_word": lambda ruleset: gettext("A trio.") if _trio(ruleset) else gettext("A group."),
    "meld_all": _meld_all,
    "max_wilds": _wilds_in_a_meld,
    "supply": _supply,
    "buying": _buying,
    "wilds": lambda ruleset: sentence(wild_cards(ruleset)) + ".",
    "naturals": _naturals,
    "reclaim": _reclaim,
    "tiebreak": _tiebreak,
    "deals": _deals,
    "exact_cut": lambda ruleset: gettext(
        "The player on the dealer's right cuts; cutting exactly the cards needed (players × cards dealt + 1) takes "
        "%(bonus)s off their deal score.", bonus=ruleset.exact_cut_bonus),
    "one_turn_out": lambda ruleset: gettext("Takes %(bonus)s off your deal score.", bonus=ruleset.one_turn_out_bonus),
    "points": _points,
    "settlement": _settlement,
    "shanghai": lambda ruleset: gettext(
        "Call it as you discard to protect a card that fits a meld on the table; if you don't, anyone may call, lay "
        "it on, and you draw blind from their hand. It beats a %(buy)s.", buy=buy_word(ruleset.buy_name)),
    "play": _play,
    "game_end": _game_end,
    "skips": _skips,
    "options": _options,
}
"""The rules written again from the ruleset's data, by the fact's key (``None``: not written yet, the engine's
English stays)."""


FIXED_REMINDERS = frozenset({
    N_("No discard: meld every card when you go down."),
    N_("No discard to go out: every last card goes on the table."),
    N_("Go out by discarding your last card, or by melding every card."),
    N_("Your runs of one suit must not touch: overlap them or leave a gap."),
    N_("Only one run per suit."),
    N_("Aces are high only: A-2-3-4 is not a run."),
    N_("No wild cards in any meld when you go down."),
    N_("Go down with exactly the contract's cards; lay off the rest this turn."),
    N_("Go down with exactly the contract's cards; lay off the rest from your next turn."),
    N_("Lay off from your next turn after going down."),
    N_("Shanghai: call it as you discard to protect a card that fits a meld on the table."),
})  # fmt: skip
"""The deal prompt's reminders (the engine's ``deal_reminders``) that are one fixed sentence."""


def reminders_in_words(reminders: list[str], ruleset: Ruleset, deal: Deal, players: int) -> list[str]:
    """Deal ``deal``'s prompt reminders (at a table of ``players``) in the page's language; on an English page,
    exactly the engine's."""
    if page_is_english():
        return reminders
    return [_reminder(reminder, ruleset, deal) or _counted_reminder(reminder, ruleset, deal, players) for reminder in reminders]


def _counted_reminder(reminder: str, ruleset: Ruleset, deal: Deal, players: int) -> str:
    """A reminder that counts (wild cards, the exact cut, a bonus, the cards a contract needs), written again from
    the ruleset's data; one not known yet as the engine says it."""
    if reminder.endswith(" in each meld when you go down.") and ruleset.max_wilds:
        return ngettext("At most one wild card in each meld when you go down.",
                        "At most %(count)s wild cards in each meld when you go down.", ruleset.max_wilds,
                        count=number_in_words(ruleset.max_wilds))  # fmt: skip
    if reminder.startswith("Cutter: ") and ruleset.exact_cut_bonus:
        return gettext("Cutter: cut exactly %(cut)s cards (%(players)s × %(dealt)s + 1) and take %(bonus)s off your score.",
                       cut=exact_cut_size(deal, players), players=players, dealt=deal.cards_dealt,
                       bonus=ruleset.exact_cut_bonus)  # fmt: skip
    if reminder.startswith("Going down and out in one turn ") and ruleset.one_turn_out_bonus:
        return gettext("Going down and out in one turn takes %(bonus)s off your score.", bonus=ruleset.one_turn_out_bonus)
    if reminder.startswith("The contract needs "):
        return gettext("The contract needs %(needed)s cards but you hold %(held)s after drawing: you will need a %(buy)s.",
                       needed=deal.cards_needed, held=deal.cards_dealt + 1, buy=buy_word(ruleset.buy_name))  # fmt: skip
    return reminder


def _reminder(reminder: str, ruleset: Ruleset, deal: Deal) -> str | None:
    """One reminder that is a fixed sentence, the buy rule or the set word's, translated (else ``None``)."""
    if reminder in FIXED_REMINDERS:
        return gettext(reminder)
    if reminder == buy_rule_text(ruleset, deal.buys):
        return _buy_rule(ruleset.buy_name, deal.buys)
    if reminder == f"Your {ruleset.set_word}s must be of different ranks.":
        if _trio(ruleset):
            return gettext("Your trios must be of different ranks.")
        return gettext("Your groups must be of different ranks.")
    return None


def _buy_rule(name: str, rule: BuyRule) -> str:
    """One deal's May I / buy rule, whole sentences: how often, what is taken, then each condition."""
    name = buy_word(name)
    if not rule.allowed:
        return gettext("No %(buy)s in this deal.", buy=name)
    if rule.limit is None:
        times = gettext("as often as you like")
    else:
        times = ngettext("once a deal for each player", "at most %(count)s times a deal for each player", rule.limit,
                         count=number_in_words(rule.limit))  # fmt: skip
    if rule.extra_cards == 0:
        extra = gettext("the upcard only")
    else:
        extra = ngettext("the upcard and one more card from the stock", "the upcard and %(count)s more cards from the stock",
                         rule.extra_cards, count=number_in_words(rule.extra_cards))  # fmt: skip
    sentences = [gettext("%(buy)s: %(times)s, out of turn; you take %(extra)s.", buy=sentence(name), times=times, extra=extra)]
    if rule.no_successive:
        sentences.append(gettext("Not for two discards in a row."))
    if rule.only_before_down:
        sentences.append(gettext("Only before you go down."))
    if rule.permission is BuyPermission.CURRENT_PLAYER:
        sentences.append(gettext("Only with the leave of the player in turn."))
    return " ".join(sentences)


def set_name(ruleset: Ruleset) -> str:
    """What the ruleset calls a set, as a choice names it: its own word capitalised on an English page ("Book"),
    the table's word elsewhere ("Trío" where the ruleset says trio, else "Grupo")."""
    if page_is_english():
        return ruleset.set_word.capitalize()
    return gettext("Trio") if _trio(ruleset) else gettext("Group")

def setup_wilds(setup: SetupCard, ruleset: Ruleset) -> str:
    """A game's setup card's wild cards ("Wild cards: jokers."), in the page's language."""
    if page_is_english():
        return setup.wilds
    return gettext("Wild cards: %(wilds)s.", wilds=wild_cards(ruleset))


def setup_buying(setup: SetupCard, ruleset: Ruleset) -> str:
    """A game's setup card's May I / buy rule, in the page's language (the rules card's own sentence)."""
    return setup.buying if page_is_english() else _buying(ruleset)

def register(app: Flask) -> None:
    """The ``fact_label``, ``fact_text``, ``option_label``, ``set_name``, ``setup_wilds`` and ``setup_buying`` filters: ``{{ fact|fact_text(ruleset) }}``."""
    app.add_template_filter(fact_label)
    app.add_template_filter(fact_text)
    app.add_template_filter(option_label)
    app.add_template_filter(set_name)
    app.add_template_filter(setup_wilds)
    app.add_template_filter(setup_buying)
