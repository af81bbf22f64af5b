// The lesson player: a lesson page plays as short steps, one at a time (a few sentences, then the
// puzzle that uses them), with a progress bar, Back and Next, and a closing screen that counts
// the puzzles solved on the first try as stars and leads on to the next lesson. The steps are
// plain data the build wrote into the page (sitebuild/lessons.py lesson_steps: each
// <div class="lesson-step"> and the puzzle it ends with); this module only shows them, in the
// spirit of lichess ui/learn, whose stages are data the UI renders without knowing their names.
// It is progressive enhancement: without it (and in print) the lesson is one page, and the
// learner can always choose to read it that way ("read the whole lesson").
import { format, keptText } from "./messages.js";
import * as progress from "./progress.js";
import { reducedMotion } from "./motion.js";
import { lessonFinished } from "./celebrate.js";
import { needsNotice, notice, StoredRecord } from "./store.js";

const catalog = JSON.parse(document.getElementById("catalog").textContent);

// The player's words (site/messages/*.json "lesson_player").
export function words(key, params) {
  return format(catalog.lesson_player[key], params);
}

// Plain-text records of the lessons (docs/storage.md): how the learner reads lessons ("page": as
// one page; no record: in steps), and the last lesson opened (app.js writes it, the front page
// reads it). Anything else stored there is kept as it is and said on the page (store.js).
const plainText = { parse: (text) => text, serialize: String };
const viewRecord = new StoredRecord("huutopussi.lesson-view", {
  ...plainText,
  check: (text) => (text === "page" ? null : "not a lesson view"),
});
export const lastLessonRecord = new StoredRecord("huutopussi.last-lesson", {
  ...plainText,
  check: (text) => (/^[a-z0-9-]{1,80}$/.test(text) ? null : "not a lesson slug"),
});

let sessionView = null; // the choice while the stored one is kept as it is, or storage is disabled

function storedView() {
  const report = viewRecord.read();
  if (needsNotice(report)) notice(report, keptText(report, "lesson_view"));
  return report.writable ? report.value : sessionView;
}

function storeView(value) {
  sessionView = value;
  if (!viewRecord.read().writable) return; // kept as it is: the choice lasts while the page is open
  if (value) viewRecord.write(value);
  else viewRecord.remove();
}

function button(className, text) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  node.textContent = text;
  return node;
}

// Stars from the puzzles solved on the first try (lichess learn: stars from the moves used).
export function stars(firstTry, total) {
  if (!total || firstTry === total) return 3;
  return firstTry * 2 >= total ? 2 : 1;
}

export class LessonPlayer {
  constructor(article) {
    this.article = article;
    this.steps = [...article.querySelectorAll(":scope > .lesson-step")];
    this.complete = article.querySelector(":scope > .lesson-complete");
    const tools = article.querySelector("[data-progress-lesson]");
    this.ids = (tools?.dataset.puzzles || "").split(" ").filter(Boolean);
    this.index = 0;
    this.playing = false;
    this.build();
  }

  get total() {
    return this.steps.length;
  }

  build() {
    const bar = document.createElement("div");
    bar.className = "player-bar";
    this.meter = document.createElement("progress");
    this.meter.className = "player-progress";
    this.meter.max = this.total;
    this.meter.setAttribute("aria-label", words("progress_label"));
    this.count = document.createElement("span");
    this.count.className = "player-count";
    this.count.setAttribute("aria-live", "polite");
    this.viewToggle = button("view-toggle", "");
    this.viewToggle.addEventListener("click", () => this.setPlaying(!this.playing, true));
    bar.append(this.meter, this.count, this.viewToggle);
    this.bar = bar;
    this.article.querySelector(":scope > .lesson-tools").after(bar);

    const nav = document.createElement("div");
    nav.className = "player-nav";
    this.back = button("button back", `← ${words("back")}`);
    this.next = button("button primary next", "");
    this.back.addEventListener("click", () => this.go(this.index - 1, true));
    this.next.addEventListener("click", () => this.go(this.index + 1, true));
    nav.append(this.back, this.next);
    this.nav = nav;
    this.complete.after(nav); // after the closing screen too (Back from there), right under each step

    this.complete.querySelector(".open-unsolved").addEventListener("click", () => {
      const first = this.ids.find((id) => !progress.get(id)?.solved);
      const step = this.stepOf(document.getElementById(`puzzle-${first}`));
      if (step >= 0) this.go(step, true);
    });
    document.addEventListener("puzzle-result", (event) => {
      if (event.detail.outcome === "solved") this.offerNext(event.target);
    });
  }

  // What a screen opens at: a puzzle's step at the puzzle itself (cards first, issue 33: its table
  // and answers on the first screen; the bar is just above it), any other at the player's bar.
  top(screen) {
    return screen?.dataset?.puzzleId ? screen : this.bar;
  }

  // The step that holds an element of the page (-1: none).
  stepOf(node) {
    const step = node?.closest?.(".lesson-step");
    return step ? this.steps.indexOf(step) : -1;
  }

  // Where an address's fragment leads: a puzzle's step, a step by number, the closing screen.
  stepOfHash(hash) {
    if (!hash || hash === "#") return null;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      return null; // a malformed link: the first step
    }
    if (id === "lesson-complete") return this.total;
    const step = this.stepOf(document.getElementById(id));
    return step >= 0 ? step : null;
  }

  start() {
    this.setPlaying(storedView() !== "page", false);
    const wanted = this.stepOfHash(location.hash);
    if (this.playing) this.go(wanted ?? 0, false);
    // a deep link: the browser scrolled to its target on the whole page, before the other steps
    // went away; the step it opened starts at the top (a puzzle's own section gets the focus, app.js)
    if (this.playing && wanted !== null) this.top(this.steps[this.index] || this.complete).scrollIntoView({ block: "start" });
    window.addEventListener("hashchange", () => {
      const step = this.stepOfHash(location.hash);
      if (this.playing && step !== null && step !== this.index) this.go(step, false);
    });
    document.addEventListener("progress-changed", () => {
      if (this.index === this.total) this.showCompletion();
    });
  }

  setPlaying(on, chosen) {
    this.playing = on;
    this.article.classList.toggle("playing", on);
    document.body.classList.toggle("lesson-playing", on);
    this.viewToggle.textContent = words(on ? "read_all" : "play_steps");
    this.nav.hidden = !on;
    this.meter.hidden = !on;
    this.count.hidden = !on;
    if (chosen) storeView(on ? null : "page");
    for (const node of this.article.querySelectorAll(".next-after")) this.labelNext(node);
    if (on) {
      if (chosen) {
        // back to the player: the step the learner was reading
        const seen = this.steps.findIndex((step) => step.getBoundingClientRect().bottom > 80);
        this.go(Math.max(seen, 0), true);
      } else this.render();
    } else {
      this.complete.hidden = true;
      if (chosen) {
        const step = this.steps[Math.min(this.index, this.total - 1)];
        step.scrollIntoView({ block: "start" });
        step.focus({ preventScroll: true });
      }
    }
  }

  // Show step ``index`` (the closing screen after the last). ``moved``: the learner moved (Back,
  // Next, "next step"): the address follows (a reload or the language switch keeps the step) and
  // the new screen comes into view with the focus on it; else (opening the page, a link inside
  // it) the address and the browser's own scrolling to its fragment are left as they are.
  go(index, moved) {
    this.index = Math.max(0, Math.min(index, this.total));
    this.render();
    if (!moved) return;
    if (this.index === this.total) lessonFinished(); // the learner reached the closing screen
    const here = this.index === this.total ? this.complete : this.steps[this.index];
    let hash = "";
    if (this.index === this.total) hash = "#lesson-complete";
    else if (this.index > 0) hash = here.dataset.puzzleId ? `#puzzle-${here.dataset.puzzleId}` : `#${here.id}`;
    if (location.hash !== hash) {
      history.replaceState(history.state, "", hash || location.pathname + location.search);
      document.dispatchEvent(new CustomEvent("lesson-step"));
    }
    // a screen reader reads the new screen from its start; a puzzle's step opens on its cards
    this.top(here).scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    here.focus({ preventScroll: true });
  }

  render() {
    const last = this.index === this.total;
    this.steps.forEach((step, i) => step.classList.toggle("current", i === this.index));
    this.meter.value = last ? this.total : this.index + 1;
    this.count.textContent = last ? words("complete_title") : words("step_of", { n: this.index + 1, total: this.total });
    this.back.disabled = this.index === 0;
    this.next.hidden = last;
    this.next.textContent = this.index === this.total - 1 ? `${words("finish")} ✓` : `${words("next")} →`;
    this.complete.hidden = !last;
    if (last) this.showCompletion();
  }

  showCompletion() {
    const records = this.ids.map((id) => progress.get(id));
    const solved = records.filter((r) => r?.solved).length;
    const firstTry = records.filter((r) => r?.solved && r.firstTry).length;
    const count = stars(firstTry, this.ids.length);
    const starLine = this.complete.querySelector(".stars");
    starLine.textContent = "★".repeat(count) + "☆".repeat(3 - count);
    starLine.setAttribute("aria-label", words("stars", { stars: count }));
    this.complete.querySelector(".complete-score").textContent = words("first_try", {
      first: firstTry,
      total: this.ids.length,
    });
    const left = this.ids.length - solved;
    const leftLine = this.complete.querySelector(".complete-left");
    leftLine.hidden = left === 0;
    leftLine.textContent = left === 1 ? words("unsolved_one") : words("unsolved", { count: left });
    this.complete.querySelector(".open-unsolved").hidden = left === 0;
  }

  // After a solved puzzle, under its explanation: a big way on ("Next step" in the player,
  // "Next puzzle" on the one page).
  offerNext(section) {
    if (!section?.matches?.("section.puzzle") || !this.article.contains(section)) return;
    let node = section.querySelector(":scope > .next-after");
    if (!node) {
      node = button("button primary next-after", "");
      node.addEventListener("click", () => {
        if (this.playing) {
          this.go(this.stepOf(section) + 1, true);
          return;
        }
        const puzzles = [...this.article.querySelectorAll("section.puzzle")];
        const following = puzzles[puzzles.indexOf(section) + 1];
        if (following) {
          following.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
          following.focus({ preventScroll: true });
        } else this.article.parentElement.querySelector(".lesson-nav a[rel=next]")?.focus();
      });
      section.append(node);
    }
    this.labelNext(node);
    // the way on in view, as far as the verdict above the explanation stays in view too (after
    // the puzzle's own scroll to its verdict has started: this one takes its place)
    requestAnimationFrame(() => {
      const feedback = section.querySelector(".feedback:not(:empty)") || section;
      const top = feedback.getBoundingClientRect().top + window.scrollY - 16;
      const bottom = node.getBoundingClientRect().bottom + window.scrollY + 16;
      const target = Math.min(bottom - window.innerHeight, top);
      if (!node.hidden && target > window.scrollY) {
        window.scrollTo({ top: target, behavior: reducedMotion() ? "auto" : "smooth" });
      }
    });
  }

  labelNext(node) {
    const section = node.closest("section.puzzle");
    const puzzles = [...this.article.querySelectorAll("section.puzzle")];
    const lastPuzzle = puzzles.indexOf(section) === puzzles.length - 1;
    if (this.playing) node.textContent = `${words("next_step")} →`;
    else node.textContent = `${words("next_puzzle")} →`;
    node.hidden = !this.playing && lastPuzzle;
  }
}
