"""The readiness test's "why" (issue 38, item 3) in Chromium on a phone, in both languages: a
decision that names a measured rule of thumb shows it under the answer, in the page's words, with
its measured figures, whether the answer was the best option or not. A test draws its decisions
at random from the bank, and only some of them name a rule (the opening calls of the rules'
recipes: tests/test_readiness_rules.py), so the page's data is given one on the decision shown:
the rule object ``page_data`` makes for an entry that names it, as the build would write it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import build
from sitebuild import readiness
from sitebuild.measured import load_measured

ROOT = Path(__file__).resolve().parents[2]
RULE = "small-card-on-partners-trick"
DATA = re.compile(r'(<script[^>]*id="readiness-data"[^>]*>)(.*?)(</script>)', re.S)


def rule_as_built(lang):
    measured = load_measured(ROOT / "lessons")
    entry, puzzle = readiness.load_bank(ROOT / "lessons", measured)[0]
    _, data = readiness.page_data([({**entry, "rule": RULE}, puzzle)], build.load_catalog(lang), measured)
    return data["decisions"][f"r-{entry['id']}"]["rule"]


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_decisions_rule_of_thumb_is_shown_with_its_figures_after_any_answer(visit, base_url, lang):
    rule = rule_as_built(lang)
    words = build.load_catalog(lang)["readiness"]

    def with_rule(route):
        body = route.fetch().text()
        found = DATA.search(body)
        data = json.loads(found.group(2))
        for decision in data["decisions"].values():
            decision["rule"] = rule
        text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
        route.fulfill(
            status=200,
            content_type="text/html; charset=utf-8",
            body=body[: found.start(2)] + text + body[found.end(2) :],
        )

    v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce")
    v.page.route(f"{base_url}/{lang}/readiness/", with_rule)
    page = v.open(f"{base_url}/{lang}/readiness/")
    data = json.loads(page.locator("#readiness-data").text_content())
    page.get_by_role("button", name=words["start"]).click()
    for answer in ("second", "best"):
        section = page.locator("#readiness-stage section.puzzle")
        section.wait_for()
        entry = data["decisions"][section.get_attribute("id").removeprefix("puzzle-")]
        key = entry[answer] if answer == "best" else next(k for k in entry["costs"] if k != entry["best"])
        control = section.locator(f'button.choice[data-choice="{key}"], .hand button.card[data-card="{key}"]')
        control.scroll_into_view_if_needed()
        control.click()
        shown = section.locator(".feedback .readiness-rule")
        assert shown.count() == 1 and shown.get_attribute("data-rule") == RULE
        text = shown.text_content()
        assert rule["text"] in text and rule["measured"] in text, text
        assert words["rule"].split("{")[0].strip() in text and words["measured"].split("{")[0].strip() in text
        page.locator("#readiness-next").click()
    assert v.errors == []
