"""The puzzle kinds live in one registry: a kind registered from this file alone goes through the
build's check and the judge, and nothing outside engine/puzzles/ compares kind names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import puzzles
from engine.core.cards import Card
from engine.puzzles.base import PuzzleError, register, unregister
from engine.puzzles.position import PositionKind
from sitebuild import ROOT
from sitebuild.judge import check_one

POSITION = "rules:three-player/hands:AT7...9,.6789..,..6789./lead:0"


class HighestCard(PositionKind):
    """A toy kind: pick the card of your hand worth the most points (ties: any of them)."""

    name = "toy-highest-card"
    shape = "hand"
    answer = "card"
    hand = "answer"
    words = {"wrong": "wrong"}

    def worth(self, card: str) -> int:
        return self.deal.rules.points[Card.parse(card).rank]

    def compute_solution(self) -> dict:
        hand = self.hand_cards()
        best = max(self.worth(c) for c in hand)
        return {"cards": [c for c in hand if self.worth(c) == best]}

    def verify(self, sol: dict) -> None:
        answer = self.spec.get("answer")
        if answer is not None and sorted(answer) != sorted(sol["cards"]):
            raise PuzzleError(f"answer {answer} but the engine says {sol['cards']}")

    answers = PositionKind.hand_cards

    def verdict(self, answer: str) -> dict:
        if answer in self.solution()["cards"]:
            return {"verdict": "correct", "card": answer}
        reason = {"code": "worth_less", "params": {"card": answer, "points": self.worth(answer)}}
        return {"verdict": "wrong", "card": answer, "reason": reason}


@pytest.fixture
def toy_kind():
    register(HighestCard)
    yield HighestCard
    unregister(HighestCard.name)


def test_a_toy_kind_goes_through_the_build_check_and_the_judge(toy_kind):
    spec = {"kind": toy_kind.name, "position": POSITION, "answer": ["SA"]}
    checked = check_one(spec)
    assert not isinstance(checked, str), checked
    assert checked["solution"] == {"cards": ["SA"]}
    assert checked["view"]["form"]["shape"] == "hand" and checked["view"]["form"]["hand"] == "answer"
    assert set(checked["table"]["answers"]) == {"SA", "ST", "S7", "H9"}
    assert puzzles.judge(spec, "SA")["verdict"] == "correct"
    wrong = puzzles.judge(spec, "ST")
    assert wrong["verdict"] == "wrong" and wrong["reason"]["params"] == {"card": "ST", "points": 10}
    assert (
        puzzles.judge_with_table(checked["table"], "st")["verdict"] == "wrong"
    )  # card notation read as the engine reads it
    bad = check_one({**spec, "answer": ["ST"]})
    assert isinstance(bad, str) and "the engine says" in bad


def test_what_a_kind_declares_decides_its_words_its_editor_offer_and_its_place_in_the_build(toy_kind):
    from sitebuild import words
    from sitebuild.judge import _cost
    from sitebuild.pages import editor_kinds

    spec = {"kind": toy_kind.name, "position": POSITION, "answer": ["SA"]}
    checked = check_one(spec)
    facts = words.facts(spec, checked["view"], checked["solution"], checked["table"])
    assert words.required("explanation", "The ace is worth the most.", facts) is None
    assert toy_kind.name not in editor_kinds()["kinds"] and _cost(spec) == 0

    toy_kind.explanation_cites = "score"
    toy_kind.editable = True
    toy_kind.cost = 9
    toy_kind.estimated = True
    try:
        assert "states the answer as {score}" in words.required("explanation", "The ace.", facts)
        assert toy_kind.name in editor_kinds()["kinds"] and editor_kinds()["default"] == "best-card"
        assert _cost(spec) == 9 and toy_kind.name in words.estimated_kinds()
        toy_kind.editor_default = True  # two defaults: the build refuses the editor
        with pytest.raises(Exception, match="one default kind"):
            editor_kinds()
    finally:
        for attr in ("explanation_cites", "editable", "cost", "estimated", "editor_default"):
            delattr(toy_kind, attr)


def test_a_kind_lacking_an_abstract_hook_is_refused():
    """``compute_solution`` and ``view`` are abstract: a kind without them is not registered, nor made."""
    lacking = type("Lacking", (PositionKind,), {"name": "toy-lacking", "shape": "hand", "answer": "card"})
    with pytest.raises(ValueError, match="'toy-lacking' lacks compute_solution"):
        register(lacking)
    assert "toy-lacking" not in puzzles.REGISTRY
    with pytest.raises(TypeError, match="compute_solution"):
        lacking({"kind": "toy-lacking", "position": POSITION})
    for name, cls in puzzles.REGISTRY.items():
        assert not cls.__abstractmethods__, name


def test_an_unknown_kind_names_the_known_ones():
    with pytest.raises(PuzzleError, match="unknown puzzle kind 'nope'; kinds: .*best-card"):
        puzzles.load({"kind": "nope", "position": POSITION})


def test_every_kind_has_a_known_shape_and_answer():
    for name, cls in puzzles.REGISTRY.items():
        assert cls.shape in puzzles.base.SHAPES, name
        assert cls.answer in puzzles.base.ANSWERS, name
        assert {"kind", "position"} <= cls.keys, name


# where code outside the registry would be comparing a puzzle's kind with a name
KIND_TEST = re.compile(r"""kind["'\]]*\s*(==|!=|\bin\b)\s*[("']|\.kind\s*(===|!==)|kind\s*(===|!==)""")
CHECKED = (
    "engine/web.py",
    "engine/coach/drills.py",
    "sitebuild/judge.py",
    "sitebuild/catalogs.py",
    "site/assets/puzzle.js",
    "site/assets/mount.js",
    "site/assets/practice.js",
    "present/web.py",
    "site/assets/answers.js",
    "present/explain.py",
    "present/verdicts.py",
    "present/puzzle.py",
    "site/templates/position.html",
    "site/assets/position.js",
    "sitebuild/words.py",
    "sitebuild/images.py",
)


@pytest.mark.parametrize("path", CHECKED)
def test_no_kind_names_are_compared_outside_the_registry(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    hits = [line.strip() for line in text.splitlines() if KIND_TEST.search(line) and "step" not in line]
    assert hits == [], f"{path} decides by a puzzle kind's name: {hits}"


def test_the_kind_test_sees_a_comparison():
    assert KIND_TEST.search('if spec["kind"] == "score":')
    assert KIND_TEST.search('if (this.kind === "all-legal") {')
    assert not KIND_TEST.search("const form = view.form;")
    assert Path(__file__).exists()
