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
