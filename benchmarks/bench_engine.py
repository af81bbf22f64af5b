"""Random complete deals per second for each preset, in CPython, on one core.

A deal is dealt from a seed and played to the end by random legal actions (auction, widow or
exchange, raise, every trick, declarations), each action verified by the engine, then scored.

    python benchmarks/bench_engine.py [--deals N]
"""

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Deal  # noqa: E402
from engine.players import play_out  # noqa: E402


def deals_per_second(rules, count):
    start = time.perf_counter()
    for seed in range(count):
        deal = play_out(Deal.new(rules, seed, dealer=seed % rules.players), random.Random(seed))
        if not deal.redealt:
            deal.score()
    return count / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {args.deals} deals per preset")
    print(f"{'preset':<16} {'deals/s':>8}")
    for name, rules in PRESETS.items():
        print(f"{name:<16} {deals_per_second(rules, args.deals):>8.0f}")


if __name__ == "__main__":
    main()
