"""Game results kept for the standings, rewritten whenever a game's facts change.

Every write to a game goes through :func:`companion.games.history.touch`,
which marks the game on the session; just before the session commits, each
marked game's :class:`~companion.models.GameResult` rows are rewritten from
its deals, and its league's revision is raised, in the same transaction. So
the summaries can never disagree with the deals they come from, and
:func:`rebuild_all` recomputes them from scratch at any time.
"""

from __future__ import annotations

from sqlalchemy import delete, event, insert, inspect, select, update
from sqlalchemy.orm import Session

from ..extensions import db
from ..games.changes import TOUCHED
from ..games.history import totals_only_games
from ..games.state import game_state
from ..models import Game, GameResult, GameStatus, League


def refresh_results(session: Session, game: Game, *, clear: bool = True, totals_only: bool | None = None) -> None:
    """Rewrite a game's result rows from its deals (none unless the game is finished); ``totals_only``: the game
    is another app's final totals (looked up when not given)."""
    if clear and game.id is not None:
        # no result row is ever loaded as an object, so there is nothing in the session to keep in step
        # (and matching the delete against every object in a large session took seconds)
        session.execute(
            delete(GameResult).where(GameResult.game_id == game.id), execution_options={"synchronize_session": False}
        )
    if game.game_status is not GameStatus.FINISHED:
        return
    if totals_only is None:
        totals_only = game.id in totals_only_games(session, [game.id])
    rows = result_rows(game, totals_only=totals_only)
    if rows:
        session.execute(insert(GameResult), rows)


def result_rows(game: Game, *, totals_only: bool = False) -> list[dict[str, object]]:
    """A game's result rows, one per player, as column values (none unless the game is finished).

    ``totals_only``: the game is another app's final totals (a BG Stats play), one row that is no deal: it counts
    in games, wins, scores and ratings, and in no per-deal figure (``deals`` and ``deals_out`` 0).
    """
    if game.game_status is not GameStatus.FINISHED:
        return []
    state = game_state(game)
    winners = sum(1 for s in state.standings if s.place == 1)
    return [
        {
            "game_id": game.id,
            "player_id": standing.player.id,
            "league_id": game.league_id,
            "ruleset_id": game.ruleset_id,
            "played_on": game.created_at,
            "position": standing.position,
            "total": standing.total,
            "place": standing.place,
            "winners": winners,
            "players": len(state.standings),
            "deals": 0 if totals_only else sum(1 for deal in game.deals
                                               if any(hand.position == standing.position for hand in deal.hands)),
            "deals_out": 0 if totals_only else sum(1 for deal in game.deals if deal.went_out == standing.position),
        }
        for standing in state.standings
    ]


def _before_commit(session: Session) -> None:
    touched = session.info.pop(TOUCHED, set())
    touched |= {obj for obj in session.deleted if isinstance(obj, Game)}  # a game deleted takes its results along
    if not touched:
        return
    # every league that held one of these games' results, as stored before this commit's changes
    # (a game moved or deleted leaves it; PostgreSQL's cascade would take a deleted game's rows first)
    ids = [game.id for game in touched if game.id is not None]
    with session.no_autoflush:
        leagues = set(session.scalars(select(GameResult.league_id).where(GameResult.game_id.in_(ids)).distinct()))
    session.flush()  # ids for new games, and their deals in place
    with session.no_autoflush:
        totals_only = totals_only_games(session, [game.id for game in touched if game.id is not None])
    for game in touched:
        _rewrite_results(session, game, game.id in totals_only)
        leagues.add(game.league_id)
    leagues.discard(None)
    if leagues:
        # raised in SQL, so two commits at once can't both write the same next revision
        session.execute(
            update(League).where(League.id.in_(leagues)).values(revision=League.revision + 1),
            execution_options={"synchronize_session": "fetch"},
        )


def _rewrite_results(session: Session, game: Game, totals_only: bool) -> None:
    """A game's results rewritten from its deals; a deleted game's deleted."""
    state = inspect(game)
    if not (state.deleted or state.was_deleted):
        refresh_results(session, game, totals_only=totals_only)
    elif game.id is not None:
        session.execute(
            delete(GameResult).where(GameResult.game_id == game.id),
            execution_options={"synchronize_session": False},
        )


def _after_rollback(session: Session) -> None:
    session.info.pop(TOUCHED, None)


def install() -> None:
    """Hook the rewrite into every session's commit (once per process)."""
    if not event.contains(Session, "before_commit", _before_commit):
        event.listen(Session, "before_commit", _before_commit)
        event.listen(Session, "after_rollback", _after_rollback)


def rebuild_all(batch: int = 500) -> int:
    """Recompute every game's results from its deals, in one transaction; the number of games.

    Games are read a batch at a time and let go of after each, so the session
    is emptied (``expunge_all``): objects loaded before the call are detached.
    """
    session = db.session
    session.execute(delete(GameResult), execution_options={"synchronize_session": False})
    ids = list(session.scalars(select(Game.id).order_by(Game.id)))
    for start in range(0, len(ids), batch):
        rows: list[dict[str, object]] = []
        totals_only = totals_only_games(session(), ids[start:start + batch])
        for game in session.scalars(select(Game).where(Game.id.in_(ids[start:start + batch]))):
            rows += result_rows(game, totals_only=game.id in totals_only)
        if rows:
            session.execute(insert(GameResult), rows)
        session.expunge_all()
    session.execute(update(League).values(revision=League.revision + 1), execution_options={"synchronize_session": False})
    session.commit()
    return len(ids)
