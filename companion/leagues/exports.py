"""A league's games as CSV (games, deals, scores) and as a JSON backup that an import restores exactly.

The backup holds the stored facts only (players by name, the games with
their rules snapshots, seats, deals, hands, May I counts and history); no
database ids and nothing derived. Its ``checksum`` is the SHA-256 of the
canonical JSON of everything else: an accident check (a file damaged in a
copy, or edited by hand by mistake, is refused on import rather than
half-believed), not tamper protection, since anyone can recompute it. That
is why the import validates every field as if the file were hostile.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import Game, HandScore, League
from ..rules import Progression

BACKUP_FORMAT = "contract-rummy-companion/league-backup"
BACKUP_VERSION = 1


def _iso(value) -> str | None:  # noqa: ANN001
    return None if value is None else value.isoformat()


def league_games(league: League) -> list[Game]:
    """The league's games, oldest first."""
    return list(db.session.scalars(select(Game).where(Game.league_id == league.id).order_by(Game.created_at, Game.id)))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """Text a player typed (a name), safe in a spreadsheet: one that starts like a formula gets a leading ``'``.

    >>> _text("=HYPERLINK(1)"), _text("Ann")
    ("'=HYPERLINK(1)", 'Ann')
    """
    return "'" + value if value.startswith(_FORMULA_START) else value


def _csv(rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue()


def games_csv(league: League) -> str:
    """One row per game: when, rules, status, players in seat order, final totals and winners."""
    from ..games.state import game_state

    rows: list[list[object]] = [["game", "started", "finished", "ruleset", "house_rules", "status", "players", "totals", "winners"]]
    for game in league_games(league):
        state = game_state(game)
        rows.append(
            [
                game.id,
                _iso(game.created_at),
                _iso(game.finished_at) or "",
                game.ruleset_id,
                " ".join(game.ruleset.chosen_options),
                game.status,
                _text("; ".join(s.player.name for s in state.standings)),
                "; ".join(str(s.total) for s in state.standings),
                _text("; ".join(s.player.name for s in state.leaders)) if game.status == "finished" else "",
            ]
        )
    return _csv(rows)


def _contracts_played(game: Game, names: dict[int, str]) -> list[str]:
    """Each deal's contract in order; in a game where each player plays their own phase (Phase 10), each hand's
    phases by player ("Ann: phase 3; Ben: phase 4"), as the engine derives them (RULES.md §8.6.2)."""
    from ..games.phases import game_progress

    progress = game_progress(game)
    if progress is None:
        return [deal.contract for deal in game.ruleset.deals]
    return ["; ".join(f"{names.get(seat, '')}: phase {phase}" for seat, phase in hand.items()) for hand in progress.attempted]


def deals_csv(league: League) -> str:
    """One row per deal played: its contract, dealer and who went out."""
    rows: list[list[object]] = [["game", "deal", "contract", "dealer", "went_out", "stock_ran_out"]]
    for game in league_games(league):
        names = {seat.position: _text(seat.player.name) for seat in game.seats}
        contracts = _contracts_played(game, names)
        for deal in game.deals:
            contract = contracts[deal.number - 1] if deal.number <= len(contracts) else ""
            rows.append(
                [game.id, deal.number, contract, names.get(deal.dealer, ""), names.get(deal.went_out, "") if deal.went_out is not None else "", "yes" if deal.stock_ran_out else "no"]
            )
    return _csv(rows)


def scores_csv(league: League) -> str:
    """One row per hand: the cards left (or typed points), points, adjustment and May Is."""
    rows: list[list[object]] = [["game", "deal", "player", "cards", "points", "adjustment", "score", "buys"]]
    for game in league_games(league):
        names = {seat.position: _text(seat.player.name) for seat in game.seats}
        for deal in game.deals:
            for hand in deal.hands:
                rows.append(
                    [game.id, deal.number, names.get(hand.position, ""), hand.cards if hand.cards is not None else "", hand.points, hand.adjustment, hand.total, hand.buys]
                )
    return _csv(rows)


def checksum(content: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a backup without its checksum: an accident check, not a signature."""
    body = {key: value for key, value in content.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _hand_backup(hand: HandScore, per_player: bool) -> dict[str, Any]:
    """One hand's stored facts; where each player plays their own phase (Phase 10), its "made" tick and chosen
    phase too (a fixed schedule's hands keep the fields they always had)."""
    facts: dict[str, Any] = {
        "position": hand.position,
        "cards": hand.cards,
        "points": hand.points,
        "adjustment": hand.adjustment,
        "exact_cut": hand.exact_cut,
        "one_turn_out": hand.one_turn_out,
        "buys": hand.buys,
    }
    if per_player:
        facts |= {"made": hand.made, "chosen_phase": hand.chosen_phase}
    return facts


def league_backup(league: League) -> dict[str, Any]:
    """Everything stored about a league's games, as JSON-ready data with a checksum."""
    games = []
    for game in league_games(league):
        per_player = game.ruleset.progression is not Progression.FIXED
        games.append(
            {
                "ruleset_id": game.ruleset_id,
                "rules": json.loads(game.rules_json),
                "status": game.status,
                "first_dealer": game.first_dealer,
                "created_at": _iso(game.created_at),
                "finished_at": _iso(game.finished_at),
                "seats": [seat.player.name for seat in game.seats],
                "deals": [
                    {
                        "number": deal.number,
                        "dealer": deal.dealer,
                        "went_out": deal.went_out,
                        "stock_ran_out": deal.stock_ran_out,
                        "version": deal.version,
                        "created_at": _iso(deal.created_at),
                        "updated_at": _iso(deal.updated_at),
                        "hands": [_hand_backup(hand, per_player) for hand in deal.hands],
                    }
                    for deal in game.deals
                ],
                "buys": [
                    {"deal": b.deal_number, "position": b.position, "count": b.count}
                    for b in sorted(game.buys, key=lambda b: (b.deal_number, b.position))
                ],
                "history": [
                    {
                        "deal": change.deal_number,
                        "action": change.action,
                        "old": change.old,
                        "new": change.new,
                        "at": _iso(change.created_at),
                    }
                    for change in sorted(game.changes, key=lambda c: c.id)
                ],
            }
        )
    content: dict[str, Any] = {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "league": {"name": league.name, "created_at": _iso(league.created_at), "members": [p.name for p in league.members]},
        "games": games,
    }
    content["checksum"] = checksum(content)
    return content

