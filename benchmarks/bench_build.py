"""The build's cost for the puzzle kinds that need the engine's estimates or the guided deal, on a
realistic lesson set made up from seeded deals: 8 bid, 8 discard (3 candidates each), 6 raise,
10 lead (5 opening leads, 5 later in the deal), 2 give (3 candidates each) and one guided deal,
with the default sample counts (engine/puzzles/decisions.py).

    python benchmarks/bench_build.py [--processes N] [--per-kind]

Prints the time of a cold build (an empty cache, as on a clean clone) and of a warm one (every
result from the cache), as wall time and as CPU time (this process and its workers: on a shared
machine the wall time says little, the CPU time divided by the processes is what an idle machine
would take); with --per-kind instead each puzzle's CPU cost, one process, cold.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import format_record  # noqa: E402
from engine.core.actions import Bid, Hold, Pass  # noqa: E402
from engine.core.deal import Deal  # noqa: E402
from engine.core.rules import preset  # noqa: E402
from engine.players.easy import computer_action  # noqa: E402
from engine.search import estimate, memo  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "kinds" / "01-kinds"


def record(rules, seed, dealer, until):
    """A deal from ``seed`` played by the simple computer players until ``until(deal)``."""
    deal = Deal.new(rules, seed, dealer)
    rng = random.Random(seed)
    while not until(deal):
        if deal.phase == "auction":
            deal.apply(Bid(rules.min_bid) if deal.high_bid is None else Pass())
        elif deal.phase == "discard":
            deal.apply(estimate.discard_by_rule(deal))
        elif deal.phase == "raise":
            deal.apply(Hold())
        else:
            deal.apply(computer_action(deal, rng))
    return deal


def alternatives(deal, size, count):
    """``count`` card sets of the hand to put away or give: the rule's, then the dearest cards,
    then the rule's set with its dearest card swapped for the next cheapest."""
    hand = deal.hands[deal.to_move]
    rules = deal.rules
    cheap = estimate._keep_order(rules, hand)
    sets = [tuple(cheap[:size]), tuple(cheap[-size:]), tuple(cheap[: size - 1] + [cheap[size]])]
    out = []
    for cards in sets:
        text = ".".join(str(c) for c in sorted(cards, key=lambda c: c.index))
        if text not in out:
            out.append(text)
    return out[:count]


def puzzles():
    three, pairs = preset("three-player"), preset("faq-pairs")
    out = []
    for i in range(8):
        seed = 100 + i
        until = (lambda d: True) if i % 2 == 0 else (lambda d: len(d.auction) >= 1)
        out.append({"kind": "bid", "position": format_record(record(three, seed, 0, until))})
    for i in range(8):
        deal = record(three, 200 + i, 0, lambda d: d.phase == "discard")
        out.append({"kind": "discard", "position": format_record(deal), "candidates": alternatives(deal, 3, 3)})
    for i in range(6):
        out.append(
            {"kind": "raise", "position": format_record(record(three, 300 + i, 0, lambda d: d.phase == "raise"))}
        )
    for i in range(10):
        later = 0 if i < 5 else 2 + i % 4
        deal = record(three, 400 + i, 0, lambda d, t=later: d.phase == "play" and d.tricks_played >= t and not d.trick)
        out.append({"kind": "lead", "position": format_record(deal)})
    for i in range(2):
        deal = record(pairs, 500 + i, 3, lambda d: d.phase == "give")
        out.append({"kind": "give", "position": format_record(deal), "candidates": alternatives(deal, 3, 3)})
    return out


def write_lessons(folder: Path, specs) -> None:
    lesson = folder / "01-bench"
    lesson.mkdir(parents=True)
    lines = []
    for i, spec in enumerate(specs):
        lines.append("[[puzzle]]")
        lines.append(f'id = "b{i}"')
        for key, value in spec.items():
            if isinstance(value, list):
                lines.append(f"{key} = [" + ", ".join(f'"{v}"' for v in value) + "]")
            else:
                lines.append(f'{key} = "{value}"')
        lines.append("")
    blocks = "".join(f"::: puzzle b{i}\nprompt: P\nhint: H\nexplanation: E\n:::\n\n" for i in range(len(specs)))
    for lang in ("fi", "en"):
        (lesson / f"{lang}.md").write_text(f"---\ntitle: Bench\ndescription: Bench\n---\n{blocks}")
    (lesson / "lesson.toml").write_text("\n".join(lines))
    shutil.copytree(FIXTURE, folder / "02-deal")  # the guided deal (and the fixture's small puzzles)
    deal = folder / "02-deal"
    import tomllib

    kept = [p for p in tomllib.loads((deal / "lesson.toml").read_text())["puzzle"] if p["kind"] == "deal"]
    (deal / "lesson.toml").write_text(
        "[[puzzle]]\n" + "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in kept[0].items()) + "\n"
    )
    for lang in ("fi", "en"):
        text = (deal / f"{lang}.md").read_text()
        head, _, rest = text.partition("::: puzzle")
        block = "::: puzzle" + rest[rest.index("::: puzzle fx-deal") + len("::: puzzle") :]
        (deal / f"{lang}.md").write_text(head + block)


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's workers, once joined
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    run()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--per-kind", action="store_true", help="each puzzle's CPU cost, one process, cold")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        specs = puzzles()
        write_lessons(tmp / "lessons", specs)
        os.environ["HUUTOPUSSI_BUILD_CACHE"] = str(tmp / "cache")
        if args.processes:
            os.environ["HUUTOPUSSI_BUILD_PROCESSES"] = str(args.processes)
        from sitebuild.judge import _processes

        counts: dict[str, int] = {}
        for s in specs:
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
        print("puzzles:", ", ".join(f"{n} {k}" for k, n in counts.items()), "+ 1 guided deal")
        print(f"processes: {_processes(len(specs) + 1)}; CPUs: {os.cpu_count()}; load: {os.getloadavg()[0]:.1f}")
        if args.per_kind:
            per_kind(specs)
        else:
            build_twice(tmp)
    return 0


def build_twice(tmp: Path) -> None:
    import build

    cold, cold_cpu = timed(lambda: build.build(tmp / "out", tmp / "lessons", with_pyodide=False))
    memo._memo.clear()
    warm, warm_cpu = timed(lambda: build.build(tmp / "out", tmp / "lessons", with_pyodide=False))
    print(f"cold build: {cold:.1f} s wall, {cold_cpu:.1f} s CPU")
    print(f"warm build: {warm:.2f} s wall, {warm_cpu:.2f} s CPU (cold/warm CPU: {cold_cpu / warm_cpu:.0f})")


def per_kind(specs) -> None:
    import tomllib

    from sitebuild import cache
    from sitebuild.judge import check_one

    os.environ["HUUTOPUSSI_BUILD_CACHE"] = "off"
    cache.install()
    fixture = tomllib.loads((FIXTURE / "lesson.toml").read_text())["puzzle"]
    times: dict[str, list[float]] = {}
    for spec in specs + [p for p in fixture if p["kind"] == "deal"]:
        memo._memo.clear()
        start = cpu_seconds()
        result = check_one(spec)
        assert not isinstance(result, str), result
        times.setdefault(spec["kind"], []).append(cpu_seconds() - start)
        print(f"  {spec['kind']:8} {times[spec['kind']][-1]:6.1f} s", flush=True)
    print("kind     count  median s  max s  total s (CPU, one process)")
    for kind, ts in times.items():
        print(f"{kind:8} {len(ts):5}  {statistics.median(ts):8.1f}  {max(ts):5.1f}  {sum(ts):7.1f}")
    print(f"all: {sum(sum(ts) for ts in times.values()):.0f} s CPU")


if __name__ == "__main__":
    sys.exit(main())
