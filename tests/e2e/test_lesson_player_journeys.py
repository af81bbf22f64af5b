"""Journeys through the lesson player (site/assets/lesson-player.js) and the fixes of issue 25,
on a phone (390 x 844, touch) and a desktop, in both languages: a lesson played step by step to
its closing screen and on to the next lesson; a deep link opening its step; the reading view; a
minus typed on a phone; the guided deal offering only legal declarations without moving the
page; the front page with progress at 360 and 390 px; the not-found page in the folder's
language. Screenshots go to test-results/screenshots/."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screenshots"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
WORDS = {lang: cat["lesson_player"] for lang, cat in CATALOGS.items()}
CARD_KINDS = ("legal-card", "best-card", "lead")


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def solve(section):
    """Solve a lesson puzzle on the first try with the answer its table calls right."""
    kind = section.get_attribute("data-kind")
    table = json.loads(section.get_attribute("data-answers"))
    answers = table.get("answers", {})
    right = [a for a, v in answers.items() if v.get("verdict") == "correct"]
    if table.get("number") is not None:
        section.locator("input.number").fill(str(table["number"]))
        section.locator("button.check").click()
    elif kind == "all-legal":
        for card in [a for a, v in answers.items() if v["verdict"] == "legal"]:
            section.locator(f'.hand button[data-card="{card}"]').click()
        section.locator("button.check").click()
    elif kind in CARD_KINDS:
        section.locator(f'.hand button[data-card="{right[0]}"]').click()
    elif kind == "trick-winner":
        section.locator(f'.trick button[data-card="{right[0]}"]').click()
    else:
        section.locator(f'button[data-choice="{right[0]}"]').click()
    section.locator(".feedback.right").wait_for(timeout=30_000)


def settle(page):
    """Wait until the page has stopped scrolling (a smooth scroll has ended)."""
    last = None
    for _ in range(40):
        now = page.evaluate("window.scrollY")
        if now == last:
            return
        last = now
        page.wait_for_timeout(100)


def in_view(page, section, timeout=15_000):
    """Wait (up to timeout ms) until the verdict is on screen and the way on below it is too, or the
    verdict has been scrolled to the top; then the page has stopped scrolling. The asserts follow."""
    try:
        page.wait_for_function(
            """(section) => {
                const verdict = section.querySelector(".feedback").getBoundingClientRect();
                const next = section.querySelector(".next-after").getBoundingClientRect();
                return verdict.top >= 0 && (next.bottom <= innerHeight + 1 || verdict.top <= 40);
            }""",
            arg=section.element_handle(),
            timeout=timeout,
        )
    except PlaywrightTimeout:  # the asserts below say what is out of view
        pass
    settle(page)


def visible_steps(page):
    return page.evaluate(
        "[...document.querySelectorAll('.lesson-step')].filter((s) => s.offsetParent !== null).map((s) => s.id)"
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_play_a_lesson_through_the_player_to_its_end_and_on_to_the_next(visit, base_url, lang, size):
    words = WORDS[lang]
    v = visit(**SIZES[size])
    page = v.open(f"{base_url}/{lang}/lessons/overtaking/")
    total = page.locator(".lesson-step").count()
    assert total > 3
    for index in range(total):
        assert visible_steps(page) == [f"step-{index + 1}"]  # one step per screen
        assert page.locator(".player-progress").evaluate("p => [p.value, p.max]") == [index + 1, total]
        assert page.locator(".player-count").inner_text() == words["step_of"].format(n=index + 1, total=total)
        step = page.locator(f"#step-{index + 1}")
        section = step.locator("section.puzzle")
        if section.count():
            solve(section)
            # after the solve: the explanation, a big "next step", no "try again"
            assert section.locator(".solution-text").is_visible()
            assert not section.locator(".retry").is_visible()
            after = section.locator(".next-after")
            assert after.inner_text() == f"{words['next_step']} →"
            assert after.is_visible()
            if size == "phone":
                # in view: the verdict and the explanation's start, and the way on when they leave room
                # (waited for: the page's scroll starts on an animation frame, late on a loaded machine)
                in_view(page, section)
                verdict = section.locator(".feedback").bounding_box()
                box = after.bounding_box()
                assert 0 <= verdict["y"] < 844 - 120, "the verdict is out of view after the solve"
                assert box["y"] + box["height"] <= 844 + 1 or verdict["y"] <= 40, "the next step is out of view"
            if index == 0 and lang == "fi":
                shot(page, f"player-solved-{size}-fi")
            after.click()
        else:
            if lang == "fi" and size == "phone":
                shot(page, f"player-text-step-{index + 1}-fi")
            page.locator(".player-nav .next").click()
        if size == "phone":
            assert no_sideways_scroll(page)
    complete = page.locator("#lesson-complete")
    complete.wait_for()
    assert visible_steps(page) == []
    assert complete.locator(".stars").inner_text() == "★★★"
    assert complete.locator(".stars").get_attribute("aria-label") == words["stars"].format(stars=3)
    puzzles = page.locator("section.puzzle").count()
    first_try = words["first_try"].format(first=puzzles, total=puzzles)
    assert complete.locator(".complete-score").inner_text() == first_try
    assert not complete.locator(".open-unsolved").is_visible()
    shot(page, f"player-complete-{size}-{lang}")
    complete.locator("a.next-lesson").click()
    page.wait_for_url("**/lessons/trick-winner/")
    page.wait_for_selector("body[data-ready]", state="attached")
    assert visible_steps(page) == ["step-1"]
    # the course map shows the finished lesson with its stars
    page.goto(f"{base_url}/{lang}/")
    card = page.locator('.course li[data-lesson="overtaking"]')
    assert "done" in card.get_attribute("class")
    assert card.locator(".lesson-stars").inner_text() == "★★★"
    assert not v.errors


def test_back_and_a_second_try_give_fewer_stars_and_point_to_what_is_left(visit, base_url):
    v = visit(**SIZES["phone"])
    page = v.open(base_url + "/en/lessons/overtaking/")
    first = page.locator("section.puzzle").first
    # the text before a puzzle is a step of its own: the first puzzle's step comes after it
    step = first.evaluate("s => s.closest('.lesson-step').id")
    n = int(step.split("-")[1])
    assert n == 2, "the lesson opens with a step of text"
    page.locator(".player-nav .next").click()
    assert visible_steps(page) == [step]
    table = json.loads(first.get_attribute("data-answers"))
    wrong = next(a for a, x in table["answers"].items() if x["verdict"] != "correct")
    first.locator(f'.hand button[data-card="{wrong}"]').click()
    first.locator(".feedback.wrong").wait_for()
    solve(first)
    page.locator(".player-nav .next").click()
    assert visible_steps(page) == [f"step-{n + 1}"]
    page.locator(".player-nav .back").click()
    assert visible_steps(page) == [step]
    page.locator(".player-nav .back").click()
    assert visible_steps(page) == ["step-1"]
    assert page.locator(".player-nav .back").is_disabled()
    # straight to the end: one puzzle solved, not on the first try, the others left
    page.goto(base_url + "/en/lessons/overtaking/#lesson-complete")
    complete = page.locator("#lesson-complete")
    complete.wait_for()
    puzzles = page.locator("section.puzzle").count()
    assert complete.locator(".stars").inner_text() == "★☆☆"
    assert complete.locator(".complete-left").inner_text() == WORDS["en"]["unsolved"].format(count=puzzles - 1)
    complete.locator(".open-unsolved").click()
    second = page.locator("section.puzzle").nth(1).evaluate("s => s.closest('.lesson-step').id")
    assert visible_steps(page) == [second]


def test_a_deep_link_opens_the_step_of_its_puzzle(visit, base_url):
    v = visit(**SIZES["phone"])
    page = v.open(base_url + "/fi/lessons/overtaking/#puzzle-cannot-overtake")
    section = page.locator("#puzzle-cannot-overtake")
    assert section.is_visible()
    step = section.evaluate("s => s.closest('.lesson-step').id")
    assert visible_steps(page) == [step]
    assert page.evaluate("document.activeElement.id") == "puzzle-cannot-overtake"
    # the player keeps the step in the address, so the language switch keeps it too
    page.locator(".player-nav .next").click()
    href = page.locator("a.lang-switch").get_attribute("href")
    assert "#" in href and href.split("#")[1] == page.evaluate("location.hash.slice(1)")


def test_the_reading_view_is_the_whole_lesson_and_passes_axe(visit, base_url):
    from axe_playwright_python.sync_playwright import Axe

    words = WORDS["fi"]
    v = visit(bypass_csp=True, **SIZES["phone"])
    page = v.open(base_url + "/fi/lessons/declaring-trump/")
    toggle = page.locator(".player-bar .view-toggle")
    assert toggle.inner_text() == words["read_all"]
    bad = [x for x in Axe().run(page).response["violations"] if x["impact"] in ("serious", "critical")]
    assert not bad, ("player", [(x["id"], x["nodes"][0]["html"]) for x in bad])
    toggle.click()
    steps = page.locator(".lesson-step").count()
    assert len(visible_steps(page)) == steps
    assert not page.locator(".player-nav").is_visible()
    assert toggle.inner_text() == words["play_steps"]
    # remembered: the next lesson opens as one page too
    page = v.open(base_url + "/fi/lessons/trumping/")
    assert len(visible_steps(page)) == page.locator(".lesson-step").count()
    bad = [x for x in Axe().run(page).response["violations"] if x["impact"] in ("serious", "critical")]
    assert not bad, ("reading view", [(x["id"], x["nodes"][0]["html"]) for x in bad])
    # "next puzzle" on the one page goes to the next puzzle
    first = page.locator("section.puzzle").first
    solve(first)
    after = first.locator(".next-after")
    assert after.inner_text() == f"{words['next_puzzle']} →"
    after.click()
    second = page.locator("section.puzzle").nth(1).get_attribute("id")
    page.wait_for_function("(id) => document.activeElement.id === id", arg=second)
    page.locator(".player-bar .view-toggle").click()
    assert len(visible_steps(page)) == 1


def negative_score_puzzle(page):
    return page.evaluate(
        """[...document.querySelectorAll('section.puzzle[data-kind="score"]')]
            .map((s) => [s.id, JSON.parse(s.dataset.answers).number]).find(([, n]) => n < 0)"""
    )


@pytest.mark.parametrize("how", ["sign key", "typed minus"])
def test_a_minus_can_be_typed_on_a_phone(visit, base_url, how):
    v = visit(**SIZES["phone"])
    page = v.open(base_url + "/fi/lessons/scoring/")
    page.locator(".player-bar .view-toggle").click()  # find the puzzle on the whole page
    pid, number = negative_score_puzzle(page)
    page.goto(f"{base_url}/fi/lessons/scoring/#{pid}")
    page.wait_for_selector("body[data-ready]", state="attached")
    section = page.locator(f"#{pid}")
    field = section.locator("input.number")
    key = section.locator("button.sign-key")
    assert key.is_visible() and key.get_attribute("aria-label") == WORDS["fi"]["sign_key"]
    wrong = str(abs(number) + 10)
    if how == "sign key":
        field.tap()
        field.type(wrong)
        key.tap()
        assert field.input_value() == f"-{wrong}"
        assert page.evaluate("document.activeElement.classList.contains('number')")  # the keypad stays
        section.locator("button.check").tap()
        section.locator(".feedback.wrong").wait_for()
        assert f"-{wrong}" in section.locator(".feedback").inner_text().replace("\u2212", "-")
        field.fill(str(abs(number)))
        key.tap()
        key.tap()
        key.tap()
    else:
        field.fill("")
        field.type(f"\u2212{abs(number)}")
    section.locator("button.check").tap()
    section.locator(".feedback.right").wait_for()
    shot(page, f"minus-{how.replace(' ', '-')}-phone-fi")


def deal_answer(table, index):
    return next(a for a, x in table["steps"][index]["answers"].items() if x["verdict"] == "correct")


@pytest.mark.parametrize("size", SIZES)
def test_the_guided_deal_offers_only_legal_declarations_and_never_moves_the_page(visit, base_url, size):
    v = visit(**SIZES[size])
    page = v.open(base_url + "/fi/lessons/first-deal/#puzzle-first-deal")
    section = page.locator("#puzzle-first-deal")
    table = json.loads(section.get_attribute("data-answers"))
    steps = section.locator(".deal-step")
    for index in range(steps.count()):
        step = steps.nth(index)
        assert step.is_visible()
        kind = step.get_attribute("data-step-kind")
        entries = table["steps"][index]["answers"]
        offered = [b.get_attribute("data-choice") for b in step.locator("button.choice").all()]
        # a declaration on offer is always one the rules allow (another card or a pass may be
        # offered to be refused with the engine's reason: that is the lesson)
        illegal = [c for c in offered if c.startswith("trump:") and entries[c]["verdict"] == "illegal"]
        assert not illegal, (index + 1, offered)
        if kind == "play":
            declarations = [c for c in offered if c.startswith("trump:")]
            assert declarations in ([], ["trump:S", "trump:H"], ["trump:H"]), (index + 1, declarations)
        if kind == "score":
            control = step.locator("button.check")
        elif step.get_attribute("data-size"):
            for card in deal_answer(table, index).split(":")[1].split("."):
                step.locator(f'.hand button[data-card="{card}"]').click()
            control = step.locator("button.check")
        elif kind == "play" and not deal_answer(table, index).startswith("trump:"):
            control = step.locator(f'.hand button[data-card="{deal_answer(table, index)}"]')
        else:
            control = step.locator(f'button[data-choice="{deal_answer(table, index)}"]')
        if kind == "score":
            step.locator("input.number").fill(str(table["steps"][index]["number"]))
        control.scroll_into_view_if_needed()
        page.wait_for_timeout(50)
        before = page.evaluate("window.scrollY")
        control.click()
        if index + 1 < steps.count():
            steps.nth(index + 1).wait_for()
            page.wait_for_timeout(150)  # a time for the page to move if it would: nothing to wait for
            assert page.evaluate("window.scrollY") == before, f"step {index + 1} moved the page"
            if index == 6 and size == "phone":
                shot(page, "guided-step-8-phone-fi")
        else:
            step.locator(".feedback.right").wait_for()
    assert not v.errors


@pytest.mark.parametrize("width", [360, 390])
def test_the_front_page_with_progress_has_no_sideways_scroll(visit, base_url, width):
    v = visit(viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True)
    page = v.open(base_url + "/fi/")
    ids = page.evaluate("[...document.querySelectorAll('.course li')].flatMap((li) => li.dataset.puzzles.split(' '))")
    records = {pid: {"solved": True, "firstTry": i % 3 != 0, "hints": 0} for i, pid in enumerate(ids[:60])}
    page.evaluate(
        "(puzzles) => localStorage.setItem('huutopussi.progress', JSON.stringify({version: 2, puzzles}))", records
    )
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    assert page.locator(".course li.done").count() > 3
    assert no_sideways_scroll(page), page.evaluate("document.documentElement.scrollWidth")
    overflow = page.evaluate(
        """[...document.querySelectorAll('.course .lesson-card')].filter((card) => {
            const box = card.getBoundingClientRect();
            return [...card.querySelectorAll('*')].some((n) => n.getBoundingClientRect().right > box.right + 0.5);
        }).length"""
    )
    assert overflow == 0
    state = page.locator(".course li.done .state").first
    assert state.inner_text().endswith("ratkaistu")
    page.locator(".course li.done").first.scroll_into_view_if_needed()
    shot(page, f"front-progress-{width}-fi")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_not_found_page_speaks_the_language_of_its_folder(visit, base_url, lang):
    v = visit()
    response = v.page.goto(f"{base_url}/{lang}/lessons/no-such-lesson/")
    assert response.status == 404
    v.page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    assert v.page.locator("h1").inner_text() == CATALOGS[lang]["ui"]["not_found_title"]
    assert v.page.locator("main section").first.get_attribute("lang") == lang
    assert v.page.locator("a.brand").get_attribute("href") == f"/{lang}/"
    assert v.page.title().startswith(CATALOGS[lang]["ui"]["not_found_title"])
    assert not v.errors


def test_a_fan_spreads_to_its_width_keeps_every_index_in_view_and_stays_opaque_once_solved(visit, base_url):
    v = visit(**SIZES["phone"])
    page = v.open(base_url + "/fi/lessons/game-at-a-glance/#puzzle-glance-void-any")
    section = page.locator("#puzzle-glance-void-any")
    cards = section.locator(".hand button.card")
    count = cards.count()
    assert count >= 5
    settle(page)
    you, boxes = section.evaluate(
        """(s) => [s.querySelector(".you").getBoundingClientRect().toJSON(),
            [...s.querySelectorAll(".hand button.card .face")].map((f) => f.getBoundingClientRect().toJSON())]"""
    )
    # five cards on a phone: spread over the width there is (not 44 px strips with room to spare)
    assert boxes[-1]["x"] + boxes[-1]["width"] >= you["x"] + you["width"] - 12
    assert boxes[-1]["x"] + boxes[-1]["width"] <= you["x"] + you["width"] + 0.5
    assert all(abs(b["y"] - boxes[0]["y"]) < 1 for b in boxes), "the fan wrapped"
    # a raised card, hovered or focused, never covers its right neighbour's index
    cards.nth(1).focus()  # raised by focus and hover (a tap would answer the puzzle and play the card away)
    cards.nth(1).hover()
    settle(page)  # hover scrolls the card into view: measure the neighbour where it is now
    covering = section.evaluate(
        """(s) => {
            const r = s.querySelectorAll(".hand button.card .face")[2].getBoundingClientRect();
            const inView = r.top >= 0 && r.top + 10 < innerHeight;
            return [inView, document.elementFromPoint(r.x + 6, r.y + 10)?.closest("button")?.dataset.card];
        }"""
    )
    assert covering == [True, cards.nth(2).get_attribute("data-card")]
    solve(section)
    opacities = section.locator(".hand button.card .face").evaluate_all(
        "(faces) => faces.map((f) => getComputedStyle(f).opacity)"
    )
    assert set(opacities) == {"1"}, opacities
    shot(page, "fan-solved-phone-fi")
