"""Sentences the catalogs build are grammatical by construction (issue 36, item 2).

Every message of both catalogs (site/messages/fi.json, en.json) is rendered with every form its
parameters take: each seat including "you"/"Sinä", counts 0, 1, 2 and 5, whole and decimal
figures, negative scores, every card and suit in every case form the catalog uses. Each sentence
is checked as a native editor would: Finnish numeral agreement (1 takes the singular: "1 piste",
"2 pistettä"), the decimal mark of the language, a verb that agrees with "Sinä"/"You" or no verb
at all, capitals at sentence starts only, no doubled spaces or punctuation, no unfilled
placeholder. The one formatter (present/text.py ``fmt``) compiles every message for the pages
(``compiled``), and the pages' filling in (site/assets/fill.js, run in node) must give the same
text for every render."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.catalogs import PLACEHOLDER, card_name, compiled, fmt, in_sentence, load_catalog, message

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fi", "en")
CARDS = [s + r for s in "SCDH" for r in "AKQJT9876"]
# sections that are not messages but the parts names are made of
NOT_MESSAGES = ("lang_name", "names", "suits", "ranks", "cards.compound", "cards.spoken", "cards.suit_list")
NOT_MESSAGES += ("words.seats", "words.pairs")
# messages the pages set inside another sentence (present/explain.py: after "Your choice: ")
FRAGMENTS = {"verdicts.fig_bid", "verdicts.fig_pass", "verdicts.fig_hold", "verdicts.fig_raise"}
FRAGMENTS |= {"verdicts.fig_set", "verdicts.fig_lead", "verdicts.fig_declare", "verdicts.fig_declare_none"}
FRAGMENTS |= {f"verdicts.fig_{k}_zero" for k in ("bid", "hold", "raise", "set")}

COUNT = [0, 1, 2, 5]
# card points: a trick, a side's pile, a bonus or a total is never 1 point (the least card that
# counts is the jack, 2), though a difference of two (a loss, a cost) or an average may be
POINTS = [0, 2, 5, 55]
SCORE = [*POINTS, -5, -60]
FIGURE = [*COUNT, 55, -5, -60, 47.5, -12.5]
NUMBERS = {
    **dict.fromkeys(
        "count n made samples distinct compared returns first solved done steps stars deal index want"
        " seconds version supported step".split(),
        COUNT,
    ),
    # limits of the engine and the score sheet, never 1; the number of players
    **dict.fromkeys("most max".split(), [5, 20]),
    "players": [2, 3, 4],
    **dict.fromkeys("sum pack low discard penalty bonus rounded exact basis".split(), POINTS),
    **dict.fromkeys(
        "amount contract minimum maximum current floor over own held raise target highest lowest".split(), POINTS
    ),
    **dict.fromkeys("total before best".split(), SCORE),
    **dict.fromkeys("number score average expected loss cost hindsight points margin size defend bid".split(), FIGURE),
    # what a hand made in the sampled deals: card points, whole or a percentile between two
    **dict.fromkeys("min p25 p75".split(), [*POINTS, 47.5]),
}
# forms that differ by message: a puzzle's estimate draws 4 to 64 deals
# (engine/puzzles/decisions.py), the points of one trick are card points, a Porvoo costs a bid
BY_MESSAGE = {
    **{f"verdicts.fig_{k}": {"samples": [4, 5, 24]} for k in ("bid", "hold", "raise", "set", "lead")},
    **{f"verdicts.fig_{k}": {"samples": [4, 5, 24]} for k in ("declare", "declare_none")},
    **{f"verdicts.fig_{k}_zero": {"samples": [4, 5, 24]} for k in ("bid", "hold", "raise", "set")},
    **{f"estimate.{k}": {"samples": [4, 5, 24]} for k in ("how", "made_of", "made_deals")},
    **{f"estimate.{k}_zero": {"samples": [4, 5, 24]} for k in ("made_of", "made_deals")},
    **{f"ui.{k}": {"points": POINTS} for k in ("ev_trick", "ev_trick_you", "ev_trick_hidden", "ev_trick_hidden_you")},
    "verdicts.line_takes": {"points": POINTS},
    **{f"ui.sum_porvoo{k}": {"bid": POINTS} for k in ("", "_us", "_you")},
    # the cards on the table fill a trick only from 2 on; a hand is dealt more than `most`
    "errors.trick_full": {"count": [2, 3, 4, 5]},
    "errors.too_many_cards": {"count": [6, 12]},
    "score.errors.points_count": {"count": [2, 3, 4]},
    "score.errors.discard_points": {"cards": [2, 3, 4]},
    # card points in a pile, and the raise margin of the normal player (RAISE_MARGIN, 2.0)
    "mistakes.partner_left_out": {"points": POINTS},
    "mistakes.own_points_counted": {"points": POINTS},
    "ui.hint_rank_raise": {"margin": [2.0]},
    # some choices compared (yours at least), fewer than all; a bid is a bid; passes in a row
    "ui.review_some_compared": {"compared": [1, 2], "distinct": [3, 5]},
    "ui.review_some_compared_one": {"distinct": [2, 5]},
    # a review's reasons and figures (engine/coach/reasons.py): a trick's card points, a trick's
    # number, a decision's two figures on one basis (points, a deal score or an average score)
    **{f"ui.why_trick_lost{k}": {"points": POINTS, "n": [1, 3, 9]} for k in ("_you", "_us")},
    **{
        f"ui.why_{k}": {"n": [1, 3, 9]}
        for k in ("led_void", "trumped", "overtaken", "thrown", "caught_you", "caught_us", "bare_ten_taken")
    },
    # a trump declared later: the trick it would have counted from ("now"), the trick it came before
    **{f"ui.why_pair_later{k}": {"now": [1, 8], "n": [2, 9]} for k in ("", "_plain")},
    "ui.why_pair_lost_plain": {"now": [1, 8]},
    **{f"ui.why_points_{k}": {"n": [1, 3, 9]} for k in ("saved", "banked_you", "banked_us")},
    **{f"ui.why_points_{k}_one": {"n": [1, 3, 9]} for k in ("saved", "banked_you", "banked_us")},
    # a hint's reason: the deals it was found in, of the HINT_SAMPLES made-up deals drawn
    **{
        f"ui.hint_why_{k}": {"samples": [4, 5, 8]}
        for k in (
            "trumped overtaken caught_you caught_us pair last_trick_you last_trick_us trick_lost_you"
            " trick_lost_us points_saved points_banked_you points_banked_us"
        ).split()
    },
    **{f"ui.review_figure{k}": {"best": SCORE, "chosen": SCORE} for k in ("_you", "_us")},
    **{f"ui.review_figure_{k}": {"best": FIGURE, "chosen": FIGURE} for k in ("score", "sight")},
    "words.bid": {"bid": POINTS},
    "words.passes": {"n": ["2 ja 3", "2 and 3"]},
    "score.errors.sheet_players": {"count": [2, 3, 4]},
    # the face values of 9, 8, 7 and 6 counted as points: a six alone up to all four (30)
    "mistakes.pips_counted": {"extra": [6, 15, 30]},
    # the card points of one trick (never 1: the least card that counts is the jack, 2)
    "mistakes.other_trick_counted": {"points": POINTS},
    "mistakes.own_trick_left_out": {"points": POINTS},
    # a first-try rate and an HTTP status (the front page's review of the day)
    "review.next_reason_rate": {"percent": [0, 1, 50, 100]},
    "review.percent": {"percent": [0, 1, 50, 100]},
    "review.load_failed": {"status": [404, 500]},
    # a move of a deal by its number (engine/coach/moment.py: a moment played again)
    **{f"errors.moment_{k}": {"number": [1, 13, 40]} for k in ("not_yours", "kind")},
    # where in the request the text that cannot be Unicode stands (a place, not a count)
    "errors.not_unicode": {"at": [0, 1, 12]},
    # a rule of thumb's measured figures (sitebuild/measured.py): an average difference (its
    # size: "fewer" says the sign), an interval's ends, deals counted (at least 2)
    **{f"measured.{k}": {"mean": [1, 1.5, 2, 6, 47.5]} for k in ("more", "fewer")},
    "measured.detail": {
        "low": [-3.5, 0, 1, 2.2],
        "high": [1, 1.5, 10],
        "deals": [2, 48, 160],
        "better": [0, 1, 5],
        "worse": [0, 1, 5],
    },
    # its two parts, each rendered from the entries above (so checked there)
    "measured.whole": {"gain": ["gain"], "detail": ["detail"]},
    # the readiness test: an option as its button says it, a rule of thumb and its figures (each
    # rendered above), points given away (a figure, 1 in the _one forms), a date, 20 decisions
    "readiness.best": {"answer": ["60", "pass", "ohi", "pataässä", "ruutukymppi, ristiseiska, herttarouva"]},
    "readiness.rule": {"rule": ["rule"]},
    "readiness.measured": {"figures": ["figures"]},
    "readiness.result": {"lost": [0, 2, 41.5], "total": [20]},
    "readiness.result_one": {"total": [20]},
    "readiness.past_row": {"date": ["7 December 2026"], "lost": [0, 2, 41.5], "total": [20]},
    "readiness.past_row_one": {"date": ["7 December 2026"], "total": [20]},
    **{f"readiness.{k}": {"n": [1, 7, 20], "total": [20]} for k in ("question", "in_progress")},
}
SUIT_PARAMS = {"suit", "trump", "led"}
CARD_PARAMS = {"card", "beat", "winner"}


def _messages(catalog: dict, prefix: str = ""):
    for key, value in catalog.items():
        path = f"{prefix}{key}"
        if path in NOT_MESSAGES:
            continue
        if isinstance(value, dict):
            yield from _messages(value, path + ".")
        elif isinstance(value, str):
            yield path, value


def _text_forms(cat: dict, lang: str) -> dict:
    """Forms of the parameters that are words, as the pages and the build fill them."""
    ui = cat["ui"]
    who = [ui[f"who_{p}"] for p in ("left", "right", "partner", "across", "them")]
    who_gen = [ui[f"who_{p}_gen"] for p in ("left", "right", "partner", "across", "them")]
    cards = [card_name("SA", "nom", cat), ", ".join(card_name(c, "nom", cat) for c in ("S8", "CA", "HT"))]
    acts = [
        fmt(ui["act_play"], {"card": "S8"}, cat, fragment=True),
        fmt(ui["act_declare"], {"suit": "S"}, cat, fragment=True),
        fmt(ui["act_pass"], {}, cat, fragment=True),
        card_name("S8", "nom", cat),
    ]
    labels = list(cat["option_labels"].values())[:2]
    # a list of rules in a sentence, as house-rules.js and rulespages.py write it
    porvoo = next(v for v in cat["option_labels"].values() if v.startswith("Porvoo"))
    listed = [in_sentence(x, cat) for x in (*labels, porvoo)]
    listed.append(fmt(ui["rule_with_value"], {"label": listed[0], "value": "5"}, cat, fragment=True))
    sample = {"fi": "Anna", "en": "Anna"}[lang]
    return {
        "place": list(cat["seats"].values()),
        "who": who,
        "who_gen": who_gen,
        "player": [1, 2, 4],
        "bidder": [2, sample],
        "dealer": [sample],
        "name": [sample],
        "names": [sample, f"{sample}, Ville"],
        "first": [sample],
        "last": [sample, "Ville"],
        "side_name": [sample],
        "cards": cards,
        "choice": acts,
        "choices": acts[:1] + ["; ".join(acts[:2])],
        "hint": acts,
        "where": [fmt(ui["review_trick"], {"n": 3}, cat), ui["review_kind_discard"]],
        "rules": [listed[0], "; ".join(listed)],
        "label": labels[:1],
        "value": ["on", "5"],
        "option": labels[:1],
        "title": [ui["nav_glossary"] if "nav_glossary" in ui else sample],
        "scores": [f"{sample} 55, Ville \u221260"],
        "text": ["X9"],
        "key": ["huutopussi.score.game.1"],
        "field": ["bid"],
        "kind": ["legal-card"],
        "url": ["https://example.org/"],
        "date": ["2026-12-06"],
        "detail": [cat["errors"]["generic"]],
        "reason_text": [cat["reasons"]["bid_too_low"] if "bid_too_low" in cat["reasons"] else cat["errors"]["generic"]],
        "rank": ["A"],
        "ranks": ["A"],
        "suit": [cat["suits"][s]["nom"] for s in "SCDH"],
        "theme": [ui["theme_follow_suit"]],
        "op": ["solve", "x"],
    }


def _forms(key: str, name: str, case: str | None, words: dict) -> list:
    if name in BY_MESSAGE.get(key, {}):
        return BY_MESSAGE[key][name]
    if case:
        return list("SCDH") if name in SUIT_PARAMS else CARDS
    if name in NUMBERS:
        return NUMBERS[name]
    if name in words:
        return words[name]
    raise AssertionError(f"no forms known for the parameter {{{name}}}: add them to tests/test_templates.py")


def _renders(lang: str):
    """(key, template, params, fragment) for every message, one parameter varied at a time."""
    cat = load_catalog(lang)
    words = _text_forms(cat, lang)
    for key, template in _messages(cat):
        params_forms = {}
        for m in PLACEHOLDER.finditer(template):
            forms = _forms(key, m.group(1), m.group(2), words)
            params_forms[m.group(1)] = sorted({*params_forms.get(m.group(1), []), *forms}, key=str)
        base = {name: forms[0] for name, forms in params_forms.items()}
        seen = set()
        for name, forms in [(None, [None]), *params_forms.items()]:
            for form in forms:
                params = dict(base) if name is None else {**base, name: form}
                marker = json.dumps(params, sort_keys=True)
                if marker not in seen:
                    seen.add(marker)
                    yield key, template, params, key in FRAGMENTS


def _render(lang: str, key: str, template: str, params: dict, fragment: bool, cat: dict) -> str:
    section, _, last = key.rpartition(".")
    if section and not key.endswith("_one"):
        node = cat
        for part in section.split("."):
            node = node[part]
        template = message(node, last, params)
    return fmt(template, params, cat, fragment=fragment)


# -- the rules a native editor checks -------------------------------------------------------------

FI_CASE_OK = re.compile(r"(sta|stä|lta|ltä|lla|llä|ssa|ssä|na|nä|ksi|sti)$")
FI_NOT_NOUN = {"ja", "tai", "mutta", "kuin", "eli", "vaan", "sekä", "lisää", "tarjoaa"}
# nouns whose nominative itself ends in -a/-ä ("1 tehtävä"; the partitive is "tehtävää")
FI_NOT_NOUN |= {"tehtävä"}
EN_NOT_PLURAL = {"is", "was", "has", "as", "its", "plus", "less", "this", "us", "yes", "rounds", "s"}
EN_BEFORE_NOUN = {"extra", "hidden", "different", "made-up", "more", "card", "other", "whole"}
FI_3RD = re.compile(r"^(on|ei|\w*(aa|ää|ee|ii|oo|uu|yy|öö))$")
EN_3RD_FIXED = {"has", "is", "was", "does"}


def _en_third_person_verbs() -> set:
    """The English verbs the catalog puts after a seat or a player ("{who} bids")."""
    verbs = set(EN_3RD_FIXED)
    for _, template in _messages(load_catalog("en")):
        for m in re.finditer(r"\{(?:who|place|player|name|bidder|dealer)\}:? (\w+)", template):
            if m.group(1).endswith("s") and m.group(1) != "yes":
                verbs.add(m.group(1))
    return verbs


EN_3RD = _en_third_person_verbs()


def problems(lang: str, text: str) -> list[str]:
    found = []
    if re.search(r"\{\w", text):
        found.append("an unfilled placeholder")
    if "  " in text:
        found.append("a doubled space")
    if re.search(r"[.,:;!?]\s*[.,:;!?](?=\s|$)|\s[.,:;!?](?=\s|$)", text):
        found.append("doubled punctuation or a space before it")
    # a sentence ends at . ! ? and a space; in Finnish "3. tikki" is an ordinal
    end = r"(?<!\d)[.!?]" if lang == "fi" else r"[.!?]"
    for m in re.finditer(end + r"[\"”)]?\s+(\S)", text):
        if m.group(1).isalpha() and not m.group(1).isupper():
            found.append(f"a lower-case sentence start: …{text[max(0, m.start() - 12) : m.end() + 12]}…")
    if lang == "fi":
        if re.search(r"\d\.\d", text):
            found.append("a decimal point in Finnish")
        for m in re.finditer(r"(?<![\d,./−-])−?1 (\w+)(?: (\w+))?", text):
            word = m.group(1)
            if word.endswith(("a", "ä")) and not FI_CASE_OK.search(word) and word not in FI_NOT_NOUN:
                found.append(f"1 with a partitive: “{m.group(0)}”")
        for m in re.finditer(r"\bSinä(:?) (\w+)", text):
            if FI_3RD.match(m.group(2)) and not (m.group(1) and m.group(2) == "ei"):  # "Sinä: ei kokovalttia"
                found.append(f"a third-person verb after Sinä: “{m.group(0)}”")
    else:
        if re.search(r"\d,\d", text):
            found.append("a decimal comma in English")
        for m in re.finditer(r"(?<![\d,./−-])−?1 ([\w-]+)(?: ([\w-]+))?", text):
            word = m.group(2) if m.group(1) in EN_BEFORE_NOUN and m.group(2) else m.group(1)
            if word.endswith("s") and word not in EN_NOT_PLURAL and word not in EN_3RD:
                found.append(f"1 with a plural: “{m.group(0)}”")
        for m in re.finditer(r"\bYou:? (\w+)", text):
            if m.group(1) in EN_3RD:
                found.append(f"a third-person verb after You: “{m.group(0)}”")
    return found


# parameters filled with words of the catalog (names, codes a user wrote and whole sentences, which
# may follow a colon with a capital, are not checked)
WORD_PARAMS = {"who", "who_gen", "place", "choice", "choices", "hint", "where", "rules", "label", "cards", "option"}


def _capitals(template: str, params: dict, fragment: bool, text: str, cat: dict) -> list[str]:
    """A placeholder's value is capitalised where a sentence starts and nowhere else."""
    found = []
    literal = ""
    for m in PLACEHOLDER.finditer(template):
        literal = template[: m.start()]
        at_start = (literal == "" and not fragment) or re.search(r"[.!?][\"”)]?\s+$", literal)
        if at_start or m.group(2):
            continue
        raw = params[m.group(1)]
        quoted = template[m.start() - 1 : m.start()] in '”“"«'
        if m.group(1) in WORD_PARAMS and not quoted and isinstance(raw, str) and raw[:1].isupper():
            found.append(f"a capital inside a sentence: “{raw}” in {template!r}")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_grammatically(lang):
    cat = load_catalog(lang)
    bad = {}
    for key, template, params, fragment in _renders(lang):
        text = _render(lang, key, template, params, fragment, cat)
        for problem in problems(lang, text) + _capitals(template, params, fragment, text, cat):
            bad.setdefault(f"{key}: {problem}", text)
    report = "\n".join(f"{k}\n    {v}" for k, v in list(bad.items())[:80])
    assert not bad, f"{len(bad)} problems in site/messages/{lang}.json:\n{report}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_checks_catch_what_the_issue_found(lang):
    """The checks themselves fail on the sentences issue 36 quotes."""
    bad = {
        "fi": [
            "Sinä: ilmoittaa valtiksi padan",
            "menetät tällä 1 pistettä",
            "keskimäärin 47.5 pistettä",
            "Avausmaa on pata. ristiässä voittaa.",
        ],
        "en": ["You: declares spades trump", "it gives away 1 points", "47,5 points", "Spades. the ace wins."],
    }[lang]
    for text in bad:
        assert problems(lang, text), text
    good = {
        "fi": ["Sinä: valtiksi pata", "menetät tällä 1 pisteen", "keskimäärin 47,5 pistettä", "2 pistettä. Ässä."],
        "en": ["You: spades trump", "it gives away 1 point", "47.5 points", "Spades. The ace wins."],
    }[lang]
    for text in good:
        assert not problems(lang, text), text


def test_the_start_of_every_sentence_is_capitalised_and_nothing_else():
    cat = load_catalog("fi")
    assert fmt("Avausmaa on {led.nom}. {card.nom} voittaa.", {"led": "S", "card": "CA"}, cat) == (
        "Avausmaa on pata. Ristiässä voittaa."
    )
    assert fmt("Valintasi: {card.nom}", {"card": "S8"}, cat) == "Valintasi: patakahdeksikko"
    assert fmt("{card.nom} voittaa", {"card": "S8"}, cat) == "Patakahdeksikko voittaa"
    assert fmt("{card.nom}: 2", {"card": "S8"}, cat, fragment=True) == "patakahdeksikko: 2"
    assert fmt("{x} ja {y}", {"x": 47.5, "y": -3}, cat) == "47,5 ja \u22123"


def test_the_one_form_is_used_for_a_count_of_one():
    section = {"hidden": "{count} piilossa olevaa korttia", "hidden_one": "1 piilossa oleva kortti"}
    assert message(section, "hidden", {"count": 1}) == section["hidden_one"]
    assert message(section, "hidden", {"count": 2}) == section["hidden"]
    assert message(section, "hidden", {"count": 0}) == section["hidden"]


def test_the_zero_form_is_used_for_a_count_of_zero():
    section = {
        "made": "sopimus täyttyi {made} jaossa (kaikkiaan {samples})",
        "made_zero": "sopimus ei täyttynyt yhdessäkään jaossa (kaikkiaan {samples})",
    }
    assert message(section, "made", {"made": 0, "samples": 24}) == section["made_zero"]
    assert message(section, "made", {"made": 2, "samples": 24}) == section["made"]
    assert message(section, "made", {"made": 1, "samples": 0}) == section["made"]


# counts that are 0 in real play: a contract made in none of the sampled deals (the play page's
# hints), a rule better or worse in none of the measured deals (lessons/measured.json)
ZERO_COUNTS = ("made", "better", "worse")
# a figure 0 with a word after it ("täyttyi 0 jaossa", "better in 0 of 160 deals"); not 0 % or a
# fraction 0/24, which are figures
DIGIT_ZERO_BEFORE_WORD = re.compile(r"(?<![\d,.\u2212/])\b0 (?=[^\W\d_])")


def test_the_zero_check_catches_a_digit_zero_before_a_word():
    for text in ("sopimus täyttyi 0 jaossa", "parempi 0 jaossa", "better in 0 of 160 deals"):
        assert DIGIT_ZERO_BEFORE_WORD.search(text), text
    for text in ("onnistui 0/24 jaossa", "10 jaossa", "\u22120,5 pistettä", "0 %", "parempi 0, huonompi 3"):
        assert not DIGIT_ZERO_BEFORE_WORD.search(text), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_of_none_is_never_a_digit_zero_before_a_word(lang):
    """Where a count can be 0, the sentence says so in words ("ei täyttynyt yhdessäkään jaossa",
    "made in none of the 24 deals", a ``_zero`` form) or puts the figure after its noun, never
    "täyttyi 0 jaossa"."""
    cat = load_catalog(lang)
    seen, bad = 0, []
    for key, template, params, fragment in _renders(lang):
        if any(params.get(name) == 0 for name in ZERO_COUNTS):
            seen += 1
            # the other figures as play gives them (a contract or a sample count is never 0)
            params = {n: 5 if v == 0 and n not in ZERO_COUNTS else v for n, v in params.items()}
            text = _render(lang, key, template, params, fragment, cat)
            if DIGIT_ZERO_BEFORE_WORD.search(text):
                bad.append(f"{key}: {text}")
    assert seen >= 5
    assert not bad, "\n".join(bad)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_pages_fill_the_compiled_messages_as_the_build_writes_them(tmp_path):
    """Every render of every message of both catalogs, compiled by the build (present/text.py:
    compiled) and filled in by the pages (site/assets/fill.js, run in node), reads as the one
    formatter writes it (fmt of message), alone and set inside another sentence. A card in a
    grammatical case is never filled in by a page (present/ names cards): those renders are left
    out here, and fill.js refuses one."""
    cases = []
    expected = []
    cards = 0
    for lang in LANGS:
        cat = load_catalog(lang)
        for key, template, params, fragment in _renders(lang):
            if any(m.group(2) and len(str(params[m.group(1)])) > 1 for m in PLACEHOLDER.finditer(template)):
                cards += 1
                continue
            section, _, last = key.rpartition(".")
            node = cat
            for part in section.split(".") if section else []:
                node = node[part]
            entry = compiled({last: template}, last) if key.endswith("_one") else compiled(node, last)
            cases.append({"lang": lang, "entry": entry, "params": params, "fragment": fragment})
            expected.append(_render(lang, key, template, params, fragment, cat))
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    catalogs = {
        lang: {"suits": load_catalog(lang)["suits"], "decimal": load_catalog(lang)["estimate"]["decimal"]}
        for lang in LANGS
    }
    script = tmp_path / "run.mjs"
    module = (ROOT / "site" / "assets" / "fill.js").as_uri()
    script.write_text(
        f"""import {{ fill }} from {json.dumps(module)};
import {{ readFileSync }} from "node:fs";
const catalogs = {json.dumps(catalogs)};
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf8"));
const out = cases.map((c) => fill(c.entry, c.params, catalogs[c.lang], {{ fragment: c.fragment }}));
let refused = false;
try {{ fill([{{ v: "card", case: "gen" }}], {{ card: "HK" }}, catalogs.fi); }} catch {{ refused = true; }}
process.stdout.write(JSON.stringify({{ out, refused }}));
""",
        encoding="utf-8",
    )
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120, check=True)
    got = json.loads(run.stdout)
    assert got["refused"], "fill.js filled in a card in a case"
    assert len(got["out"]) == len(expected) > 1000 and cards > 100
    differ = [(c, e, g) for c, e, g in zip(cases, expected, got["out"]) if e != g]
    assert not differ, differ[:10]


def test_a_message_without_values_is_compiled_as_it_stands_and_forms_in_the_order_message_tries_them():
    cat = load_catalog("fi")
    assert compiled(cat["verdicts"], "correct") == cat["verdicts"]["correct"]
    forms = compiled(cat["verdicts"], "legal_not_best")["forms"]
    assert [f.get("when") for f in forms] == [{"loss": 1}, None]
    assert forms[0]["parts"] == [cat["verdicts"]["legal_not_best_one"]]
    # a value that starts the message is capitalised unless the message is set inside a sentence
    assert compiled({"k": "{a} ja {b}. {c}"}, "k") == [
        {"v": "a", "cap": "start"},
        " ja ",
        {"v": "b"},
        ". ",
        {"v": "c", "cap": True},
    ]


def test_the_pages_catalog_is_compiled_and_holds_what_the_pages_read():
    """base.html embeds sitebuild.catalogs.page_catalog: the sections the scripts fill in, compiled
    (no placeholder left for a page to parse), every card's spoken name and each option's label as
    it stands in a sentence, by the one formatter."""
    from sitebuild.catalogs import page_catalog

    base = (ROOT / "site/templates/base.html").read_text(encoding="utf-8")
    assert '<script type="application/json" id="catalog">{{ page_catalog | json_script }}</script>' in base
    for lang in LANGS:
        cat = load_catalog(lang)
        page = page_catalog(cat)
        for name in ("ui", "lesson_player", "review"):
            left = [k for k, v in _flat(page[name]) if isinstance(v, str) and PLACEHOLDER.search(v)]
            assert not left, f"{lang} {name}: not compiled: {left[:5]}"
        assert page["option_labels_in_sentence"] == {k: in_sentence(v, cat) for k, v in cat["option_labels"].items()}
        assert page["decimal"] == cat["estimate"]["decimal"]
        # the engine's errors are worded by the worker (error.text): the page keeps their codes
        assert page["errors"] == {"generic": cat["errors"]["generic"]} and page["error_codes"] == sorted(cat["errors"])
        assert not {"verdicts", "reasons", "mistakes", "ranks", "cards", "option_labels"} & set(page)


def _flat(value, prefix=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _flat(v, f"{prefix}{k}.")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _flat(v, f"{prefix}{i}.")
    else:
        yield prefix.rstrip("."), value
