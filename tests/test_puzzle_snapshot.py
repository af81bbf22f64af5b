"""What the engine says about every lesson puzzle stays what it said before the puzzle code moved
into one module per kind (tests/fixtures/puzzle-snapshot.json.gz, written by
tools/puzzle_snapshot.py from the code before the move): each puzzle's view, solution and answer
table, field by field, for the spec stored with it. The only new fields are the ones the move
added on purpose: the ``form`` a page renders by, and the wrong answers' reasons, lines of play,
figures and recognised mistakes. One entry was refreshed for this round's one intended change of
an answer: the guided first deal (``first-deal``) offers only the declarations the rules allow."""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

import pytest

from engine import puzzles
from sitebuild import cache

SNAPSHOT = Path(__file__).parent / "fixtures" / "puzzle-snapshot.json.gz"
# fields the registry added: how a page renders a kind, and why a wrong answer is wrong (issue 33
# added ``check``: what to check when a typed number is no recognised slip)
ADDED = {"form", "shape", "answer", "words", "reason", "lines", "figures", "mistakes", "check"}


def _differences(before, after, path: str) -> list[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key, value in before.items():
            if key not in after:
                out.append(f"{path}.{key}: missing")
            else:
                out += _differences(value, after[key], f"{path}.{key}")
        out += [f"{path}.{key}: new field" for key in after.keys() - before.keys() if key not in ADDED]
        return out
    if isinstance(before, list) and isinstance(after, list):
        if len(before) != len(after):
            return [f"{path}: {len(before)} items before, {len(after)} now"]
        return [d for i, (b, a) in enumerate(zip(before, after)) for d in _differences(b, a, f"{path}[{i}]")]
    return [] if before == after else [f"{path}: {before!r} before, {after!r} now"]


@lru_cache(maxsize=1)
def _snapshot() -> dict:
    return json.loads(gzip.decompress(SNAPSHOT.read_bytes()))


def test_the_snapshot_covers_every_kind():
    kinds = {entry["spec"]["kind"] for entry in _snapshot().values()}
    assert kinds == set(puzzles.KINDS)


def test_the_comparison_sees_a_changed_field():
    before = {"answers": {"HA": {"verdict": "correct"}}, "kind": "best-card"}
    assert _differences(before, {**before, "reason": 1}, "t") == []
    assert _differences(before, {"answers": {"HA": {"verdict": "illegal"}}, "kind": "best-card"}, "t")
    assert _differences(before, {**before, "extra": 1}, "t") == ["t.extra: new field"]


@pytest.mark.parametrize("pid", sorted(_snapshot()))
def test_every_lesson_puzzle_answers_as_before(pid):
    entry = _snapshot()[pid]
    with cache.installed():  # the costly results from the build's cache, as the build computes them
        now = puzzles.everything(entry["spec"])
    for field in ("view", "solution", "table"):
        assert _differences(entry[field], now[field], field) == []
