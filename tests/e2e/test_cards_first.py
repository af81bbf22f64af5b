"""Cards first (issue 33): every puzzle step of every lesson, at 390x844 and 1366x768 in both
languages, opens with its table and its answer controls inside the viewport. One page per
lesson, language and size, stepped through with the player's own Next button."""

import pytest

from sitebuild import LANGS
from tests.e2e.cards_first import off_screen, walk_lesson

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
# Still below the first screen on a phone (2026-12-06, make bench-lessons): a table that is a whole
# record of tricks (count, score a whole deal, lead with the story so far; the last two also on a
# laptop), a raise of fourteen choices, and a two-row hand under a long prompt. Any other step
# below the screen fails; a step fixed here leaves this list.
STILL_BELOW = {
    "three-tricks-to-go",
    "points-still-out",
    "the-ten-must-fall",
    "trumps-still-out",
    "the-bidders-tricks",
    "raise-to-what-is-sure",
    "the-declarers-pair",
    "cash-while-no-trump",
    "feed-your-partner",
    "half-breaks-pairs",
    "ukrainian-no-lockout",
    "asker-keeps-own-pair",
    "score-the-whole-deal",
    "keep-your-ten",
    "ukrainian-values",
    "reversed-bonus-choice",
    "no-bonus-keep-trump",
    "trump-their-ace",
    "win-a-trick-first",
    "keep-the-half",
    "ukrainian-duck",
}


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
            if problems and m["id"] not in STILL_BELOW:
                failures.append(f"{lesson.slug} step {m['step']} ({m['id']}): {'; '.join(problems)}")
    assert measured == sum(len(x.puzzles) for x in lessons)
    assert failures == []
    assert v.errors == []
