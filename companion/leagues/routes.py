"""League pages: leagues and rosters, standings by season and ruleset, player pages, head-to-head."""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

from babel.numbers import get_decimal_symbol
from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext, ngettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import SelectChoice, StringField
from wtforms.validators import Optional

from flask_login import current_user
from markupsafe import Markup

from ..auth.access import can_change_league, refusal
from ..downloads import attachment, file_stem
from ..extensions import db
from ..i18n import N_
from ..links import public_url
from ..qr import qr_svg
from ..models import League, Player
from ..registry import league_choices
from .. import registry
from ..validation import IdSelectField, PlainName, TextError
from .charts import line_chart
from .service import LeagueError, add_member, create_league, remove_member
from .standings import COLUMNS, DEFAULT_SORT, SORT_KEYS, PlayerRecord, Season, Standings, contracts_for, ended_early, has_played_in, seasons_of, standings_for

from . import bp


def league_name_sentence(error: TextError) -> str:
    """What is wrong with a typed league name, as a whole sentence in the page's language (English reads as
    ``clean_name`` says it)."""
    values = error.values
    if error.problem == "not_text":
        return gettext("A league name must be text.")
    if error.problem == "empty":
        return gettext("A league name can't be empty.")
    if error.problem == "refused":
        return gettext(
            "A league name can't hold the invisible or control character %(character)s: type letters only.", **values
        )
    if error.problem == "grown":
        return gettext("A league name is at most %(longest)d letters (“%(letter)s” counts as %(counts)d).", **values)
    return gettext("A league name is at most %(longest)d letters.", longest=values.get("longest", 0))


class LeagueForm(FlaskForm):
    name = StringField(
        _l("League name"), validators=[PlainName(longest=60, what="A league name", said=league_name_sentence)]
    )


class MemberForm(FlaskForm):
    player = IdSelectField(_l("Player"), message=N_("Pick a player from the list."))
    new_name = StringField(_l("or a new player"), validators=[Optional(), PlainName(longest=40)])


class PlainForm(FlaskForm):
    """A POST button (remove from the roster): it carries CSRF."""


def _league_or_404(league_id: int) -> League:
    league = db.session.get(League, league_id)
    if league is None:
        abort(404)
    return league


def _league_to_change(league_id: int) -> League:
    """The league, if the reader may change it; otherwise a 403 saying why."""
    league = _league_or_404(league_id)
    if not can_change_league(current_user, league):
        abort(403, description=refusal(league=league))
    return league


@bp.route("/", methods=["GET", "POST"])
def index() -> ResponseReturnValue:
    form = LeagueForm()
    status = 200
    if form.validate_on_submit():
        try:
            league = create_league(form.name.data or "")
        except LeagueError as error:
            form.name.errors = [str(error)]
            status = 422
        else:
            flash(gettext("League “%(name)s” created: add its players.", name=league.name), "info")
            return redirect(url_for("leagues.show", league_id=league.id), code=303)
    elif request.method == "POST":
        status = 422
    return render_template("leagues/index.html", form=form, leagues=League.ordered()), status


# ---------------------------------------------------------------------------
# Choosing the season and ruleset


FIRST_YEAR, LAST_YEAR = 1900, 9998
"""Seasons and date ranges are kept within these years (a range must be able to end the next day)."""


def _filters(league: League) -> tuple[Season, str | None, dict[str, str], list[int]]:
    """The season and ruleset from the query, with a message for a bad one; defaults to the latest year."""
    years = seasons_of(league.id)
    errors: dict[str, str] = {}
    this_year = dt.date.today().year
    default = Season.year(this_year if this_year in years or not years else years[0])
    season = _season_asked(request.args.get("season", ""), default, errors)
    ruleset_id = request.args.get("ruleset") or None
    if ruleset_id is not None and not registry.is_ruleset_id(ruleset_id):
        errors["ruleset"] = gettext("There is no ruleset “%(id)s”.", id=ruleset_id)
        ruleset_id = None
    return season, ruleset_id, errors, years


def _season_asked(asked: str, default: Season, errors: dict[str, str]) -> Season:
    """The season the query asks for (all time, a date range, a year), else ``default`` with a sentence."""
    if asked == "all":
        return Season.all_time()
    if asked == "range":
        return _range_asked(default, errors)
    if asked.isascii() and asked.isdigit() and len(asked) <= 4 and FIRST_YEAR <= int(asked) <= LAST_YEAR:
        return Season.year(int(asked))
    if asked:
        shown = asked if len(asked) <= 40 else asked[:39] + "…"
        errors["season"] = gettext("“%(asked)s” is not a season: pick a year, all time or a range.", asked=shown)
    return default


def _range_asked(default: Season, errors: dict[str, str]) -> Season:
    """The query's ``from``/``to`` dates as a season (either way round), else ``default`` with a sentence."""
    try:
        first = dt.date.fromisoformat(request.args.get("from", ""))
        last = dt.date.fromisoformat(request.args.get("to", ""))
    except ValueError:
        errors["season"] = gettext("Give both dates of the range, as a calendar shows them.")
        return default
    if last < first:
        errors["season"] = gettext("The range ends before it starts.")
        first, last = last, first
    if first.year < FIRST_YEAR or last.year > LAST_YEAR:
        errors["season"] = gettext("Pick dates from the year %(first)s to %(last)s.", first=FIRST_YEAR, last=LAST_YEAR)
        return default
    return Season.between(first, last)


def _page_filters(
    league: League, season: Season, ruleset_id: str | None, errors: dict[str, str], years: list[int], watch_token: str | None
) -> dict[str, object]:
    """What every league page shows of its season and ruleset filters, and its links (member or watcher)."""
    return {
        "season": season,
        "ruleset_id": ruleset_id,
        "years": years,
        "errors": errors,
        "filter_args": _filter_args(season, ruleset_id),
        "rulesets": [*league_choices(league), *registry.builtins()],
        "watch_token": watch_token,
        "link": _links(league, watch_token),
    }


def _filter_args(season: Season, ruleset_id: str | None) -> dict[str, str]:
    """The query arguments that reproduce a season and ruleset (for links)."""
    args: dict[str, str] = {}
    if season.start is None:
        args["season"] = "all"
    elif season.label.isdigit():
        args["season"] = season.label
    else:
        args["season"] = "range"
        args["from"] = season.start.date().isoformat()
        args["to"] = (season.end - dt.timedelta(days=1)).date().isoformat() if season.end else ""
    if ruleset_id:
        args["ruleset"] = ruleset_id
    return args


# ---------------------------------------------------------------------------
# Standings and roster


@bp.get("/<int:league_id>")
def show(league_id: int) -> tuple[str, int]:
    return standings_page(_league_or_404(league_id))


def _links(league: League, watch_token: str | None):  # noqa: ANN202
    """``link(kind, **args)``: a league page's URL, for members or, with a watch token, for watchers."""
    members = {"show": "leagues.show", "player": "leagues.player", "h2h": "leagues.head_to_head"}
    watchers = {"show": "watch.league", "player": "watch.league_player", "h2h": "watch.league_head_to_head"}

    def link(kind: str, **args: Any) -> str:
        if watch_token:
            return url_for(watchers[kind], token=watch_token, **args)
        return url_for(members[kind], league_id=league.id, **args)

    return link


def _league_share(league: League) -> dict[str, object]:
    if league.share_token is None:  # made with the league (a GET writes nothing)
        return {}
    url = public_url("watch.league", token=league.share_token)
    return {"share_url": url, "share_qr": _share_qr(url, str(get_locale()))}  # its title in the page's language


@functools.lru_cache(maxsize=128)
def _share_qr(url: str, language: str) -> Markup:
    """The watch link's QR code, drawn once per link (drawing it was a third of the standings page's time)."""
    return qr_svg(url, title=gettext("QR code of the league's watch link"))


def standings_page(league: League | None, watch_token: str | None = None) -> tuple[str, int]:
    """The standings, for members or (with ``watch_token``) read-only for anyone with the link."""
    if league is None:
        abort(404)
    season, ruleset_id, errors, years = _filters(league)
    standings = standings_for(league, season, ruleset_id)
    sort = request.args.get("sort", DEFAULT_SORT)
    if sort not in SORT_KEYS:
        sort = DEFAULT_SORT
    direction = request.args.get("dir")
    descending = None if direction not in ("asc", "desc") else direction == "desc"
    rows = standings.rows(sort, descending)
    can_edit = watch_token is None and can_change_league(current_user, league)
    member_form = MemberForm()
    _member_choices(member_form, league)
    extra = _league_share(league) if watch_token is None and current_user.is_authenticated else {}
    return render_template(
        "leagues/show.html",
        league=league,
        standings=standings,
        rows=rows,
        columns=COLUMNS,
        sort=sort,
        sort_heading=next(heading for key, heading, _ in COLUMNS if key == sort),
        descending=descending,
        member_form=member_form,
        plain_form=PlainForm(),
        can_edit=can_edit,
        **_page_filters(league, season, ruleset_id, errors, years, watch_token),
        **extra,
    ), (422 if errors else 200)


def _member_choices(form: MemberForm, league: League) -> None:
    members = {p.id for p in league.members}
    form.player.choices = [SelectChoice("", "—")] + [
        SelectChoice(str(p.id), p.name) for p in Player.ordered() if p.id not in members
    ]


@bp.post("/<int:league_id>/members")
def add_to_roster(league_id: int) -> WerkzeugResponse:
    league = _league_to_change(league_id)
    form = MemberForm()
    # Any player may be posted (one already on the roster is told so); the page offers only the others.
    form.player.choices = [SelectChoice("", "—")] + [SelectChoice(str(p.id), p.name) for p in Player.ordered()]
    if not form.validate_on_submit():
        flash(next(iter(form.errors.values()))[0] if form.errors else gettext("The page was out of date: try again."), "error")
        return redirect(url_for("leagues.show", league_id=league.id), code=303)
    from ..games.life import find_or_add_player

    if form.player.data is not None:
        player = db.session.get(Player, form.player.data)
        if player is None:
            flash(gettext("Pick a player from the list."), "error")
            return redirect(url_for("leagues.show", league_id=league.id), code=303)
    elif form.new_name.data and form.new_name.data.strip():
        player = find_or_add_player(form.new_name.data)
    else:
        flash(gettext("Pick a player or type a new name."), "error")
        return redirect(url_for("leagues.show", league_id=league.id), code=303)
    name = player.name
    try:
        added = add_member(league, player)
    except LeagueError as error:
        flash(str(error), "error")
        return redirect(url_for("leagues.show", league_id=league_id), code=303)
    if added:
        flash(gettext("%(name)s joined %(league)s.", name=name, league=league.name), "info")
    else:
        flash(gettext("%(name)s is already on the roster.", name=name), "info")
    return redirect(url_for("leagues.show", league_id=league.id), code=303)


@bp.post("/<int:league_id>/members/<int:player_id>/remove")
def remove_from_roster(league_id: int, player_id: int) -> WerkzeugResponse:
    league = _league_to_change(league_id)
    player = db.session.get(Player, player_id)
    if player is None:
        abort(404)
    if not PlainForm().validate_on_submit():
        flash(gettext("The page was out of date: try again."), "error")
    else:
        try:
            remove_member(league, player)
            flash(gettext("%(name)s left the roster; their past games still count.", name=player.name), "info")
        except LeagueError as error:
            flash(str(error), "error")
    return redirect(url_for("leagues.show", league_id=league.id), code=303)


# ---------------------------------------------------------------------------
# A player's page and head-to-head


@bp.get("/<int:league_id>/players/<int:player_id>")
def player(league_id: int, player_id: int) -> tuple[str, int]:
    return player_page(_league_or_404(league_id), player_id)


def player_page(league: League | None, player_id: int, watch_token: str | None = None) -> tuple[str, int]:
    if league is None:
        abort(404)
    person = db.session.get(Player, player_id)
    if person is None:
        abort(404)
    season, ruleset_id, errors, years = _filters(league)
    standings = standings_for(league, season, ruleset_id)
    record = standings.records.get(player_id)
    if record is None and not _ever_in(league, person):
        abort(404)  # never on the roster, no game in the league: not this league's player
    opponents = _opponents(standings, player_id)
    contracts = contracts_for(league, player_id, season, ruleset_id)
    return render_template(
        "leagues/player.html",
        league=league,
        person=person,
        record=record,
        opponents=opponents,
        contracts=contracts,
        hardest=contracts[0] if contracts else None,
        **_player_games(person, record),
        **_page_filters(league, season, ruleset_id, errors, years, watch_token),
    ), (422 if errors else 200)


def _player_games(person: Player, record: PlayerRecord | None) -> dict[str, Any]:
    """A player's games and skill in the filter, newest first, and their two charts (games ended early marked)."""
    history = record.history if record else []
    skills = record.skills if record else []
    early_games = ended_early({game_id for _, game_id, _, _ in history})
    early = [index for index, (_, game_id, _, _) in enumerate(history) if game_id in early_games]
    return {
        "history": list(reversed(history)),
        "skills": list(reversed(skills)),
        "early_games": early_games,
        "score_chart": line_chart(
            [h[2] for h in history], title=gettext("%(name)s's final scores", name=person.name), from_zero=True, least_span=50,
            early=early, line_skips_early=True,
        ),
        "rating_chart": line_chart(skills, title=gettext("%(name)s's skill", name=person.name), least_span=20, early=early),
    }


@bp.app_template_filter("season_words")
def season_words(season: Season, in_sentence: bool = False) -> str:
    """The season as the page names it: "All time" (in a sentence "all time"), a year, or its first and last day."""
    if season.start is None:
        return gettext("all time") if in_sentence else gettext("All time")
    if season.label.isdigit():
        return season.label
    last = season.end - dt.timedelta(days=1) if season.end else season.start
    return gettext("%(first)s to %(last)s", first=season.start.date().isoformat(), last=last.date().isoformat())


@bp.app_template_filter("streak_words")
def streak_words(record: PlayerRecord) -> str:
    """The current streak in the page's words: "2 wins in a row", "lost the last 2", "won the last game"."""
    if not record.streak:
        return "—"
    if record.streak_kind == "W":
        return ngettext("won the last game", "%(num)s wins in a row", record.streak)
    return ngettext("lost the last game", "lost the last %(num)s", record.streak)


_SKILL_WORDS = {"new": N_("%(skill)s, new"), "settling": N_("%(skill)s, settling"), "steady": N_("%(skill)s, steady")}


@bp.app_template_filter("skill_words")
def skill_words(record: PlayerRecord) -> str:
    """The skill and how sure it is ("27, steady"), in the page's words."""
    return gettext(_SKILL_WORDS[record.skill_word], skill=record.skill)


@bp.app_template_filter("one_decimal")
def one_decimal(value: float) -> str:
    """``value`` with one decimal, rounded as Python's ``"%.1f"``, with the page's decimal sign ("12,5" in Spanish)."""
    return f"{value:.1f}".replace(".", get_decimal_symbol(str(get_locale() or "en")))


@bp.app_template_filter("wins_number")
def wins_number(value: float) -> str:
    """Wins, a shared win counted as a part (``"%g"`` of two decimals), with the page's decimal sign."""
    return f"{round(value, 2):g}".replace(".", get_decimal_symbol(str(get_locale() or "en")))


def _ever_in(league: League, person: Player) -> bool:
    """Whether ``person`` is on the league's roster or has played a game in it (in any season)."""
    return person in league.members or has_played_in(league.id, person.id)


def _opponents(standings: Standings, player_id: int) -> list[dict[str, Any]]:
    """Everyone the player has met, with the games the player finished ahead, behind, level; most met first."""
    head_to_head = standings.against(player_id)
    opponents: list[dict[str, Any]] = []
    for other in standings.records.values():
        if other.player_id == player_id:
            continue
        ahead, behind, level = head_to_head.get(other.player_id, (0, 0, 0))
        if ahead + behind + level:
            opponents.append({"record": other, "ahead": ahead, "behind": behind, "level": level})
    opponents.sort(key=lambda o: (-(o["ahead"] + o["behind"] + o["level"]), o["record"].name.casefold()))
    return opponents


@bp.get("/<int:league_id>/head-to-head")
def head_to_head(league_id: int) -> tuple[str, int]:
    return head_to_head_page(_league_or_404(league_id))


def head_to_head_page(league: League | None, watch_token: str | None = None) -> tuple[str, int]:
    if league is None:
        abort(404)
    season, ruleset_id, errors, years = _filters(league)
    standings = standings_for(league, season, ruleset_id)
    players = sorted(standings.records.values(), key=lambda r: r.name.casefold())
    return render_template(
        "leagues/head_to_head.html",
        league=league,
        players=players,
        matrix=standings.head_to_head(),
        **_page_filters(league, season, ruleset_id, errors, years, watch_token),
    ), (422 if errors else 200)


# ---------------------------------------------------------------------------
# Export and backup


@bp.get("/<int:league_id>/export/<kind>.csv")
def export_csv(league_id: int, kind: str) -> WerkzeugResponse:
    """Games, deals or scores of the league as CSV."""
    from flask import Response

    from .exports import deals_csv, games_csv, scores_csv

    league = _league_or_404(league_id)
    makers = {"games": games_csv, "deals": deals_csv, "scores": scores_csv}
    if kind not in makers:
        abort(404)
    filename = f"{_slug(league.name)}-{kind}.csv"
    return Response(
        makers[kind](league),
        mimetype="text/csv",
        headers={"Content-Disposition": attachment(filename)},
    )


@bp.get("/<int:league_id>/backup.json")
def backup(league_id: int) -> WerkzeugResponse:
    """The whole league as a JSON backup, for an import to restore exactly."""
    import json

    from flask import Response

    from .exports import league_backup

    league = _league_or_404(league_id)
    return Response(
        json.dumps(league_backup(league), ensure_ascii=False, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": attachment(f"{_slug(league.name)}-backup.json")},
    )


def _slug(name: str) -> str:
    """The league's name at the start of its files' names, its letters kept (``familia-gonzález``)."""
    return file_stem(name) or "league"

