"""Judging a builder draft: the ruleset it makes, or a sentence beside each field that is wrong.

Kept apart from the views so the benchmark (``bench/builder.py``) times
exactly what a change in the builder costs.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ..rules import RULESETS, Ruleset
from ..rules.definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from .draft import Draft, place_error


@dataclass
class Judged:
    """A draft judged: its ruleset object and ruleset when valid, else sentences by field."""

    draft: Draft
    definition: dict[str, Any] | None = None
    ruleset: Ruleset | None = None
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.ruleset is not None and not self.errors


@functools.cache
def background() -> dict[str, Any]:
    """A valid complete object to try one group of fields on (see :func:`~.draft.place_error`)."""
    return ruleset_to_definition(RULESETS["contract"])


def _sentence(message: str) -> str:
    message = message.strip()
    return message[:1].upper() + message[1:] + ("" if message.endswith((".", "?", "!")) else ".")


def _engine_says(definition: Any, ruleset_id: str = "custom") -> tuple[Ruleset | None, str | None]:
    try:
        return ruleset_from_definition(definition, ruleset_id=ruleset_id), None
    except RulesetDefinitionError as error:
        return None, str(error)


def judge(draft: Draft, ruleset_id: str = "custom") -> Judged:
    """The draft's ruleset, or each problem beside its field (a number that isn't one; the engine's sentence)."""
    definition, errors = draft.definition()
    if definition is None:
        return Judged(draft=draft, errors=errors)
    ruleset, message = _engine_says(definition, ruleset_id)
    if message is not None:
        where = place_error(message, definition, background(), lambda obj: _engine_says(obj)[1])
        return Judged(draft=draft, definition=definition, errors={where: _sentence(message)})
    return Judged(draft=draft, definition=definition, ruleset=ruleset)
