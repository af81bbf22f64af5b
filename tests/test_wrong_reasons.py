"""Every wrong answer teaches, and none gives the answer away (issue 33, item 3): over every
puzzle of every lesson, in both languages, every wrong entry of the answer table the build writes
into the page carries a reason, and the words a first wrong answer shows (the verdict, the
engine's reason, the recognised slip, or what to check for a number no slip explains) do not
contain the answer: not the winning or only right card in any of its forms, not the bidder,
not the right number. The answer comes with the second try (the solution) or a tap (the best
line, the best choice's figures)."""

import re

import pytest

from engine import puzzles
from sitebuild.catalogs import card_name, fmt, load_catalog

LANGS = ("fi", "en")
WRONG = ("wrong", "illegal", "legal-not-best", "other")
# a guided deal's steps (guided.js): the verdict's words by verdict
GUIDED_WORDS = {"illegal": "illegal_action", "legal-not-best": "deal_loss", "wrong": "wrong", "other": "deal_other"}


# ``lessons``: the session fixture of tests/conftest.py (every lesson, checked by the engine)


def reason_text(reason: dict, catalog: dict) -> str:
    """As present/text.py: reason_text, a variant chosen by the first parameter present and not false."""
    entry = catalog["reasons"][reason["code"]]
    params = reason["params"]
    if isinstance(entry, dict):
        key = next((k for k in entry if k and k in params and params[k] is not False), "")
        entry = entry[key]
    return fmt(entry, params, catalog)


def mistake_text(mistake: dict, catalog: dict) -> str:
    return fmt(catalog["mistakes"][mistake["code"]], mistake["params"], catalog)


def first_words(table: dict, entry: dict, catalog: dict) -> str:
    """What puzzle.js shows at once for one wrong answer of a card or choice: the verdict's words
    and the engine's reason (the lines of play and the best choice's figures are a tap away)."""
    key = table["words"][entry["verdict"]] if "words" in table else GUIDED_WORDS[entry["verdict"]]
    params = {k: v for k, v in entry.items() if isinstance(v, (int, str)) and k != "verdict"}
    words = catalog["verdicts"].get(key, "")
    parts = [fmt(words, params, catalog)] if words else []
    if entry.get("reason"):
        parts.append(reason_text(entry["reason"], catalog))
    return " ".join(parts)


def card_forms(card: str, catalog: dict) -> set[str]:
    """A card's name in every case the catalog has (and its spoken name), in lower case."""
    forms = {card_name(card, case, catalog).lower() for case in catalog["ranks"][card[1]]}
    spoken = catalog["cards"]["spoken"].format(
        suit=catalog["suits"][card[0]]["nom"], rank=catalog["ranks"][card[1]]["nom"]
    )
    return forms | {spoken.lower()}


def number_in(number: int, text: str) -> bool:
    return re.search(rf"(?<![0-9]){abs(number)}(?![0-9])", text) is not None


def tables(lesson):
    """Every answer table of a lesson, a guided deal's steps one by one: (puzzle id, table, solution)."""
    for spec in lesson.puzzles:
        checked = lesson.checked[spec["id"]]
        table = checked["table"]
        for step in table.get("steps", [table]):
            yield spec["id"], step, checked["solution"]


def the_answer(table: dict, solution: dict) -> tuple[str, object] | None:
    """What a first wrong answer must not name: one right card, the bidder, or the right number."""
    if table["answer"] == "number":
        return "number", table["number"]
    right = [a for a, e in table["answers"].items() if e["verdict"] == "correct"]
    if table["kind"] == "auction":
        return "player", table["answers"][right[0]]["player"]
    if table["answer"] == "card" and len(right) == 1:
        return "card", right[0]
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_every_wrong_entry_of_every_lesson_table_has_a_reason(lessons, lang):
    catalog = load_catalog(lang)
    count = 0
    for lesson in lessons:
        for pid, table, _ in tables(lesson):
            where = f"{lesson.slug}/{pid}"
            if table["answer"] == "number":
                for mistake in table["mistakes"]:
                    assert mistake_text(mistake, catalog), where
                    count += 1
                assert reason_text(table["check"], catalog), f"{where}: no words for a number no slip explains"
                continue
            for answer, entry in table["answers"].items():
                if table["answer"] == "cards":
                    # marking: every card says why it is or is not allowed (a missed card names the rule)
                    assert entry.get("reason"), f"{where} {answer}: no reason"
                    assert reason_text(entry["reason"], catalog), f"{where} {answer}"
                    count += 1
                    continue
                if entry["verdict"] not in WRONG:
                    continue
                count += 1
                if entry["verdict"] in ("wrong", "illegal"):
                    assert entry.get("reason"), f"{where} {answer}: a wrong answer without a reason"
                elif entry["verdict"] == "legal-not-best":
                    # the cost in the verdict's words, and (but in a guided deal) the lines or figures behind it
                    assert entry.get("loss") is not None, where
                    assert "words" not in table or entry.get("lines") or entry.get("figures"), where
                assert len(first_words(table, entry, catalog)) > 20, f"{where} {answer}"
    assert count > 500


@pytest.mark.parametrize("lang", LANGS)
def test_no_first_wrong_answer_names_the_answer(lessons, lang):
    catalog = load_catalog(lang)
    checked = set()
    for lesson in lessons:
        for pid, table, solution in tables(lesson):
            where = f"{lesson.slug}/{pid}"
            answer = the_answer(table, solution)
            if answer is None:
                continue
            what, value = answer
            if what == "number":
                # a slip's sentence may echo the learner's own number (−120 typed as 120)
                texts = [mistake_text(m, catalog) for m in table["mistakes"] if abs(m["number"]) != abs(value)]
                if "check" in table:
                    texts.append(reason_text(table["check"], catalog))
                for text in texts:
                    assert not number_in(value, text), f"{where}: {text!r} gives the answer {value}"
                checked.add(table["kind"])
                continue
            for wrong, entry in table["answers"].items():
                if entry["verdict"] not in WRONG:
                    continue
                text = first_words(table, entry, catalog).lower()
                if what == "card":
                    named = [form for form in card_forms(value, catalog) if form in text]
                    assert not named, f"{where} {wrong}: {text!r} names the answer {value}"
                else:
                    pattern = rf"\b(player|pelaaja\w*) {value}\b"
                    assert not re.search(pattern, text), f"{where} {wrong}: {text!r} names the bidder"
                checked.add(table["kind"])
    # the kinds whose answer one sentence could name
    assert {"auction", "trick-winner", "score", "count", "legal-card", "best-card"} <= checked


def test_the_old_sentences_would_fail():
    """The check above catches a sentence that names the answer (the words before issue 33)."""
    catalog = load_catalog("en")
    old = {"reasons": {"lower_than": "the {winner.nom} beats the {card.nom}."}}
    reason = {"code": "lower_than", "params": {"card": "C9", "winner": "CK"}}
    entry = {"verdict": "wrong", "card": "C9", "reason": reason}
    table = {"words": {"wrong": "wrong_winner"}}
    text = first_words(table, entry, {**catalog, **old}).lower()
    assert any(form in text for form in card_forms("CK", catalog))
    assert number_in(-65, "so it scores −65.") and not number_in(65, "it scores 650")


# -- the engine's side: why a card is allowed, and the slips a typed score comes from ------------------
def _allowed(position):
    table = puzzles.answer_table({"kind": "all-legal", "position": position})
    legal = {a: e["reason"] for a, e in table["answers"].items() if e["verdict"] == "legal"}
    assert legal and all(r == next(iter(legal.values())) for r in legal.values()), "one rule allows them all"
    return next(iter(legal.values()))


def test_a_legal_card_names_the_rule_that_allows_it_not_the_card():
    follow = _allowed("rules:three-player/hands:A...96,K.A..,.K.Q./lead:1/trick:H7-HJ")
    assert follow == {"code": "allowed_follow", "params": {"suit": "H"}}
    overtake = _allowed("rules:three-player/hands:.J..Q9,A..A.,K..K./lead:1/trick:H8-HJ")
    assert overtake == {"code": "allowed_overtake", "params": {"suit": "H", "beat": "HJ"}}
    void = _allowed("rules:three-player/hands:A.K9..J7,K.A.AT.9,Q.T.K.A/lead:2/trick:D8")
    assert void == {"code": "allowed_any", "params": {}}
    lead = _allowed("rules:three-player/hands:AT9.KJ8.Q7.A76,KJ8.AT9.K98.Q8,Q76.Q7.AT6.KJT/lead:0/bidder:0/bid:50")
    assert lead["code"] in ("allowed_lead", "allowed_ace_lead")
    for lang in LANGS:
        catalog = load_catalog(lang)
        for reason in (follow, overtake, void, lead):
            assert reason_text(reason, catalog)


def _slips(spec):
    table = puzzles.answer_table(spec)
    return table, {m["number"]: (m["code"], m["params"]) for m in table["mistakes"]}


def test_a_typed_score_names_the_likely_slip():
    # lesson 3: the ace of hearts took the king; the side of seat 0 won 30 points before
    spec = {
        "kind": "score",
        "position": "rules:three-player/hands:...K,...A,...6/lead:0/bidder:2/bid:50/points:30,40,35/tricks:3,4,3",
        "then": "HK-HA-H6",
        "side": 0,
    }
    table, slips = _slips(spec)
    assert table["number"] == 30
    assert slips[45] == ("other_trick_counted", {"card": "HA", "points": 15})  # the king trick the ace won
    # the side won 9-8-6: a six counted as 6 points, or every number card at its face value
    spec = {
        "kind": "score",
        "position": "rules:three-player/hands:..9.,..8.,..6./lead:0/bidder:2/bid:60/points:26,39,55/tricks:4,2,4",
        "then": "D9-D8-D6",
        "side": 0,
    }
    table, slips = _slips(spec)
    assert table["number"] == 26
    assert slips[32] == ("card_value_wrong", {"card": "D6", "value": 6, "points": 0})
    assert slips[49] == ("pips_counted", {"extra": 23})
    assert 27 not in slips and table["check"] == {"code": "check_score", "params": {"bonuses": False}}
    en = load_catalog("en")
    assert mistake_text({"code": "card_value_wrong", "params": slips[32][1]}, en) == (
        "That counts the six of diamonds as 6 points, but it is worth 0."
    )
    fi = load_catalog("fi")
    assert mistake_text({"code": "card_value_wrong", "params": slips[32][1]}, fi) == (
        "Tuossa ruutukuutonen on laskettu 6 pisteen arvoiseksi, mutta sen arvo on 0."
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_lines_present_writes_for_a_first_wrong_answer_do_not_name_the_answer(lessons, lang):
    """The verdict's lines the page shows (present/verdicts.py, data-verdicts) pass the same check."""
    from present.verdicts import verdict_table

    catalog = load_catalog(lang)
    checked = 0
    for lesson in lessons:
        for spec in lesson.puzzles:
            table = lesson.checked[spec["id"]]["table"]
            if table.get("answer") not in ("card", "choice"):
                continue
            answer = the_answer(table, lesson.checked[spec["id"]]["solution"])
            if answer is None:
                continue
            what, value = answer
            said = verdict_table(table, catalog)["answers"]
            for wrong, entry in table["answers"].items():
                if entry["verdict"] not in WRONG:
                    continue
                text = " ".join(said[wrong]).lower()
                if what == "card":
                    assert not [f for f in card_forms(value, catalog) if f in text], (spec["id"], wrong, text)
                else:
                    assert not re.search(rf"\b(player|pelaaja\w*) {value}\b", text), (spec["id"], wrong, text)
                checked += 1
    assert checked > 100
