"""First-visit timings of a lesson page in headless Chromium on 127.0.0.1 (cold cache each run).

    python benchmarks/bench_site.py [--runs 5] [--page /fi/lessons/follow-suit/]

Prints the median of the runs for: the time until the lesson text is visible (first contentful
paint), the time until the first puzzle is interactive (the engine answered "ready"), and, in
the same run, a bare page that only starts Pyodide in a module worker the same way (no engine
wheel); plus the bytes transferred on a first visit. Needs a built site (make build).
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server  # noqa: E402

BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body><p>bare Pyodide start</p></body></html>"""
BARE_JS = """const w = new Worker(new URL("bare-worker.js", import.meta.url), {type: "module"});
w.onmessage = () => { performance.mark("pyodide-ready"); document.body.dataset.ready = "1"; };"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
postMessage("ready");"""


def _sizes(request):
    try:
        return request.sizes()
    except Exception:  # the context closed while a late request was reported
        return {"responseBodySize": 0, "responseHeadersSize": 0}


def measure(browser, url, mark, ready_selector):
    context = browser.new_context()
    sizes = []
    context.on("requestfinished", lambda r: sizes.append(_sizes(r)))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(ready_selector, state="attached", timeout=120_000)
    at_ready = len(sizes)
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN")
    ready = page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime")
    until_ready = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes[:at_ready])
    offline = until_ready
    if mark == "engine-ready":  # then the service worker saves the whole site for offline use
        for _ in range(240):
            if page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.active.state)") == "activated":
                break
            page.wait_for_timeout(250)
        offline = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes)
    context.close()
    return fcp / 1000, ready / 1000, until_ready, offline


def main():
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="/fi/lessons/follow-suit/")
    args = parser.parse_args()
    site = ROOT / "_site"
    if not (site / "pyodide" / "pyodide-lock.json").exists():
        sys.exit("error: build the site first (make build)")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        (copy / "bare").mkdir()
        (copy / "bare" / "index.html").write_text(BARE_HTML)
        (copy / "bare" / "bare.js").write_text(BARE_JS)
        (copy / "bare" / "bare-worker.js").write_text(BARE_WORKER)
        server = make_server(copy, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        with sync_playwright() as p:
            executable = shutil.which("chromium")
            browser = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": executable} if executable else {}))
            lesson, bare = [], []
            for _ in range(args.runs):
                lesson.append(measure(browser, base + args.page, "engine-ready", 'body[data-engine="ready"]'))
                bare.append(measure(browser, base + "/bare/", "pyodide-ready", "body[data-ready]"))
            browser.close()
        server.shutdown()
    text = statistics.median(x[0] for x in lesson)
    interactive = statistics.median(x[1] for x in lesson)
    bare_ready = statistics.median(x[1] for x in bare)
    print(f"page {args.page}, median of {args.runs} cold-cache runs, headless Chromium on 127.0.0.1")
    print(f"lesson text visible (first contentful paint): {text:.3f} s")
    print(f"first puzzle interactive:                     {interactive:.3f} s")
    print(f"bare page, Pyodide started:                   {bare_ready:.3f} s")
    print(f"interactive / bare Pyodide:                   {interactive / bare_ready:.2f}")
    print(f"bytes until the first puzzle is interactive:  {statistics.median(x[2] for x in lesson):,.0f}")
    print(f"bytes including the offline copy of the site: {statistics.median(x[3] for x in lesson):,.0f}")


if __name__ == "__main__":
    main()
