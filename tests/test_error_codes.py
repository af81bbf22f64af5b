"""Engine errors reach the page as codes with parameters, worded by the catalogs in each language:
every code the editor and shared links can meet is produced by the engine and has a text in both
catalogs whose placeholders its parameters fill; so have the drills' hints."""

import json
import re
from pathlib import Path

import pytest

from engine import Declare, Suit, parse_position
from engine.coach.drills import THEMES, drill
from engine.web import handle

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
THREE = "rules:three-player/hands:A...,K...,Q.../lead:0"
WHOLE = "AKQJT9876.AK..,.QJT9876.AKQJ.,..T9876.AKQJT9"  # 11 cards each: nobody has played
FOLLOW = "rules:three-player/hands:A..A.,KQ...,..J./lead:2/trick:DK"  # you must follow with the DA


def puzzle(position, kind="best-card", **extra):
    return {"op": "puzzle", "puzzle": {"kind": kind, "position": position, **extra}}


CASES = [
    ("empty", puzzle("   ")),
    ("bad_field", puzzle("rules:three-player/hands")),
    ("bad_field", puzzle("rules:three-player/colour:red")),
    ("missing_field", puzzle("rules:three-player/lead:0")),
    ("unknown_rules", puzzle("rules:nope/hands:A...,K...,Q.../lead:0")),
    ("hand_count", puzzle("rules:three-player/hands:AK../lead:0")),
    ("hand_groups", puzzle("rules:three-player/hands:A...,K..,Q.../lead:0")),
    ("bad_rank", puzzle("rules:three-player/hands:A...,X...,Q.../lead:0")),
    ("card_twice", puzzle("rules:three-player/hands:A...,A...,Q.../lead:0")),
    ("card_twice", puzzle("rules:three-player/hands:AA...,K...,Q.../lead:0")),
    ("bad_card", puzzle(THREE + "/trick:HX")),
    ("trick_full", puzzle("rules:three-player/hands:.,.,../lead:0/trick:SA-SK-SQ".replace(".,.,..", "...,...,..."))),
    ("hands_empty", puzzle("rules:three-player/hands:...,...,.../lead:0")),
    ("too_many_cards", puzzle("rules:three-player/hands:AKQJT98.AKQJT..,...,.../lead:0")),
    ("hand_size", puzzle("rules:three-player/hands:AK...,Q...,J.../lead:0")),
    ("seat_out_of_range", puzzle("rules:three-player/hands:A...,K...,Q.../lead:3")),
    ("bad_seat", puzzle("rules:three-player/hands:A...,K...,Q.../lead:x")),
    ("bad_decl", puzzle("rules:three-player/hands:A...,K...,Q.../lead:0/decl:X1")),
    ("decl_twice", puzzle("rules:three-player/hands:A...,K...,Q.../lead:0/decl:D1,D2")),
    ("decl_no_pairs", puzzle("rules:three-player/hands:A...,K...,Q.../lead:0/decl:D1f")),
    ("decl_too_early", puzzle(f"rules:three-player/hands:{WHOLE}/lead:0/decl:D1")),
    ("too_many_tricks", puzzle(f"rules:three-player/hands:{WHOLE}/lead:0")),
    ("several_optimal", puzzle("rules:three-player/hands:AK...,QJ...,T9.../lead:0")),
    ("answer_not_optimal", puzzle(THREE, answer="SA, SK")),
    ("answer_not_legal", puzzle(FOLLOW, "legal-card", answer="SA")),
    ("answer_not_all_legal", puzzle(FOLLOW, "all-legal", answer="SA")),
    # rule sets: a link's rules text, read by the editor, or the play page's (op "rules")
    ("unknown_option", puzzle("rules:three-player+colour=red/hands:A...,K...,Q.../lead:0")),
    ("option_on_off", puzzle("rules:three-player+must_overtrump=maybe/hands:A...,K...,Q.../lead:0")),
    ("option_number", puzzle("rules:three-player+target=many/hands:A...,K...,Q.../lead:0")),
    ("option_needs_value", {"op": "rules", "rules": "faq+bidder_porvoo"}),
    ("option_value", {"op": "rules", "rules": "faq+bidder_porvoo=triple"}),
    ("option_value", {"op": "rules", "rules": "faq+players=5"}),
    ("rules_missing", {"op": "rules", "rules": "+dealer_opens"}),
    ("unknown_rules", {"op": "rules", "rules": "nope+dealer_opens"}),
    ("rule_needs_pairs", puzzle("rules:three-player+half_question_bluff/hands:A...,K...,Q.../lead:0")),
    ("rule_needs_pairs", {"op": "rules", "rules": "faq+exchange_size=3"}),
    ("rule_needs_four_players", {"op": "rules", "rules": "faq-pairs+players=3"}),
    ("rule_needs_widow", {"op": "rules", "rules": "faq-pairs+secret_widow"}),
    ("rule_needs_widow", {"op": "game", "rules": "ukrainian+discard_needs_trick", "seed": 1}),
    ("rule_needs_small_game", {"op": "game", "rules": "wikibooks-4p+six_card_widow", "seed": 1}),
    ("porvoo_reading", {"op": "rules", "rules": "faq+porvoo_replaces_contract+bidder_porvoo=seat_bid"}),
    ("min_bid_step", {"op": "rules", "rules": "faq+min_bid=42"}),
    ("max_bid_step", {"op": "rules", "rules": "faq+max_bid=30"}),
    ("min_bid_too_high", {"op": "rules", "rules": "faq+min_bid=900"}),
    # a rule set that can never play a deal: everybody starts at 0, under a positive floor
    ("floor_blocks_every_deal", {"op": "rules", "rules": "faq+forced_opening=off+bidding_floor=100"}),
    ("floor_blocks_every_deal", {"op": "game", "rules": "ukrainian+forced_opening=off+bidding_floor=1", "seed": 1}),
    # a lone surrogate, JSON-escaped: no answer could carry it in UTF-8
    ("not_unicode", {"op": "rules", "rules": "faq\ud800"}),
    ("not_unicode", {"op": "game", "rules": "faq", "id": "\udfff"}),
    ("not_unicode", {"op": "puzzle", "puzzle": {"kind": "\ud83d", "position": THREE}}),
]


def placeholders(text: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"\{(\w+)", text)}


@pytest.mark.parametrize("code, request_", CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)])
def test_the_engine_names_the_mistake_and_both_catalogs_word_it(code, request_):
    answer = json.loads(handle(json.dumps(request_)))
    assert answer["ok"] is False, answer
    assert answer["error"]["code"] == code, answer["error"]
    params = dict(answer["error"].get("params", {}))
    if isinstance(params.get("seat"), int):
        params["player"] = params["seat"] + 1  # the page counts players from 1 (present/text.py: error_text)
    for lang, catalog in CATALOGS.items():
        text = catalog["errors"].get(code)
        assert text, f"{lang}.json has no errors.{code}"
        assert placeholders(text) <= set(params), (lang, code, text, params)


def test_no_refusal_carries_a_class_name_as_its_code():
    """Errors that name no mistake of their own get their kind's named code, worded in both
    catalogs: never a Python class name (``PuzzleError``, ``DecisionError``, ...)."""
    requests = [
        {"op": "nope"},
        [1, 2],
        {"op": "puzzle", "puzzle": {"kind": "discard", "position": "rules:faq/seed:1/actions:p"}},
        {"op": "puzzle", "puzzle": {"kind": "score", "position": "rules:faq/seed:1/actions:40"}},
        {"op": "puzzle", "puzzle": {"kind": "bid", "position": THREE}},
        {"op": "puzzle", "puzzle": {"kind": "discard", "position": "rules:faq-pairs/seed:1/actions:50"}},
        {"op": "puzzle", "puzzle": {"kind": "count", "position": THREE, "question": "what"}},
    ]
    codes = set()
    for request_ in requests:
        error = json.loads(handle(json.dumps(request_)))["error"]
        assert re.fullmatch(r"[a-z_]+", error["code"]), error
        for lang, catalog in CATALOGS.items():
            text = catalog["errors"].get(error["code"])
            assert text, f"{lang}.json has no errors.{error['code']}"
            assert placeholders(text) <= set(error.get("params", {})), (lang, error)
        codes.add(error["code"])
    assert {"unknown_op", "not_object", "puzzle_invalid", "decision_invalid", "position_invalid"} <= codes, codes


def test_the_page_side_codes_have_texts_in_both_languages():
    for catalog in CATALOGS.values():
        for code in ("generic", "unknown_kind"):
            assert catalog["errors"][code]
    assert set(CATALOGS["fi"]["errors"]) == set(CATALOGS["en"]["errors"])


def test_an_answer_typed_in_the_editor_is_read_as_cards():
    ok = json.loads(handle(json.dumps(puzzle("rules:three-player/hands:AK...,QJ...,T9.../lead:0", answer="sa, sk"))))
    assert ok["ok"] and sorted(ok["solution"]["cards"]) == ["SA", "SK"]


@pytest.mark.parametrize("theme", THEMES)
def test_every_drill_carries_a_hint_both_catalogs_word(theme):
    for seed in (1, 2, 3):
        hint = drill(theme, seed)["hint"]
        for lang, catalog in CATALOGS.items():
            text = catalog["drill_hints"].get(hint["code"])
            assert text, f"{lang}.json has no drill_hints.{hint['code']}"
            assert placeholders(text) <= set(hint["params"]), (lang, hint)


def reason_words(reason: dict, catalog: dict) -> str:
    """A reason's catalog text, picked independently of present/text.py (reason_text): the first
    variant whose parameter is present and not false, else the plain one."""
    entry = catalog["reasons"][reason["code"]]
    if isinstance(entry, dict):
        entry = entry[next((k for k in entry if k and reason["params"].get(k) not in (None, False)), "")]
    return entry


@pytest.mark.parametrize(
    "rules, hands, questions",
    [
        ("three-player", "KQ.KQ..,A9.A9..,J8.J8..", False),
        ("faq-pairs", "KQ.KQ..,A9.A9..,J8.J8..,T7.T7..", True),
        ("faq-pairs+partner_questions=off", "KQ.KQ..,A9.A9..,J8.J8..,T7.T7..", False),
    ],
)
def test_a_used_declaration_names_partner_questions_only_in_games_that_have_them(rules, hands, questions):
    position = f"rules:{rules}/hands:{hands}/lead:0/declare:used"
    reason = parse_position(position).why_illegal(Declare(Suit.SPADES))
    assert reason.to_dict() == {"code": "declaration_used", "params": {"questions": questions}}
    assert ("partner question" in str(reason)) is questions
    words = {lang: reason_words(reason.to_dict(), catalog) for lang, catalog in CATALOGS.items()}
    assert ("parikysely" in words["fi"]) is questions, words["fi"]
    assert ("partner question" in words["en"]) is questions, words["en"]


@pytest.mark.parametrize(
    "text",
    [
        '{"op": "rules", "rules": "faq\\ud800"}',
        '{"op": "nope\\udc00"}',
        '{"op": "rules", "rules": "faq", "\\ud800": 1}',
        '{"op": "game", "rules": "faq", "seed": 1, "history": [["\\ud800"]]}',
        '{"op": "rules", "rules": "faq\ud800"}',  # the surrogate itself in the text handed over
    ],
)
def test_text_that_cannot_be_utf8_is_refused_and_the_answer_can_be_encoded(text):
    answer = handle(text)
    answer.encode("utf-8")  # never raises: nothing of the request is echoed back
    assert json.loads(answer)["error"]["code"] == "not_unicode"


# -- worded by present/ in the request's language (present/web.py: error.text) ---------------------------
def filled_from(template: str, text: str) -> bool:
    """Is ``text`` the catalog's ``template`` with every placeholder filled (nothing left in braces)?"""
    pattern = ".+".join(re.escape(part) for part in re.split(r"\{[^}]*\}", template))
    return "{" not in text and re.fullmatch(pattern, text, re.IGNORECASE | re.DOTALL) is not None


@pytest.mark.parametrize("code, request_", CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)])
def test_the_worker_answers_an_error_worded_in_the_requests_language(code, request_):
    from present.web import handle as present_handle

    for lang, catalog in CATALOGS.items():
        answer = json.loads(present_handle(json.dumps({**request_, "lang": lang})))
        assert answer["ok"] is False and answer["error"]["code"] == code, answer
        text = answer["error"]["text"]
        assert filled_from(catalog["errors"][code], text), (lang, code, text)
        params = answer["error"].get("params", {})
        if isinstance(params.get("seat"), int) and "{player" in catalog["errors"][code]:  # players from 1
            assert re.search(rf"(?<![0-9]){params['seat'] + 1}(?![0-9])", text), (lang, text)
    # a request with no language of the site: the codes only, as the engine gives them
    for lang in (None, "xx"):
        answer = json.loads(present_handle(json.dumps({**request_, "lang": lang})))
        assert "text" not in answer["error"], answer
        assert answer == json.loads(handle(json.dumps({**request_, "lang": lang})))


def test_error_text_names_players_options_and_cards_and_falls_back_to_the_generic_sentence():
    from present.text import card_name, error_text

    fi, en = CATALOGS["fi"], CATALOGS["en"]
    assert error_text({"code": "seat_out_of_range", "params": {"seat": -1, "players": 3}}, en) == (
        "There is no player 0: there are 3 players."
    )
    label = fi["option_labels"]["half_questions_repeat"]
    assert label in error_text({"code": "option_needs_value", "params": {"option": "half_questions_repeat"}}, fi)
    # an unknown name from a link stays as it was written
    assert "“colour”" in error_text({"code": "unknown_option", "params": {"option": "colour"}}, en)
    cards = error_text({"code": "several_optimal", "params": {"cards": ["SA", "HK"]}}, fi)
    assert f"{card_name('SA', 'nom', fi)}, {card_name('HK', 'nom', fi)}" in cards
    for error in (
        {"code": "no_such_code"},  # a code without its own text
        {"code": "hand_count", "params": {"count": 2}},  # a parameter missing
        {"code": "bad_card", "params": {"text": None}},
        {"code": "several_optimal", "params": {"cards": [7]}},  # a list that is not of cards
        {},
        None,
    ):
        assert error_text(error, en) == en["errors"]["generic"], error
    assert error_text({"code": "dead_size", "params": {"count": 1, "want": 3}}, en) == en["errors"][
        "dead_size_one"
    ].replace("{want}", "3")


def test_the_worker_words_the_errors_of_present_too():
    from present.web import handle as present_handle

    answer = json.loads(present_handle(json.dumps({"op": "render", "lang": "fi", "drill": 1})))
    assert answer["error"]["code"] == "bad_drill"
    assert answer["error"]["text"] == CATALOGS["fi"]["errors"]["generic"]  # no text of its own


def test_the_editor_says_player_0_as_present_words_the_engines_error():
    """A player 0 in the editor's declared trumps cannot be written in the notation (seat -1): the
    build writes the engine's seat_out_of_range for it, worded by present/, per number of players."""
    from present.text import error_text
    from sitebuild.pages import position_words

    presets = [{"players": 3}, {"players": 4}, {"players": 3}, {"players": 2}]
    for catalog in CATALOGS.values():
        words = position_words(presets, catalog)["no_player_zero"]
        assert set(words) == {"2", "3", "4", "generic"}
        for n in (2, 3, 4):
            error = {"code": "seat_out_of_range", "params": {"seat": -1, "players": n}}
            assert words[str(n)] == error_text(error, catalog)
            assert filled_from(catalog["errors"]["seat_out_of_range"], words[str(n)])
            assert re.search(rf"(?<![0-9])0(?![0-9]).*(?<![0-9]){n}(?![0-9])", words[str(n)]), words[str(n)]
        assert words["generic"] == catalog["errors"]["generic"]
