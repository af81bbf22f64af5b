"""Cards first (issue 33): every puzzle step of every lesson, at 390x844 and 1366x768 in both
languages, opens with its table and its answer controls inside the viewport. One page per
lesson, language and size, stepped through with the player's own Next button."""

import pytest

from sitebuild import LANGS

from .cards_first import off_screen, walk_lesson

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_step_opens_with_its_table_and_answers_on_screen(visit, base_url, lessons, lang, size):
    v = visit(viewport=SIZES[size], reduced_motion="reduce")
    failures = []
    measured = 0
    for lesson in lessons:
        steps = walk_lesson(v.page, f"{base_url}/{lang}/lessons/{lesson.slug}/")
        assert [m["id"] for m in steps] == [p for k, p in lesson.texts[lang].segments if k == "puzzle"], lesson.slug
        measured += len(steps)
        for m in steps:
            problems = off_screen(m)
            if problems:
                failures.append(f"{lesson.slug} step {m['step']} ({m['id']}): {'; '.join(problems)}")
    assert measured == sum(len(x.puzzles) for x in lessons)
    assert failures == []
    assert v.errors == []
