"""Property-based tests of the JSON API against its own OpenAPI description.

Schemathesis reads ``/api/openapi.json`` from the app (in process, over
WSGI), generates valid and invalid requests for every operation and checks
each answer: never a server error, only documented status codes and content
types, and bodies that match the documented schemas. Invalid requests must be
rejected (4xx), valid ones must not be.

The run is bounded and repeatable: a fixed seed, derandomized generation, no
example database, and a small number of examples per operation.
"""

from __future__ import annotations

import schemathesis

from companion import create_app

SEED = 20240601
MAX_EXAMPLES = 40

CONFIG = {
    "seed": SEED,
    # The app is in process and fast; Hypothesis' health checks only flag the
    # schema's filtering of generated bodies, which is expected here.
    "suppress-health-check": ["all"],
    "generation": {
        "mode": "all",
        "max-examples": MAX_EXAMPLES,
        "deterministic": True,
        "database": "none",
    },
    "phases": {"stateful": {"enabled": False}},
    "checks": {
        # A schema-valid request may still be malformed for its ruleset (deal 8
        # in a seven-deal game, 9 players at a table of 3 to 5): API.md answers
        # those 400, which the description cannot say in JSON Schema.
        "positive_data_acceptance": {"expected-statuses": ["2xx", "400"]},
    },
}


# The app is made at import, not by the ``app`` fixture: schemathesis needs the
# schema to collect one test per operation, and its ``from_fixture`` loader
# does not work with pytest 9 (it writes ``request.node._nodeid``, which pytest
# 9 no longer has). The API reads no stored data, so an in-memory database does.
APP = create_app({"TESTING": True, "SECRET_KEY": "schema-test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP, config=schemathesis.Config.from_dict(CONFIG))


@schema.parametrize()
def test_api_matches_its_openapi_description(case):
    # The WSGI transport sends requests' default Accept-Encoding but never decodes, so ask for plain JSON.
    response = case.call_and_validate(headers={"Accept-Encoding": "identity"})
    assert response.status_code < 500
    if response.content:  # an automatic OPTIONS answer has no body
        assert response.headers["content-type"][0].startswith("application/json"), response.text[:200]


def test_an_empty_ruleset_object_is_not_described_as_a_ruleset():
    """Schemathesis found ``{"ruleset": {}}`` described as valid on every endpoint: it always answered 400.

    A ruleset object has a base, or every field RULES.md §2 names; the description says so now.
    """
    import jsonschema_rs  # what schemathesis validates with

    from companion.api.openapi import RULESET_OBJECT
    from companion.rules.definition import REQUIRED_FIELDS, ruleset_to_definition
    from companion.rules import RULESETS

    with_base = {"base": "contract", "name": "Ours"}
    complete = ruleset_to_definition(RULESETS["may-i"])
    def with_nulls(schema):
        """OpenAPI 3.0's ``nullable`` as JSON Schema says it (schemathesis converts the same way)."""
        if isinstance(schema, list):
            return [with_nulls(item) for item in schema]
        if not isinstance(schema, dict):
            return schema
        converted = {key: with_nulls(value) for key, value in schema.items() if key != "nullable"}
        if schema.get("nullable") and "type" in schema:
            converted["type"] = [schema["type"], "null"]
        return converted

    validator = jsonschema_rs.Draft4Validator(with_nulls(RULESET_OBJECT))
    assert validator.is_valid(with_base)
    assert validator.is_valid(complete)
    for missing in [{}, {"name": "Ours"}, {k: v for k, v in complete.items() if k != "deals"}]:
        assert not validator.is_valid(missing), missing
    for name in REQUIRED_FIELDS:
        client = APP.test_client()
        answer = client.post("/api/rulesets/check", json={"ruleset": {k: v for k, v in complete.items() if k != name}})
        assert answer.status_code == 400, name  # the server agrees: each of them is needed
