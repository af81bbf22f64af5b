"""The coach's figures: how strong the normal computer player is, and how fast its moves and the
deal review are, in CPython and in Pyodide (under Node, as in the browser's worker).

    python benchmarks/bench_coach.py [--parts arena,moves,review] [--deals N] [--reviews N]
                                     [--move-deals N] [--no-pyodide]

arena   duplicate deals, normal against easy (``engine.arena``): three-player with
        normal,easy,easy and the FAQ pairs game with normal,easy,normal,easy; the mean points
        per deal of each type and the difference with its 95 % interval
moves   every decision of seat 0 in seeded deals played by normal players (three-player and
        faq-pairs), timed one by one: median and slowest, CPython and Pyodide
review  complete reviews of seat 0 in seeded three-player deals played by normal players (11
        tricks), CPython and Pyodide: median and slowest, and steps per review

Timings move with the machine's load: compare the Pyodide/CPython ratios from one run.
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

from engine import preset  # noqa: E402
from engine.arena import arena, lines, play_deal  # noqa: E402

ARENAS = [("three-player", "normal,easy,easy"), ("faq-pairs", "normal,easy,normal,easy")]
MOVE_PRESETS = ["three-player", "faq-pairs"]

# Python run in Pyodide (and in CPython, for the same numbers): each job replays a record prefix
# and times one normal decision, or one whole review.
JOBS = r"""
import json, random, time
from engine.notation import parse_record
from engine.normal import decide
from engine.review import Review

def run(jobs_json):
    out = []
    for job in json.loads(jobs_json):
        if job["kind"] == "move":
            deal = parse_record(job["record"])
            start = time.perf_counter()
            decide(deal, random.Random(job["seed"]))
            out.append([time.perf_counter() - start, 0])
        else:
            review = Review(job["record"], 0)
            start = time.perf_counter()
            review.run_all()
            out.append([time.perf_counter() - start, review.total])
    return json.dumps(out)
"""

NODE = r"""
const { loadPyodide } = require(process.argv[2]);
const fs = require("fs");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[3] });
  py.FS.mkdirTree("/work");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[4] }, "/work");
  py.runPython("import sys; sys.path.insert(0, '/work')");
  py.runPython(fs.readFileSync(process.argv[5], "utf8"));
  const run = py.globals.get("run");
  console.log(run(fs.readFileSync(process.argv[6], "utf8")));
})();
"""


def run_cpython(jobs):
    namespace = {}
    exec(JOBS, namespace)  # the same code as in Pyodide
    return json.loads(namespace["run"](json.dumps(jobs)))


def run_pyodide(jobs):
    pyodide = ROOT / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.js").exists() or not shutil.which("node"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        paths = {name: Path(tmp) / name for name in ("run.js", "jobs.py", "jobs.json")}
        paths["run.js"].write_text(NODE)
        paths["jobs.py"].write_text(JOBS)
        paths["jobs.json"].write_text(json.dumps(jobs))
        args = [
            str(pyodide / "pyodide.js"),
            str(pyodide) + os.sep,
            str(ROOT),
            str(paths["jobs.py"]),
            str(paths["jobs.json"]),
        ]
        out = subprocess.run(["node", str(paths["run.js"]), *args], capture_output=True, text=True, timeout=7200)
        if out.returncode != 0:
            print("  pyodide run failed:", out.stderr.strip().splitlines()[-1:], file=sys.stderr)
            return None
        return json.loads(out.stdout.strip().splitlines()[-1])


def move_jobs(name, deals):
    """Every decision of seat 0 in ``deals`` seeded deals of normal players (forced ones too:
    the page waits for those as well)."""
    rules = preset(name)
    jobs = []
    for seed in range(deals):
        final = play_deal(rules, 500 + seed, ("normal",) * rules.players)
        record = final.record()
        head, actions = record.split("/actions:")
        tokens = actions.split(",") if actions else []
        for index, (mover, _) in enumerate(final.history):
            if mover == 0:
                jobs.append({"kind": "move", "record": f"{head}/actions:{','.join(tokens[:index])}", "seed": index})
    return jobs


def review_jobs(count):
    rules = preset("three-player")
    return [{"kind": "review", "record": play_deal(rules, 700 + s, ("normal",) * 3).record()} for s in range(count)]


def summary(times):
    return statistics.median(times), max(times)


def timing(title, jobs, pyodide, unit_steps=False):
    started = time.perf_counter()
    native = run_cpython(jobs)
    print(f"  {title}: {len(jobs)} timed in CPython ({time.perf_counter() - started:.0f} s in all)", flush=True)
    med, most = summary([t for t, _ in native])
    line = f"    CPython: median {med:.3f} s, slowest {most:.3f} s"
    if unit_steps:
        line += f"; steps per review: median {statistics.median(s for _, s in native):.0f}"
    print(line, flush=True)
    if pyodide:
        started = time.perf_counter()
        browser = run_pyodide(jobs)
        if browser:
            pmed, pmost = summary([t for t, _ in browser])
            print(
                f"    Pyodide: median {pmed:.3f} s, slowest {pmost:.3f} s; "
                f"Pyodide/CPython medians {pmed / med:.2f} ({time.perf_counter() - started:.0f} s in all)",
                flush=True,
            )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--parts", default="arena,moves,review")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per arena")
    parser.add_argument("--move-deals", type=int, default=6, help="deals whose seat-0 decisions are timed, per preset")
    parser.add_argument("--reviews", type=int, default=10, help="three-player deals reviewed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    parts = args.parts.split(",")
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores")
    if "arena" in parts:
        for name, players in ARENAS:
            started = time.perf_counter()
            out = arena(preset(name), players.split(","), args.deals, args.seed)
            print("\n".join(lines(out)) + f"\n({time.perf_counter() - started:.0f} s)", flush=True)
    if "moves" in parts:
        for name in MOVE_PRESETS:
            timing(f"normal moves, {name}", move_jobs(name, args.move_deals), not args.no_pyodide)
    if "review" in parts:
        timing(
            "reviews of three-player deals (11 tricks), seat 0", review_jobs(args.reviews), not args.no_pyodide, True
        )


if __name__ == "__main__":
    random.seed(0)
    main()
