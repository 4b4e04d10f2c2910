"""tests/golden/games.json is the golden whole games of tests/whole_games.py written out for node
(tests/js/games.test.js reads it), and the rules in it are the ones the phone is given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_whole_games import ruleset_of
from whole_games import BY_ID

from companion.games.entry import tally_rules

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_the_golden_file_is_the_transcripts_written_out():
    import sys

    sys.path.insert(0, str(GOLDEN))
    from make_games import games_json

    assert json.loads((GOLDEN / "games.json").read_text(encoding="utf-8")) == games_json()


@pytest.mark.parametrize("game", json.loads((GOLDEN / "games.json").read_text(encoding="utf-8"))["games"], ids=lambda g: g["id"])
def test_the_golden_files_rules_are_what_the_phone_is_given(game):
    given = tally_rules(ruleset_of(BY_ID[game["id"]]))
    assert {k: given[k] for k in ("points", "adjustments")} == {k: game["rules"][k] for k in ("points", "adjustments")}
    assert given.get("deck") == game["rules"].get("deck")
