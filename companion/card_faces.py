"""Card codes in a page's sentences, shown as a player reads them: 7♥, a joker, "18 aces", G3.

The engine names cards by code in its sentences ("5H JK JK 8H has 2 wilds",
"JK stands for 7H") and the JSON API answers with those sentences byte for
byte, so the codes stay there. A page writes each code as its face instead,
as text (what the eye, a copy, a page translator and a text reader all get):
``7♥``, and the table's word for a joker in the page's language (``joker``,
``comodín``); a screen reader says the card in words (``7 of hearts``), and
the code stays in ``data-code``, the engine's whole sentence in
``data-sentence`` (issue 27: the faces were once drawn by the stylesheet
over hidden codes, so the page's text still said "5H JK JK 8H"). These are
page-only Jinja filters; the engine is not touched.

>>> str(card_faces("JK stands for 7H."))  # doctest: +NORMALIZE_WHITESPACE
'<span class="said" data-sentence="JK stands for 7H."><span class="card-face joker" role="img" aria-label="joker" data-code="JK">Joker</span>
 stands for <span class="card-face suit-H" role="img" aria-label="7 of hearts" data-code="7H">7♥</span>.</span>'
>>> str(rank_plurals("The hands hold 18 As between them, but the packs hold only 16."))
'The hands hold 18 aces between them, but the packs hold only 16.'
>>> str(card_faces("Bob & Ann's <b>meld</b>"))
'Bob &amp; Ann&#39;s &lt;b&gt;meld&lt;/b&gt;'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from flask_babel import pgettext
from markupsafe import Markup, escape

from .contract_words import part_words
from .i18n import page_is_english
from .rules import Card, MeldKind, Rank, Skips
from .rules.words import number_word
from .rules.speech import mark_word, say_word

from .i18n import N_

if TYPE_CHECKING:
    from flask import Flask

    from .rules import Deal, Requirement, Ruleset

#: A card's code in an engine sentence: a rank and a suit letter (``10H``) or ``JK``, standing alone as a word
#: (not inside a name such as ``JK's`` or a quoted token such as ``'1X'``).
CARD_CODE = re.compile(r"(?<![\w'’“\"-])(?:(?:10|[2-9AJQK])[SHDC]|JK)(?![\w'’\"”-])")

_COUNTS = "|".join([r"\d+", *(number_word(n) for n in range(2, 13)), *(number_word(n).capitalize() for n in range(2, 13))])
#: A count of a rank written with its code and an "s" (``18 As``, ``Five Ks``): the rank in words is wanted.
RANK_COUNT = re.compile(rf"\b({_COUNTS}) ([AJQK])s\b")

#: What a contract's part is called in a ruleset's words, by its kind (a set is the ruleset's own word).
_PART_WORDS = {MeldKind.RUN: "run", MeldKind.PAIR: "pair", MeldKind.COLOUR: "colour group"}


#: Each suit by name (a row of card keys) and one card of it, in words: ``"A of spades"`` (the picker's words, read
#: out by a screen reader; whole phrases, never glued).
SUIT_WORDS = {
    "S": (N_("Spades"), N_("%(rank)s of spades")), "H": (N_("Hearts"), N_("%(rank)s of hearts")),
    "D": (N_("Diamonds"), N_("%(rank)s of diamonds")), "C": (N_("Clubs"), N_("%(rank)s of clubs")),
}  # fmt: skip


def card_words(card: Card) -> str:
    """The card said in words (the engine's :attr:`Card.words`): ``"7 of hearts"``, ``"joker"``."""
    return card.words


def card_face(card: Card, *, starts_sentence: bool = False, joker: str = "joker") -> Markup:
    """One card as a page shows it: its face as text (``7♥``, ``joker``), its code kept in ``data-code``, its words
    read out.

    ``joker`` is what the ruleset's ``JK`` is: a joker, or a skip (Phase 10 played with standard cards).
    """
    if card.rank is None or card.suit is None:
        words = joker
        face, kind = (joker.capitalize() if starts_sentence else joker), "joker"
    else:
        words, face, kind = card_words(card), card.pretty, f"suit-{card.suit.value}"
    return Markup(
        '<span class="card-face {kind}" role="img" aria-label="{words}" data-code="{code}">{face}</span>'
    ).format(kind=kind, words=words, face=face, code=str(card))


def rank_plurals(text: str) -> Markup:
    """``text`` (escaped) with each count of a rank's code in words: ``"18 As"`` → ``"18 aces"``."""
    return escape(ranks_in_words(str(text)))


def ranks_in_words(text: str) -> str:
    """``text`` with each count of a rank's code in words, for a phone's script that shows it as text."""
    return RANK_COUNT.sub(lambda found: f"{found[1]} {Rank.from_label(found[2]).said_plural}", text)


_JOKER_WORDS = (mark_word("card word", "joker"), mark_word("card word", "skip"))
"""What a ``JK`` may be called on a page, for the catalogue: "comodín", "salto" at a Spanish table."""


def joker_word(ruleset: Ruleset | None = None) -> str:
    """What the ruleset's ``JK`` is called, in the page's language: a joker, or a skip (Phase 10 played with
    standard cards)."""
    word = "skip" if ruleset is not None and ruleset.skips is Skips.JOKER else "joker"
    return say_word("card word", word)


def chip_face(card: Card, ruleset: Ruleset | None = None) -> str:
    """A card on a chip or a key, as rulings draw it: ``7♠``; the joker in words (``joker``), not ``JK``; a Phase 10
    Wild or Skip in words too (its number cards keep their code, ``7R``, drawn in their colour by the stylesheet)."""
    if card.special is not None:
        return card.words.capitalize()
    return joker_word(ruleset) if card.is_joker else card.pretty


def card_faces(text: str, ruleset: Ruleset | None = None) -> Markup:
    """An engine sentence for a page: escaped, each card code as its face (:func:`card_face`), ranks counted in words.

    Where it writes a card, the sentence as the engine says it (and the API answers it) stays beside it, in
    ``data-sentence``, for a script or a check that looks for the engine's words. Under a ``ruleset`` whose
    ``JK`` is a skip, it is drawn as one. Only for the engine's rulings: a sentence holding a player's name
    ("JK: …") or a typing example would have that redrawn.
    """
    joker = joker_word(ruleset)
    said = str(text)
    text = ranks_in_words(said)
    parts: list[Markup] = []
    at = 0
    for found in CARD_CODE.finditer(text):
        face = card_face(Card.parse(found[0]), starts_sentence=found.start() == 0, joker=joker)
        parts += [escape(text[at : found.start()]), face]
        at = found.end()
    if not parts:
        return escape(text)
    parts.append(escape(text[at:]))
    return Markup('<span class="said" data-sentence="{said}">{drawn}</span>').format(said=said, drawn=Markup("").join(parts))


def contract_parts(deal: Deal, set_word: str) -> list[dict[str, str]]:
    """A deal's contract part by part: the engine's symbol (``S3``), the table's (``G3`` where a set is a group;
    in Spanish ``T3`` for a trío, ``E4`` for an escala) and the part in words ("group of 3"; in the page's language,
    "grupo de 3"). The offline prompt carries them as data (static/js/offline/page.js)."""
    parts = []
    for requirement in deal.requirements:
        word = set_word if requirement.kind is MeldKind.SET else _PART_WORDS.get(requirement.kind, requirement.kind.value)
        words = word if requirement.kind is MeldKind.PAIR else f"{word} of {requirement.length}"
        letter = word[0].upper()
        if not page_is_english():
            words, letter = part_words(requirement, set_word), symbol_letter(requirement, set_word)
        parts.append({"code": str(requirement), "face": f"{letter}{requirement.length}", "words": words})
    return parts


def symbol_letter(requirement: Requirement, set_word: str) -> str:
    """The letter of a contract part's symbol on a page not in English, from the page's own word for it (a Spanish
    table: T trío, G grupo, E escala, C color, P par; a ladder, a run of all 13 cards, is an escala too)."""
    kind = requirement.kind
    if kind is MeldKind.SET:
        return pgettext("contract symbol", "T (trio)") if set_word == "trio" else pgettext("contract symbol", "G (group)")
    if kind is MeldKind.RUN:
        return pgettext("contract symbol", "R (run)")
    if kind is MeldKind.COLOUR:
        return pgettext("contract symbol", "C (colour group)")
    if kind is MeldKind.PAIR:
        return pgettext("contract symbol", "P (pair)")
    return pgettext("contract symbol", "L (ladder)")


def contract_symbols(deal: Deal, set_word: str) -> Markup:
    """A deal's contract in compact symbols as a page shows them: each part's table symbol drawn (``G3 G3 R4``),
    the engine's (``S3``) kept as its text, and the part read out in words."""
    part = Markup('<span class="contract-part" role="img" aria-label="{words}" data-face="{face}"><span class="card-code">{code}</span></span>')
    return Markup(" ").join(part.format(**fields) for fields in contract_parts(deal, set_word))


def register(app: Flask) -> None:
    """The filters, for every page's templates."""
    app.add_template_filter(card_faces)
    app.add_template_filter(card_face)
    app.add_template_filter(chip_face)
    app.add_template_global(joker_word)
    app.add_template_filter(card_words)
    app.add_template_filter(rank_plurals)
    app.add_template_filter(contract_symbols)
