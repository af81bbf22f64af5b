"""Solver timings on fixed seeded sets of positions, every legal first action scored.

    python benchmarks/bench_solver.py [--count N] [--sets small,three,pairs] [--processes 1,2] [--no-pyodide]

Sets (seeded, so every run solves the same positions):
  small  positions with at most 6 tricks left (three-player, faq, faq-pairs, ukrainian)
  three  a full three-player deal right after the discard (11 tricks)
  pairs  a full four-player partnership deal right after the exchange (9 tricks, faq-pairs)

Prints median and maximum seconds per position and nodes per second, once per process count
(``solve(deal, processes)``: with 2, a forked process solves part of the first actions; the
nodes of both are counted). Unless --no-pyodide, the same positions are then solved in Pyodide
under Node (the npm package `pyodide`, one process: it has no fork) and the Pyodide/CPython
ratio of the medians is printed per set.
"""

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import (  # noqa: E402
    Deal,
    format_position,  # noqa: E402
    parse_position,
    preset,
)
from engine.players import random_action  # noqa: E402
from engine.search.solver import solve  # noqa: E402


def position_after(rules, seed, tricks_left):
    rng = random.Random(seed)
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    while not deal.is_over:
        if deal.phase == "play" and not deal.trick and rules.hand_size - deal.tricks_played <= tricks_left:
            if deal.pending_question is None:
                return format_position(deal)
        deal.apply(random_action(deal, rng))
    return None


def position_set(name, count):
    out = []
    seed = 0
    specs = {
        "small": [("three-player", 6), ("faq", 6), ("faq-pairs", 6), ("ukrainian", 6)],
        "three": [("three-player", 11)],
        "pairs": [("faq-pairs", 9)],
    }[name]
    while len(out) < count:
        rules_name, left = specs[len(out) % len(specs)]
        pos = position_after(preset(rules_name), 1000 + seed, left)
        seed += 1
        if pos is not None:
            out.append(pos)
    return out


def time_positions(positions, processes=1):
    times, nodes = [], 0
    for pos in positions:
        deal = parse_position(pos)
        start = time.perf_counter()
        solution = solve(deal, processes)
        times.append(time.perf_counter() - start)
        nodes += solution.nodes
    return times, nodes


NODE_SCRIPT = r"""
const { loadPyodide } = require(process.argv[2]);
const fs = require("fs");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[3] });
  py.FS.mkdirTree("/work");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[4] }, "/work");
  py.runPython("import sys; sys.path.insert(0, '/work')");
  const positions = JSON.parse(fs.readFileSync(process.argv[5], "utf8"));
  const solveTimes = py.runPython(`
import time, json
from engine import parse_position
from engine.search.solver import solve
def run(positions):
    out = []
    for p in positions:
        d = parse_position(p)
        t = time.perf_counter(); solve(d); out.append(time.perf_counter() - t)
    return json.dumps(out)
run`);
  console.log(solveTimes(positions));
})();
"""


def pyodide_times(positions):
    pyodide_dir = ROOT / "node_modules" / "pyodide"
    if not (pyodide_dir / "pyodide.js").exists() or not shutil.which("node"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "run.js"
        script.write_text(NODE_SCRIPT)
        data = Path(tmp) / "positions.json"
        data.write_text(json.dumps(positions))
        out = subprocess.run(
            ["node", str(script), str(pyodide_dir / "pyodide.js"), str(pyodide_dir) + os.sep, str(ROOT), str(data)],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if out.returncode != 0:
            print("  pyodide run failed:", out.stderr.strip().splitlines()[-1:], file=sys.stderr)
            return None
        return json.loads(out.stdout.strip().splitlines()[-1])


# issue 3's targets in CPython: (median, max) seconds; None where it sets none
TARGETS = {"small": (0.05, 0.5), "three": (1.0, 10.0), "pairs": (0.5, None)}


def target_text(name):
    median, most = TARGETS[name]
    return f"≤{median:g}" + (f" / ≤{most:g}" if most else "")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--sets", default="small,three,pairs")
    parser.add_argument("--processes", default="1,2", help="process counts to time (solve(deal, processes))")
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} cores, {args.count} positions per set, "
        "every legal first action scored"
    )
    print(
        f"{'set':<6} {'procs':>5} {'median s':>9} {'max s':>8} {'target':>12} {'nodes/s':>9} "
        f"{'pyodide median s':>17} {'ratio':>6}"
    )
    for name in args.sets.split(","):
        positions = position_set(name, args.count)
        for processes in [int(p) for p in args.processes.split(",")]:
            times, nodes = time_positions(positions, processes)
            median = statistics.median(times)
            line = (
                f"{name:<6} {processes:>5} {median:>9.3f} {max(times):>8.3f} {target_text(name):>12} "
                f"{nodes / sum(times):>9.0f}"
            )
            # Pyodide has no os.fork: one process there, compared with one process here
            py_times = None if args.no_pyodide or processes != 1 else pyodide_times(positions)
            if py_times:
                py_median = statistics.median(py_times)
                line += f" {py_median:>17.3f} {py_median / median:>6.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
