"""Where the cards are when a lesson's puzzle step opens (issue 33: cards first): the lesson
player is stepped through with its own Next button, and at each puzzle step the bottom of its
table (``data-table-area``) and of its answer controls (``data-answer-area``) are read against
the viewport, with the words the learner reads before the cards. Shared by
tests/e2e/test_cards_first.py and benchmarks/bench_lessons.py."""

from __future__ import annotations

# One pass over a lesson in the page: measure the step on screen, press Next, until the end.
# Run with reduced motion, so that Next scrolls at once (the player's own scrolling).
WALK = """
async () => {
  await document.fonts.ready;
  const words = (step, stop) => {
    let count = 0;
    const walker = document.createTreeWalker(step, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (stop.contains(node) || (stop.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      const parent = node.parentElement;
      if (parent.closest(".puzzle-head, [hidden], .visually-hidden")) continue;
      if (!parent.getClientRects().length) continue;
      count += (node.textContent.match(/\\S+/g) || []).length;
    }
    return count;
  };
  const visible = (root, selector) => [...root.querySelectorAll(selector)].find((n) => n.getClientRects().length);
  const steps = [...document.querySelectorAll("article.lesson > .lesson-step")];
  const next = document.querySelector(".player-nav .next");
  const out = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (!step.classList.contains("current")) return {error: `step ${i + 1} is not the one on screen`};
    const id = step.dataset.puzzleId;
    if (id) {
      const section = document.getElementById(`puzzle-${id}`);
      const table = visible(section, "[data-table-area]");
      const answer = visible(section, "[data-answer-area]");
      const rect = (n) => (n ? n.getBoundingClientRect() : null);
      const t = rect(table), a = rect(answer);
      out.push({
        step: i + 1, id,
        table_top: t && t.top, table_bottom: t && t.bottom,
        answer_top: a && a.top, answer_bottom: a && a.bottom,
        height: window.innerHeight,
        words: table ? words(step, table) : null,
      });
    }
    if (i + 1 < steps.length) next.click();
  }
  return {steps: out};
}
"""


def walk_lesson(page, url: str) -> list[dict]:
    """Every puzzle step of the lesson at ``url``, measured as it opens (``page`` in a context
    with reduced motion)."""
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
    page.wait_for_selector(".player-nav .next", state="attached", timeout=30_000)
    result = page.evaluate(WALK)
    if "error" in result:
        raise AssertionError(f"{url}: {result['error']}")
    return result["steps"]


def off_screen(m: dict) -> list[str]:
    """What of a measured step is not on its first screen (empty: both areas are)."""
    problems = []
    for area in ("table", "answer"):
        top, bottom = m[f"{area}_top"], m[f"{area}_bottom"]
        if top is None:
            problems.append(f"no visible {area} area")
        elif top < 0 or bottom > m["height"] + 0.5:
            problems.append(f"{area} area at {top:.0f}-{bottom:.0f} px of {m['height']}")
    return problems
