// The guided deal (puzzle kind "deal", engine/puzzles/guided.py): the build rendered one block per step
// (what the others did, the commentary, the table, the question); this shows them one at a time.
// Every answer is looked up in that step's answer table, which the engine computed: the scripted
// move moves the deal on, anything else gets the engine's verdict (in the lines present/ wrote
// beside the table: data-verdicts) and the learner tries again.
import { explanationFor, judgeWithTable, verdictLines } from "./answers.js";
import { figure } from "./messages.js";
import { mount } from "./mount.js";
import { verdictParagraph } from "./puzzle.js";
import { addSignKey } from "./sign-key.js";

export class GuidedDeal {
  constructor(section) {
    this.section = section;
    this.id = section.id;
    this.table = JSON.parse(section.dataset.answers);
    this.steps = [...section.querySelectorAll(".deal-step")];
    this.current = 0;
    this.wrong = 0;
    this.why = null; // why each answer of a step is wrong (data-why), read on the first wrong answer
    this.said = JSON.parse(section.dataset.verdicts); // the lines of every verdict (data-verdicts)
    this.hints = 0;
    this.bindPanels();
    this.steps.forEach((step, index) => this.bindStep(step, index));
  }

  bindPanels() {
    const toggle = (buttonClass, panelClass, onOpen) => {
      const button = this.section.querySelector(`:scope > .controls ${buttonClass}`);
      const panel = this.section.querySelector(`:scope > ${panelClass}`);
      button.addEventListener("click", () => {
        const open = panel.hidden;
        panel.hidden = !open;
        button.setAttribute("aria-expanded", String(open));
        if (open) onOpen();
      });
    };
    toggle(".show-hint", ".hint-text", () => (this.hints += 1));
    toggle(".show-solution", ".solution-text", () => this.report("revealed"));
  }

  controls(step) {
    return step.querySelectorAll(".hand button.card, button.choice, input.number, button.check");
  }

  enable() {
    for (const control of this.controls(this.steps[this.current])) control.disabled = false;
  }

  bindStep(step, index) {
    const kind = step.dataset.stepKind;
    const size = Number(step.dataset.size || 0);
    for (const button of step.querySelectorAll(".hand button.card")) {
      button.addEventListener("click", () => {
        if (size) button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
        else this.submit(index, button.dataset.card, button);
      });
    }
    for (const button of step.querySelectorAll("button.choice")) {
      button.addEventListener("click", () => this.submit(index, button.dataset.choice, button));
    }
    const check = step.querySelector("button.check");
    const number = step.querySelector("input.number");
    if (check && size) {
      check.addEventListener("click", () => {
        const chosen = [...step.querySelectorAll('.hand button[aria-pressed="true"]')].map((b) => b.dataset.card);
        if (chosen.length !== size) {
          // the page's catalog has no "deal" words: the build wrote this step's "choose N cards"
          this.say(step, [step.querySelector(".choose").textContent], "notice");
          return;
        }
        this.submit(index, `${kind}:${chosen.join(".")}`, check);
      });
    } else if (check) {
      addSignKey(number);
      check.addEventListener("click", () => this.submit(index, number.value, check));
      number.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        check.click();
      });
    }
  }

  // The step's verdict in the same calm box as every puzzle's (its icon by tone), and only this
  // one: the "right" of the step before goes when the learner answers here.
  say(step, lines, tone, why = [], typed = null) {
    this.section.querySelector(":scope > .status").textContent = "";
    const feedback = step.querySelector(".feedback");
    feedback.className = `feedback ${tone}`;
    feedback.replaceChildren(...lines.map((line) => verdictParagraph(tone, line, typed)), ...why);
  }

  submit(index, answer, control) {
    if (index !== this.current) return;
    const step = this.steps[index];
    const result = judgeWithTable(this.table, { step: index, answer });
    if (result.verdict === "not-a-number") {
      this.say(step, [this.said.notices.not_a_number], "notice");
      return;
    }
    if (result.verdict === "correct") {
      this.advance(index);
      return;
    }
    this.wrong += 1;
    const lines = verdictLines(this.said, this.table, { step: index, answer }, result);
    // a legal move off the deal's line is not a mistake: said in the neutral tone
    const tone = result.verdict === "other" ? "notice" : "wrong";
    // why the answer is wrong, as present/ drew it (present/explain.py); a copy of a page drawn
    // before it did (an older offline copy) still says its verdict
    this.why ??= JSON.parse(this.section.dataset.why ?? "{}");
    const explained = tone === "wrong" && result.verdict !== "illegal";
    const why = explained ? explanationFor(this.why, this.table, { step: index, answer }).map(mount) : [];
    this.say(step, lines, tone, why, result.number === undefined ? null : figure(result.number));
    for (const marked of step.querySelectorAll("button.wrong")) marked.classList.remove("wrong");
    if (tone === "wrong" && control && control.classList.contains("card")) control.classList.add("wrong");
    this.report("wrong");
  }

  advance(index) {
    const step = this.steps[index];
    for (const control of this.controls(step)) control.disabled = true;
    const next = this.steps[index + 1];
    if (!next) {
      this.say(step, [this.said.notices.deal_done], "right");
      const panel = this.section.querySelector(":scope > .solution-text");
      panel.hidden = false;
      this.section.querySelector(":scope > .controls .show-solution").setAttribute("aria-expanded", "true");
      this.report("solved");
      return;
    }
    // the page keeps its place: the next step takes this one's, and nothing scrolls (the focus
    // moves to its heading without scrolling, and scroll anchoring is undone)
    const x = window.scrollX;
    const y = window.scrollY;
    // a shorter next step would pull the page up at the end of the document: it keeps as much
    // of this step's height as the page needs to stay where it is
    const below = document.documentElement.scrollHeight - (y + window.innerHeight);
    const keep = Math.ceil(step.getBoundingClientRect().height - Math.max(0, below)) + 4;
    step.hidden = true;
    const done = step.querySelector(".feedback"); // its verdict now shows on the next step
    done.replaceChildren();
    done.className = "feedback";
    next.hidden = false;
    if (next.offsetHeight < keep) next.style.minHeight = `${keep}px`;
    this.current = index + 1;
    this.enable();
    this.say(next, [this.said.notices.deal_right], "right");
    next.querySelector("h3").focus({ preventScroll: true });
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
  }

  report(outcome) {
    const detail = { id: this.id, outcome, attempts: this.wrong + 1, hints: this.hints };
    this.section.dispatchEvent(new CustomEvent("puzzle-result", { bubbles: true, detail }));
  }
}
