"""The score sheet's words (present/score.py) over real tallies: sheets of several presets are
scored through the worker's entry point (``present.web.handle`` op ``tally``, which calls
``engine.web.handle``) in both languages, and every deal, the end of the game or the next deal,
what is wrong with a refused sheet or deal and the entry form's labels are checked against the
engine's own answer and the catalogs' texts (``score.ui``, ``score.errors``, ``score.fields``,
``ui.bd_*``): a whole game to a shared win and to one winner, a raise, a Porvoo, a failed contract,
a redeal, a deal without a contract, a partner's half question, a discard not counted, and mistakes
in a deal (with the deals before it scored) or in the sheet itself."""

import json
from pathlib import Path

import pytest
from score_games import FAQ_GAME
from tree_data import classes, nodes, text

from engine.core.rules import PRESETS
from engine.core.tally import entry_form
from engine.web import handle as engine_handle
from present import web
from present.play import breakdown_table, breakdown_tree
from present.score import engine_error_text, error_text, form_words, list_names, next_line, sheet_names
from present.text import fmt, message, number
from present.tree import to_dict, to_html
from present.web import catalog

NAMES = ["Aino", "Eero", "Kaisa", "Oona"]
# german: pairs, a redeal, a deal without a contract, rounding
GERMAN = [
    {"redeal": True},
    {"all_pass": True, "points": [60, 60], "last_trick": 1},
    {"bidder": 0, "bid": 120, "points": [83, 37], "last_trick": 2},
]
# ukrainian: pairs with their own names, a trump won by a half question
UKRAINIAN = [
    {
        "bidder": 1,
        "bid": 100,
        "points": [40, 100],
        "last_trick": 1,
        "declarations": [{"suit": "H", "seat": 3, "how": "half"}],
    }
]
# the house rule discard_needs_trick: a trickless bidder's discard is not counted
DISCARD = [{"bidder": 0, "bid": 60, "points": [10, 60, 50], "no_tricks": [0]}]
LANGS = ("fi", "en")


def sheet_of(rules: str, deals: list, players: list | None = None, **fields) -> dict:
    count = PRESETS[rules.split("+")[0]].players
    return {
        "format": "huutopussi-score-sheet",
        "version": 1,
        "rules": rules,
        "players": players or NAMES[:count],
        "first_dealer": 0,
        "deals": deals,
        **fields,
    }


def worded(sheet, lang: str) -> dict:
    """The worker's answer to op ``tally`` (present.web.handle), in ``lang``."""
    answer = json.loads(web.handle(json.dumps({"op": "tally", "sheet": sheet, "lang": lang})))
    assert "words" in answer, answer
    assert answer["lang"] == lang
    return answer


def engine_tally(sheet) -> dict:
    return json.loads(engine_handle(json.dumps({"op": "tally", "sheet": sheet})))


def ui(cat: dict, key: str, **params) -> str:
    return fmt(cat["score"]["ui"][key], params, cat)


SHEETS = {
    "faq game": sheet_of("faq", FAQ_GAME),
    "faq game, bidder wins ties": sheet_of("faq+bidder_wins_ties", FAQ_GAME),
    "german": sheet_of("german", GERMAN),
    "ukrainian": sheet_of("ukrainian", UKRAINIAN, sides=["Meidän pari", "Teidän pari"]),
    "discard not counted": sheet_of("three-player+discard_needs_trick", DISCARD),
}


def check_deal(item: dict, deal: dict, players: list, sides: list, cat: dict) -> None:
    """A scored deal's item says what the engine's deal says, in the catalog's words."""
    n = deal["number"]
    assert item["tag"] == "li" and classes(item) == {"score-deal"} and item["attrs"] == {"data-deal": str(n)}
    assert text(item["children"][0]) == ui(cat, "deal_head", n=n, dealer=players[deal["dealer"]])
    body = item["children"][1:]
    said = [text(p) for p in body if p["tag"] == "p"]
    totals = ", ".join(f"{sides[s]} {number(t, cat)}" for s, t in enumerate(deal["totals"]))
    assert said[-1] == ui(cat, "deal_totals", scores=totals)
    if deal["kind"] == "redeal":
        assert said == [ui(cat, "deal_redeal"), said[-1]] and not nodes(item, lambda n: n["tag"] == "table")
        return
    score = deal["score"]
    if deal["kind"] == "all_pass":
        assert said[0] == ui(cat, "deal_all_pass")
    else:
        key = "deal_raised" if score["bid"] != score["contract"] else "deal_contract"
        line = ui(cat, key, contract=score["contract"], bid=score["bid"], bidder=players[score["bidder"]])
        assert [text(n) for n in nodes(item, lambda n: n.get("class") == "contract-line")] == [line]
    scores = ", ".join(f"{sides[s]} {number(v, cat, plus=True)}" for s, v in enumerate(deal["deal_scores"]))
    assert said[-2] == ui(cat, "deal_scores", scores=scores)
    # the one breakdown table, as the play page's end of a deal draws it
    (table,) = nodes(item, lambda n: n.get("class") == "table-scroll")
    assert table == to_dict(breakdown_table(score, sides, cat))
    rows = nodes(table, lambda n: n["tag"] == "tr")[1:]
    assert len(rows) == len(score["sides"])
    for side, row in zip(score["sides"], rows):
        assert text(row["children"][0]) == sides[side["side"]]
        result = text(row["children"][-1])
        assert result.startswith(number(side["deal_score"], cat, plus=True))
        if side["result"] != "scores":
            why = fmt(message(cat["ui"], f"bd_{side['result']}", side["result_params"]), side["result_params"], cat)
            assert result.endswith(f" ({why})"), (result, why)
        else:
            assert "(" not in result


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(SHEETS))
def test_every_deal_of_a_tally_is_worded_as_the_engine_scored_it(name, lang):
    cat = catalog(lang)
    sheet = SHEETS[name]
    answer = worded(sheet, lang)
    assert answer["ok"], answer
    plain = engine_tally(sheet)
    assert {k: v for k, v in answer.items() if k not in ("words", "lang")} == plain  # the engine's answer, kept
    items = answer["words"]["deals"]
    assert len(items) == len(sheet["deals"]) == len(plain["deals"])
    for item, deal in zip(items, plain["deals"]):
        check_deal(item, deal, plain["players"], plain["sides"], cat)
    assert answer["words"]["target"] == ui(cat, "target", target=plain["target"])
    assert "error" not in answer["words"]


def test_the_sheets_reach_every_kind_of_deal_and_the_results_they_are_tested_for():
    deals = [d for sheet in SHEETS.values() for d in engine_tally(sheet)["deals"]]
    assert {d["kind"] for d in deals} == {"played", "redeal", "all_pass"}
    results = {s["result"] for d in deals if "score" in d for s in d["score"]["sides"]}
    assert {"made", "exact", "failed", "porvoo", "scores"} <= results
    assert any(d["score"]["bid"] != d["score"]["contract"] for d in deals if d["kind"] == "played")
    lost = [s for d in deals if "score" in d for s in d["score"]["sides"] if s["discard_not_counted"]]
    assert lost


@pytest.mark.parametrize("lang", LANGS)
def test_a_discard_not_counted_and_a_half_question_are_shown(lang):
    cat = catalog(lang)
    discard = worded(SHEETS["discard not counted"], lang)
    bidder = nodes(discard["words"]["deals"][0], lambda n: n.get("class") == "bidder-row")[0]
    assert text(bidder["children"][2]) == "0 (\u221210)"  # 10 put away, not counted: no trick
    ukrainian = worded(SHEETS["ukrainian"], lang)
    assert ukrainian["words"]["deals"][0]["children"][0]["children"] == [ui(cat, "deal_head", n=1, dealer="Aino")]
    assert "Teidän pari" in text(ukrainian["words"]["deals"][0])  # the pairs' own names


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_the_game_names_the_winners_as_the_language_lists_them(lang):
    cat = catalog(lang)
    shared = worded(SHEETS["faq game"], lang)
    assert shared["finished"] and shared["winners"] == [1, 2]
    names = {"fi": "Eero ja Kaisa", "en": "Eero and Kaisa"}[lang]
    assert shared["words"]["next"] == ui(cat, "shared_win", names=names)
    one = worded(SHEETS["faq game, bidder wins ties"], lang)
    assert one["winners"] == [2] and one["words"]["next"] == ui(cat, "winner", names="Kaisa")
    assert "form" in one["words"]  # the form's labels still come (the page hides the form)
    three = {"fi": "Aino, Eero ja Kaisa", "en": "Aino, Eero, and Kaisa"}[lang]
    assert list_names(["Aino", "Eero", "Kaisa"], cat) == three
    assert list_names(["Aino"], cat) == "Aino"
    assert list_names(["aino", "eero"], cat).startswith("aino")  # a name as it was typed


@pytest.mark.parametrize("lang", LANGS)
def test_the_next_deal_says_who_deals_and_who_bids(lang):
    cat = catalog(lang)
    sheet = sheet_of("faq", FAQ_GAME[:2])
    answer = worded(sheet, lang)
    dealer, bidder = NAMES[answer["next_dealer"]], NAMES[answer["next_first_bidder"]]
    assert (dealer, bidder) == ("Kaisa", "Aino")
    assert answer["words"]["next"] == ui(cat, "next", dealer=dealer, bidder=bidder)
    # a tie at the top under the extra-deal rule: one more deal, said first
    forced = {**answer, "extra_deal": True}
    assert next_line(forced, cat) == f"{ui(cat, 'extra_deal')} {ui(cat, 'next', dealer=dealer, bidder=bidder)}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_deal_comes_with_the_deals_before_it_and_the_ones_after_unchecked(lang):
    cat = catalog(lang)
    deals = [FAQ_GAME[0], {**FAQ_GAME[1], "points": [0, 60, 61]}, FAQ_GAME[2]]
    sheet = sheet_of("faq", deals)
    answer = worded(sheet, lang)
    assert not answer["ok"] and answer["error"]["code"] == "points_sum"
    before = engine_tally(sheet_of("faq", deals[:1]))
    assert answer["partial"] == before  # the engine's tally of the deals before the mistake
    error = fmt(cat["score"]["errors"]["points_sum"], {"deal": 2, "sum": 121, "pack": 120}, cat)
    assert answer["words"]["error"] == error
    first, wrong, after = answer["words"]["deals"]
    check_deal(first, before["deals"][0], before["players"], before["sides"], cat)
    assert classes(wrong) == {"score-deal", "wrong"} and wrong["attrs"] == {"data-deal": "2"}
    assert [text(c) for c in wrong["children"]] == [ui(cat, "deal_n", n=2), error]
    assert classes(wrong["children"][1]) == {"verdict", "wrong"}
    assert [text(c) for c in after["children"]] == [ui(cat, "deal_n", n=3), ui(cat, "unchecked")]
    assert answer["words"]["target"] == ui(cat, "target", target=500)  # from the deals before
    assert answer["words"]["next"] == "" and "form" not in answer["words"]
    # the first deal refused: nothing before it
    first_wrong = worded(sheet_of("faq", deals[1:]), lang)
    assert first_wrong["partial"]["deals"] == [] and len(first_wrong["words"]["deals"]) == 2


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "deal, code, params",
    [
        # a bidding rule's own words (reasons.bid_not_multiple)
        ({"bidder": 0, "bid": 63, "points": [60, 30, 30], "last_trick": 1}, "deal_contract", None),
        # a player by name
        (
            {"bidder": 0, "bid": 60, "points": [0, 60, 60], "last_trick": 0, "no_tricks": [0]},
            "last_trick_no_tricks",
            {"name": "Aino"},
        ),
        # a side by name
        (
            {"bidder": 0, "bid": 60, "points": [60, 30, 30], "last_trick": 1, "no_tricks": [1]},
            "points_without_tricks",
            {"side_name": "Eero", "points": 30},
        ),
        # a field by its label
        ({"bidder": 7, "bid": 60, "points": [60, 30, 30], "last_trick": 1}, "deal_seat", {"field": "bidder"}),
        # a suit in its case
        (
            {
                "bidder": 0,
                "bid": 60,
                "points": [60, 30, 30],
                "last_trick": 1,
                "declarations": [{"suit": "H", "seat": 0}, {"suit": "H", "seat": 1}],
            },
            "suit_declared_twice",
            {"suit": "H"},
        ),
    ],
)
def test_a_refused_deal_says_what_is_wrong_with_the_sheets_names(deal, code, params, lang):
    cat = catalog(lang)
    answer = worded(sheet_of("faq", [deal]), lang)
    assert answer["error"]["code"] == code
    errors = cat["score"]["errors"]
    if code == "deal_contract":
        reason = fmt(cat["reasons"][answer["error"]["params"]["reason"]], answer["error"]["params"], cat)
        expected = fmt(errors[code], {"deal": 1, "reason_text": reason}, cat)
    elif code == "deal_seat":
        expected = fmt(errors[code], {"deal": 1, "field": cat["score"]["fields"]["bidder"]}, cat)
    else:
        expected = fmt(errors[code], {"deal": 1, **params}, cat)
    assert answer["words"]["error"] == expected
    assert "{" not in expected and expected != cat["errors"]["generic"]
    assert text(answer["words"]["deals"][0]["children"][1]) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_sheet_says_so_and_checks_no_deal(lang):
    cat = catalog(lang)
    answer = worded(sheet_of("faq", FAQ_GAME[:2], players=["Aino", "Eero"]), lang)
    assert answer["error"]["code"] == "sheet_players" and answer.get("partial") is None
    assert answer["words"]["error"] == fmt(cat["score"]["errors"]["sheet_players"], {"count": 3, "max": 40}, cat)
    assert [text(item["children"][1]) for item in answer["words"]["deals"]] == [ui(cat, "unchecked")] * 2
    assert answer["words"]["target"] == "" and answer["words"]["next"] == ""
    # an error the sheet has no words of its own for: the engine's common ones (errors.<code>)
    rules = worded({**sheet_of("faq", []), "rules": "faq+nonsense"}, lang)
    assert rules["error"]["code"] == "unknown_option"
    assert rules["words"]["error"] == fmt(cat["errors"]["unknown_option"], {"option": "nonsense"}, cat)
    assert rules["words"]["error"] == engine_error_text(rules["error"], cat)
    assert engine_error_text({"code": "no_such_code", "params": {}}, cat) == cat["errors"]["generic"]
    # not even an object: nothing to list
    nothing = worded([1, 2], lang)
    assert nothing["words"]["error"] == cat["score"]["errors"]["sheet_not_object"] and nothing["words"]["deals"] == []


def test_a_seat_with_no_name_on_a_refused_sheet_is_named_by_its_number_or_as_typed():
    fi = catalog("fi")
    deal = {"bidder": 0, "bid": 60, "points": [0, 60, 60], "last_trick": 2, "no_tricks": [2]}
    # a sheet the engine refuses (a player's name missing), checked deal by deal only in a sheet it reads
    answer = worded(sheet_of("faq", [deal], players=["Aino", "Eero", ""]), "fi")
    assert answer["error"]["code"] == "sheet_players"
    players, sides = sheet_names(sheet_of("faq", [], players=["Aino", 5]), fi)
    assert players == ["Aino", "5", "Pelaaja 3"] and sides == players
    players, sides = sheet_names(sheet_of("faq-pairs", [], players=NAMES), fi)
    assert sides == ["Aino + Kaisa", "Eero + Oona"]
    said = error_text({"code": "last_trick_no_tricks", "params": {"deal": 1, "seat": 5}}, ["A"], ["A"], fi)
    assert said == fmt(fi["score"]["errors"]["last_trick_no_tricks"], {"deal": 1, "name": 6}, fi)
    missing = error_text({"code": "points_sum", "params": {"deal": 1}}, ["A"], ["A"], fi)
    assert missing == fi["errors"]["generic"]  # a parameter missing: never a half-filled sentence


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_from_a_sheet_is_only_ever_text(lang):
    evil = ["<img src=x onerror=alert(1)>", "Eero & <b>Kaisa</b>", "Oona"]
    answer = worded(sheet_of("faq", FAQ_GAME[:1], players=evil), lang)
    html = to_html_of(answer["words"]["deals"])
    assert "<img" not in html and "<b>" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert evil[1] in text(answer["words"]["deals"][0])
    assert answer["words"]["next"].count(evil[1]) == 1  # Eero's seat deals next: as typed, as text


def to_html_of(items: list) -> str:
    """The items as the build would write them (present.tree.to_html of the same nodes)."""
    from present.tree import Node

    def node(d):
        if isinstance(d, str):
            return d
        return Node(d["tag"], d.get("class", ""), d.get("attrs", {}), [node(c) for c in d.get("children", [])])

    return to_html([node(i) for i in items])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", [*PRESETS, "wikibooks-2p+dead_hand", "three-player+trump_bonus=reversed"])
def test_the_entry_forms_labels_carry_the_rules_figures(rules, lang):
    cat = catalog(lang)
    sheet = sheet_of(rules, [])
    answer = worded(sheet, lang)
    form = answer["form"]
    labels = answer["words"]["form"]
    assert labels == form_words(form, len(answer["players"]), cat)
    bid = {"min": form["min_bid"], "step": form["bid_step"], "max": form["highest_bid"]}
    assert labels["bid_help"] == ui(cat, "bid_help", **bid)
    if form["dead_low"] is not None:
        assert labels["points_help"] == ui(cat, "points_dead_help", low=form["dead_low"], pack=form["pack"])
    elif form["sides"] == len(answer["players"]):
        assert labels["points_help"] == ui(cat, "points_help", pack=form["pack"])
    else:
        assert labels["points_help"] == ui(cat, "points_pairs_help", pack=form["pack"])
    last = ui(cat, "last_trick", bonus=form["last_trick_bonus"]) if form["last_trick_bonus"] else ""
    assert labels["last_trick"] == last
    for suit in "SCDH":
        said = ui(cat, "decl_by", suit=cat["suits"][suit]["nom"], bonus=form["bonus"][suit])
        assert labels["decl_by"][suit] == said
    if "reversed" in rules:
        assert str(form["bonus"]["S"]) in labels["decl_by"]["S"] and form["bonus"]["S"] == 100
    # the build's labels for a preset (present.score.form_words) are the worker's for its plain rules
    preset = PRESETS.get(rules)
    if preset is not None:
        assert form_words({**entry_form(preset), "players": preset.players}, preset.players, cat) == labels


def test_the_built_score_page_carries_each_presets_labels(built_site: Path):
    for lang in LANGS:
        cat = catalog(lang)
        page = (built_site / lang / "score" / "index.html").read_text(encoding="utf-8")
        start = page.index('<script type="application/json" id="score-data">') + len(
            '<script type="application/json" id="score-data">'
        )
        data = json.loads(page[start : page.index("</script>", start)])
        assert set(data["form_words"]) == set(data["forms"]) and data["form_words"]
        for name, form in data["forms"].items():
            assert data["form_words"][name] == form_words(form, form["players"], cat)


def test_a_tally_asked_in_no_language_of_the_site_is_refused_saying_so():
    answer = json.loads(web.handle(json.dumps({"op": "tally", "sheet": sheet_of("faq", []), "lang": "sv"})))
    assert not answer["ok"] and answer["error"]["code"] == "bad_lang"


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_and_the_score_sheet_share_the_one_breakdown_table(lang):
    """The end of a deal at the play table is drawn by the same renderer, its sides named as seat 0
    sees them; a result beyond made or lost says the engine's own reason (``bd_<result>``)."""
    cat = catalog(lang)
    view = json.loads(
        engine_handle(json.dumps({"op": "game", "rules": "three-player", "seed": 3, "computers": ["easy", "easy"]}))
    )
    score = {
        "bidder": 0,
        "bid": 60,
        "contract": 60,
        "sides": [
            {
                "side": 0,
                "role": "bidder",
                "card_points": 40,
                "last_trick": 0,
                "declarations": [{"suit": "S", "bonus": 40}],
                "total": 80,
                "rounded": None,
                "compared": 80,
                "contract_made": True,
                "porvoo": False,
                "deal_score": 60,
                "result": "made",
                "result_params": {"total": 80, "contract": 60},
                "discard_not_counted": 0,
            },
            {
                "side": 1,
                "role": "defender",
                "card_points": 0,
                "last_trick": 0,
                "declarations": [],
                "total": 0,
                "rounded": None,
                "compared": None,
                "contract_made": None,
                "porvoo": True,
                "deal_score": -60,
                "result": "porvoo",
                "result_params": {"bid": 60},
                "discard_not_counted": 0,
            },
            {
                "side": 2,
                "role": "defender",
                "card_points": 80,
                "last_trick": 0,
                "declarations": [],
                "total": 80,
                "rounded": None,
                "compared": None,
                "contract_made": None,
                "porvoo": False,
                "deal_score": 80,
                "result": "scores",
                "result_params": {"total": 80},
                "discard_not_counted": 0,
            },
        ],
    }
    names = [cat["seats"][w] for w in view["where"]]
    played = to_dict(breakdown_tree({**view, "score": score}, cat))
    assert played == to_dict(breakdown_table(score, names, cat))
    rows = nodes(played, lambda n: n["tag"] == "tr")
    assert [text(r["children"][-1]) for r in rows[1:]] == [
        f"+60 ({fmt(cat['ui']['bd_made'], {'total': 80, 'contract': 60}, cat)})",
        f"\u221260 ({cat['ui']['bd_porvoo']})",
        "+80",
    ]
    assert [c["attrs"]["scope"] for c in rows[0]["children"]] == ["col"] * len(rows[0]["children"])
    exact = {
        **score,
        "sides": [
            {
                **score["sides"][0],
                "total": 60,
                "compared": 60,
                "result": "exact",
                "result_params": {"total": 60, "contract": 60},
            },
            *score["sides"][1:],
        ],
    }
    cell = text(nodes(to_dict(breakdown_table(exact, names, cat)), lambda n: n.get("class") == "bidder-row")[0])
    assert cell.endswith(f"({fmt(cat['ui']['bd_exact'], {'total': 60, 'contract': 60}, cat)})")


@pytest.mark.parametrize("lang", LANGS)
def test_every_mistake_the_tally_raises_is_worded_by_the_worker(lang):
    """Every case of tests/test_tally.py (each code the tally raises, through the web op) comes
    with its own sentence: never the generic one, never a parameter left unfilled; a refused deal's
    sentence is also its item's line in the list."""
    from test_tally import ERROR_CASES

    cat = catalog(lang)
    codes = set()
    for code, data in ERROR_CASES:
        answer = worded(data, lang)
        assert not answer["ok"] and answer["error"]["code"] == code
        said = answer["words"]["error"]
        assert said != cat["errors"]["generic"] and "{" not in said, (code, said)
        deal = answer["error"]["params"].get("deal")
        if deal is not None:
            item = answer["words"]["deals"][deal - 1]
            assert classes(item) == {"score-deal", "wrong"} and text(item["children"][1]) == said
            assert len(answer["partial"]["deals"]) == deal - 1
        codes.add(code)
    assert len(codes) > 30
