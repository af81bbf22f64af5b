"""The golden file of every lesson puzzle: what the engine says of it (its spec, view, solution and
answer table, every field) is kept in ``tests/golden/puzzles/<lesson>.json``, one file per lesson,
so that a change of the code that changes what a learner sees shows up as a failing test here and
as a diff in review.

When a change of the answers is intended, write the files again and review the diff:

    HUUTOPUSSI_REGENERATE=1 .venv/bin/python -m pytest -q tests/test_puzzle_golden.py
    git diff tests/golden/

Without ``HUUTOPUSSI_REGENERATE`` nothing is written; a difference fails with the puzzle and the
field that changed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine import puzzles

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "puzzles"
FIELDS = ("spec", "view", "solution", "table")
LESSON_DIRS = sorted(p.parent.name for p in ROOT.glob("lessons/*/lesson.toml"))


def regenerating() -> bool:
    return os.environ.get("HUUTOPUSSI_REGENERATE", "") not in ("", "0")


def differences(before, after, path: str) -> list[str]:
    """Every field that was added, removed or changed, by its path (``pid.table.answers.HA``)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = [f"{path}.{key}: missing" for key in before.keys() - after.keys()]
        out += [f"{path}.{key}: new field" for key in after.keys() - before.keys()]
        for key in sorted(before.keys() & after.keys()):
            out += differences(before[key], after[key], f"{path}.{key}")
        return sorted(out)
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [d for i, (b, a) in enumerate(zip(before, after)) for d in differences(b, a, f"{path}[{i}]")]
    return [] if before == after else [f"{path}: {before!r} before, {after!r} now"]


def text_of(entries: dict) -> str:
    return json.dumps(entries, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_the_comparison_sees_every_change():
    before = {"answers": {"HA": {"verdict": "correct"}}, "kind": "best-card", "lines": [1, 2]}
    assert differences(before, json.loads(json.dumps(before)), "t") == []
    assert differences(before, {**before, "reason": 1}, "t") == ["t.reason: new field"]
    assert differences(before, {"kind": "best-card", "lines": [1, 2]}, "t") == ["t.answers: missing"]
    assert differences(before, {**before, "answers": {"HA": {"verdict": "illegal"}}}, "t") == [
        "t.answers.HA.verdict: 'correct' before, 'illegal' now"
    ]
    assert differences(before, {**before, "lines": [1, 3]}, "t") == ["t.lines[1]: 2 before, 3 now"]
    assert differences(before, {**before, "lines": [1]}, "t") == ["t.lines: [1, 2] before, [1] now"]


@pytest.mark.parametrize("directory", LESSON_DIRS)
def test_every_lesson_puzzle_answers_as_in_its_golden_file(directory, lessons):
    (lesson,) = [x for x in lessons if x.path.name == directory]
    now = {p["id"]: {"spec": p, **{f: lesson.checked[p["id"]][f] for f in FIELDS[1:]}} for p in lesson.puzzles}
    now = json.loads(json.dumps(now))  # as JSON has it (tuples become lists)
    path = GOLDEN / f"{directory}.json"
    if regenerating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text_of(now), encoding="utf-8")
        return
    assert path.is_file(), f"no {path.relative_to(ROOT)}: write it with HUUTOPUSSI_REGENERATE=1"
    before = json.loads(path.read_text("utf-8"))
    changed = differences(before, now, directory)
    assert not changed, (
        f"{len(changed)} changes from {path.relative_to(ROOT)} (if intended: HUUTOPUSSI_REGENERATE=1, "
        "then review git diff tests/golden/):\n" + "\n".join(changed[:40])
    )


def test_there_is_a_golden_file_for_every_lesson_and_no_other():
    """(After the files of every lesson, so that a regeneration removes the files of lessons that are gone.)"""
    if regenerating():
        for path in GOLDEN.glob("*.json"):
            if path.stem not in LESSON_DIRS:
                path.unlink()
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == LESSON_DIRS


def test_the_golden_files_cover_every_kind():
    kinds = {
        entry["spec"]["kind"]
        for path in GOLDEN.glob("*.json")
        for entry in json.loads(path.read_text("utf-8")).values()
    }
    assert kinds == set(puzzles.LESSON_KINDS)
