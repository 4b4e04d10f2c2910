"""A write to a game holds the game's row first, then reads the game afresh: decisions read what is stored.

Two phones at once once ended a Phase 10 game wrongly: one saved hand 10
(in which a player made phase 10), the other corrected hand 9 (so that the
player had not made phase 9). Each request had read the game's deals
before either took the game's row, so the save decided "finished, with a
winner" from a hand 9 the other phone was replacing, and the game was
stored finished on nine phases. One after the other, the same two saves
leave the game going on.

So every write that decides from the game's deals (a deal's entry,
correction, undo, the table's choice between two entries, ending early,
restoring, a May I tap) first calls :func:`hold_game`, which takes the
game's row until the transaction ends and then loads the game, its seats,
deals, hands and May I counters again from the database. Writes to one game
are then one after the other, each reading what the one before it stored,
on both databases:

- PostgreSQL: the UPDATE takes the row's lock (a second writer waits for the
  first to commit) and, read committed, every later SELECT sees what was
  committed before the lock was granted.
- SQLite: the UPDATE is the transaction's first write, so it takes the
  database's write lock (a second writer waits, up to the busy timeout);
  reads before it ran outside any transaction, so nothing older is kept.

The same order everywhere (the game's row first, then its deals and
counters) also keeps two writers from each holding a row the other waits for.
"""

from __future__ import annotations

import weakref

from flask_babel import gettext
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..extensions import db, rows_changed
from ..models import Game
from .errors import GameError

HELD = "held_games"
"""The key in ``session.info``: the transaction that holds games, and their ids."""


def hold_game(game: Game) -> None:
    """Take ``game``'s row for the rest of this transaction, and read the game afresh (once per transaction).

    Everything decided after this reads what is stored now, with no other
    write to the game in between. Raises :class:`GameError` when the game is
    no longer stored.
    """
    session = db.session()
    if game.id in _held_in(session):
        return
    # a write that changes nothing takes the lock (touch raises the revision)
    rows_changed(
        update(Game)
        .where(Game.id == game.id)
        .values(revision=Game.revision)
        .execution_options(synchronize_session=False)
    )
    fresh = session.scalars(select(Game).where(Game.id == game.id).execution_options(populate_existing=True)).first()
    if fresh is None:
        raise GameError(gettext("The page was out of date: reload it and try again."))
    session.expire(fresh, ["changes"])  # the history (loaded only when asked for) is read afresh too
    _held_in(session).add(game.id)


def _held_in(session: Session) -> set[int]:
    """The ids of the games this session's current transaction holds (none once it has ended)."""
    transaction = session.get_transaction()
    mark = session.info.get(HELD)
    if transaction is None:
        return set()
    if mark is None or mark[0]() is not transaction:
        mark = session.info[HELD] = (weakref.ref(transaction), set())
    held: set[int] = mark[1]
    return held
