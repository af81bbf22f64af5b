// The coach at the table: hints (op "hint": the normal computer player's reasoning for your
// seat) and the review of a finished deal (op "review", one solver search per message), which
// runs in a second worker so that the table stays responsive; it is stopped when a new deal starts.
// Their words are drawn by present/ (present/coach.py, in the page's language): this module
// mounts them and wires their buttons.
import { startEngine } from "./engine-client.js";
import { ui } from "./messages.js";
import { mount } from "./mount.js";
import { engineRequest, request } from "./play-engine.js";
import { momentItem } from "./replay.js";
import { $, button, el, table } from "./play-words.js";

let reviewer = null; // the review's own worker
let reviewRun = null; // the review in progress (a token)
// What is worked out of the review is drawn again at most this often (the worker draws it between
// two searches); the progress moves at every step, the review done is always drawn.
const REDRAW_MS = 1000;

// A tree of present/ (a node or a list of nodes) mounted as a list of elements.
const mounted = (tree) => (Array.isArray(tree) ? tree : [tree]).map(mount);

export async function showHint() {
  const box = $("play-hint");
  const asked = table.state;
  box.replaceChildren(el("p", "", ui("hint_thinking")));
  let answer;
  try {
    answer = await engineRequest("hint", request());
  } catch {
    answer = { ok: false };
  }
  if (table.state !== asked) return; // the table moved on meanwhile
  if (!answer.ok) {
    box.replaceChildren(el("p", "", ui("play_error")));
    return;
  }
  // the choice and why first, how it was worked out one tap away; a bid or a raise the hint
  // names is one tap away (the engine listed it as legal)
  box.replaceChildren(...mounted(answer.tree));
  const take = box.querySelector(".hint-take");
  if (take) take.addEventListener("click", () => table.hooks.send(take.dataset.action));
}

// -- the review ---------------------------------------------------------------------------------
export function stopReview(hide = true) {
  if (reviewRun && reviewRun.busy && reviewer) {
    reviewer.terminate(); // a search in progress is abandoned; the next review starts a new worker
    reviewer = null;
  }
  reviewRun = null;
  if (hide) {
    $("review").hidden = true;
    $("review").replaceChildren();
  }
}

function reviewTitle() {
  const title = el("h2", "", ui("review_title"));
  title.id = "review-title";
  title.tabIndex = -1;
  return title;
}

// The review's worker is started when a deal ends, so that the review shows its first results
// at once when asked for (Pyodide takes seconds to start).
export function warmReviewer() {
  reviewer = reviewer || startEngine();
  reviewer.ready.then(
    () => {
      const start = $("review-start");
      if (start) start.dataset.ready = "true";
    },
    () => {},
  );
}

export async function startReview() {
  stopReview();
  const run = { busy: true };
  reviewRun = run;
  const box = $("review");
  box.hidden = false;
  const progress = el("progress");
  progress.max = 1;
  progress.value = 0;
  progress.setAttribute("aria-labelledby", "review-title");
  const status = el("p", "review-status", ui("review_starting"));
  status.setAttribute("role", "status");
  const results = el("div", "review-results");
  const stop = button(
    ui("review_stop"),
    () => {
      stopReview(false);
      progress.remove();
      stop.remove();
      status.textContent = ui("review_stopped");
    },
    "choice secondary",
  );
  const method = el("details", "review-method");
  method.append(el("summary", "", ui("review_method")), el("p", "note", ui(table.state.partnership ? "review_assumes_us" : "review_assumes_you")));
  box.replaceChildren(reviewTitle(), progress, status, stop, results, method);
  box.scrollIntoView({ block: "nearest" });
  warmReviewer();
  const record = table.state.record;
  let step = 0;
  let drawn = -Infinity; // when what is worked out was last drawn
  for (;;) {
    let answer;
    const draw = performance.now() - drawn >= REDRAW_MS;
    try {
      answer = await reviewer.request("review", { record, seat: 0, step, draw });
    } catch {
      answer = { ok: false, error: { code: "engine" } };
    }
    if (reviewRun !== run) return; // stopped, or a new deal
    if (!answer.ok) {
      run.busy = false;
      progress.remove();
      stop.remove();
      status.textContent = ui("review_failed");
      return;
    }
    progress.max = Math.max(answer.steps, 1);
    progress.value = answer.done;
    status.textContent = ui("review_progress", { done: answer.done, steps: answer.steps });
    if (answer.review) {
      run.busy = false;
      progress.remove();
      stop.remove();
      status.textContent = "";
      showReview(results, answer);
      box.querySelector("#review-title").focus();
      return;
    }
    if (answer.tree) {
      showReview(results, answer); // what is worked out so far
      drawn = performance.now();
    }
    step = answer.done;
  }
}

// The review (or what is worked out of it so far) as present/ drew it; each of the costliest
// moments offers to be played again at the table (play-moment.js).
function showReview(box, answer) {
  const review = answer.review || answer.partial;
  box.replaceChildren(...mounted(answer.tree));
  const byNumber = new Map(review.decisions.map((d) => [d.number, d]));
  for (const again of box.querySelectorAll("[data-replay]")) {
    const d = byNumber.get(Number(again.dataset.replay));
    again.addEventListener("click", () => {
      const back = table.moment ? table.moment.back : { state: table.state, game: table.game };
      table.hooks.openMoment(momentItem(review.record, d.number, d.kind, d.trick), back);
    });
  }
}
