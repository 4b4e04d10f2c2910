"""The card picker's state: melds being built by taps or typing, as one line of text.

The state travels in the form itself (``"5S 6S JK | 9H"``: melds split by
``|``, the last one being built), so nothing is stored and every tap is one
round trip that returns the picker and the ruling. Typed, melds are split by
``|``, a slash or a new line, or by the "Next meld" key beside the box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules import Card, CardSyntaxError, Deck, Notation, format_cards, parse_cards
from ..validation import parse_whole_number


def too_much_text() -> str:
    """The sentence for a box of cards longer than any table's cards, in the page's language."""
    from flask_babel import gettext

    return gettext("That is more cards than a table holds: type at most %(count)s characters.", count=MAX_TEXT)

SEPARATOR = "|"
_MELD_BREAKS = re.compile(r"[|/\n]")
"""What splits typed melds: a new line (one meld a line), ``|``, or a slash (on a phone's first page of symbols)."""
MAX_TEXT = 600
"""Characters of cards in one box: far more than a table's melds (a million once took seconds and 22 MB back)."""


@dataclass(frozen=True)
class MeldsText:
    """Melds as typed or tapped; ``error`` quotes the first bad token, if any."""

    melds: tuple[tuple[Card, ...], ...]
    error: str | None = None
    raw: str = ""
    """The text as typed, kept when it has an error so it can be corrected."""
    notation: Notation = Notation.ENGLISH
    """The suit letters the text is read and written in (a Spanish page's: ``7C`` is the 7 of corazones)."""

    @classmethod
    def parse(cls, text: str | None, deck: Deck = Deck.STANDARD, notation: Notation = Notation.ENGLISH) -> MeldsText:
        """``"5S 6S JK 8S | 9H 10H"`` as melds; a trailing ``|`` (or new line) starts an empty meld.

        A slash or a new line splits melds too (``"5S 6S JK 8S / 9H 10H"``, or a line each): ``|`` is hard to
        find on a phone's keyboard. An empty meld before the last one (a blank line) is no meld.
        """
        if text and len(text) > MAX_TEXT:
            return cls(((),), too_much_text(), raw="", notation=notation)
        parts = _MELD_BREAKS.split(text or "")
        melds = []
        for part in parts:
            try:
                melds.append(parse_cards(part, deck=deck, notation=notation))
            except CardSyntaxError as error:
                return cls(tuple(melds), str(error), raw=text or "", notation=notation)  # the engine's sentence, ready to show
        return cls(tuple(meld for meld in melds[:-1] if meld) + tuple(melds[-1:]), notation=notation)

    @property
    def text(self) -> str:
        return f" {SEPARATOR} ".join(format_cards(meld, self.notation) for meld in self.melds).strip()

    @property
    def display(self) -> str:
        """What the text field shows: the typed text while it has an error, else the canonical text."""
        return self.raw if self.error else self.text

    @property
    def filled(self) -> tuple[tuple[Card, ...], ...]:
        """The melds with at least one card (an empty meld being started is not checked)."""
        return tuple(meld for meld in self.melds if meld)

    def add(self, card: Card) -> MeldsText:
        """The card added to the meld being built (the last one)."""
        melds = list(self.melds) or [()]
        melds[-1] = melds[-1] + (card,)
        return MeldsText(tuple(melds), notation=self.notation)

    def remove(self, meld_index: int, card_index: int) -> MeldsText:
        """A chosen card taken away again; an out-of-date index changes nothing."""
        if not 0 <= meld_index < len(self.melds) or not 0 <= card_index < len(self.melds[meld_index]):
            return self
        meld = self.melds[meld_index]
        melds = list(self.melds)
        melds[meld_index] = meld[:card_index] + meld[card_index + 1 :]
        return MeldsText(tuple(melds), notation=self.notation)

    def next_meld(self) -> MeldsText:
        """Start another meld (unless the one being built is still empty)."""
        if self.melds and not self.melds[-1]:
            return self
        return MeldsText(self.melds + ((),), notation=self.notation)


def apply_action(state: MeldsText, form: dict[str, str], deck: Deck = Deck.STANDARD) -> MeldsText:
    """A tap's effect: ``add`` a card, ``remove`` ``"meld:card"``, ``next`` meld, or ``clear``.

    While the typed text has an error only ``clear`` acts (it is the way out); other taps wait for the fix.
    """
    if "clear" in form:
        return MeldsText(((),), notation=state.notation)
    if state.error:
        return state
    if "next" in form:
        return state.next_meld()
    if form.get("add"):
        try:
            return state.add(Card.parse(form["add"], deck))
        except CardSyntaxError:
            return state
    if form.get("remove"):
        meld_text, _, card_text = form["remove"].partition(":")
        # bounded: a forged tap of 5,000 digits once reached int() and its ValueError (a 500)
        meld, card = parse_whole_number(meld_text, low=0, high=999), parse_whole_number(card_text, low=0, high=999)
        if meld is not None and card is not None:
            return state.remove(meld, card)
    return state
