// The coach at the table: hints (op "hint": the normal computer player's reasoning for your
// seat) and the review of a finished deal (op "review", one solver search per message), which
// runs in a second worker so that the table stays responsive; it is stopped when a new deal starts.
import { startEngine } from "./engine-client.js";
import { cardSpan } from "./render.js";
import { catalog, ui } from "./messages.js";
import { engineRequest, request } from "./play-engine.js";
import { $, actionLabel, button, choiceName, el, eventText, say, saySide, seatName, signed, table, yours } from "./play-words.js";

let reviewer = null; // the review's own worker
let reviewRun = null; // the review in progress (a token)

const round = (x) => String(Math.round(x));


// One choice's figures: how often the contract was made (the bidding side), the points and the
// deal score on average; the engine ranks by the deal score plus a tenth of the points.
const figures = (c, samples) => ({ made: c.made, samples, points: round(c.points), score: signed(c.score) });

function hintLines(h) {
  const contract = table.state.contract;
  const choice = actionLabel(h.action, contract);
  if (h.method === "forced") return [ui("hint_forced", { choice })];
  const lines = [ui("hint_choice", { choice })];
  const samples = h.samples;
  const points = ui(table.state.partnership ? "hint_points_us" : "hint_points_you");
  if (h.phase === "auction") {
    const bid = h.choices.find((c) => /^\d+$/.test(c.action));
    const defend = h.defend;
    lines.push(ui("hint_bid", { samples }), points);
    lines.push(ui("hint_bid_bidder", { amount: bid.action, ...figures(bid, samples) }));
    lines.push(ui("hint_bid_defender", figures(defend, samples)));
    lines.push(ui(h.action === "p" ? "hint_bid_pass" : "hint_bid_bid", { bid: signed(bid.score), defend: signed(defend.score) }));
    return lines;
  }
  const [best, next] = h.choices;
  const rank = h.phase === "raise" ? ui("hint_rank_raise", { margin: h.raise_margin }) : ui("hint_rank");
  lines.push(ui(h.method === "solver" ? "hint_solver" : "hint_playout", { samples }), points, rank);
  lines.push(ui(best.made !== null ? "hint_this_made" : "hint_this", figures(best, samples)));
  if (next) {
    const params = { choice: actionLabel(next.action, contract), ...figures(next, samples) };
    lines.push(ui(next.made !== null ? "hint_next_made" : "hint_next", params));
  }
  return lines;
}

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
  box.replaceChildren(...(answer.ok ? hintLines(answer.hint) : [ui("play_error")]).map((t) => el("p", "", t)));
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
  box.replaceChildren(reviewTitle(), el("p", "note", yours("review_assumes")), progress, status, stop);
  box.scrollIntoView({ block: "nearest" });
  reviewer = reviewer || startEngine();
  const record = table.state.record;
  let step = 0;
  for (;;) {
    let answer;
    try {
      answer = await reviewer.request("review", { record, seat: 0, step });
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
      renderReview(box, answer.review);
      return;
    }
    step = answer.done;
  }
}

function decisionBlock(d) {
  const block = el("div", `decision ${d.cost > 0 ? "costly" : "fine"}`);
  block.dataset.cost = String(d.cost ?? 0);
  const contract = d.kind === "raise" ? d.contract : table.state.contract;
  block.append(el("p", "choice-made", ui("review_choice", { choice: choiceName(d.action, contract) })));
  if (d.forced) {
    block.append(el("p", "", ui("review_forced")));
    return block;
  }
  if (d.cost === null) return block;
  if (d.kind === "raise") {
    const best = d.best[0] === "hold" ? d.contract : d.best[0].slice(6);
    const line = d.best_makes ? yours("review_raise", { total: d.best_total, best }) : yours("review_raise_none", { total: d.best_total, held: d.held });
    block.append(el("p", "", line));
    block.append(el("p", "verdict-line", d.cost > 0 ? ui("review_raise_cost", { cost: d.cost }) : ui("review_fine")));
    return block;
  }
  if (d.cost > 0) {
    block.append(el("p", "verdict-line", yours("review_cost", { cost: d.cost })));
    block.append(el("p", "", yours("review_cost_detail", { best: d.best_total, total: d.total })));
    block.append(el("p", "", ui("review_best", { choices: d.best.map((a) => choiceName(a, contract)).join("; ") })));
  } else {
    block.append(el("p", "verdict-line", ui("review_fine")));
  }
  if (d.distinct !== undefined) {
    const exact = d.compared >= d.distinct;
    block.append(el("p", "note", exact ? ui("review_all_compared", { distinct: d.distinct }) : ui("review_some_compared", { compared: d.compared, distinct: d.distinct })));
    if (d.kind === "give") block.append(el("p", "note", ui("review_returns", { returns: d.returns_compared })));
  }
  return block;
}

function renderReview(box, review) {
  const title = reviewTitle();
  box.replaceChildren(title, el("p", "note", yours("review_assumes")));
  const decisions = review.decisions;
  box.append(el("p", "review-total", review.cost > 0 ? ui("review_total", { cost: review.cost }) : ui("review_perfect")));
  const costly = decisions.filter((d) => d.cost > 0).sort((a, b) => b.cost - a.cost).slice(0, 3);
  if (costly.length) {
    box.append(el("h3", "", ui("review_costly")));
    const list = el("ol", "costly-list");
    for (const d of costly) {
      const where = d.trick ? ui("review_trick", { n: d.trick }) : ui(`review_kind_${d.kind}`);
      list.append(el("li", "", ui("review_moment", { where, choice: choiceName(d.action, d.contract ?? table.state.contract), cost: d.cost })));
    }
    box.append(list);
  }
  const auction = review.auction;
  if (auction) {
    const lines = [say("ev_contract", auction.bidder, { amount: auction.bid })];
    if (auction.contract !== auction.bid) lines.push(say("ev_raise", auction.bidder, { amount: auction.contract }));
    if (auction.forced) lines.push(say("review_auction_forced", auction.bidder));
    lines.push(ui(auction.can_make ? "review_auction_can" : "review_auction_cannot", { contract: auction.contract }));
    if (auction.best_total !== null) lines.push(saySide("review_auction_total", auction.side, { total: auction.best_total }));
    if (!auction.can_make && auction.contract === auction.minimum) lines.push(ui("review_auction_lowest", { minimum: auction.minimum }));
    box.append(el("p", "review-auction", lines.join(" ")));
  }
  const early = decisions.filter((d) => !d.trick);
  if (early.length) {
    box.append(el("h3", "", ui("review_before")));
    for (const d of early) {
      const part = el("div", "review-early");
      part.append(el("h4", "", ui(`review_kind_${d.kind}`)), decisionBlock(d));
      box.append(part);
    }
  }
  box.append(el("h3", "", ui("review_hands")));
  const hands = el("dl", "review-hands");
  review.hands.forEach((cards, seat) => {
    const row = el("div");
    const list = el("dd", "cards");
    list.append(...cards.map(cardSpan));
    row.append(el("dt", "", seatName(seat)), list);
    hands.append(row);
  });
  if (review.widow.length) {
    const row = el("div");
    const list = el("dd", "cards");
    list.append(...review.widow.map(cardSpan));
    row.append(el("dt", "", ui("play_widow")), list);
    hands.append(row);
  }
  box.append(hands);
  // the replay, trick by trick, from the story of the deal
  const replay = el("ol", "replay");
  let trick = null;
  let number = 0;
  const open = () => {
    number += 1;
    trick = el("li", "replay-trick");
    trick.dataset.trick = String(number);
    trick.append(el("h4", "", ui("review_trick", { n: number })));
    const cards = el("ul", "trick-line");
    trick.append(cards);
    const mine = decisions.filter((d) => d.trick === number);
    if (mine.some((d) => d.cost > 0)) trick.classList.add("costly");
    trick.mine = mine;
    trick.cards = cards;
    replay.append(trick);
  };
  let closed = null; // the trick just taken, for the last trick's bonus
  for (const e of review.log) {
    if (!["play", "trick", "last_trick", "declare", "ask_full", "answer", "ask_half"].includes(e.kind)) continue;
    if (e.kind === "last_trick" && closed) {
      closed.insertBefore(el("p", "", eventText(e)), closed.querySelector(".decision")); // before the verdicts
      continue;
    }
    if (trick === null) open();
    if (e.kind === "play") {
      const item = el("li", e.seat === 0 ? "mine" : "");
      item.append(el("span", "seat-name", seatName(e.seat)), cardSpan(e.card));
      trick.cards.append(item);
    } else if (!trick.cards.children.length) {
      trick.insertBefore(el("p", "", eventText(e)), trick.cards); // declared or asked before the lead
    } else {
      trick.append(el("p", "", eventText(e)));
    }
    if (e.kind === "trick") {
      for (const d of trick.mine) trick.append(decisionBlock(d));
      closed = trick;
      trick = null;
    }
  }
  box.append(replay);
  title.focus();
}

