"""The JSON API in Spanish (issue 20): with ``Accept-Language: es`` every sentence it answers is Spanish, and
every field and value (kinds, ids, field names, card notation, numbers) is the same as in English.

The English sentences are API.md's (its "Custom rulesets" 400 examples, written here as it writes them) or the
API's own as they stand; the Spanish ones checked exactly are written by hand. For every case the Spanish
answer has the English one's status and keys, and no English word left in its sentence once the field names and
values it quotes (which stay as they are) are set aside.

Some refusals are said by parts of the engine other than the API and the ruleset reader (a card's notation,
a deal's range): the API puts its own Spanish round them, and their inside is the engine's own sentence in
Spanish, whatever the engine says there.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from speech_support import english_left, in_spanish
from test_definition import BAD
from test_definition_family import family_objects

from companion import create_app
from companion.rules.cards import Card, Deck
from companion.rules.definition import DEFINITION_FIELDS, RulesetDefinitionError, ruleset_from_definition
from companion.rules.published import PUBLISHED_RULESETS

from conftest import fuzz

SPANISH = {"Accept-Language": "es"}
S3 = {"kind": "set", "length": 3}
RULESET_IDS = (
    "contract, liverpool, parlett, combination, may-i, shanghai, shanghai-powe, shanghai-kolsov, continental, "
    "progressive, phase10, phase10-cards, carioca, kalooki"
)


@pytest.fixture(scope="module")
def client():
    app = create_app({"TESTING": True, "SECRET_KEY": "api-spanish", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return app.test_client()


#: Names a sentence quotes as they are: the ruleset object's fields and their parts (API.md), and the game's name.
KEPT_NAMES = frozenset(DEFINITION_FIELDS) | {
    "base", "cards_dealt", "requirements", "going_out", "meld_all", "kind", "length", "rule", "alternatives",
    "per_deal", "extra_cards", "decks", "jokers", "min", "max", "null", "true", "false", *PUBLISHED_RULESETS,
}  # fmt: skip
_QUOTED = re.compile(r'"[^"]*"|\'[^\']*\'|\[[^\]]*\]|\S*[_./-]\S*|Phase 10|Content-Type|JSON|API|KB')


def spanish_left(text: str) -> list[str]:
    """The English words left in a sentence said in Spanish, once what it quotes as sent is set aside: JSON
    values in quotes, the request's fields in single quotes, lists, snake_case, dotted and hyphenated names
    (paths, ids, option keys), the ruleset object's field names, the ruleset ids and the name Phase 10."""
    words = [word for word in re.split(r"[\s,;:()]+", _QUOTED.sub(" ", text)) if word]
    return english_left(" ".join(word for word in words if word.strip(".") not in KEPT_NAMES))


def ruleset_check(obj: dict) -> tuple[str, str, dict]:
    return "POST", "/api/rulesets/check", {"ruleset": obj}


def phase10_deal(cards: int) -> dict:
    return {"cards_dealt": cards, "requirements": [S3, S3]}


LADDER = {"kind": "ladder", "length": 13, "rule": "same_suit"}

#: (case, (method, path, body), English sentence): API.md's custom-ruleset 400 examples word for word, then the
#: other refusals the API answers. ``body`` is JSON, or bytes sent as they are.
CASES = [
    ("set_too_short", ruleset_check({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "set", "length": 2}]}]}),
     "In 'ruleset', deal 1: a set is 3 to 8 cards long, not 2 (set_min_length is 3)."),
    ("phase10_wilds", ruleset_check({"base": "phase10", "name": "X", "wilds": "JK"}),
     "In 'ruleset', wilds must be \"W\" with the Phase 10 deck, not \"JK\"."),
    ("ladder_length", ruleset_check({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "ladder", "length": 12, "rule": "same_suit"}], "meld_all": True, "going_out": "no_discard"}]}),
     "In 'ruleset', deal 1: a ladder is 13 cards long, not 12."),
    ("ladder_rule", ruleset_check({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "ladder", "length": 13}], "meld_all": True, "going_out": "no_discard"}]}),
     "In 'ruleset', deal 1: a ladder needs a rule: \"any_suit\", \"same_colour\", \"alternating_colour\" or \"same_suit\"."),
    ("wild_gap", ruleset_check({"base": "kalooki", "name": "X", "run_wild_min_gap": 0}),
     "In 'ruleset', run_wild_min_gap must be a whole number from 1 to 12, or null, not 0."),
    ("tiebreak", ruleset_check({"base": "contract", "name": "X", "tiebreak": "replay_last_phase"}),
     "In 'ruleset', tiebreak \"replay_last_phase\" needs per-player progression."),
    ("points_other_deck", ruleset_check({"base": "contract", "name": "X", "card_points": {"W": 25}}),
     "In 'ruleset', card_points has no key \"W\" with the standard deck."),
    ("phase10_aces", ruleset_check({"base": "phase10", "name": "X", "aces": "around"}),
     "In 'ruleset', aces must be \"low_only\" with the Phase 10 deck, not \"around\"."),
    ("skips_joker", ruleset_check({"base": "contract", "name": "X", "skips": "JK"}),
     "In 'ruleset', skips \"JK\" needs wilds \"K\": a joker cannot be both wild and a skip."),
    ("phase_cards", ruleset_check({"base": "phase10", "name": "X", "deals": [phase10_deal(10), phase10_deal(11)]}),
     "In 'ruleset', deal 2: every phase of a per-player game deals the same cards (10), not 11."),
    ("run_too_long", ruleset_check({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [S3]}] * 2 + [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 15}]}]}),
     "In 'ruleset', deal 3: a run is 3 to 14 cards long, not 15."),
    ("ace_twice", ruleset_check({"base": "kalooki", "name": "X", "card_points": {"A": 11, "A_red": 15}}),
     "In 'ruleset', card_points: give A, or A_red and A_black, not both."),
    ("ladder_deal", ruleset_check({"base": "carioca", "name": "X", "deals": [phase10_deal(12)] * 8 + [{"cards_dealt": 12, "requirements": [LADDER]}]}),
     "In 'ruleset', deal 9: a ladder deal is dealt 12 and goes down with all 13 cards: meld_all true, going_out \"no_discard\"."),
    ("runs_any", ruleset_check({"base": "contract", "name": "X", "run_suit": "any"}),
     "In 'ruleset', same_suit_runs must be \"any\" when run_suit is \"any\"."),
    ("phase10_run", ruleset_check({"base": "phase10", "name": "X", "deals": [phase10_deal(10)] * 2 + [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 13}]}]}),
     "In 'ruleset', deal 3: a run on this deck is at most 12 cards, not 13."),
    ("phase10_table", ruleset_check({"base": "phase10", "name": "X", "table": [{"players": [2, 6], "decks": 2, "jokers": 0}]}),
     "In 'ruleset', table must give decks 1 and jokers 0 with the Phase 10 deck."),
    ("too_few_cards", ruleset_check({"base": "contract", "name": "X", "table": [{"players": [3, 5], "decks": 1, "jokers": 0}], "deals": [{"cards_dealt": 11, "requirements": [S3]}]}),
     "In 'ruleset', deal 1: 11 cards each for 5 players is 55 cards, more than 1 pack and 0 jokers hold (52)."),
    ("not_covered", ruleset_check({"base": "contract", "name": "X", "table": [{"players": [3, 4], "decks": 2, "jokers": 2}]}),
     "In 'ruleset', table must cover 3 to 5 players exactly once: 5 players is not covered."),
    ("players_a_list", ruleset_check({"base": "contract", "name": "X", "players": [3, 5]}),
     "In 'ruleset', players is an object, not a list."),
    ("name_too_long", ruleset_check({"base": "contract", "name": "x" * 61}),
     "In 'ruleset', name is 1 to 60 characters long, not 61."),
    ("unknown_base", ruleset_check({"base": "rummy500", "name": "X"}),
     f"In 'ruleset', base is a built-in ruleset id ({RULESET_IDS}), not \"rummy500\"."),
    ("missing_without_base", ruleset_check({"name": "X"}),
     "In 'ruleset', players is missing: without a base, every field of a ruleset is needed."),
    ("unknown_deal_field", ruleset_check({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [S3], "colour": 1}]}),
     "In 'ruleset', deal 1: \"colour\" is not a field of deal 1; the fields are cards_dealt, requirements, going_out, meld_all, buys, max_wilds, alternatives."),
    ("kind_unknown", ruleset_check({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "trio", "length": 3}]}]}),
     "In 'ruleset', deal 1: requirement 1's kind is \"set\", \"run\", \"pair\", \"colour\" or \"ladder\", not \"trio\"."),
    ("rule_of_a_run", ruleset_check({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 4, "rule": "same_suit"}]}]}),
     "In 'ruleset', deal 1: only a ladder has a rule, not a run."),
    ("table_decks", ruleset_check({"base": "contract", "name": "X", "table": [{"players": [3, 5], "decks": 7, "jokers": 0}]}),
     "In 'ruleset', table entry 1's decks is 1 to 6 packs, not 7."),
    ("exact_not_a_flag", ruleset_check({"base": "contract", "name": "X", "exact": "yes"}),
     "In 'ruleset', exact is true or false, not \"yes\"."),
    ("deals_empty", ruleset_check({"base": "contract", "name": "X", "deals": []}),
     "In 'ruleset', deals is a list of 1 to 20 deals, not 0 of them."),
    # the request itself
    ("bad_notation", ("POST", "/api/score", {"cards": ["10H", "1X"]}), None),
    ("other_deck_card", ("POST", "/api/score", {"cards": ["7R"]}), None),
    ("unknown_ruleset", ("POST", "/api/score", {"ruleset": "uno", "cards": []}),
     f"There is no ruleset 'uno'; the rulesets are {RULESET_IDS}."),
    ("unknown_ruleset_path", ("GET", "/api/rulesets/uno", None),
     f"There is no ruleset 'uno'; the rulesets are {RULESET_IDS}."),
    ("deal_out_of_range", ("POST", "/api/melds/check", {"deal": 9, "melds": []}), None),
    ("phase_out_of_range", ("POST", "/api/melds/check", {"ruleset": "phase10", "phase": 11, "melds": []}), None),
    ("deal_and_phase", ("POST", "/api/melds/check", {"ruleset": "phase10", "deal": 4, "phase": 5, "melds": []}),
     "'deal' is 4 and 'phase' is 5: send one of them."),
    ("deal_missing", ("POST", "/api/melds/check", {"melds": []}), "'deal' is missing: it must be a whole number, such as 1."),
    ("deal_text", ("POST", "/api/melds/check", {"deal": "2", "melds": []}),
     "'deal' must be a whole number, such as 1, not \"2\"."),
    ("too_large", ("POST", "/api/score", b'{"cards": ["' + b"x" * (1024 * 1024) + b'"]}'),
     "The body is over 1024 KB: no request to this API needs that much."),
    ("not_json", ("POST", "/api/score", "cards=10H"), "The body must be JSON, sent with Content-Type: application/json."),
    ("empty_body", ("POST", "/api/score", b"  "), "The body is empty: it must be a JSON object."),
    ("broken_json", ("POST", "/api/score", b'{"cards": ['), "The body is not valid JSON: it must be a JSON object."),
    ("body_a_list", ("POST", "/api/score", ["10H"]), "The body must be a JSON object, not a list."),
    ("ruleset_a_number", ("POST", "/api/score", {"ruleset": 7, "cards": []}),
     "'ruleset' must be a ruleset id such as \"contract\" or a ruleset object, not 7."),
    ("options_text", ("POST", "/api/score", {"options": "joker-20", "cards": []}),
     "'options' must be a list of house option keys (it offers \"joker-20\", \"deuces-wild\", \"no-jokers\"), not \"joker-20\"."),
    ("option_unknown", ("POST", "/api/score", {"options": ["full-suit"], "cards": []}),
     "Contract Rummy has no house option \"full-suit\" in 'options'; it offers \"joker-20\", \"deuces-wild\", \"no-jokers\"."),
    ("cards_missing", ("POST", "/api/score", {}), "'cards' is missing: it must be a list of cards, such as [\"10H\", \"QS\", \"JK\"]."),
    ("cards_text", ("POST", "/api/score", {"cards": "10H QS"}),
     "'cards' must be a list of cards written as text, such as [\"10H\", \"QS\", \"JK\"], not \"10H QS\"."),
    ("card_a_number", ("POST", "/api/score", {"cards": ["10H", 7]}),
     "'cards' must hold cards written as text, such as [\"10H\", \"QS\", \"JK\"]; item 2 is 7."),
    ("melds_missing", ("POST", "/api/melds/check", {"deal": 1}),
     "'melds' is missing: it must be a list of melds, each a list of cards, such as [[\"7H\", \"7S\", \"7D\"], [\"KC\", \"KD\", \"JK\"]]."),
    ("meld_text", ("POST", "/api/melds/check", {"deal": 1, "melds": ["7H 7S 7D"]}),
     "Meld 1 of 'melds' must be a list of cards written as text, such as [\"10H\", \"QS\", \"JK\"], not \"7H 7S 7D\"."),
    ("meld_bad_card", ("POST", "/api/melds/check", {"deal": 1, "melds": [["7H", "7S", "7D"], ["KC", "KD", "1X"]]}), None),
    ("too_many_melds", ("POST", "/api/melds/check", {"deal": 1, "melds": [["7H"]] * 100}), None),
    ("players_query", ("GET", "/api/rulesets/contract?players=many", None), "'players' must be a whole number, such as 4, not \"many\"."),
    ("players_out_of_range", ("GET", "/api/rulesets/contract?players=9", None), None),
    ("no_endpoint", ("GET", "/api/nothing", None), "There is no API endpoint at /api/nothing; see /api/openapi.json for the endpoints."),
    ("wrong_method", ("GET", "/api/score", None), "GET is not allowed on /api/score; use POST."),
]  # fmt: skip

#: Spanish written by hand, for the cases above.
IN_SPANISH = {
    "set_too_short": "En 'ruleset', ronda 1: un grupo tiene de 3 a 8 cartas, no 2 (set_min_length es 3).",
    "phase10_wilds": "En 'ruleset', wilds debe ser \"W\" con la baraja de Phase 10, no \"JK\".",
    "ladder_length": "En 'ruleset', ronda 1: una escalera tiene 13 cartas, no 12.",
    "ladder_rule": "En 'ruleset', ronda 1: una escalera necesita un rule: \"any_suit\", \"same_colour\", \"alternating_colour\" o \"same_suit\".",
    "wild_gap": "En 'ruleset', run_wild_min_gap debe ser un número entero de 1 a 12, o null, no 0.",
    "points_other_deck": "En 'ruleset', card_points no tiene la clave \"W\" con la baraja estándar.",
    "phase_cards": "En 'ruleset', ronda 2: cada fase de una partida en que cada jugador avanza por su cuenta reparte las mismas cartas (10), no 11.",
    "too_few_cards": "En 'ruleset', ronda 1: 11 cartas a cada uno de 5 jugadores son 55 cartas, más de las que tienen 1 baraja y 0 comodines (52).",
    "players_a_list": "En 'ruleset', players es un objeto, no una lista.",
    "table_decks": "En 'ruleset', decks de la entrada 1 de table es de 1 a 6 barajas, no 7.",
    "unknown_ruleset": f"No hay ningún reglamento 'uno'; los reglamentos son {RULESET_IDS}.",
    "deal_and_phase": "'deal' es 4 y 'phase' es 5: envía solo uno de los dos.",
    "deal_missing": "Falta 'deal': debe ser un número entero, como 1.",
    "too_large": "El cuerpo pasa de 1024 KB: ninguna petición a esta API necesita tanto.",
    "body_a_list": "El cuerpo debe ser un objeto JSON, no una lista.",
    "meld_text": "El juego 1 de 'melds' debe ser una lista de cartas escritas como texto, como [\"10H\", \"QS\", \"JK\"], no \"7H 7S 7D\".",
    "no_endpoint": "No hay ningún punto de acceso de la API en /api/nothing; mira /api/openapi.json para ver cuáles hay.",
    "wrong_method": "GET no se acepta en /api/score; usa POST.",
    "unknown_deal_field": "En 'ruleset', ronda 1: \"colour\" no es un campo de ronda 1; los campos son cards_dealt, "
    "requirements, going_out, meld_all, buys, max_wilds, alternatives.",
    "too_many_melds": "'melds' tiene 100 juegos: al bajarse se bajan a lo más 20.",
}


def engine_says_in_spanish(call) -> str:  # noqa: ANN001
    """What a part of the engine other than the API and the ruleset reader refuses, said in Spanish."""
    with in_spanish():
        try:
            call()
        except ValueError as error:
            return str(error)
    raise AssertionError("the engine took it")


def _phase10_out_of_range() -> None:
    PUBLISHED_RULESETS["phase10"].deal(11)


def _contract_out_of_range() -> None:
    PUBLISHED_RULESETS["contract"].deal(9)


def _contract_players() -> None:
    PUBLISHED_RULESETS["contract"].table(9)


#: The cases whose sentence is (or holds) another part of the engine's: the API's words round it in Spanish.
ENGINE_INSIDE = {
    "bad_notation": ("En 'cards', ", lambda: Card.parse("1X", Deck.STANDARD)),
    "other_deck_card": ("En 'cards', ", lambda: Card.parse("7R", Deck.STANDARD)),
    "meld_bad_card": ("En el juego 2 de 'melds', ", lambda: Card.parse("1X", Deck.STANDARD)),
    "deal_out_of_range": ("", _contract_out_of_range),
    "phase_out_of_range": ("", _phase10_out_of_range),
    "players_out_of_range": ("", _contract_players),
}
CASE_IDS = [case for case, _, _ in CASES]


def ask(client, request: tuple, headers: dict | None = None):  # noqa: ANN001
    """The response to ``(method, path, body)``: a body of bytes is sent as JSON's bytes, text as a form's."""
    method, path, body = request
    if body is None:
        return client.open(path, method=method, headers=headers)
    if isinstance(body, bytes):
        return client.open(path, method=method, data=body, content_type="application/json", headers=headers)
    if isinstance(body, str):
        return client.open(path, method=method, data=body, content_type="application/x-www-form-urlencoded", headers=headers)
    return client.open(path, method=method, json=body, headers=headers)


def both(client, request: tuple):  # noqa: ANN001
    return ask(client, request), ask(client, request, SPANISH)


@pytest.mark.parametrize(("request_", "english"), [(r, e) for _, r, e in CASES], ids=CASE_IDS)
def test_english_is_as_api_md_writes_it(client, request_, english):
    response = ask(client, request_)
    assert response.status_code in (400, 404, 405), response.get_data(as_text=True)
    assert list(response.get_json()) == ["error"]
    if english is not None:
        assert response.get_json()["error"] == english
    english_asked = ask(client, request_, {"Accept-Language": "en"})
    assert english_asked.get_json() == response.get_json()


@pytest.mark.parametrize(("case", "request_"), [(c, r) for c, r, _ in CASES], ids=CASE_IDS)
def test_spanish_keeps_the_status_the_keys_and_says_its_sentence_in_spanish(client, case, request_):
    english, spanish = both(client, request_)
    assert spanish.status_code == english.status_code
    assert spanish.mimetype == "application/json"
    assert list(spanish.get_json()) == list(english.get_json()) == ["error"]
    assert spanish.headers.get("Allow") == english.headers.get("Allow")
    if case in ENGINE_INSIDE:
        return  # its inside is another part of the engine's: test_the_api_says_its_own_words_round_the_engines
    said, english_said = spanish.get_json()["error"], english.get_json()["error"]
    assert said != english_said
    assert spanish_left(said) == [], said
    assert said.endswith(".") and (said[:1].isupper() or said[:1] == english_said[:1] == "'"), said


@pytest.mark.parametrize("case", sorted(IN_SPANISH))
def test_spanish_written_by_hand(client, case):
    request_ = next(r for c, r, _ in CASES if c == case)
    assert ask(client, request_, SPANISH).get_json()["error"] == IN_SPANISH[case]


@pytest.mark.parametrize("case", sorted(ENGINE_INSIDE))
def test_the_api_says_its_own_words_round_the_engines(client, case):
    request_ = next(r for c, r, _ in CASES if c == case)
    around, refusal = ENGINE_INSIDE[case]
    assert ask(client, request_, SPANISH).get_json()["error"] == around + engine_says_in_spanish(refusal)


def test_a_wrong_method_still_names_the_allowed_one(client):
    response = client.get("/api/score", headers=SPANISH)
    assert response.status_code == 405
    assert response.headers["Allow"] == client.get("/api/score").headers["Allow"]
    assert "POST" in response.get_json()["error"]


# -- answers that are not refusals: every field as in English ----------------------------------------------------

#: Keys whose values are sentences for a reader (said in the page's language); every other value is data.
SENTENCE_KEYS = {"error", "reason", "reasons", "message", "explanation", "advice", "contract", "label", "summary", "problems"}


def same_but_sentences(english, spanish, where="") -> None:  # noqa: ANN001
    """``spanish`` is ``english`` field for field, value for value, except the sentences."""
    assert type(spanish) is type(english), where
    if isinstance(english, dict):
        assert list(spanish) == list(english), where
        for key in english:
            if key not in SENTENCE_KEYS:
                same_but_sentences(english[key], spanish[key], f"{where}.{key}")
    elif isinstance(english, list):
        assert len(spanish) == len(english), where
        for position, (one, other) in enumerate(zip(english, spanish, strict=True)):
            same_but_sentences(one, other, f"{where}[{position}]")
    else:
        assert spanish == english, where


@pytest.mark.parametrize(
    "request_",
    [
        ("GET", "/api/rulesets/kalooki?players=4&options=full-suit", None),
        ("GET", "/api/rulesets/phase10", None),
        ("GET", "/api/rulesets", None),
        ruleset_check({"base": "carioca", "name": "Abuela", "set_word": "trio", "run_word": "escala"}),
        ("POST", "/api/rulesets/check", {"ruleset": {"base": "kalooki", "name": "X"}, "options": ["full-suit"], "players": 5}),
        ("POST", "/api/melds/check", {"deal": 2, "melds": [["7H", "7S", "7D"], ["4S", "5S", "6S", "7S"]], "players": 4}),
        ("POST", "/api/melds/check", {"deal": 1, "melds": [["7H", "7S", "JK", "JK", "JK"]]}),
        ("POST", "/api/score", {"cards": ["10H", "QS", "JK", "AS"]}),
        ("POST", "/api/solve", {"deal": 1, "hand": ["7H", "7S", "7D", "KC", "KD", "JK", "2C", "9H", "4D", "5D"]}),
    ],
    ids=["describe", "describe_phase10", "list", "check_carioca", "check_kalooki", "melds_ok", "melds_refused", "score", "solve"],
)
def test_an_answer_in_spanish_keeps_every_field(client, request_):
    english, spanish = both(client, request_)
    assert english.status_code == spanish.status_code == 200
    same_but_sentences(english.get_json(), spanish.get_json())


# -- the ruleset reader itself, in both languages -----------------------------------------------------------------


@pytest.mark.parametrize("obj", [obj for _, obj, _ in BAD], ids=[case for case, _, _ in BAD])
def test_every_refusal_of_a_ruleset_object_is_said_in_spanish_at_the_same_place(obj):
    with pytest.raises(RulesetDefinitionError) as english:
        ruleset_from_definition(obj)
    with in_spanish(), pytest.raises(RulesetDefinitionError) as spanish:
        ruleset_from_definition(obj)
    assert (spanish.value.field, spanish.value.deal) == (english.value.field, english.value.deal)
    assert str(spanish.value) != str(english.value)
    assert spanish_left(str(spanish.value)) == [], str(spanish.value)


@fuzz(300)
@given(family_objects())
def test_any_refused_family_object_is_refused_in_spanish_in_the_same_place(obj):
    try:
        ruleset_from_definition(obj)
    except RulesetDefinitionError as english:
        with in_spanish(), pytest.raises(RulesetDefinitionError) as spanish:
            ruleset_from_definition(obj)
        assert (spanish.value.field, spanish.value.deal) == (english.field, english.deal)
        assert spanish_left(str(spanish.value)) == [], (str(english), str(spanish.value))
    else:
        with in_spanish():
            ruleset_from_definition(obj)  # taken in either language


def test_the_filter_sets_aside_only_what_a_sentence_quotes():
    assert "with" in spanish_left('wilds must be "W" with the Phase 10 deck, not "JK".')
    assert "run" in spanish_left("deal 3: a run is 3 to 14 cards long, not 15.")
    assert spanish_left("un grupo, no \"set\", ni set_min_length ni 'melds'") == []


def test_a_rulings_problems_are_said_in_the_language_asked_for(client):
    body = {"ruleset": "contract", "deal": 1, "melds": [["7H", "7S", "JK", "JK", "JK"]]}
    english = client.post("/api/melds/check", json=body).get_json()
    spanish = client.post("/api/melds/check", json=body, headers={"Accept-Language": "es"}).get_json()
    assert english["problems"][0] == "Deal 1 needs two groups of 3; you laid down 1 meld."
    assert spanish["problems"][0] == "La ronda 1 pide dos grupos de 3; bajaste 1 juego."
    assert [english_left(problem) for problem in spanish["problems"]] == [[]] * len(spanish["problems"])
