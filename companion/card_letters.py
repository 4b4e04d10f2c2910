"""The letters a page's card boxes read: a Spanish page's suits are P picas, C corazones, D diamantes, T tréboles.

A Chilean typing ``7C`` on a Spanish page means the 7 of corazones (hearts); in API.md's letters it is the 7 of
clubs. So every form with a card box says which letters its text is written in, in a hidden ``notation`` field
set to the page's (``en`` or ``es``), and the server reads the box in those letters and writes the cards back in
them. Text that comes without the field (a link made before, an API-style query) is read in API.md's letters, as
it always was; the JSON API reads API.md's letters only. The placeholders show the page's letters
(``{{ "5S 6S JK"|in_page_letters }}`` is ``5P 6P JK`` on a Spanish page), and the cards drawn back beside a box
carry their suit symbols, so a slip (clubs for corazones) shows at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask_babel import gettext
from jinja2 import pass_context

from .i18n import N_, page_language
from .rules import Notation, parse_cards
from .rules.cards import format_cards

if TYPE_CHECKING:
    from collections.abc import Mapping

    from flask import Flask
    from jinja2.runtime import Context

#: The notation each page language types cards in (any other language: API.md's letters).
_NOTATIONS = {"es": Notation.SPANISH}


def page_notation() -> Notation:
    """The suit letters the page's language types cards with."""
    return _NOTATIONS.get(page_language(), Notation.ENGLISH)


def typed_notation(values: Mapping[str, str], *boxes: str) -> Notation:
    """The letters the card boxes ``boxes`` of a form's ``values`` are written in: the form's own ``notation``
    field; without it, API.md's letters for a box holding text (a link), else the page's (a fresh form)."""
    asked = values.get("notation", "")
    if asked in Notation.__members__.values():
        return Notation(asked)
    if any(values.get(box, "").strip() for box in boxes):
        return Notation.ENGLISH
    return page_notation()


@pass_context  # never folded into the compiled template: the page's language is asked at each rendering
def in_page_letters(_context: Context, codes: str) -> str:
    """Cards written in API.md's letters (a placeholder's example, ``"9H 10H"``), in the page's letters; a
    meld separator (``|``) kept."""
    notation = page_notation()
    return " | ".join(format_cards(parse_cards(part), notation) for part in codes.split("|"))


#: Each notation's letters in one line, said beside a card box: what each letter means.
_LETTERS_SAID = {
    Notation.ENGLISH: N_("Suits: S spades ♠, H hearts ♥, D diamonds ♦, C clubs ♣; a joker is JK."),
    Notation.SPANISH: N_("Suits: P picas ♠, C corazones ♥, D diamantes ♦, T tréboles ♣; a joker is JK."),
}


def suit_letters(notation: Notation | None = None) -> str:
    """The suit letters a card box reads (``notation``'s, else the page's), in a line of the page's language."""
    return gettext(_LETTERS_SAID[notation or page_notation()])


def register(app: Flask) -> None:
    """The ``in_page_letters`` filter and the ``page_notation`` and ``suit_letters`` globals, for the card boxes'
    templates."""
    app.add_template_filter(in_page_letters)
    app.add_template_global(page_notation)
    app.add_template_global(suit_letters)
