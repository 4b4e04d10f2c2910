"""What a game action refuses, as exceptions whose message is a sentence for the player."""

from __future__ import annotations

from flask_babel import gettext

from ..models import DealResult
from .history import who_and_when


ALREADY_RECORDED = "already recorded"
"""A stale entry's ``what`` when the deal was saved first by another phone (else it was changed since)."""
CHANGED_SINCE = "changed since you opened it"
"""A stale entry's ``what`` when the deal was corrected by another phone since the form was opened."""


class GameError(ValueError):
    """An action the game's state does not allow; the message is for the player."""


class NameTaken(GameError):
    """A name that became taken while this request was adding it (a race between two phones)."""


class StaleEntryError(GameError):
    """A correction made from an out-of-date page: someone else saved this deal first.

    The message reads "Deal 3 was already recorded by Ann at 21:40 UTC."; the
    entry page draws it from the parts (``deal_number``, ``what``, ``recorded``)
    so the time can be shown in the phone's own time zone.
    """

    def __init__(self, deal_number: int, what: str, recorded: DealResult | None, *, round_word: str = "deal") -> None:
        super().__init__(_stale_sentence(deal_number, what, recorded, round_word))
        self.deal_number = deal_number
        """The deal's number."""
        self.what = what
        """What happened to it: "already recorded" or "changed since you opened it"."""
        self.recorded = recorded
        """The deal as recorded now (``None`` when it was taken back meanwhile)."""


def _stale_sentence(deal_number: int, what: str, recorded: DealResult | None, round_word: str) -> str:
    """The stale entry's sentence, whole, in the page's language; a hand's where the ruleset plays hands
    (``round_word``, Phase 10)."""
    who = who_and_when(recorded)
    if round_word == "hand":
        return _stale_hand_sentence(deal_number, what, who)
    if what == ALREADY_RECORDED:
        if who is None:
            return gettext("Deal %(number)s was already recorded.", number=deal_number)
        return gettext("Deal %(number)s was already recorded by %(name)s at %(time)s UTC.", number=deal_number, **who)
    if who is None:
        return gettext("Deal %(number)s was changed since you opened it.", number=deal_number)
    return gettext(
        "Deal %(number)s was changed since you opened it by %(name)s at %(time)s UTC.", number=deal_number, **who
    )


def _stale_hand_sentence(number: int, what: str, who: dict[str, str] | None) -> str:
    """A stale entry's sentence for a hand (Phase 10)."""
    if what == ALREADY_RECORDED:
        if who is None:
            return gettext("Hand %(number)s was already recorded.", number=number)
        return gettext("Hand %(number)s was already recorded by %(name)s at %(time)s UTC.", number=number, **who)
    if who is None:
        return gettext("Hand %(number)s was changed since you opened it.", number=number)
    return gettext("Hand %(number)s was changed since you opened it by %(name)s at %(time)s UTC.", number=number, **who)
