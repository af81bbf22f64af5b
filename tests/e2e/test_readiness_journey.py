"""The readiness test (issue 38) in Chromium on a phone (390×844), in both languages: 20 decisions
answered one by one from their answer tables, each answer's cost and the best option shown, the
score against the scale at the end, the result kept on the device, and a retake that draws other
decisions. Data stored by a newer version of the site is kept as it was."""

from __future__ import annotations

import json

import pytest

import build
from present.text import card_label
from sitebuild.catalogs import fmt, number

CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}
KEY = "huutopussi.readiness"


def words(lang, key, **params):
    return fmt(CATALOGS[lang]["readiness"][key], params, CATALOGS[lang])


def phone(visit, base_url, lang):
    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce")
    page = v.open(f"{base_url}/{lang}/readiness/")
    return v, page


def check_declaration(section, lang, entry):
    """A declaration decision: each declaration's button says it in words and shows the king and
    queen; leading without declaring is a button of its own."""
    none = section.locator('button.choice[data-choice="none"]')
    assert none.text_content() == CATALOGS[lang]["ui"]["declare_none"]
    for key in entry["costs"]:
        if key != "none":
            button = section.locator(f'button.choice[data-choice="{key}"]')
            suit = key.split(":")[1]
            assert {"fi": "valtiksi", "en": "trump"}[lang] in button.text_content()
            names = [card_label(f"{suit}{rank}", CATALOGS[lang]) for rank in "KQ"]
            assert button.locator('span.card[role="img"]').evaluate_all("cs => cs.map(c => c.ariaLabel)") == names


def take_test(page, lang, data, answer_with, button="start", declarations=None):
    """Answer every decision; ``answer_with(entry)`` picks the option. Returns the ids and the
    answers; ``declarations``: a list that gets the ids of the declaration decisions asked."""
    page.get_by_role("button", name=words(lang, button)).click()
    seen, answers = [], {}
    for n in range(1, data["questions"] + 1):
        section = page.locator("#readiness-stage section.puzzle")
        section.wait_for()
        pid = section.get_attribute("id").removeprefix("puzzle-")
        assert section.locator(".puzzle-progress").text_content() == words(lang, "question", n=n, total=20)
        assert section.locator(".show-solution").count() == 0  # no peeking: an answer is final
        entry = data["decisions"][pid]
        if entry["group"].endswith("-declaration"):
            check_declaration(section, lang, entry)
            if declarations is not None:
                declarations.append(pid)
        key = answer_with(entry)
        control = section.locator(f'button.choice[data-choice="{key}"], .hand button.card[data-card="{key}"]')
        # the cards first: the answer's control is on the phone's first screen or one scroll away
        control.scroll_into_view_if_needed()
        control.click()
        feedback = section.locator(".feedback")
        cost = entry["costs"][key]
        if key == entry["best"]:
            assert words(lang, "cost_none") in feedback.text_content()
        else:
            # the cost against the best option, and the best option named
            said = words(lang, "cost_one") if cost == 1 else words(lang, "cost", cost=number(cost, CATALOGS[lang]))
            assert said in feedback.text_content()
            assert feedback.locator(".readiness-best").count() == 1
        if entry["rule"]:
            assert entry["rule"]["text"] in feedback.locator(".readiness-rule").text_content()
        assert section.locator("button.choice:not([disabled]), .hand button.card:not([disabled])").count() == 0
        seen.append(pid)
        answers[pid] = key
        next_button = page.locator("#readiness-next")
        assert next_button.is_visible()
        box = next_button.bounding_box()
        assert box["height"] >= 40, "a big Next"
        next_button.click()
    return seen, answers


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_whole_test_and_a_retake_on_a_phone(visit, base_url, lang):
    v, page = phone(visit, base_url, lang)
    data = json.loads(page.locator("#readiness-data").text_content())
    assert len(data["decisions"]) >= 2 * data["questions"]

    # first test: the normal player's choice every time, so the score equals its line of the scale
    asked = []  # every test asks a declaration (a group of its own): answered here by the normal player
    first, answers = take_test(page, lang, data, lambda e: e["players"]["normal"], declarations=asked)
    assert asked
    result = page.locator("#readiness-result")
    result.wait_for()
    lost = round(sum(data["decisions"][pid]["costs"][answers[pid]] for pid in first), 1)
    rows = {
        r.get_attribute("data-who"): r.locator("td").text_content() for r in page.locator("#readiness-scale tr").all()
    }
    assert set(rows) == {"you", "random", "easy", "normal"}
    assert rows["you"] == rows["normal"]
    assert float(rows["you"].replace(",", ".").replace("\u2212", "-")) == pytest.approx(lost)
    random_cost = round(sum(data["decisions"][pid]["random"] for pid in first), 1)
    assert float(rows["random"].replace(",", ".")) == pytest.approx(random_cost)
    assert page.locator("#readiness-past li").count() == 1

    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored["version"] == 1 and stored["results"][0]["ids"] == first and stored["current"] is None

    # a retake draws other decisions (the bank holds at least twice the test), answered best each time
    page.get_by_role("button", name=words(lang, "retake")).click()
    page.locator("#readiness-stage section.puzzle").wait_for()
    page.reload()  # a test in progress survives a reload
    page.wait_for_selector("body[data-ready]", state="attached")
    assert words(lang, "in_progress", n=1, total=20) == page.locator("#readiness-progress").text_content()
    second, _ = take_test(page, lang, data, lambda e: e["best"], button="continue", declarations=asked)
    assert not set(first) & set(second)
    page.locator("#readiness-result").wait_for()
    assert page.locator('#readiness-scale tr[data-who="you"] td').text_content() == "0"
    assert page.locator("#readiness-past li").count() == 2
    assert not v.errors


def test_the_front_page_links_the_test_in_both_languages(visit, base_url):
    v = visit()
    for lang in ("fi", "en"):
        page = v.open(f"{base_url}/{lang}/")
        link = page.locator('a[href="readiness/"]')
        assert CATALOGS[lang]["readiness"]["title"] in link.text_content()


def test_results_of_a_newer_version_are_kept_as_they_are(visit, base_url):
    newer = json.dumps({"version": 9, "results": "whatever"})
    v = visit(viewport={"width": 390, "height": 844})
    v.context.add_init_script(f"localStorage.setItem('{KEY}', {json.dumps(newer)})")
    page = v.open(f"{base_url}/en/readiness/")
    assert words("en", "storage_newer") in page.locator("p.storage-notice").text_content()
    page.get_by_role("button", name=words("en", "start")).click()
    section = page.locator("#readiness-stage section.puzzle")
    data = json.loads(page.locator("#readiness-data").text_content())
    entry = data["decisions"][section.get_attribute("id").removeprefix("puzzle-")]
    best = entry["best"]
    section.locator(f'button.choice[data-choice="{best}"], .hand button.card[data-card="{best}"]').click()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == newer
