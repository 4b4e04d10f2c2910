"""Judging a builder draft: the ruleset it makes, or a sentence beside each field that is wrong.

Kept apart from the views so the benchmark (``bench/builder.py``) times
exactly what a change in the builder costs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Ruleset
from ..rules.definition import RulesetDefinitionError, ruleset_from_definition
from .draft import Draft
from .refusals import family_refusal


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


def judge(draft: Draft, ruleset_id: str = "custom") -> Judged:
    """The draft's ruleset, or each problem beside its field (a number that isn't one; the engine's refusal in a family's words)."""
    definition, errors = draft.definition()
    if definition is None:
        return Judged(draft=draft, errors=errors)
    try:
        ruleset = ruleset_from_definition(definition, ruleset_id=ruleset_id)
    except RulesetDefinitionError as error:
        key, sentence = family_refusal(error, draft)
        return Judged(draft=draft, definition=definition, errors={key: sentence})
    return Judged(draft=draft, definition=definition, ruleset=ruleset)
