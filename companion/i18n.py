"""The reader's language: which one a page is in, and the switch that changes it.

The sentences are gettext messages (Flask-Babel); the catalogues are in
``companion/translations/<language>/LC_MESSAGES/`` (the README's
"Translating" section says how they are made). A page's language is, in
order: the account's choice, else the phone's cookie (set by the switch at
the foot of every page), else the best of the browser's ``Accept-Language``,
else English. The JSON API answers in the language its request's
``Accept-Language`` asks for (English when it asks for none): its sentences
only, never its fields or values.
"""

from __future__ import annotations

from flask import Flask, current_app, g, has_request_context, redirect, request
from flask_login import current_user
from flask_babel import get_locale
from markupsafe import Markup
from werkzeug.wrappers import Response

from .rules import speech

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""The languages a page can be in, each named in its own language (as a switch names them)."""

DEFAULT_LANGUAGE = "en"

LANGUAGE_COOKIE = "language"
"""The phone's choice, for a phone that is not signed in (a signed-in account keeps its own)."""


def N_(message: str) -> str:  # noqa: N802  (gettext's name for "mark for extraction, translate later")
    """Mark ``message`` for the catalogue without translating it here (it is translated where it is shown)."""
    return message


def buy_word(name: str) -> str:
    """A ruleset's name for its buy, in the page's language (``{{ ruleset.buy_name|buy_word }}``; the words are
    listed in :data:`companion.rules.rulesets.BUY_WORDS`)."""
    return speech.say_word("buy word", name)


def page_language() -> str:
    """The language of the page being written (English outside a request: a command's words)."""
    return str(get_locale() or DEFAULT_LANGUAGE)


def page_is_english() -> bool:
    """Whether the page being written is in English."""
    return page_language() == DEFAULT_LANGUAGE


def english_word(context: str, word: str) -> Markup:
    """A ruleset's English word offered as a choice (the builder's set, run and buy words): on an English page the
    word itself; on another, the word marked as English (``lang="en"``, read out as English) with what the page's
    language says for it: ``book («grupo»)``."""
    if page_is_english():
        return Markup("{word}").format(word=word)
    return Markup('<span lang="en">{word}</span> («{said}»)').format(word=word, said=speech.say_word(context, word))


def chosen_language(value: str | None) -> str | None:
    """``value`` when it is a language pages can be in, else ``None``."""
    return value if value in LANGUAGES else None


def names_joined(names: list[str]) -> str:
    """``names`` as one list in the page's language ("Ann y Bob"); English keeps its own "Ann and Bob and Cat"."""
    from babel.lists import format_list

    language = page_language()
    return " and ".join(names) if language == DEFAULT_LANGUAGE else format_list(names, locale=language)


def listed(items: list[str]) -> str:
    """``items`` as one list in the page's language: English's "a, b and c" (the engine's ``and_list``), Spanish's
    "a, b y c"."""
    from babel.lists import format_list

    from .rules.words import and_list

    language = page_language()
    return and_list(items) if language == DEFAULT_LANGUAGE else format_list(items, locale=language)


def select_locale() -> str:
    """The language of this request's page: the account's, the cookie's, the browser's, or English (also
    outside a request: a command's words)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if request.path.startswith("/api/"):  # a client asks in its request alone: no account, no phone's cookie
        return request.accept_languages.best_match(tuple(LANGUAGES)) or DEFAULT_LANGUAGE
    return (
        chosen_language(_accounts_language())
        or chosen_language(request.cookies.get(LANGUAGE_COOKIE))
        or request.accept_languages.best_match(tuple(LANGUAGES))
        or DEFAULT_LANGUAGE
    )


def _accounts_language() -> str | None:
    """The signed-in account's language, if it chose one.

    Loading the account may itself say something (Flask-Login's sign-in
    message, in the page's language), which asks for the language again:
    that inner question is answered without the account.
    """
    if g.get("_choosing_language"):
        return None
    g._choosing_language = True
    try:
        return getattr(current_user, "language", None) if current_user.is_authenticated else None
    finally:
        g._choosing_language = False


def remember_language(response: Response, language: str) -> Response:
    """Keep ``language`` in this phone's cookie for a year."""
    response.set_cookie(
        LANGUAGE_COOKIE,
        language,
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )
    return response


def back_to(target: str | None) -> Response:
    """A 303 to ``target`` when it is a path on this site, else to the home page."""
    from .auth.routes import _safe_next

    return redirect(_safe_next(target), code=303)


class _PageCatalogue:
    """The page's catalogue for the rules engine's sentences (:mod:`companion.rules.speech`), asked for when
    the engine first says something, so that a request that says nothing never chooses a language."""

    def speaks_english(self) -> bool:
        """Whether the page is in English (:func:`companion.rules.speech.speaking_english` asks)."""
        return page_is_english()

    def gettext(self, message: str, /) -> str:
        """``message`` in the page's language."""
        from flask_babel import get_translations

        return str(get_translations().gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form that goes with ``n``, in the page's language."""
        from flask_babel import get_translations

        return str(get_translations().ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str, /) -> str:
        """``message`` in its role ``context``, in the page's language."""
        from flask_babel import get_translations

        return str(get_translations().pgettext(context, message))


PAGE_CATALOGUE = _PageCatalogue()


def install(app: Flask) -> None:
    """Flask-Babel with this module's selector, and the page's language for the templates."""

    from .extensions import babel

    babel.init_app(app, locale_selector=select_locale)

    # A built-in ruleset's own text (summary, readings, sources, house options) in the page's language:
    # ``{{ ruleset.summary|said }}``; a custom ruleset's own words stay as its family wrote them.
    app.add_template_filter(speech.say_text, "said")
    app.add_template_filter(buy_word)
    app.add_template_global(english_word)
    app.add_template_global(speech.say_word, "say_word")  # a ruleset's own word in the page's language

    @app.before_request
    def engine_speaks_the_page_language() -> None:
        speech.use(PAGE_CATALOGUE)

    @app.teardown_request
    def engine_back_to_english(_error: BaseException | None) -> None:
        speech.use(speech.ENGLISH)

    @app.context_processor
    def the_pages_language() -> dict[str, object]:
        return {"page_language": page_language, "languages": LANGUAGES}
