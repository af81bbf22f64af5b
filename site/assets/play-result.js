// The end of a deal: who made the contract, the breakdown of the points by side, the new totals
// (drawn by the engine's answer's words: words.result, present/play.py), and the buttons for the
// next deal, a new game and the review.
import { ui } from "./messages.js";
import { mount } from "./mount.js";
import { startReview, warmReviewer } from "./play-review.js";
import { $, button, el, table } from "./play-words.js";

export function renderResult() {
  const box = $("result");
  box.replaceChildren();
  if (table.state.phase !== "done") return;
  box.append(...table.state.words.result.map(mount));
  if (table.state.redealt) {
    box.append(button(ui("play_next"), () => table.hooks.send("next"), "next-drill"));
    return;
  }
  const buttons = el("div", "controls");
  const review = button(ui("review_button"), startReview, "review-start");
  review.id = "review-start";
  warmReviewer();
  if (table.state.match_over) {
    buttons.append(button(ui("play_new"), () => table.hooks.start(), "next-drill"), review);
  } else {
    buttons.append(button(ui("play_next"), () => table.hooks.send("next"), "next-drill"), review);
  }
  box.append(buttons);
}

