"""Small line charts drawn on the server as SVG: no chart library, nothing for the phone to run.

Their words (the label a screen reader says, the "first" and "latest" under the line) are in the page's language;
outside a request (a doctest, a command) in English.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from flask_babel import format_decimal, gettext, ngettext
from markupsafe import Markup, escape

from ..i18n import page_is_english


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    width: int = 320,
    height: int = 140,
    unit: str = "",
    digits: int = 0,
    from_zero: bool = False,
    least_span: float = 0.0,
    early: Collection[int] = (),
    line_skips_early: bool = False,
) -> Markup:
    """A line through ``values`` in order (one per game), with its lowest and highest value marked.

    The SVG scales to its container's width; ``title`` names it for screen readers, with the first,
    latest, lowest and highest values (shown with ``digits`` decimals). The games at the indexes in
    ``early`` ended early: their points are hollow and, with ``line_skips_early``, off the line and out
    of the figures read out (a 2-deal total is not a better game than a 7-deal one).

    >>> print(line_chart([], title="Scores"))
    <svg class="chart" viewBox="0 0 320 140" role="img" aria-label="Scores: no games yet"><text x="160.0" y="70.0" text-anchor="middle">No games yet</text></svg>
    >>> "from 1.5 to -0.2, lowest -0.2, highest 2.0" in line_chart([1.5, 2, -0.2], title="Rating", digits=1)
    True
    """
    pad_left, pad_right, pad_top, pad_bottom = 36, 8, 10, 18
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    if not values:
        return _no_games_chart(title, width, height)
    low, high = min(values), max(values)
    # The axis starts at zero (scores) or spans at least ``least_span`` (skill), so a change of two
    # points looks like two points, not like the whole height of the chart.
    axis_low, axis_high = _axis(low, high, from_zero=from_zero, least_span=least_span)
    span = (axis_high - axis_low) or 1.0
    step = inner_w / max(1, len(values) - 1)

    def x(i: int) -> float:
        return pad_left + i * step

    def y(v: float) -> float:
        return pad_top + inner_h - (v - axis_low) / span * inner_h

    early = {i for i in early if 0 <= i < len(values)}
    on_line = _on_line(len(values), early, line_skips_early=line_skips_early)
    points = " ".join(f"{x(i):.1f},{y(values[i]):.1f}" for i in on_line)

    def shown(value: float) -> str:
        if page_is_english():
            return f"{value:.{digits}f}{unit}"
        return format_decimal(value, format="0." + "0" * digits if digits else "0") + unit  # "1,5" in Spanish

    label = _chart_label(title, values, on_line, early, shown, line_skips_early=line_skips_early)
    first, latest = escape(gettext("first")), escape(gettext("latest"))  # the ends of the line, under it
    dots = "".join(_dot(x(i), y(v), early=i in early, many=len(values) > 40) for i, v in enumerate(values))
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{label}" preserveAspectRatio="none">'
        f'<line class="axis" x1="{pad_left}" y1="{pad_top}" x2="{pad_left}" y2="{pad_top + inner_h}"/>'
        f'<line class="axis" x1="{pad_left}" y1="{pad_top + inner_h}" x2="{width - pad_right}" y2="{pad_top + inner_h}"/>'
        f'<text class="tick" x="{pad_left - 4}" y="{pad_top + 4}" text-anchor="end">{axis_high:.{digits}f}</text>'
        f'<text class="tick" x="{pad_left - 4}" y="{pad_top + inner_h}" text-anchor="end">{axis_low:.{digits}f}</text>'
        f'<text class="tick" x="{pad_left}" y="{height - 4}">{first}</text>'
        f'<text class="tick" x="{width - pad_right}" y="{height - 4}" text-anchor="end">{latest}</text>'
        f'<polyline points="{points}"/>{dots}</svg>'
    )


def _no_games_chart(title: str, width: int, height: int) -> Markup:
    """The chart of a player with no games: its words alone."""
    label, words = escape(gettext("%(title)s: no games yet", title=title)), escape(gettext("No games yet"))
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">{words}</text></svg>'
    )


def _on_line(count: int, early: set[int], *, line_skips_early: bool) -> list[int]:
    """The games the line joins: every one, or with ``line_skips_early`` those not ended early (every one again
    if every game ended early, so that there is a line)."""
    return [i for i in range(count) if not (line_skips_early and i in early)] or list(range(count))


def _dot(x: float, y: float, *, early: bool, many: bool) -> str:
    """One game's point: hollow and larger when it ended early; the others left off among ``many`` (over 40)."""
    if early:
        return f'<circle class="early" cx="{x:.1f}" cy="{y:.1f}" r="3.5"/>'
    return "" if many else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>'


def _chart_label(
    title: str,
    values: Sequence[float],
    on_line: list[int],
    early: set[int],
    shown: Callable[[float], str],
    *,
    line_skips_early: bool,
) -> str:
    """What a screen reader says of the chart: the games on the line, first, latest, lowest, highest, then the
    games ended early."""
    read = [values[i] for i in on_line]
    games = _games_counted(len(read), full=bool(line_skips_early and early and len(on_line) < len(values)))
    label = gettext("%(title)s: %(games)s, from %(first)s to %(latest)s, lowest %(lowest)s, highest %(highest)s",
                    title=title, games=games, first=shown(read[0]), latest=shown(read[-1]), lowest=shown(min(read)),
                    highest=shown(max(read)))  # fmt: skip
    if early:
        label += _early_games_said(values, early, shown, line_skips_early=line_skips_early)
    return str(escape(label))


def _games_counted(count: int, *, full: bool) -> str:
    """The games on the line: "full games" where games ended early are off it."""
    if full:
        return ngettext("%(num)s full game", "%(num)s full games", count)
    return ngettext("%(num)s game", "%(num)s games", count)


def _early_games_said(
    values: Sequence[float], early: set[int], shown: Callable[[float], str], *, line_skips_early: bool
) -> str:
    """The label's last part: how many games ended early, how they are drawn, and their values."""
    count, said = len(early), ", ".join(shown(values[i]) for i in sorted(early))
    if line_skips_early:
        return ngettext("; %(num)s game ended early (hollow point, not on the line): %(values)s",
                        "; %(num)s games ended early (hollow points, not on the line): %(values)s", count, values=said)  # fmt: skip
    return ngettext("; %(num)s game ended early (hollow point): %(values)s",
                    "; %(num)s games ended early (hollow points): %(values)s", count, values=said)  # fmt: skip


def _axis(low: float, high: float, *, from_zero: bool, least_span: float) -> tuple[float, float]:
    """The chart's lowest and highest value: from zero (scores) or around the values, at least ``least_span`` apart."""
    axis_low, axis_high = (min(0.0, low) if from_zero else low), high
    if axis_high - axis_low < least_span:
        middle = (axis_high + axis_low) / 2
        axis_low, axis_high = middle - least_span / 2, middle + least_span / 2
        if from_zero and low >= 0:
            axis_low, axis_high = 0.0, max(high, least_span)
    return axis_low, axis_high
