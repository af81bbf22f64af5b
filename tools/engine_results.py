"""Commit the build's costly engine results (sampled estimates, deep solver searches, guided deals,
the play page's openings and the first drills) so that a clean clone builds without computing them
again, for the lessons and for the test suite's lesson of every puzzle kind (``tests/fixtures/kinds``,
which two test modules build): ``sitebuild/engine-results.jsonl``, read by ``sitebuild/cache.py`` under the same keys
(each key holds the digest of the code that computed the result, so a committed result is never
read for other code).

    .venv/bin/python tools/engine_results.py          # build once (warm from .cache/build), write the file
    .venv/bin/python tools/engine_results.py --check  # only say how many results the file lacks

Run it (``make engine-results``) after a change of the engine or of a lesson's puzzles, and commit
the file with the change; a stale file only makes the next clean build slower.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild import cache  # noqa: E402

# the lesson folders whose builds read committed results: the site's, and the one the tests build
LESSON_FOLDERS = (ROOT / "lessons", ROOT / "tests" / "fixtures" / "kinds")


def used_keys() -> list[str]:
    """The key of every result the builds of ``LESSON_FOLDERS`` read or compute (builds without
    Pyodide, in a temporary folder)."""
    with tempfile.TemporaryDirectory(prefix="engine-results-") as tmp:
        record = Path(tmp) / "keys"
        record.touch()
        env = {**os.environ, cache.RECORD: str(record)}
        if env.get("HUUTOPUSSI_BUILD_CACHE", "").lower() == "off":
            raise SystemExit("tools/engine_results.py: HUUTOPUSSI_BUILD_CACHE=off keeps no results to commit")
        for n, lessons in enumerate(LESSON_FOLDERS):
            out = str(Path(tmp) / f"site{n}")
            command = [sys.executable, str(ROOT / "build.py"), "--no-pyodide", "--quiet"]
            command += ["--lessons", str(lessons), "--out", out]
            subprocess.run(command, env=env, check=True, cwd=ROOT)
        return sorted(set(record.read_text("ascii").split()))


def value_of(key: str):
    directory = cache.cache_dir() or cache.DEFAULT_DIR
    try:
        return json.loads((directory / key[:2] / f"{key}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return cache.committed_results().get(key)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report the results the file lacks")
    args = parser.parse_args(argv)
    keys = used_keys()
    committed = cache.committed_results()
    missing = [key for key in keys if key not in committed]
    unused = len(committed.keys() - set(keys))
    if args.check:
        name = cache.COMMITTED.relative_to(ROOT)
        print(f"{len(keys)} results in a build: {len(missing)} not in {name}, {unused} unused there")
        return 1 if missing else 0
    lines = []
    for key in keys:
        value = value_of(key)
        if value is None:
            raise SystemExit(
                f"tools/engine_results.py: the result {key} was computed but not kept (is the cache writable?)"
            )
        # the value as it was computed: the order of its keys is part of it (a decision's options, best first)
        lines.append(json.dumps({"key": key, "value": value}, separators=(",", ":")))
    cache.COMMITTED.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    size = cache.COMMITTED.stat().st_size
    name = cache.COMMITTED.relative_to(ROOT)
    print(f"{name}: {len(lines)} results ({len(missing)} new, {unused} dropped), {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
