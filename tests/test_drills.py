"""Practice drills: every theme yields puzzles that the engine accepts and whose answer is unique."""

import time

import pytest

from engine import puzzles
from engine.coach.drills import THEMES, DrillError, drill


@pytest.mark.parametrize("theme", THEMES)
def test_drills_have_unique_engine_checked_answers(theme):
    for seed in range(8):
        start = time.perf_counter()
        spec = drill(theme, seed)
        assert time.perf_counter() - start < 20
        solution = puzzles.check(spec)
        if spec["kind"] in ("legal-card", "best-card", "trick-winner"):
            assert len(solution["cards"]) == 1, spec
        if spec["kind"] == "legal-card":
            code = {"follow-suit": "must_follow_suit", "overtake": "must_overtake", "must-trump": "must_trump"}[theme]
            deal = puzzles.load(spec).deal
            assert deal.play_duty()[1] == code
        assert drill(theme, seed) == spec  # deterministic


def test_unknown_theme():
    with pytest.raises(DrillError):
        drill("juggling", 1)
