"""Puzzle identity and difficulty: ids are unique across lessons, every old id saved progress
may hold still leads to a puzzle (lessons/renamed.toml), and every puzzle has a difficulty 1-3;
each mistake fails the build naming the file and line."""

from pathlib import Path

import pytest

import build
from sitebuild.lessons import resolve_saved_key

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = """
[[puzzle]]
id = "{id}"
kind = "legal-card"
{difficulty}position = "rules:three-player/hands:.J..7,K.A..,..9./lead:2/trick:H8"
answer = ["H7"]
"""
TEXT = """---
title: T
description: A lesson for the tests.
---
::: puzzle {id}
prompt: Which card?
hint: Look at the suit.
explanation: The only heart.
:::
"""


def lesson(lessons: Path, folder: str, pid: str, difficulty="difficulty = 1\n"):
    path = lessons / folder
    path.mkdir(parents=True)
    (path / "lesson.toml").write_text(PUZZLE.format(id=pid, difficulty=difficulty))
    for lang in ("fi", "en"):
        (path / f"{lang}.md").write_text(TEXT.format(id=pid))


def fails(lessons: Path, *fragments):
    with pytest.raises(build.BuildError) as info:
        build.build(lessons.parent / "out", lessons, with_pyodide=False, compress=False)
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)


def test_difficulty_is_required_and_one_to_three(tmp_path):
    lesson(tmp_path / "a", "01-test", "p1", difficulty="")
    fails(tmp_path / "a", "01-test/lesson.toml:3", "has no difficulty")
    lesson(tmp_path / "b", "01-test", "p1", difficulty="difficulty = 4\n")
    fails(tmp_path / "b", "01-test/lesson.toml:5", "difficulty is 1 (easy), 2 (medium) or 3 (hard), not 4")
    lesson(tmp_path / "c", "01-test", "p1", difficulty='difficulty = "easy"\n')
    fails(tmp_path / "c", "01-test/lesson.toml:5", "not 'easy'")


def test_an_id_used_in_two_lessons_fails(tmp_path):
    lessons = tmp_path / "lessons"
    lesson(lessons, "01-one", "same")
    lesson(lessons, "02-two", "same")
    fails(lessons, "02-two/lesson.toml:3", "also used in", "01-one/lesson.toml")


def test_renames_must_lead_to_a_puzzle_and_old_ids_are_not_reused(tmp_path):
    lessons = tmp_path / "a"
    lesson(lessons, "01-test", "p1")
    (lessons / "renamed.toml").write_text('[renamed]\n"test/old" = "nowhere"\n')
    fails(lessons, "renamed.toml:2", "'nowhere', which is not a puzzle id")
    lessons = tmp_path / "b"
    lesson(lessons, "01-test", "p1")
    (lessons / "renamed.toml").write_text('[removed]\n"p1" = "gone"\n')
    fails(lessons, "renamed.toml:2", "no puzzle may use it again")


def test_a_published_puzzle_that_disappears_fails(tmp_path):
    lessons = tmp_path / "lessons"
    lesson(lessons, "01-test", "p1")
    (lessons / "published-v1.txt").write_text("# keys\ntest/p1\ntest/p2\n")
    fails(lessons, "published-v1.txt:3", "'test/p2' would be lost")
    (lessons / "renamed.toml").write_text('[renamed]\n"test/p2" = "p1"\n')
    build.build(tmp_path / "out", lessons, with_pyodide=False, compress=False)  # merged into p1: fine
    (lessons / "renamed.toml").write_text('[removed]\n"test/p2" = "a trivial puzzle"\n')
    build.build(tmp_path / "out", lessons, with_pyodide=False, compress=False)  # dropped on purpose: fine


def test_every_puzzle_saved_today_still_has_a_home(lessons):
    ids = {p["id"] for lesson in lessons for p in lesson.puzzles}
    renames = build.load_renames(ROOT / "lessons", lessons)
    removed = dict.fromkeys(renames["removed"])
    lines = (ROOT / "lessons" / "published-v1.txt").read_text().splitlines()
    keys = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert len(keys) == 100
    for key in keys:
        now = resolve_saved_key(key, renames["renamed"], removed)
        assert now is None or now in ids, key
