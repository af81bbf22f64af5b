"""Puzzle words (sitebuild/words.py): seats, cards and the engine's numbers come from the position
and the engine at build time; a sentence that names a card, a seat or a number the build cannot
see fails the build at its file and line."""

import html
import re
from pathlib import Path

import pytest

import build
from sitebuild import words
from sitebuild.catalogs import load_catalog

ROOT = Path(__file__).resolve().parent.parent

# right (seat 2) led H8; you (seat 0) hold CJ and H7; left (seat 1) holds K.A..
TRICK = """
[[puzzle]]
id = "p1"
kind = "legal-card"
difficulty = 1
position = "rules:three-player/hands:.J..7,K.A..,..9./lead:2/trick:H8"
answer = ["H7"]
"""
BEST = """
[[puzzle]]
id = "p1"
kind = "best-card"
difficulty = 2
position = "rules:three-player/hands:..86.9,..T9.,..AQ7./lead:1/trick:H8/bidder:0/bid:45/points:10,72,14/tricks:1,6,1"
answer = ["D7"]
"""
SCORE = """
[[puzzle]]
id = "p1"
kind = "score"
difficulty = 1
position = "rules:three-player/hands:A...,T...,K.../lead:0/bidder:1/bid:40/points:20,45,30/tricks:3,4,3"
then = "SA-ST-SK"
side = 0
answer = 45
"""


def md(prompt="Which card?", hint="Look at the suit.", explanation="The only heart."):
    return f"""---
title: T
description: A lesson for the tests.
---
Text.

::: puzzle p1
prompt: {prompt}
hint: {hint}
explanation: {explanation}
:::
"""


# words that pass in the other language, for each puzzle above
GOOD = {
    TRICK: md(),
    BEST: md(explanation="Throw the {D7}: the {DA} costs {loss:DA}."),
    SCORE: md(explanation="You score {score}."),
}


def build_with(tmp_path, toml=TRICK, fi=None, en=None):
    lessons = tmp_path / "lessons"
    folder = lessons / "01-test"
    folder.mkdir(parents=True)
    (folder / "lesson.toml").write_text(toml)
    (folder / "fi.md").write_text(fi or GOOD[toml])
    (folder / "en.md").write_text(en or GOOD[toml])
    build.build(tmp_path / "out", lessons, with_pyodide=False, compress=False)
    return tmp_path / "out"


def fails(tmp_path, *fragments, **texts):
    where = tmp_path / f"case{len(list(tmp_path.iterdir()))}"
    with pytest.raises(build.BuildError) as info:
        build_with(where, **texts)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def prompt_of(out, lang):
    page = (out / lang / "lessons" / "test" / "index.html").read_text()
    return re.search(r'<p class="prompt">(.*?)</p>', page).group(1)


def test_seats_and_cards_come_from_the_position_in_both_languages(tmp_path):
    out = build_with(
        tmp_path,
        fi=md("{leader} avasi {led.ade}. Sinulla on {H7} ja {CJ}."),
        en=md("{leader} led the {led}. You hold the {H7} and the {CJ}."),
    )
    assert prompt_of(out, "fi") == (
        "Oikealla puolellasi istuva avasi herttakahdeksikolla. Sinulla on herttaseiska ja ristisotilas."
    )
    assert prompt_of(out, "en") == (
        "The player on your right led the eight of hearts. You hold the seven of hearts and the jack of clubs."
    )


def test_a_seat_written_by_hand_fails_with_file_and_line(tmp_path):
    fails(tmp_path, "01-test/en.md:8", "'on your left' names a seat", en=md("The player on your left led."))
    fails(tmp_path, "01-test/fi.md:8", "names a seat", fi=md("Oikea pelaaja avasi."))
    fails(tmp_path, "01-test/fi.md:9", "names a seat", fi=md(hint="Vasemmalla puolellasi istuva avasi."))


def test_a_card_written_by_hand_fails(tmp_path):
    fails(tmp_path, "01-test/en.md:10", "names a card", en=md(explanation="Play the seven of hearts."))
    fails(tmp_path, "01-test/fi.md:8", "names a card", fi=md("Pelaa pata-ässä."))
    fails(tmp_path, "01-test/fi.md:8", "names a card", fi=md("Pelaa herttaseiskalla."))
    fails(tmp_path, "01-test/fi.md:8", "names a card", fi=md("Kädessä on hertan kuningas."))
    fails(tmp_path, "names a card", en=md("Lead the 7♥."))


def test_a_placeholder_that_contradicts_the_position_fails(tmp_path):
    fails(tmp_path, "01-test/en.md:8", "SA is not a card this puzzle shows", en=md("You hold the {SA}."))
    fails(tmp_path, "the player of H7 is you", en=md("{who:H7} plays the {H7}."))
    fails(tmp_path, "no bidder", en=md("{bidder} bid 40."))
    fails(tmp_path, "unknown case", fi=md("{H7.xyz}"))
    fails(tmp_path, "unknown placeholder", en=md("{nonsense}"))
    fails(tmp_path, "not a placeholder", en=md("A { brace."))


def test_a_number_the_build_cannot_see_fails(tmp_path):
    fails(tmp_path, "01-test/en.md:10", "the number 18", en=md(explanation="That loses 18 points."))


def test_the_engine_numbers_fill_the_write_up(tmp_path):
    out = build_with(
        tmp_path,
        toml=BEST,
        en=md(explanation="The {DA} costs {loss:DA} and the {DQ} {loss:DQ}; best play brings {best}."),
        fi=md(explanation="{DA} maksaa {loss:DA} ja {DQ} {loss:DQ}; paras peli tuo {best}."),
    )
    page = (out / "en" / "lessons" / "test" / "index.html").read_text()
    assert "The ace of diamonds costs 21 and the queen of diamonds 13; best play brings 24." in page
    # the same numbers the page shows as feedback
    assert '"DA":{"verdict":"legal-not-best","loss":21' in html.unescape(page)


def test_counts_in_the_words_are_the_engines(tmp_path):
    """{count:QUESTION}: what the player to move counts (here the player on the right, to move
    after the eight of hearts: the other hands hold D8 D6 H9 DT D9)."""
    out = build_with(
        tmp_path,
        toml=BEST,
        en=md(
            explanation="{count:points-out} points and {count:suit-out:D} diamonds are out; the {DA} costs {loss:DA}."
        ),
        fi=md(explanation="Muilla on {count:points-out} pistettä ja {count:suit-out:D} ruutua; {DA} maksaa {loss:DA}."),
    )
    assert "10 points and 4 diamonds are out;" in (out / "en" / "lessons" / "test" / "index.html").read_text()
    fails(
        tmp_path,
        "01-test/en.md:10",
        "{count:trumps-out}",
        "needs a trump",
        toml=BEST,
        en=md(explanation="{count:trumps-out}, {loss:DA}"),
    )
    fails(tmp_path, "01-test/en.md:10", "needs a question", toml=BEST, en=md(explanation="{count}, {loss:DA}"))
    fails(tmp_path, "unknown question", toml=BEST, en=md(explanation="{count:tricks}, {loss:DA}"))


def test_a_best_card_write_up_must_say_what_the_tempting_card_costs(tmp_path):
    fails(tmp_path, "01-test/en.md:10", "{loss:ANSWER}", toml=BEST, en=md(explanation="Throw the {D7}."))


def test_a_score_write_up_states_the_answer_from_the_engine(tmp_path):
    fails(tmp_path, "01-test/en.md:10", "{score}", toml=SCORE, en=md(explanation="You score 45."))
    out = build_with(
        tmp_path / "ok",
        toml=SCORE,
        en=md(explanation="The trick holds {points:SA+ST+SK}, so you score {score}."),
        fi=md(explanation="Tikissä on {points:SA+ST+SK}, joten saat {score}."),
    )
    assert "The trick holds 25, so you score 45." in (out / "en" / "lessons" / "test" / "index.html").read_text()


def test_case_forms_and_lists_of_one_suit():
    fi, en = load_catalog("fi"), load_catalog("en")
    assert words.card_words(["HT", "HK", "HQ"], "gen", fi) == "hertan kympin, kuninkaan ja rouvan"
    assert words.card_words(["HT", "HK", "HQ"], "nom", en) == "ten, king and queen of hearts"
    assert words.card_words(["SA"], "ade", fi) == "pataässällä"
    assert words.card_words(["SA"], "ela", fi) == "pataässästä"
    for lang, cat in (("fi", fi), ("en", en)):
        for rank in cat["ranks"].values():
            assert set(words.CASES) <= set(rank), lang
        for seat in cat["words"]["seats"].values():
            assert set(words.CASES) <= set(seat), lang


def test_every_lesson_puzzle_has_its_words_filled():
    lessons = build.load_lessons(ROOT / "lessons")
    for lesson in lessons:
        for text in lesson.texts.values():
            for pid, puzzle in text.puzzles.items():
                for name, value in puzzle.fields.items():
                    assert not words.PLACEHOLDER.search(value), (text.path, pid, name)


# -- the engine's estimate (bid, raise, discard, give) ------------------------------------------------
# what the build knows about a bid puzzle, shaped as engine/puzzles/decisions.py gives it: the learner
# (seat 0) to bid after the player on its right opened with 40; the figures are made up
ESTIMATE_VIEW = {
    "kind": "bid",
    "rules": "three-player",
    "players": 3,
    "mover": 0,
    "seats": [{"seat": s, "cards": ["SA", "ST"] if s == 0 else None, "points": 0, "tricks": 0} for s in range(3)],
    "where": ["you", "left", "right"],
    "contract": None,
    "bid": None,
    "bidder": None,
    "log": {"dealer": 1, "auction": [{"seat": 2, "bid": "40"}], "widow": [], "discard": None},
}
ESTIMATE_SOLUTION = {
    "samples": 10,
    "margin": 10,
    "made": [15, 15, 25, 35, 45, 55, 55, 65, 65, 95],
    "spread": {"min": 15, "p10": 15, "p25": 25, "p50": 55, "p75": 65, "p90": 95, "max": 95},
    "rows": [{"contract": 45, "made": 6, "expected": 9.0}, {"contract": 50, "made": 5, "expected": 0.0}],
    "answers": ["p", "45", "50"],
    "reasons": {"p": None, "45": None, "50": None},
    "values": {"p": 0.0, "45": 9.0, "50": -12.5},
    "best": ["45"],
    "accepted": ["p", "45"],
}
ESTIMATE_TABLE = {
    "kind": "bid",
    "answers": {
        "p": {"verdict": "correct", "choice": "p", "value": 0.0},
        "45": {"verdict": "correct", "choice": "45", "value": 9.0},
        "50": {"verdict": "legal-not-best", "choice": "50", "value": -12.5, "loss": 22},
    },
}
BID_SPEC = {"id": "p1", "kind": "bid", "position": "rules:three-player/dealer:1/seed:3/actions:40"}


def estimate_text(text, lang="en", solution=None, table=None):
    known = words.facts(BID_SPEC, ESTIMATE_VIEW, solution or ESTIMATE_SOLUTION, table or ESTIMATE_TABLE)
    return words.render(text, lang, known, load_catalog(lang))


def test_the_estimate_fills_its_figures_in_each_language():
    assert (
        estimate_text("In {samples} deals: {spread:min} to {spread:max}, half {spread:p25}-{spread:p75}.")
        == "In 10 deals: 15 to 95, half 25-65."
    )
    assert estimate_text("{made:45} made 45; 50 is worth {value:50}, {loss:50} less than {best}.") == (
        "6 made 45; 50 is worth \u221212.5, 22 less than 9."
    )
    assert estimate_text("Arvo {value:50}.", "fi") == "Arvo \u221212,5."
    assert estimate_text("{who:40} opened.") == "The player on your right opened."


def test_a_count_of_deals_is_a_clause_that_says_none_in_words():
    assert estimate_text("{made_deals:45}.") == "The contract was made in 6 of 10 deals."
    assert estimate_text("Tarjouksella 45 {made_deals:45}.", "fi") == "Tarjouksella 45 sopimus täyttyi 6/10 jaossa."
    none = dict(ESTIMATE_SOLUTION, rows=[dict(ESTIMATE_SOLUTION["rows"][0], made=0), ESTIMATE_SOLUTION["rows"][1]])
    assert estimate_text("{made_deals:45}.", solution=none) == "The contract was made in none of the 10 deals."
    assert estimate_text("{made_deals:45}.", "fi", solution=none) == "Sopimus ei täyttynyt yhdessäkään 10 jaosta."
    with pytest.raises(words.WordsError, match="a pass makes no contract"):
        estimate_text("{made_deals:p}")
    with pytest.raises(words.WordsError, match="numbers take no case"):
        estimate_text("{made_deals:45.gen}", "fi")


def test_the_estimate_figures_are_never_written_by_hand():
    for text in ("The hand made 15.", "Half made 25 to 65.", "It was played 95 times."):
        with pytest.raises(words.WordsError, match="is not a rule of this game"):
            estimate_text(text)
    # the bids of the auction and the offered bids stay allowed: they are written on the page
    assert estimate_text("After 40, bid 45 or 50.") == "After 40, bid 45 or 50."


@pytest.mark.parametrize(
    "text, message",
    [
        ("{spread:p33}", "one of min, p10"),
        ("{made:p}", "a pass makes no contract"),
        ("{made:55}", "not a legal answer"),
        ("{value:55}", "not one of the answers"),
        ("{who:55}", "a bid of its auction"),
        ("{samples:4}", "takes no argument"),
    ],
)
def test_an_estimate_placeholder_that_does_not_fit_fails(text, message):
    with pytest.raises(words.WordsError, match=message):
        estimate_text(text)


def test_the_best_of_an_estimate_is_a_legal_answer():
    # the opener may not pass: the pass is valued 0 but illegal, so the best is the best bid
    opener = dict(ESTIMATE_SOLUTION, values={"p": 0.0, "45": -9.0, "50": -12.5}, best=["45"])
    opener["reasons"] = {"p": {"code": "opener_must_bid"}, "45": None, "50": None}
    table = {"kind": "bid", "answers": dict(ESTIMATE_TABLE["answers"], p={"verdict": "illegal", "choice": "p"})}
    assert estimate_text("{best}", solution=opener, table=table) == "\u22129"
    with pytest.raises(words.WordsError, match="no value for p"):
        estimate_text("{value:p}", solution=opener, table=table)


def test_estimates_belong_to_the_estimated_kinds(tmp_path):
    fails(tmp_path, "{samples} belongs to the puzzles valued by an estimate", en=md(explanation="{samples}"))


def test_a_card_set_answer_is_quoted_by_its_cards_and_an_average_with_the_pages_decimal():
    """{value:HK+HQ+S8} is the give (or discard) answer of those cards in any order; an average
    is written with one decimal in the page's language."""
    table = {
        "answers": {"give:S8.HK.HQ": {"verdict": "correct"}, "give:S8.S7.C8": {"verdict": "legal-not-best", "loss": 98}}
    }
    solution = {"values": {"give:S8.HK.HQ": 145.0, "give:S8.S7.C8": 47.5}}
    f = words.Facts({"kind": "give"}, {}, solution, table)
    fi, en = load_catalog("fi"), load_catalog("en")
    assert words.fill("value", "HQ+HK+S8", None, f, en, 0) == ("145", "number")
    assert words.fill("value", "C8+S7+S8", None, f, fi, 0) == ("47,5", "number")
    assert words.fill("value", "C8+S7+S8", None, f, en, 0) == ("47.5", "number")
    assert words.fill("loss", "S8+S7+C8", None, f, en, 0) == ("98", "number")
    with pytest.raises(words.WordsError, match="not one of the answers"):
        words.fill("value", "HK+HQ+C8", None, f, en, 0)
