"""The practice streak (issue 33) in Chromium, in both languages at 390×844 (a phone) and 1366×768
(a laptop): the streak counter stays in view and its number moves when it changes (not under
reduced motion); a right answer moves on to the next drill by itself, unless the remembered
switch is off; one skip per streak, a second skip ends it; a wrong answer ends it, says so and
offers "try this theme again"; every change is told as a "streak-change" event.

The engine is blocked, so the drills are the bank the engine prepared at build time (four per
theme) and every answer is taken from the drill's own answer table, as the page judges it."""

import json

import pytest
from playwright.sync_api import expect

import build
from sitebuild.catalogs import fmt

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}
# every streak-change event, in order, for the test to read
EVENTS = """
window.__streak = [];
document.addEventListener("streak-change", (e) => window.__streak.push(e.detail));
"""


def ui(lang, key, **params):
    return fmt(CATALOGS[lang]["ui"][key], params, CATALOGS[lang])


def practice(visit, base_url, lang, size, motion="no-preference", clock=False):
    width, height = SIZES[size]
    options = {"viewport": {"width": width, "height": height}, "reduced_motion": motion}
    if size == "phone":
        options.update(is_mobile=True, has_touch=True)
    v = visit(**options)
    for pattern in ("**/assets/worker.*.js", "**/assets/pyodide/**"):
        v.context.route(pattern, lambda route: route.abort())
    v.context.add_init_script(EVENTS)
    if clock:
        v.page.clock.install()
    page = v.open(f"{base_url}/{lang}/practice/")
    page.locator('#drill[data-shown="1"] section.puzzle').wait_for(timeout=10_000)
    return v, page


def drill(page, shown):
    """The drill on show once it is the ``shown``-th of the visit."""
    section = page.locator(f'#drill[data-shown="{shown}"] section.puzzle')
    section.wait_for(timeout=10_000)
    return section


def answer(section, right):
    """A right or a wrong answer, read from the drill's answer table and given by the page's controls."""
    table = json.loads(section.get_attribute("data-answers"))
    entries = table.get("answers", {})
    if table["answer"] == "number":
        section.locator("input.number").fill(str(table["number"] + (0 if right else 1)))
        section.locator("button.check").click()
    elif table["answer"] == "cards":
        legal = [card for card, entry in entries.items() if entry["verdict"] == "legal"]
        marks = legal if right else [next(card for card, entry in entries.items() if entry["verdict"] != "legal")]
        for card in marks:
            section.locator(f'button.card[data-card="{card}"]').click()
        section.locator("button.check").click()
    else:
        card = next(card for card, entry in entries.items() if (entry["verdict"] == "correct") == right)
        section.locator(f'button.card[data-card="{card}"]').click()
    section.locator(".verdict.right" if right else ".verdict.wrong").first.wait_for(timeout=10_000)


def streak_in_view(page):
    """The streak bar and its number are on the screen (the bar is sticky), wherever the drill is
    scrolled (the bar's box: the number's own grows for a moment while it moves)."""
    height = page.viewport_size["height"]
    box = page.locator("#streak-bar").bounding_box()
    assert box and box["y"] >= -0.5 and box["y"] + box["height"] <= height + 0.5, box
    expect(page.locator("#streak-bar [data-streak]")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_streak_grows_moves_on_allows_one_skip_and_ends_on_a_wrong_answer(visit, base_url, lang, size):
    v, page = practice(visit, base_url, lang, size)
    number = page.locator("#streak [data-streak]")
    note = page.locator("#streak-note")
    words = page.locator("#streak-note-text")
    again = page.locator("#theme-again")
    expect(number).to_have_text("0")
    expect(page.locator("#auto-next")).to_be_checked()  # on by default
    # two right answers: the number grows (and moves), the next drill comes by itself
    for n in (1, 2):
        section = drill(page, n)
        section.locator("[data-answer-area]").scroll_into_view_if_needed()  # the answer controls
        answer(section, right=True)
        expect(number).to_have_text(str(n))
        expect(page.locator("#streak")).to_contain_text(ui(lang, "best_streak", n=n))
        streak_in_view(page)
        assert number.evaluate("(e) => getComputedStyle(e).animationName") == "streak-grew"
        drill(page, n + 1)  # no click: the page moved on
    # the first skip keeps the streak and says that the next one ends it
    page.locator("#next-drill").click()
    expect(words).to_have_text(ui(lang, "streak_skip_used"))
    expect(again).to_be_hidden()  # the streak goes on
    expect(number).to_have_text("2")
    # the second skip ends it, and says so
    drill(page, 4)
    page.locator("#next-drill").click()
    expect(words).to_have_text(ui(lang, "streak_end_skip", n=2))
    expect(number).to_have_text("0")
    assert number.evaluate("(e) => getComputedStyle(e).animationName") == "streak-ended"
    # another theme: one right answer, then a wrong one ends the streak with why and "try again"
    page.locator('button[data-theme="overtake"]').click()
    answer(drill(page, 5), right=True)
    expect(number).to_have_text("1")
    section = drill(page, 6)
    expect(note).to_be_hidden()
    answer(section, right=False)
    expect(number).to_have_text("0")
    expect(words).to_have_text(ui(lang, "streak_end_wrong_one", n=1))
    # the puzzle says why the answer is wrong, and that and the note with its button are on the screen
    assert section.locator(".feedback").inner_text().strip()
    expect(section.locator(".feedback")).to_be_in_viewport()
    expect(again).to_be_in_viewport()
    expect(again).to_have_text(ui(lang, "practice_theme_again"))
    again.click()
    section = drill(page, 7)
    assert section.get_attribute("data-theme") == "overtake"
    expect(note).to_be_hidden()
    expect(page.locator("#streak")).to_contain_text(ui(lang, "best_streak", n=2))
    events = page.evaluate("window.__streak")
    assert [(e["reason"], e["streak"], e["best"]) for e in events] == [
        ("right", 1, 1),
        ("right", 2, 2),
        ("skip", 0, 2),
        ("right", 1, 2),
        ("wrong", 0, 2),
    ]
    assert not v.errors


@pytest.mark.parametrize("lang,size", [("fi", "phone"), ("en", "laptop")])
def test_the_switch_turns_moving_on_off_and_is_remembered(visit, base_url, lang, size):
    v, page = practice(visit, base_url, lang, size, clock=True)
    switch = page.locator("#auto-next")
    switch.uncheck()
    answer(drill(page, 1), right=True)
    expect(page.locator("#streak [data-streak]")).to_have_text("1")
    page.clock.run_for(10_000)  # far longer than the pause before moving on
    expect(page.locator("#drill")).to_have_attribute("data-shown", "1")
    expect(page.locator("#next-drill")).to_be_focused()  # the way on is one key away
    page.locator("#next-drill").click()
    drill(page, 2)
    # remembered on this device; turned on again, the page moves on by itself
    page.reload()
    page.locator('#drill[data-shown="1"] section.puzzle').wait_for(timeout=10_000)
    expect(switch).not_to_be_checked()
    switch.check()
    answer(drill(page, 1), right=True)
    page.clock.run_for(10_000)
    drill(page, 2)
    assert not v.errors


def test_under_reduced_motion_the_streak_does_not_move(visit, base_url):
    v, page = practice(visit, base_url, "en", "laptop", motion="reduce")
    answer(drill(page, 1), right=True)
    number = page.locator("#streak [data-streak]")
    expect(number).to_have_text("1")
    assert number.evaluate("(e) => getComputedStyle(e).animationName") == "none"
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_axe_finds_nothing_serious_in_a_streak_with_its_notes(visit, base_url, lang):
    from axe_playwright_python.sync_playwright import Axe

    v = visit(bypass_csp=True)  # axe-core is injected as a script
    for pattern in ("**/assets/worker.*.js", "**/assets/pyodide/**"):
        v.context.route(pattern, lambda route: route.abort())
    page = v.open(f"{base_url}/{lang}/practice/")
    answer(drill(page, 1), right=True)
    drill(page, 2)
    page.locator("#next-drill").click()  # the skip's note
    answer(drill(page, 3), right=False)  # the end's note and its button
    expect(page.locator("#theme-again")).to_be_visible()
    results = Axe().run(page)
    bad = [x for x in results.response["violations"] if x["impact"] in ("serious", "critical")]
    assert not bad, [(x["id"], x["nodes"][0]["html"]) for x in bad]
