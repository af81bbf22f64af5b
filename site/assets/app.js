// Page script: glue between the static lesson page and the engine worker. It never decides a
// rule: every answer goes to the engine (op "judge") and the verdict is rendered as told.
import { startEngine } from "./engine-client.js";
import { format, reason, ui, verdict } from "./messages.js";
import * as progress from "./progress.js";

const hasPuzzles = document.querySelector("section.puzzle") !== null;
const engine = hasPuzzles ? startEngine() : null;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

class Puzzle {
  constructor(section) {
    this.section = section;
    this.id = section.id;
    this.kind = section.dataset.kind;
    this.spec = JSON.parse(section.dataset.puzzle);
    this.status = section.querySelector(".status");
    this.feedback = section.querySelector(".feedback");
    this.attempts = 0;
    this.hints = 0;
    this.bindStatic();
    this.bindAnswers();
  }

  // Hints and solutions were computed by the engine at build time: they work without the worker.
  bindStatic() {
    const toggle = (buttonClass, panelClass, onOpen) => {
      const button = this.section.querySelector(buttonClass);
      const panel = this.section.querySelector(panelClass);
      button.addEventListener("click", () => {
        const open = panel.hidden;
        panel.hidden = !open;
        button.setAttribute("aria-expanded", String(open));
        if (open && onOpen) onOpen();
      });
    };
    toggle(".show-hint", ".hint-text", () => (this.hints += 1));
    toggle(".show-solution", ".solution-text", () => this.report("revealed"));
    this.section.querySelector(".retry").addEventListener("click", () => this.reset());
  }

  controls() {
    return this.section.querySelectorAll(".hand button.card, .trick button.card, button.choice, input.number, button.check");
  }

  bindAnswers() {
    const kind = this.kind;
    for (const button of this.section.querySelectorAll(".hand button.card, .trick button.card")) {
      button.addEventListener("click", () => {
        if (kind === "all-legal") {
          button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
        } else {
          this.submit(button.dataset.card, button);
        }
      });
    }
    for (const button of this.section.querySelectorAll("button.choice")) {
      button.addEventListener("click", () => this.submit(button.dataset.choice, button));
    }
    const check = this.section.querySelector("button.check");
    const number = this.section.querySelector("input.number");
    if (check) {
      check.addEventListener("click", () => {
        if (kind === "all-legal") {
          const marked = [...this.section.querySelectorAll('.hand button[aria-pressed="true"]')];
          this.submit(marked.map((b) => b.dataset.card), check);
        } else {
          this.submit(number.value, check);
        }
      });
    }
    if (number) {
      number.addEventListener("keydown", (event) => {
        if (event.key === "Enter") check.click();
      });
    }
  }

  enable() {
    for (const control of this.controls()) control.disabled = false;
    this.status.textContent = ui("engine_ready");
  }

  fail(message) {
    this.status.textContent = ui("engine_failed", { detail: message });
    this.section.classList.add("engine-failed");
  }

  reset() {
    this.feedback.replaceChildren();
    this.section.querySelector(".retry").hidden = true;
    for (const b of this.section.querySelectorAll("[aria-pressed]")) b.setAttribute("aria-pressed", "false");
    for (const b of this.section.querySelectorAll(".wrong, .right")) b.classList.remove("wrong", "right");
    const first = this.section.querySelector(".hand button, .trick button.card, button.choice, input.number");
    if (first) first.focus();
  }

  async submit(answer, control) {
    this.attempts += 1;
    this.status.textContent = ui("engine_thinking");
    const result = await engine.request("judge", { puzzle: this.spec, answer });
    this.status.textContent = "";
    this.show(result, control);
  }

  show(result, control) {
    const lines = [];
    let tone = "wrong";
    if (!result.ok) {
      lines.push(result.error.message);
    } else if (result.verdict === "correct") {
      tone = "right";
      lines.push(verdict(this.kind === "best-card" ? "best" : "correct"));
    } else if (result.verdict === "illegal") {
      lines.push(verdict(this.kind === "declare" ? "illegal_choice" : "illegal"), reason(result.reason));
    } else if (result.verdict === "legal-not-best") {
      lines.push(verdict("legal_not_best", { loss: result.loss }));
    } else if (this.kind === "trick-winner") {
      lines.push(verdict("wrong_winner", { card: result.card }));
    } else if (this.kind === "auction") {
      lines.push(verdict("wrong_auction", { player: result.player }));
    } else if (this.kind === "score") {
      lines.push(verdict("wrong_score", { number: result.number }));
    } else if (this.kind === "all-legal") {
      lines.push(verdict("wrong_all_legal"));
      for (const card of result.extra) lines.push(`${verdict("extra", { card })} ${reason(result.reasons[card])}`);
      if (result.missing.length) lines.push(verdict("missing", { count: result.missing.length }));
    }
    this.feedback.replaceChildren(...lines.map((line) => el("p", `verdict ${tone}`, line)));
    if (control && control.classList.contains("card")) control.classList.add(tone);
    const done = tone === "right";
    this.section.querySelector(".retry").hidden = done;
    if (done) {
      const panel = this.section.querySelector(".solution-text");
      panel.hidden = false;
      this.section.querySelector(".show-solution").setAttribute("aria-expanded", "true");
      this.report("solved");
    }
  }

  // Learner features (progress) listen for this event; the puzzle itself keeps no state.
  report(outcome) {
    const detail = { id: this.id, outcome, attempts: this.attempts, hints: this.hints };
    this.section.dispatchEvent(new CustomEvent("puzzle-result", { bubbles: true, detail }));
  }
}

// -- progress and sharing ---------------------------------------------------------------------
const lessonSlug = document.querySelector("article.lesson")?.dataset.lesson;

function showPuzzleProgress(section) {
  const record = progress.get(lessonSlug, section.id.replace(/^puzzle-/, ""));
  const badge = section.querySelector(".puzzle-progress");
  if (!badge) return;
  badge.textContent = record?.solved ? ui(record.firstTry ? "solved_first_try" : "solved") : "";
}

function showLessonProgress() {
  for (const node of document.querySelectorAll("[data-progress-lesson]")) {
    const { solved, total } = progress.lessonSummary(node.dataset.progressLesson, Number(node.dataset.total));
    node.textContent = solved ? ui("progress", { solved, total }) : "";
  }
}

function bindProgress() {
  document.addEventListener("puzzle-result", (event) => {
    if (!lessonSlug) return;
    progress.record(lessonSlug, event.detail.id.replace(/^puzzle-/, ""), event.detail);
    showPuzzleProgress(event.target);
    showLessonProgress();
  });
  for (const button of document.querySelectorAll("button[data-reset]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const lesson = button.dataset.reset || null;
      if (!window.confirm(ui(lesson ? "confirm_reset_lesson" : "confirm_reset_all"))) return;
      progress.reset(lesson);
      for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
      showLessonProgress();
    });
  }
  for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
  showLessonProgress();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function bindCopyLinks() {
  for (const button of document.querySelectorAll("button.copy-link")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const url = new URL(button.dataset.href, location.href).href;
      const status = button.parentElement.querySelector(".copy-status") || button.nextElementSibling;
      status.textContent = (await copyText(url)) ? ui("link_copied") : format(ui("link_manual"), { url });
    });
  }
}

function keepHashOnLanguageSwitch() {
  for (const link of document.querySelectorAll("a[data-keep-hash]")) {
    const base = link.getAttribute("href").split("#")[0];
    const update = () => link.setAttribute("href", base + location.hash);
    update();
    window.addEventListener("hashchange", update);
  }
}

// A puzzle section is focusable (tabindex=-1), so the browser's own fragment navigation focuses
// it; after a later hash change (a link inside the page) focus follows too.
function openDeepLink() {
  if (!location.hash.startsWith("#puzzle-")) return;
  const section = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (section && document.activeElement !== section) section.focus();
}

const puzzles = [...document.querySelectorAll("section.puzzle")].map((s) => new Puzzle(s));
bindProgress();
bindCopyLinks();
keepHashOnLanguageSwitch();
openDeepLink();
window.addEventListener("hashchange", openDeepLink);
if (hasPuzzles) {
  engine.ready.then(
    () => {
      for (const p of puzzles) p.enable();
      document.body.dataset.engine = "ready";
      performance.mark("engine-ready");
    },
    (error) => {
      for (const p of puzzles) p.fail(String(error.message || error));
      document.body.dataset.engine = "failed";
    },
  );
}
