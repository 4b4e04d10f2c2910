"""Forms for setting up a game and entering a deal's scores (Flask-WTF: every post carries CSRF)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    FormField,
    HiddenField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import Length, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..rules import DEFAULT_RULESET_ID, RULESETS

MAX_SEATS = 8
RANDOM_DEALER = "random"

_OPTION_LABELS = dict(sorted({(o.key, o.label) for r in RULESETS.values() for o in r.options}))


class SeatForm(FlaskForm):
    """One seat at the table: a known player, or a new name."""

    class Meta:
        csrf = False  # the enclosing form carries the token

    player = SelectField("Player", choices=[SelectChoice("", "—")], validate_choice=False, validators=[Optional()])
    new_name = StringField(
        "or a new player", validators=[Optional(), Length(max=40, message="A name is at most 40 letters.")]
    )

    def validate_new_name(self, field: StringField) -> None:
        if field.data and field.data.strip() and self.player.data:
            raise ValidationError("Pick a player or type a new name, not both.")


class NewGameForm(FlaskForm):
    """Who plays, where they sit (clockwise), the rules and the first dealer."""

    ruleset = SelectField(
        "Rules", choices=[SelectChoice(r.id, r.name) for r in RULESETS.values()], default=DEFAULT_RULESET_ID
    )
    options = SelectMultipleField(
        "House rules",
        choices=[SelectChoice(key, label) for key, label in _OPTION_LABELS.items()],
        widget=ListWidget(prefix_label=False),
        option_widget=CheckboxInput(),
    )
    seats = FieldList(FormField(SeatForm), min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    first_dealer = SelectField("First dealer", default=RANDOM_DEALER, validate_choice=False)
    league = SelectField("League", default="", validate_choice=False)
    """Optional: a game in a league counts in its standings; its players join the roster."""

    def validate_options(self, field: SelectMultipleField) -> None:
        ruleset = RULESETS.get(self.ruleset.data or "")
        if ruleset is None:
            return
        offered = {o.key for o in ruleset.options}
        for key in field.data or []:
            if key not in offered:
                raise ValidationError(f"{ruleset.name} has no house rule “{_OPTION_LABELS.get(key, key)}”.")


class HandForm(FlaskForm):
    """One player's line of the score form."""

    class Meta:
        csrf = False

    cards = StringField("Cards left")
    points = StringField("or their points")
    exact_cut = BooleanField("Cut exactly")
    one_turn_out = BooleanField("Went down and out in one turn")


class DealEntryForm(FlaskForm):
    """A deal's scores: who went out, each hand, and the table's say-so on warnings."""

    went_out = RadioField("Who went out?", choices=[], validate_choice=False)
    hands = FieldList(FormField(HandForm))
    confirm = BooleanField("Save anyway: we checked these warnings")
    confirm_finished = BooleanField("This game is finished: correct it anyway")
    version = HiddenField()


class ConfirmForm(FlaskForm):
    """A plain POST button (undo, abandon, May I): it still carries CSRF."""

    sure = BooleanField("Yes, I'm sure")
