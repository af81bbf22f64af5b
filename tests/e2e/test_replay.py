"""Your mistakes come back (issue 33, items 5-7): the replay list's schedule (replay.js) in the
browser, the front page's puzzle (#daily) for a first visit and for the review of the day under
a mocked clock, a stored list from an older site and one from a newer one, the progress page,
and the celebrations."""

import json
import tomllib
from datetime import datetime
from pathlib import Path

import pytest
from e2e.conftest import asset_url

ROOT = Path(__file__).resolve().parents[2]
KEY = "huutopussi.replay"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
DAY = 86_400_000

# Date.now() and new Date() read the time from localStorage "test.now" when it is set (the page's
# own clock otherwise): a test moves the clock forward between visits.
MOCK_DATE = """(() => {
  const Real = Date;
  const fixed = () => {
    try {
      const t = Number(localStorage.getItem("test.now"));
      return t > 0 ? t : Real.now();
    } catch {
      return Real.now();
    }
  };
  class MockDate extends Real {
    constructor(...args) {
      if (args.length === 0) super(fixed());
      else super(...args);
    }
    static now() {
      return fixed();
    }
  }
  window.Date = MockDate;
})();"""

# the answers of the puzzle in #daily, read from its answer table: one right, one wrong
ANSWERS = """(s) => {
  const table = JSON.parse(s.dataset.answers);
  const keys = Object.keys(table.answers);
  return {right: keys.find((k) => table.answers[k].verdict === "correct"),
          wrong: keys.find((k) => table.answers[k].verdict !== "correct"), answer: table.answer};
}"""


def local_ms(year, month, day, hour=10):
    return int(datetime(year, month, day, hour).timestamp() * 1000)


def answer(section, key, kind):
    selector = f'button[data-choice="{key}"]' if kind == "choice" else f'button[data-card="{key}"]'
    section.locator(selector).click()


def set_now(page, ms):
    page.evaluate(f"localStorage.setItem('test.now', '{ms}')")


SCHEDULE = """async (module) => {
  const r = await import(module);
  const day = (y, m, d, h = 10) => new Date(y, m - 1, d, h).getTime();
  const out = {};
  const puzzle = { kind: "lesson", id: "glance-follow", lesson: "game-at-a-glance" };
  let list = r.blank();
  // missed on 7 December at 10:00: due from midnight on the 8th
  list = r.answer(list, puzzle, false, day(2026, 12, 7));
  out.dueFrom = list.items[0].due === new Date(2026, 11, 8).getTime();
  out.sameDay = r.due(list, day(2026, 12, 7, 23)).length;
  out.nextDay = r.due(list, day(2026, 12, 8, 0)).length;
  // a right answer before it is due changes nothing but the day's tally
  out.early = JSON.stringify(r.answer(list, puzzle, true, day(2026, 12, 7, 12)).items) === JSON.stringify(list.items);
  // right when due: 3 days on
  const once = r.answer(list, puzzle, true, day(2026, 12, 8));
  out.after1 = [once.items[0].gap, once.items[0].right, once.items[0].due === new Date(2026, 11, 11).getTime()];
  // right again when due: off the list
  out.twice = r.answer(once, puzzle, true, day(2026, 12, 11)).items.length;
  // wrong in between: back the next day, the count starts over, the gap it reached stays
  const lapse = r.answer(once, puzzle, false, day(2026, 12, 11));
  out.lapse = [lapse.items[0].gap, lapse.items[0].right, lapse.items[0].due === new Date(2026, 11, 12).getTime()];
  const seven = r.answer(lapse, puzzle, true, day(2026, 12, 12));
  out.seven = [seven.items[0].gap, seven.items[0].due === new Date(2026, 11, 19).getTime()];
  out.sevenThenRight = r.answer(seven, puzzle, true, day(2026, 12, 19)).items.length;
  // the day's tally
  out.days = seven.days;
  // a drill is kept by theme and seed, with the drill as it was shown
  const drill = { kind: "drill", theme: "overtake", seed: 7, drill: { puzzle: { kind: "legal-card" } } };
  let both = r.answer(list, drill, false, day(2026, 12, 7, 11));
  both = r.answer(both, { ...drill, seed: 8 }, false, day(2026, 12, 7, 12));
  out.keys = both.items.map(r.itemKey);
  // capped: the ones missed longest ago leave first
  let many = r.blank();
  for (let i = 0; i < r.CAP + 5; i += 1) {
    many = r.answer(many, { kind: "lesson", id: `p${i}`, lesson: "x" }, false, day(2026, 12, 1) + i);
  }
  out.capped = [many.items.length, many.items[0].id, many.items.at(-1).id];
  // tallies older than four weeks are dropped
  let old = r.answer(r.blank(), puzzle, false, day(2026, 10, 1));
  old = r.answer(old, puzzle, false, day(2026, 12, 7));
  out.oldDays = Object.keys(old.days);
  out.check = [r.check(both), r.check({ items: [{ kind: "lesson" }], days: {}, themes: {} })];
  out.sentences = [0, 1, 2, 5].map(r.dueSentence);
  return out;
}"""


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_schedule_brings_a_miss_back_after_1_3_and_7_days(visit, base_url, site_dir, lang):
    v = visit()
    page = v.open(f"{base_url}/{lang}/glossary/")
    out = page.evaluate(SCHEDULE, asset_url(site_dir, "replay.js"))
    assert out["dueFrom"] and out["sameDay"] == 0 and out["nextDay"] == 1
    assert out["early"]
    assert out["after1"] == [1, 1, True]
    assert out["twice"] == 0, "two right answers in a row take it off the list"
    assert out["lapse"] == [1, 0, True]
    assert out["seven"] == [2, True]
    # after a wrong answer one right answer kept it (above), the second in a row takes it off
    assert out["sevenThenRight"] == 0
    assert out["days"] == {
        "2026-12-07": {"right": 0, "wrong": 1},
        "2026-12-08": {"right": 1, "wrong": 0},
        "2026-12-11": {"right": 0, "wrong": 1},
        "2026-12-12": {"right": 1, "wrong": 0},
    }
    assert out["keys"] == ["lesson:glance-follow", "drill:overtake:7", "drill:overtake:8"]
    cap = page.evaluate(f"import('{asset_url(site_dir, 'replay.js')}').then((r) => r.CAP)")
    assert out["capped"] == [cap, "p5", f"p{cap + 4}"]
    assert out["oldDays"] == ["2026-12-07"]
    assert out["check"][0] is None and out["check"][1]
    expected = {
        "fi": [
            "Tänään ei ole kerrattavaa.",
            "Tänään kerrattavana on 1 tehtävä.",
            "Tänään kerrattavana on 2 tehtävää.",
            "Tänään kerrattavana on 5 tehtävää.",
        ],
        "en": [
            "Nothing to review today.",
            "1 puzzle to review today.",
            "2 puzzles to review today.",
            "5 puzzles to review today.",
        ],
    }
    assert out["sentences"] == expected[lang]
    assert not v.errors


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_first_visit_plays_the_front_page_puzzle_then_continues_the_lesson(visit, base_url, lang, size):
    v = visit(viewport=SIZES[size])
    page = v.open(f"{base_url}/{lang}/")
    section = page.locator("#daily section.puzzle")
    assert section.get_attribute("id") == "puzzle-glance-auction"
    answers = section.evaluate(ANSWERS)
    # the answer controls are on the first screen, ready to press
    selector = "button.choice" if answers["answer"] == "choice" else "button.card"
    first = section.locator(selector).first
    box = first.bounding_box()
    assert box["y"] + box["height"] <= SIZES[size]["height"], "the puzzle's controls are below the first screen"
    assert first.is_enabled()
    answer(section, answers["right"], answers["answer"])
    section.locator(".feedback.right").wait_for()
    link = page.locator("#daily .daily-continue")
    assert link.is_visible()
    assert link.get_attribute("href") == "lessons/game-at-a-glance/#puzzle-glance-follow"
    # the result counts as the lesson's: the course map shows it and the lesson opens at the next
    assert page.locator('.course li[data-lesson="game-at-a-glance"] progress').evaluate("p => p.value") == 1
    link.click()
    page.wait_for_selector("body[data-ready]", state="attached")
    assert page.locator("#puzzle-glance-follow").is_visible()
    assert not v.errors


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_wrong_answer_comes_back_in_the_review_of_the_day(visit, base_url, lang, size):
    v = visit(viewport=SIZES[size])
    v.context.add_init_script(MOCK_DATE)
    page = v.open(f"{base_url}/{lang}/")
    start = local_ms(2026, 12, 7)
    set_now(page, start)
    # a wrong answer in a lesson joins the list
    page = v.open(f"{base_url}/{lang}/lessons/game-at-a-glance/#puzzle-glance-follow")
    lesson = page.locator("#puzzle-glance-follow")
    answers = lesson.evaluate(ANSWERS)
    answer(lesson, answers["wrong"], answers["answer"])
    lesson.locator(".feedback.wrong").wait_for()
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    items = [(x["kind"], x["id"], x["lesson"]) for x in stored["items"]]
    assert items == [("lesson", "glance-follow", "game-at-a-glance")]
    # the same day: nothing to review yet
    page = v.open(f"{base_url}/{lang}/")
    title = {"fi": "Tänään kerrattavana on 1 tehtävä.", "en": "1 puzzle to review today."}[lang]
    assert page.locator("#daily-title").inner_text() != title
    # the next day: it is the review of the day, played on the front page
    set_now(page, start + DAY)
    page = v.open(f"{base_url}/{lang}/")
    assert page.locator("#daily-title").inner_text() == title
    section = page.locator("#daily section#puzzle-glance-follow")
    section.wait_for()
    box = section.locator("button.card").first.bounding_box()
    assert box["y"] < SIZES[size]["height"], "the review's cards start on the first screen"
    answers = section.evaluate(ANSWERS)
    answer(section, answers["right"], answers["answer"])
    section.locator(".feedback.right").wait_for()
    done = {"fi": "Tänään ei ole kerrattavaa.", "en": "Nothing to review today."}[lang]
    assert page.locator("#daily-title").inner_text() == done
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    (item,) = stored["items"]
    assert (item["right"], item["gap"]) == (1, 1)
    assert item["due"] == local_ms(2026, 12, 11, 0), "the next review is 3 days on"
    # 3 days on, right again: off the list
    set_now(page, local_ms(2026, 12, 11, 9))
    page = v.open(f"{base_url}/{lang}/")
    section = page.locator("#daily section#puzzle-glance-follow")
    section.wait_for()
    answer(section, answers["right"], answers["answer"])
    section.locator(".feedback.right").wait_for()
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["items"] == []
    assert not v.errors


def test_a_missed_drill_comes_back_as_it_was_shown(visit, base_url):
    v = visit(viewport=SIZES["phone"])
    v.context.add_init_script(MOCK_DATE)
    page = v.open(f"{base_url}/fi/")
    set_now(page, local_ms(2026, 12, 7))
    page = v.open(f"{base_url}/fi/practice/")
    drill = page.locator("#drill section.puzzle")
    drill.wait_for()
    answers = drill.evaluate(ANSWERS)
    cards = drill.locator(".hand button.card")
    cards.first.wait_for()
    shown = drill.locator(".hand").inner_html()
    answer(drill, answers["wrong"], answers["answer"])
    drill.locator(".feedback.wrong").wait_for()
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    (item,) = stored["items"]
    assert item["kind"] == "drill" and item["theme"] == "follow-suit"
    assert stored["themes"] == {"follow-suit": {"tried": 1, "right": 0}}
    set_now(page, local_ms(2026, 12, 8))
    page.evaluate("localStorage.setItem('huutopussi.best-streak', '7')")
    page = v.open(f"{base_url}/fi/")
    assert page.locator("#daily [data-best-streak]").inner_text() == "Paras putki: 7.", "the streak in view"
    again = page.locator("#daily section.puzzle")
    again.wait_for()
    assert page.locator("#daily-title").inner_text() == "Tänään kerrattavana on 1 tehtävä."
    assert page.locator("#daily .daily-note").inner_text() == "Harjoitus: Maan tunnustaminen"
    assert again.locator(".hand").inner_html() == shown, "the same drill, drawn from what was stored"
    answer(again, answers["right"], answers["answer"])
    again.locator(".feedback.right").wait_for()
    assert not v.errors


def renamed_pair():
    """A puzzle id of an older site that the rename map moves to a puzzle of today."""
    data = tomllib.loads((ROOT / "lessons" / "renamed.toml").read_text(encoding="utf-8"))
    old, new = next((k, v) for k, v in data["renamed"].items() if "/" not in k)
    return old, new


def test_a_list_from_an_older_site_loads_without_loss(visit, base_url, site_dir):
    old, new = renamed_pair()
    bank = json.loads(
        (site_dir / "en" / "practice" / "index.html")
        .read_text(encoding="utf-8")
        .split('id="drill-bank">', 1)[1]
        .split("</script>", 1)[0]
    )
    drill = bank["overtake"][0]
    now = local_ms(2026, 12, 7)
    stored = {
        "version": 1,
        "items": [
            {"kind": "lesson", "id": old, "lesson": "old-slug", "missed": now - 3 * DAY, "due": now - DAY}
            | {"right": 0, "gap": 0},
            {
                "kind": "drill",
                "theme": "overtake",
                "seed": drill["seed"],
                "drill": drill,
                "missed": now - 2 * DAY,
                "due": now - DAY,
                "right": 1,
                "gap": 1,
            },
        ],
        "days": {"2026-12-04": {"right": 0, "wrong": 1}},
        "themes": {"overtake": {"tried": 3, "right": 2}},
    }
    v = visit()
    v.context.add_init_script(MOCK_DATE)
    v.context.add_init_script(
        f"if (localStorage.getItem('{KEY}') === null) {{"
        f" localStorage.setItem('{KEY}', {json.dumps(json.dumps(stored))});"
        f" localStorage.setItem('test.now', '{now}'); }}"
    )
    page = v.open(f"{base_url}/en/")
    assert page.locator("#daily-title").inner_text() == "2 puzzles to review today."
    section = page.locator(f"#daily section#puzzle-{new}")
    section.wait_for()
    assert page.locator(".storage-notice").count() == 0
    page = v.open(f"{base_url}/en/progress/")
    assert page.locator(".due-today").inner_text() == "2 puzzles to review today."
    row = page.locator('.theme-table tr[data-theme="overtake"]')
    assert [row.locator(f"td.{c}").inner_text() for c in ("tried", "first", "review")] == ["3", "67%", "1"]
    assert not v.errors


@pytest.mark.parametrize("text", ['{"version":3,"items":"a later format"}', '{"version":1,"items":[{"kind":"x"}]'])
def test_a_newer_or_damaged_list_is_kept_as_it_is(visit, base_url, text):
    v = visit()
    v.context.add_init_script(
        "if (!sessionStorage.getItem('set')) {"
        f" sessionStorage.setItem('set', '1'); localStorage.setItem('{KEY}', {json.dumps(text)}); }}"
    )
    page = v.open(f"{base_url}/fi/")
    notice = page.locator(f'.storage-notice[data-key="{KEY}"]')
    assert notice.is_visible() and "kertauslista" in notice.inner_text().lower()
    # the front page's puzzle still plays; a wrong answer writes nothing over the kept list
    section = page.locator("#daily section.puzzle")
    answers = section.evaluate(ANSWERS)
    answer(section, answers["wrong"], answers["answer"])
    section.locator(".feedback.wrong").wait_for()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == text
    asides = page.evaluate(
        f"Object.keys(localStorage).filter((k) => k.startsWith('huutopussi.set-aside.{KEY}@'))"
        ".map((k) => localStorage.getItem(k))"
    )
    assert asides == [text]
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_progress_page_counts_from_the_device_alone(visit, base_url, lang):
    v = visit()
    v.context.add_init_script(MOCK_DATE)
    page = v.open(f"{base_url}/{lang}/")
    set_now(page, local_ms(2026, 12, 7))
    section = page.locator("#daily section.puzzle")
    answers = section.evaluate(ANSWERS)
    answer(section, answers["wrong"], answers["answer"])
    section.locator(".feedback.wrong").wait_for()
    section.locator("button.retry").click()
    answer(section, answers["right"], answers["answer"])
    section.locator(".feedback.right").wait_for()
    page = v.open(f"{base_url}/{lang}/progress/")
    row = page.locator('.lesson-table tr[data-lesson="game-at-a-glance"]')
    total = len(row.get_attribute("data-puzzles").split())
    percent = {"fi": "0 %", "en": "0%"}[lang]
    assert [row.locator(f"td.{c}").inner_text() for c in ("solved", "first", "review")] == [f"1/{total}", percent, "1"]
    week = page.locator(".week tbody tr")
    assert week.count() == 7
    assert [week.nth(6).locator("td").nth(i).inner_text() for i in (0, 1)] == ["0", "1"]
    work = page.locator(".work-on li")
    assert work.count() == 1 and row.locator("a").inner_text() in work.inner_text()
    requests = [u for u in v.requests if "/progress/" not in u and not u.endswith((".js", ".css", ".svg", ".woff2"))]
    assert all("127.0.0.1" in u for u in requests)
    assert not v.errors


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_finishing_a_lesson_celebrates_moving_only_when_motion_is_welcome(visit, base_url, motion):
    v = visit(reduced_motion=motion)
    page = v.open(f"{base_url}/en/lessons/game-at-a-glance/")
    steps = page.locator("article.lesson > .lesson-step").count()
    for _ in range(steps):
        page.locator(".player-nav button.next").click()
    party = page.locator(".celebration")
    party.wait_for()
    assert party.locator(".celebration-text").inner_text() == "Lesson finished!"
    animation = party.locator(".celebration-text").evaluate("e => getComputedStyle(e).animationName")
    marks = party.locator(".celebration-mark").first.evaluate("e => getComputedStyle(e).display")
    if motion == "reduce":
        assert animation == "none" and marks == "none"
    else:
        assert animation != "none" and marks != "none"
    party.wait_for(state="detached", timeout=5000)
    assert not v.errors


def test_streaks_of_5_10_25_and_the_first_whole_deal_celebrate(visit, base_url, site_dir):
    v = visit()
    page = v.open(f"{base_url}/fi/glossary/")
    out = page.evaluate(
        """async (module) => {
          const c = await import(module);
          const texts = [];
          for (let n = 1; n <= 26; n += 1) {
            const node = c.streakReached(n);
            if (node) texts.push([n, node.textContent]);
          }
          localStorage.removeItem("huutopussi.first-deal");
          const first = c.firstDeal()?.textContent;
          const second = c.firstDeal();
          return {texts, first, second, stored: localStorage.getItem("huutopussi.first-deal")};
        }""",
        asset_url(site_dir, "celebrate.js"),
    )
    assert out["texts"] == [
        [5, "Jo 5 oikein peräkkäin!"],
        [10, "Jo 10 oikein peräkkäin!"],
        [25, "Jo 25 oikein peräkkäin!"],
    ]
    assert out["first"] == "Ensimmäinen kokonainen jako pelattu!" and out["second"] is None
    assert out["stored"] == "played"
    # the practice page celebrates from its streak-change event
    page = v.open(f"{base_url}/en/practice/")
    for n in (4, 5):
        page.evaluate(
            f"document.dispatchEvent(new CustomEvent('streak-change', {{detail: {{streak: {n}, reason: 'right'}}}}))"
        )
    assert page.locator(".celebration-text").inner_text() == "5 in a row!"
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_axe_finds_no_serious_violations_in_the_review_and_the_progress_page(visit, base_url, lang):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def audit(page, where):
        bad = [x for x in axe.run(page).response["violations"] if x["impact"] in ("serious", "critical")]
        assert not bad, (where, [(x["id"], x["nodes"][0]["html"]) for x in bad])

    v = visit(bypass_csp=True)  # axe-core is injected as a script
    v.context.add_init_script(MOCK_DATE)
    page = v.open(f"{base_url}/{lang}/")
    set_now(page, local_ms(2026, 12, 7))
    section = page.locator("#daily section.puzzle")
    answers = section.evaluate(ANSWERS)
    answer(section, answers["wrong"], answers["answer"])
    section.locator(".feedback.wrong").wait_for()
    audit(page, "front page, a wrong answer")
    set_now(page, local_ms(2026, 12, 8))
    page = v.open(f"{base_url}/{lang}/")
    page.locator("#daily section.puzzle").wait_for()
    audit(page, "front page, the review of the day")
    page = v.open(f"{base_url}/{lang}/progress/")
    audit(page, "progress page")
    assert not v.errors


def test_with_every_lesson_solved_the_front_page_plays_a_drill_of_the_weakest_theme(visit, base_url):
    v = visit(viewport=SIZES["phone"])
    page = v.open(f"{base_url}/en/")
    ids = page.evaluate("[...document.querySelectorAll('.course > li')].flatMap((li) => li.dataset.puzzles.split(' '))")
    solved = {i: {"solved": True, "firstTry": True, "hints": 0, "revealed": False} for i in ids if i}
    themes = {t: {"tried": 4, "right": 4} for t in ("follow-suit", "overtake", "must-trump", "best-card", "scoring")}
    themes["trick-winner"] = {"tried": 4, "right": 1}
    replay_list = {"version": 1, "items": [], "days": {}, "themes": themes}
    page.evaluate(
        f"localStorage.setItem('huutopussi.progress', {json.dumps(json.dumps({'version': 2, 'puzzles': solved}))});"
        f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(replay_list))})"
    )
    page = v.open(f"{base_url}/en/")
    section = page.locator("#daily section.puzzle")
    section.wait_for()
    assert section.get_attribute("data-theme") == "trick-winner"
    assert page.locator("#daily-title").inner_text() == "Nothing to review today."
    assert page.locator("#daily .daily-note").inner_text().endswith("Practice: Trick winner")
    answers = section.evaluate(ANSWERS)
    answer(section, answers["right"], answers["answer"])
    section.locator(".feedback.right").wait_for()
    assert not v.errors


def test_a_review_puzzle_that_cannot_be_loaded_stays_on_the_list_and_the_next_one_plays(visit, base_url):
    now = local_ms(2026, 12, 7)
    entry = {"kind": "lesson", "lesson": "game-at-a-glance", "missed": now - 2 * DAY, "due": now - DAY}
    stored = {
        "version": 1,
        "items": [
            {**entry, "id": "no-such-puzzle", "right": 0, "gap": 0},
            {**entry, "id": "glance-follow", "right": 0, "gap": 0},
        ],
        "days": {},
        "themes": {},
    }
    stored["items"][1]["missed"] += 1
    v = visit()
    v.context.add_init_script(MOCK_DATE)
    v.context.add_init_script(
        f"if (localStorage.getItem('{KEY}') === null) {{"
        f" localStorage.setItem('{KEY}', {json.dumps(json.dumps(stored))});"
        f" localStorage.setItem('test.now', '{now}'); }}"
    )
    page = v.open(f"{base_url}/fi/")
    note = page.locator("#daily .daily-note")
    page.wait_for_function("document.querySelector('#daily .daily-note').textContent.includes('404')")
    assert note.inner_text() == "Tehtävää ei voitu ladata (virhe 404). Se pysyy kertauslistallasi."
    assert page.locator("#daily-title").inner_text() == "Tänään kerrattavana on 1 tehtävä."
    page.locator("#daily .daily-next").click()
    page.locator("#daily section#puzzle-glance-follow").wait_for()
    ids = [x["id"] for x in json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["items"]]
    assert ids == ["no-such-puzzle", "glance-follow"]
    assert not v.errors
