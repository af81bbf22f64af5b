"""How the site looks and speaks, in Chromium at a phone's size (390x844, touch) and at a desktop's:
no page scrolls sideways, no page shows the other language's catalog text, cards are pictures
named by their spoken names, feedback is marked and locked, the front page invites, the editor's
errors are in the page's language. The journeys write screenshots of the key states to
test-results/screenshots/ (git-ignored) for a reviewer to look at."""

import json
import re
from pathlib import Path

import pytest
from e2e.conftest import asset_url
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screenshots"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}


def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, str):
        yield value


def foreign_fragments(lang: str) -> list[str]:
    """Pieces of the other language's catalog long enough to be recognised (the text between
    placeholders, at least two words and 12 characters) that this language's catalog lacks."""
    other = "en" if lang == "fi" else "fi"
    own = "\n".join(_leaves(CATALOGS[lang]))
    pieces = set()
    for text in _leaves(CATALOGS[other]):
        for piece in re.split(r"\{[^}]*\}", text):
            piece = piece.strip(" .,:;()–—“”\"'")
            if len(piece) >= 12 and " " in piece and piece not in own:
                pieces.add(piece)
    return sorted(pieces)


FOREIGN = {lang: foreign_fragments(lang) for lang in CATALOGS}

# The text a reader meets in the page's language: visible and hidden text and the names given to
# assistive technology; parts marked as another language (the language switch, the glossary's
# terms, the bilingual root and 404 pages) do not count.
PAGE_TEXT = """(lang) => {
  const body = document.body.cloneNode(true);
  for (const node of body.querySelectorAll("[lang]")) if (node.lang !== lang) node.remove();
  for (const node of body.querySelectorAll("script, .card-sprite")) node.remove();
  const names = [...body.querySelectorAll("[aria-label], [placeholder], [title]")].map(
    (n) => [n.getAttribute("aria-label"), n.getAttribute("placeholder"), n.getAttribute("title")].join(" "));
  return body.textContent + "\\n" + names.join("\\n");
}"""


# The lesson player shows one step at a time; the checks of several puzzles of a lesson at once
# read it as one page, as a learner may choose to.
READING_VIEW = "try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}"


def check_width(page, where: str) -> None:
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page is {scroll} px wide on a {width} px screen"


def check_page(page, lang: str, where: str) -> None:
    check_width(page, where)
    text = page.evaluate(PAGE_TEXT, lang)
    foreign = [piece for piece in FOREIGN[lang] if piece in text]
    assert not foreign, f"{where}: text of the other language on a {lang} page: {foreign[:5]}"


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def built_pages(site_dir: Path, lang: str) -> list[str]:
    pages = sorted(p.parent.relative_to(site_dir).as_posix() for p in (site_dir / lang).rglob("index.html"))
    return ["/" + p + "/" for p in pages]


# Every @media condition of the site's CSS: the layout depends on the width alone (hover moves
# nothing), so a page loaded at one size and resized to the other is laid out as one loaded there.
MEDIA_ALLOWED = re.compile(
    r"^(\((min|max)-width: [\d.]+rem\)( and \((min|max)-width: [\d.]+rem\))?"
    r"|\(prefers-reduced-motion: (reduce|no-preference)\)|print|\(hover: none\))$"
)


def media_conditions(site_dir: Path) -> set[str]:
    found = set()
    for css in (site_dir / "assets").glob("*.css"):
        found |= {m.strip() for m in re.findall(r"@media([^{]+)\{", css.read_text("utf-8"))}
    return found


def test_the_layout_depends_on_the_width_alone(site_dir):
    """What lets the every-page check below load each page once for both sizes: no media query on
    pointer, touch or height, and no page script that lays out by the window's width."""
    conditions = media_conditions(site_dir)
    assert conditions, "no @media rule found in the site's CSS"
    other = sorted(c for c in conditions if not MEDIA_ALLOWED.match(c))
    assert not other, f"media queries on more than the width: {other}; check pages in each context of SIZES"
    scripts = "\n".join(p.read_text("utf-8") for p in (ROOT / "site" / "assets").glob("*.js"))
    # (the scripts read window.innerHeight only to scroll after an answer, never to lay out)
    assert not re.search(r"innerWidth|matchMedia\(\"\((min|max)-width|ResizeObserver|screen\.width", scripts)


class EveryPage:
    """One language's every-page check; a class of its own per language (TestEveryPageFinnish,
    TestEveryPageEnglish), so that pytest-xdist (``--dist loadscope``: a worker runs a file's
    functions together, a class apart) runs the two side by side, minutes each."""

    lang: str

    def test_every_page_fits_the_screen_and_speaks_its_language(self, visit, base_url, site_dir):
        """Every page at a phone's size (touch) and at a desktop's: the page is loaded once and resized
        (test_the_layout_depends_on_the_width_alone says why that is the same), the sizes taking
        turns in which one the page is loaded at."""
        every_page_fits(visit, base_url, site_dir, self.lang)


class TestEveryPageFinnish(EveryPage):
    lang = "fi"


class TestEveryPageEnglish(EveryPage):
    lang = "en"


def every_page_fits(visit, base_url, site_dir, lang):
    v = visit(**SIZES["phone"])
    paths = built_pages(site_dir, lang)
    assert len(paths) > 100
    if lang == "fi":
        paths += ["/", "/no/such/page/"]  # the bilingual root and 404 pages, their Finnish side
    sizes = ["phone", "desktop"]
    for path in paths:
        page = v.open(base_url + path, ready=path.startswith(f"/{lang}/"))
        check_page(page, lang, f"{sizes[0]} {path}")
        page.set_viewport_size(SIZES[sizes[1]]["viewport"])
        check_width(page, f"{sizes[1]} {path}")
        sizes.reverse()  # the next page loads at the size this one ended at
    assert not v.errors


def card_names(lang):
    catalog = CATALOGS[lang]
    return lambda card: catalog["cards"]["spoken"].format(
        suit=catalog["suits"][card[0]]["nom"], rank=catalog["ranks"][card[1]]["nom"]
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_learner_journey_in_pictures(visit, base_url, lang, size):
    """Front page, a lesson puzzle before, after a wrong card and solved, its own page, the
    editor with a mistake, practice with a hint and the 404 page: each state fits the screen and
    is in the page's language, and is saved as a screenshot."""
    v = visit(**SIZES[size])
    name = f"{lang}-{size}"
    click = "tap" if size == "phone" else "click"
    page = v.open(f"{base_url}/{lang}/")
    check_page(page, lang, "front page")
    shoot(page, f"{name}-01-front")

    page = v.open(f"{base_url}/{lang}/lessons/overtaking/#puzzle-overtake-king")
    section = page.locator("#puzzle-overtake-king")
    check_page(page, lang, "lesson")
    section.scroll_into_view_if_needed()
    shoot(page, f"{name}-02-lesson-before")
    getattr(section.locator('button[data-card="H9"]'), click)()
    feedback = section.locator(".feedback.wrong")
    feedback.wait_for()
    expect(feedback).to_be_in_viewport(ratio=1)  # the reason scrolls into view
    box = feedback.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"] + 1, "the reason is below the fold"
    check_page(page, lang, "wrong card")
    shoot(page, f"{name}-03-lesson-wrong")
    getattr(section.locator('button[data-card="HK"]'), click)()
    section.locator(".feedback.right").wait_for()
    page.wait_for_timeout(500)
    check_page(page, lang, "solved")
    shoot(page, f"{name}-04-lesson-solved")

    page = v.open(f"{base_url}/{lang}/p/cannot-overtake/")
    check_page(page, lang, "puzzle page")
    shoot(page, f"{name}-05-puzzle-page")

    page = v.open(f"{base_url}/{lang}/position/")
    page.fill("#ed-hand-0", "AX..")
    page.click("button.make-link")
    error = page.locator("#ed-result .error")
    error.wait_for(timeout=90_000)
    assert error.inner_text() == CATALOGS[lang]["errors"]["hand_groups"].replace("{player}", "1")
    error.scroll_into_view_if_needed()
    check_page(page, lang, "editor error")
    shoot(page, f"{name}-06-editor-error")

    page = v.open(f"{base_url}/{lang}/practice/")
    drill = page.locator("#drill section.puzzle")
    drill.wait_for(timeout=90_000)
    drill.locator(".show-hint").click()
    assert drill.locator(".hint-text").is_visible()
    check_page(page, lang, "practice")
    shoot(page, f"{name}-07-practice-hint")

    page = v.open(f"{base_url}/{lang}/no/such/page/", ready=False)
    page.locator("h1").wait_for()
    shoot(page, f"{name}-08-not-found")
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_editor_errors_are_in_the_page_language(visit, base_url, lang):
    page = visit().open(f"{base_url}/{lang}/position/")
    cases = [
        ({"#ed-hand-0": "A...", "#ed-hand-1": "K...", "#ed-hand-2": "A..."}, "card_twice"),
        ({"#ed-hand-0": "AK...", "#ed-hand-1": "Q...", "#ed-hand-2": "J..."}, "hand_size"),
        ({"#ed-hand-0": "A...", "#ed-hand-1": "K...", "#ed-hand-2": "Q...", "#ed-trick": "HX"}, "bad_card"),
        ({"#ed-trick": "", "#ed-decl": "D4"}, "seat_out_of_range"),
        ({"#ed-decl": "D0"}, "seat_out_of_range"),
        ({"#ed-hand-0": "AK...", "#ed-hand-1": "QJ...", "#ed-hand-2": "T9...", "#ed-decl": ""}, "several_optimal"),
    ]
    page.select_option("#ed-kind", "best-card")
    for fields, code in cases:
        for selector, value in fields.items():
            page.fill(selector, value)
        page.click("button.make-link")
        error = page.locator("#ed-result .error")
        error.wait_for(timeout=90_000)
        assert worded(CATALOGS[lang]["errors"][code], error.inner_text()), (code, error.inner_text())
        check_page(page, lang, f"editor: {code}")
    compound = CATALOGS[lang]["cards"]["compound"]
    spades = CATALOGS[lang]["suits"]["S"]["nom"]
    for rank in "AK":
        name = compound.format(suit=spades, rank=CATALOGS[lang]["ranks"][rank]["nom"])
        assert name in page.inner_text("#ed-result").lower(), "the equally good cards are named"
    page.fill("#ed-answer", "SA SK")
    page.click("button.make-link")
    page.locator("#ed-link-row").wait_for()
    assert "&a=SA%20SK" in page.get_attribute("#ed-link", "href")


def worded(template: str, text: str) -> bool:
    """Is ``text`` the catalog's ``template`` with its placeholders filled in?"""
    pattern = ".+".join(re.escape(part) for part in re.split(r"\{[^}]*\}", template))
    return re.fullmatch(pattern, text, re.IGNORECASE | re.DOTALL) is not None


@pytest.mark.parametrize("fragment", ["#k=best-card&p=", "#k=nonsense&p=x"])
def test_an_empty_or_unknown_shared_link_says_so_in_finnish(visit, base_url, fragment):
    page = visit().open(base_url + "/fi/position/" + fragment)
    error = page.locator("#shared .error")
    error.wait_for(timeout=30_000)
    code = "empty" if fragment.endswith("p=") else "unknown_kind"
    expected = CATALOGS["fi"]["errors"][code].replace("{kind}", "nonsense")
    assert error.inner_text() == CATALOGS["fi"]["ui"]["shared_bad"].replace("{detail}", expected)


def test_cards_are_pictures_named_by_their_spoken_names_in_both_renderers(visit, base_url, site_dir):
    page = visit().open(base_url + "/fi/lessons/overtaking/")
    names = card_names("fi")
    cards = page.locator("section.puzzle .card:not(.back)").all()
    assert len(cards) > 20
    for card in cards[:40]:
        code = card.locator("use").get_attribute("href").removeprefix("#c-")
        assert card.get_attribute("aria-label") == names(code)
        assert card.inner_text().strip() == "", "a card shows text that differs from its name"
    hidden = page.locator("#puzzle-overtake-king .seat .hidden-cards").first
    assert hidden.locator("[aria-label]").count() == 0 and hidden.locator("use").count() == 0
    module = asset_url(site_dir, "cards.js")
    # the play table's cards (cards.js mounts the play page's #card-trees, drawn by present/cards.py)
    # beside the lesson's, drawn by the build: the page is given the play page's trees
    same = page.evaluate(
        """async (module) => {
            const play = await (await fetch("/fi/play/")).text();
            const trees = new DOMParser().parseFromString(play, "text/html").getElementById("card-trees");
            document.body.append(trees);
            const { cardButton, cardSpan } = await import(module);
            const attrs = (n) => [...n.attributes].filter((a) => a.name !== "disabled")
              .map((a) => `${a.name}=${a.value}`);
            const canon = (n) => n.nodeType === 3 ? n.textContent.trim() :
              `${n.tagName.toLowerCase()}[${attrs(n).sort()}](${[...n.childNodes].map(canon).join("")})`;
            const button = document.querySelector('#puzzle-overtake-king .hand button[data-card="HK"]');
            const span = document.querySelector('#puzzle-overtake-king .trick .card[role="img"]');
            const code = span.querySelector("use").getAttribute("href").slice(3);
            return [canon(button) === canon(cardButton("HK", false)), canon(span) === canon(cardSpan(code))];
        }""",
        module,
    )
    assert same == [True, True], "the lesson's cards and the play table's (cards.js) are drawn differently"


def test_a_big_hand_is_a_fan_of_44_px_targets_on_a_phone(visit, base_url):
    page = visit(**SIZES["phone"]).open(base_url + "/en/lessons/faq-rules/#puzzle-first-lead-free")
    buttons = page.locator("#puzzle-first-lead-free .hand button.card").all()
    assert len(buttons) == 11
    boxes = [b.bounding_box() for b in buttons]
    faces = [b.locator(".face").bounding_box() for b in buttons]
    assert any(f["width"] > b["width"] + 10 for f, b in zip(faces, boxes)), "the cards do not overlap"
    for button, box in zip(buttons, boxes):
        assert box["width"] >= 44 and box["height"] >= 44
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('button')?.dataset.card",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == button.get_attribute("data-card"), "a card's strip is covered by another card"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_solved_puzzle_plays_its_card_to_the_trick_and_stays_locked(visit, base_url, motion):
    v = visit(reduced_motion=motion)
    page = v.open(base_url + "/en/lessons/overtaking/#puzzle-overtake-king")  # the puzzle's own step
    section = page.locator("#puzzle-overtake-king")
    section.locator('button[data-card="HK"]').click()
    moving = page.evaluate("document.getAnimations().length")
    assert (moving > 0) == (motion == "no-preference")
    played = section.locator(".trick li.at-you.played .card")
    assert played.get_attribute("aria-label") == "king of hearts"
    assert section.locator(".feedback.right").inner_text().startswith("Correct!")
    for card in ("H9", "S9"):
        assert section.locator(f'button[data-card="{card}"]').is_disabled()
        section.locator(f'button[data-card="{card}"]').click(force=True)
    assert section.locator(".feedback").inner_text().startswith("Correct!"), "a later click replaced the verdict"
    # issue 25: once solved there is no "try again"; the explanation and the way on stay
    assert not section.locator("button.retry").is_visible()
    assert section.locator(".solution-text").is_visible()
    assert section.locator(".next-after").is_visible()
    assert section.locator(".trick li.played").count() == 1
    assert not v.errors


def test_try_again_after_a_wrong_answer_keeps_its_place_once_solved(visit, base_url):
    v = visit()
    page = v.open(base_url + "/en/lessons/overtaking/#puzzle-overtake-king")  # the puzzle's own step
    section = page.locator("#puzzle-overtake-king")
    section.locator('button[data-card="H9"]').click()
    assert section.locator("button.retry").is_visible()
    section.locator("button.retry").click()
    assert section.locator(".feedback").inner_text() == ""
    assert not section.locator('button[data-card="H9"]').is_disabled()
    section.locator('button[data-card="H9"]').click()
    # the verdict's place under the controls (the trick above may grow as the card is played)
    where = """(s) => s.querySelector(".feedback").getBoundingClientRect().top
        - s.querySelector(".controls").getBoundingClientRect().top"""
    feedback = section.evaluate(where)
    section.locator('button[data-card="HK"]').click()
    section.locator(".feedback.right").wait_for()
    assert not section.locator("button.retry").is_visible()
    assert section.evaluate(where) == feedback, "the verdict moved when try again went"
    assert not v.errors


def test_the_front_page_continues_where_the_learner_left_off(visit, base_url):
    v = visit()
    page = v.open(base_url + "/fi/")
    button = page.locator("#continue")
    assert button.inner_text().startswith("Aloita:") and button.get_attribute("href") == "lessons/game-at-a-glance/"
    assert page.locator('button[data-reset=""]').is_hidden(), "nothing to reset yet"
    for entry in ("play/", "practice/", "position/"):
        assert page.locator(f'.entry-points a[href="{entry}"]').is_visible()
    lesson = v.open(base_url + "/fi/lessons/overtaking/#puzzle-overtake-king")
    lesson.locator(".lesson-menu > summary").click()  # the lesson's link and reset: in its menu
    assert lesson.locator('button[data-reset="overtaking"]').is_hidden()
    lesson.locator('#puzzle-overtake-king button[data-card="HK"]').click()
    assert lesson.locator('button[data-reset="overtaking"]').is_visible()
    page = v.open(base_url + "/fi/")
    assert page.locator("#continue").inner_text() == "Jatka: Ylimeno"
    assert page.locator("#continue").get_attribute("href") == "lessons/overtaking/#puzzle-overtake-queen"
    current = page.locator(".course li.current")
    assert current.get_attribute("data-lesson") == "overtaking"
    assert current.locator("progress").evaluate("p => p.value") == 1
    assert page.locator('button[data-reset=""]').is_visible()


def test_a_malformed_puzzle_link_leaves_the_page_working(visit, base_url):
    v = visit()
    page = v.open(base_url + "/fi/lessons/overtaking/#puzzle-%")
    section = page.locator("#puzzle-overtake-king")
    # the lesson opens at its first step (text): the player's Next leads on to the puzzle
    for _ in range(10):
        if section.is_visible():
            break
        page.locator(".player-nav .next").click()
    section.locator('button[data-card="HK"]').click()
    section.locator(".feedback.right").wait_for()
    assert not v.errors, v.errors


def test_a_missing_page_gets_the_404_page(visit, base_url):
    v = visit()
    response = v.page.goto(base_url + "/en/lessons/no-such-lesson/")
    assert response.status == 404
    # under /en/ the page speaks English first (not-found.js), the Finnish text follows
    v.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert v.page.locator("h1").inner_text() == CATALOGS["en"]["ui"]["not_found_title"]
    assert v.page.locator('section[lang="fi"] h2').inner_text() == CATALOGS["fi"]["ui"]["not_found_title"]
    response = v.page.goto(base_url + "/no/such/page/")
    assert v.page.locator("h1").inner_text() == CATALOGS["fi"]["ui"]["not_found_title"]


def test_axe_finds_no_serious_violations_in_the_new_pages_and_states(visit, base_url):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def audit(page, where):
        bad = [x for x in axe.run(page).response["violations"] if x["impact"] in ("serious", "critical")]
        assert not bad, (where, [(x["id"], x["nodes"][0]["html"]) for x in bad])

    v = visit(bypass_csp=True)  # axe-core is injected as a script
    page = v.open(base_url + "/en/")
    audit(page, "front page")
    page = v.open(base_url + "/fi/p/overtake-king/")
    page.locator('button[data-card="H9"]').click()
    audit(page, "puzzle page, wrong card")
    page.locator('button[data-card="HK"]').click()
    audit(page, "puzzle page, solved")
    page = v.open(base_url + "/fi/position/")
    page.fill("#ed-hand-0", "AX..")
    page.click("button.make-link")
    page.locator("#ed-result .error").wait_for(timeout=90_000)
    audit(page, "editor error")
    page = v.open(base_url + "/fi/missing/", ready=False)
    page.locator("h1").wait_for()
    audit(page, "404")


# Words broken inside ("Vasemma/lla"): a word whose letters lie on more than one line.
BROKEN_WORDS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""

TABLE_LAYOUT = """(section) => {
  const box = (e) => e.getBoundingClientRect();
  const table = box(section.querySelector(".table"));
  const seats = [...section.querySelectorAll(".table .seat")].map((s) => {
    const r = box(s);
    return { width: r.width, inside: r.left >= table.left - 0.5 && r.right <= table.right + 0.5 };
  });
  const tricks = [...section.querySelectorAll(".then-trick")].map((t) => ({
    label: t.querySelector(".then-label").textContent,
    cards: [...t.querySelectorAll("li .card")].map((c) => c.getAttribute("aria-label")),
    rows: new Set([...t.querySelectorAll("li")].map((li) => Math.round(box(li).top))).size,
  }));
  const visible = (sel) => [...section.querySelectorAll(sel)].filter((e) => e.getClientRects().length).length;
  return { seats, tricks, emptyTrick: visible(".trick-cards.empty") + visible(".trick-empty"), then: visible(".then"),
    heading: section.querySelector(".trick h3").textContent,
    hand: [...section.querySelectorAll(".you .card")].map((c) => c.getAttribute("aria-label")),
    played: [...section.querySelectorAll(".trick .card")].map((c) => c.getAttribute("aria-label")) };
}"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_tricks_still_to_play_are_one_row_each_and_the_seats_keep_their_width(visit, base_url, lang, size):
    """Score puzzles with one, two and three tricks to come (walk report items 1 and 2): the side
    seats keep their width inside the table, no word is broken, each trick to come is its own
    named row, no empty trick is shown, and the cards played are no longer in the hand."""
    v = visit(**SIZES[size])
    v.context.add_init_script(READING_VIEW)
    page = v.open(f"{base_url}/{lang}/lessons/card-points/")
    ui = CATALOGS[lang]["ui"]
    for pid, tricks in [("points-go-to-the-winner", 1), ("two-tricks-to-go", 2), ("three-tricks-to-go", 3)]:
        section = page.locator(f"#puzzle-{pid}")
        section.scroll_into_view_if_needed()
        shoot(page, f"{lang}-{size}-then-{tricks}")
        layout = section.evaluate(TABLE_LAYOUT)
        assert layout["seats"] and all(s["inside"] for s in layout["seats"]), (pid, layout["seats"])
        assert min(s["width"] for s in layout["seats"]) >= (130 if size == "desktop" else 120), (pid, layout["seats"])
        assert section.evaluate(BROKEN_WORDS) == [], pid
        assert layout["heading"] == ui["played_next"] and layout["emptyTrick"] == 0 and layout["then"] == 0, (
            pid,
            layout,
        )
        assert not set(layout["hand"]) & set(layout["played"]), (pid, layout)
        if tricks == 1:
            assert layout["tricks"] == [] and len(layout["played"]) == 3
            continue
        assert [t["label"] for t in layout["tricks"]] == [ui["trick_number"].format(n=n) for n in range(1, tricks + 1)]
        assert all(len(t["cards"]) == 3 and t["rows"] == 1 for t in layout["tricks"]), (pid, layout["tricks"])
    check_page(page, lang, "card-points")
    assert not v.errors


def test_who_wins_shows_the_hand_as_a_dimmed_list_not_buttons(visit, base_url):
    v = visit(**SIZES["phone"])
    page = v.open(f"{base_url}/fi/lessons/game-at-a-glance/")
    section = page.locator('.puzzle[data-kind="trick-winner"]').first
    hand = section.locator(".you .hand")
    assert hand.evaluate("e => e.tagName") == "UL"
    assert hand.locator("li > .card[role=img][aria-label]").count() >= 1
    assert hand.locator("button").count() == 0
    assert float(hand.evaluate("e => getComputedStyle(e).opacity")) < 0.8
    assert section.locator(".trick button.card").count() >= 2  # the answers are the cards on the table


def test_review_hands_keep_every_card_on_a_phone(visit, base_url):
    """The play review's hands dealt (walk report item 10): a hand of twelve cards wraps to two
    rows at 390 px, and the first card of the second row stays on the screen (the same markup as
    play.js's review)."""
    v = visit(**SIZES["phone"])
    page = v.open(f"{base_url}/fi/play/")
    cards = page.evaluate("""() => {
      const game = document.getElementById("game"), review = document.getElementById("review");
      game.hidden = false; review.hidden = false;
      const codes = ["SK", "S7", "S6", "CQ", "DJ", "D9", "D8", "D7", "D6", "HA", "HK", "H9"];
      const face = (c) => `<svg class="face" viewBox="0 0 60 84"><use href="#c-${c}"/></svg>`;
      const cards = codes.map((c) => `<span class="card" role="img" aria-label="${c}">${face(c)}</span>`).join("");
      review.innerHTML = `<dl class="review-hands"><div><dt>Sinä</dt><dd class="cards">${cards}</dd></div></dl>`;
      const box = review.querySelector("dd").getBoundingClientRect();
      return [...review.querySelectorAll(".card")].map((c) => {
        const r = c.getBoundingClientRect();
        return [r.left, r.right, r.top, box.left];
      });
    }""")
    assert len({round(top) for _, _, top, _ in cards}) >= 2, "the hand should wrap on a phone"
    assert all(left >= dd_left - 0.5 and right <= 390 for left, right, _, dd_left in cards), cards
    page.locator("#review").scroll_into_view_if_needed()
    shoot(page, "fi-phone-review-hands")


def _edge_darkness(page, region):
    """How much darker than white the region's outermost 6 px are on the left and the right."""
    import io

    from PIL import Image

    shot = Image.open(io.BytesIO(region.screenshot())).convert("L")
    w, h = shot.size
    scale = w / region.evaluate("e => e.getBoundingClientRect().width")
    strip = round(6 * scale)

    def dark(x0, x1):
        pixels = [shot.getpixel((x, y)) for x in range(x0, x1) for y in range(0, h, 2)]
        return 255 - sum(pixels) / len(pixels)

    return dark(0, strip), dark(w - strip, w)


def test_wide_tables_show_which_side_scrolls(visit, base_url):
    """A table wider than the phone (walk report item 12) casts a shadow on the edge that hides
    more: on the right at first, on the left once scrolled to its end; its region keeps its name
    and can be scrolled from the keyboard."""
    v = visit(**SIZES["phone"])
    v.context.add_init_script(READING_VIEW)
    page = v.open(f"{base_url}/fi/lessons/scoring/")
    page.locator("#puzzle-score-the-whole-deal details.record-fold > summary").click()  # the record, one tap away
    region = page.locator("#puzzle-score-the-whole-deal .table-scroll").first
    region.scroll_into_view_if_needed()
    assert region.get_attribute("role") == "region" and region.get_attribute("aria-label")
    assert region.get_attribute("tabindex") == "0"
    assert region.evaluate("e => e.scrollWidth > e.clientWidth + 20"), "the record should be wider than a phone"
    left, right = _edge_darkness(page, region)
    region.focus()
    page.keyboard.press("End")
    region.evaluate("e => e.scrollLeft = e.scrollWidth")
    page.wait_for_timeout(100)
    left_end, right_end = _edge_darkness(page, region)
    shoot(page, "fi-phone-wide-table-scrolled")
    assert right > right_end + 8, (right, right_end)
    assert left_end > left + 8, (left, left_end)


def test_the_rules_comparison_keeps_its_rule_column_in_view(visit, base_url):
    # on a laptop the whole table fits (tests/e2e/test_rules_told.py); on a phone it scrolls sideways
    v = visit(**SIZES["phone"])
    page = v.open(f"{base_url}/en/rules/")
    region = page.locator(".table-scroll").first
    region.evaluate("e => e.scrollLeft = 400")
    assert region.evaluate("e => e.scrollLeft") > 100
    offset = region.evaluate(
        """e => e.querySelector('tbody th[scope="row"]').getBoundingClientRect().left
          - e.getBoundingClientRect().left"""
    )
    assert abs(offset) <= 2, offset
    shoot(page, "en-phone-compare-scrolled")
