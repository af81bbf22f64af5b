"""User journeys in real Chromium against the built site on 127.0.0.1."""

import json
import re
from collections import Counter
from html import unescape
from urllib.parse import quote, urlparse

import pytest
from e2e.conftest import asset_url
from playwright.sync_api import expect

from engine import puzzles
from sitebuild import cache
from sitebuild.catalogs import fmt, load_catalog
from sitebuild.offline import first_visit_files, offline_files

LESSON = "/{lang}/lessons/follow-suit/"


# The lesson player (site/assets/lesson-player.js) shows one step at a time; journeys that work
# with every puzzle of a lesson page at once read it as one page, as a learner may choose to.
READING_VIEW = "try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}"


def reading_view(v):
    v.context.add_init_script(READING_VIEW)
    return v


def puzzle(page, pid):
    return page.locator(f"#puzzle-{pid}")


def feedback(section):
    section.locator(".feedback .verdict").first.wait_for(timeout=30_000)
    return section.locator(".feedback").inner_text()


@pytest.mark.parametrize(
    "lang, title", [("fi", "Tikin avaaminen ja maan tunnustaminen"), ("en", "Leading and following suit")]
)
def test_open_a_lesson_in_each_language(visit, base_url, lang, title):
    v = visit()
    page = v.open(base_url + LESSON.format(lang=lang))
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").inner_text() == title
    links = {a.get_attribute("hreflang") for a in page.locator('link[rel="alternate"]').all()}
    assert {"fi", "en", "x-default"} <= links
    assert not v.errors


def test_a_lesson_page_judges_puzzles_without_starting_the_engine(visit, base_url):
    v = visit()
    page = v.open(
        base_url + "/en/lessons/overtaking/#puzzle-overtake-king"
    )  # its step (text before it is one of its own)
    section = puzzle(page, "overtake-king")
    section.locator('button[data-card="H9"]').click()
    assert "You must overtake" in feedback(section)
    page.wait_for_timeout(500)  # a time for the engine to start if it would: nothing to wait for
    assert not [u for u in v.requests if "/pyodide/" in u or "worker" in u], "a lesson page started the engine"


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("fi", "Ylimenopakko: sinulla on herttasotilasta suurempi hertta, joten sinun on pelattava sellainen."),
        ("en", "You must overtake: you can beat the jack of hearts with one of your hearts, so play such a card."),
    ],
)
def test_illegal_card_shows_the_reason_then_the_right_card_succeeds(visit, base_url, lang, expected):
    page = visit().open(base_url + f"/{lang}/lessons/overtaking/#puzzle-overtake-king")  # the puzzle's own step
    section = puzzle(page, "overtake-king")
    section.locator('button[data-card="H9"]').click()
    assert expected in feedback(section)
    section.locator('button[data-card="HK"]').click()
    section.locator(".verdict.right").wait_for()
    assert section.locator(".solution-text").is_visible()


def test_deep_link_opens_the_puzzle(visit, base_url):
    page = visit().open(base_url + "/en/lessons/declaring-trump/#puzzle-keep-the-pair")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "puzzle-keep-the-pair"
    assert puzzle(page, "keep-the-pair").is_visible()


def test_language_switch_keeps_lesson_and_puzzle(visit, base_url):
    page = visit().open(base_url + "/fi/lessons/overtaking/#puzzle-cannot-overtake")
    page.locator("a.lang-switch").click()
    page.wait_for_url("**/en/lessons/overtaking/#puzzle-cannot-overtake")
    assert page.locator("html").get_attribute("lang") == "en"


def test_solve_a_puzzle_with_the_keyboard_alone(visit, base_url):
    page = visit().open(base_url + "/en/lessons/overtaking/#puzzle-overtake-queen")
    section = puzzle(page, "overtake-queen")
    for _ in range(25):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card") == "HQ":
            break
    else:
        pytest.fail("Tab never reached the queen of hearts")
    page.keyboard.press("Enter")  # mark it
    assert section.locator('button[data-card="HQ"]').get_attribute("aria-pressed") == "true"
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.className") == "check":
            break
    page.keyboard.press("Space")
    section.locator(".verdict.right").wait_for()


def test_hidden_cards_do_not_leak_to_screen_readers(visit, base_url):
    page = visit().open(base_url + "/fi/lessons/overtaking/")
    section = puzzle(page, "overtake-king")
    hidden = section.locator(".seat .hidden-cards").first
    assert hidden.inner_text() == "2 piilossa olevaa korttia"
    assert hidden.locator("[aria-label]").count() == 0
    labels = [b.get_attribute("aria-label") for b in section.locator(".hand button").all()]
    assert labels == ["pata yhdeksikkö", "hertta kuningas", "hertta yhdeksikkö"]


def test_no_request_leaves_127_0_0_1(visit, base_url):
    v = reading_view(visit())
    page = v.open(base_url + "/fi/lessons/declaring-trump/")
    section = puzzle(page, "keep-the-pair")
    section.locator('button[data-card="HK"]').click()
    assert "110" in feedback(section)
    page = v.open(base_url + "/en/practice/")  # a page that starts the engine
    page.locator("#drill section.puzzle").wait_for(timeout=90_000)  # from the build's bank
    page.locator("html[data-engine-start]").wait_for(state="attached", timeout=90_000)  # the engine ran
    hosts = {urlparse(u).hostname for u in v.requests}
    assert hosts == {"127.0.0.1"}, hosts
    assert any(u.endswith(".wasm") for u in v.requests)


def test_missing_pyodide_files_keep_every_lesson_puzzle_working(visit, broken_base_url):
    v = reading_view(visit())
    page = v.open(broken_base_url + "/fi/lessons/follow-suit/")
    section = puzzle(page, "follow-low")
    section.locator('button[data-card="CJ"]').click()
    assert "pelaa herttaa" in feedback(section)
    section.locator('button[data-card="H7"]').click()
    section.locator(".verdict.right").wait_for()
    assert "herttaseiska" in section.locator(".solution-text").inner_text().lower()
    # practice: the first drill (prepared at build time) is there, and the page says what needs the engine
    page = v.open(broken_base_url + "/fi/practice/")
    page.locator("#drill section.puzzle").wait_for(timeout=10_000)
    message = page.locator("#practice-engine.failed").inner_text(timeout=60_000)
    assert "Pelimoottoria ei saatu käyntiin." in message
    assert "uudet tehtävät tarvitsevat sitä" in message


def test_axe_finds_no_serious_violations(visit, base_url):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path in (
        "/fi/",
        "/en/lessons/follow-suit/",
        "/fi/lessons/declaring-trump/",
        "/fi/lessons/bidding/",
        "/fi/lessons/scoring/",
        "/fi/rules/faq-pairs/",
        "/en/rules/",
        "/fi/glossary/",
        "/",
    ):
        v = visit(bypass_csp=True)  # axe-core is injected as a script
        page = v.open(base_url + path, ready=path != "/")  # the root page has no script
        results = axe.run(page)
        bad = [x for x in results.response["violations"] if x["impact"] in ("serious", "critical")]
        assert not bad, (path, [(x["id"], x["nodes"][0]["html"]) for x in bad])


def answer_through_page(section, spec):
    """Give the engine's solution to a puzzle by clicking and typing as a learner would."""
    kind = spec["kind"]
    if kind in TABLE_KINDS:
        answer_from_table(section, kind, json.loads(section.get_attribute("data-answers")))
        return
    with cache.installed():  # the deep solver searches as the build computed them (a test alone has no other)
        solution = puzzles.check(spec)
    if kind in ("legal-card", "best-card"):
        section.locator(f'.hand button[data-card="{solution["cards"][0]}"]').click()
    elif kind == "trick-winner":
        section.locator(f'.trick button[data-card="{solution["cards"][0]}"]').click()
    elif kind == "all-legal":
        for card in solution["cards"]:
            section.locator(f'.hand button[data-card="{card}"]').click()
        section.locator("button.check").click()
    elif kind == "declare":
        section.locator(f'button[data-choice="{solution["best"][0]}"]').click()
    elif kind == "auction":
        section.locator(f'button[data-choice="{solution["seat"]}"]').click()
    elif kind == "score":
        section.locator("input.number").fill(str(solution["score"]))
        section.locator("input.number").press("Enter")
    section.locator(".verdict.right").wait_for(timeout=30_000)


def reason_text(reason, cat):
    """A reason sentence as present/text.py: reason_text writes it (variants by parameter)."""
    entry = cat["reasons"][reason["code"]]
    if isinstance(entry, dict):
        entry = entry[next((k for k in entry if k and reason["params"].get(k) not in (None, False)), "")]
    return fmt(entry, reason["params"], cat)


def wrong_answer_through_page(section, spec, cat):
    """Give the first answer the engine calls illegal or not the best (for all-legal: mark an
    illegal card), and check that the page says the engine's reason or loss."""
    if spec["kind"] not in ("legal-card", "best-card", "declare", "all-legal"):
        return 0
    with cache.installed():  # as the build computed it (deep solver searches allowed, from its cache)
        table = puzzles.answer_table(spec)
    wrong = [a for a, v in table["answers"].items() if v["verdict"] in ("illegal", "legal-not-best")]
    if not wrong:
        return 0
    if spec["kind"] == "all-legal":
        verdict = table["answers"][wrong[0]]
        section.locator(f'.hand button[data-card="{wrong[0]}"]').click()
        section.locator("button.check").click()
    else:
        verdict = puzzles.judge(spec, wrong[0])
        kind = "choice" if spec["kind"] == "declare" else "card"
        section.locator(f'button[data-{kind}="{wrong[0]}"]').click()
    text = feedback(section)
    if verdict["verdict"] == "illegal":
        assert reason_text(verdict["reason"], cat) in text, (spec, wrong[0], text)
    else:
        assert re.search(rf"\b{verdict['loss']}\b", text), (spec, wrong[0], verdict["loss"], text)
    if spec["kind"] == "all-legal":
        section.locator(f'.hand button[data-card="{wrong[0]}"]').click()  # unmark it again
    return 1


# kinds whose answers were estimated or scripted at build time: the page's own answer table says
# which answer is right (the engine computed it; the build checked it)
TABLE_KINDS = ("bid", "raise", "discard", "give", "lead", "count", "deal")


def _right(table):
    return next(a for a, v in table["answers"].items() if v["verdict"] == "correct")


def answer_from_table(section, kind, table):
    if kind == "deal":
        for index, step_table in enumerate(table["steps"]):
            step = section.locator(f'.deal-step[data-step="{index}"]')
            step.wait_for(state="visible", timeout=10_000)
            answer_step(step, step_table)
        section.locator(".verdict.right").wait_for(timeout=30_000)
        return
    if kind == "count":
        section.locator("input.number").fill(str(table["number"]))
        section.locator("input.number").press("Enter")
    elif kind == "lead":
        section.locator(f'.hand button[data-card="{_right(table)}"]').click()
    else:
        section.locator(f'button.choice[data-choice="{_right(table)}"]').click()
    section.locator(".verdict.right").wait_for(timeout=30_000)


def answer_step(step, table):
    kind = table["kind"]
    if kind == "score":
        step.locator("input.number").fill(str(table["number"]))
        step.locator("input.number").press("Enter")
        return
    right = _right(table)
    if kind in ("discard", "give", "return"):
        for card in right.split(":", 1)[1].split("."):
            step.locator(f'.hand button[data-card="{card}"]').click()
        step.locator("button.check").click()
    elif kind == "play" and step.locator(f'.hand button[data-card="{right}"]').count():
        step.locator(f'.hand button[data-card="{right}"]').click()
    else:
        step.locator(f'button.choice[data-choice="{right}"]').click()


class EveryPuzzle:
    """One language's every-puzzle check; a class of its own per case (TestEveryPuzzleFinnish
    without the engine, TestEveryPuzzleEnglish with it), so that pytest-xdist (``--dist loadscope``)
    runs the two side by side, a minute or more each."""

    lang: str
    engine: str

    def test_every_puzzle_of_every_lesson_can_be_solved(self, visit, base_url, broken_base_url, site_dir):
        """Every lesson puzzle is judged by its answer table, whether the engine could run or not:
        with no WebAssembly and no engine files, a wrong answer still gets the engine's reason or
        loss, and every right answer is accepted."""
        every_puzzle_solved(visit, base_url, broken_base_url, site_dir, self.lang, self.engine)


class TestEveryPuzzleFinnish(EveryPuzzle):
    lang, engine = "fi", "unavailable"


class TestEveryPuzzleEnglish(EveryPuzzle):
    lang, engine = "en", "available"


def every_puzzle_solved(visit, base_url, broken_base_url, site_dir, lang, engine):
    lessons = sorted(p.parent.name for p in (site_dir / lang / "lessons").glob("*/index.html"))
    assert lessons
    # reduced motion: no smooth scroll to each verdict for the next click to wait out, no card
    # moving to the trick (test_looks plays a card to the trick with and without motion)
    v = reading_view(visit(reduced_motion="reduce"))
    base = base_url
    if engine == "unavailable":
        base = broken_base_url
        v.context.add_init_script("delete globalThis.WebAssembly")
    cat = load_catalog(lang)
    wrong = 0
    for slug in lessons:
        page = v.open(f"{base}/{lang}/lessons/{slug}/")
        sections = page.locator("section.puzzle").all()
        assert sections
        for section in sections:
            spec = json.loads(section.get_attribute("data-puzzle"))
            if engine == "unavailable":
                wrong += wrong_answer_through_page(section, spec, cat)
            answer_through_page(section, spec)
    assert engine == "available" or wrong >= 30
    assert not [u for u in v.requests if "/pyodide/" in u or "/worker." in u]
    assert not v.errors


def test_without_webassembly_lessons_work_and_the_engine_pages_say_so(visit, base_url):
    v = reading_view(visit())
    v.context.add_init_script("delete globalThis.WebAssembly")
    page = v.open(base_url + "/en/lessons/follow-suit/")
    section = puzzle(page, "follow-low")
    section.locator('button[data-card="H7"]').click()
    section.locator(".verdict.right").wait_for()
    for path, where in (("/en/practice/", "#practice-engine"), ("/en/play/", "#engine-status")):
        page = v.open(base_url + path)
        status = page.locator(where).filter(has_text="WebAssembly").inner_text(timeout=30_000)
        assert "This page needs the game engine, which this browser cannot run" in status
        assert "The lessons and their puzzles work without it." in status
    page = v.open(base_url + "/en/position/#k=best-card&p=rules%3Athree-player%2Fhands%3AA..%2Flead%3A0")
    assert "this browser cannot run" in page.locator("#shared .error").inner_text(timeout=30_000)


def test_pick_by_touch_on_a_phone(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = v.open(base_url + "/fi/lessons/follow-suit/#puzzle-follow-low")
    section = puzzle(page, "follow-low")
    section.locator('button[data-card="CJ"]').tap()
    assert "Sinulla on herttaa, joten maata on tunnustettava: pelaa herttaa." in feedback(section)
    section.locator('button[data-card="H7"]').tap()
    section.locator(".verdict.right").wait_for()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"


def test_progress_is_saved_shown_and_reset(visit, base_url):
    v = reading_view(visit())
    page = v.open(base_url + "/fi/lessons/overtaking/")
    section = puzzle(page, "overtake-king")
    section.locator('button[data-card="HK"]').click()
    section.locator(".verdict.right").wait_for()
    stored = json.loads(page.evaluate("localStorage.getItem('huutopussi.progress')"))
    assert stored["version"] == 2
    assert stored["puzzles"]["overtake-king"] == {
        "solved": True,
        "firstTry": True,
        "hints": 0,
        "revealed": False,
    }
    second = puzzle(page, "overtake-queen")
    second.locator(".show-hint").click()
    second.locator('button[data-card="HQ"]').click()
    second.locator("button.check").click()
    second.locator(".verdict.right").wait_for()
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
    assert puzzle(page, "overtake-king").locator(".puzzle-progress").inner_text() == (
        "Ratkaistu ensimmäisellä yrityksellä ✓"
    )
    assert puzzle(page, "overtake-queen").locator(".puzzle-progress").inner_text() == "Ratkaistu ✓"
    total = page.locator("section.puzzle").count()
    assert page.locator("[data-progress-lesson]").first.inner_text() == f"2/{total} ratkaistu"
    index = v.open(base_url + "/fi/")
    assert index.locator('[data-progress-lesson="overtaking"]').inner_text() == f"2/{total} ratkaistu"
    index.once("dialog", lambda d: d.accept())
    index.locator('button[data-reset=""]').click()
    assert index.locator('[data-progress-lesson="overtaking"]').inner_text() == ""


def test_corrupt_or_old_progress_never_breaks_a_page(visit, base_url):
    for stored in ("{not json", '{"version": 0, "puzzles": {"x": 1}}', '{"version": 1, "puzzles": {"a/b": "yes"}}'):
        v = visit()
        v.context.add_init_script(f"localStorage.setItem('huutopussi.progress', {json.dumps(stored)})")
        page = v.open(base_url + "/en/lessons/overtaking/#puzzle-overtake-king")
        section = puzzle(page, "overtake-king")
        section.locator('button[data-card="HK"]').click()
        section.locator(".verdict.right").wait_for()
        assert not v.errors


def test_copy_link_of_a_puzzle(visit, base_url):
    v = reading_view(visit(permissions=["clipboard-read", "clipboard-write"]))
    page = v.open(base_url + "/en/lessons/overtaking/#puzzle-overtake-queen")
    section = puzzle(page, "cannot-overtake")
    copy = section.locator("button.copy-link")
    assert copy.get_attribute("aria-label") == "Copy link" and copy.inner_text() == ""  # an icon, named
    copy.click()
    section.locator(".copy-status").filter(has_text="Link copied.").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == base_url + "/en/p/cannot-overtake/"  # the puzzle's own page, which unfurls in a chat
    section.locator(".copy-status").filter(has_text="Link copied.").wait_for(state="hidden", timeout=8_000)


def test_a_shared_position_names_the_bidder_in_lower_case(visit, base_url):
    """The contract's seat reads as in a sentence, "60 (vasemmalla)", as on the lesson pages."""
    position = quote(
        "rules:three-player/hands:6...,7...,8.../lead:0/bidder:1/bid:60/points:33,50,37/tricks:3,4,3", safe=""
    )
    page = visit().open(base_url + "/fi/position/#k=legal-card&p=" + position)
    state = page.locator("#puzzle-shared dl.state")
    state.wait_for(timeout=90_000)
    assert "60 (vasemmalla)" in state.inner_text()


def test_build_a_position_share_it_and_solve_it(visit, base_url):
    v = visit()
    page = v.open(base_url + "/en/position/")
    page.select_option("#ed-rules", "three-player")
    # three players: no fourth seat to lead, hidden and disabled (some phones' pickers show hidden options)
    assert page.eval_on_selector("#ed-lead option[value='3']", "o => o.hidden && o.disabled")
    page.fill("#ed-hand-0", "..6.AKQ")
    page.fill("#ed-hand-1", "A.A.TJ.")
    page.fill("#ed-hand-2", "T.T.9.")
    page.select_option("#ed-lead", "2")
    page.fill("#ed-trick", "HJ")
    page.select_option("#ed-kind", "best-card")
    page.click("button.make-link")
    page.locator("#ed-link-row").wait_for(timeout=90_000)
    href = page.get_attribute("#ed-link", "href")
    assert href.startswith("#k=best-card&p=rules%3Athree-player")
    page.click("#ed-link")
    section = page.locator("#puzzle-shared")
    section.wait_for(timeout=60_000)
    section.locator('button[data-card="HK"]').click()
    assert "gives away 110 points" in feedback(section)
    section.locator('button[data-card="HA"]').click()
    section.locator(".verdict.right").wait_for()
    # the link works on its own, in a fresh browser, in the other language
    other = visit().open(base_url + "/fi/position/" + href)
    other.locator("#puzzle-shared").wait_for(timeout=90_000)
    assert other.locator("#puzzle-shared .hand button").count() == 4


@pytest.mark.parametrize(
    "fragment, expected",
    [
        ("#k=best-card&p=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "does not know: “<img src=x onerror=alert(1)>”"),
        ("#k=best-card&p=rules%3Anope%2Fhands%3A%2Flead%3A0", "There is no rule set called “nope”."),
        ("#k=legal-card&p=rules%3Athree-player%2Fhands%3AAK..%2Flead%3A0", "number of players (3)"),
        ("#k=%3Cscript%3E&p=x", "“<script>”"),
    ],
)
def test_malformed_or_hostile_links_show_a_message(visit, base_url, fragment, expected):
    v = visit()
    dialogs = []
    v.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page = v.open(base_url + "/en/position/" + fragment)
    error = page.locator("#shared .error")
    error.wait_for(timeout=90_000)
    assert "cannot be opened" in error.inner_text() and expected in error.inner_text()
    assert page.locator("#shared img, #shared script").count() == 0
    assert not dialogs and not v.errors


def wait_for_offline_copy(page):
    for _ in range(480):
        if page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.active.state)") == "activated":
            return
        page.wait_for_timeout(250)
    pytest.fail("the service worker never activated")


@pytest.mark.parametrize("first", ["/fi/lessons/overtaking/", "/en/practice/"])
def test_a_first_visit_downloads_each_file_once_and_then_works_offline(browser, recording_server, site_dir, first):
    """The page's own files and the offline copy the service worker adds: every file comes from
    the server exactly once. A lesson keeps the lessons but not the engine, until the learner
    presses "keep the engine"; a page that started the engine keeps it at once. Then lessons,
    glossary, rules, practice and play work with the network gone."""
    words = load_catalog("fi" if "/fi/" in first else "en")["lesson_player"]
    base = f"http://127.0.0.1:{recording_server.server_port}"
    context = browser.new_context()
    context.add_init_script(READING_VIEW)
    try:
        page = context.new_page()
        page.goto(base + first)
        if "practice" in first:
            page.locator("#drill section.puzzle").wait_for(timeout=90_000)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        wait_for_offline_copy(page)
        status = page.locator(".offline-status p")
        wanted = {"/" + name.removeprefix("./") for name in offline_files(site_dir)}
        engine = {name for name in wanted if "/pyodide/" in name}
        assert engine
        if "practice" in first:
            page.wait_for_function(
                "(text) => document.querySelector('.offline-status p')?.textContent === text",
                arg=words["offline_engine"],
                timeout=120_000,
            )
        else:
            page.wait_for_function(
                "() => document.querySelector('.offline-status p')?.textContent.length > 0", timeout=60_000
            )
            assert words["offline_engine_missing"] in status.inner_text()
            served = {path for path, status_code, _ in recording_server.served if status_code == 200}
            assert not served & engine, "a lesson's first visit downloaded the engine"
            first_visit = {"/" + name.removeprefix("./") for name in first_visit_files(site_dir)}
            assert first_visit <= served, sorted(first_visit - served)[:5]
            keep = page.locator(".offline-status button.keep-engine")
            assert keep.is_visible()
            keep.click()
            page.wait_for_function(
                "(text) => document.querySelector('.offline-status p')?.textContent === text",
                arg=words["offline_engine"],
                timeout=180_000,
            )
        downloads = Counter(path for path, status_code, _ in recording_server.served if status_code == 200)
        assert [path for path, count in downloads.items() if count > 1] == []
        # not even asked for again (a revalidation): the open page comes from the HTTP cache
        requests = Counter(path for path, _, _ in recording_server.served)
        assert [path for path, count in requests.items() if count > 1] == []
        assert engine <= set(downloads), sorted(engine - set(downloads))[:5]
        if "practice" not in first:  # asked for: the whole site, every page and the engine
            assert wanted <= set(downloads), sorted(wanted - set(downloads))[:5]
        if "practice" in first:
            return
        context.set_offline(True)
        page.goto(base + "/en/lessons/trumping/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        section = puzzle(page, "must-trump")
        section.locator('button[data-card="CJ"]').click()
        assert "you must trump" in feedback(section).lower() or "so play diamonds" in feedback(section)
        section.locator('button[data-card="DK"]').click()
        section.locator(".verdict.right").wait_for()
        page.goto(base + "/fi/glossary/")
        assert page.locator("h1").inner_text() == "Sanasto"
        page.goto(base + "/en/rules/faq/")
        assert page.locator("h1").count() == 1
        page.goto(base + "/fi/practice/")
        page.locator("#drill section.puzzle").wait_for(timeout=90_000)
        page.goto(base + "/en/play/")
        page.locator("#play-settings").click()  # the table first; the settings are a sheet
        page.locator("button.start").click()
        page.locator("#game").wait_for(timeout=90_000)
        # an address the site does not have, offline: the site's own "page not found", not the browser's error
        asked = len(recording_server.served)
        response = page.goto(base + "/fi/lessons/no-such-lesson/")
        assert response.status == 404
        assert page.locator("h1").first.inner_text() in ("Sivua ei löytynyt", "Page not found")
        assert page.locator('a[href="/fi/"]').count() >= 1
        # never reached the server (a request the play page made before, answered late, may be logged after)
        late = [path for path, _, _ in recording_server.served[asked:]]
        assert [path for path in late if path.startswith("/fi/lessons/no-such-lesson")] == [], late
    finally:
        context.set_offline(False)
        context.close()


@pytest.mark.parametrize("connection", ["{saveData: true}", "{saveData: false, effectiveType: '2g'}"])
def test_no_offline_copy_on_a_connection_that_asks_to_save_data(browser, base_url, connection):
    context = browser.new_context()
    context.add_init_script(f"Object.defineProperty(navigator, 'connection', {{value: {connection}}})")
    try:
        page = context.new_page()
        page.goto(base_url + "/fi/lessons/overtaking/")
        page.wait_for_load_state("load")
        page.wait_for_timeout(2500)  # longer than the idle wait before registering
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
    finally:
        context.close()


def test_practice_drills_every_theme_with_a_streak(visit, base_url):
    from engine.coach.drills import THEMES

    v = visit()
    page = v.open(base_url + "/en/practice/")
    for n, theme in enumerate(THEMES, 1):
        page.click(f'button[data-theme="{theme}"]')
        section = page.locator(f'#drill section.puzzle[data-theme="{theme}"]')
        section.wait_for(timeout=90_000)
        spec = json.loads(section.get_attribute("data-puzzle"))
        answer_through_page(section, spec)
        # the streak goes on across a change of theme
        assert page.locator("#streak").inner_text().startswith(f"Streak: {n} right in a row.")
    page.click("#next-drill")
    section = page.locator("#drill section.puzzle")
    section.wait_for(timeout=90_000)
    spec = json.loads(section.get_attribute("data-puzzle"))
    assert spec["theme"] == THEMES[-1]
    section.locator(".show-solution").click()
    assert page.locator("#streak").inner_text().startswith("Streak: 0")
    assert f"Best streak: {len(THEMES)}." in page.locator("#streak").inner_text()
    assert not v.errors


def test_play_a_deal_against_the_computer_on_a_phone(visit, base_url):
    v = visit(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = v.open(base_url + "/fi/play/")
    page.locator("#play-settings").tap()  # the table first; the settings are a sheet
    page.select_option("#play-rules", "faq")
    page.locator("button.start").tap()
    game = page.locator("#game")
    game.wait_for(timeout=90_000)

    def answered(before):
        """Until the page has shown the engine's answer (every answer, a refusal too, is a new step)."""
        expect(game).not_to_have_attribute("data-step", before, timeout=120_000)
        expect(game).to_have_attribute("aria-busy", "false", timeout=120_000)

    for _ in range(80):
        step = game.get_attribute("data-step")
        phase, mine = game.get_attribute("data-phase"), game.get_attribute("data-to-move") == "0"
        if int(game.get_attribute("data-tricks")) >= 3:
            break
        assert phase != "done"
        assert mine, "after a step it is always your turn again"
        if phase == "auction":
            page.locator("#actions button.choice").first.tap()  # pass, or the forced opening bid
        elif phase == "discard":
            for card in page.locator("#hand button").all()[:3]:
                card.tap()
            page.locator("#actions button.choice").tap()
        elif phase == "raise":
            page.locator("#actions button.choice").first.tap()
        else:
            for card in page.locator("#hand button").all():
                before = game.get_attribute("data-step")
                card.tap()
                answered(before)
                if page.locator("#play-feedback .verdict").count():  # an illegal card is refused
                    assert "Tätä korttia ei saa pelata." in page.locator("#play-feedback").inner_text()
                    continue
                break
            continue
        answered(step)
    assert int(game.get_attribute("data-tricks")) >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not v.errors


def test_the_page_judges_every_answer_exactly_as_the_engine(visit, base_url, site_dir):
    """site/assets/answers.js against engine.puzzles.judge_with_table, for every answer of every
    lesson puzzle, marked sets for all-legal and typed numbers (the recognised mistakes among
    them) for score and count."""
    tables = []
    for path in sorted((site_dir / "en" / "lessons").glob("*/index.html")):
        html = path.read_text(encoding="utf-8")
        for raw in re.findall(r'data-answers="([^"]*)"', html):
            tables.append(json.loads(unescape(raw)))
    assert len(tables) >= 100
    cases = []
    for table in tables:
        # a guided deal is judged step by step: {"step": i, "answer": a}
        for i, step in enumerate(table.get("steps", [table])):
            wrap = (lambda a, i=i: {"step": i, "answer": a}) if "steps" in table else (lambda a: a)
            answers = list(step["answers"])
            if step["answer"] == "cards":
                legal = [a for a, v in step["answers"].items() if v["verdict"] == "legal"]
                sets = [legal, answers, answers[:1], [], legal[1:] + answers[:1]]
                cases += [(table, sorted(set(s))) for s in sets]
            elif "number" in step:
                n = step["number"]
                numbers = (str(n), f" {n} ", str(n + 5), "abc", "", "9" * 30, "−" + str(abs(n)))
                mistakes = [str(m["number"]) for m in step.get("mistakes", [])]  # each recognised slip
                cases += [(table, wrap(x)) for x in (*numbers, *mistakes)]
            else:
                cases += [(table, wrap(a)) for a in answers]
    expected = [puzzles.judge_with_table(t, a) for t, a in cases]
    page = visit().open(base_url + "/en/")
    got = page.evaluate(
        """async ([cases, url]) => {
            const { judgeWithTable } = await import(url);
            return cases.map(([table, answer]) => judgeWithTable(table, answer));
        }""",
        [cases, asset_url(site_dir, "answers.js")],
    )
    assert got == expected


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_offline_after_one_visit_the_engine_pages_say_what_works_never_not_found(browser, base_url, lang):
    """One visit to the front page, then the network gone: play, practice, the position editor
    and the score sheet open (never the site's "page not found"), and the pages that need the
    engine, which is not kept yet, say plainly what works without a connection and what needs one
    online visit."""
    catalog = load_catalog(lang)
    not_found = {"Sivua ei löytynyt", "Page not found"}
    offline = catalog["ui"]["engine_offline"]
    context = browser.new_context()
    context.add_init_script(READING_VIEW)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/{lang}/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        wait_for_offline_copy(page)
        context.set_offline(True)
        for name in ("play", "practice", "position", "score"):
            response = page.goto(f"{base_url}/{lang}/{name}/")
            assert response is not None and response.status == 200, (name, response and response.status)
            assert page.locator("h1").first.inner_text() not in not_found, name
            if name in ("play", "practice"):
                page.wait_for_function(
                    "(text) => document.querySelector('main').innerText.includes(text)", arg=offline, timeout=120_000
                )
        page.goto(f"{base_url}/{lang}/position/#p=rules:three-player/hands:AK...,QJ...,T9.../lead:0")
        page.wait_for_function(
            "(text) => document.querySelector('main').innerText.includes(text)", arg=offline, timeout=120_000
        )
    finally:
        context.set_offline(False)
        context.close()
