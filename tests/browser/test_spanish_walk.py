"""Every page in Spanish on the narrowest phone (360 px): none scrolls sideways, axe finds nothing serious, and
the rendered text holds no English words of the app's own (issue 20: "a browser test walks every page at 360 px
in Spanish ... and finds no English UI words in the rendered text; axe runs on each"), and no word a Chilean table
wouldn't say (issue 27, tests/spanish_table_words.py): no guasón, no ronda in a Phase 10 game, no escalera for
Carioca's escalas, contract symbols in Spanish letters (T3 E4, never S3 R4 L13), built-in names in Spanish.

The walk covers each page a family reaches (GET routes that answer HTML), signed in and, for the watch links,
the invitation and the sign-in page, signed out; a game of Contract Rummy with a deal played and a ruling on the
checker, helper and lay-off pages, Phase 10 and Carioca games, a league with a finished game, a custom ruleset.
What may stay in another language is named here: people's and leagues' names, the games' own names (Contract
Rummy, Phase 10, Carioca; "Phase 10 (standard cards)" and "May I?" are said in Spanish), card notation, the app's
name and the switch's "English".
Each page's width at 360 px is printed (``-s``) for the issue's closing note.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.spanish_table_words import words_a_table_would_not_say

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}
SPANISH_PHONE = {"viewport": NARROW, "screen": NARROW, "locale": "es-CL"}

NAMES = ["Ana", "Beto", "Caro", "Dani"]
LEAGUE = "Los Domingos"
CUSTOM = "Reglas de la Abuela"

#: English words the app's own text would hold if something were left untranslated; none is Spanish.
ENGLISH_WORDS = frozenset(
    "the and with your you deal deals score scores game games player players rules league leagues sign save "
    "cancel back next points round run runs set sets group groups book card cards joker jokers wild wilds "
    "phase phases meld melds must can not of on in is are to from lay off down hand pair suit colour ladder skip "
    "which what there this that for or each every new share link add edit delete open close start end yes date "
    "name password account check helper made needs need has have only one two three four five six seven eight "
    "nine ten win wins won lost left type"
    .split()
)  # fmt: skip

#: What may stay as it is on a Spanish page: names of people, the league and the games, the app's own name, the
#: language switch's English, sources' site names.
KEPT = [
    *NAMES, LEAGUE, CUSTOM, "Rummy Companion", "English", "Contract Rummy", "Liverpool Rummy", "Parlett's Contract Rummy",
    "Contract Rummy (Wikipedia)", "Combination Rummy", "Shanghai Rummy", "Shanghai (Deb Kolsov)",
    "Shanghai", "Continental Rummy", "Continental", "Progressive Rummy", "Phase 10",
    "Carioca (Chile)", "Kalooki (Jamaica)", "Masters", "Fundex",
]  # fmt: skip
_QUOTED = re.compile(r"«[^»]*»")  # a word mentioned, not used: «wild card», the English a ruleset's sentences say
_SITE = re.compile(r"\b[\w.-]+\.(?:com|net|org)\b")
_CARD = re.compile(r"\b(?:10|[2-9AJQK1]|1[0-2])[SHDCRBGY]?\b|\bJK\b|\bSKIP\b")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")  # letters, accented ones too ("jugáis" is one word)


def english_words_left(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The app's English words in a page's rendered text, what may stay (:data:`KEPT`, and ``names`` the family
    typed) taken out first."""
    for kept in sorted([*KEPT, *names], key=len, reverse=True):
        text = text.replace(kept, " ")
    text = _CARD.sub(" ", _SITE.sub(" ", _QUOTED.sub(" ", text)))
    return [word for word in _WORD.findall(text) if word.lower() in ENGLISH_WORDS]


#: The contract symbols a page draws (``data-face``, drawn by the stylesheet, so not in the text a script reads).
DRAWN_SYMBOLS = "() => [...document.querySelectorAll('.contract-part')].map((part) => part.dataset.face).join(' ')"

#: A page's text as a reader reads it, without what is English on purpose: a word marked ``lang="en"`` (a
#: ruleset's English word offered as a choice) and a file format's sample (``code``, ``pre``).
READ_TEXT = """() => {
    const copy = document.body.cloneNode(true);
    copy.querySelectorAll('[lang="en"], code, pre, script, style, template').forEach((node) => node.remove());
    document.body.appendChild(copy);
    copy.style.position = 'absolute';
    const text = copy.innerText;
    copy.remove();
    return text;
}"""


@pytest.fixture(scope="module")
def family(live_app) -> dict[str, object]:
    """A league with a finished game, a Contract Rummy game with deal 1 played, Phase 10 and Carioca games, a
    custom ruleset, watch links and an invitation; their ids and tokens."""
    import secrets

    from companion.auth import service as auth
    from companion.extensions import db
    from companion.games import deal_entry, life
    from companion.house_rules import service as house_rules
    from companion.leagues.service import create_league
    from companion.models import User
    from companion.rules import RULESETS, ruleset_to_definition
    from companion.rules.deal_score import LineEntry
    from companion.rules.published import find_published_ruleset

    def play(game, number: int, hands: list[str]) -> None:
        entries = [LineEntry(position=i, cards=cards) for i, cards in enumerate(hands)]
        judgement = deal_entry.judge_entry(game, number, "0", entries)
        assert judgement.ok, judgement.problems
        deal_entry.save_deal(game, number, judgement)

    with live_app.app_context():
        owner = db.session.get(User, live_app.config["OWNER_ID"])
        players = [life.find_or_add_player(name) for name in NAMES]
        league = create_league(LEAGUE)
        finished = life.start_game(RULESETS["contract"], players[:3], 0, league=league)
        for number in range(1, 8):
            play(finished, number, ["", "K Q", "5 5 JK"])
        contract = life.start_game(RULESETS["contract"], players[:3], 0)
        play(contract, 1, ["", "K Q", "5 5"])
        phase10 = life.start_game(find_published_ruleset("phase10"), players, 0)
        hand = [LineEntry(position=0, made=True), *(LineEntry(position=i, cards="12 W") for i in range(1, 4))]
        deal_entry.save_deal(phase10, 1, deal_entry.judge_entry(phase10, 1, "0", hand))  # "Mano 1 anotada"
        carioca = life.start_game(find_published_ruleset("carioca").with_options("escala-real"), players[:3], 0)
        for number in range(1, 9):  # on to the escala real
            play(carioca, number, ["", "K Q", "5 5"])
        definition = ruleset_to_definition(RULESETS["contract"])
        definition["name"] = CUSTOM
        custom = house_rules.save(definition, user=owner)
        finished.share_token = secrets.token_urlsafe(32)
        league.share_token = secrets.token_urlsafe(32)
        db.session.commit()
        invite = auth.create_invite(owner).token
        return {
            "league": league.id, "finished": finished.id, "contract": contract.id, "phase10": phase10.id,
            "carioca": carioca.id, "custom": custom.id, "game_watch": finished.share_token,
            "league_watch": league.share_token, "player": players[0].id, "invite": invite,
        }  # fmt: skip


def signed_in_pages(ids: dict[str, object]) -> list[tuple[str, str]]:
    league, contract = ids["league"], ids["contract"]
    return [
        ("home", "/"),
        ("account", "/account"),
        ("new-game", "/games/new"),
        ("new-league-game", f"/games/new/league/{league}"),
        ("contract-game", f"/games/{contract}"),
        ("contract-entry", f"/games/{contract}/deals/2"),
        ("contract-game-rules", f"/games/{contract}/rules"),
        ("add-to-league", f"/games/{contract}/league"),
        ("finished-game", f"/games/{ids['finished']}"),
        ("phase10-game", f"/games/{ids['phase10']}"),
        ("phase10-entry", f"/games/{ids['phase10']}/deals/1"),
        ("carioca-game", f"/games/{ids['carioca']}"),
        ("carioca-entry", f"/games/{ids['carioca']}/deals/9"),
        ("carioca-rules", f"/games/{ids['carioca']}/rules"),
        ("checker-escala-real", f"/check?game={ids['carioca']}&melds=AS+2S+3S+4S+5S+6S+7S+8S+9S+10S+JS+QS+KS"),
        ("checker-typed-spanish", "/check?ruleset=carioca&deal=2&melds=7C+8C+9C+10C+%7C+4P+4D+4T&notation=es"),
        ("phase10-cards-rules", "/rules/phase10-cards"),
        ("rules-may-i", "/rules/may-i"),
        ("abandoned", "/games/abandoned"),
        ("checker-ruling", "/check?ruleset=contract&deal=2&melds=5S+6S+8S+9S+10S+%7C+9C+9D"),
        ("checker-phase10", "/check?ruleset=phase10&deal=1&melds=1R+1B+1G+%7C+2R+2B"),
        ("helper", "/helper?ruleset=carioca&deal=1&hand=3S+3H+3D+4C+4H+4S+JK+7D+8D+9D+KS+QC"),
        ("layoff", "/layoff?ruleset=contract&meld=5S+6S+7S+8S&cards=9H"),
        ("leagues", "/leagues/"),
        ("league", f"/leagues/{league}"),
        ("head-to-head", f"/leagues/{league}/head-to-head"),
        ("league-player", f"/leagues/{league}/players/{ids['player']}"),
        ("history-paper", f"/leagues/{league}/history/paper"),
        ("history-bgstats", f"/leagues/{league}/history/bgstats"),
        ("history-tracker", f"/leagues/{league}/history/shanghai-tracker"),
        ("league-import", "/leagues/import"),
        ("rules", "/rules/"),
        ("rules-contract", "/rules/contract"),
        ("rules-phase10", "/rules/phase10"),
        ("rules-carioca", "/rules/carioca"),
        ("rules-kalooki", "/rules/kalooki"),
        ("rules-compare", "/rules/compare"),
        ("rulesets", "/rulesets/"),
        ("custom-ruleset", f"/rulesets/{ids['custom']}"),
        ("builder", "/rulesets/build"),
        ("ruleset-import", "/rulesets/import"),
        ("not-found", "/no-such-page"),
    ]


def signed_out_pages(ids: dict[str, object]) -> list[tuple[str, str]]:
    return [
        ("sign-in", "/login"),
        ("invitation", f"/invite/{ids['invite']}"),
        ("watch-game", f"/watch/g/{ids['game_watch']}"),
        ("watch-league", f"/watch/l/{ids['league_watch']}"),
        ("watch-head-to-head", f"/watch/l/{ids['league_watch']}/head-to-head"),
        ("watch-player", f"/watch/l/{ids['league_watch']}/players/{ids['player']}"),
    ]


def typed_names(live_app) -> tuple[str, ...]:
    """Every name a family typed on this server (people, leagues, their own rulesets; other tests' too, which
    share it): kept as written on a page in any language."""
    from companion.extensions import db
    from companion.models import CustomRuleset, League, Player

    with live_app.app_context():
        return tuple(
            name for model in (Player, League, CustomRuleset) for (name,) in db.session.query(model.name).all() if name
        )


def table_words_left(label: str, text: str, symbols: str) -> list[str]:
    """The words a Chilean table wouldn't say in a page's text and its drawn contract symbols: a ronda on a Phase 10
    game's pages (counted in hands), an escalera on Carioca's."""
    hands = label.startswith(("phase10", "rules-phase10", "checker-phase10"))
    escalas = label.startswith(("carioca", "checker-escala", "rules-carioca"))
    return words_a_table_would_not_say(text, hands=hands, escalas=escalas) + words_a_table_would_not_say(symbols, symbols=True)


def walk(page: Page, look, pages: list[tuple[str, str]], names: tuple[str, ...]) -> dict[str, list[str]]:
    """Each page opened, looked at (screenshot, sideways scroll, axe) and read; the English words each holds, and
    the words a Chilean table wouldn't say."""
    left: dict[str, list[str]] = {}
    for label, url in pages:
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        page.wait_for_load_state("load")
        for fold in page.locator("details:not([open]) > summary").all():  # folded parts are read too
            if fold.is_visible():
                fold.click()
        look(label)
        width = page.evaluate("document.documentElement.scrollWidth")
        print(f"{label}: {width} px wide at 360 px")
        text = page.evaluate(READ_TEXT)
        lines = [line for line in text.splitlines() if english_words_left(line, names)]
        lines += [f"not the table's word: {word}" for word in table_words_left(label, text, page.evaluate(DRAWN_SYMBOLS))]
        if lines:
            left[f"{label} ({url})"] = lines[:6]  # the lines holding English, to find them by
    return left


@pytest.mark.browser_context_args(**SPANISH_PHONE)
def test_every_signed_in_page_in_spanish_at_360_px(page: Page, look, family, live_app) -> None:
    left = walk(page, look, signed_in_pages(family), typed_names(live_app))
    assert left == {}, "English left on Spanish pages:\n" + "\n".join(f"{k}: {v}" for k, v in left.items())


def test_every_signed_out_page_in_spanish_at_360_px(browser, base_url, family, axe, screenshot_dir, live_app) -> None:
    from tests.browser.conftest import Look

    context = browser.new_context(base_url=base_url, **SPANISH_PHONE)
    try:
        phone = context.new_page()
        left = walk(phone, Look(phone, axe, screenshot_dir, "spanish-walk-signed-out"), signed_out_pages(family),
                    typed_names(live_app))
    finally:
        context.close()
    assert left == {}, "English left on Spanish pages:\n" + "\n".join(f"{k}: {v}" for k, v in left.items())


def test_the_english_word_finder_keeps_names_and_cards():
    assert english_words_left("Ana bajó 5S 6S 7S en Contract Rummy · Rummy Companion") == []
    assert english_words_left("La ronda 2 needs a run of 4.") == ["needs", "run", "of"]
    assert english_words_left("Kitchen Table rules (Ana)", ("Kitchen Table rules",)) == []
    assert english_words_left("Cómo llaman las frases en inglés a un comodín: «wild card» o «joker».") == []


def test_the_table_word_finder_flags_what_a_chilean_table_wouldnt_say():
    assert table_words_left("home", "Los guasones son saltos.", "") == ["guasones"]
    assert table_words_left("phase10-game", "Deshacer la ronda 11", "G3 E4") == ["ronda"]
    assert table_words_left("contract-game", "Deshacer la ronda 2", "G3 G3") == []
    assert table_words_left("carioca-game", "Juego 1: escalera, de la A a la K", "E13") == ["escalera"]
    assert table_words_left("rules-contract", "Fases", "S3 R4 L13") == ["S3", "R4", "L13"]
    assert table_words_left("rules", "Phase 10 (standard cards)", "") == ["Phase 10 (standard cards)"]
    assert table_words_left("rules-phase10", "la ronda", "C7") == ["ronda"]
