"""What typed or imported text and numbers may be, in one place: forms, the JSON importers and restores use it.

Names are tidied (spacing folded) and refused when they hold characters a
player can't see or that would rearrange the text around them: controls
(NUL included: PostgreSQL refuses it), bidi overrides, zero-width and other
format characters, lone surrogates. The casefolded key a name is compared by
must fit its column too (``"ß" * 40`` folds to 80 letters). Ids and numbers
are bounded before Python turns them into ints, so a number of 4,300 digits
or one past PostgreSQL's integer is a sentence for the player, never a 500.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from flask_babel import gettext
from wtforms import IntegerField, SelectField
from wtforms.validators import ValidationError

MAX_ID = 2**31 - 1
"""The largest id a table holds (PostgreSQL's ``integer``); larger ids in paths and forms are "not found"."""

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Controls, format characters (bidi overrides, zero-width), surrogates, private use, line/paragraph separators."""


class TextError(ValueError):
    """Text or a number that can't be taken; the message is for the person who typed or imported it.

    ``problem`` names what is wrong (``"not_text"``, ``"too_long"``, ``"empty"``, ``"refused"``, ``"grown"``)
    and ``values`` holds the numbers and characters its sentence quotes, so a page in another language can
    say the whole sentence in its own words (see ``companion.auth.routes``).
    """

    def __init__(self, message: str, problem: str = "", **values: object) -> None:
        super().__init__(message)
        self.problem = problem
        self.values = values


def refused_character(text: str) -> str | None:
    """A description of the first character in ``text`` that is refused, or ``None``.

    >>> refused_character("Ann") is None
    True
    >>> refused_character("A\\u202eB")
    'U+202E (RIGHT-TO-LEFT OVERRIDE)'
    >>> refused_character("A\\x00")
    'U+0000 (a control character)'
    """
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            name = unicodedata.name(char, "")
            return f"U+{ord(char):04X} ({name or 'a control character'})"
    return None


def fold(name: str) -> str:
    """The key a name is compared by: spacing folded, case folded (``"Ann"`` and ``" ann"`` are one)."""
    return " ".join(name.split()).casefold()


def clean_name(value: Any, *, longest: int, what: str = "A name") -> str:
    """``value`` as a name (spacing tidied), or :class:`TextError` saying what is wrong with it.

    >>> clean_name("  Ann   Lee ", longest=40)
    'Ann Lee'
    >>> clean_name("ß" * 40, longest=40)
    Traceback (most recent call last):
    ...
    companion.validation.TextError: A name is at most 40 letters (“ß” counts as 2).
    """
    if not isinstance(value, str):
        raise TextError(f"{what} must be text.", "not_text")
    if len(value) > longest * 8:  # far too long to be a name: not even tidied
        raise TextError(f"{what} is at most {longest} letters.", "too_long", longest=longest)
    clean = " ".join(value.split())
    if not clean:
        raise TextError(f"{what} can't be empty.", "empty")
    bad = refused_character(clean)
    if bad is not None:
        raise TextError(
            f"{what} can't hold the invisible or control character {bad}: type letters only.", "refused", character=bad
        )
    if len(clean) > longest:
        raise TextError(f"{what} is at most {longest} letters.", "too_long", longest=longest)
    if len(fold(clean)) > longest:
        grown = next((c for c in clean if len(c.casefold()) > 1), "")
        counts = len(grown.casefold())
        raise TextError(
            f"{what} is at most {longest} letters (“{grown}” counts as {counts}).",
            "grown", longest=longest, letter=grown, counts=counts,
        )
    return clean


def parse_id(text: Any) -> int | None:
    """A row id typed in a path, query or form (``"12"``), or ``None`` when it can't be one.

    >>> parse_id("12"), parse_id("0"), parse_id("99999999999999999999"), parse_id("١٢"), parse_id(None)
    (12, None, None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        return None
    number = int(text)
    return number if 1 <= number <= MAX_ID else None


def parse_whole_number(text: Any, *, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` typed as ASCII digits (an optional leading minus), else ``None``.

    >>> parse_whole_number("25", low=0, high=2000), parse_whole_number("--5", low=-9, high=9)
    (25, None)
    >>> parse_whole_number("9" * 5000, low=0, high=2000) is None
    True
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
        return None
    number = int(text)
    return number if low <= number <= high else None


class PlainName:
    """A WTForms validator: the field is a name :func:`clean_name` takes (an empty field is left to others)."""

    def __init__(self, longest: int, what: str = "A name", *, said: Callable[[TextError], str] | None = None) -> None:
        self.longest = longest
        self.what = what
        self.said = said
        """What is wrong, as a whole sentence in the page's language (a player's name: :func:`name_sentence`);
        without it another kind of name says ``clean_name``'s English."""

    def __call__(self, form: object, field: Any) -> None:
        if not field.data or not str(field.data).strip():
            return
        try:
            field.data = clean_name(field.data, longest=self.longest, what=self.what)
        except TextError as error:
            said = self.said or (name_sentence if self.what == "A name" else None)
            raise ValidationError(said(error) if said else str(error)) from None


def name_sentence(error: TextError) -> str:
    """What is wrong with a typed name (``clean_name``'s default ``what``), as a whole sentence in the page's
    language; English reads exactly as ``clean_name`` says it."""
    from flask_babel import gettext as _

    values = error.values
    if error.problem == "not_text":
        return _("A name must be text.")
    if error.problem == "empty":
        return _("A name can't be empty.")
    if error.problem == "refused":
        return _("A name can't hold the invisible or control character %(character)s: type letters only.", **values)
    if error.problem == "grown":
        return _("A name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d).", **values)
    return _("A name is at most %(longest)d letters.", longest=values.get("longest", 0))


class PlainText:
    """A WTForms validator: no control or invisible characters, at most ``longest`` characters."""

    def __init__(self, longest: int, what: str = "This", *, sentences: tuple[str, str] | None = None) -> None:
        self.longest = longest
        self.what = what
        self.sentences = sentences
        """Whole sentences in place of ``what``'s: too long (``%(longest)d``), a refused character
        (``%(character)s``), each translated when the form is checked (``lazy_gettext``)."""

    def __call__(self, form: object, field: Any) -> None:
        text = field.data or ""
        if not isinstance(text, str):
            return
        too_long, refused = self.sentences or (
            f"{self.what} is at most %(longest)d characters.",
            f"{self.what} can't hold the invisible or control character %(character)s.",
        )
        if len(text) > self.longest:
            raise ValidationError(str(too_long) % {"longest": self.longest})
        bad = refused_character(text)
        if bad is not None:
            raise ValidationError(str(refused) % {"character": bad})


_TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def looks_like_token(text: Any) -> bool:
    """Whether ``text`` could be a share or invitation secret (URL-safe, at most 64 characters) worth looking up.

    >>> looks_like_token("abc-DEF_123"), looks_like_token("abc\\x00"), looks_like_token("")
    (True, False, False)
    """
    return isinstance(text, str) and 0 < len(text) <= 64 and set(text) <= _TOKEN_CHARACTERS


# ---------------------------------------------------------------------------
# Form fields that validate themselves (the views get ints, or None, and a message beside the field)


def _optional_id(value: Any) -> int | None:
    """``""`` (nothing chosen) as ``None``, an id as an int, anything else as ``-1`` (never offered)."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    number = parse_id(value)
    return -1 if number is None else number


class IdSelectField(SelectField):
    """A select of rows by id (``""`` for none); anything not offered gets ``message`` beside the field.

    Its data is the chosen id as an int, or ``None``; the view fills the
    choices (``SelectChoice(str(id), label)``) before validating. ``message``
    is said in the page's language (mark it with ``N_`` for the catalogue).
    """

    def __init__(self, label: str | None = None, validators: Any = None, *, message: str = "Pick one from the list.",
                 **kwargs: Any) -> None:
        super().__init__(label, validators, coerce=_optional_id, choices=[], **kwargs)
        self.message = message

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist:
            self.data = _optional_id(valuelist[0])

    def pre_validate(self, form: object) -> None:
        offered = {_optional_id(choice.value) for choice in self.choices or []}  # type: ignore[union-attr]
        if self.data not in offered and self.data is not None:
            raise ValidationError(gettext(self.message))


class BoundedIntegerField(IntegerField):
    """A whole number from ``low`` to ``high`` (ASCII digits, bounded length), else ``message`` beside the field."""

    def __init__(self, label: str | None = None, validators: Any = None, *, low: int, high: int, message: str,
                 **kwargs: Any) -> None:
        super().__init__(label, validators, **kwargs)
        self.low, self.high, self.message = low, high, message

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or valuelist[0] in ("", None):
            self.data = None
            return
        self.data = parse_whole_number(valuelist[0], low=self.low, high=self.high)
        if self.data is None:
            raise ValueError(gettext(self.message))


class OfferedChoiceField(SelectField):
    """A select whose answer must be one of its choices; otherwise ``message`` beside the field."""

    def __init__(self, label: str | None = None, validators: Any = None, *, message: str = "Pick one from the list.",
                 **kwargs: Any) -> None:
        super().__init__(label, validators, **kwargs)
        self.message = message

    def pre_validate(self, form: object) -> None:
        if self.data not in {choice.value for choice in self.choices or []}:  # type: ignore[union-attr]
            raise ValidationError(gettext(self.message))
