"""Forms for setting up a game and entering a deal's scores (Flask-WTF: every post carries CSRF)."""

from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    FormField,
    HiddenField,
    RadioField,
    SelectChoice,
    SelectMultipleField,
    StringField,
)
from wtforms.utils import unset_value
from wtforms.validators import Optional, ValidationError
from wtforms.widgets import CheckboxInput, HiddenInput, ListWidget

from .. import registry
from ..fact_words import option_label
from ..i18n import N_
from ..validation import MAX_ID, BoundedIntegerField, IdSelectField, OfferedChoiceField, PlainName, PlainText

MAX_SEATS = 8
MAX_DEALS = 99
"""More deals than any ruleset has."""
MAX_HAND_TEXT = 200
"""A hand's cards as typed: room for far more cards than any hand holds (the count is checked on its own)."""
RANDOM_DEALER = "random"

_OPTIONS = {o.key: o for o in sorted((o for r in registry.builtins() for o in r.options), key=lambda o: o.key)}


class SeatForm(FlaskForm):
    """One seat at the table: a known player, or a new name."""

    class Meta:
        csrf = False  # the enclosing form carries the token

    player = IdSelectField(_l("Player"), message=N_("Pick a player from the list."))
    new_name = StringField(_l("or a new player"), validators=[Optional(), PlainName(longest=40)])

    def validate_new_name(self, field: StringField) -> None:
        if field.data and field.data.strip() and self.player.data:
            raise ValidationError(gettext("Pick a player or type a new name, not both."))


class NewGameForm(FlaskForm):
    """Who plays, where they sit (clockwise), the rules and the first dealer."""

    ruleset = OfferedChoiceField(
        _l("Rules"),
        choices=[SelectChoice(r.id, r.name) for r in registry.builtins()],
        default=registry.DEFAULT_ID,
        message=N_("Pick the rules from the list."),
    )
    options = SelectMultipleField(
        _l("House rules"),
        choices=[SelectChoice(key, option.label) for key, option in _OPTIONS.items()],
        widget=ListWidget(prefix_label=False),
        option_widget=CheckboxInput(),
    )
    seats = FieldList(FormField(SeatForm), min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    first_dealer = OfferedChoiceField(
        _l("First dealer"),
        default=RANDOM_DEALER,
        choices=[SelectChoice(RANDOM_DEALER, _l("Draw at random"))]
        + [SelectChoice(str(i), _l("Seat %(number)s", number=i + 1)) for i in range(MAX_SEATS)],
        message=N_("Pick a seat with a player in it, or draw the dealer at random."),
    )
    league = IdSelectField(_l("League"), message=N_("Pick a league from the list, or no league."))
    """Optional: a game in a league counts in its standings; its players join the roster."""

    def validate_options(self, field: SelectMultipleField) -> None:
        if not registry.is_builtin(self.ruleset.data):  # a table's own rules: checked when the game starts
            return
        ruleset = registry.builtin(self.ruleset.data)
        offered = {o.key for o in ruleset.options}
        for key in field.data or []:
            if key not in offered:
                raise ValidationError(
                    gettext("%(rules)s has no house rule “%(option)s”.", rules=ruleset.said_name, option=option_label(_OPTIONS[key]) if key in _OPTIONS else key)
                )


def _lines_joined(text: str | None) -> str | None:
    """A hand typed over several lines (its box wraps, and Enter without JavaScript breaks a line) as one line."""
    return " ".join(text.splitlines()) if text else text


class HandForm(FlaskForm):
    """One player's line of the score form."""

    class Meta:
        csrf = False

    cards = StringField(
        _l("Cards left"), filters=[_lines_joined], validators=[PlainText(longest=MAX_HAND_TEXT, what="A hand")]
    )
    points = StringField(_l("or their points"))  # read by the engine's read_points, which bounds it
    exact_cut = BooleanField(_l("Cut exactly"))
    one_turn_out = BooleanField(_l("Went down and out in one turn"))
    made = BooleanField(_l("Made their phase"))
    """Per-player games (Phase 10): the player laid their phase down in this hand."""
    chosen_phase = BoundedIntegerField(
        _l("Phase chosen"), low=0, high=MAX_DEALS, message=N_("Choose the phase as a number, like 4.")
    )
    """Phase 10 Masters: the phase the player chose before the hand (the engine says which can't be chosen)."""


class NumberedFieldList(FieldList):
    """A FieldList that remembers the entry numbers that were posted (``hands-0``, ``hands-2`` ...)."""

    posted_numbers: list[int]

    def process(self, formdata, data=unset_value, extra_filters=None):  # type: ignore[no-untyped-def]
        self.posted_numbers = sorted(set(self._extract_indices(self.name, formdata))) if formdata else []
        super().process(formdata, data, extra_filters)


class DealEntryForm(FlaskForm):
    """A deal's scores: who went out, each hand, and the table's say-so on warnings."""

    went_out = RadioField(_l("Who went out?"), choices=[], validate_choice=False)
    hands = NumberedFieldList(FormField(HandForm), max_entries=MAX_SEATS)
    confirm = BooleanField(_l("Save anyway: we checked these warnings"))
    confirm_finished = BooleanField(_l("This game is finished: correct it anyway"))
    version = BoundedIntegerField(
        widget=HiddenInput(), low=1, high=MAX_ID, message=N_("The form was out of date: open the deal again.")
    )
    #: The suit letters the cards are typed in: the page's ("es": P C D T); without it, API.md's letters.
    notation = HiddenField()

    def validate_hands(self, field: NumberedFieldList) -> None:
        # FieldList packs the posted entries together, so hands-0 and hands-2 would become the first two
        # seats' hands. The app never draws a form with a gap: refuse it rather than re-seat a hand.
        if field.posted_numbers != list(range(len(field.posted_numbers))):
            raise ValidationError(gettext("The hands came in out of order: open the deal again and enter them."))


class ConfirmForm(FlaskForm):
    """A plain POST button (abandon, May I): it still carries CSRF."""

    sure = BooleanField(_l("Yes, I'm sure"))


class UndoForm(ConfirmForm):
    """Undo names the deal it takes back, so a second tap (or a second phone) can't take back another."""

    deal = BoundedIntegerField(
        widget=HiddenInput(), low=1, high=MAX_DEALS, message=N_("The page was out of date: reload it and try again.")
    )
