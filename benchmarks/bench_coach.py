"""The coach's figures: how strong the normal computer player is, and how fast its moves and the
deal review are, in CPython and in Pyodide (under Node, as in the browser's worker).

    python benchmarks/bench_coach.py [--parts arena,moves,review,browser,bids,agreement,expert] [--deals N]
                                     [--reviews N] [--move-deals N] [--bid-hands N] [--decisions N]
                                     [--expert-deals PRESET:FIRST:N,...] [--no-pyodide] [--site _site]

arena   duplicate deals, normal against easy (``engine.players.arena``): three-player with
        normal,easy,easy and the FAQ pairs game with normal,easy,normal,easy; the mean points
        per deal of each type and the difference with its 95 % interval
expert  (not in the default parts: about half an hour of CPU per game) duplicate deals, expert
        against normal: three-player with expert,normal,normal on seeds 100001-100400 and
        faq-pairs with expert,normal,expert,normal on seeds 50001-50200, the runs on which the
        expert player was registered (``--expert-deals`` for others)
moves   every decision of seat 0 in seeded deals played by normal players, then by expert
        players (three-player and faq-pairs), timed one by one: median and slowest, CPython and
        Pyodide; then the expert's 12 slowest decisions in six deals of the three-player arena
        that registered it (the worst case, which a few seeded deals rarely reach)
review  complete reviews of seat 0 (the review's own bounds, as in the browser and the CLI) in
        20 seeded deals of normal players per game (three-player, faq-pairs), and of the seed-5
        deal of ``python -m engine play --preset three-player --seed 5``, CPython and Pyodide:
        median and slowest review, the slowest single step, steps per review and how many
        figures are estimates (a search cut short). Targets: slowest review 30 s in Pyodide,
        slowest step 5 s in Pyodide, the seed-5 review 15 s in CPython
browser the same 20 reviews per game in headless Chromium, as the play page asks for them: the
        built site (``--site``, default ``_site``) served on 127.0.0.1, one review worker
        (``engine-client.js``, ``worker.js``), started and ready before the first review, then
        asked step by step (op ``review``, one step a message, as ``play-review.js`` does):
        median and slowest complete review, median and slowest first result, the machine's load.
        Targets (issue 34): slowest ≤ 10 s, median ≤ 5 s, first result ≤ 1 s on a quiet machine
bids    agreement of the bid hint with play: over 200 seeded three-player hands at seat 0's
        first free turn in the auction, the hint (pass or bid) against the deal played out by
        normal players with seat 0 as the bidder at that bid (its raise its own): how often the
        hint says pass on a hand that makes its contract, with the bid valued as before issue 24
        (at the bid alone, no raise) next to it
agreement  the hint and the review: seat 0 follows every hint in seeded three-player games
        against normal players, and the review judges its choices; over 200 unforced decisions,
        how many the review marks as the hint's, "the hint's choice blamed" (must be 0) and how
        many are among the best with every hand known

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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Deal, format_record, preset  # noqa: E402
from engine.players.arena import arena, lines, play_deal, rotations  # noqa: E402

ARENAS = [("three-player", "normal,easy,easy"), ("faq-pairs", "normal,easy,normal,easy")]
MOVE_PRESETS = ["three-player", "faq-pairs"]
# expert against normal (part expert): the runs on which the expert player was registered
# (docs/coach.md): (preset, first seed, deals)
EXPERT_ARENAS = [("three-player", 100001, 400), ("faq-pairs", 50001, 200)]
# the six deals of that three-player run with the expert's slowest decisions (before its node bound)
EXPERT_SLOW_SEEDS = (100037, 100036, 100281, 100396, 100251, 100026)

# Python run in Pyodide (and in CPython, for the same numbers): each job replays a record prefix
# and times one normal decision, or one whole review.
JOBS = r"""
import json, random, time
from engine.core.notation import parse_record
from engine.players.normal import decide
from engine.players.expert import expert_decide
from engine.coach.review import Review

def run(jobs_json):
    out = []
    for job in json.loads(jobs_json):
        if job["kind"] == "move":
            deal = parse_record(job["record"])
            start = time.perf_counter()
            (expert_decide if job.get("player") == "expert" else decide)(deal, random.Random(job["seed"]))
            out.append([time.perf_counter() - start, 0])
        else:
            review = Review(job["record"], 0)
            start = time.perf_counter()
            slowest = 0.0
            for step in range(review.total):
                clock = time.perf_counter()
                review.run(step)
                slowest = max(slowest, time.perf_counter() - clock)
            result = review.result()
            out.append([time.perf_counter() - start, review.total, slowest, result["estimates"]])
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


def move_jobs(name, deals, player="normal"):
    """Every decision of seat 0 in ``deals`` seeded deals of ``player`` players (forced ones
    too: the page waits for those as well), each timed as that player's decision."""
    rules = preset(name)
    jobs = []
    for seed in range(deals):
        final = play_deal(rules, 500 + seed, (player,) * rules.players)
        record = format_record(final)
        head, actions = record.split("/actions:")
        tokens = actions.split(",") if actions else []
        for index, (mover, _) in enumerate(final.history):
            if mover == 0:
                record = f"{head}/actions:{','.join(tokens[:index])}"
                jobs.append({"kind": "move", "player": player, "record": record, "seed": index})
    return jobs


def slowest_expert_jobs(seeds=EXPERT_SLOW_SEEDS, keep=12):
    """The expert's ``keep`` slowest decisions (timed in CPython) in the three-player arena deals
    ``seeds`` (expert,normal,normal, every rotation, as ``arena`` plays them): the worst case of
    its move time, which a few seeded deals rarely reach."""
    from engine.players import PLAYERS

    rules = preset("three-player")
    found = []
    for deal_seed in seeds:
        for seating in rotations(["expert", "normal", "normal"]):
            deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
            while not deal.is_over:
                seed = deal_seed * 7919 + len(deal.history)  # arena.play_deal's generator
                who = seating[deal.to_move]
                started = time.process_time()
                action = PLAYERS[who](deal, random.Random(seed))
                spent = time.process_time() - started
                if who == "expert":
                    found.append(
                        (spent, {"kind": "move", "player": "expert", "record": format_record(deal), "seed": seed})
                    )
                deal.apply(action)
    found.sort(key=lambda item: -item[0])
    return [job for _, job in found[:keep]]


def review_jobs(name, count):
    rules = preset(name)
    return [
        {"kind": "review", "record": format_record(play_deal(rules, 700 + s, ("normal",) * rules.players))}
        for s in range(count)
    ]


# In the page: one review worker, as play-review.js keeps it; each record reviewed step by step.
BROWSER_REVIEWS = """async ([client, records]) => {
  const { startEngine } = await import(client);
  const engine = startEngine();
  const started = performance.now();
  await engine.ready;
  const out = { ready: (performance.now() - started) / 1000, reviews: [] };
  for (const record of records) {
    const t0 = performance.now();
    let first = null, step = 0, steps = 0;
    for (;;) {
      const answer = await engine.request("review", { record, seat: 0, step });
      if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      if (first === null) first = (performance.now() - t0) / 1000;
      steps = answer.steps;
      if (answer.review) break;
      step = answer.done;
    }
    out.reviews.push({ first, total: (performance.now() - t0) / 1000, steps });
  }
  engine.terminate();
  return out;
}"""


def browser_reviews(site: Path, jobs_by_game: dict) -> None:
    """Time the reviews in headless Chromium (see ``browser`` above)."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM_ARGS, asset_url
    from tools.serve import make_server

    if not (site / "assets" / "pyodide").exists():
        sys.exit(f"error: {site} has no Pyodide files: build the site first (make build)")
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as p:
            options = {"args": CHROMIUM_ARGS}
            if shutil.which("chromium"):
                options["executable_path"] = shutil.which("chromium")
            browser = p.chromium.launch(**options)
            page = browser.new_context(service_workers="block").new_page()
            page.goto(f"{base}/en/")
            client = base + asset_url(site, "engine-client.js")
            for name, jobs in jobs_by_game.items():
                load = os.getloadavg()[0]
                out = page.evaluate(BROWSER_REVIEWS, [client, [job["record"] for job in jobs]])
                totals = [r["total"] for r in out["reviews"]]
                firsts = [r["first"] for r in out["reviews"]]
                print(
                    f"  reviews of {name} deals in Chromium, seat 0 ({len(totals)}; engine ready in "
                    f"{out['ready']:.1f} s; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after):\n"
                    f"    complete review: median {statistics.median(totals):.2f} s, slowest {max(totals):.2f} s;"
                    f" first result: median {statistics.median(firsts):.2f} s, slowest {max(firsts):.2f} s;"
                    f" steps per review: median {statistics.median(r['steps'] for r in out['reviews']):.0f}",
                    flush=True,
                )
            browser.close()
    finally:
        server.shutdown()


def seed5_job():
    from engine.web import play

    return [{"kind": "review", "record": play("three-player", 5)["record"]}]


def bid_agreement(hands):
    """The bid hint against play (see the module docstring)."""
    from engine import Bid, Deal, Pass
    from engine.players.easy import computer_action
    from engine.players.normal import BID_SAMPLES, POINT_WEIGHT, _finish, _won_by, decide, hint_rng, normal_action
    from engine.search.observe import observe, sample_deals

    rules = preset("three-player")
    counts = {"hands": 0, "pass": 0, "pass_made": 0, "bid": 0, "bid_lost": 0, "old_pass": 0, "old_pass_made": 0}
    seed = 0
    while counts["hands"] < hands:
        seed += 1
        deal = Deal.new(rules, 9000 + seed, dealer=seed % 3)
        rng = random.Random(seed)
        while deal.phase == "auction" and not (
            deal.to_move == 0
            and Pass() in deal.legal_actions()
            and any(isinstance(a, Bid) for a in deal.legal_actions())
        ):
            deal.apply(computer_action(deal, rng))
        if deal.phase != "auction":
            continue
        decision = decide(deal, hint_rng(deal, 0), 0)
        if decision.method == "forced":
            continue
        amount = decision.contract
        # the bid valued at the bid alone, on the same made-up deals (the advice before issue 24)
        deals = sample_deals(observe(deal, 0), hint_rng(deal, 0), BID_SAMPLES)
        totals = [_finish(_won_by(d, 0, amount), 0, random.Random(i))[0] for i, d in enumerate(deals)]
        made = sum(t >= amount for t in totals)
        old_bid = (amount * made - amount * (len(totals) - made)) / len(totals) + POINT_WEIGHT * sum(totals) / len(
            totals
        )
        old_pass = old_bid <= decision.defend.utility
        # the deal played out by normal players, seat 0 the bidder at that bid
        played = deal.copy()
        played.apply(Bid(amount))
        while played.phase == "auction":  # the others let it have the contract
            legal = played.legal_actions()
            played.apply(Pass() if Pass() in legal else legal[0])
        play_rng = random.Random(seed)
        while not played.is_over:
            played.apply(normal_action(played, play_rng))
        if played.bidder != 0:
            continue
        counts["hands"] += 1
        makes = played.score().sides[rules.side_of(0)].contract_made
        passes = isinstance(decision.action, Pass)
        counts["pass"] += passes
        counts["pass_made"] += passes and makes
        counts["bid"] += not passes
        counts["bid_lost"] += (not passes) and not makes
        counts["old_pass"] += old_pass
        counts["old_pass_made"] += old_pass and makes
    return counts


def review_line(rows):
    steps = statistics.median(r[1] for r in rows)
    slowest_step = max(r[2] for r in rows)
    estimates = sum(r[3] for r in rows)
    return f"; slowest step {slowest_step:.2f} s; steps per review: median {steps:.0f}; estimates {estimates}"


def summary(times):
    return statistics.median(times), max(times)


def timing(title, jobs, pyodide, unit_steps=False):
    started = time.perf_counter()
    native = run_cpython(jobs)
    print(f"  {title}: {len(jobs)} timed in CPython ({time.perf_counter() - started:.0f} s in all)", flush=True)
    med, most = summary([t for t, *_ in native])
    line = f"    CPython: median {med:.3f} s, slowest {most:.3f} s"
    if unit_steps:
        line += review_line(native)
    print(line, flush=True)
    if pyodide:
        started = time.perf_counter()
        browser = run_pyodide(jobs)
        if browser:
            pmed, pmost = summary([t for t, *_ in browser])
            print(
                f"    Pyodide: median {pmed:.3f} s, slowest {pmost:.3f} s"
                + (review_line(browser) if unit_steps else "")
                + f"; Pyodide/CPython medians {pmed / med:.2f} ({time.perf_counter() - started:.0f} s in all)",
                flush=True,
            )


def hint_agreement(decisions: int) -> dict:
    """Seat 0 follows every hint (``game.hint``) in seeded three-player games against normal
    players; the review of each deal then judges its choices, until ``decisions`` unforced
    decisions are counted: how many the review marks as the hint's choice (its own evaluation by
    what the seat could see, drawn the same way), how many it blames (must be none: the hint's
    choice is never blamed) and how many are among the best with every hand known."""
    from engine.coach import game as table
    from engine.coach.review import Review

    c = {"decisions": 0, "matched": 0, "blamed": 0, "best": 0, "judged": 0, "deals": 0}
    seed = 0
    while c["decisions"] < decisions:
        request = {"rules": "three-player", "seed": 900 + seed, "computers": ["normal", "normal"], "history": [[]]}
        view = table.step(request)
        while "record" not in view:
            action = table.hint({**request, "history": view["history"]})["hint"]["action"]
            view = table.step({**request, "history": view["history"], "action": action})
        review = Review(view["record"], 0).run_all()
        for d in review["decisions"]:
            if d["forced"] or c["decisions"] >= decisions:
                continue
            c["decisions"] += 1
            c["matched"] += bool(d["sight"] and d["sight"]["matched"])
            c["blamed"] += d["blamed"]
            if d.get("best") is not None and d["kind"] != "raise":
                c["judged"] += 1
                c["best"] += d["action"] in d["best"]
        c["deals"] += 1
        seed += 1
    return c


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--parts", default="arena,moves,review,browser,bids,agreement")  # and expert (an hour)
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per arena")
    parser.add_argument("--move-deals", type=int, default=6, help="deals whose seat-0 decisions are timed, per preset")
    parser.add_argument("--reviews", type=int, default=20, help="deals reviewed per game")
    parser.add_argument("--bid-hands", type=int, default=200, help="three-player hands for the bid hint")
    parser.add_argument("--decisions", type=int, default=200, help="seeded decisions for the hint/review agreement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--expert-deals",
        default=",".join(f"{name}:{first}:{count}" for name, first, count in EXPERT_ARENAS),
        help="part expert: PRESET:FIRST_SEED:DEALS,... (the defaults are the runs that registered the expert)",
    )
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--site", type=Path, default=ROOT / "_site", help="a built site, for --parts browser")
    args = parser.parse_args()
    parts = args.parts.split(",")
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores")
    if "arena" in parts:
        for name, players in ARENAS:
            started = time.perf_counter()
            out = arena(preset(name), players.split(","), args.deals, args.seed)
            print("\n".join(lines(out)) + f"\n({time.perf_counter() - started:.0f} s)", flush=True)
    if "expert" in parts:
        for item in args.expert_deals.split(","):
            name, first, count = item.split(":")
            players = (
                ["expert", "normal"] * 2
                if preset(name).players == 4
                else ["expert"] + ["normal"] * (preset(name).players - 1)
            )
            started = time.perf_counter()
            out = arena(preset(name), players, int(count), int(first))
            print("\n".join(lines(out)) + f"\n({time.perf_counter() - started:.0f} s)", flush=True)
    if "moves" in parts:
        for player in ("normal", "expert"):
            for name in MOVE_PRESETS:
                timing(f"{player} moves, {name}", move_jobs(name, args.move_deals, player), not args.no_pyodide)
        timing(
            "the expert's 12 slowest decisions in the three-player arena deals "
            + ", ".join(map(str, EXPERT_SLOW_SEEDS)),
            slowest_expert_jobs(),
            not args.no_pyodide,
        )
    if "review" in parts:
        for name in ("three-player", "faq-pairs"):
            timing(f"reviews of {name} deals, seat 0", review_jobs(name, args.reviews), not args.no_pyodide, True)
        timing(
            "review of the seed-5 deal (play --preset three-player --seed 5), seat 0",
            seed5_job(),
            not args.no_pyodide,
            True,
        )
    if "browser" in parts:
        browser_reviews(args.site, {name: review_jobs(name, args.reviews) for name in ("three-player", "faq-pairs")})
    if "bids" in parts:
        started = time.perf_counter()
        c = bid_agreement(args.bid_hands)
        print(
            f"  bid hint over {c['hands']} three-player hands: pass {c['pass']} times, "
            f"{c['pass_made']} of them on a hand that made the contract as bidder; bid {c['bid']} times, "
            f"{c['bid_lost']} of them lost; valued at the bid alone (before): pass {c['old_pass']} times, "
            f"{c['old_pass_made']} of them on a hand that made it ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )

    if "agreement" in parts:
        started = time.perf_counter()
        c = hint_agreement(args.decisions)
        print(
            f"  the hint and the review over {c['decisions']} seeded decisions ({c['deals']} three-player deals, "
            f"seat 0 following every hint): the review marks {c['matched']} as the hint's choice; "
            f"the hint's choice blamed: {c['blamed']}; among the best with every hand known: "
            f"{c['best']} of {c['judged']} ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    random.seed(0)
    main()
