"""Writes what the engine says about every lesson puzzle (its spec, view, solution and answer
table) to ``tests/fixtures/puzzle-snapshot.json.gz``: tests/test_puzzle_snapshot.py compares the
engine's answers with it field by field, so that a restructuring of the puzzle code cannot change
what a learner sees unnoticed. Regenerate it only for a change of the answers that is intended
(without ``--write`` it only says how many puzzles differ from the snapshot, and writes nothing):

    .venv/bin/python tools/puzzle_snapshot.py --write
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


def main(argv: list[str]) -> int:
    if argv not in ([], ["--write"]):
        print("usage: puzzle_snapshot.py [--write]", file=sys.stderr)
        return 2
    snapshot = {}
    for lesson in load_lessons(ROOT / "lessons"):
        for spec in lesson.puzzles:
            checked = lesson.checked[spec["id"]]
            snapshot[spec["id"]] = {"spec": spec, **checked}
    text = json.dumps(snapshot, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    if argv != ["--write"]:
        old = json.loads(gzip.decompress(OUT.read_bytes())) if OUT.exists() else {}
        fresh = json.loads(text)
        differ = sorted(k for k in fresh.keys() | old.keys() if fresh.get(k) != old.get(k))
        print(
            f"{len(differ)} of {len(fresh)} puzzles differ in some field from {OUT.name} "
            f"(tests/test_puzzle_snapshot.py leaves out the fields the registry added on purpose): "
            f"{', '.join(differ[:10]) or 'none'}"
        )
        print("nothing written; run with --write to rewrite the snapshot")
        return 0
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{len(snapshot)} puzzles, {len(text) // 1024} KiB of JSON, {OUT.stat().st_size // 1024} KiB in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
