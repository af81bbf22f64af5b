"""The score sheet in the browser, on a phone (390x844), in both languages: a whole game to 500
entered by hand (a raise, a Porvoo, a failed contract, a wrong entry refused with its message and
nothing lost, an edit of an earlier deal, a tie at the target under the shared-win rule and under
the house rule 'the bidder wins ties'); a reload; a shared link opened in a fresh browser; the
page taking entries before the engine is there; corrupt storage and a bad link; offline after
one visit. Every number on the page is checked against the engine's own tally of the same sheet."""

import base64
import json

import pytest
from score_games import FAQ_GAME
from test_play import SHOTS

import build
from engine.core.rules import parse_rules
from engine.core.tally import SHEET_HOUSE_RULES, SHEET_OPTIONS, tally
from sitebuild.catalogs import fmt, in_sentence, number
from sitebuild.rulespages import house_rule_controls

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = ["Aino", "Eero", "Kaisa"]
# faq: three players, last trick 20, Porvoo; first dealer Aino (tests/score_games.py)
DEALS = FAQ_GAME


def catalog(lang):
    return build.load_catalog(lang)


def say(lang, message, **params):
    cat = catalog(lang)
    return fmt(cat["score"]["ui"][message], params, cat)


def sheet_of(rules, deals):
    return {
        "format": "huutopussi-score-sheet",
        "version": 1,
        "rules": rules,
        "players": NAMES,
        "first_dealer": 0,
        "deals": deals,
    }


def normal(deal):
    """A deal as entered, whatever the order of its declarations (the form lists them by suit)."""
    return {**deal, "declarations": sorted(deal.get("declarations", []), key=lambda d: d["suit"])}


def wait_engine(page):
    page.wait_for_selector("body[data-engine]", state="attached", timeout=180_000)
    assert page.get_attribute("body", "data-engine") == "ready"


def totals_on_page(page):
    # a negative total is written with the minus sign (U+2212), never a hyphen
    cells = [cell.inner_text() for cell in page.locator("#score-totals tbody td").all()]
    assert not any("-" in text for text in cells), cells
    return [int(text.replace("\u2212", "-")) for text in cells]


def wait_until(page, expression, timeout=60):
    """Poll an expression (the page's security policy forbids wait_for_function's eval)."""
    for _ in range(timeout * 10):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"never true: {expression}")


def wait_checked(page, count):
    """Until the page shows ``count`` deals, each scored by the engine."""
    wait_until(
        page,
        f"document.querySelectorAll('#score-deals li').length === {count} && "
        f"document.querySelectorAll('#score-deals li .deal-totals').length === {count}",
    )


def fill_deal(page, deal):
    fields = page.locator("#score-entry-fields")
    if page.locator("#score-kind-played").count():
        page.check("#score-kind-played")
    page.select_option("#score-bidder", str(deal["bidder"]))
    page.fill("#score-bid", str(deal["bid"]))
    page.fill(
        "#score-contract", str(deal.get("contract", "")) if deal.get("contract", deal["bid"]) != deal["bid"] else ""
    )
    for side, points in enumerate(deal["points"]):
        page.fill(f"#score-points-{side}", str(points))
    page.select_option("#score-last-trick", str(deal["last_trick"]))
    for seat in range(3):
        box = page.locator(f"#score-no-tricks-{seat}")
        if seat in deal.get("no_tricks", []):
            box.check()
        else:
            box.uncheck()
    declared = {d["suit"]: d["seat"] for d in deal.get("declarations", [])}
    for suit in "SCDH":
        page.select_option(f"#score-decl-{suit}", str(declared[suit]) if suit in declared else "")
    assert fields.is_visible()


def enter(page, deal, count):
    fill_deal(page, deal)
    page.click("#score-save")
    wait_checked(page, count)


def setup_game(page, lang, house_rule=None):
    page.locator("#score-setup").wait_for()
    page.select_option("#score-rules", "faq")
    if house_rule:
        page.locator("#score-house summary").click()
        page.check(f"#score-rule-{house_rule}")
    for seat, name in enumerate(NAMES):
        page.fill(f"#score-player-{seat}", name)
    page.select_option("#score-first-dealer", "0")
    page.click("#score-start")
    page.locator("#score-game").wait_for()


def check_page_against_engine(page, lang, rules, deals):
    out = tally(sheet_of(rules, deals))
    assert totals_on_page(page) == out["totals"]
    items = page.locator("#score-deals li")
    cat = catalog(lang)
    for i, d in enumerate(out["deals"]):
        text = items.nth(i).inner_text()
        assert say(lang, "deal_head", n=i + 1, dealer=NAMES[d["dealer"]]) in text
        for side in d["score"]["sides"]:
            if side["result"] != "scores":
                assert fmt(cat["ui"][f"bd_{side['result']}"], side["result_params"], cat) in text, (i, side["result"])
        scores = ", ".join(f"{NAMES[s]} {number(t, cat)}" for s, t in enumerate(d["totals"]))
        assert say(lang, "deal_totals", scores=scores) in text
    return out


@pytest.mark.parametrize("lang, house_rule", [("fi", None), ("en", "bidder_wins_ties")])
def test_a_whole_game_to_500_entered_by_hand_then_reloaded_and_shared(visit, base_url, lang, house_rule):
    rules = "faq" + (f"+{house_rule}" if house_rule else "")
    v = visit(**PHONE)
    page = v.open(f"{base_url}/{lang}/score/")
    assert page.locator("h1").inner_text() == say(lang, "title")
    setup_game(page, lang, house_rule)
    wait_engine(page)
    assert page.locator("#score-engine").inner_text() == say(lang, "engine_ready")
    # the page says the engine is ready, then asks it to tally: the next line comes with its answer
    wait_until(page, "document.querySelector('#score-next').textContent !== ''")
    assert page.locator("#score-next").inner_text() == say(lang, "next", dealer="Aino", bidder="Eero")
    # a wrong entry: the card points do not add up; the message in the page's language, nothing lost
    wrong = {**DEALS[0], "points": [30, 60, 31]}
    fill_deal(page, wrong)
    page.click("#score-save")
    error = page.locator("#score-entry-error")
    error.wait_for()
    cat = catalog(lang)
    assert error.inner_text() == fmt(cat["score"]["errors"]["points_sum"], {"deal": 1, "sum": 121, "pack": 120}, cat)
    assert page.input_value("#score-points-2") == "31" and page.input_value("#score-contract") == "70"
    assert page.locator("#score-deals li").count() == 0
    page.fill("#score-points-2", "30")
    page.click("#score-save")
    wait_checked(page, 1)
    assert not error.is_visible()
    for count, deal in enumerate(DEALS[1:3], 2):
        enter(page, deal, count)
    check_page_against_engine(page, lang, rules, DEALS[:3])
    # an edit of an earlier deal: the raise to 75, then back; everything after recomputes
    page.click(f"#score-deals li:nth-child(1) button[aria-label='{say(lang, 'edit_deal', n=1)}']")
    assert page.locator("#score-entry-title").inner_text() == say(lang, "editing_title", n=1)
    assert page.input_value("#score-bid") == "60" and page.input_value("#score-contract") == "70"
    page.fill("#score-contract", "75")
    page.click("#score-save")
    wait_until(page, "document.querySelector('#score-totals tbody tr:nth-child(2) td').textContent === '205'")
    edited = [{**DEALS[0], "contract": 75}, *DEALS[1:3]]
    check_page_against_engine(page, lang, rules, edited)
    page.click(f"#score-deals li:nth-child(1) button[aria-label='{say(lang, 'edit_deal', n=1)}']")
    page.fill("#score-contract", "70")
    page.click("#score-save")
    wait_until(page, "document.querySelector('#score-totals tbody tr:nth-child(2) td').textContent === '200'")
    for count, deal in enumerate(DEALS[3:], 4):
        enter(page, deal, count)
    out = check_page_against_engine(page, lang, rules, DEALS)
    assert out["totals"] == [-120, 500, 500] and out["finished"]
    if house_rule:
        assert out["winners"] == [2]
        assert page.locator("#score-next").inner_text() == say(lang, "winner", names="Kaisa")
    else:
        assert out["winners"] == [1, 2]
        names = {"fi": "Eero ja Kaisa", "en": "Eero and Kaisa"}[lang]  # listed as the language lists names
        assert page.locator("#score-next").inner_text() == say(lang, "shared_win", names=names)
    assert page.locator("#score-entry").is_hidden()  # the game is over
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # a reload: the same game, the same totals
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    wait_engine(page)
    wait_checked(page, len(DEALS))
    assert totals_on_page(page) == out["totals"]
    # the share link holds the whole sheet in its fragment; a fresh browser opens the same game
    page.click("#score-share-link")
    url = page.input_value("#score-share-url")
    assert url.startswith(f"{base_url}/{lang}/score/#sheet=")
    fragment = url.split("#sheet=", 1)[1]
    shared = json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())
    assert [normal(d) for d in shared["deals"]] == [normal(d) for d in DEALS] and shared["rules"] == rules
    other = visit(**PHONE)
    page2 = other.open(url)
    wait_engine(page2)
    wait_checked(page2, len(DEALS))
    assert totals_on_page(page2) == out["totals"]
    assert page2.locator("#score-entry-status").inner_text() == say(lang, "opened_link")
    assert "#sheet=" not in page2.url  # the fragment is taken in, not kept in the address
    assert page2.evaluate("Object.keys(localStorage).filter(k => k.startsWith('huutopussi.score.game.')).length") == 1
    assert not v.errors and not other.errors


def test_the_page_takes_entries_before_the_engine_and_keeps_them(visit, broken_base_url):
    """Without the engine's files the page still takes and saves entries, says they wait, and
    says why the engine is missing."""
    v = visit(**PHONE)
    page = v.open(f"{broken_base_url}/fi/score/")
    setup_game(page, "fi")
    fill_deal(page, DEALS[0])
    page.click("#score-save")
    page.locator("#score-deals li").first.wait_for()
    assert say("fi", "pending") in page.locator("#score-deals li").first.inner_text()
    page.wait_for_selector("body[data-engine]", state="attached", timeout=180_000)
    assert page.get_attribute("body", "data-engine") == "failed"
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    assert page.locator("#score-deals li").count() == 1
    saved = page.evaluate(
        "JSON.parse(localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('huutopussi.score.game.'))))"
    )
    assert saved["store"] == 1 and saved["sheet"]["deals"] == [DEALS[0]]
    assert not v.errors


def test_corrupt_storage_and_a_bad_link_get_a_message_and_break_nothing(visit, base_url):
    v = visit(**PHONE)
    page = v.open(f"{base_url}/en/score/")
    good = sheet_of("faq", DEALS[:2])
    page.evaluate(
        """(good) => {
          localStorage.setItem('huutopussi.score.game.broken', '{not json');
          localStorage.setItem('huutopussi.score.game.future', JSON.stringify({store: 99, sheet: {}}));
          const record = {store: 1, sheet: good, updated: '2026-01-01'};
          localStorage.setItem('huutopussi.score.game.good', JSON.stringify(record));
        }""",
        good,
    )
    page.goto(f"{base_url}/en/score/#sheet=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    text = page.locator("#score-game-list").inner_text()
    assert say("en", "bad_saved", key="broken") in text and say("en", "bad_saved", key="future") in text
    wait_engine(page)
    wait_checked(page, 2)
    assert totals_on_page(page) == tally(good)["totals"]
    # the raw records are left as they were
    assert page.evaluate("localStorage.getItem('huutopussi.score.game.broken')") == "{not json"
    # a link whose fragment is not a sheet: a message, nothing inserted, the games untouched
    page.goto(f"{base_url}/en/score/#sheet=bm90IGpzb24")
    page.locator("#score-notice p").first.wait_for()
    assert say("en", "bad_link", detail=say("en", "not_json")) in page.locator("#score-notice").inner_text()
    assert page.locator("#score-notice img, #score-deals img").count() == 0
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('huutopussi.score.game.')).length") == 3
    assert not v.errors


def test_the_score_page_is_labelled_works_by_keyboard_and_axe_finds_nothing_serious(visit, base_url):
    from axe_playwright_python.sync_playwright import Axe

    for lang in ("fi", "en"):
        v = visit(**PHONE, bypass_csp=True)
        page = v.open(f"{base_url}/{lang}/score/")
        # by keyboard: the rules, the players' names, then the game starts with Enter
        page.locator("#score-rules").focus()
        while page.locator("#score-rules").input_value() != "faq":
            page.keyboard.press("ArrowDown")
        page.locator("#score-player-0").focus()
        for name in NAMES:
            page.keyboard.type(name)
            page.keyboard.press("Tab")
        page.locator("#score-start").focus()
        page.keyboard.press("Enter")
        page.locator("#score-game").wait_for()
        wait_engine(page)
        enter(page, DEALS[0], 1)
        for control in page.locator("main input, main select").all():
            if not control.is_visible():
                continue
            cid = control.get_attribute("id")
            assert cid and page.locator(f'label[for="{cid}"]').inner_text().strip(), cid
        results = Axe().run(page)
        bad = [x for x in results.response["violations"] if x["impact"] in ("serious", "critical")]
        assert not bad, (lang, [(x["id"], x["nodes"][0]["html"]) for x in bad])
        assert not v.errors


def test_the_score_sheet_works_offline_after_one_visit(browser, base_url):
    from test_site import wait_for_offline_copy

    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/fi/score/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        wait_for_offline_copy(page)
        manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
        assert manifest["display"] == "standalone"
        context.set_offline(True)
        page.goto(f"{base_url}/fi/score/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        setup_game(page, "fi")
        wait_engine(page)
        enter(page, DEALS[0], 1)
        assert totals_on_page(page) == tally(sheet_of("faq", DEALS[:1]))["totals"]
        page.goto(f"{base_url}/en/lessons/trumping/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        page.goto(f"{base_url}/en/score/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        assert page.locator("h1").inner_text() == say("en", "title")
    finally:
        context.set_offline(False)
        context.close()


def grouped(data, preset):
    """The options the setup offers for a preset (those that change a sheet), in their groups' order."""
    source = {o["name"]: o["source"] for o in data["options"]}
    names = [n for n in data["presets"][preset] if n in SHEET_OPTIONS]
    return [n for group in data["groups"] for n in names if source[n] == group["code"]]


def test_the_setup_offers_the_house_rules_a_sheet_records_and_an_opening_off_the_step_is_scored(visit, base_url):
    """faq in Finnish: the options offered are those that change a sheet (the engine's
    SHEET_OPTIONS, the sources' and the house rules; a rule of the play alone, such as the overtrump
    duty, is not); the opening minimum off the step comes with its number (42), and a deal bid at
    42 is scored by the engine."""
    cat = catalog("fi")
    data = house_rule_controls(cat, "fi")
    offered = grouped(data, "faq")
    assert {"min_bid_off_step", "bidder_wins_at_target", "redeal_four_sixes_late"} <= set(offered)
    assert SHEET_HOUSE_RULES & set(offered) < set(offered)  # the sources' options too
    v = visit(**PHONE)
    page = v.open(base_url + "/fi/score/")
    page.locator("#score-setup").wait_for()
    page.select_option("#score-rules", "faq")
    page.locator("#score-house summary").click()
    shown = [f.get_attribute("data-option") for f in page.locator("#score-house .house-rule").all()]
    assert shown == offered
    assert "must_overtrump" not in shown and "no_contract_widow_shown" not in shown
    page.locator("#score-rule-min_bid_off_step").tap()
    value = page.locator("#score-rule-min_bid_off_step-value")
    assert value.input_value() == "42"
    value.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "score-house-rules-off-step-fi-390.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for seat, name in enumerate(NAMES):
        page.fill(f"#score-player-{seat}", name)
    page.select_option("#score-first-dealer", "0")
    page.click("#score-start")
    page.locator("#score-game").wait_for()
    wait_engine(page)
    rules = "faq+min_bid=42+min_bid_off_step"
    deal = {"bidder": 1, "bid": 42, "points": [30, 60, 30], "last_trick": 1}
    enter(page, deal, 1)
    out = check_page_against_engine(page, "fi", rules, [deal])
    assert out["totals"] == [30, 42, 30]  # made: the bid
    house = page.locator("#score-house-info").inner_text()
    assert in_sentence(cat["option_labels"]["min_bid_off_step"], cat) in house
    assert not v.errors


def stored_sheets(page) -> dict:
    """The raw records of the saved games, by key."""
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('huutopussi.score.game.'))"
        ".map((k) => [k, localStorage.getItem(k)]))"
    )


def test_the_sources_options_on_a_sheet_are_grouped_by_source_scored_and_kept(visit, base_url):
    """three-player in English: the setup groups the options that change a sheet by source, the
    house rules last, each with its source's reading; reversed trump bonuses (S3) and rounding (S1)
    chosen there go into the game's rules, the entry form and the engine's tally follow them, and a
    reload keeps them. A sheet saved before the sources' options were offered (with a house rule the
    sheet does not offer) still opens, is scored as before and stays stored as it was."""
    cat = catalog("en")
    data = house_rule_controls(cat, "en")
    source = {o["name"]: o["source"] for o in data["options"]}
    v = visit(**PHONE)
    page = v.open(base_url + "/en/score/")
    page.locator("#score-setup").wait_for()
    page.select_option("#score-rules", "three-player")
    page.locator("#score-house summary").click()
    shown = [f.get_attribute("data-option") for f in page.locator("#score-house .house-rule").all()]
    assert shown == grouped(data, "three-player")
    assert {"trump_bonus", "rounding", "card_points", "tie_rule", "bidder_wins_ties"} <= set(shown)
    assert "ten_below_jack" not in shown and "first_lead" not in shown  # rules of the play alone
    groups = [g.get_attribute("data-source") for g in page.locator("#score-house fieldset.rule-group").all()]
    assert groups == [g["code"] for g in data["groups"] if any(source[n] == g["code"] for n in shown)]
    assert groups[-1] == "house" and {"S1", "S3"} <= set(groups)
    for name in ("trump_bonus", "rounding", "bidder_wins_ties"):
        assert page.locator(f'#score-house fieldset[data-source="{source[name]}"] [data-option="{name}"]').count() == 1
    assert cat["option_readings"]["rounding"] in page.locator("#score-rule-rounding-help").inner_text()
    page.select_option("#score-rule-trump_bonus", "reversed")
    page.check("#score-rule-rounding")
    for seat, name in enumerate(NAMES):
        page.fill(f"#score-player-{seat}", name)
    page.select_option("#score-first-dealer", "0")
    page.click("#score-start")
    page.locator("#score-game").wait_for()
    wait_engine(page)
    (record,) = stored_sheets(page).values()
    rules = json.loads(record)["sheet"]["rules"]
    assert parse_rules(rules) == parse_rules("three-player+trump_bonus=reversed+rounding")
    # the entry form asks with the engine's bonuses: spades are worth 100 reversed
    spades = fmt(cat["score"]["ui"]["decl_by"], {"suit": cat["suits"]["S"]["nom"], "bonus": 100}, cat)
    wait_until(page, f"document.querySelector('label[for=score-decl-S]')?.textContent === {json.dumps(spades)}")
    deal = {"bidder": 0, "bid": 40, "points": [52, 43, 25], "declarations": [{"suit": "S", "seat": 1}]}
    page.select_option("#score-bidder", "0")
    page.fill("#score-bid", "40")
    for side, points in enumerate(deal["points"]):
        page.fill(f"#score-points-{side}", str(points))
    page.select_option("#score-decl-S", "1")
    page.click("#score-save")
    wait_checked(page, 1)
    out = tally(sheet_of(rules, [deal]))
    assert out["totals"] == [40, 145, 25]  # Eero: 43 and spades 100, rounded to 145
    assert tally(sheet_of("three-player", [deal]))["totals"] == [40, 83, 25]
    assert totals_on_page(page) == out["totals"]
    labels = [in_sentence(cat["option_labels"][name], cat) for name in ("trump_bonus", "rounding")]
    house = page.locator("#score-house-info").inner_text()
    assert all(label in house for label in labels), house
    # a reload: the same game under the same rules
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    wait_engine(page)
    wait_checked(page, 1)
    assert totals_on_page(page) == out["totals"]
    assert page.locator("#score-house-info").inner_text() == house
    # a sheet saved by an earlier version of the page
    old = {**sheet_of("faq+must_overtrump", DEALS[:2]), "started": "2025-11-01T18:00:00.000Z"}
    raw = json.dumps({"store": 1, "sheet": old, "updated": "2025-11-01T20:00:00.000Z"})
    page.evaluate("(raw) => localStorage.setItem('huutopussi.score.game.old', raw)", raw)
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    wait_engine(page)
    page.locator("#score-game-list li:nth-child(2) button.choice:not(.secondary)").click()
    wait_checked(page, 2)
    assert totals_on_page(page) == tally(old)["totals"]
    assert in_sentence(cat["option_labels"]["must_overtrump"], cat) in page.locator("#score-house-info").inner_text()
    assert stored_sheets(page)["huutopussi.score.game.old"] == raw  # read, never written over
    assert not v.errors


def test_a_two_player_sheet_with_the_dead_hand_takes_piles_short_of_the_pack(visit, base_url):
    """wikibooks-2p with the house rule dead_hand, in Finnish: the help under the points says the
    piles hold less than the pack (from the engine's form), piles of 110 are a whole deal, and piles
    that the dearest dead hand could not explain are refused with the range."""
    cat = catalog("fi")
    rules = "wikibooks-2p+dead_hand"
    two = {**sheet_of(rules, []), "players": NAMES[:2]}
    form = tally(two)["form"]
    assert form["dead_low"] == 24 and form["pack"] == 120
    v = visit(**PHONE)
    page = v.open(base_url + "/fi/score/")
    page.locator("#score-setup").wait_for()
    page.select_option("#score-rules", "wikibooks-2p")
    page.locator("#score-house summary").click()
    page.check("#score-rule-dead_hand")
    for seat, name in enumerate(NAMES[:2]):
        page.fill(f"#score-player-{seat}", name)
    page.select_option("#score-first-dealer", "0")
    page.click("#score-start")
    page.locator("#score-game").wait_for()
    wait_engine(page)
    help_text = fmt(cat["score"]["ui"]["points_dead_help"], {"low": 24, "pack": 120}, cat)
    shown = "document.querySelector('#score-entry-fields .points .field-help')?.textContent"
    wait_until(page, f"{shown} === {json.dumps(help_text)}")
    if page.locator("#score-kind-played").count():
        page.check("#score-kind-played")
    page.select_option("#score-bidder", "0")
    page.fill("#score-bid", "50")
    page.fill("#score-points-0", "10")
    page.fill("#score-points-1", "0")
    page.click("#score-save")
    error = page.locator("#score-entry-error")
    error.wait_for()
    params = {"deal": 1, "sum": 10, "low": 24, "pack": 120}
    assert error.inner_text() == fmt(cat["score"]["errors"]["points_sum_range"], params, cat)
    page.fill("#score-points-0", "60")
    page.fill("#score-points-1", "50")
    page.click("#score-save")
    wait_checked(page, 1)
    deal = {"bidder": 0, "bid": 50, "points": [60, 50]}
    out = tally({**two, "deals": [deal]})
    assert out["totals"] == [50, 50] and totals_on_page(page) == out["totals"]
    assert in_sentence(cat["option_labels"]["dead_hand"], cat) in page.locator("#score-house-info").inner_text()
    assert not v.errors
