"""A game's life: start it, count May Is, abandon, end early, restore, rematch, count it in a league.

Views call these; each write is one transaction (one commit, or a rollback
that leaves nothing half-written) and is logged in the game's history.
A deal's entry, correction and undo are :mod:`.deal_entry`'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from flask_babel import gettext, ngettext
from sqlalchemy import ColumnElement, select, update
from sqlalchemy.exc import IntegrityError

from ..auth.access import new_token
from ..extensions import db, rows_changed
from ..models import BuyCount, CustomRulesetVersion, Game, GameStatus, League, Player, Seat, utc_now
from ..rules import Ruleset
from ..rules.seats import hand_roles
from ..i18n import buy_word, listed
from ..validation import TextError, clean_name
from .errors import GameError, NameTaken
from .history import log_change, touch
from .holding import hold_game


def find_or_add_player(name: str) -> Player:
    """The player with this name (any case and spacing), added if new."""
    try:
        clean = clean_name(name, longest=40)
    except TextError as error:
        raise GameError(str(error)) from None
    return Player.find_or_add(clean)  # a name taken meanwhile on another phone: see start_game


def start_game(
    ruleset: Ruleset,
    players: Sequence[Player],
    first_dealer: int | None,
    rng: random.Random | None = None,
    league: League | None = None,
    custom_version: CustomRulesetVersion | None = None,
) -> Game:
    """A new game with players seated clockwise in the order given; ``None`` draws the first dealer.

    ``custom_version``: the stored version of a table's own ruleset that ``ruleset`` was read from.

    In a league, players not yet on its roster join it.
    """
    if not ruleset.plays(len(players)):
        raise GameError(ruleset.players_refusal(len(players)))
    if first_dealer is None:
        first_dealer = (rng or random.SystemRandom()).randrange(len(players))
    # A new player's name added on another phone at the same moment makes this insert fail on the unique
    # name. The name is then that player's (find_or_add would seat them), so the game is tried again with
    # them: forty phones starting games with one shared new name once got thirty refusals.
    new_names = [p.name for p in players if p.id is None]
    for _ in range(_START_TRIES):
        try:
            return _insert_game(ruleset, players, first_dealer, league, custom_version)
        except IntegrityError:
            db.session.rollback()
            players = _seated_again(players)
    raise _names_taken(new_names)


def _seated_again(players: Sequence[Player]) -> list[Player]:
    """The players for another try: each new one as the player now found by that name (another phone's, if stored)."""
    return [p if p.id is not None else Player.find_or_add(p.name) for p in players]


def _names_taken(new_names: list[str]) -> NameTaken:
    """The refusal after the last try: the new players' names now stored, or no name if none is."""
    # the players seated again for another try are in the session, not stored: looking names up would write them
    db.session.rollback()
    taken = [name for name in new_names if Player.by_name(name) is not None]
    if not taken:
        return NameTaken(gettext("The name of a player was just taken on another phone: tap Start again to seat that player."))
    return NameTaken(
        gettext(
            "The name %(names)s was just taken on another phone: tap Start again to seat that player.", names=listed(taken)
        )
    )


_START_TRIES = 3
"""Tries of a new game whose new players' names other phones add at the same moment (each try seats them)."""


def _insert_game(
    ruleset: Ruleset,
    players: Sequence[Player],
    first_dealer: int,
    league: League | None,
    custom_version: CustomRulesetVersion | None,
) -> Game:
    # its watch link is made with it, so showing the game page writes nothing
    game = Game(first_dealer=first_dealer, custom_version_id=custom_version.id if custom_version else None,
                share_token=new_token())
    game.ruleset = ruleset
    game.seats = [Seat(position=i, player=player) for i, player in enumerate(players)]
    db.session.add(game)
    if league is not None:
        # the game is in the session before it joins the league's games (SQLAlchemy 2 no longer
        # cascades along the backref, and an autoflush in between warned and dropped the link)
        game.league = league
        for player in players:
            if player not in league.members:
                league.members.append(player)
    db.session.flush()
    log_change(game, None, "started", None, {"ruleset": ruleset.id, "options": list(ruleset.chosen_options),
                                        "players": [p.name for p in players], "first_dealer": players[first_dealer].name})
    db.session.commit()
    return game


def change_buys(game: Game, position: int, delta: int) -> int:
    """Count (or take back) a May I / buy for a player in the current deal; the new count.

    Raises :class:`GameError` with the reason when the ruleset refuses it.
    """
    _held(game)  # the current deal is the one after the deals stored now, not after those the page read
    ruleset = game.ruleset
    number = len(game.deals) + 1
    seat = _seat_that_may_buy(game, number, position, delta)
    deal, name = ruleset.deal(number), buy_word(ruleset.buy_name)
    row = _buy_counter(game, number, position, make=delta > 0)
    if row is None:
        raise GameError(gettext("%(name)s has no %(buy)s to take back.", name=seat.player.name, buy=name))
    # One conditional UPDATE: two phones tapping at once can't both take the last May I allowed.
    allowed: ColumnElement[bool] = BuyCount.count + delta >= 0
    if delta > 0 and deal.buys.limit is not None:
        allowed = allowed & (BuyCount.count + delta <= deal.buys.limit)
    changed = rows_changed(
        update(BuyCount).where(BuyCount.id == row.id, allowed).values(count=BuyCount.count + delta)
    )
    if not changed:
        db.session.rollback()
        count = db.session.scalar(select(BuyCount.count).where(BuyCount.id == row.id)) or 0
        if delta < 0:
            raise GameError(gettext("%(name)s has no %(buy)s to take back.", name=seat.player.name, buy=name))
        raise GameError(
            ngettext(  # English's plural of the buy's name ("May Is"); a translation writes its own sentence
                "%(name)s has had %(count)s %(buy)ss: at most once a deal in %(rules)s.",
                "%(name)s has had %(count)s %(buy)ss: at most %(num)s times a deal in %(rules)s.",
                deal.buys.limit or 0,
                name=seat.player.name,
                count=count,
                buy=name,
                rules=ruleset.said_name,
            )
        )
    touch(game)
    db.session.commit()
    return db.session.scalar(select(BuyCount.count).where(BuyCount.id == row.id)) or 0


def _seat_that_may_buy(game: Game, number: int, position: int, delta: int) -> Seat:
    """The seat whose counter changes, if the game and the deal allow it; :class:`GameError` saying why not."""
    if game.game_status is not GameStatus.IN_PROGRESS:
        raise GameError(gettext("This game is not in progress."))
    seat = next((s for s in game.seats if s.position == position), None)
    if seat is None:
        raise GameError(gettext("That player is not at this table."))
    ruleset = game.ruleset
    if delta > 0 and not ruleset.deal(number).buys.allowed:
        raise GameError(gettext("No %(buy)s in deal %(number)s of %(rules)s.", buy=buy_word(ruleset.buy_name), number=number, rules=ruleset.said_name))
    return seat


def _buy_counter(game: Game, number: int, position: int, *, make: bool) -> BuyCount | None:
    """A seat's May I counter in deal ``number``; made at 0 if ``make`` and there is none (else ``None``)."""
    mine = select(BuyCount).where(
        BuyCount.game_id == game.id, BuyCount.deal_number == number, BuyCount.position == position
    )
    row = db.session.scalar(mine)
    if row is not None or not make:
        return row
    db.session.add(BuyCount(game_id=game.id, deal_number=number, position=position, count=0))
    try:
        db.session.flush()
    except IntegrityError:  # another phone made the counter first: use theirs
        db.session.rollback()
    row = db.session.scalar(mine)
    if row is None:  # made by another phone and gone again (an undo) in between
        raise GameError(gettext("The %(buy)s counter changed on another phone: try again.", buy=buy_word(game.ruleset.buy_name)))
    return row


def abandon(game: Game) -> None:
    """Stop a game in progress; its scores are kept but can no longer change."""
    if game.game_status is GameStatus.ABANDONED:
        return
    if game.game_status is GameStatus.FINISHED:
        raise GameError(gettext("This game is finished, so it can't be abandoned."))
    old = game.status
    # only a game still in progress (one conditional UPDATE): a deal saved meanwhile that finished it wins
    changed = rows_changed(
        update(Game)
        .where(Game.id == game.id, Game.status == GameStatus.IN_PROGRESS.value)
        .values(status=GameStatus.ABANDONED.value)
        .execution_options(synchronize_session=False)
    )
    if changed != 1:
        db.session.rollback()
        raise GameError(gettext("This game changed meanwhile (it may be finished): reload the page."))
    game.status = GameStatus.ABANDONED.value
    log_change(game, None, "abandoned", {"status": old}, {"status": game.status})
    db.session.commit()


def end_early(game: Game, *, by: int | None = None) -> None:
    """Finish a game in progress after the deals played so far, as the table agreed: the totals stand,
    it counts in a league's standings, and it is marked as ended early.

    Read with the game's row held: a deal saved at the same moment is either
    among the deals it ends after, or refused because the game has ended."""
    _held(game)
    if game.game_status is not GameStatus.IN_PROGRESS:
        raise GameError(gettext("Only a game in progress can be ended early."))
    if not game.deals:
        raise GameError(gettext("No deal has been scored yet: abandon the game instead."))
    game.status = GameStatus.FINISHED.value
    game.finished_at = utc_now()
    log_change(game, None, "ended_early", None, {"deals": len(game.deals), "of": len(game.ruleset.deals)}, by=by)
    db.session.commit()


def restore(game: Game, *, by: int | None = None) -> None:
    """Bring an abandoned game back into play where it stopped."""
    _held(game)
    if game.game_status is not GameStatus.ABANDONED:
        raise GameError(gettext("Only an abandoned game can be restored."))
    game.status = GameStatus.IN_PROGRESS.value
    log_change(game, None, "restored", {"status": GameStatus.ABANDONED.value}, {"status": game.status}, by=by)
    db.session.commit()


def _held(game: Game) -> None:
    """The game's row held for this write and the game read afresh (:func:`~.holding.hold_game`)."""
    try:
        hold_game(game)
    except GameError:
        db.session.rollback()
        raise


def rematch(game: Game) -> Game:
    """A new game with the same rules (house rules included), seats and league; the next player deals first."""
    if game.game_status is GameStatus.IN_PROGRESS:
        raise GameError(gettext("Finish or end this game before a rematch."))
    first_dealer = _rematch_first_dealer(game)  # rematch_dealer's seat
    new = start_game(game.ruleset, game.players, first_dealer, league=game.league, custom_version=game.custom_version)
    log_change(new, None, "rematch", None, {"of": game.id})
    db.session.commit()
    return new


def add_to_league(game: Game, league: League) -> None:
    """Count a game played outside a league in its standings after all; its players join the roster."""
    if game.league_id is not None:
        raise GameError(gettext("This game is in a league already."))
    if game.game_status is GameStatus.ABANDONED:
        raise GameError(gettext("An abandoned game doesn't count in a league: restore it first."))
    game.league = league
    for player in game.players:
        if player not in league.members:
            league.members.append(player)
    log_change(game, None, "added_to_league", None, {"league": league.name})
    db.session.commit()


def abandoned_games() -> list[Game]:
    """Abandoned games, the latest first (they can be restored)."""
    return list(
        db.session.scalars(
            select(Game).where(Game.status == GameStatus.ABANDONED.value).order_by(Game.created_at.desc(), Game.id.desc())
        )
    )




def rematch_dealer(game: Game) -> Player:
    """Who deals first in a rematch of ``game``: the player after its first dealer, the deal passing in the
    ruleset's direction (RULES.md §8.7.13: to the right in Carioca), as it would to a second hand."""
    return game.seats[_rematch_first_dealer(game)].player


def _rematch_first_dealer(game: Game) -> int:
    """The seat that deals first in a rematch: the one that dealt hand 2 of ``game`` (or would have)."""
    return hand_roles(len(game.seats), game.first_dealer, game.ruleset.direction, 2).dealer
