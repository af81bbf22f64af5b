// The puzzle controller: renders the engine's verdicts for one <section class="puzzle">.
// It never decides a rule: every answer is looked up in the puzzle's answer table, which the
// engine computed (at build time for lessons, in the worker for drills and shared positions), and
// its words are the lines present/ wrote beside the table (data-verdicts). It knows no kind by
// name: the table says how answers are given (answer: card, cards, choice, number).
import { explanationFor, judgeWithTable, verdictLines } from "./answers.js";
import { el } from "./dom.js";
import { figure } from "./messages.js";
import { mount } from "./mount.js";
import { playToTrick, reducedMotion, takeBack } from "./motion.js";
import { addSignKey } from "./sign-key.js";

export class Puzzle {
  constructor(section) {
    this.section = section;
    this.id = section.id;
    this.spec = JSON.parse(section.dataset.puzzle);
    this.table = JSON.parse(section.dataset.answers);
    this.marks = this.table.answer === "cards"; // a set of cards is marked, then checked
    this.status = section.querySelector(".status");
    this.feedback = section.querySelector(".feedback");
    this.attempts = 0;
    this.why = null; // why each answer is wrong (data-why), read on the first wrong answer
    this.said = JSON.parse(section.dataset.verdicts); // the lines of every verdict (data-verdicts)
    this.hints = 0;
    this.solved = false;
    this.feedback.tabIndex = -1;
    addSignKey(section.querySelector("input.number")); // a minus on every phone's keypad
    this.bindStatic();
    this.bindAnswers();
  }

  // Hints and solutions were computed by the engine at build time: they work without the worker.
  bindStatic() {
    const toggle = (buttonClass, panelClass, onOpen) => {
      const button = this.section.querySelector(buttonClass);
      const panel = this.section.querySelector(panelClass);
      if (!button || !panel) return;
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
    this.bindLookingHand();
  }

  // "Who wins the trick": the hand is only to look at (dimmed), the answers are the trick's cards.
  // A tap on the hand says so and takes the focus to the table's cards.
  bindLookingHand() {
    const hand = this.section.querySelector(".you.looking .hand");
    const trick = [...this.section.querySelectorAll(".trick button.card")];
    if (!hand || !trick.length) return;
    hand.addEventListener("click", () => {
      if (this.solved) return;
      this.say("notice", [this.said.notices.hand_looking_trick]);
      const area = this.section.querySelector(".trick");
      area.classList.remove("pointed");
      void area.offsetWidth; // restart the highlight on a second tap
      area.classList.add("pointed");
      trick.find((b) => !b.disabled)?.focus({ preventScroll: true });
    });
  }

  controls() {
    return this.section.querySelectorAll(".hand button.card, .trick button.card, button.choice, input.number, button.check");
  }

  bindAnswers() {
    for (const button of this.section.querySelectorAll(".hand button.card, .trick button.card")) {
      button.addEventListener("click", () => {
        if (this.marks) {
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
        if (this.marks) {
          const marked = [...this.section.querySelectorAll('.hand button[aria-pressed="true"]')];
          this.submit(marked.map((b) => b.dataset.card), check);
        } else {
          this.submit(number.value, check);
        }
      });
    }
    if (number) {
      number.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault(); // the answer may move the focus: the key must not also press what gets it
        check.click();
      });
    }
  }

  enable() {
    for (const control of this.controls()) control.disabled = false;
  }

  reset() {
    this.feedback.replaceChildren();
    this.feedback.className = "feedback";
    this.section.querySelector(".retry").hidden = true;
    for (const b of this.section.querySelectorAll("[aria-pressed]")) b.setAttribute("aria-pressed", "false");
    for (const b of this.section.querySelectorAll("button.wrong, button.right")) b.classList.remove("wrong", "right");
    takeBack(this.section);
    if (this.solved) {
      // a solved puzzle stays locked until "try again": then it starts over, solution closed
      this.solved = false;
      this.section.classList.remove("solved");
      this.enable();
      const panel = this.section.querySelector(".solution-text");
      if (panel) panel.hidden = true;
      this.section.querySelector(".show-solution")?.setAttribute("aria-expanded", "false");
    }
    const first = this.section.querySelector(".hand button, .trick button.card, button.choice, input.number");
    if (first) first.focus();
  }

  // The verdict in big calm marks (✓ or ✗ and words, not colour alone), then why, scrolled into view.
  // A line is text or a tree (mount.js); a typed number's sentence gets the number it read.
  say(tone, lines, why = [], typed = null) {
    this.feedback.className = `feedback ${tone}`;
    this.feedback.replaceChildren(...lines.map((line) => verdictParagraph(tone, line, typed)), ...why);
    // the whole verdict into view with why; one taller than the screen from its first line
    const fits = this.feedback.getBoundingClientRect().height <= window.innerHeight;
    this.feedback.scrollIntoView({ block: fits ? "nearest" : "start", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  submit(answer, control) {
    if (this.solved) return; // locked until "try again"
    const result = judgeWithTable(this.table, answer);
    if (result.verdict === "not-a-number") {
      // not an attempt: the answer could not be read as a number
      this.say("notice", [this.said.notices.not_a_number]);
      return;
    }
    this.attempts += 1;
    this.show(result, control, answer);
  }

  show(result, control, answer) {
    this.section.querySelector(".trick.pointed")?.classList.remove("pointed");
    // the lines of the verdict, as present/ wrote them (present/verdicts.py)
    const lines = [...verdictLines(this.said, this.table, answer, result)];
    const tone = result.verdict === "correct" ? "right" : "wrong";
    const typed = result.number === undefined ? null : figure(result.number);
    // why the answer is wrong, as present/ drew it (present/explain.py); a copy of a page drawn
    // before it did (an older offline copy) still says its verdict
    this.why ??= JSON.parse(this.section.dataset.why ?? "{}");
    const why = tone === "right" || result.verdict === "illegal" ? [] : explanationFor(this.why, this.table, answer).map(mount);
    // only the latest answer is marked
    for (const b of this.section.querySelectorAll("button.wrong, button.right")) b.classList.remove("wrong", "right");
    if (control && (control.classList.contains("card") || control.classList.contains("choice"))) control.classList.add(tone);
    const done = tone === "right";
    if (!done) {
      this.section.querySelector(".retry").hidden = false; // first: it moves the feedback down
      // the first wrong answer gets the reason only; the answer comes with the second (the solution)
      const reveal = this.attempts >= 2 && this.revealSolution();
      if (reveal) lines.push(this.said.notices.solution_below);
      this.say(tone, lines, why, typed);
      this.report("wrong");
      if (reveal) this.report("revealed");
      return;
    }
    this.solved = true;
    this.section.classList.add("solved");
    for (const c of this.controls()) c.disabled = true;
    if (control && control.closest(".hand") && this.table.answer === "card") playToTrick(this.section, control);
    const panel = this.section.querySelector(".solution-text");
    panel.hidden = false;
    this.section.querySelector(".show-solution").setAttribute("aria-expanded", "true");
    // no "try again" once solved (site.css keeps the place of one already shown: nothing moves)
    this.say(tone, lines, [], typed);
    this.feedback.focus({ preventScroll: true }); // the answer's control is now disabled
    this.report("solved");
  }

  // Opens the solution panel (the engine's answer, drawn by present/ at build time or in the worker); true when
  // it was closed and is now open.
  revealSolution() {
    const panel = this.section.querySelector(".solution-text");
    if (!panel || !panel.hidden) return false;
    panel.hidden = false;
    this.section.querySelector(".show-solution")?.setAttribute("aria-expanded", "true");
    return true;
  }

  // Learner features (progress) listen for this event; the puzzle itself keeps no state.
  report(outcome) {
    const detail = { id: this.id, outcome, attempts: this.attempts, hints: this.hints };
    this.section.dispatchEvent(new CustomEvent("puzzle-result", { bubbles: true, detail }));
  }
}

// One line of a verdict in its paragraph (p.verdict and its tone): text, or a tree whose
// span.typed-number (present/verdicts.py: TYPED) gets the number the learner typed, as text.
export function verdictParagraph(tone, line, typed = null) {
  const paragraph = el("p", `verdict ${tone}`);
  paragraph.append(mount(line));
  for (const slot of paragraph.querySelectorAll(".typed-number")) slot.textContent = typed ?? "";
  return paragraph;
}

export { el };
