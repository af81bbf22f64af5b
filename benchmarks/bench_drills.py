"""The practice drills by theme and rule set: for each theme, the drills of seeds 0..N-1
(``engine.coach.drills.drill``) counted by the rule set of their position and by puzzle kind,
with the mean time to make one.

    python benchmarks/bench_drills.py [--seeds N] [--themes follow-suit,scoring]
"""

import argparse
import collections
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.coach.drills import THEMES, drill  # noqa: E402
from engine.core.notation import parse_position  # noqa: E402


def tally(theme: str, seeds: int):
    """(count by rule set, count by puzzle kind, mean seconds per drill)."""
    by_rules, by_kind = collections.Counter(), collections.Counter()
    start = time.perf_counter()
    for seed in range(seeds):
        spec = drill(theme, seed)
        deal = parse_position(spec["position"])
        by_rules[deal.rules.name] += 1
        kind = spec["kind"]
        if kind == "legal-card":
            kind += " (one legal)" if len(deal.legal_cards()) == 1 else " (several legal)"
        by_kind[kind] += 1
    return by_rules, by_kind, (time.perf_counter() - start) / seeds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--themes", default=",".join(THEMES))
    args = parser.parse_args()
    themes = args.themes.split(",")
    print(f"Practice drills over seeds 0-{args.seeds - 1}, CPython {platform.python_version()}")
    rows = [(theme, *tally(theme, args.seeds)) for theme in themes]
    names = sorted({name for _, by_rules, _, _ in rows for name in by_rules})
    header = ["theme", *names, "kinds", "ms/drill"]
    table = []
    for theme, by_rules, by_kind, mean in rows:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(by_kind.items()))
        table.append([theme, *(str(by_rules[n]) for n in names), kinds, f"{1000 * mean:.0f}"])
    widths = [max(len(r[i]) for r in [header, *table]) for i in range(len(header))]
    for row in [header, *table]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
