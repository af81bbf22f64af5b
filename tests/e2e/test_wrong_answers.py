"""A wrong answer of every kind says why, at once and next to the puzzle (no scrolling needed), in
both languages and at phone size: the engine's reason, the lines of play, the estimate's figures
or the recognised mistake, as the answer table the build wrote carries them."""

import json
import re
from html import unescape

import pytest

pytestmark = pytest.mark.browser

WHY = ".feedback .why, .feedback .lines, .feedback .figures"


def _wrong_answers(site_dir, lang):
    """Per kind, one lesson puzzle and one wrong answer that carries why (the first found)."""
    found = {}
    for path in sorted((site_dir / lang / "lessons").glob("*/index.html")):
        html = path.read_text(encoding="utf-8")
        for pid, raw in re.findall(r'<section class="puzzle" id="([^"]+)"[^>]*data-answers="([^"]*)"', html):
            table = json.loads(unescape(raw))
            kind = table["kind"]
            if kind in found or table["answer"] in ("steps", "cards"):
                continue
            slug = path.parent.name
            if table["answer"] == "number":
                if table.get("mistakes"):
                    found[kind] = (slug, pid, "number", str(table["mistakes"][0]["number"]))
                continue
            for answer, entry in table["answers"].items():
                if entry["verdict"] in ("wrong", "legal-not-best") and (
                    entry.get("reason") or entry.get("lines") or entry.get("figures")
                ):
                    found[kind] = (slug, pid, table["answer"], answer)
                    break
    return found


@pytest.mark.parametrize("lang, size", [("fi", (390, 844)), ("en", (1366, 768))])
def test_a_wrong_answer_of_every_kind_says_why_without_scrolling(visit, base_url, site_dir, lang, size):
    cases = _wrong_answers(site_dir, lang)
    # every kind answered by one card, one choice or a typed number appears in the lessons
    assert {"trick-winner", "best-card", "declare", "auction", "score", "count", "bid", "raise", "discard"} <= set(
        cases
    )
    v = visit(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")  # no smooth scroll
    v.context.add_init_script("try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}")
    for kind, (slug, pid, how, answer) in sorted(cases.items()):
        page = v.open(f"{base_url}/{lang}/lessons/{slug}/#{pid}")
        section = page.locator(f"section#{pid}")
        if how == "number":
            section.locator("input.number").fill(answer)
            section.locator("button.check").click()
        elif how == "card":
            section.locator(f'button.card[data-card="{answer}"]').first.click()
        else:
            section.locator(f'button.choice[data-choice="{answer}"]').click()
        why = section.locator(WHY).first
        why.wait_for(state="visible", timeout=5_000)
        box = section.locator(".feedback .verdict").first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1] + 1, (
            f"{kind}: the verdict is off the screen"
        )
        why_box = why.bounding_box()
        assert why_box["y"] + min(why_box["height"], 40) <= size[1] + 1, f"{kind}: why is off the screen"
        text = section.locator(".feedback").inner_text()
        assert len(text) > 40 and "{" not in text, f"{kind}: {text!r}"
        if kind in ("best-card", "declare"):
            assert section.locator(".feedback .lines .line-trick").count() >= 2, kind  # both lines, trick by trick
        if kind in ("bid", "raise", "discard"):
            assert section.locator(".feedback .figures li").count() == 2, kind  # yours and the best
    assert not v.errors
