"""Cards first (issue 33): every puzzle step of every lesson opened at 390x844 in Finnish (by the
lesson player's own Next button, reduced motion), in headless Chromium against the built site.
Prints, per lesson and in all: the steps whose table or answer area ends below the viewport
(goal 0), the lowest bottom of each area, and the words before the cards (median; goal <= 25).

    python benchmarks/bench_lessons.py [--site _site] [--lang fi] [--width 390] [--height 844]

Needs a built site (make build).
"""

import argparse
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.cards_first import off_screen, walk_lesson  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="_site")
    parser.add_argument("--lang", default="fi")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    args = parser.parse_args()
    site = (ROOT / args.site).resolve()
    if not (site / args.lang / "index.html").is_file():
        sys.exit(f"{site}: not a built site (make build)")
    slugs = sorted((site / args.lang / "lessons").iterdir())
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    from playwright.sync_api import sync_playwright

    rows, words, below, total = [], [], [], 0
    with sync_playwright() as p:
        options = {"args": CHROMIUM_ARGS}
        if shutil.which("chromium"):
            options["executable_path"] = shutil.which("chromium")
        browser = p.chromium.launch(**options)
        context = browser.new_context(
            viewport={"width": args.width, "height": args.height}, reduced_motion="reduce", service_workers="block"
        )
        page = context.new_page()
        for folder in slugs:
            steps = walk_lesson(page, f"{base}/{args.lang}/lessons/{folder.name}/")
            total += len(steps)
            late = [m for m in steps if off_screen(m)]
            below += late
            words += [m["words"] for m in steps if m["words"] is not None]
            lowest = max((m["answer_bottom"] or 0 for m in steps), default=0)
            rows.append((folder.name, len(steps), len(late), lowest))
        browser.close()
    server.shutdown()
    print(f"cards first at {args.width}x{args.height}, {args.lang}: bottom of the areas against the viewport")
    print(f"{'lesson':28} {'steps':>5} {'below':>5} {'lowest answer bottom':>21}")
    for slug, n, late, lowest in rows:
        print(f"{slug:28} {n:5} {late:5} {lowest:18.0f} px")
    for m in below:
        print(f"  below: step {m['step']} ({m['id']}): {'; '.join(off_screen(m))}")
    median = statistics.median(words) if words else 0
    print(f"puzzle steps: {total}; with the table or the answer area below the viewport: {len(below)} (goal 0)")
    print(f"words before the cards: median {median:g} (goal <= 25), most {max(words, default=0)}")


if __name__ == "__main__":
    main()
