"""Why a wrong answer is wrong, in the browser: the page mounts what present/explain.py drew beside
the answer table (``data-why``), with no words of its own; the lines of play and the best choice's
figures stay a tap away; a drill kept on the device before the explanations were drawn by present/
is drawn anew, so it explains its wrong answers too."""

import json
import re
from html import unescape

from tree_data import text as tree_text

from present.explain import why_table
from present.text import card_label
from sitebuild.catalogs import load_catalog

READING_VIEW = "try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}"
SECTION = re.compile(r'<section class="puzzle" id="puzzle-([^"]+)"[^>]*? data-answers="([^"]*)" data-why="([^"]*)"')


def first_with(site_dir, lang, test):
    """The first lesson puzzle (slug, id, table, why) whose answer table has an entry ``test`` accepts."""
    for path in sorted((site_dir / lang / "lessons").glob("*/index.html")):
        for pid, answers, why in SECTION.findall(path.read_text(encoding="utf-8")):
            table = json.loads(unescape(answers))
            for key, entry in table.get("answers", {}).items():
                if test(entry):
                    return path.parent.name, pid, key, table, json.loads(unescape(why))
    raise AssertionError("no such puzzle in the lessons")


def answer_wrong(visit, base_url, lang, slug, pid, control):
    """Open the lesson's puzzle in the reading view, give the answer ``control`` (a selector in the
    section) and return the visit and the wrong answer's feedback."""
    v = visit()
    v.context.add_init_script(READING_VIEW)
    page = v.open(f"{base_url}/{lang}/lessons/{slug}/#puzzle-{pid}")
    page.locator(f"section#puzzle-{pid}").locator(control).click()
    feedback = page.locator(f"section#puzzle-{pid} .feedback.wrong")
    feedback.wait_for()
    return v, feedback


def test_a_wrong_card_shows_the_lines_present_drew_a_tap_away(visit, base_url, site_dir):
    lang = "en"
    slug, pid, key, table, why = first_with(
        site_dir, lang, lambda e: e["verdict"] == "legal-not-best" and e.get("lines")
    )
    assert why == why_table(table, load_catalog(lang)), "the page carries present's explanations"
    v, feedback = answer_wrong(visit, base_url, lang, slug, pid, f'button[data-card="{key}"]')
    folded = feedback.locator("details.lines")
    assert folded.count() == 1 and folded.get_attribute("open") is None, "the lines are a tap away"
    lines = why[key][-1]
    assert folded.locator(":scope > summary").inner_text() == tree_text(lines["children"][0])
    folded.locator(":scope > summary").click()
    entry = table["answers"][key]
    tricks = len(entry["lines"]["chosen"]) + len(entry["lines"]["best"])
    assert folded.locator(".line-trick").count() == tricks
    # each card of the lines a picture named by its spoken name, as the engine's line has it
    labels = folded.locator(".line .card").evaluate_all("(cards) => cards.map((c) => c.getAttribute('aria-label'))")
    plays = [p["card"] for line in ("chosen", "best") for t in entry["lines"][line] for p in t["plays"]]
    cat = load_catalog(lang)
    assert labels == [card_label(c, cat) for c in plays]
    assert " ".join(folded.locator(".line-title").all_inner_texts()) == " ".join(
        cat["verdicts"][k] for k in ("line_chosen", "line_best")
    )
    assert not v.errors


def test_a_wrong_choice_shows_its_figures_and_the_best_a_tap_away(visit, base_url, site_dir):
    lang = "fi"
    slug, pid, key, table, why = first_with(
        site_dir, lang, lambda e: e["verdict"] == "legal-not-best" and e.get("figures")
    )
    v, feedback = answer_wrong(visit, base_url, lang, slug, pid, f'button[data-choice="{key}"]')
    yours, best = why[key][0], why[key][1]
    assert feedback.locator("ul.figures").first.inner_text() == tree_text(yours)
    folded = feedback.locator("details.lines")
    assert folded.get_attribute("open") is None
    assert folded.locator(":scope > summary").inner_text() == tree_text(best["children"][0])
    assert not v.errors


def test_a_drill_kept_before_present_drew_its_explanations_is_drawn_anew(visit, base_url, site_dir):
    """A drill on the replay list kept with a tree without ``data-why`` (a site before this one)
    comes back drawn by the engine in the page, and its wrong answer says why."""
    v, section, drill, wrong = open_a_drill_kept_without(visit, base_url, site_dir, "data-why")
    reason = why_table(drill["table"], load_catalog("en"))[wrong]
    assert section.get_attribute("data-why") is not None, "drawn anew, with its explanations"
    section.locator(f'button[data-card="{wrong}"]').click()
    why = section.locator(".feedback.wrong .why")
    why.first.wait_for()
    assert why.all_inner_texts() == [tree_text(node) for node in reason]
    assert not v.errors


def test_a_puzzle_without_data_why_still_says_its_verdict(visit, base_url, site_dir):
    """A copy of a puzzle drawn before present/ wrote its explanations (an older offline copy of a
    puzzle page, fetched by the front page): the verdict still shows, without the explanation."""
    lang = "en"
    worse = lambda e: e["verdict"] == "legal-not-best" and e.get("lines")  # noqa: E731
    slug, pid, key, _, _ = first_with(site_dir, lang, worse)
    v = visit()
    v.context.add_init_script(READING_VIEW)
    page = v.open(f"{base_url}/{lang}/lessons/{slug}/#puzzle-{pid}")
    section = page.locator(f"section#puzzle-{pid}")
    section.evaluate("(s) => s.removeAttribute('data-why')")
    section.locator(f'button[data-card="{key}"]').click()
    feedback = section.locator(".feedback.wrong")
    feedback.wait_for()
    assert feedback.locator(".verdict").count() >= 1 and feedback.locator("details.lines").count() == 0
    assert not v.errors


def test_a_drill_kept_before_present_wrote_its_verdicts_is_drawn_anew(visit, base_url, site_dir):
    """A drill on the replay list kept with a tree without ``data-verdicts`` (a site before the
    verdicts' lines were written by present/) comes back drawn by the engine in the page, and its
    wrong answer says the verdict's line present/ wrote (present/verdicts.py)."""
    from present.verdicts import verdict_table

    v, section, drill, wrong = open_a_drill_kept_without(visit, base_url, site_dir, "data-verdicts")
    (said,) = verdict_table(drill["table"], load_catalog("en"), looking=True)["answers"][wrong]
    assert section.get_attribute("data-verdicts") is not None, "drawn anew, with its verdicts' lines"
    section.locator(f'button[data-card="{wrong}"]').click()
    verdict = section.locator(".feedback.wrong p.verdict")
    verdict.first.wait_for()
    assert verdict.first.inner_text() == said
    assert not v.errors


def open_a_drill_kept_without(visit, base_url, site_dir, attribute):
    """The English front page with the replay list holding the practice page's first trick-winner
    drill as an older site kept it, its tree without ``attribute``: (the visit, the daily puzzle's
    section once drawn, the drill, a wrong answer's card)."""
    bank = json.loads(
        (site_dir / "en" / "practice" / "index.html")
        .read_text(encoding="utf-8")
        .split('id="drill-bank">', 1)[1]
        .split("</script>", 1)[0]
    )
    drill = bank["trick-winner"][0]
    del drill["tree"]["attrs"][attribute]
    wrong = next(k for k, e in drill["table"]["answers"].items() if e["verdict"] == "wrong")
    stored = {
        "version": 1,
        "items": [
            {"kind": "drill", "theme": "trick-winner", "seed": drill["seed"], "drill": drill}
            | {"missed": 1, "due": 2, "right": 0, "gap": 0},
        ],
        "days": {},
        "themes": {"trick-winner": {"tried": 1, "right": 0}},
    }
    v = visit()
    v.context.add_init_script(
        "if (localStorage.getItem('huutopussi.replay') === null)"
        f" localStorage.setItem('huutopussi.replay', {json.dumps(json.dumps(stored))});"
    )
    page = v.open(f"{base_url}/en/")
    section = page.locator("#daily section.puzzle")
    section.wait_for(timeout=180_000)
    return v, section, drill, wrong
