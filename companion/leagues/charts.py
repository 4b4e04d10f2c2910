"""Small line charts drawn on the server as SVG: no chart library, nothing for the phone to run."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape


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
) -> Markup:
    """A line through ``values`` in order (one per game), with its lowest and highest value marked.

    The SVG scales to its container's width; ``title`` names it for screen readers, with the first,
    latest, lowest and highest values (shown with ``digits`` decimals).

    >>> print(line_chart([], title="Scores"))
    <svg class="chart" viewBox="0 0 320 140" role="img" aria-label="Scores: no games yet"><text x="160.0" y="70.0" text-anchor="middle">No games yet</text></svg>
    >>> "from 1.5 to -0.2, lowest -0.2, highest 2.0" in line_chart([1.5, 2, -0.2], title="Rating", digits=1)
    True
    """
    pad_left, pad_right, pad_top, pad_bottom = 36, 8, 10, 18
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    if not values:
        return Markup(
            f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}: no games yet">'
            f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">No games yet</text></svg>'
        )
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

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))

    def shown(value: float) -> str:
        return f"{value:.{digits}f}{unit}"

    games = "1 game" if len(values) == 1 else f"{len(values)} games"
    label = f"{escape(title)}: {games}, from {shown(values[0])} to {shown(values[-1])}, lowest {shown(low)}, highest {shown(high)}"
    dots = "" if len(values) > 40 else "".join(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5"/>' for i, v in enumerate(values))
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{label}" preserveAspectRatio="none">'
        f'<line class="axis" x1="{pad_left}" y1="{pad_top}" x2="{pad_left}" y2="{pad_top + inner_h}"/>'
        f'<line class="axis" x1="{pad_left}" y1="{pad_top + inner_h}" x2="{width - pad_right}" y2="{pad_top + inner_h}"/>'
        f'<text class="tick" x="{pad_left - 4}" y="{pad_top + 4}" text-anchor="end">{axis_high:.{digits}f}</text>'
        f'<text class="tick" x="{pad_left - 4}" y="{pad_top + inner_h}" text-anchor="end">{axis_low:.{digits}f}</text>'
        f'<text class="tick" x="{pad_left}" y="{height - 4}">first</text>'
        f'<text class="tick" x="{width - pad_right}" y="{height - 4}" text-anchor="end">latest</text>'
        f'<polyline points="{points}"/>{dots}</svg>'
    )


def _axis(low: float, high: float, *, from_zero: bool, least_span: float) -> tuple[float, float]:
    """The chart's lowest and highest value: from zero (scores) or around the values, at least ``least_span`` apart."""
    axis_low, axis_high = (min(0.0, low) if from_zero else low), high
    if axis_high - axis_low < least_span:
        middle = (axis_high + axis_low) / 2
        axis_low, axis_high = middle - least_span / 2, middle + least_span / 2
        if from_zero and low >= 0:
            axis_low, axis_high = 0.0, max(high, least_span)
    return axis_low, axis_high
