"""House rules in the browser, in Finnish on a phone: a game started with a house rule on is played
by the engine under it, says so above the table and keeps it into the next deal; a rule set the
engine refuses is explained in Finnish; a position link with ``+rule`` opens with the rule applied
and, once the editor is opened, with the rule's control set, and a changed control goes into the new link; the
disclosure works by keyboard and axe finds nothing serious in it."""

import re
from urllib.parse import unquote

from test_play import SHOTS, Journey, script

import build
from engine.coach.game import step
from engine.core.rules import parse_rules
from sitebuild.catalogs import capfirst, card_label, card_name, fmt, in_sentence

FI = build.load_catalog("fi")
LABELS = FI["option_labels"]


def listed(name: str, value=None) -> str:
    """A rule's label as a list in a sentence writes it (lower case but for a name), with its value."""
    label = in_sentence(LABELS[name], FI)
    if value is None:
        return label
    return fmt(FI["ui"]["rule_with_value"], {"label": label, "value": value}, FI, fragment=True)


def open_editor(page):
    """A shared position folds the editor away (it would show every hand): open it on purpose."""
    button = page.locator("#ed-open")
    page.locator("#ed-open[data-held]").wait_for(timeout=180_000)  # the position read, held from the page
    assert button.inner_text() == FI["ui"]["editor_reveal"]
    button.tap()
    page.locator("#editor").wait_for()


def house_line(**options) -> str:
    """The line above the table (house-rules.js summary) for house rules switched on."""
    return fmt(FI["ui"]["house_rules_list"], {"rules": "; ".join(listed(n) for n in options)}, FI)


def test_the_dealer_opens_when_the_house_rule_says_so_and_the_next_deal_keeps_it(visit, base_url):
    """Three players, seed 3: seat 0 (you) deals. With 'the dealer bids first' you open at once
    (no pass: the opening is forced); without it both computers would have bid before you."""
    seed, computers = 3, ["easy", "easy"]
    rules = "three-player+dealer_opens"
    first = step({"rules": rules, "seed": seed, "computers": computers})
    plain = step({"rules": "three-player", "seed": seed, "computers": computers})
    assert first["dealer"] == 0 and first["to_move"] == 0 and first["log"] == []
    assert len([e for e in plain["log"] if e["kind"] in ("bid", "pass")]) == 2  # the rule is what differs
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    j.press(page.locator("#play-house summary"))
    j.press(page.locator("#play-rule-dealer_opens"))
    assert page.locator("#play-house .house-count").inner_text() == fmt(FI["ui"]["house_rules_chosen"], {"n": 1}, FI)
    j.check("house-rules-setup")
    before = j.game.get_attribute("data-step")
    j.press(page.locator("button.start"))
    j.wait_step(before, timeout=180)
    assert j.game.get_attribute("data-phase") == "auction" and j.game.get_attribute("data-to-move") == "0"
    assert page.locator("#story-list li").count() == 0  # nobody bid before the dealer
    assert page.locator('#actions button[data-action="p"]').count() == 0  # the dealer must open
    assert page.locator("#house-info").inner_text() == house_line(dealer_opens=True)
    assert page.locator("#play-house").get_attribute("open") is None  # closed: the line says it
    j.check("house-rules-game")
    # the whole deal, then the next one: the match keeps the rule (seat 1 deals and bids first)
    actions, states, _, final = script(rules, seed, computers)
    for action in actions:
        j.act(action)
    assert j.game.get_attribute("data-phase") == "done"
    before = j.game.get_attribute("data-step")
    j.press(page.locator("#result button", has_text=j.ui("play_next")))
    j.wait_step(before, timeout=120)
    second = step({"rules": rules, "seed": seed, "computers": computers, "history": final["history"], "action": "next"})
    assert second["dealer"] == 1 and second["log"][0]["seat"] == 1  # the dealer's own bid comes first
    assert page.locator("#story-list li").count() == len(second["log"])
    assert j.game.get_attribute("data-to-move") == str(second["to_move"])
    assert page.locator("#house-info").inner_text() == house_line(dealer_opens=True)
    j.check()
    assert not j.v.errors


def test_a_rule_set_the_engine_refuses_is_explained_in_finnish(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = v.open(base_url + "/fi/play/#rules=faq-pairs+six_card_widow")
    error = page.locator("#play-setup-error")
    error.wait_for(state="visible", timeout=60_000)
    option = LABELS["six_card_widow"]
    assert error.inner_text() == fmt(FI["errors"]["rule_needs_small_game"], {"option": option}, FI)
    assert "six_card_widow" not in error.inner_text()
    # a link with rules the engine accepts fills the controls and opens the disclosure
    page = v.open(base_url + "/fi/play/#rules=faq+max_bid_ends_auction+bidder_porvoo=side_bid")
    page.locator("#play-house[open]").wait_for(timeout=60_000)
    assert page.locator("#play-rules").input_value() == "faq"
    assert page.locator("#play-rule-max_bid_ends_auction").is_checked()
    assert page.locator("#play-rule-bidder_porvoo").input_value() == "side_bid"
    assert page.locator("#play-setup-error").is_hidden()
    assert not v.errors


# Three players, hearts trump: spades led with the ace, seat 1 trumped with the seven; seat 2 has
# no spade. Must overtrump: only the ace of hearts; without the house rule the six as well.
OVERTRUMP = "rules:three-player+must_overtrump/hands:9.6..,.7.6.,..7.A6/lead:0/trick:SA-H7/decl:H0"


def test_a_position_link_with_a_house_rule_opens_with_it_and_a_changed_control_goes_into_the_link(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = v.open(base_url + "/fi/position/#k=legal-card&p=" + OVERTRUMP)  # a "+" written as it is
    open_editor(page)
    page.locator("#ed-house[open]").wait_for(timeout=60_000)
    assert page.locator("#ed-rules").input_value() == "three-player"
    assert page.locator("#ed-rule-must_overtrump").is_checked()
    assert not page.locator("#ed-rule-dealer_opens").is_checked()
    assert page.locator("#shared .house-info").inner_text() == house_line(must_overtrump=True)
    # applied: the six of hearts is refused with the overtrump duty's reason
    page.locator('#shared .hand button[data-card="H6"]').tap()
    feedback = page.locator("#shared .feedback")
    feedback.locator(".verdict").first.wait_for(timeout=30_000)
    assert fmt(FI["reasons"]["must_overtrump"], {"beat": "H7"}, FI) in feedback.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "house-rules-editor-fi-390.png"), full_page=True)
    # change the controls, make the link: it carries the new rules, not the old one
    page.locator("#ed-rule-must_overtrump").tap()
    page.locator("#ed-rule-ace_must_show").tap()
    page.select_option("#ed-rule-bidder_porvoo", "seat_contract")
    page.locator("button.make-link").tap()
    link = page.locator("#ed-link")
    link.wait_for(state="visible", timeout=60_000)
    position = re.search(r"&p=([^&]*)", link.get_attribute("href")).group(1)
    rules = unquote(position).split("/")[0].removeprefix("rules:")
    assert parse_rules(rules) == parse_rules("three-player+ace_must_show+bidder_porvoo=seat_contract")
    # the new link opens with the new rules, and the six of hearts is now allowed
    link.tap()
    page.locator("#shared .house-info").wait_for(timeout=60_000)
    open_editor(page)
    page.wait_for_function("document.querySelector('#ed-rule-ace_must_show')?.checked === true", timeout=60_000)
    assert not page.locator("#ed-rule-must_overtrump").is_checked()
    assert page.locator("#ed-rule-bidder_porvoo").input_value() == "seat_contract"
    page.locator('#shared .hand button[data-card="H6"]').tap()
    page.locator("#shared .verdict.right").wait_for(timeout=30_000)
    assert not v.errors


def test_the_disclosure_works_by_keyboard_and_axe_finds_nothing_serious(visit, base_url):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path, prefix in (("/fi/play/", "play"), ("/fi/position/", "ed")):
        v = visit(viewport={"width": 390, "height": 844}, bypass_csp=True)  # axe-core is injected
        page = v.open(base_url + path)
        if prefix == "play":  # the play page opens on the table; the house rules are in its settings sheet
            page.locator("#play-settings").click()
        details = page.locator(f"#{prefix}-house")
        page.locator(f"#{prefix}-house summary").focus()
        page.keyboard.press("Enter")
        assert details.get_attribute("open") is not None
        page.keyboard.press("Tab")
        first = page.evaluate("document.activeElement.id")
        assert first == f"{prefix}-rule-" + page.locator(f"#{prefix}-house .house-rule").first.get_attribute(
            "data-option"
        )
        page.keyboard.press("Space")
        assert page.locator(f"#{first}").is_checked()
        assert page.locator(f"#{prefix}-house .house-count").inner_text() == fmt(
            FI["ui"]["house_rules_chosen"], {"n": 1}, FI
        )
        select = page.locator(f"#{prefix}-rule-bidder_porvoo")
        while page.evaluate("document.activeElement.id") != select.get_attribute("id"):
            page.keyboard.press("Tab")
        page.keyboard.press("ArrowDown")
        assert select.input_value() != "off"
        # every control is labelled and explained
        for control in page.locator(f"#{prefix}-house .house-rule input, #{prefix}-house .house-rule select").all():
            cid = control.get_attribute("id")
            assert page.locator(f'label[for="{cid}"]').inner_text().strip()
            assert page.locator(f"#{control.get_attribute('aria-describedby')}").inner_text().strip()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        results = axe.run(page)
        bad = [x for x in results.response["violations"] if x["impact"] in ("serious", "critical")]
        assert not bad, (path, [(x["id"], x["nodes"][0]["html"]) for x in bad])
        page.keyboard.press("Shift+Tab")
        assert not v.errors


# -- house rules that need other options beside them (issue 29: the peer's rules) ------------------
OFF_STEP = "three-player+dealer_opens+min_bid=42+min_bid_off_step"
NO_CONTRACT = "three-player+forced_opening=off+all_pass_no_contract+no_contract_widow_shown"


def test_an_opening_minimum_off_the_step_has_its_own_number_and_the_engine_checks_what_is_typed(visit, base_url):
    """Three players, seed 3, the dealer bids first: with the opening minimum off the step the
    number field starts at 42, a multiple of the step (45) is refused in Finnish, and 42 is the
    smallest bid the engine offers you; the line above the table names the rule and the minimum."""
    seed, computers = 3, ["easy", "easy"]
    first = step({"rules": OFF_STEP, "seed": seed, "computers": computers})
    assert first["to_move"] == 0 and [a for a in first["legal"] if a.isdigit()][:2] == ["42", "45"]
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    j.press(page.locator("#play-house summary"))
    value = page.locator("#play-rule-min_bid_off_step-value")
    assert value.is_hidden()  # only while the rule is on
    j.press(page.locator("#play-rule-min_bid_off_step"))
    assert value.is_visible() and value.input_value() == "42"
    assert page.locator('label[for="play-rule-min_bid_off_step-value"]').inner_text() == LABELS["min_bid"]
    j.press(page.locator("#play-rule-dealer_opens"))
    # two rules chosen: the minimum is the rule's own number, not a third rule
    assert page.locator("#play-house .house-count").inner_text() == fmt(FI["ui"]["house_rules_chosen"], {"n": 2}, FI)
    value.scroll_into_view_if_needed()
    j.check("house-rules-off-step")
    value.fill("45")
    j.press(page.locator("button.start"))
    error = page.locator("#play-setup-error")
    error.wait_for(state="visible", timeout=180_000)
    assert error.inner_text() == fmt(FI["errors"]["rule_needs_odd_minimum"], {"option": LABELS["min_bid_off_step"]}, FI)
    page.locator("#play-house[open]").wait_for(timeout=10_000)  # the rule it names is in sight
    value.fill("42")
    before = j.game.get_attribute("data-step")
    j.press(page.locator("button.start"))
    j.wait_step(before, timeout=180)
    assert j.game.get_attribute("data-to-move") == "0"
    bids = [b.get_attribute("data-action") for b in page.locator("#actions button.amount").all()]
    assert bids[0] == "42" and "40" not in bids
    assert page.locator("#play-prompt").inner_text().startswith(j.ui("prompt_open", minimum=42))
    line = page.locator("#house-info").inner_text()
    assert listed("min_bid_off_step") in line and listed("dealer_opens") in line
    assert listed("min_bid", 42) in line
    j.act("42")
    assert not j.v.errors


def test_the_widow_shown_without_a_contract_sets_the_rules_it_needs_and_the_engine_shows_the_widow(visit, base_url):
    """Three players, seed 8: with the rule on (it needs no forced opening and a deal without a
    contract when everyone passes) everyone passes, and the story names the widow's cards."""
    seed, computers = 8, ["easy", "easy"]
    request = {"rules": NO_CONTRACT, "seed": seed, "computers": computers}
    first = step(request)
    after = step({**request, "history": first["history"], "action": "p"})
    widow = next(e["cards"] for e in after["log"] if e["kind"] == "widow")
    plain = NO_CONTRACT.removesuffix("+no_contract_widow_shown")
    without = step({**request, "rules": plain, "history": first["history"], "action": "p"})
    assert after["bidder"] is None and not any(e["kind"] == "widow" for e in without["log"])  # the rule is what differs
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    j.press(page.locator("#play-house summary"))
    rule = page.locator("#play-rule-no_contract_widow_shown")
    help_text = page.locator("#play-rule-no_contract_widow_shown-help").inner_text()
    also = "; ".join(
        [
            listed("forced_opening", FI["ui"]["no"]),
            listed("all_pass_no_contract"),
        ]
    )
    assert fmt(FI["ui"]["house_rule_also"], {"rules": also}, FI) in help_text
    j.press(rule)
    rule.scroll_into_view_if_needed()
    j.check("house-rules-no-contract-widow")
    before = j.game.get_attribute("data-step")
    j.press(page.locator("button.start"))
    j.wait_step(before, timeout=180)
    assert page.locator('#actions button[data-action="p"]').count() == 1  # no forced opening
    j.act("p")
    assert j.game.get_attribute("data-phase") == "play"
    story = page.locator("#story-list").inner_text()
    assert fmt(FI["ui"]["ev_widow"], {"cards": ", ".join(card_name(c, "nom", FI) for c in widow)}, FI) in story
    # and it stays face up on the table, beside the trick, for the whole deal
    out = page.locator("#table .widow-out")
    assert out.inner_text().startswith(FI["ui"]["play_widow_out"])
    assert [c.get_attribute("aria-label") for c in out.locator(".card").all()] == [card_label(c, FI) for c in widow]
    # a link with these rules opens with the control on and nothing else named apart
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = v.open(base_url + "/fi/play/#rules=" + NO_CONTRACT)
    page.locator("#play-house[open]").wait_for(timeout=60_000)
    assert page.locator("#play-rule-no_contract_widow_shown").is_checked()
    assert page.locator("#play-house .house-other").is_hidden()
    assert page.locator("#play-setup-error").is_hidden()
    assert not j.v.errors and not v.errors


def test_the_editor_keeps_the_chosen_opening_minimum_in_the_link(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    position = OVERTRUMP.replace("rules:three-player+must_overtrump", "rules:three-player+min_bid=43+min_bid_off_step")
    page = v.open(base_url + "/fi/position/#k=legal-card&p=" + position)
    open_editor(page)
    page.locator("#ed-house[open]").wait_for(timeout=60_000)
    page.wait_for_function("document.querySelector('#ed-rule-min_bid_off_step')?.checked === true", timeout=60_000)
    value = page.locator("#ed-rule-min_bid_off_step-value")
    assert value.is_visible() and value.input_value() == "43"
    assert page.locator("#ed-house .house-other").is_hidden()  # the minimum is the rule's own
    value.fill("47")
    page.locator("#ed-rule-no_contract_widow_shown").tap()
    value.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "house-rules-editor-off-step-fi-390.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("button.make-link").tap()
    link = page.locator("#ed-link")
    link.wait_for(state="visible", timeout=60_000)
    position = re.search(r"&p=([^&]*)", link.get_attribute("href")).group(1)
    rules = unquote(position).split("/")[0].removeprefix("rules:")
    assert parse_rules(rules) == parse_rules(
        "three-player+min_bid=47+min_bid_off_step+forced_opening=off+all_pass_no_contract+no_contract_widow_shown"
    )
    assert not v.errors


DEAD_HAND = "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q"


def test_the_editor_asks_for_the_dead_hand_while_the_rule_is_on_and_never_shows_its_cards(visit, base_url):
    """House rule dead_hand: a position names its dead hand (field ``dead``). The editor has a field
    for it, shown while the rule is on; an empty one is refused by the engine and marked; the puzzle
    itself never shows a card of the dead hand."""
    from engine.core.notation import parse_position

    dead = parse_position(DEAD_HAND).dead
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = v.open(base_url + "/fi/position/#k=legal-card&p=" + DEAD_HAND)
    open_editor(page)
    page.locator("#ed-house[open]").wait_for(timeout=60_000)
    page.wait_for_function("document.querySelector('#ed-rule-dead_hand')?.checked === true", timeout=60_000)
    field = page.locator("#ed-dead")
    assert field.is_visible() and field.input_value() == "KQJ9.AKQJ9.K.Q"
    assert page.locator("#ed-house .house-other").is_hidden()
    shared = page.locator("#shared")
    shared.locator(".hand button").first.wait_for(timeout=60_000)
    labels = " ".join(b.get_attribute("aria-label") or "" for b in shared.locator("button").all())
    for card in dead:
        name, spoken = card_name(str(card), "nom", FI), card_label(str(card), FI)
        assert name not in shared.inner_text() and spoken not in labels, (name, spoken)
    # the rule off: no field, and the link carries no dead hand; on again: the field is back
    page.locator("#ed-rule-dead_hand").tap()
    assert field.is_hidden()
    page.locator("#ed-rule-dead_hand").tap()
    assert field.is_visible()
    field.fill("")
    page.locator("button.make-link").tap()
    error = page.locator("#ed-result .error")
    error.wait_for(timeout=60_000)
    assert error.inner_text() == fmt(FI["errors"]["dead_size"], {"count": 0, "want": 11}, FI)
    assert field.get_attribute("aria-invalid") == "true"
    field.fill("KQJ9.AKQJ9.K.Q")
    page.locator("button.make-link").tap()
    link = page.locator("#ed-link")
    link.wait_for(state="visible", timeout=60_000)
    position = unquote(re.search(r"&p=([^&]*)", link.get_attribute("href")).group(1))
    assert parse_position(position).dead == dead and "dead:KQJ9.AKQJ9.K.Q" in position
    assert not v.errors


# -- the sources' options at the table (issue 35) --------------------------------------------------
def also_line(**options) -> str:
    """The line above the table for a source's options changed (house-rules.js summary)."""
    return fmt(FI["ui"]["rules_also_changed"], {"rules": "; ".join(listed(n) for n in options)}, FI)


def test_a_sources_option_switched_on_in_the_settings_is_in_force_in_this_deal_and_the_next(visit, base_url):
    """Three players, seed 3, strong drive (Wikibooks' option) switched on in the settings, in the
    Wikibooks group: the engine plays the deal under it and says so above the table, and the next
    deal keeps it. The FAQ's rule set starts its first-lead control at its own ace-or-spade lead."""
    seed, computers = 3, ["easy", "easy"]
    rules = "three-player+strong_drive"
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    j.press(page.locator("#play-house summary"))
    group = page.locator('#play-house fieldset.rule-group[data-source="S1"]')
    assert group.locator("legend").inner_text() == capfirst(FI["sources"]["S1"]["name"])
    assert group.locator('.house-rule[data-option="strong_drive"]').count() == 1
    legends = [x.inner_text() for x in page.locator("#play-house fieldset.rule-group > legend").all()]
    assert legends[-1] == FI["ui"]["house_rules"]  # the house rules last
    j.press(page.locator("#play-rule-strong_drive"))
    assert page.locator("#play-house .house-count").inner_text() == fmt(FI["ui"]["house_rules_chosen"], {"n": 1}, FI)
    before = j.game.get_attribute("data-step")
    j.press(page.locator("button.start"))
    j.wait_step(before, timeout=180)
    assert page.locator("#house-info").inner_text() == also_line(strong_drive=True)
    actions, states, _, final = script(rules, seed, computers)
    for action in actions:
        j.act(action)
    assert j.game.get_attribute("data-phase") == "done"
    before = j.game.get_attribute("data-step")
    j.press(page.locator("#result button", has_text=j.ui("play_next")))
    j.wait_step(before, timeout=120)
    second = step({"rules": rules, "seed": seed, "computers": computers, "history": final["history"], "action": "next"})
    assert second["options"] == {"strong_drive": True}  # the engine's rule set for the next deal
    assert page.locator("#house-info").inner_text() == also_line(strong_drive=True)
    assert j.game.get_attribute("data-to-move") == str(second["to_move"])
    # another rule set: its own values are the controls' starting point, and nothing is counted
    page.locator("#play-settings").click()
    page.select_option("#play-rules", "faq")
    assert page.locator("#play-rule-first_lead").input_value() == "ace_then_spade"
    assert page.locator("#play-rule-porvoo").is_checked()
    assert page.locator("#play-rule-strong_drive").is_checked()  # the chosen rule stays where it applies
    assert not j.v.errors


def test_a_sources_option_chosen_in_the_editor_goes_into_the_link_and_is_in_force(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    plain = OVERTRUMP.replace("+must_overtrump", "")
    page = v.open(base_url + "/fi/position/#k=legal-card&p=" + plain)
    page.locator("#shared .hand button").first.wait_for(timeout=180_000)  # the engine is running
    open_editor(page)
    page.locator("#ed-house summary").tap()
    assert not page.locator("#ed-rule-strong_drive").is_checked()
    page.locator("#ed-rule-strong_drive").tap()
    page.select_option("#ed-rule-first_lead", "ace_then_spade")
    page.locator("button.make-link").tap()
    link = page.locator("#ed-link")
    link.wait_for(state="visible", timeout=180_000)
    position = re.search(r"&p=([^&]*)", link.get_attribute("href")).group(1)
    rules = unquote(position).split("/")[0].removeprefix("rules:")
    assert parse_rules(rules) == parse_rules("three-player+strong_drive+first_lead=ace_then_spade")
    link.tap()
    page.locator("#shared .house-info").wait_for(timeout=60_000)
    open_editor(page)
    page.wait_for_function("document.querySelector('#ed-rule-strong_drive')?.checked === true", timeout=60_000)
    assert page.locator("#ed-rule-first_lead").input_value() == "ace_then_spade"
    value = listed("first_lead", FI["option_values"]["first_lead"]["ace_then_spade"])
    expected = fmt(FI["ui"]["rules_also_changed"], {"rules": "; ".join([value, listed("strong_drive")])}, FI)
    assert page.locator("#shared .house-info").inner_text() == expected
    assert page.locator("#ed-house .house-other").is_hidden()  # each has its control, nothing kept apart
    assert not v.errors
