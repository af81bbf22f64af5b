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


# -- issue 33: the first wrong answer gives the reason, not the answer ----------------------------------
FIRST_LESSONS = ("game-at-a-glance", "cards", "card-points")


def _tables(site_dir, lang, slug):
    html = (site_dir / lang / "lessons" / slug / "index.html").read_text(encoding="utf-8")
    pattern = r'<section class="puzzle" id="([^"]+)"[^>]*data-answers="([^"]*)"'
    return [(pid, json.loads(unescape(raw))) for pid, raw in re.findall(pattern, html)]


def _not_the_answer(table, catalog):
    """Texts a first wrong answer must not contain, in lower case (see tests/test_wrong_reasons.py)."""
    from tests.test_wrong_reasons import card_forms

    if table["answer"] == "number":
        return []
    right = [a for a, e in table["answers"].items() if e["verdict"] in ("correct", "legal")]
    if table["kind"] == "auction":
        player = table["answers"][right[0]]["player"]
        return [f"player {player}", f"pelaaja {player}", f"pelaajan {player}"]
    if table["answer"] in ("card", "cards") and (len(right) == 1 or table["answer"] == "cards"):
        return sorted({form for card in right for form in card_forms(card, catalog)})
    return []


def _answer_wrong(section, table):
    """Give one wrong answer the table knows (a number no slip explains, for a typed number)."""
    if table["answer"] == "number":
        known = {m["number"] for m in table["mistakes"]} | {table["number"]}
        typed = next(n for n in range(table["number"] + 7, table["number"] + 400) if n not in known)
        section.locator("input.number").fill(str(typed))
        section.locator("button.check").click()
        return str(typed)
    if table["answer"] == "cards":
        section.locator("button.check").click()  # nothing marked: every allowed card is missed
        return None
    wrong = next(a for a, e in table["answers"].items() if e["verdict"] not in ("correct", "legal"))
    if table["answer"] == "card":
        section.locator(f'button.card[data-card="{wrong}"]').first.click()
    else:
        section.locator(f'button.choice[data-choice="{wrong}"]').click()
    return wrong


@pytest.mark.parametrize("lang, size", [("fi", (390, 844)), ("en", (1366, 768))])
def test_in_lessons_1_to_3_a_wrong_answer_gives_a_reason_not_the_answer(visit, base_url, site_dir, lang, size):
    from sitebuild.catalogs import load_catalog

    catalog = load_catalog(lang)
    v = visit(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    v.context.add_init_script("try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}")
    kinds, seconds = set(), set()
    for slug in FIRST_LESSONS:
        page = v.open(f"{base_url}/{lang}/lessons/{slug}/")
        for pid, table in _tables(site_dir, lang, slug):
            section = page.locator(f"section#{pid}")
            section.scroll_into_view_if_needed()
            typed = _answer_wrong(section, table)
            feedback = section.locator(".feedback")
            feedback.locator(".verdict").first.wait_for(state="visible", timeout=5_000)
            sentences = feedback.locator("p")
            assert sentences.count() >= 2, f"{slug}/{pid}: no reason: {feedback.inner_text()!r}"
            text = feedback.inner_text().lower()
            assert "{" not in text, f"{slug}/{pid}: {text!r}"
            for named in _not_the_answer(table, catalog):
                assert named not in text, f"{slug}/{pid}: {text!r} gives away {named!r}"
            if table["answer"] == "number":
                right = table["number"]
                assert not re.search(rf"(?<![0-9]){abs(right)}(?![0-9])", text.replace(typed, "")), (slug, pid, text)
                assert feedback.locator("table").count() == 0, f"{slug}/{pid}: the breakdown is the second level"
                assert feedback.locator(".why").count() == 1, f"{slug}/{pid}: what to check"
            assert not section.locator(".solution-text").is_visible(), f"{slug}/{pid}: the answer at the first try"
            kinds.add(table["kind"])
            if table["kind"] in seconds:
                continue
            # the second wrong answer brings the solution
            _answer_wrong(section, table)
            section.locator(".solution-text").wait_for(state="visible", timeout=5_000)
            assert section.locator(".show-solution").get_attribute("aria-expanded") == "true"
            seconds.add(table["kind"])
    assert kinds == {"auction", "legal-card", "all-legal", "trick-winner", "score"}
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_marking_too_few_cards_names_the_rule_that_allows_them(visit, base_url, lang):
    from sitebuild.catalogs import load_catalog

    catalog = load_catalog(lang)
    page = visit().open(f"{base_url}/{lang}/lessons/game-at-a-glance/#puzzle-glance-void-any")
    section = page.locator("section#puzzle-glance-void-any")
    section.locator(".hand button.card").first.click()  # one card marked of all of them
    section.locator("button.check").click()
    feedback = section.locator(".feedback")
    feedback.locator(".verdict").first.wait_for()
    text = feedback.inner_text()
    assert catalog["reasons"]["allowed_any"] in text, text  # a void in the led suit, no trump: any card


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_tap_on_the_dimmed_hand_points_to_the_trick(visit, base_url, site_dir, lang):
    from sitebuild.catalogs import load_catalog

    catalog = load_catalog(lang)
    v = visit(viewport={"width": 390, "height": 844})
    v.context.add_init_script("try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}")
    page = v.open(f"{base_url}/{lang}/lessons/cards/")
    section = page.locator("section.puzzle:has(.you.looking .hand li)").first
    section.scroll_into_view_if_needed()
    section.locator(".you.looking .hand li").first.click()
    feedback = section.locator(".feedback.notice")
    feedback.wait_for()
    assert feedback.inner_text().strip() == catalog["verdicts"]["hand_looking_trick"]
    assert section.locator(".trick.pointed").count() == 1
    focused = page.evaluate("document.activeElement.closest('.trick') !== null && document.activeElement.dataset.card")
    assert focused, "the focus is on a card of the trick"
    section.locator(".trick button.card").first.click()  # an answer takes the pointer away
    assert section.locator(".trick.pointed").count() == 0
    assert not v.errors
