"""A figure a write-up calls "average" is the average the estimate computed (issue 26).

The estimate (engine/puzzles/decisions.py, engine/search/estimate.py) plays many sampled deals; a discard or
give answer's value is the mean of what the hand ends each deal with, and each deal's total is
rounded down to a multiple of the bid step first. So a write-up that calls ``{value:X}`` an
average gets the mean of the sampled figures, and for a discard or give it must say that the
totals are rounded down: 11 points saved in the discard count as 10 (the mistake of
``the-ace-is-your-entry``, which called 10.0 the average points of a hand that kept 11)."""

import re
from pathlib import Path

import pytest

from engine import puzzles
from engine.puzzles import decisions
from engine.search import estimate
from sitebuild import cache, words
from sitebuild.catalogs import load_catalog

ROOT = Path(__file__).resolve().parent.parent


def _estimated_puzzles(lessons):
    for lesson in lessons:
        for spec in lesson.puzzles:
            if spec["kind"] in (*words.estimated_kinds(), "lead"):
                yield lesson, spec


def _sampled_mean(spec, raw: dict, key: str) -> float:
    """The average of the estimate's sampled figures for one answer, from the raw evaluation."""
    kind = spec["kind"]
    if kind in ("bid", "raise"):
        if key in ("p",):
            return 0.0
        deal = decisions.deal_of(spec)
        amount = deal.contract if key == "hold" else int(key.split(":")[-1])
        return estimate.expected_score(raw["made"], amount)
    if kind in ("discard", "give"):
        made = raw["made"][key]
        return sum(made) / len(made)
    values = raw["values"][key]
    return sum(values) / len(values)


def test_every_figure_called_average_is_the_mean_of_the_estimates_deals(lessons):
    """For every estimated lesson puzzle, each {value:X} in a sentence that says "average" or
    "keskimäärin" prints the mean of the sampled deals (computed here from the raw evaluation),
    and a discard or give explanation that calls a figure an average says the totals are rounded
    down, since every sampled total is a multiple of the bid step."""
    catalogs = {lang: load_catalog(lang) for lang in ("fi", "en")}
    checked = 0
    with cache.installed():
        for lesson, spec in _estimated_puzzles(lessons):
            raw = decisions.evaluation(spec)
            result = puzzles.check(spec)
            facts = words.facts(spec, puzzles.view(spec), result, puzzles.answer_table(spec))
            for lang, text in lesson.texts.items():
                source = text.puzzles[spec["id"]].source["explanation"]
                for sentence, args in words.sentences_with_values(source):
                    if not words.AVERAGE_WORDS[lang].search(sentence):
                        continue
                    for arg in args:
                        key = words._answer_key(facts, arg)
                        expected = words._number(round(_sampled_mean(spec, raw, key), 1), catalogs[lang])
                        shown = words.render(f"{{value:{arg}}}", lang, facts, catalogs[lang])
                        assert shown == expected, (str(text.path), spec["id"], arg, shown, expected)
                        checked += 1
                if facts.kind_class.card_sets:
                    step = facts.rules.bid_step
                    assert all(m % step == 0 for made in raw["made"].values() for m in made)
                    if any(words.AVERAGE_WORDS[lang].search(s) for s, _ in words.sentences_with_values(source)):
                        assert words.ROUNDED_WORDS.search(source), (str(text.path), spec["id"])
    assert checked > 20  # the lessons quote many averages: the check ran


DISCARD_FACTS = words.Facts(
    {"kind": "discard"},
    {},
    {"values": {"discard:SA.S7.S6": 10.0, "discard:S6.C6.H6": 57.5}},
    {"answers": {"discard:S6.C6.H6": {"verdict": "correct"}, "discard:SA.S7.S6": {"verdict": "legal-not-best"}}},
)


@pytest.mark.parametrize(
    "text",
    [
        "Putting the ace away saves its 11 points: {value:SA+S7+S6} points on average.",
        "Pois laitettuna ässä säästää 11 pistettään: keskimäärin {value:SA+S7+S6} pistettä.",
    ],
)
def test_a_discard_average_without_the_rounding_fails_the_build(text):
    problem = words.required("explanation", text, DISCARD_FACTS)
    assert problem and "rounded down" in problem


@pytest.mark.parametrize(
    "text",
    [
        "That is {value:SA+S7+S6} points on average, each deal's total rounded down to a multiple of 5.",
        "Se on keskimäärin {value:SA+S7+S6} pistettä, kun jaon pisteet on pyöristetty alaspäin.",
        "Without the word for it the figure is just {value:SA+S7+S6}.",
    ],
)
def test_a_discard_average_that_says_it_is_rounded_passes(text):
    assert words.required("explanation", text, DISCARD_FACTS) is None


def test_a_bid_average_needs_no_rounding_note():
    """A bid's or raise's value is an expected deal score (+contract or -contract per deal): an
    exact average, nothing rounded."""
    facts = words.Facts({"kind": "bid"}, {}, {"values": {"45": 9.0}}, {"answers": {}})
    assert words.required("explanation", "45 is worth {value:45} on average.", facts) is None


def test_the_sentences_with_values_split_at_sentence_ends():
    parts = words.sentences_with_values("A {value:HK}. B. C {value:HQ} and {value:S6}? D")
    assert [args for _, args in parts] == [["HK"], ["HQ", "S6"]]
    assert all(re.search(r"\{value", s) for s, _ in parts)
