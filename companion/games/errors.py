"""What a game action refuses, as exceptions whose message is a sentence for the player."""

from __future__ import annotations

from ..models import DealResult
from .history import by_whom


class GameError(ValueError):
    """An action the game's state does not allow; the message is for the player."""


class NameTaken(GameError):
    """A name that became taken while this request was adding it (a race between two phones)."""


class GameAbandoned(GameError):
    """The game was abandoned (on another phone) while a deal was being saved."""


class StaleEntryError(GameError):
    """A correction made from an out-of-date page: someone else saved this deal first.

    The message reads "Deal 3 was already recorded by Ann at 21:40 UTC."; the
    entry page draws it from the parts (``deal_number``, ``what``, ``recorded``)
    so the time can be shown in the phone's own time zone.
    """

    def __init__(self, deal_number: int, what: str, recorded: DealResult | None) -> None:
        super().__init__(f"Deal {deal_number} was {what}{by_whom(recorded)}.")
        self.deal_number = deal_number
        """The deal's number."""
        self.what = what
        """What happened to it: "already recorded" or "changed since you opened it"."""
        self.recorded = recorded
        """The deal as recorded now (``None`` when it was taken back meanwhile)."""
