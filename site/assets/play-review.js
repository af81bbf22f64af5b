// The coach at the table: hints (op "hint": the normal computer player's reasoning for your
// seat) and the review of a finished deal (op "review", one solver search per message), which
// runs in a second worker so that the table stays responsive; it is stopped when a new deal starts.
import { startEngine } from "./engine-client.js";
import { cardSpan } from "./cards.js";
import { ui } from "./messages.js";
import { mount } from "./mount.js";
import { engineRequest, request } from "./play-engine.js";
import { momentItem } from "./replay.js";
import { $, actionLabel, button, choiceName, el, eventText, say, saySide, seatName, signed, table, yours } from "./play-words.js";

let reviewer = null; // the review's own worker
let reviewRun = null; // the review in progress (a token)
let reviewShown = null; // the review shown (its record and costliest moments)

// the kinds of decision a moment is played again for (engine/coach/moment.py REPLAYED)
export const REPLAYED = new Set(["card", "declare", "ask", "answer", "discard", "raise", "bid"]);

const round = (x) => String(Math.round(x));


// One choice's figures: how often the contract was made (the bidding side), the points and the
// deal score on average; the engine ranks by the deal score plus a tenth of the points.
const figures = (c, samples) => ({ made: c.made, samples, points: round(c.points), score: signed(c.score) });

function hintLines(h) {
  const contract = table.state.contract;
  const choice = actionLabel(h.action, contract);
  if (h.method === "forced") return [ui("hint_forced", { choice })];
  if (h.method === "partner_holds") return [ui("hint_partner_holds", { choice })];
  if (h.method === "must_open") {
    const bid = h.choices[0];
    const raised = h.raise_to !== null && h.raise_to > Number(bid.action);
    const params = { amount: bid.action, raise: h.raise_to, ...figures(bid, h.samples) };
    return [ui("hint_must_open", { choice }), ui(raised ? "hint_bid_bidder_raised" : "hint_bid_bidder", params)];
  }
  const lines = [ui("hint_choice", { choice })];
  const samples = h.samples;
  const points = ui(table.state.partnership ? "hint_points_us" : "hint_points_you");
  const assumes = ui(h.assumes.others === "solver" ? "hint_assumes_solver" : "hint_assumes_normal");
  if (h.phase === "auction") {
    const bid = h.choices.find((c) => /^\d+$/.test(c.action));
    const defend = h.defend;
    lines.push(ui("hint_bid", { samples }), assumes, points);
    const raised = h.raise_to !== null && h.raise_to > Number(bid.action);
    const params = { amount: bid.action, raise: h.raise_to, ...figures(bid, samples) };
    lines.push(ui(raised ? "hint_bid_bidder_raised" : "hint_bid_bidder", params));
    lines.push(ui("hint_bid_defender", figures(defend, samples)));
    // the comparison that decides comes right after the choice, the figures behind it after
    lines.splice(1, 0, ui(h.action === "p" ? "hint_bid_pass" : "hint_bid_bid", { bid: signed(bid.score), defend: signed(defend.score) }));
    return lines;
  }
  if (h.why) lines.push(hintReason(h.why)); // why, in cards, before how it was worked out
  const [best, next] = h.choices;
  const rank = h.phase === "raise" ? ui("hint_rank_raise", { margin: h.raise_margin }) : ui("hint_rank");
  lines.push(ui(h.method === "solver" ? "hint_solver" : "hint_playout", { samples }), assumes, points, rank);
  lines.push(ui(best.made !== null ? "hint_this_made" : "hint_this", figures(best, samples)));
  if (next) {
    const params = { choice: actionLabel(next.action, contract), ...figures(next, samples) };
    lines.push(ui(next.made !== null ? "hint_next_made" : "hint_next", params));
  }
  return lines;
}

// A hint's reason in cards (engine/coach/reasons.py: hint_reason), found on made-up deals.
const HINT_YOURS = new Set(["caught", "last_trick", "trick_lost", "points_banked"]);
const hintReason = (w) => (HINT_YOURS.has(w.code) ? yours(`hint_why_${w.code}`, w) : ui(`hint_why_${w.code}`, w));

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
  const lines = (answer.ok ? hintLines(answer.hint) : [ui("play_error")]).map((t) => el("p", "", t));
  // the choice and why first; how it was worked out (made-up deals, figures) one tap away
  const shown = answer.ok && (answer.hint.why || answer.hint.phase === "auction") ? 2 : 1;
  if (lines.length > shown + 1) {
    const method = el("details", "hint-method");
    method.append(el("summary", "", ui("review_method")), ...lines.splice(shown));
    lines.push(method);
  }
  box.replaceChildren(...lines);
  // a bid or a raise the hint names is one tap away (the engine listed it as legal)
  const action = answer.ok && answer.hint.action;
  if (action && ["auction", "raise"].includes(asked.phase) && asked.legal.includes(action)) {
    const text = actionLabel(action, asked.contract);
    const label = text.charAt(0).toUpperCase() + text.slice(1);
    box.append(button(label, () => table.hooks.send(action), "choice hint-take", action));
  }
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
  method.append(el("summary", "", ui("review_method")), el("p", "note", yours("review_assumes")));
  box.replaceChildren(reviewTitle(), progress, status, stop, results, method);
  box.scrollIntoView({ block: "nearest" });
  warmReviewer();
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
      progress.remove();
      stop.remove();
      status.textContent = "";
      renderReview(results, answer.review);
      box.querySelector("#review-title").focus();
      return;
    }
    renderReview(results, answer.partial); // what is worked out so far
    step = answer.done;
  }
}

// Why a blamed choice was costly, in cards and seats: the engine's reason (engine/coach/reasons.py)
// worded from the catalog. A seat named is always one of the other side.
const YOURS = new Set(["caught", "last_trick", "trick_lost", "points_banked", "raise_high", "raise_low", "bid_high"]);

function reasonText(r) {
  const key = `why_${r.code}`;
  const who = r.seat === undefined ? {} : { who: ui(`who_${table.state.where[r.seat]}`), who_gen: ui(`who_${table.state.where[r.seat]}_gen`) };
  return YOURS.has(r.code) ? yours(key, { ...r, ...who }) : ui(key, { ...r, ...who });
}

// A decision's one figure: both numbers on the same basis (engine: Review._judge).
function figureLine(d) {
  const f = d.figure;
  if (f.unit === "points") return yours("review_figure", { best: f.best, chosen: f.chosen });
  if (f.unit === "score") return ui("review_figure_score", { best: signed(f.best), chosen: signed(f.chosen) });
  return ui("review_figure_sight", { best: signed(f.best), chosen: signed(f.chosen) });
}

// How the figures were worked out: one tap away, never first.
function methodBlock(d) {
  const method = el("details", "review-method");
  method.append(el("summary", "", ui("review_method")));
  if (d.sight && d.sight.assumes) method.append(el("p", "note", ui("review_sight_basis", { samples: d.sight.assumes.samples })));
  if (d.figure && d.figure.estimate) method.append(el("p", "note review-estimate", ui("review_estimate")));
  if (d.lines_partial) method.append(el("p", "note", ui("review_lines_partial")));
  if (d.distinct !== undefined) {
    const exact = d.compared >= d.distinct;
    method.append(el("p", "note", exact ? ui("review_all_compared", { distinct: d.distinct }) : ui("review_some_compared", { compared: d.compared, distinct: d.distinct })));
    if (d.kind === "give") method.append(el("p", "note", ui("review_returns", { returns: d.returns_compared })));
  }
  return method.children.length > 1 ? [method] : [];
}

function verdictLine(d, contract) {
  const sight = d.sight;
  // evaluated never (a forced choice), not yet (pending), or not in the review's time (null)
  if (!sight) return sight === null && !d.pending ? el("p", "note", ui("review_sight_no_time")) : null;
  if (sight.matched) return el("p", "verdict-line hint-match", ui("review_hint_match"));
  const hint = choiceName(sight.hint, contract);
  if (sight.cost === null) return el("p", "note", ui("review_sight_unscored", { hint }));
  if (d.blamed) return el("p", "verdict-line sight-blame", ui("review_blamed", { hint }));
  return el("p", "verdict-line sight-fine", ui("review_not_blamed", { hint }));
}

// The button that plays one of the costliest moments again at the table (play-moment.js).
function replayButton(d) {
  const review = reviewShown;
  const open = () => {
    const back = table.moment ? table.moment.back : { state: table.state, game: table.game };
    table.hooks.openMoment(momentItem(review.record, d.number, d.kind, d.trick), back);
  };
  const again = button(ui("review_replay"), open, "choice secondary review-replay");
  again.dataset.replay = String(d.number);
  return again;
}

// One decision of the review; ``offer``: with the button that plays it again where it is one of
// the costliest moments (not in the verdict of a moment played again).
export function decisionBlock(d, offer = true) {
  const block = el("div", `decision ${d.blamed ? "costly" : "fine"}`);
  block.dataset.decision = d.kind;
  block.dataset.cost = d.blamed ? String(d.figure_cost) : ""; // the figure's loss, empty when not blamed
  block.dataset.number = String(d.number);
  const contract = d.kind === "raise" ? (d.held ?? d.contract) : table.state.contract; // "hold" keeps the bid
  block.append(el("p", "choice-made", ui("review_choice", { choice: choiceName(d.action, contract) })));
  if (d.forced) {
    block.append(el("p", "", ui("review_forced")));
    return block;
  }
  const verdictNode = verdictLine(d, contract);
  if (verdictNode) block.append(verdictNode);
  if (d.pending) {
    block.append(el("p", "note review-pending", ui("review_pending")));
    return block;
  }
  if (d.blamed) {
    for (const r of d.why || []) block.append(el("p", "why review-why", reasonText(r)));
    block.append(el("p", "review-figure", figureLine(d)));
    // the two lines as cards side by side, a tap away, as the lessons show them after a wrong
    // answer: drawn by present/ (present/explain.py: review_lines_tree, added by present/web.py)
    if (d.lines_tree) block.append(mount(d.lines_tree));
    if (offer && reviewShown && reviewShown.moments.includes(d.number) && REPLAYED.has(d.kind)) block.append(replayButton(d));
  }
  block.append(...methodBlock(d));
  return block;
}

function renderReview(box, review) {
  box.replaceChildren();
  reviewShown = review;
  const decisions = review.decisions;
  const finished = review.done === review.steps;
  // the deal as it was played (its own score), then its best line: never a sum of figures
  const summary = review.summary;
  if (summary) {
    const lines = [saySide(`review_played_${summary.made ? "made" : "lost"}`, summary.side, { contract: summary.contract, total: summary.total })];
    if (finished && summary.best_total !== null && summary.side === review.side) {
      lines.push(yours(summary.best_from === "widow" ? "review_best_widow" : "review_best_start", { best: summary.best_total }));
    }
    box.append(el("p", "review-total", lines.join(" ")));
  }
  if (finished) {
    const count = review.blamed;
    box.append(el("p", "review-blamed", count ? ui("review_blamed_count", { count }) : ui("review_blamed_none")));
  }
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  const costly = review.moments.map((n) => byNumber.get(n));
  if (costly.length) {
    box.append(el("h3", "", ui("review_costly")));
    const list = el("ol", "costly-list");
    for (const d of costly) {
      const where = d.trick ? ui("review_trick", { n: d.trick }) : ui(`review_kind_${d.kind}`);
      const params = { where, choice: choiceName(d.action, d.contract ?? table.state.contract), cost: d.figure_cost };
      list.append(el("li", "", ui("review_moment_figure", params)));
    }
    box.append(list);
  }
  const auction = review.auction;
  if (auction && !auction.pending) {
    const lines = [say("ev_contract", auction.bidder, { amount: auction.bid })];
    if (auction.contract !== auction.bid) lines.push(say("ev_raise", auction.bidder, { amount: auction.contract }));
    if (auction.forced) lines.push(say("review_auction_forced", auction.bidder));
    lines.push(ui(auction.can_make ? "review_auction_can" : "review_auction_cannot", { contract: auction.contract }));
    if (auction.best_total !== null) lines.push(saySide("review_auction_total", auction.side, { total: auction.best_total }));
    if (!auction.can_make && auction.contract === auction.minimum) lines.push(ui("review_auction_lowest", { minimum: auction.minimum }));
    if (auction.estimate) lines.push(ui("review_estimate"));
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
    if (mine.some((d) => d.blamed)) trick.classList.add("costly");
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
}

