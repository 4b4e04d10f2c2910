"""Rules at the table: the meld checker, the go-down helper, lay-off rulings and the rules cards.

Every ruling comes from the engine (:mod:`companion.rules`); these views only
read the form, call it and render. The checker and the helper work standalone
(choose the rules and the deal) or from a game (its exact rules and current
deal, house options included).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field

from flask import Blueprint, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user

from ..extensions import db
from ..registry import Choice, choices, find_ruleset
from ..models import Game
from ..rules import (
    RULESETS,
    Card,
    CardSyntaxError,
    JokerReclaim,
    MeldKind,
    Rank,
    Ruleset,
    Suit,
    check_go_down,
    parse_cards,
)
from ..rules.guide import card_contents, rules_facts
from ..rules.solver import MAX_HAND, SearchTooBigError, solve
from ..rules.layoff import ExchangeRuling, LayOffRuling, check_joker_exchange, check_lay_off
from ..validation import parse_id
from .picker import MAX_TEXT, MeldsText, apply_action


def ruleset_choices(*, custom_only: bool = False) -> list[Choice]:
    """The rulesets to pick from: the reader's stored ones first, then the built-ins."""
    found = choices(current_user)
    return [c for c in found if c.group != "Published rules"] if custom_only else found

bp = Blueprint("rules_ui", __name__)

PICKER_SUITS = tuple(Suit)
PICKER_RANKS = tuple(Rank)


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
        watch = values.get("watch") or None
        game = _game_for_reader(parse_id(values.get("game")), watch)
        ruleset = game.ruleset
        players: int | None = len(game.seats)
        current = min(len(game.deals) + 1, len(ruleset.deals))
    else:
        ruleset_id = values.get("ruleset") or "contract"
        found = find_ruleset(ruleset_id)
        if found is None:
            errors["ruleset"] = f"There is no ruleset “{ruleset_id}”: pick one from the list."
        ruleset = found or RULESETS["contract"]
        players = None
        current = 1
        if values.get("players"):
            players = parse_id(values.get("players"))
            if players is None or not ruleset.min_players <= players <= ruleset.max_players:
                errors["players"] = f"{ruleset.name} is played by {ruleset.min_players} to {ruleset.max_players} players."
                players = None
    deal = current
    if values.get("deal"):
        asked = parse_id(values.get("deal"))
        if asked is None or not 1 <= asked <= len(ruleset.deals):
            errors["deal"] = f"{ruleset.name} has deals 1 to {len(ruleset.deals)}."
        else:
            deal = asked
    watching = values.get("watch") if game is not None and not current_user.is_authenticated else None
    return Table(ruleset=ruleset, deal=deal, players=players, game=game, errors=errors, watch=watching)


def _cards(text: str) -> tuple[Card, ...]:
    """Cards typed in a box, at most :data:`MAX_TEXT` characters of them."""
    if len(text) > MAX_TEXT:
        raise CardSyntaxError(f"That is more cards than a table holds: type at most {MAX_TEXT} characters.")
    return parse_cards(text)


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _values():  # noqa: ANN202
    return request.form if request.method == "POST" else request.args


# ---------------------------------------------------------------------------
# The meld checker


@bp.route("/check", methods=["GET", "POST"])
def checker() -> ResponseReturnValue:
    """Is this a legal go-down? Tap or type the melds; the ruling follows every change."""
    values = _values()
    table = _table(values)
    state = MeldsText.parse(values.get("melds"))
    if request.method == "POST":
        state = apply_action(state, values)
    if not state.melds and not state.error:
        state = MeldsText(((),))
    remaining_text = values.get("remaining", "")
    remaining: tuple[Card, ...] | None = None
    remaining_error = None
    try:
        remaining = _cards(remaining_text) if remaining_text.strip() else None
    except CardSyntaxError as error:
        remaining_error = str(error)
    ruling = None
    if state.filled and not state.error and not remaining_error and not table.errors:
        ruling = check_go_down(table.ruleset, table.deal, state.filled, remaining, table.players)
    context = {
        "table": table,
        "state": state,
        "ruling": ruling,
        "remaining_text": remaining_text,
        "remaining_error": remaining_error,
        "suits": PICKER_SUITS,
        "ranks": PICKER_RANKS,
        "rulesets": ruleset_choices(),
        "action": url_for("rules_ui.checker"),
    }
    template = "rules/_checker_body.html" if _is_htmx() else "rules/check.html"
    status = 200 if not (table.errors or state.error or remaining_error) or _is_htmx() else 422
    return render_template(template, **context), status


# ---------------------------------------------------------------------------
# The go-down helper


@bp.route("/helper", methods=["GET", "POST"])
def helper() -> ResponseReturnValue:
    """Can this hand meet the deal's contract? The melds to lay down and the points left."""
    values = _values()
    table = _table(values)
    state = MeldsText.parse(values.get("hand"))
    if request.method == "POST" and "next" not in values:
        state = apply_action(state, values)
    hand = tuple(card for meld in state.melds for card in meld)
    if len(hand) > MAX_HAND:
        state = MeldsText(((),), f"A hand holds at most {MAX_HAND} cards; this one has {len(hand)}.", state.text)
        hand = ()
    state = MeldsText((hand,), state.error, state.raw)
    solution = None
    solved = False
    too_big = None
    if hand and not state.error and not table.errors:
        try:
            solution = solve(table.ruleset, table.deal, hand, table.players)
            solved = True
        except SearchTooBigError as error:
            too_big = str(error)
    context = {
        "table": table,
        "state": state,
        "hand": hand,
        "solution": solution,
        "solved": solved,
        "too_big": too_big,
        "suits": PICKER_SUITS,
        "ranks": PICKER_RANKS,
        "rulesets": ruleset_choices(),
        "action": url_for("rules_ui.helper"),
    }
    template = "rules/_helper_body.html" if _is_htmx() else "rules/helper.html"
    status = 200 if not (table.errors or state.error) or _is_htmx() else 422
    return render_template(template, **context), status


# ---------------------------------------------------------------------------
# Laying off and taking a joker


@bp.route("/layoff", methods=["GET", "POST"])
def layoff() -> ResponseReturnValue:
    """May these cards go on that meld? May this card take that joker's place?"""
    values = _values()
    table = _table(values)
    mode = "exchange" if values.get("mode") == "exchange" else "layoff"
    meld_text = values.get("meld", "")
    cards_text = values.get("cards", "")
    kind_text = values.get("kind", "")
    this_turn = values.get("this_turn") == "y"
    own_run = values.get("own_run") == "y"
    moved_from_text = values.get("moved_from", "")
    errors: dict[str, str] = {}
    ruling: LayOffRuling | ExchangeRuling | None = None
    meld: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    moved_from: tuple[Card, ...] | None = None
    # A change of rules redraws only the fields that depend on them: no ruling, nothing judged yet.
    fields_only = values.get("fields") == "rules" and _is_htmx()
    if not fields_only and (request.method == "POST" or meld_text or cards_text):
        try:
            meld = _cards(meld_text)
            if not meld:
                errors["meld"] = "Type the meld on the table, like “5S 6S 7S 8S”."
        except CardSyntaxError as error:
            errors["meld"] = str(error)
        try:
            cards = _cards(cards_text)
            if not cards:
                errors["cards"] = (
                    "Type the card offered for the joker, like “7S”."
                    if mode == "exchange"
                    else "Type the card or cards to lay off, like “9S 10S”."
                )
            elif mode == "exchange" and len(cards) != 1:
                errors["cards"] = "A joker is taken with one natural card: type just that card."
        except CardSyntaxError as error:
            errors["cards"] = str(error)
        slides = table.ruleset.reclaim is JokerReclaim.SLIDE and mode != "exchange"
        if slides and moved_from_text.strip():
            try:
                moved_from = _cards(moved_from_text)
            except CardSyntaxError as error:
                errors["moved_from"] = str(error)
        kind = {"set": MeldKind.SET, "run": MeldKind.RUN, "pair": MeldKind.PAIR}.get(kind_text)
        if not errors and not table.errors:
            if mode == "exchange":
                ruling = check_joker_exchange(
                    table.ruleset, meld, cards[0], kind=kind, went_down_before_this_turn=not this_turn
                )
            else:
                ruling = check_lay_off(
                    table.ruleset,
                    meld,
                    cards,
                    kind=kind,
                    turns_since_going_down=0 if this_turn else None,
                    own_run=own_run,
                    moved_from=moved_from,
                )
    context = {
        "table": table,
        "mode": mode,
        "meld_text": meld_text,
        "cards_text": cards_text,
        "kind": kind_text,
        "this_turn": this_turn,
        "own_run": own_run,
        "moved_from_text": moved_from_text,
        "errors": errors,
        "ruling": ruling,
        "rulesets": ruleset_choices(),
    }
    if fields_only:
        return render_template("rules/_layoff_rules_changed.html", **context), 200
    status = 422 if errors or table.errors else 200
    return render_template("rules/layoff.html", **context), status


# ---------------------------------------------------------------------------
# Rules cards


@bp.get("/rules/")
def rules_index() -> str:
    return render_template("rules/index.html", rulesets=RULESETS.values(), customs=ruleset_choices(custom_only=True))


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
    asked = [i for i, r in found.items() if r is not None] or list(RULESETS)
    rulesets = [found.get(i) or RULESETS[i] for i in asked]
    facts = [{fact.key: fact for fact in rules_facts(r)} for r in rulesets]
    keys = list(dict.fromkeys(key for per in facts for key in per))
    rows = []
    for key in keys:
        texts = [per[key].text if key in per else "—" for per in facts]
        if len(set(texts)) > 1 or len(rulesets) == 1:
            label = next(per[key].label for per in facts if key in per)
            rows.append({"label": label, "texts": texts})
    deal_rows = []
    longest = max(len(r.deals) for r in rulesets)
    for number in range(1, longest + 1):
        texts = [
            f"{r.deals[number - 1].contract} · {r.deals[number - 1].cards_dealt} cards" if number <= len(r.deals) else "—"
            for r in rulesets
        ]
        if len(set(texts)) > 1 or len(rulesets) == 1:
            deal_rows.append({"label": f"Deal {number}", "texts": texts})
    return render_template(
        "rules/compare.html", rulesets=rulesets, rows=rows, deal_rows=deal_rows, all_rulesets=ruleset_choices(), asked=asked
    )
