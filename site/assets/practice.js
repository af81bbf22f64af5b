// Practice drills: the engine generates a puzzle for the chosen theme (op "drill"), the page
// renders it and keeps a streak of puzzles solved without a wrong answer or a peek.
import { engine, engineUnavailable } from "./engine-client.js";
import { errorText, ui } from "./messages.js";
import { el, Puzzle } from "./puzzle.js";
import { renderPuzzle } from "./render.js";

const BEST = "huutopussi.best-streak";
const area = document.getElementById("drill");
const streakText = document.getElementById("streak");
const nextButton = document.getElementById("next-drill");
let theme = document.querySelector("button[data-theme]").dataset.theme;
let streak = 0;
let clean = true;

function best() {
  const value = Number(localStorage.getItem(BEST));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

function showStreak() {
  streakText.textContent = `${ui("streak", { n: streak })} ${ui("best_streak", { n: best() })}`;
}

let latest = 0; // a drill asked for earlier than the latest one is dropped when it arrives

async function next() {
  const request = ++latest;
  area.replaceChildren(el("p", "status", ui("engine_loading")));
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
  let answer;
  try {
    await engine().ready;
    answer = await engine().request("drill", { theme, seed });
  } catch (error) {
    if (request !== latest) return;
    area.replaceChildren(el("p", "error", engineUnavailable(error)));
    return;
  }
  if (request !== latest) return;
  if (!answer.ok) {
    area.replaceChildren(el("p", "error", errorText(answer.error)));
    return;
  }
  const section = renderPuzzle(answer.puzzle, answer.view, answer.solution, answer.table);
  section.dataset.theme = theme;
  area.replaceChildren(section);
  new Puzzle(section).enable();
  clean = true;
  section.addEventListener("puzzle-result", (event) => {
    const outcome = event.detail.outcome;
    if (outcome === "wrong" || outcome === "revealed") {
      clean = false;
      streak = 0;
    } else if (outcome === "solved" && clean) {
      streak += 1;
      if (streak > best()) localStorage.setItem(BEST, String(streak));
      nextButton.focus();
    }
    showStreak();
  });
  section.focus();
}

for (const button of document.querySelectorAll("button[data-theme]")) {
  button.addEventListener("click", () => {
    theme = button.dataset.theme;
    for (const b of document.querySelectorAll("button[data-theme]")) b.setAttribute("aria-pressed", String(b === button));
    streak = 0;
    showStreak();
    next();
  });
}
nextButton.addEventListener("click", next);
showStreak();
next();
