"""For lesson authors: what the engine says about every puzzle of the given lesson folders.

python tools/puzzle_info.py lessons/06-overtaking [more folders]
"""

import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import puzzles  # noqa: E402
from sitebuild import cache  # noqa: E402


def main(folders):
    cache.install()  # as in the build: estimates and deep searches allowed, from the cache
    status = 0
    for folder in [f for f in folders if Path(f).is_dir()]:
        spec = tomllib.loads((Path(folder) / "lesson.toml").read_text())
        for p in spec.get("puzzle", []):
            try:
                solution = puzzles.solution(p)
                hidden = ("breakdown", "reasons", "facts", "made")
                shown = {k: v for k, v in solution.items() if k not in hidden}
                table = puzzles.answer_table(p).get("answers", {})
                losses = {a: v["loss"] for a, v in table.items() if v.get("verdict") == "legal-not-best"}
                if losses:
                    shown["loss"] = losses  # what {loss:ANSWER} gives in the puzzle's words
                print(f"{folder} {p['id']} ({p['kind']}): {shown}")
            except ValueError as e:
                print(f"{folder} {p['id']}: ERROR {e}")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
