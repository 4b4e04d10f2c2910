"""The builder's form as a draft: a ruleset object being written, field by field, as typed.

A :class:`Draft` holds what the form shows, as text (so a mistyped value is
shown back as typed). It is read from a posted form or from a ruleset object
(API.md "Custom rulesets"), changed by the form's buttons (add a deal, move it,
add a meld ...), and turned into a ruleset object: :meth:`Draft.definition`.
The rules themselves are judged by the engine
(:func:`companion.rules.definition.ruleset_from_definition`); the draft only
turns text into numbers, and puts the engine's one sentence beside the field it
is about (:func:`field_key`).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from ..rules import RULESETS
from ..rules.phase10 import PHASE10
from ..rules.rulesets import PHASE10_POINT_KEYS, POINT_KEYS, SPLIT_ACE_POINT_KEYS
from ..rules.rulesets import MeldKind, Requirement, describe_contract
from ..rules.speech import speaking_english
from ..rules.words import and_list, number_word, plural

#: The meld kinds a folded deal's heading writes in the page's language through the engine.
_SAID_KINDS = frozenset({"set", "run", "pair", "colour"})

#: Bounds on what a posted form may hold, far above what a ruleset may have (the engine says what is too many).
MAX_DEALS = 24
MAX_REQUIREMENTS = 8
MAX_TABLES = 10
MAX_TEXT = 60

#: The top-level fields the form edits; any other field of a ruleset object is carried through unchanged.
EDITED = (
    "name", "summary", "set_word", "buy_word", "players", "table", "wilds", "deals", "exact", "aces", "max_wilds", "repeat_rank", "dup_suits",
    "same_suit_runs", "card_points", "buys", "exact_cut_bonus", "one_turn_out_bonus", "deck", "skips", "progression",
    "set_min_length", "run_suit", "min_naturals_set", "min_naturals_run", "max_wilds_per_contract", "run_wilds_adjacent",
    "run_wild_min_gap", "reclaim", "direction", "wild_discard", "discard_draw", "run_word", "wild_word", "tiebreak",
    "lay_off",
)  # fmt: skip
DEAL_EDITED = ("cards_dealt", "requirements", "going_out", "meld_all", "alternatives")
#: The keys of ``buys`` the form edits; the others (``no_successive``) are carried through.
BUYS_EDITED = ("per_deal", "extra_cards", "permission", "only_before_down")
#: Other contracts a deal may be made with (API.md: 0 to 3).
MAX_ALTERNATIVES = 3
#: A ladder is the whole rank line A to K (RULES.md §8.0), dealt 12 and gone down with all 13 after the draw (§8.7.4).
LADDER = "ladder"
LADDER_LENGTH = "13"
LADDER_CARDS = "12"
#: Points a deck's cards score when the builder switches to it (the published Phase 10 and Contract Rummy values).
DECK_POINTS = {
    "phase10": {key: str(points) for key, points in PHASE10.points.as_dict().items()},
    "standard": {key: str(points) for key, points in RULESETS["contract"].points.as_dict().items()},
}
#: The fields a game where each player is on their own phase pairs with its progression (API.md: "any other pairing
#: answers 400"): values of the other progression are dropped, so the engine's default for the chosen one stands.
_PER_PLAYER_ONLY = {"game_end": "last_phase_made", "winner": "finished_lowest_total"}
#: The tie-break hand (RULES.md §8.6): only a game where each player is on their own phase has one; on a fixed
#: schedule the tie box falls back to a shared tie, as the engine does with a tie-break hand left out (§8.7.9).
REPLAY_TIEBREAK = "replay_last_phase"
#: Phase 10's house option for the Masters progression (the Phases box's third choice, for the whole game).
MASTERS_OPTION = "masters"
_FIXED_ONLY = {"game_end": "last_deal", "winner": "lowest_total"}
#: The top-level fields not carried through: those the form edits (but ``buys``, whose other keys it carries), and
#: ``base``.
_NOT_CARRIED = (*(name for name in EDITED if name != "buys"), "base")



@dataclass
class RequirementRow:
    kind: str = "set"
    """``"set"``, ``"run"``, ``"pair"``, ``"colour"`` or ``"ladder"`` (API.md)."""
    length: str = "3"
    """The meld's cards, as typed (a ladder's is always 13)."""
    rule: str = ""
    """A ladder's rule: ``"any_suit"``, ``"same_colour"``, ``"alternating_colour"`` or ``"same_suit"``; empty for
    the other kinds."""

    @classmethod
    def from_definition(cls, requirement: Mapping[str, Any]) -> RequirementRow:
        """The row for one requirement of a deal's object."""
        return cls(
            kind=str(requirement.get("kind", "set")),
            length=_text(requirement.get("length")),
            rule=_text(requirement.get("rule")),
        )

    @classmethod
    def from_form(cls, form: Mapping[str, str], prefix: str) -> RequirementRow:
        """The row posted under ``prefix`` (``deal-1-req-0``, ``deal-1-alt-0-req-2``)."""
        row = cls(
            kind=str(form.get(f"{prefix}-kind", "set"))[:MAX_TEXT],
            length=str(form.get(f"{prefix}-length", ""))[:MAX_TEXT],
            rule=str(form.get(f"{prefix}-rule", ""))[:MAX_TEXT],
        )
        if row.kind == LADDER:
            row.length = LADDER_LENGTH  # a ladder is A to K: its length box shows 13 and can't be changed
        return row

    def form_data(self, prefix: str) -> dict[str, str]:
        """The fields a browser posts for this row (its rule only for a ladder, as the page shows it)."""
        form = {f"{prefix}-kind": self.kind, f"{prefix}-length": self.length}
        if self.kind == LADDER:
            form[f"{prefix}-rule"] = self.rule
        return form

    def definition(self, whole: Any, key: str) -> dict[str, Any]:
        """The requirement's object (a ladder with its rule; a rule left empty is the engine's to ask for)."""
        requirement = {"kind": self.kind, "length": whole(self.length, f"{key}-length", example="3")}
        if self.kind == LADDER and self.rule:
            requirement["rule"] = self.rule
        return requirement


@dataclass
class DealRow:
    cards: str = "10"
    going_out: str = "discard"
    meld_all: bool = False
    max_wilds: str = ""
    """The deal's own limit on wild cards in one meld going down; empty: the ruleset's."""
    requirements: list[RequirementRow] = field(default_factory=lambda: [RequirementRow(), RequirementRow()])
    alternatives: list[list[RequirementRow]] = field(default_factory=list)
    """Other contracts that also meet the deal (Kalooki's "a full suit for three fours"), each a list of melds."""
    extra: str = ""
    """Other fields of the deal's object, as JSON, carried through unchanged."""

    @classmethod
    def from_definition(cls, deal: Mapping[str, Any]) -> DealRow:
        """The rows for one deal of a ruleset object (its fields the form doesn't edit kept as JSON)."""
        return cls(
            cards=_text(deal.get("cards_dealt")),
            going_out=str(deal.get("going_out", "discard")),
            meld_all=bool(deal.get("meld_all", False)),
            max_wilds=_text(deal.get("max_wilds")),
            requirements=[RequirementRow.from_definition(r) for r in deal.get("requirements") or []],
            alternatives=[
                [RequirementRow.from_definition(r) for r in contract or []] for contract in deal.get("alternatives") or []
            ],
            # an own limit of null (no limit where the ruleset has one) has no box: it is carried through
            extra=_carried(deal, DEAL_EDITED if deal.get("max_wilds") is None else (*DEAL_EDITED, "max_wilds")),
        )

    def definition(self, whole: Any, i: int) -> dict[str, Any]:
        """The fields of deal ``i``'s object the form edits (``whole`` reads a number, putting a sentence by its box):
        ``alternatives`` only where there are some, ``max_wilds`` only where the deal has its own."""
        deal: dict[str, Any] = {
            "cards_dealt": whole(self.cards, f"deal-{i}-cards"),
            "requirements": [r.definition(whole, f"deal-{i}-req-{j}") for j, r in enumerate(self.requirements)],
            "going_out": self.going_out,
            "meld_all": self.meld_all,
        }
        if self.alternatives:
            deal["alternatives"] = [
                [r.definition(whole, f"deal-{i}-alt-{k}-req-{j}") for j, r in enumerate(contract)]
                for k, contract in enumerate(self.alternatives)
            ]
        own_max_wilds = whole(self.max_wilds, f"deal-{i}-max_wilds", empty=None, example="1")
        if own_max_wilds is not None:
            deal["max_wilds"] = own_max_wilds
        return deal

    @property
    def ladder(self) -> bool:
        """Whether the deal's contract holds a ladder (then it is dealt 12 and goes down with all 13, no discard)."""
        return any(r.kind == LADDER for r in self.requirements)

    def summary(self, set_word: str = "set") -> str:
        """The deal in one line for its folded heading, as typed (``"two runs of 4 · 10 cards"``).

        Text that is not a number yet is shown as typed: the line only helps a
        family find the deal; the sentences beside the fields judge it.
        """
        if not speaking_english():
            return self._summary_said(set_word)
        parts = []
        for (kind, length), count in self._requirement_groups():
            word = {"set": set_word, "run": "run", "pair": "pair", "colour": "colour group"}.get(kind, kind[:12])
            noun = plural(count, word)
            sized = kind != "pair" and not (word == "trio" and length == "3") and length
            parts.append(f"{number_word(count)} {noun}" + (f" of {length[:3]}" if sized else ""))
        cards = self.cards.strip()[:3] or "?"
        return f"{and_list(parts) if parts else 'no melds'} · {cards} cards"

    def _summary_said(self, set_word: str) -> str:
        """:meth:`summary` in the page's language, written by the engine from the melds (``"dos grupos de 3 · 10
        cartas"``); text that is not a meld yet is shown as typed."""
        cards = self.cards.strip()[:3] or "?"
        requirements = []
        for requirement in self.requirements:
            length = requirement.length.strip()
            if requirement.kind not in _SAID_KINDS or not length.isdigit() or not 1 <= int(length) <= 99:
                return gettext("%(melds)s · %(cards)s cards", melds=" ".join(f"{r.kind[:12]} {r.length.strip()[:3]}" for r in self.requirements), cards=cards)
            requirements.append(Requirement(kind=MeldKind(requirement.kind), length=int(length)))
        if not requirements:
            return gettext("no melds · %(cards)s cards", cards=cards)
        contract = describe_contract(requirements, set_word)
        return gettext("%(melds)s · %(cards)s cards", melds=contract[:1].lower() + contract[1:], cards=cards)

    def _requirement_groups(self) -> list[tuple[tuple[str, str], int]]:
        """Runs of alike requirements in order: ``((kind, length as typed), how many)``."""
        groups: list[tuple[tuple[str, str], int]] = []
        for requirement in self.requirements:
            key = (requirement.kind, requirement.length.strip())
            if groups and groups[-1][0] == key:
                groups[-1] = (key, groups[-1][1] + 1)
            else:
                groups.append((key, 1))
        return groups


@dataclass
class TableRow:
    low: str = "2"
    high: str = "8"
    decks: str = "2"
    jokers: str = "4"

    @classmethod
    def from_definition(cls, table: Mapping[str, Any]) -> TableRow:
        """The row for one table size of a ruleset object (its players a ``[low, high]`` pair)."""
        return cls(
            low=_text((table.get("players") or [None, None])[0]),
            high=_text((table.get("players") or [None, None])[-1]),
            decks=_text(table.get("decks")),
            jokers=_text(table.get("jokers")),
        )


@dataclass
class Draft:
    """Everything the builder's form shows, as text."""

    name: str = ""
    summary: str = ""
    set_word: str = "set"
    buy_word: str = "May I"
    players_min: str = "2"
    players_max: str = "8"
    tables: list[TableRow] = field(default_factory=lambda: [TableRow()])
    wilds: str = "JK"
    deals: list[DealRow] = field(default_factory=lambda: [DealRow()])
    exact: bool = False
    aces: str = "low_or_high"
    max_wilds: str = ""
    """Empty: no limit."""
    repeat_rank: bool = True
    dup_suits: bool = True
    same_suit_runs: str = "any"
    points: dict[str, str] = field(default_factory=dict)
    buys_per_deal: str = ""
    """Empty: no limit."""
    buys_extra: str = "1"
    exact_cut_bonus: str = "0"
    one_turn_out_bonus: str = "0"
    deck: str = "standard"
    """``"standard"`` or ``"phase10"`` (API.md): the wilds, aces, packs and points boxes follow it."""
    progression: str = "fixed"
    """``"fixed"`` (everyone the same deal), ``"per_player"`` (each on their own phase) or ``"per_player_choice"`` (Masters)."""
    set_min_length: str = "3"
    """The shortest set a contract may ask for: ``"3"``, or ``"2"`` (Phase 10's sets of 2)."""
    run_suit: str = "same"
    """``"same"``: a run's cards share a suit; ``"any"``: runs of any suits (Phase 10)."""
    min_naturals_set: str = "1"
    """The natural (not wild) cards a set of the contract needs (RULES.md §8: Kalooki's 2)."""
    min_naturals_run: str = "1"
    """The natural (not wild) cards a run of the contract needs."""
    max_wilds_per_contract: str = ""
    """The wild cards one go-down may hold in all its melds (Carioca's 2); empty: no limit."""
    run_wilds_adjacent: bool = True
    """Whether two wild cards may stand side by side in a run (Kalooki: no)."""
    run_wild_min_gap: str = ""
    """On the table, the natural cards needed between two wild cards of one run (Carioca's 4); empty: no such rule."""
    reclaim: str = "runs"
    """Which melded jokers may be taken back or moved: ``"runs"``, ``"never"``, ``"slide"`` or ``"tack"`` (RULES.md §6)."""
    direction: str = "clockwise"
    """Which way the deal and the play go round the table (told, and followed by the game's prompt)."""
    wild_discard: str = "allowed"
    """Whether a wild card may be discarded (told, not checked)."""
    discard_draw: str = "always"
    """Whether a player who is down may still take the discard (told, not checked)."""
    run_word: str = "run"
    """What the table calls a run: ``"run"``, ``"escala"`` or ``"four"`` (API.md)."""
    wild_word: str = "wild"
    """What every sentence calls a wild card: ``"wild"`` or ``"joker"`` (Carioca's and Kalooki's)."""
    tiebreak: str = "none"
    """Who wins a tie for the lowest total: ``"none"`` (shared), ``"most_deals_won"`` or ``"replay_last_phase"``
    (a tie-break hand; per-player progression only)."""
    lay_off: str = "later_turn"
    """When a player who is down may first lay off: ``"later_turn"`` or ``"same_turn"`` (RULES.md §8.0)."""
    buys_permission: str = "none"
    """Whose leave a May I needs: ``"none"`` or ``"current_player"`` (told, not checked)."""
    buys_only_before_down: bool = False
    """Whether only a player not yet down may take the discard out of turn (told, not checked)."""
    extra: str = ""
    """Other top-level fields of the ruleset object, as JSON, carried through unchanged."""

    # -- from a ruleset object ---------------------------------------------

    @classmethod
    def from_definition(cls, definition: Mapping[str, Any]) -> Draft:
        """The form for a complete ruleset object (as ``ruleset_to_definition`` gives)."""
        players = definition.get("players") or {}
        buys = definition.get("buys") or {}
        return cls(
            name=str(definition.get("name", "")),
            summary=str(definition.get("summary", "")),
            set_word=str(definition.get("set_word", "set")),
            buy_word=str(definition.get("buy_word", "May I")),
            players_min=_text(players.get("min")),
            players_max=_text(players.get("max")),
            tables=[TableRow.from_definition(t) for t in definition.get("table") or []],
            wilds=str(definition.get("wilds", "JK")),
            deals=[DealRow.from_definition(d) for d in definition.get("deals") or []],
            exact=bool(definition.get("exact", False)),
            aces=str(definition.get("aces", "low_or_high")),
            max_wilds=_text(definition.get("max_wilds")),
            repeat_rank=bool(definition.get("repeat_rank", True)),
            dup_suits=bool(definition.get("dup_suits", True)),
            same_suit_runs=str(definition.get("same_suit_runs", "any")),
            points={key: _text((definition.get("card_points") or {}).get(key)) for key in _point_keys(definition.get("card_points"))},
            buys_per_deal=_text(buys.get("per_deal")),
            buys_extra=_text(buys.get("extra_cards")),
            exact_cut_bonus=_text(definition.get("exact_cut_bonus", 0)),
            one_turn_out_bonus=_text(definition.get("one_turn_out_bonus", 0)),
            deck=str(definition.get("deck", "standard")),
            progression=str(definition.get("progression", "fixed")),
            set_min_length=_text(definition.get("set_min_length", 3)),
            run_suit=str(definition.get("run_suit", "same")),
            min_naturals_set=_text(definition.get("min_naturals_set", 1)),
            min_naturals_run=_text(definition.get("min_naturals_run", 1)),
            max_wilds_per_contract=_text(definition.get("max_wilds_per_contract")),
            run_wilds_adjacent=bool(definition.get("run_wilds_adjacent", True)),
            run_wild_min_gap=_text(definition.get("run_wild_min_gap")),
            reclaim=str(definition.get("reclaim", "runs")),
            direction=str(definition.get("direction", "clockwise")),
            wild_discard=str(definition.get("wild_discard", "allowed")),
            discard_draw=str(definition.get("discard_draw", "always")),
            run_word=str(definition.get("run_word", "run")),
            wild_word=str(definition.get("wild_word", "wild")),
            tiebreak=str(definition.get("tiebreak", "none")),
            lay_off=str(definition.get("lay_off", "later_turn")),
            buys_permission=str(buys.get("permission", "none")),
            buys_only_before_down=bool(buys.get("only_before_down", False)),
            extra=_carried({**definition, "buys": _unedited_buys(buys)}, _NOT_CARRIED),
        )

    # -- from a posted form -------------------------------------------------

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> Draft:
        """The draft a posted builder form holds (rows found by their numbered field names, bounded)."""

        def get(name: str, default: str = "") -> str:
            return str(form.get(name, default))[:MAX_TEXT]

        deals = [_deal_from_form(form, i) for i in _indexes(form, r"deal-(\d+)-cards", MAX_DEALS)]
        tables = [
            TableRow(
                low=get(f"table-{i}-low"), high=get(f"table-{i}-high"), decks=get(f"table-{i}-decks"), jokers=get(f"table-{i}-jokers")
            )
            for i in _indexes(form, r"table-(\d+)-high", MAX_TABLES)
        ]
        draft = cls(
            name=get("name"),
            summary=str(form.get("summary", ""))[:300],
            set_word=get("set_word", "set"),
            buy_word=get("buy_word", "May I"),
            players_min=get("players_min"),
            players_max=get("players_max"),
            tables=tables,
            wilds=get("wilds", "JK"),
            deals=deals,
            exact="exact" in form,
            aces=get("aces", "low_or_high"),
            max_wilds=get("max_wilds"),
            repeat_rank="repeat_rank" in form,
            dup_suits="dup_suits" in form,
            same_suit_runs=get("same_suit_runs", "any"),
            points={key: get(f"points-{key}") for key in _point_keys({k.removeprefix("points-"): "" for k in form})},
            buys_per_deal=get("buys_per_deal"),
            buys_extra=get("buys_extra"),
            exact_cut_bonus=get("exact_cut_bonus"),
            one_turn_out_bonus=get("one_turn_out_bonus"),
            deck=get("deck", "standard"),
            progression=get("progression", "fixed"),
            set_min_length=get("set_min_length", "3"),
            run_suit=get("run_suit", "same"),
            min_naturals_set=get("min_naturals_set", "1"),
            min_naturals_run=get("min_naturals_run", "1"),
            max_wilds_per_contract=get("max_wilds_per_contract"),
            run_wilds_adjacent="run_wilds_adjacent" in form,
            run_wild_min_gap=get("run_wild_min_gap"),
            reclaim=get("reclaim", "runs"),
            direction=get("direction", "clockwise"),
            wild_discard=get("wild_discard", "allowed"),
            discard_draw=get("discard_draw", "always"),
            run_word=get("run_word", "run"),
            wild_word=get("wild_word", "wild"),
            tiebreak=get("tiebreak", "none"),
            lay_off=get("lay_off", "later_turn"),
            buys_permission=get("buys_permission", "none"),
            buys_only_before_down="buys_only_before_down" in form,
            extra=str(form.get("extra", ""))[:4000],
        )
        draft.follow_deck()
        draft.chain_tables()
        if draft.progression == "fixed" and draft.tiebreak == REPLAY_TIEBREAK:
            draft.tiebreak = "none"  # the Phases box went back to one schedule: its tie-break hand goes with it
        return draft

    def follow_deck(self) -> None:
        """The boxes the deck decides, set as its rules have them (API.md): the Phase 10 deck's wild is W, its 1 only
        low, one deck and no jokers at every table size; a switch of deck (seen by the points posted) brings the new
        deck's points, and back on standard cards two packs and four jokers and jokers wild."""
        switched = self.deck in DECK_POINTS and (set(self.points) == set(PHASE10_POINT_KEYS)) != (self.deck == "phase10")
        if switched:
            self.points = dict(DECK_POINTS[self.deck])
        if self.deck == "phase10":
            self.wilds, self.aces = "W", "low_only"
            for table in self.tables:
                table.decks, table.jokers = "1", "0"
        elif switched or self.wilds == "W":
            self.wilds = "JK" if self.wilds == "W" else self.wilds
            for table in self.tables:
                if (table.decks, table.jokers) == ("1", "0"):
                    table.decks, table.jokers = "2", "4"

    def skips(self) -> str:
        """The skip cards the deck and wilds bring: Phase 10's Skips; the jokers where kings are wild; else none."""
        if self.deck == "phase10":
            return "SKIP"
        return "JK" if self.wilds == "K" else "none"

    def chain_tables(self) -> None:
        """Each table size starts where the one before ends (the first at the fewest players), so none can overlap.

        A "from" after a "to" that isn't a number yet is left as it was: that "to" has its own sentence.
        """
        start = typed_number(self.players_min)
        for table in self.tables:
            if start is not None:
                table.low = str(start)
            end = typed_number(table.high)
            start = end + 1 if end is not None else None

    def form_data(self) -> dict[str, str]:
        """The fields a browser posts for this draft, named as the builder's form names them (tests, benchmark)."""
        form = {"name": self.name, "summary": self.summary, "set_word": self.set_word, "buy_word": self.buy_word,
                "players_min": self.players_min, "players_max": self.players_max, "wilds": self.wilds,
                "aces": self.aces, "max_wilds": self.max_wilds, "same_suit_runs": self.same_suit_runs,
                "buys_per_deal": self.buys_per_deal, "buys_extra": self.buys_extra,
                "exact_cut_bonus": self.exact_cut_bonus, "one_turn_out_bonus": self.one_turn_out_bonus,
                "extra": self.extra, "deck": self.deck, "progression": self.progression,
                "set_min_length": self.set_min_length, "run_suit": self.run_suit,
                "min_naturals_set": self.min_naturals_set, "min_naturals_run": self.min_naturals_run,
                "max_wilds_per_contract": self.max_wilds_per_contract, "run_wild_min_gap": self.run_wild_min_gap,
                "reclaim": self.reclaim, "direction": self.direction, "wild_discard": self.wild_discard,
                "discard_draw": self.discard_draw, "buys_permission": self.buys_permission,
                "run_word": self.run_word, "wild_word": self.wild_word, "tiebreak": self.tiebreak,
                "lay_off": self.lay_off}  # fmt: skip
        for name in ("exact", "repeat_rank", "dup_suits", "run_wilds_adjacent", "buys_only_before_down"):
            if getattr(self, name):
                form[name] = "y"
        for i, t in enumerate(self.tables):
            form |= {f"table-{i}-low": t.low, f"table-{i}-high": t.high, f"table-{i}-decks": t.decks, f"table-{i}-jokers": t.jokers}
        for i, d in enumerate(self.deals):
            form |= {f"deal-{i}-cards": d.cards, f"deal-{i}-going_out": d.going_out, f"deal-{i}-extra": d.extra,
                     f"deal-{i}-max_wilds": d.max_wilds}  # fmt: skip
            if d.meld_all:
                form[f"deal-{i}-meld_all"] = "y"
            for j, r in enumerate(d.requirements):
                form |= r.form_data(f"deal-{i}-req-{j}")
            for k, contract in enumerate(d.alternatives):
                for j, r in enumerate(contract):
                    form |= r.form_data(f"deal-{i}-alt-{k}-req-{j}")
        form |= {f"points-{k}": v for k, v in self.points.items()}
        return form

    # -- the form's buttons -------------------------------------------------

    def apply(self, action: str) -> str | None:
        """Do what a button asks (``add-deal``, ``remove-deal-2``, ``up-deal-2``, ``add-req-1``,
        ``remove-req-1-0``, ``add-table``, ``remove-table-1``); the id of the field to look at next, if any.

        An out-of-date index (a double tap) changes nothing.
        """
        what, numbers = _button(action)
        if what == "add-deal":
            return self._add_deal()
        if what == "add-table":
            return self._add_table()
        if not numbers:
            return None
        i = numbers[0]
        if what == "remove-table":
            self._remove_table(i)
            return None
        if i >= len(self.deals):
            return None
        deal_buttons = {
            "remove-deal": self._remove_deal,
            "up-deal": self._move_deal_up,
            "down-deal": self._move_deal_down,
            "add-req": self._add_requirement,
            "remove-req": self._remove_requirement,
            "add-alt": self._add_alternative,
            "remove-alt": self._remove_alternative,
            "add-altreq": self._add_alternative_requirement,
            "remove-altreq": self._remove_alternative_requirement,
        }
        button = deal_buttons.get(what)
        return button(i, numbers[1:]) if button is not None else None

    def _add_deal(self) -> str | None:
        """A copy of the last deal (its carried-through fields left out) at the end."""
        if len(self.deals) >= MAX_DEALS:
            return None
        self.deals.append(copy.deepcopy(self.deals[-1]) if self.deals else DealRow())
        self.deals[-1].extra = ""
        return f"deal-{len(self.deals) - 1}-cards"

    def _add_table(self) -> str | None:
        """A table size after the last, with its packs and jokers: the last one's most players, split off when it
        spans more than one (3 to 5 becomes 3 to 4 and 5), else one more player."""
        if len(self.tables) >= MAX_TABLES:
            return None
        last = self.tables[-1] if self.tables else TableRow()
        low, high = typed_number(last.low), typed_number(last.high)
        if low is not None and high is not None and high > low:
            last.high = str(high - 1)
            added = str(high)
        else:
            added = str(high + 1) if high is not None else last.high
        self.tables.append(TableRow(low=added, high=added, decks=last.decks, jokers=last.jokers))
        self.chain_tables()
        return f"table-{len(self.tables) - 1}-high"

    def _remove_table(self, i: int) -> None:
        """Remove a table size; its players go to the one after it (the one before, for the last), so all stay covered."""
        if i < len(self.tables) and len(self.tables) > 1:
            removed = self.tables.pop(i)
            if i == len(self.tables):
                self.tables[-1].high = removed.high
            self.chain_tables()

    def _remove_deal(self, i: int, _rest: list[int]) -> None:
        if len(self.deals) > 1:
            del self.deals[i]

    def _move_deal_up(self, i: int, _rest: list[int]) -> str | None:
        """Swap deal ``i`` with the one before; the button to look at next is the moved deal's own."""
        if i == 0:
            return None
        self.deals[i - 1], self.deals[i] = self.deals[i], self.deals[i - 1]
        return f"up-deal-{i - 1}" if i > 1 else f"down-deal-{i - 1}"

    def _move_deal_down(self, i: int, _rest: list[int]) -> str | None:
        if i + 1 >= len(self.deals):
            return None
        self.deals[i + 1], self.deals[i] = self.deals[i], self.deals[i + 1]
        return f"down-deal-{i + 1}" if i + 2 < len(self.deals) else f"up-deal-{i + 1}"

    def _add_requirement(self, i: int, _rest: list[int]) -> str | None:
        requirements = self.deals[i].requirements
        if len(requirements) >= MAX_REQUIREMENTS:
            return None
        requirements.append(RequirementRow())
        return f"deal-{i}-req-{len(requirements) - 1}-kind"

    def _remove_requirement(self, i: int, rest: list[int]) -> str | None:
        """Remove requirement ``rest[0]`` of deal ``i`` (never a deal's last one)."""
        requirements = self.deals[i].requirements
        if len(rest) != 1 or rest[0] >= len(requirements) or len(requirements) <= 1:
            return None
        del requirements[rest[0]]
        return f"deal-{i}-req-{min(rest[0], len(requirements) - 1)}-kind"

    def _add_alternative(self, i: int, _rest: list[int]) -> str | None:
        """Another contract for deal ``i``: one meld, a run of 4, to change."""
        alternatives = self.deals[i].alternatives
        if len(alternatives) >= MAX_ALTERNATIVES:
            return None
        alternatives.append([RequirementRow(kind="run", length="4")])
        return f"deal-{i}-alt-{len(alternatives) - 1}-req-0-kind"

    def _remove_alternative(self, i: int, rest: list[int]) -> str | None:
        """Remove other contract ``rest[0]`` of deal ``i``."""
        alternatives = self.deals[i].alternatives
        if len(rest) != 1 or rest[0] >= len(alternatives):
            return None
        del alternatives[rest[0]]
        return f"add-alt-{i}"

    def _add_alternative_requirement(self, i: int, rest: list[int]) -> str | None:
        """A meld more in other contract ``rest[0]`` of deal ``i``."""
        alternatives = self.deals[i].alternatives
        if len(rest) != 1 or rest[0] >= len(alternatives) or len(alternatives[rest[0]]) >= MAX_REQUIREMENTS:
            return None
        alternatives[rest[0]].append(RequirementRow())
        return f"deal-{i}-alt-{rest[0]}-req-{len(alternatives[rest[0]]) - 1}-kind"

    def _remove_alternative_requirement(self, i: int, rest: list[int]) -> str | None:
        """Remove meld ``rest[1]`` of other contract ``rest[0]`` of deal ``i`` (never its last one)."""
        alternatives = self.deals[i].alternatives
        if len(rest) != 2 or rest[0] >= len(alternatives):
            return None
        contract = alternatives[rest[0]]
        if rest[1] >= len(contract) or len(contract) <= 1:
            return None
        del contract[rest[1]]
        return f"deal-{i}-alt-{rest[0]}-req-{min(rest[1], len(contract) - 1)}-kind"

    def field_keys(self) -> list[str]:
        """Every place a sentence may stand in the form (each field, each deal, each group of fields)."""
        keys = ["form", "name", "summary", "set_word", "buy_word", "owner", "players", "players_min", "players_max", "table", "wilds", "exact", "aces",
                "max_wilds", "repeat_rank", "dup_suits", "same_suit_runs", "card_points", "buys", "buys_per_deal",
                "buys_extra", "exact_cut_bonus", "one_turn_out_bonus", "deck", "skips", "progression", "set_min_length",
                "run_suit", "min_naturals_set", "min_naturals_run", "max_wilds_per_contract", "run_wilds_adjacent",
                "run_wild_min_gap", "reclaim", "direction", "wild_discard", "discard_draw", "buys_permission",
                "buys_only_before_down", "run_word", "wild_word", "tiebreak", "lay_off"]  # fmt: skip
        for i, _table in enumerate(self.tables):
            keys += [f"table-{i}-low", f"table-{i}-high", f"table-{i}-decks", f"table-{i}-jokers"]
        for i, deal in enumerate(self.deals):
            keys += [f"deal-{i}", f"deal-{i}-cards", f"deal-{i}-going_out", f"deal-{i}-max_wilds", f"deal-{i}-alternatives"]
            for j, _ in enumerate(deal.requirements):
                keys += [f"deal-{i}-req-{j}-kind", f"deal-{i}-req-{j}-length", f"deal-{i}-req-{j}-rule"]
            for k, contract in enumerate(deal.alternatives):
                for j, _ in enumerate(contract):
                    keys += [f"deal-{i}-alt-{k}-req-{j}-{part}" for part in ("kind", "length", "rule")]
        keys += [f"points-{key}" for key in self.points or (PHASE10_POINT_KEYS if self.deck == "phase10" else POINT_KEYS)]
        return keys

    # -- to a ruleset object ------------------------------------------------

    def definition(self) -> tuple[dict[str, Any] | None, dict[str, str]]:
        """The ruleset object the form describes, or ``None`` and a sentence beside each field that isn't a number."""
        errors: dict[str, str] = {}

        def whole(text: str, key: str, *, empty: object = ..., example: str = "10") -> Any:
            text = text.strip()
            if not text and empty is not ...:
                return empty
            if text.isascii() and text.isdigit() and len(text) <= 4:
                return int(text)
            if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
                errors[key] = gettext("Type a number of 0 or more.")
            elif not text:
                errors[key] = gettext("Type a number here, like %(example)s.", example=example)
            else:
                errors[key] = gettext("Type a whole number, like %(example)s, not “%(text)s”.", example=example, text=text)
            return None

        definition: dict[str, Any] = _loads(self.extra, errors, "form")
        definition.pop("base", None)
        name = " ".join(self.name.split())
        if not name:
            errors["name"] = gettext("Give these rules a name, like “Grandma's Contract”.")
        definition["name"] = name
        definition["summary"] = " ".join(self.summary.split())
        definition["set_word"] = self.set_word
        definition["buy_word"] = self.buy_word
        definition["players"] = {
            "min": whole(self.players_min, "players_min", example="3"),
            "max": whole(self.players_max, "players_max", example="5"),
        }
        definition["table"] = [
            {
                "players": [whole(t.low, f"table-{i}-low", example="3"), whole(t.high, f"table-{i}-high", example="5")],
                "decks": whole(t.decks, f"table-{i}-decks", example="2"),
                "jokers": whole(t.jokers, f"table-{i}-jokers", example="2"),
            }
            for i, t in enumerate(self.tables)
        ]
        definition["wilds"] = self.wilds
        definition["deals"] = [{**_loads(deal.extra, errors, f"deal-{i}"), **deal.definition(whole, i)} for i, deal in enumerate(self.deals)]
        definition["exact"] = self.exact
        definition["aces"] = self.aces
        definition["max_wilds"] = whole(self.max_wilds, "max_wilds", empty=None, example="1")
        definition["repeat_rank"] = self.repeat_rank
        definition["dup_suits"] = self.dup_suits
        definition["same_suit_runs"] = self.same_suit_runs
        definition["card_points"] = {key: whole(self.points.get(key, ""), f"points-{key}") for key in self.points or POINT_KEYS}
        carried_buys = definition.get("buys")
        definition["buys"] = {
            **(carried_buys if isinstance(carried_buys, dict) else {}),
            "per_deal": whole(self.buys_per_deal, "buys_per_deal", empty=None, example="3"),
            "extra_cards": whole(self.buys_extra, "buys_extra", example="1"),
            "permission": self.buys_permission,
            "only_before_down": self.buys_only_before_down,
        }
        definition["exact_cut_bonus"] = whole(self.exact_cut_bonus, "exact_cut_bonus", example="50")
        definition["one_turn_out_bonus"] = whole(self.one_turn_out_bonus, "one_turn_out_bonus", example="10")
        self._game_fields(definition, whole)
        return (None, errors) if errors else (definition, errors)

    def _game_fields(self, definition: dict[str, Any], whole: Any) -> None:
        """The deck, its skips, the progression (the carried game end, winner and tie-break of the other progression
        dropped, so the chosen one's defaults stand), sets of 2 and runs of any suits."""
        definition["deck"] = self.deck
        definition["skips"] = self.skips()
        definition["progression"] = self.progression
        other = _FIXED_ONLY if self.progression != "fixed" else _PER_PLAYER_ONLY
        for name, value in other.items():
            if definition.get(name) == value:
                del definition[name]
        options = definition.get("options")
        if self.progression == "fixed" and isinstance(options, list) and MASTERS_OPTION in options:
            # Masters is a choice of phase per player: on a fixed schedule the Phases box has taken it away
            definition["options"] = [key for key in options if key != MASTERS_OPTION]
        definition["set_min_length"] = whole(self.set_min_length, "set_min_length", example="3")
        definition["run_suit"] = self.run_suit
        definition["min_naturals_set"] = whole(self.min_naturals_set, "min_naturals_set", example="1")
        definition["min_naturals_run"] = whole(self.min_naturals_run, "min_naturals_run", example="1")
        definition["max_wilds_per_contract"] = whole(self.max_wilds_per_contract, "max_wilds_per_contract", empty=None, example="2")
        definition["run_wilds_adjacent"] = self.run_wilds_adjacent
        definition["run_wild_min_gap"] = whole(self.run_wild_min_gap, "run_wild_min_gap", empty=None, example="4")
        for name in ("reclaim", "direction", "wild_discard", "discard_draw", "run_word", "wild_word", "tiebreak", "lay_off"):
            definition[name] = getattr(self, name)


# ---------------------------------------------------------------------------
# Where an engine sentence belongs

#: Top-level paths of the engine's errors and the form fields they stand beside.
_FIELD_KEYS = {
    ("players", "min"): "players_min", ("players", "max"): "players_max",
    ("buys", "per_deal"): "buys_per_deal", ("buys", "extra_cards"): "buys_extra",
    ("buys", "permission"): "buys_permission", ("buys", "only_before_down"): "buys_only_before_down",
}  # fmt: skip
_TABLE_KEYS = {"players": "low", "decks": "decks", "jokers": "jokers"}
_DEAL_KEYS = {"cards_dealt": "cards", "going_out": "going_out", "max_wilds": "max_wilds", "alternatives": "alternatives"}
#: The fields of a requirement that have a box.
_REQUIREMENT_PARTS = ("kind", "length", "rule")


def field_key(path: tuple[str | int, ...]) -> str:
    """The form field an engine error's path (``("deals", 3, "requirements", 2, "length")``) stands beside.

    Paths count list positions from 1; the form's names count from 0. A path
    the form has no field for goes to the nearest group (a deal, the tables), else ``"form"``.
    """
    if not path:
        return "form"
    head = path[0]
    if head == "deals":
        return _deal_field_key(path)
    if head == "table":
        return _table_field_key(path)
    if head == "card_points":
        return f"points-{path[1]}" if len(path) >= 2 else "card_points"
    if path[:2] in _FIELD_KEYS:
        return _FIELD_KEYS[path[:2]]  # type: ignore[index]
    return str(head) if isinstance(head, str) else "form"


def _deal_field_key(path: tuple[str | int, ...]) -> str:
    """:func:`field_key` for a path in ``deals``: a requirement's field, a deal's field, else the deal."""
    if len(path) < 2 or not isinstance(path[1], int):
        return "form"
    deal = f"deal-{path[1] - 1}"
    meld = _requirement_field_key(path[2:])
    if meld is not None:
        return f"{deal}-{meld}"
    if len(path) >= 3 and path[2] in _DEAL_KEYS:
        return f"{deal}-{_DEAL_KEYS[str(path[2])]}"
    return deal


def _requirement_field_key(rest: tuple[str | int, ...]) -> str | None:
    """The meld's box a path inside a deal names: ``("requirements", 2, "kind")`` → ``"req-1-kind"``,
    ``("alternatives", 1, 3, "length")`` → ``"alt-0-req-2-length"``; else ``None``."""
    numbers = [n for n in rest[1:-1] if isinstance(n, int)]
    if not rest or rest[-1] not in _REQUIREMENT_PARTS or len(numbers) != len(rest) - 2:
        return None
    if rest[0] == "requirements" and len(numbers) == 1:
        return f"req-{numbers[0] - 1}-{rest[-1]}"
    if rest[0] == "alternatives" and len(numbers) == 2:
        return f"alt-{numbers[0] - 1}-req-{numbers[1] - 1}-{rest[-1]}"
    return None


def _table_field_key(path: tuple[str | int, ...]) -> str:
    """:func:`field_key` for a path in ``table``: a table size's field, else the tables."""
    if len(path) >= 3 and isinstance(path[1], int) and path[2] in _TABLE_KEYS:
        return f"table-{path[1] - 1}-{_TABLE_KEYS[str(path[2])]}"
    return "table"


# ---------------------------------------------------------------------------


def typed_number(text: str) -> int | None:
    """A small whole number as typed (``" 12"``), else ``None``."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else None


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _button(action: str) -> tuple[str, list[int]]:
    """A button's action as what it does and the row numbers it names: ``"remove-req-1-0"`` → ``("remove-req", [1, 0])``."""
    parts = action.split("-")
    return "-".join(parts[:2]), [int(p) for p in parts[2:] if p.isascii() and p.isdigit() and len(p) < 4]


def _point_keys(points: object) -> tuple[str, ...]:
    """The card_points keys the form shows: an ace by its colour (``A_red``, ``A_black``) where the rules score it
    so (Kalooki), else ``A``."""
    if isinstance(points, Mapping) and "W" in points:
        return PHASE10_POINT_KEYS
    split = isinstance(points, Mapping) and ("A_red" in points or "A_black" in points)
    return SPLIT_ACE_POINT_KEYS if split else POINT_KEYS


def _unedited_buys(buys: Mapping[str, Any]) -> dict[str, Any] | None:
    """The keys of ``buys`` the form does not edit (no two discards in a row), carried through as ``buys``; ``None``
    where there are none."""
    rest = {k: v for k, v in buys.items() if k not in BUYS_EDITED}
    return rest or None


def _carried(obj: Mapping[str, Any], edited: tuple[str, ...]) -> str:
    """The fields of ``obj`` the form does not edit, as JSON ("" for none): carried through unchanged (a field
    whose value is ``None`` here is one with nothing to carry)."""
    value = {k: v for k, v in obj.items() if k not in edited and not (k == "buys" and v is None)}
    return json.dumps(value, sort_keys=True, separators=(",", ":")) if value else ""


def _loads(text: str, errors: dict[str, str], key: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        errors[key] = gettext("This form was changed outside the builder: start again from a ruleset.")
        return {}
    return value


def _deal_from_form(form: Mapping[str, str], i: int) -> DealRow:
    """Deal ``i`` as posted: its melds and other contracts found by their numbered names, bounded.

    Ticking "meld every card" takes the last discard away, and a ladder deal is dealt 12 and goes down with all
    13 cards (RULES.md §8.7.4): the boxes are set so, with no sentence to fix.
    """
    rows = [RequirementRow.from_form(form, f"deal-{i}-req-{j}") for j in _indexes(form, rf"deal-{i}-req-(\d+)-length", MAX_REQUIREMENTS)]
    alternatives = [
        [
            RequirementRow.from_form(form, f"deal-{i}-alt-{k}-req-{j}")
            for j in _indexes(form, rf"deal-{i}-alt-{k}-req-(\d+)-length", MAX_REQUIREMENTS)
        ]
        for k in _indexes(form, rf"deal-{i}-alt-(\d+)-req-\d+-length", MAX_ALTERNATIVES + 1)
    ]
    deal = DealRow(
        cards=str(form.get(f"deal-{i}-cards", ""))[:MAX_TEXT],
        going_out=str(form.get(f"deal-{i}-going_out", "discard"))[:MAX_TEXT],
        meld_all=f"deal-{i}-meld_all" in form,
        max_wilds=str(form.get(f"deal-{i}-max_wilds", ""))[:MAX_TEXT],
        requirements=rows,
        alternatives=alternatives,
        extra=str(form.get(f"deal-{i}-extra", ""))[:2000],
    )
    if deal.ladder:
        deal.cards, deal.meld_all, deal.going_out = LADDER_CARDS, True, "no_discard"
    if deal.meld_all and deal.going_out == "discard":
        deal.going_out = "no_discard"
    return deal


def _indexes(form: Mapping[str, str], pattern: str, limit: int) -> list[int]:
    """The row numbers present in a form (``deal-0-cards``, ``deal-1-cards`` ...), in order, at most ``limit``."""
    compiled = re.compile(pattern + "$")
    found = set()
    for name in form:
        match = compiled.match(name)
        if match and len(match.group(1)) < 4:
            found.add(int(match.group(1)))
    return sorted(found)[:limit]
