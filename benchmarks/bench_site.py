"""First visits in headless Chromium against the built site on 127.0.0.1 (tools/serve.py, which
serves the build's brotli copies): median of the runs, each in a fresh browser context (cold
cache), every figure measured in the same run.

    python benchmarks/bench_site.py [--runs 5] [--page /fi/lessons/follow-suit/]
                                    [--second /fi/lessons/overtaking/] [--port 0] [--site _site]

* Lesson page: the lesson text visible (first contentful paint) and the first puzzle
  interactive (the page script has bound the puzzles, plus the time a click on a card of the
  first puzzle takes to show its verdict), their ratio (target ≤ 1.2), and the bytes the page
  transferred until then, headers included (Resource Timing; target ≤ 300 KB).
* The offline copy: once the service worker is active, every byte the first visit cost
  against the bytes of the files it needs, each once as the server sends it (target ≤ 1.1),
  the files sent more than once (target: none), and what the Pyodide files cost on the wire.
* A first lesson visit with the offline copy (first_lesson_visit): every byte, the service
  worker's too, against the page's own bytes plus the lessons' pages (target ≤ 1.5); the engine
  runtime is not fetched unless the learner asks.
* A second lesson opened after that (warm: served by the service worker), interactive
  (target ≤ 0.3 s).
* The play page: the learner's first decision of a new game (its controls on the table; the
  page opens on the table and starts the game as soon as it runs, which is "Start" pressed at
  first paint) against the page's first contentful paint (target ≤ 1.5 ×, or ≤ 0.3 s after it).
* The practice page: the first drill shown against its first contentful paint (the same target),
  and, for comparison, a bare page that only starts Pyodide in a module worker the same way
  (the engine the pages start in the background).
* The engine ready after first paint on a page that must start it before it can show anything
  (a shared position, ``--engine-page``): the worker's "ready" less the first contentful paint,
  cold (a fresh context: empty HTTP cache) and warm (the same page opened again in that context:
  every engine file from the HTTP cache), from the build's memory snapshot and, on a copy of the
  site whose snapshot.json names none, from the normal start (the ratio of the two); the
  snapshot's bytes, raw and brotli; the machine's load average before and after (target: warm
  ≤ 1.5 s on a quiet machine). ``--engine-only`` measures just this.

The other byte counts are response bodies as sent (compressed), counted by the server, so they
include the service worker's requests. Needs a built site (make build).
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitebuild.offline import offline_files  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server  # noqa: E402

BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body><p>bare Pyodide start</p></body></html>"""
BARE_JS = """const w = new Worker(new URL("bare-worker.js", import.meta.url), {type: "module"});
w.onmessage = () => { performance.mark("pyodide-ready"); document.body.dataset.ready = "1"; };"""
BARE_WORKER = """import { loadPyodide } from "../RUNTIME/pyodide.mjs";
await loadPyodide({
  indexURL: new URL("../RUNTIME/", import.meta.url).href,
  lockFileURL: new URL("../LOCK", import.meta.url).href,
});
postMessage("ready");"""

# a shared position: the page shows nothing of it before the engine has checked it
ENGINE_PAGE = (
    "/fi/position/#k=best-card&p=rules%3Athree-player%2Fhands%3A..6.AKQ%2CA.A.TJ.%2CT.T.9.%2Flead%3A2%2Ftrick%3AHJ"
)

# Timestamps (performance.now()) of the page script being ready, a click, and the first verdict.
TIMING = """
window.__t = {};
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready && !window.__t.ready) window.__t.ready = performance.now();
  const verdict = document.querySelector("section.puzzle .feedback .verdict");
  if (verdict && window.__t.click && !window.__t.verdict) window.__t.verdict = performance.now();
  const drill = document.querySelector("#drill section.puzzle");
  if (drill && !window.__t.drill) window.__t.drill = performance.now();
  // the front page's puzzle: its first answer control enabled (its handlers are bound before)
  const answers = "#daily section.puzzle :is(button.card, button.choice, input.number)";
  const daily = document.querySelector(`${answers}:not(:disabled)`);
  if (daily && !window.__t.daily) window.__t.daily = performance.now();
  if (document.documentElement.dataset.engineStart && !window.__t.engine) window.__t.engine = performance.now();
  const decision = document.querySelector("#game #actions button[data-action]");
  if (decision && !window.__t.decision) window.__t.decision = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__t.fcp = e.startTime;
}).observe({ type: "paint", buffered: true });
document.addEventListener("click", () => { window.__t.click ??= performance.now(); }, true);
"""


ONE_CLICK = ("legal-card", "best-card", "trick-winner")  # kinds where a click on a card is an answer


def first_puzzle_interactive(page):
    """Seconds from navigation until a click on a card of the page's first puzzle answered by one
    click gives its verdict: the moment the page script was ready plus the click-to-verdict
    time (all puzzles of a page become interactive together)."""
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    puzzle = page.locator(", ".join(f'section.puzzle[data-kind="{kind}"]' for kind in ONE_CLICK)).first
    puzzle.locator(".hand button.card, .trick button.card").first.click()
    page.wait_for_selector("section.puzzle .feedback .verdict", timeout=30_000)
    t = page.evaluate("window.__t")
    return (t["ready"] + t["verdict"] - t["click"]) / 1000


def wait_for_offline_copy(page):
    for _ in range(600):
        if page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.active.state)") == "activated":
            return
        page.wait_for_timeout(250)
    raise RuntimeError("the service worker never activated")


def sent_size(site: Path, name: str) -> int:
    """Bytes the server sends for a file to a browser that accepts brotli."""
    path = site / (name + "index.html" if name.endswith("/") or name == "" else name)
    compressed = path.with_name(path.name + ".br")
    return (compressed if compressed.exists() else path).stat().st_size


# The lesson player shows a lesson one step at a time; the lesson measures time the first
# one-click puzzle of the whole page, so they read the lesson as one page (the learner's choice).
READING_VIEW = "try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}"


def lesson_visit(browser, server, base, site, args):
    context = browser.new_context()
    context.add_init_script(TIMING)
    context.add_init_script(READING_VIEW)
    page = context.new_page()
    server.served.clear()
    page.goto(base + args.page)
    interactive = first_puzzle_interactive(page)
    # what the page itself transferred (headers and compressed bodies) until it was interactive
    before = page.evaluate(
        """(until) => [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
            .filter((entry) => entry.responseEnd <= until)
            .reduce((sum, entry) => sum + entry.transferSize, 0)""",
        interactive * 1000,
    )
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000
    wait_for_offline_copy(page)
    served = list(server.served)
    files = offline_files(args.site)
    needed = sum(sent_size(site, "" if f == "./" else f) for f in files) + sent_size(site, "sw.js")
    total = sum(size for _, status, size in served)
    downloads = {}
    for path, status, _ in served:
        if status == 200:
            downloads[path] = downloads.get(path, 0) + 1
    twice = sorted(path for path, count in downloads.items() if count > 1)
    pyodide_sent = sum(size for path, status, size in served if "/pyodide/" in path)
    pyodide_raw = sum(
        p.stat().st_size for p in (site / "assets" / "pyodide").rglob("*") if p.suffix not in (".br", ".gz")
    )
    page.goto(base + args.second)
    second = first_puzzle_interactive(page)
    context.close()
    return {
        "fcp": fcp,
        "interactive": interactive,
        "before": before,
        "total": total,
        "needed": needed,
        "twice": len(twice),
        "twice_files": twice,
        "pyodide_sent": pyodide_sent,
        "pyodide_raw": pyodide_raw,
        "second": second,
    }


def first_lesson_visit(browser, server, base, site, args):
    """Bytes of a first lesson visit, including everything the service worker then keeps (the
    lessons, not the engine: sitebuild/offline.py first_visit_files), against the page's own
    bytes plus the lessons' pages (both languages), each as the server sends it. Target ≤ 1.5."""
    context = browser.new_context()
    page = context.new_page()
    server.served.clear()
    page.goto(base + args.page)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    wait_for_offline_copy(page)
    # app.js fills the offline line once the worker has kept what the page used
    page.wait_for_function("() => document.querySelector('.offline-status p')?.textContent.length > 0", timeout=120_000)
    own = set(
        page.evaluate(
            """[location.pathname, ...performance.getEntriesByType("resource")
                .map((entry) => new URL(entry.name).pathname)]"""
        )
    )
    served = list(server.served)
    context.close()
    lesson_pages = sum(sent_size(site, f) for f in offline_files(site) if "/lessons/" in f)
    return {
        "visit_total": sum(size for _, _, size in served),
        "visit_own": sum(size for path, _, size in served if path in own),
        "lesson_pages": lesson_pages,
        "visit_engine": sum(size for path, _, size in served if "/pyodide/" in path),
    }


def engine_visit(browser, url, selector, mark):
    context = browser.new_context()
    context.add_init_script(TIMING)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(selector, state="attached", timeout=120_000)
    t = page.evaluate("window.__t") if mark == "drill" else None
    seconds = (
        t["drill"] / 1000 if t else page.evaluate("performance.getEntriesByName('pyodide-ready')[0].startTime") / 1000
    )
    context.close()
    return seconds


def first_paint_visit(browser, url, mark):
    """Seconds to the page's first contentful paint and to ``mark`` (the first decision or drill)."""
    context = browser.new_context()
    context.add_init_script(TIMING)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(f"() => window.__t && window.__t.{mark} && window.__t.fcp", timeout=120_000)
    t = page.evaluate("window.__t")
    context.close()
    return {"fcp": t["fcp"] / 1000, "at": t[mark] / 1000}


def engine_ready_visits(browser, url):
    """Seconds from the first contentful paint to the engine's "ready" on a page that starts it:
    cold (a fresh context), then warm (the same page again in that context), and how it started."""
    context = browser.new_context(service_workers="block")  # the HTTP cache only: no offline copy filling
    context.add_init_script(TIMING)
    page = context.new_page()
    out = {}
    for visit in ("cold", "warm"):
        page.goto("about:blank")
        page.goto(url)
        page.wait_for_function("() => window.__t && window.__t.engine && window.__t.fcp", timeout=180_000)
        t = page.evaluate("window.__t")
        out[visit] = (t["engine"] - t["fcp"]) / 1000
        out[f"{visit}_start"] = page.get_attribute("html", "data-engine-start")
    context.close()
    return out


def without_snapshot(site: Path, copy: Path) -> None:
    """``copy``: the site (files linked) whose snapshot.json names no snapshot (the normal start)."""
    shutil.copytree(site, copy, copy_function=os.symlink)
    for info in (copy / "assets" / "pyodide").glob("snapshot-*/snapshot.json*"):
        info.unlink()
        if info.name == "snapshot.json":
            info.write_text(json.dumps({"file": None, "reason": "bench_site.py: the normal start, to compare"}))


def engine_report(browser, base, plain_base, site, args):
    load_before = os.getloadavg()
    url = args.engine_page
    snap, plain = [], []
    for _ in range(args.runs):
        snap.append(engine_ready_visits(browser, base + url))
        plain.append(engine_ready_visits(browser, plain_base + url))
    load_after = os.getloadavg()
    print(f"engine ready after first paint, {url} (a shared position), median of {args.runs} runs")
    print(
        f"  machine load average (1/5/15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
        f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}, on {os.cpu_count()} cores"
    )
    for visit in ("cold", "warm"):
        a = statistics.median(r[visit] for r in snap)
        b = statistics.median(r[visit] for r in plain)
        starts = {r[f"{visit}_start"] for r in snap} | {r[f"{visit}_start"] for r in plain}
        print(
            f"  {visit:<5} from the snapshot {a:.3f} s, normal start {b:.3f} s   ratio {a / b:.2f}"
            + (" (warm target ≤ 1.5 s)" if visit == "warm" else "")
            + f"   starts seen: {', '.join(sorted(starts))}"
        )
    for info in (site / "assets" / "pyodide").glob("snapshot-*/snapshot.json"):
        described = json.loads(info.read_text())
        if described.get("file"):
            raw = info.parent / described["file"]
            br = raw.with_name(raw.name + ".br")
            print(
                f"  the snapshot: {raw.stat().st_size / 1e6:.1f} MB raw, "
                + (f"{br.stat().st_size / 1e6:.2f} MB brotli" if br.exists() else "no brotli copy")
            )
        else:
            print(f"  no snapshot in this build: {described.get('reason')}")


def target(run):
    """The issue's target: within 1.5 × the first paint, or 0.3 s after it, whichever is later."""
    return max(1.5 * run["fcp"], run["fcp"] + 0.3)


def main():
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="/fi/lessons/follow-suit/")
    parser.add_argument("--second", default="/fi/lessons/overtaking/")
    parser.add_argument("--practice", default="/fi/practice/")
    parser.add_argument("--play", default="/fi/play/")
    parser.add_argument("--front", default="/fi/")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--site", type=Path, default=ROOT / "_site", help="a built site (default _site)")
    parser.add_argument(
        "--engine-page", default=ENGINE_PAGE, help="a page that starts the engine before it shows anything"
    )
    parser.add_argument("--engine-only", action="store_true", help="measure only the engine's start")
    args = parser.parse_args()
    site = args.site
    runtimes = sorted((site / "assets" / "pyodide").glob("runtime-*"))
    locks = sorted((site / "assets" / "pyodide").glob("engine-*/pyodide-lock.json"))
    if len(runtimes) != 1 or len(locks) != 1:
        sys.exit("error: build the site first (make build)")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        runtime = runtimes[0].relative_to(site).as_posix()
        (copy / "bare").mkdir()
        (copy / "bare" / "index.html").write_text(BARE_HTML)
        (copy / "bare" / "bare.js").write_text(BARE_JS)
        (copy / "bare" / "bare-worker.js").write_text(
            BARE_WORKER.replace("RUNTIME", runtime).replace("LOCK", locks[0].relative_to(site).as_posix())
        )
        server = make_server(copy, args.port, record=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        without_snapshot(site, Path(tmp) / "plain")
        plain_server = make_server(Path(tmp) / "plain", 0)
        threading.Thread(target=plain_server.serve_forever, daemon=True).start()
        plain_base = f"http://127.0.0.1:{plain_server.server_port}"
        with sync_playwright() as p:
            executable = shutil.which("chromium")
            browser = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": executable} if executable else {}))
            engine_report(browser, base, plain_base, site, args)
            if args.engine_only:
                browser.close()
                server.shutdown()
                plain_server.shutdown()
                return
            lessons, practice, bare, play, first_visits, front = [], [], [], [], [], []
            for _ in range(args.runs):
                first_visits.append(first_lesson_visit(browser, server, base, copy, args))
                lessons.append(lesson_visit(browser, server, base, copy, args))
                play.append(first_paint_visit(browser, base + args.play, "decision"))
                front.append(first_paint_visit(browser, base + args.front, "daily"))
                practice.append(first_paint_visit(browser, base + args.practice, "drill"))
                bare.append(engine_visit(browser, base + "/bare/", "body[data-ready]", "pyodide-ready"))
            browser.close()
        server.shutdown()
        plain_server.shutdown()

    def median(key):
        return statistics.median(x[key] for x in lessons)

    fcp, interactive, second = median("fcp"), median("interactive"), median("second")
    bare_s = statistics.median(bare)
    total, needed = median("total"), median("needed")
    print(f"{date.today()}, median of {args.runs} cold-cache runs, headless Chromium on 127.0.0.1")
    print(f"lesson {args.page}")
    print(f"  text visible (first contentful paint)     {fcp:.3f} s")
    print(f"  first puzzle interactive (click->verdict) {interactive:.3f} s   ratio {interactive / fcp:.2f} (≤ 1.2)")
    print(f"  bytes until then                          {median('before') / 1000:,.1f} KB (≤ 300 KB)")
    print(f"first visit with the offline copy           {total / 1e6:.2f} MB")
    print(f"  the files it needs, each once             {needed / 1e6:.2f} MB   ratio {total / needed:.3f} (≤ 1.1)")
    print(f"  files downloaded twice                    {max(x['twice'] for x in lessons)}")
    sent, raw = median("pyodide_sent"), median("pyodide_raw")
    print(f"  Pyodide files on the wire                 {sent / 1e6:.2f} MB of {raw / 1e6:.2f} MB")
    visit = {key: statistics.median(x[key] for x in first_visits) for key in first_visits[0]}
    allowed = visit["visit_own"] + visit["lesson_pages"]
    print(f"first lesson visit, with what the offline copy keeps {visit['visit_total'] / 1000:,.1f} KB")
    print(
        f"  the page's own {visit['visit_own'] / 1000:,.1f} KB + the lessons' pages "
        f"{visit['lesson_pages'] / 1000:,.1f} KB   ratio {visit['visit_total'] / allowed:.2f} (≤ 1.5)"
    )
    print(f"  engine runtime fetched                    {visit['visit_engine'] / 1e6:.2f} MB (0 unless asked)")
    print(f"second lesson {args.second} (warm)")
    print(f"  first puzzle interactive                  {second:.3f} s (≤ 0.3 s)")
    for name, url, runs, what in (
        ("play", args.play, play, "first decision"),
        ("practice", args.practice, practice, "first drill"),
        ("front page", args.front, front, "first playable card (#daily)"),
    ):
        fcp_s = statistics.median(r["fcp"] for r in runs)
        at_s = statistics.median(r["at"] for r in runs)
        ratios = ", ".join(f"{r['at'] / r['fcp']:.2f}" for r in runs)
        met = sum(r["at"] <= target(r) for r in runs)
        print(f"{name} {url}")
        print(f"  first contentful paint                    {fcp_s:.3f} s")
        print(f"  {what:<42}{at_s:.3f} s   ratio {at_s / fcp_s:.2f} (≤ 1.5, or ≤ 0.3 s after the paint)")
        print(f"  ratio of each run                         {ratios}; within the target in {met} of {len(runs)}")
    print(f"bare page, Pyodide started (the engine the pages start in the background) {bare_s:.3f} s")
    for run in lessons:
        if run["twice_files"]:
            print("  sent twice:", ", ".join(run["twice_files"]))


if __name__ == "__main__":
    main()
