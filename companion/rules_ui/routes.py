"""Rules at the table: the meld checker, the go-down helper, lay-off rulings and the rules cards.

Every ruling comes from the engine (:mod:`companion.rules`); these views only
read the form, call it and render. The checker and the helper work standalone
(choose the rules and the deal) or from a game (its exact rules and current
deal, house options included).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_login import current_user

from ..card_faces import SUIT_WORDS
from ..contract_words import contract_text
from ..extensions import db
from ..fact_words import fact_label, fact_text
from ..htmx import is_htmx
from ..card_letters import typed_notation
from ..i18n import N_
from .. import registry
from ..registry import Choice, choices, find_ruleset
from ..games.phases import game_progress
from ..models import Game
from ..rules import (
    Card,
    CardSyntaxError,
    Colour,
    Deck,
    JokerReclaim,
    MeldKind,
    Notation,
    Rank,
    Ruleset,
    Suit,
    check_go_down,
    format_cards,
    parse_cards,
)
from ..rules.godown import GoDownTooBigError
from ..rules.guide import card_contents, rules_facts
from ..rules.solver import MAX_HAND, SearchTooBigError, solve
from ..rules.layoff import ExchangeRuling, LayOffRuling, check_joker_exchange, check_lay_off
from ..validation import parse_id, parse_whole_number
from .picker import MAX_TEXT, MeldsText, apply_action, too_much_text


def ruleset_choices(*, custom_only: bool = False) -> list[Choice]:
    """The rulesets to pick from: the reader's stored ones first, then the built-ins."""
    found = choices(current_user)
    published = gettext("Published rules")  # the group's label in the page's language, as choices() writes it
    return [c for c in found if c.group != published] if custom_only else found

bp = Blueprint("rules_ui", __name__)

PICKER_SUITS = tuple(Suit)
PICKER_RANKS = tuple(Rank)
PICKER_COLOURS = tuple(Colour)
#: Each Phase 10 colour's name on its row of keys, in the page's language.
PICKER_COLOUR_NAMES = {"R": N_("Red"), "B": N_("Blue"), "G": N_("Green"), "Y": N_("Yellow")}


@dataclass
class Table:
    """The rules a ruling is made under: a ruleset (or a game's), a deal and maybe a table size."""

    ruleset: Ruleset
    deal: int
    players: int | None
    game: Game | None = None
    errors: dict[str, str] = field(default_factory=dict)
    watch: str | None = None
    """The game's watch-link secret, carried by a reader who is not signed in (see :func:`_game_for_reader`)."""

    @property
    def hidden_fields(self) -> dict[str, str]:
        if self.game is None:
            return {}
        return {"game": str(self.game.id), **({"watch": self.watch} if self.watch else {})}


def _game_for_reader(game_id: int | None, watch: str | None) -> Game:
    """The game whose rules a ruling uses, if the reader may see it; otherwise a 404 that says nothing.

    Games are for signed-in readers, and for a watcher through the game's
    watch link (which carries its secret here). Sequential ids once showed
    anyone on the network a game's custom rules, while ``/rulesets/<id>``
    asked for sign-in.
    """
    game = db.session.get(Game, game_id) if game_id else None
    if game is None:
        abort(404)
    if not current_user.is_authenticated:
        secret = game.share_token or ""
        if not (watch and secret and hmac.compare_digest(watch.encode(), secret.encode())):
            abort(404)
    return game


def _table(values) -> Table:  # noqa: ANN001 - a request's MultiDict
    """The rules, deal and table size from the query or form, with a message beside any bad one."""
    errors: dict[str, str] = {}
    game = None
    if values.get("game"):
        game = _game_for_reader(parse_id(values.get("game")), values.get("watch") or None)
        ruleset = game.ruleset
        players: int | None = len(game.seats)
        current = _current_deal(game)
    else:
        ruleset, players = _chosen_rules(values, errors)
        current = 1
    deal = _deal_asked(values.get("deal"), ruleset, errors) or current
    watching = values.get("watch") if game is not None and not current_user.is_authenticated else None
    return Table(ruleset=ruleset, deal=deal, players=players, game=game, errors=errors, watch=watching)


def _current_deal(game: Game) -> int:
    """The deal a game's table is on: the next one; in a game where each player is on their own phase (Phase 10),
    the lowest phase anyone plays next (the page's picker reaches the others), not the hand's number."""
    progress = game_progress(game)
    if progress is None:
        return min(len(game.deals) + 1, len(game.ruleset.deals))
    phases = [phase for phase in progress.next_phases().values() if phase is not None]
    return min(phases, default=1)


def _chosen_rules(values, errors: dict[str, str]) -> tuple[Ruleset, int | None]:  # noqa: ANN001
    """The ruleset and table size chosen on the page (Contract Rummy, any size, with a sentence for a bad one)."""
    ruleset_id = values.get("ruleset") or "contract"
    found = find_ruleset(ruleset_id)
    if found is None:
        errors["ruleset"] = gettext("There is no ruleset “%(id)s”: pick one from the list.", id=ruleset_id)
    ruleset = found or registry.default()
    if not values.get("players"):
        return ruleset, None
    players = parse_id(values.get("players"))
    if players is None or not ruleset.plays(players):
        errors["players"] = gettext(
            "%(rules)s is played by %(least)s to %(most)s players.",
            rules=ruleset.said_name,
            least=ruleset.min_players,
            most=ruleset.max_players,
        )
        return ruleset, None
    return ruleset, players


def _deal_asked(value: str | None, ruleset: Ruleset, errors: dict[str, str]) -> int | None:
    """The deal number asked for, if it is one of the ruleset's (``None``, with a sentence for a bad one, if not)."""
    if not value:
        return None
    asked = parse_id(value)
    if asked is None or not 1 <= asked <= len(ruleset.deals):
        errors["deal"] = gettext("%(rules)s has deals 1 to %(last)s.", rules=ruleset.said_name, last=len(ruleset.deals))
        return None
    return asked


def _colour_keys() -> dict[str, object]:
    """The names the card keys are read out by, in the page's language: the Phase 10 deck's colours, the suits'
    rows and each card of a suit ("A de picas")."""
    return {
        "colours": PICKER_COLOURS,
        "colour_names": {key: gettext(name) for key, name in PICKER_COLOUR_NAMES.items()},
        "suit_names": {key: gettext(row) for key, (row, _card) in SUIT_WORDS.items()},
        "card_names": {
            f"{rank.label}{key}": gettext(card, rank=rank.label) for key, (_row, card) in SUIT_WORDS.items() for rank in PICKER_RANKS
        },
    }


def _cards(text: str, deck: Deck = Deck.STANDARD, notation: Notation = Notation.ENGLISH) -> tuple[Card, ...]:
    """Cards typed in a box, in the deck's notation and ``notation``'s suit letters, at most :data:`MAX_TEXT`
    characters of them."""
    if len(text) > MAX_TEXT:
        raise CardSyntaxError(too_much_text())
    return parse_cards(text, deck=deck, notation=notation)


def _values():  # noqa: ANN202
    return request.form if request.method == "POST" else request.args


# ---------------------------------------------------------------------------
# The meld checker


@bp.route("/check", methods=["GET", "POST"])
def checker() -> ResponseReturnValue:
    """Is this a legal go-down? Tap or type the melds; the ruling follows every change."""
    values = _values()
    table = _table(values)
    notation = typed_notation(values, "melds", "remaining")
    state = _checker_melds(values, table.ruleset.deck, notation)
    remaining_text = values.get("remaining", "")
    remaining, remaining_error = _remaining(remaining_text, table.ruleset.deck, notation)
    ruling, too_big = None, None
    if state.filled and not state.error and not remaining_error and not table.errors:
        try:
            ruling = check_go_down(table.ruleset, table.deal, state.filled, remaining, table.players)
        except GoDownTooBigError as error:  # past the checker's budget: its sentence, in place of a ruling
            too_big = str(error)
    context = {
        "table": table,
        "state": state,
        "ruling": ruling,
        "too_big": too_big,
        "remaining_text": remaining_text,
        "remaining_error": remaining_error,
        "typing": values.get("next") == "typed",  # "New meld" beside the typed box: it stays open
        "suits": PICKER_SUITS,
        "ranks": PICKER_RANKS,
        **_colour_keys(),
        "rulesets": ruleset_choices(),
        "action": url_for("rules_ui.checker"),
    }
    template = "rules/_checker_body.html" if is_htmx() else "rules/check.html"
    return render_template(template, **context), _status(table.errors or state.error or remaining_error or too_big)


def _checker_melds(values, deck: Deck, notation: Notation) -> MeldsText:  # noqa: ANN001 - a request's MultiDict
    """The checker's melds, in the deck's notation, after the button pressed (one empty meld to fill when there
    are none)."""
    state = MeldsText.parse(values.get("melds"), deck, notation)
    if request.method == "POST":
        state = apply_action(state, values, deck)
    if not state.melds and not state.error:
        state = MeldsText(((),), notation=notation)
    return state


def _remaining(text: str, deck: Deck, notation: Notation) -> tuple[tuple[Card, ...] | None, str | None]:
    """The cards left in hand after going down (``None``: not typed), or the sentence saying why they can't be read."""
    try:
        return (_cards(text, deck, notation) if text.strip() else None), None
    except CardSyntaxError as error:
        return None, str(error)


def _status(refused: object) -> int:
    """422 for a full page with a sentence to show; 200 otherwise, and always for htmx (it swaps only a 2xx)."""
    return 200 if not refused or is_htmx() else 422


# ---------------------------------------------------------------------------
# The go-down helper


@bp.route("/helper", methods=["GET", "POST"])
def helper() -> ResponseReturnValue:
    """Can this hand meet the deal's contract? The melds to lay down and the points left."""
    values = _values()
    table = _table(values)
    state = MeldsText.parse(values.get("hand"), table.ruleset.deck, typed_notation(values, "hand"))
    if request.method == "POST" and "next" not in values:
        state = apply_action(state, values, table.ruleset.deck)
    state, hand = _one_hand(state)
    solution = None
    solved = False
    too_big = None
    if hand and not state.error and not table.errors:
        solution, solved, too_big = _solved(table, hand)
    context = {
        "table": table,
        "state": state,
        "hand": hand,
        "solution": solution,
        "solved": solved,
        "too_big": too_big,
        "suits": PICKER_SUITS,
        "ranks": PICKER_RANKS,
        **_colour_keys(),
        "rulesets": ruleset_choices(),
        "action": url_for("rules_ui.helper"),
    }
    template = "rules/_helper_body.html" if is_htmx() else "rules/helper.html"
    return render_template(template, **context), _status(table.errors or state.error)


def _one_hand(state: MeldsText) -> tuple[MeldsText, tuple[Card, ...]]:
    """The picker's cards as one hand (none, with a sentence, past :data:`MAX_HAND`)."""
    hand = tuple(card for meld in state.melds for card in meld)
    if len(hand) > MAX_HAND:
        state = MeldsText(((),), f"A hand holds at most {MAX_HAND} cards; this one has {len(hand)}.", state.text, state.notation)
        hand = ()
    return MeldsText((hand,), state.error, state.raw, state.notation), hand


def _solved(table: Table, hand: tuple[Card, ...]) -> tuple[Any, bool, str | None]:
    """The solver's answer for ``hand``: (solution, solved, why the search was too big to finish)."""
    try:
        return solve(table.ruleset, table.deal, hand, table.players), True, None
    except SearchTooBigError as error:
        return None, False, str(error)


# ---------------------------------------------------------------------------
# Laying off and taking a joker


@bp.route("/layoff", methods=["GET", "POST"])
def layoff() -> ResponseReturnValue:
    """May these cards go on that meld? May this card take that joker's place?

    The cards are typed, or tapped on the card keys into the box chosen (the meld, or the cards laid off or
    offered); a tap redraws the boxes and asks for no ruling until "Rule on it".
    """
    values = _values()
    table = _table(values)
    asked = replace(LayoffAsked.read(values), deck=table.ruleset.deck)
    errors: dict[str, str] = {}
    # A change of rules redraws only the fields that depend on them: no ruling, nothing judged yet.
    fields_only = values.get("fields") == "rules" and is_htmx()
    tapped = asked.after_tap(values) if request.method == "POST" and not fields_only else None
    ruling: LayOffRuling | ExchangeRuling | None = None
    if tapped is not None:
        asked = tapped
        asked.readable(errors)
    elif not fields_only and (request.method == "POST" or asked.typed):
        ruling = _layoff_ruling(table, asked, errors)
    context = {"table": table, **asked.context(), "errors": errors, "ruling": ruling, "rulesets": ruleset_choices(),
               "suits": PICKER_SUITS, "ranks": PICKER_RANKS, **_colour_keys(), "action": url_for("rules_ui.layoff")}  # fmt: skip
    if fields_only:
        return render_template("rules/_layoff_rules_changed.html", **context), 200
    return render_template("rules/layoff.html", **context), _status(errors or table.errors)


def _layoff_ruling(table: Table, asked: LayoffAsked, errors: dict[str, str]) -> LayOffRuling | ExchangeRuling | None:
    """The engine's ruling on what the form asks, or ``None`` with a sentence in ``errors`` beside each bad box."""
    meld, cards, moved_from = asked.cards(table.ruleset, errors)
    if errors or table.errors:
        return None
    return asked.ruling(table.ruleset, meld, cards, moved_from)


_KINDS = {"set": MeldKind.SET, "run": MeldKind.RUN, "pair": MeldKind.PAIR, "colour": MeldKind.COLOUR}

#: The sentence beside an empty cards box, by the page's mode.
_NO_CARDS = {
    "exchange": N_("Type the card offered for the joker, like “7S”."),
    "layoff": N_("Type the card or cards to lay off, like “9S 10S”."),
}


@dataclass(frozen=True)
class LayoffAsked:
    """The lay-off page's form as typed: lay off (``layoff``) or take a joker (``exchange``), and its boxes."""

    mode: str
    meld_text: str
    cards_text: str
    kind_text: str
    this_turn: bool
    own_run: bool
    moved_from_text: str
    into: str = "meld"
    """The box the card keys fill: ``meld`` (the meld on the table) or ``cards`` (laid off, or offered)."""
    deck: Deck = Deck.STANDARD
    """The notation the boxes are read in: the rules' deck (Phase 10's own, or standard cards)."""
    notation: Notation = Notation.ENGLISH
    """The suit letters the boxes are written in (the form's ``notation``: a Spanish page's P C D T)."""

    @classmethod
    def read(cls, values) -> LayoffAsked:  # noqa: ANN001 - a request's MultiDict
        return cls(
            mode="exchange" if values.get("mode") == "exchange" else "layoff",
            meld_text=values.get("meld", ""),
            cards_text=values.get("cards", ""),
            kind_text=values.get("kind", ""),
            this_turn=values.get("this_turn") == "y",
            own_run=values.get("own_run") == "y",
            moved_from_text=values.get("moved_from", ""),
            into="cards" if values.get("into") == "cards" else "meld",
            notation=typed_notation(values, "meld", "cards", "moved_from"),
        )

    @property
    def typed(self) -> bool:
        return bool(self.meld_text or self.cards_text)

    def context(self) -> dict[str, Any]:
        """The form's values under the names the page's template reads, and each box's cards to show as chips."""
        return {"mode": self.mode, "meld_text": self.meld_text, "cards_text": self.cards_text, "kind": self.kind_text,
                "this_turn": self.this_turn, "own_run": self.own_run, "moved_from_text": self.moved_from_text,
                "into": self.into, "notation": self.notation,
                "chips": {box: _readable(self.box_text(box), self.deck, self.notation) or () for box in _BOXES}}  # fmt: skip

    def box_text(self, box: str) -> str:
        return self.meld_text if box == "meld" else self.cards_text

    def _with_box(self, box: str, cards: tuple[Card, ...]) -> LayoffAsked:
        text = format_cards(cards, self.notation)
        return replace(self, meld_text=text) if box == "meld" else replace(self, cards_text=text)

    def after_tap(self, values) -> LayoffAsked | None:  # noqa: ANN001 - a request's MultiDict
        """The form after a tap: a card key (``add``), a chosen card (``remove``, ``"meld:2"``) or the box the keys
        fill (``switch``); ``None``: no tap.

        The box the keys fill travels in a hidden field that only an answer changes, never the page at once: on a
        slow connection a quick thumb's taps wait their turn and read the form when sent, so a key tapped before
        "Lay off" still fills the meld. A box whose typed text has a mistake takes no taps until it is corrected.
        """
        if values.get("switch") in _BOXES:
            return replace(self, into=values["switch"])
        if values.get("add"):
            return self._added(values["add"])
        if values.get("remove"):
            return self._removed(values["remove"])
        return None

    def _added(self, token: str) -> LayoffAsked:
        """``token``'s card added to the box the keys fill; a joker is taken with one card, so it replaces the card offered."""
        held = _readable(self.box_text(self.into), self.deck, self.notation)
        try:
            card = Card.parse(token, self.deck)
        except CardSyntaxError:
            return self
        if held is None:
            return self
        if self.into == "cards" and self.mode == "exchange":
            held = ()
        return self._with_box(self.into, held + (card,))

    def _removed(self, tapped: str) -> LayoffAsked:
        box, _, index_text = tapped.partition(":")
        index = parse_whole_number(index_text, low=0, high=999)
        held = _readable(self.box_text(box), self.deck, self.notation) if box in _BOXES else None
        if held is None or index is None or index >= len(held):
            return self  # an out-of-date or forged tap changes nothing
        return self._with_box(box, held[:index] + held[index + 1 :])

    def readable(self, errors: dict[str, str]) -> None:
        """A sentence in ``errors`` beside each box whose typed cards can't be read (an empty box is fine while tapping)."""
        for box in _BOXES:
            _read_cards(self.box_text(box), box, errors, self.deck, self.notation)

    def cards(
        self, ruleset: Ruleset, errors: dict[str, str]
    ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...] | None]:
        """The meld, the cards offered and (where jokers slide) where a joker moved from; a sentence in ``errors``
        beside each box that is empty or can't be read."""
        meld = _read_cards(self.meld_text, "meld", errors, self.deck, self.notation)
        if meld == ():
            errors["meld"] = gettext("Type the meld on the table, like “5S 6S 7S 8S”.")
        cards = _read_cards(self.cards_text, "cards", errors, self.deck, self.notation)
        if cards == ():
            errors["cards"] = gettext(_NO_CARDS[self.mode])
        elif cards is not None and self.mode == "exchange" and len(cards) != 1:
            errors["cards"] = gettext("A joker is taken with one natural card: type just that card.")
        return meld or (), cards or (), self._moved_from(ruleset, errors)

    def _moved_from(self, ruleset: Ruleset, errors: dict[str, str]) -> tuple[Card, ...] | None:
        """Where jokers slide, the meld a joker was moved from (``None``: not typed, or not these rules)."""
        slides = ruleset.reclaim is JokerReclaim.SLIDE and self.mode != "exchange"
        if slides and self.moved_from_text.strip():
            return _read_cards(self.moved_from_text, "moved_from", errors, self.deck, self.notation)
        return None

    def ruling(
        self, ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...], moved_from: tuple[Card, ...] | None
    ) -> LayOffRuling | ExchangeRuling:
        """The engine's ruling on taking a joker with ``cards[0]`` (exchange), or on laying ``cards`` off."""
        kind = _KINDS.get(self.kind_text)
        if self.mode == "exchange":
            return check_joker_exchange(ruleset, meld, cards[0], kind=kind, went_down_before_this_turn=not self.this_turn)
        return check_lay_off(
            ruleset,
            meld,
            cards,
            kind=kind,
            turns_since_going_down=0 if self.this_turn else None,
            own_run=self.own_run,
            moved_from=moved_from,
        )


_BOXES = ("meld", "cards")


def _readable(text: str, deck: Deck, notation: Notation) -> tuple[Card, ...] | None:
    """The cards typed in a box, or ``None`` when they can't be read."""
    try:
        return _cards(text, deck, notation)
    except CardSyntaxError:
        return None


def _read_cards(text: str, key: str, errors: dict[str, str], deck: Deck, notation: Notation) -> tuple[Card, ...] | None:
    """The cards typed in box ``key``; ``None``, with the sentence in ``errors``, when they can't be read."""
    try:
        return _cards(text, deck, notation)
    except CardSyntaxError as error:
        errors[key] = str(error)
        return None


# ---------------------------------------------------------------------------
# Rules cards


@bp.get("/rules/")
def rules_index() -> str:
    return render_template("rules/index.html", rulesets=registry.builtins(), customs=ruleset_choices(custom_only=True))


@bp.get("/rules/<ruleset_id>")
def rules_card(ruleset_id: str) -> str:
    """A ruleset's card: a built-in one, or the latest version of a table's own (``custom-<id>``)."""
    ruleset = find_ruleset(ruleset_id)
    if ruleset is None:
        abort(404)
    return _render_card(ruleset, game=None)


@bp.get("/games/<int:game_id>/rules")
def game_rules_card(game_id: int) -> str:
    """The exact rules a game is played under, house options included."""
    watch = request.args.get("watch")
    game = _game_for_reader(game_id, watch)
    return render_template("rules/card.html", game=game, watch=watch if not current_user.is_authenticated else None,
                           **card_contents(game.ruleset))


def _render_card(ruleset: Ruleset, game: Game | None) -> str:
    return render_template("rules/card.html", game=game, **card_contents(ruleset))


@bp.get("/rules/compare")
def compare() -> str:
    """Rulesets side by side, showing only the rules where they differ."""
    found = {i: find_ruleset(i) for i in dict.fromkeys(request.args.getlist("ruleset")[:20])}
    rulesets = [r for r in found.values() if r is not None] or list(registry.builtins())
    asked = [ruleset.id for ruleset in rulesets]
    return render_template(
        "rules/compare.html",
        rulesets=rulesets,
        rows=_fact_rows(rulesets),
        deal_rows=_deal_rows(rulesets),
        all_rulesets=ruleset_choices(),
        asked=asked,
    )


def _differ(texts: list[str]) -> bool:
    """A comparison's row is shown where the rulesets differ (every row, for one ruleset alone)."""
    return len(set(texts)) > 1 or len(texts) == 1


def _fact_rows(rulesets: list[Ruleset]) -> list[dict[str, Any]]:
    """The rules cards' facts side by side (``—`` where a ruleset has none), where they differ."""
    facts = [{fact.key: fact for fact in rules_facts(r)} for r in rulesets]
    labels: dict[str, str] = {}  # every fact's key in order of appearance, with its first ruleset's label
    for ruleset, per in zip(rulesets, facts, strict=True):
        for key, fact in per.items():
            labels.setdefault(key, fact_label(fact, ruleset))
    rows = []
    for key, label in labels.items():
        texts = [fact_text(per[key], ruleset) if key in per else "—" for ruleset, per in zip(rulesets, facts, strict=True)]
        if _differ(texts):
            rows.append({"label": label, "texts": texts})
    return rows


def _deal_rows(rulesets: list[Ruleset]) -> list[dict[str, Any]]:
    """Each deal's contract and cards side by side (``—`` past a ruleset's last deal), where they differ."""
    rows = []
    for number in range(1, max(len(r.deals) for r in rulesets) + 1):
        texts = [
            gettext("%(contract)s · %(count)s cards", contract=contract_text(r.deals[number - 1], r), count=r.deals[number - 1].cards_dealt)
            if number <= len(r.deals)
            else "—"
            for r in rulesets
        ]
        if _differ(texts):
            rows.append({"label": gettext("Deal %(number)s", number=number), "texts": texts})
    return rows
