"""The phone's tally says its sentences in the page's language, as the engine does: the entry page hands it the
translations of the engine's own messages (companion/games/entry.py TALLY_MESSAGES), and with them tally.js says
exactly what the engine says in Spanish, for every kind of mistake a hand's text or points can hold."""

from __future__ import annotations

import pytest
from speech_support import SPANISH, english_left, in_spanish
from test_tally_golden import NODE, Tally, engine_answer, engine_line

from companion.games.entry import TALLY_MESSAGES, tally_rules
from companion.rules.published import PUBLISHED_RULESETS

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (make test installs Debian's nodejs)")

WORDS = {message: SPANISH.gettext(message) for message in TALLY_MESSAGES}

HANDS = ["K Q ZZ", "4x", "K1", "K0", "KQ9ZZ", "1234", "9999", "K " * 60, "Q" * 300, "7 7 7 7 " * 13]
POINTS = ["abc", "-5", "5000", "12.5"]


def test_every_message_the_tally_says_has_its_spanish():
    assert [message for message in TALLY_MESSAGES if SPANISH.gettext(message) == message] == []


@pytest.fixture(scope="module")
def tally():
    process = Tally()
    yield process
    process.close()


@pytest.mark.parametrize("text", HANDS)
def test_a_hands_mistake_in_spanish_reads_as_the_engines(tally, text):
    question = {"op": "readHand", "text": text}
    with in_spanish():
        engine = engine_answer(question)
    phone = tally.ask({**question, "words": WORDS})
    assert phone == engine
    assert "error" in phone and english_left(phone["error"].replace(text, "")) == []
    assert tally.ask(question) == engine_answer(question)  # without the words: English, as before


@pytest.mark.parametrize("text", POINTS)
def test_a_points_mistake_in_spanish_reads_as_the_engines(tally, text):
    question = {"op": "readPoints", "text": text}
    with in_spanish():
        engine = engine_answer(question)
    assert tally.ask({**question, "words": WORDS}) == engine and "error" in engine


@pytest.mark.parametrize(("ruleset_id", "line"), [
    ("contract", {"cards": "K Q", "points": "20", "out": False, "ticked": []}),
    ("kalooki", {"cards": "A K", "points": "", "out": False, "ticked": []}),
    ("phase10", {"cards": "7 W X9", "points": "", "out": False, "ticked": []}),
])  # fmt: skip
def test_a_lines_mistake_in_spanish_reads_as_the_engines(tally, ruleset_id, line):
    rules = tally_rules(PUBLISHED_RULESETS[ruleset_id])
    with in_spanish():
        engine = engine_line(ruleset_id, line)
    assert "error" in engine
    assert tally.ask({"op": "scoreLine", "rules": rules, "line": line, "words": WORDS}) == engine


def test_the_entry_page_hands_the_phone_its_words_in_spanish_only(form_client, make_game):
    import json

    from pages import parse

    url = make_game(["Ana", "Beto", "Caro"], ruleset="contract")
    spanish = json.loads(parse(form_client.get(f"{url}/deals/1", headers={"Accept-Language": "es"}).get_data(as_text=True))
                         .find(id="tally-rules").text)  # fmt: skip
    assert spanish["words"]["Enter the cards left or their points, not both."] == WORDS[
        "Enter the cards left or their points, not both."
    ]
    english = json.loads(parse(form_client.get(f"{url}/deals/1").get_data(as_text=True)).find(id="tally-rules").text)
    assert "words" not in english
