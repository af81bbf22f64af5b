// A moment of a deal played again (issue 34): one of the review's costliest decisions, at the
// table restored to it. The engine sends the table as you saw it then (op "moment": your hand, the
// cards played, the bids and the story as your seat saw them, never another hand) and judges
// your new choice by the review's own evaluation of that decision (op "moment_judge"); the page
// shows its verdict and the decision as the review draws it (present/coach.py: the reason and the
// two lines), or why the choice is refused. A moment missed joins the replay list (replay.js,
// kind "moment") and comes back on the front page, which opens it here (#moment=ID). Only the
// first choice counts; the table then waits for "back to the table".
import { errorSaid, knownError, ui } from "./messages.js";
import { mount } from "./mount.js";
import { engineRequest } from "./play-engine.js";
import * as replay from "./replay.js";
import { $, button, el, table } from "./play-words.js";

let current = null; // {item, back, answered, busy}

function disable() {
  for (const b of document.querySelectorAll("#actions button, #hand button")) b.disabled = true;
}

function said(answer) {
  const known = answer && knownError(answer.error);
  return known ? errorSaid(answer.error) : ui("play_error");
}

// The moment ``item`` (replay.momentItem) at the table; ``back``: the table to return to ({state,
// game}), or null where the page was opened on the moment (the game in progress comes back then).
export async function openMoment(item, back) {
  const moment = { item, back, answered: false, busy: false };
  current = moment;
  table.moment = moment;
  const box = $("moment");
  box.hidden = false;
  box.dataset.number = String(item.number);
  box.dataset.decision = item.decision;
  const title = el("h2", "", ui("moment_title"));
  title.id = "moment-title";
  title.tabIndex = -1;
  const result = el("div", "moment-result");
  result.setAttribute("aria-live", "polite");
  const leave = button(ui("moment_back"), leaveMoment, "choice secondary moment-back");
  box.replaceChildren(title, el("p", "moment-intro", ui("moment_intro")), result, leave);
  title.focus();
  $("game").setAttribute("aria-busy", "true");
  let answer;
  try {
    answer = await engineRequest("moment", { record: item.record, number: item.number });
  } catch {
    answer = { ok: false };
  }
  if (current !== moment) return;
  $("game").setAttribute("aria-busy", "false");
  if (!answer.ok) {
    result.append(el("p", "verdict wrong", said(answer)));
    return;
  }
  table.game = { ...(back ? back.game : table.game), hints: false }; // a hint would give it away
  table.state = answer;
  table.selected = new Set();
  table.hooks.render();
  box.scrollIntoView({ block: "start" });
}

// Your choice at the moment, judged by the engine.
export async function momentSend(action) {
  const moment = current;
  if (!moment || moment.answered || moment.busy) return;
  moment.busy = true;
  const feedback = $("play-feedback");
  feedback.replaceChildren();
  $("play-status").textContent = ui("moment_thinking");
  $("game").setAttribute("aria-busy", "true");
  disable();
  const { record, number } = moment.item;
  let answer;
  try {
    answer = await engineRequest("moment_judge", { record, number, action });
  } catch {
    answer = { ok: false };
  }
  moment.busy = false;
  if (current !== moment) return;
  $("play-status").textContent = "";
  $("game").setAttribute("aria-busy", "false");
  if (!answer.ok || answer.refused) {
    table.hooks.render(); // the same moment, to choose again
    if (answer.refused) {
      feedback.append(...answer.tree.map(mount)); // why the choice is refused (present/coach.py)
    } else {
      feedback.append(el("p", "verdict wrong", said(answer)));
    }
    return;
  }
  moment.answered = true;
  disable();
  $("play-prompt").textContent = ""; // answered: the verdict above the table says what comes next
  const right = answer.right;
  const result = $("moment").querySelector(".moment-result");
  result.replaceChildren(...answer.tree.map(mount)); // the verdict and the decision (present/coach.py)
  // the replay list: a miss joins it (or comes back the next day), a right answer when due moves it on
  const saved = replay.update((list) => replay.answer(list, moment.item, right, Date.now()));
  if (!right && saved) result.append(el("p", "moment-listed", ui("moment_listed")));
}

// A link to a moment no longer on the list: said above the table, which goes on as it was.
export function momentMissing() {
  const box = $("moment");
  box.hidden = false;
  const title = el("h2", "", ui("moment_title"));
  title.id = "moment-title";
  box.replaceChildren(title, el("p", "verdict wrong moment-missing", ui("moment_missing")));
}

// Off the moment without a table to go back to (a new game, a game resumed).
export function dropMoment() {
  if (!current) return;
  current = null;
  table.moment = null;
  $("moment").hidden = true;
  $("moment").replaceChildren();
}

function leaveMoment() {
  const moment = current;
  dropMoment();
  if (moment && moment.back) {
    table.state = moment.back.state;
    table.game = moment.back.game;
    table.selected = new Set();
    table.hooks.render();
    $("review").scrollIntoView({ block: "nearest" });
  } else {
    table.hooks.resume();
  }
}
