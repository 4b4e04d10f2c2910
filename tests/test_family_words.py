"""Ratings in family words and charts whose axes don't exaggerate."""

from __future__ import annotations

import re

import pytest

from companion.leagues.charts import line_chart
from companion.leagues.standings import PlayerRecord, rate_game


def ticks(svg: str) -> list[str]:
    return re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', str(svg))[:2]


def test_a_score_chart_starts_at_zero():
    assert ticks(line_chart([135, 137, 136], title="Scores", from_zero=True, least_span=50)) == ["137", "0"]


def test_a_skill_chart_spans_at_least_twenty_points():
    high, low = (float(t) for t in ticks(line_chart([24.6, 25.1], title="Skill", least_span=20)))
    assert high - low == pytest.approx(20) and low < 24.6 and high > 25.1


def test_skill_falls_after_each_loss():
    """Two last places in a row: the skill (mu) falls each time (mu − 3·sigma, shown before, can rise as sigma shrinks)."""
    mus, sigmas = [25.0, 25.0, 25.0], [25 / 3] * 3
    skills = [25.0]
    for _ in range(2):
        mus, sigmas = rate_game(mus, sigmas, [1, 2, 3])  # the third player last
        skills.append(mus[2])
    assert skills[0] > skills[1] > skills[2]


@pytest.mark.parametrize(("sigma", "word"), [(8.3, "new"), (6.1, "new"), (5.0, "settling"), (4.0, "steady"), (2.5, "steady")])
def test_how_sure_in_a_word(sigma, word):
    record = PlayerRecord(player_id=1, name="Ann", mu=24.4, sigma=sigma)
    assert (record.skill, record.skill_word) == (24, word)


def test_a_meld_every_card_deal_has_no_lay_off_reminder():
    from companion.rules import RULESETS
    from companion.rules.guide import deal_reminders

    contract = RULESETS["contract"]
    last = contract.deals[-1]
    assert last.meld_all
    reminders = deal_reminders(contract, last, 4)
    assert "No discard: meld every card when you go down." in reminders
    assert not [r for r in reminders if "lay off" in r.lower()]
    assert any("lay off" in r.lower() for r in deal_reminders(contract, contract.deals[0], 4))  # other deals keep it


def test_a_mixed_non_meld_is_not_called_a_run():
    from companion.rules import RULESETS, check_go_down
    from companion.rules.cards import parse_cards

    ruling = check_go_down(RULESETS["contract"], 1, [parse_cards("5H 6S 9D"), parse_cards("7C 7D 7H")])
    described = [reading.describe("group") for reading in ruling.readings]
    assert described == ["no meld: neither a group (one rank) nor a run (one suit)", "group of 7s"]


def _said_and_drawn(svg: str) -> tuple[str, str, int, int]:
    """A chart's spoken label, its line's points, its hollow (ended early) points and all its points."""
    label = re.search(r'aria-label="([^"]*)"', svg).group(1)
    return label, re.search(r'<polyline points="([^"]*)"', svg).group(1), svg.count('<circle class="early"'), svg.count("<circle")


#: Charts of each shape a player's page may draw, pinned as drawn and said (each word's singular and plural).
CHARTS = [
    (dict(values=[7]), ("T: 1 game, from 7 to 7, lowest 7, highest 7", "36.0,122.0", 0, 1)),
    (dict(values=[10, 3], early={1}, line_skips_early=True),
     ("T: 1 full game, from 10 to 10, lowest 10, highest 10; 1 game ended early (hollow point, not on the line): 3",
      "36.0,10.0", 1, 2)),
    (dict(values=[5, 6], early={0, 1}, line_skips_early=True),  # every game ended early: the line joins them all
     ("T: 2 games, from 5 to 6, lowest 5, highest 6; 2 games ended early (hollow points, not on the line): 5, 6",
      "36.0,122.0 312.0,10.0", 2, 2)),
    (dict(values=[5, 6, 4], early={1, 2}),
     ("T: 3 games, from 5 to 4, lowest 4, highest 6; 2 games ended early (hollow points): 6, 4",
      "36.0,66.0 174.0,10.0 312.0,122.0", 2, 3)),
    (dict(values=[5, 6], early={5, -1}, line_skips_early=True),  # no such games: nothing ended early
     ("T: 2 games, from 5 to 6, lowest 5, highest 6", "36.0,122.0 312.0,10.0", 0, 2)),
    (dict(values=[1.25, 2.5], title="Ann & <Bob>", digits=1, unit="%"),
     ("Ann &amp; &lt;Bob&gt;: 2 games, from 1.2% to 2.5%, lowest 1.2%, highest 2.5%", "36.0,122.0 312.0,10.0", 0, 2)),
]  # fmt: skip


@pytest.mark.parametrize(("asked", "drawn"), CHARTS)
def test_each_shape_of_chart_is_drawn_and_said_as_pinned(asked, drawn):
    asked = {"title": "T", **asked}
    assert _said_and_drawn(str(line_chart(asked.pop("values"), **asked))) == drawn


def test_a_chart_of_many_games_marks_only_the_games_ended_early():
    svg = str(line_chart(list(range(41)), title="Many", early={3}))
    assert svg.count("<circle") == svg.count('<circle class="early"') == 1


def test_a_whole_chart_byte_for_byte():
    assert str(line_chart([3, 9, 6], title="Full", early={1}, from_zero=True, least_span=20, line_skips_early=True)) == (
        '<svg class="chart" viewBox="0 0 320 140" role="img" aria-label="Full: 2 full games, from 3 to 6, lowest 3, '
        'highest 6; 1 game ended early (hollow point, not on the line): 9" preserveAspectRatio="none">'
        '<line class="axis" x1="36" y1="10" x2="36" y2="122"/><line class="axis" x1="36" y1="122" x2="312" y2="122"/>'
        '<text class="tick" x="32" y="14" text-anchor="end">20</text><text class="tick" x="32" y="122" text-anchor="end">0</text>'
        '<text class="tick" x="36" y="136">first</text><text class="tick" x="312" y="136" text-anchor="end">latest</text>'
        '<polyline points="36.0,105.2 312.0,88.4"/><circle cx="36.0" cy="105.2" r="2.5"/>'
        '<circle class="early" cx="174.0" cy="71.6" r="3.5"/><circle cx="312.0" cy="88.4" r="2.5"/></svg>'
    )
