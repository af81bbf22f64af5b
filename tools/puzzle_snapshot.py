"""Writes what the engine says about every lesson puzzle (its spec, view, solution and answer
table) to ``tests/fixtures/puzzle-snapshot.json.gz``: tests/test_puzzle_snapshot.py compares the
engine's answers with it field by field, so that a restructuring of the puzzle code cannot change
what a learner sees unnoticed. Regenerate it only for a change of the answers that is intended:

    .venv/bin/python tools/puzzle_snapshot.py
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitebuild.lessons import load_lessons  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "puzzle-snapshot.json.gz"


def main() -> int:
    snapshot = {}
    for lesson in load_lessons(ROOT / "lessons"):
        for spec in lesson.puzzles:
            checked = lesson.checked[spec["id"]]
            snapshot[spec["id"]] = {"spec": spec, **checked}
    text = json.dumps(snapshot, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{len(snapshot)} puzzles, {len(text) // 1024} KiB of JSON, {OUT.stat().st_size // 1024} KiB in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
