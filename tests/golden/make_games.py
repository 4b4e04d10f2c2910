"""Write tests/golden/games.json from the golden whole games of tests/whole_games.py (written by hand from RULES.md),
for the phone's tally under node (tests/js/games.test.js). Run from the repository root:
``.venv/bin/python tests/golden/make_games.py``; tests/test_whole_games_golden.py checks the file is up to date."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from whole_games import GAMES, Correction, Game  # noqa: E402

#: The score form's adjustments (RULES.md §3.2 exact cut -50, §3.9 -10 for down and out in one turn).
ADJUSTMENTS = {"liverpool": [{"field": "exact_cut", "points": -50}], "continental": [{"field": "one_turn_out", "points": -10}]}
#: The games on Phase 10's own deck (1-12, W, SKIP): §8.1, and the custom games built on it.
PHASE10_DECK = {"phase10"}


def rules(game: Game) -> dict:
    base = game.points_of or game.ruleset
    data = {"points": game.points, "adjustments": ADJUSTMENTS.get(base, [])}
    return {"deck": "phase10", **data} if base in PHASE10_DECK else data


def event_json(game: Game, event) -> dict:
    seat = {name: str(index) for index, name in enumerate(game.seats)}
    body = {
        "deal": event.deal if isinstance(event, Correction) else event.number,
        "correction": isinstance(event, Correction),
        "tiebreak": getattr(event, "tiebreak", False),
        "lines": [
            {"seat": seat[name], "typed": line.typed, "score": line.score, "points": line.points, "out": name == event.out,
             "ticks": list(line.ticks)}
            for name, line in event.lines.items()
        ],
        "totals": {seat[name]: total for name, total in event.totals.items()},
    }
    if event.phases:
        body["phases"] = {seat[name]: phase for name, phase in event.phases.items()}
    return body


def games_json() -> dict:
    return {
        "note": "Written by tests/golden/make_games.py from tests/whole_games.py (by hand from RULES.md); do not edit.",
        "games": [
            {"id": game.id, "seats": list(game.seats), "phases": len(game.custom["deals"]) if game.custom else 10,
             "per_player": game.per_player, "rules": rules(game), "events": [event_json(game, e) for e in game.events]}
            for game in GAMES
        ],
    }


if __name__ == "__main__":
    (HERE / "games.json").write_text(json.dumps(games_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
