// Playing against computer players, with a coach. The page keeps only the history of actions;
// every step goes to the engine (op "game"), which refuses an illegal action with its reason,
// moves the computer players and returns what seat 0 (you) may see, with the story of the deal
// (its public log) that the page tells sentence by sentence. Hints (op "hint") are the normal
// computer player's reasoning for your seat. The review of a finished deal (op "review", one
// solver search per message) runs in a second worker, so that the table stays responsive; it
// is stopped when a new deal starts. Every sentence comes from the page's catalog.
import { engine, engineUnavailable, startEngine } from "./engine-client.js";
import { HouseRules, summary } from "./house-rules.js";
import { cardName, catalog, errorText, hiddenCards, reason, ui, verdict } from "./messages.js";
import { el } from "./puzzle.js";
import { cardButton, cardSpan } from "./render.js";

const $ = (id) => document.getElementById(id);
const FIRST_BIDS = 6; // bid buttons shown at first; "more bids" shows the next ones
const MORE_BIDS = 24;
const CARD_CODE = /^[SCDH][AKQJT9876]$/;

const game = { rules: null, seed: 0, computers: [], hints: false };
const houseRules = new HouseRules($("play-house"), "play-rule");
let state = null;
let selected = new Set();
let told = { deal: 0, count: 0 }; // how much of the story has been told
let reviewer = null; // the review's own worker
let reviewRun = null; // the review in progress (a token)

// -- words --------------------------------------------------------------------------------------
const place = (seat) => state.where[seat];
const seatName = (seat) => catalog.seats[place(seat)];
const cardList = (cards) => cards.map((c) => cardName(c, "nom")).join(", ");

// A sentence about a seat: its own wording for you ("_you"), else with the seat as subject.
function say(key, seat, params = {}) {
  if (seat === 0) return ui(`${key}_you`, params);
  return ui(key, { who: ui(`who_${place(seat)}`), who_gen: ui(`who_${place(seat)}_gen`), ...params });
}

// The same for a scoring side: you, your pair ("_us"), or the others.
function saySide(key, side, params = {}) {
  if (side === 0) return ui(state.partnership ? `${key}_us` : `${key}_you`, params);
  if (state.partnership) return ui(key, { who: ui("who_them"), who_gen: ui("who_them_gen"), ...params });
  return say(key, side, params);
}

// A sentence about your own side: you alone ("_you"), or you and your partner ("_us").
const yours = (key, params = {}) => ui(state.partnership ? `${key}_us` : `${key}_you`, params);

function sideName(side) {
  if (state.partnership) return ui(side === 0 ? "play_you_pair" : "play_them_pair");
  return seatName(side);
}

function eventText(e) {
  switch (e.kind) {
    case "bid":
    case "raise":
    case "hold":
      return say(`ev_${e.kind}`, e.seat, { amount: e.amount });
    case "pass":
    case "redeal":
      return say(`ev_${e.kind}`, e.seat);
    case "redealt":
    case "no_contract":
      return ui(`ev_${e.kind}`);
    case "contract":
      return say("ev_contract", e.seat, { amount: e.amount });
    case "widow":
      return ui("ev_widow", { cards: cardList(e.cards) });
    case "widow_secret":
      return say("ev_widow_secret", e.seat, { count: e.count });
    case "discard":
      return e.seat === 0 ? ui("ev_discard_you", { cards: cardList(e.cards) }) : say("ev_discard", e.seat, { count: e.count });
    case "give":
    case "return":
      if (e.seat === 0) return ui(`ev_${e.kind}_you`, { cards: cardList(e.cards) });
      if (e.to === 0) return ui(`ev_${e.kind}_to_you`, { cards: cardList(e.cards) });
      return say(`ev_${e.kind}`, e.seat, { count: e.count });
    case "play":
      return say("ev_play", e.seat, { card: e.card });
    case "trick":
      return say("ev_trick", e.seat, { points: e.points });
    case "last_trick":
      return say("ev_last", e.seat, { bonus: e.bonus });
    case "declare":
      return say("ev_declare", e.seat, { suit: e.suit, bonus: e.bonus });
    case "ask_full":
      return e.partner === 0 ? ui("ev_ask_full_to_you") : say("ev_ask_full", e.seat);
    case "answer":
      return e.suit ? say("ev_answer", e.seat, { suit: e.suit, bonus: e.bonus }) : say("ev_answer_no", e.seat);
    case "ask_half": {
      const key = e.completed ? "ev_ask_half_yes" : "ev_ask_half_no";
      const params = { suit: e.suit, bonus: e.bonus };
      return e.partner === 0 ? ui(`${key}_to_you`, params) : say(key, e.seat, params);
    }
    default:
      return "";
  }
}

// An action of yours as an imperative ("play the king of hearts"), for hints and the review.
function actionLabel(action, contract) {
  if (CARD_CODE.test(action)) return ui("act_play", { card: action });
  if (/^\d+$/.test(action)) return ui("act_bid", { amount: action });
  if (action === "p") return ui("act_pass");
  if (action === "redeal") return ui("act_redeal");
  if (action === "hold") return ui("act_hold", { amount: contract });
  if (action === "askfull") return ui("act_ask_full");
  if (action === "answer:no") return ui("act_answer_no");
  const [kind, rest] = action.split(":");
  if (kind === "raise") return ui("act_raise", { amount: rest });
  if (kind === "trump") return ui("act_declare", { suit: rest });
  if (kind === "askhalf") return ui("act_ask_half", { suit: rest });
  if (kind === "answer") return ui("act_answer", { suit: rest });
  return ui(`act_${kind}`, { cards: cardList(rest.split(".")) });
}

// What you did, as a noun where it is a card ("king of hearts"), else as the imperative.
const choiceName = (action, contract) => (CARD_CODE.test(action) ? cardName(action, "nom") : actionLabel(action, contract));

// A button for a choice at the table (declarations, questions, answers).
function choiceButtonLabel(action) {
  if (action === "askfull") return ui("ask_full");
  if (action === "answer:no") return ui("play_answer_no");
  const [kind, suit] = action.split(":");
  const key = { trump: "declare_suit", askhalf: "ask_half", answer: "play_answer" }[kind];
  return ui(key, { suit });
}

function button(text, onClick, className = "choice", action = null) {
  const b = el("button", className, text);
  b.type = "button";
  if (action !== null) b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}

// -- talking to the engine ----------------------------------------------------------------------
function request(extra = {}) {
  return { rules: game.rules, seed: game.seed, computers: game.computers, history: state ? state.history : [[]], ...extra };
}

async function send(action) {
  if (action === "next") stopReview();
  $("play-status").textContent = ui("play_waiting");
  for (const b of document.querySelectorAll("#actions button, #hand button, #result button")) b.disabled = true;
  const fields = action === undefined ? request() : request({ action });
  let answer;
  try {
    answer = await engine().request("game", fields);
  } catch {
    answer = { ok: false };
  }
  if (!answer.ok) {
    // an engine error the catalog words (rules it refuses), else the general apology
    const known = answer.error && catalog.errors[answer.error.code];
    const text = known ? errorText(answer.error) : ui("play_error");
    $("play-status").textContent = "";
    if (state === null) {
      $("play-setup-error").textContent = text;
      $("play-setup-error").hidden = false;
      $("play-rules").focus();
    } else {
      $("play-feedback").replaceChildren(el("p", "verdict wrong", text));
    }
    return;
  }
  state = answer;
  selected = new Set();
  render();
}

// -- the table ------------------------------------------------------------------------------------
function badges(seat) {
  const out = [];
  if (state.dealer === seat) out.push(ui("play_dealer"));
  if (state.bidder === seat && state.contract !== null) out.push(ui("play_bidder_badge", { contract: state.contract }));
  return out;
}

function tricksWon(seat) {
  const n = state.tricks[seat];
  return n === 1 ? ui("play_tricks_one") : ui("play_tricks_n", { n });
}

function renderTable() {
  const table = $("table");
  table.className = `table players-${state.players}`;
  table.replaceChildren();
  for (let seat = 1; seat < state.players; seat++) {
    const box = el("div", `seat seat-${place(seat)}`);
    box.dataset.seat = String(seat);
    if (state.to_move === seat && state.phase !== "done") box.classList.add("to-move");
    box.append(el("span", "seat-name", seatName(seat)), el("span", "level", ui(`level_${state.computers[seat - 1]}`)));
    for (const text of badges(seat)) box.append(el("span", state.bidder === seat ? "badge bidder" : "badge", text));
    if (state.phase === "auction") {
      const mine = state.auction.filter((b) => b.seat === seat);
      if (mine.length) {
        const last = mine[mine.length - 1].action;
        box.append(el("span", "taken", last === "p" ? ui("pass") : `${ui("play_bids")}: ${last}`));
      }
    }
    if (state.counts[seat] > 0) box.append(el("span", "hidden-cards", hiddenCards(state.counts[seat])));
    if (state.tricks[seat] > 0) box.append(el("span", "taken", tricksWon(seat)));
    table.append(box);
  }
  const middle = el("div", "trick");
  const info = [`${ui("trump")}: ${state.trump ? catalog.suits[state.trump].nom : ui("no_trump")}`];
  if (state.contract !== null && state.bidder !== null) info.push(`${ui("contract")}: ${state.contract} (${seatName(state.bidder).toLowerCase()})`);
  middle.append(el("p", "table-info", info.join(" · ")));
  const shown = (title, played, className) => {
    middle.append(el("h2", "table-heading", title));
    const list = el("ol", `trick-cards ${className}`);
    for (const p of played) {
      const item = el("li", `at-${place(p.seat)}`);
      item.append(el("span", "seat-name", seatName(p.seat)), cardSpan(p.card));
      list.append(item);
    }
    middle.append(list);
  };
  if (state.widow.length && ["discard", "raise"].includes(state.phase)) {
    middle.append(el("h2", "table-heading", ui("play_widow")));
    const list = el("span", "cards");
    list.append(...state.widow.map(cardSpan));
    middle.append(list);
  }
  if (state.trick.length) shown(ui("trick"), state.trick, "current");
  else if (state.last_trick.length) shown(ui("play_last_trick"), state.last_trick, "last");
  table.append(middle);
}

function renderNews() {
  const log = state.log;
  const start = told.deal === state.deal_number ? Math.min(told.count, log.length) : 0;
  told = { deal: state.deal_number, count: log.length };
  const fresh = log.slice(start);
  if (fresh.length) {
    const list = el("ul", "news-list");
    for (const e of fresh) list.append(el("li", `ev-${e.kind}`, eventText(e)));
    $("play-news").replaceChildren(list);
  } else if (start === 0) {
    $("play-news").replaceChildren();
  }
  const story = $("story-list");
  story.replaceChildren(...log.map((e) => el("li", `ev-${e.kind}`, eventText(e))));
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const empty = state.hand.length === 0;
  hand.hidden = empty;
  const title = $("hand-title");
  title.hidden = empty;
  const notes = [ui("your_hand"), ...badges(0)];
  if (state.tricks[0] > 0) notes.push(tricksWon(0));
  title.textContent = notes.join(" · ");
  const mine = state.to_move === 0 && state.phase !== "done";
  const picking = mine && ["discard", "give", "return"].includes(state.phase);
  const playing = mine && state.phase === "play" && state.legal.some((a) => CARD_CODE.test(a));
  for (const code of state.hand) {
    if (playing) {
      const b = cardButton(code, false);
      b.disabled = false;
      b.addEventListener("click", () => send(code));
      hand.append(b);
    } else if (picking) {
      const b = cardButton(code, true);
      b.disabled = false;
      b.addEventListener("click", () => {
        if (selected.has(code)) selected.delete(code);
        else selected.add(code);
        b.setAttribute("aria-pressed", String(selected.has(code)));
        const counter = document.getElementById("chosen-count");
        if (counter) counter.textContent = ui("chosen_count", { n: selected.size, count: Number(counter.dataset.count) });
      });
      hand.append(b);
    } else {
      hand.append(cardSpan(code));
    }
  }
}

function highBid() {
  const bids = state.auction.filter((b) => /^\d+$/.test(b.action));
  return bids.length ? bids[bids.length - 1].action : null;
}

function amountButtons(box, actions, label, make) {
  const group = el("div", "amounts");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", label);
  for (const a of actions.slice(0, FIRST_BIDS)) group.append(make(a));
  if (actions.length > FIRST_BIDS) {
    const more = button(
      ui("more_bids"),
      () => {
        const extra = actions.slice(FIRST_BIDS, FIRST_BIDS + MORE_BIDS).map(make);
        more.replaceWith(...extra);
        extra[0].focus();
      },
      "more",
    );
    group.append(more);
  }
  box.append(group);
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const prompt = $("play-prompt");
  prompt.textContent = "";
  if (state.phase === "done" || state.to_move !== 0) return;
  const legal = state.legal;
  const tell = (...texts) => (prompt.textContent = texts.filter(Boolean).join(" "));
  if (state.phase === "auction") {
    const bids = legal.filter((a) => /^\d+$/.test(a));
    const canPass = legal.includes("p");
    const high = highBid();
    tell(canPass ? ui("prompt_bid") : ui("prompt_open", { minimum: bids[0] }), high ? ui("prompt_high", { amount: high }) : "");
    if (canPass) box.append(button(ui("play_pass"), () => send("p"), "choice", "p"));
    amountButtons(box, bids, ui("play_bid"), (amount) => {
      const b = button(amount, () => send(amount), "choice amount", amount);
      b.setAttribute("aria-label", ui("bid_amount", { amount }));
      return b;
    });
    if (legal.includes("redeal")) box.append(button(ui("play_redeal_button"), () => send("redeal"), "choice secondary", "redeal"));
  } else if (["discard", "give", "return"].includes(state.phase)) {
    const count = state.phase === "discard" ? state.widow.length : legal[0].split(":")[1].split(".").length;
    tell(ui(`prompt_${state.phase}`, { count }));
    const counter = el("span", "chosen", ui("chosen_count", { n: selected.size, count }));
    counter.id = "chosen-count";
    counter.dataset.count = String(count);
    counter.setAttribute("aria-live", "polite");
    const put = button(ui(`play_${state.phase}`, { count }), () => send(`${state.phase}:${[...selected].join(".")}`), "choice", state.phase);
    box.append(counter, put);
  } else if (state.phase === "raise") {
    tell(ui("prompt_raise", { contract: state.contract }));
    box.append(button(ui("play_hold_n", { contract: state.contract }), () => send("hold"), "choice", "hold"));
    const raises = legal.filter((a) => a.startsWith("raise:"));
    const raise = (action) => button(ui("play_raise_to", { amount: action.slice(6) }), () => send(action), "choice secondary", action);
    amountButtons(box, raises, ui("play_raise"), raise);
  } else if (state.phase === "play") {
    const choices = legal.filter((a) => !CARD_CODE.test(a));
    if (choices.some((a) => a.startsWith("answer:"))) {
      const question = [...state.log].reverse().find((e) => e.kind === "ask_full");
      tell(question ? eventText(question) : "", ui("prompt_answer"));
    } else if (choices.length) {
      tell(ui(choices.some((a) => a.startsWith("ask")) ? "prompt_declare_ask" : "prompt_declare"));
    } else {
      tell(ui("prompt_play"));
    }
    for (const a of choices) box.append(button(choiceButtonLabel(a), () => send(a), "choice", a));
  }
  if (game.hints) box.append(button(ui("hint"), showHint, "hint-button"));
}

// -- the end of a deal --------------------------------------------------------------------------
function scoresText(totals) {
  return totals.map((t, side) => `${sideName(side)} ${String(t).replace("-", "\u2212")}`).join(", ");
}

function summaryLines(score) {
  const lines = [];
  if (score.contract === null) return [ui("sum_free")];
  for (const side of score.sides) {
    if (side.role === "bidder") {
      const params = { total: side.compared ?? side.total, contract: score.contract };
      lines.push(saySide(side.contract_made ? "sum_made" : "sum_failed", side.side, params));
      if (!side.contract_made && params.total >= score.contract) lines.push(ui(state.partnership ? "sum_no_cards_pairs" : "sum_no_cards"));
    } else if (side.porvoo) {
      lines.push(saySide("sum_porvoo", side.side, { bid: score.bid }));
    }
  }
  return lines;
}

function breakdownTable(score) {
  const table = el("table", "breakdown");
  table.append(el("caption", "", ui("breakdown")));
  // a column for the last trick only where it scored (somebody always takes it when the rules count it)
  const lastTrick = score.sides.some((side) => side.last_trick);
  const head = el("tr");
  const columns = ["bd_side", "bd_role", "bd_cards", ...(lastTrick ? ["bd_last"] : []), "bd_trumps", "bd_total", "bd_result"];
  for (const key of columns) head.append(el("th", "", ui(key)));
  table.append(head);
  for (const side of score.sides) {
    const row = el("tr", side.role === "bidder" ? "bidder-row" : "");
    const trumps = side.declarations.map((d) => `${catalog.suits[d.suit].nom} ${d.bonus}`).join(", ") || "0";
    const total = side.rounded !== null && side.rounded !== side.total ? `${side.total} → ${side.rounded}` : String(side.total);
    const sign = side.deal_score > 0 ? `+${side.deal_score}` : String(side.deal_score).replace("-", "\u2212");
    let result = sign;
    if (side.role === "bidder") {
      const key = side.contract_made ? "bd_made" : "bd_failed";
      result = `${sign} (${ui(key, { total: side.compared ?? side.total, contract: score.contract })})`;
    } else if (side.porvoo) {
      result = `${sign} (${ui("bd_porvoo")})`;
    }
    row.append(el("th", "", sideName(side.side)), el("td", "", ui(`role_${side.role}`)), el("td", "", String(side.card_points)));
    if (lastTrick) row.append(el("td", "", String(side.last_trick)));
    row.append(el("td", "", trumps), el("td", "", total), el("td", "", result));
    table.append(row);
  }
  const scroll = el("div", "table-scroll");
  scroll.tabIndex = 0;
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-label", ui("breakdown"));
  scroll.append(table);
  return scroll;
}

function renderResult() {
  const box = $("result");
  box.replaceChildren();
  if (state.phase !== "done") return;
  box.append(el("h2", "", ui("sum_title")));
  if (state.redealt) {
    box.append(el("p", "", ui("play_redeal")), button(ui("play_next"), () => send("next"), "next-drill"));
    return;
  }
  for (const line of summaryLines(state.score)) box.append(el("p", "summary-line", line));
  box.append(breakdownTable(state.score));
  box.append(el("p", "totals-after", ui("play_totals_after", { scores: scoresText(state.totals_after) })));
  const buttons = el("div", "controls");
  const review = button(ui("review_button"), startReview, "review-start");
  review.id = "review-start";
  warmReviewer();
  if (state.match_over) {
    const names = state.winners.map(sideName).join(", ");
    box.append(el("p", "verdict right", ui("play_winner", { names })));
    buttons.append(button(ui("play_new"), start, "next-drill"), review);
  } else {
    buttons.append(button(ui("play_next"), () => send("next"), "next-drill"), review);
  }
  box.append(buttons);
}

function render() {
  const root = $("game");
  root.hidden = false;
  root.dataset.phase = state.phase;
  root.dataset.toMove = String(state.to_move);
  root.dataset.tricks = String(state.tricks.reduce((a, b) => a + b, 0));
  root.dataset.step = String(Number(root.dataset.step || 0) + 1);
  const done = state.phase === "done" && state.totals_after;
  $("scores").textContent = done ? ui("play_totals_after", { scores: scoresText(state.totals_after) }) : ui("play_totals", { scores: scoresText(state.totals) });
  $("deal-info").textContent = ui("play_deal", { n: state.deal_number, dealer: seatName(state.dealer) });
  $("rules-info").textContent = catalog.presets[state.rules];
  $("house-info").textContent = summary(state.options); // the house rules as the engine plays them
  renderTable();
  renderNews();
  renderHand();
  renderActions();
  renderResult();
  $("play-hint").replaceChildren();
  const feedback = $("play-feedback");
  feedback.replaceChildren();
  if (state.refused) {
    if (state.phase === "play" && CARD_CODE.test(state.refused.action)) feedback.append(el("p", "verdict wrong", verdict("illegal")));
    feedback.append(el("p", "verdict wrong", reason(state.refused)));
  }
  $("play-status").textContent = ""; // the prompt says what to do
}

// -- hints --------------------------------------------------------------------------------------
const round = (x) => String(Math.round(x));

// A deal score with its sign ("+25", "−12"), as the breakdown shows it.
const signed = (x) => {
  const n = Math.round(x);
  return n > 0 ? `+${n}` : String(n).replace("-", "\u2212");
};

// One choice's figures: how often the contract was made (the bidding side), the points and the
// deal score on average; the engine ranks by the deal score plus a tenth of the points.
const figures = (c, samples) => ({ made: c.made, samples, points: round(c.points), score: signed(c.score) });

function hintLines(h) {
  const contract = state.contract;
  const choice = actionLabel(h.action, contract);
  if (h.method === "forced") return [ui("hint_forced", { choice })];
  const lines = [ui("hint_choice", { choice })];
  const samples = h.samples;
  const points = ui(state.partnership ? "hint_points_us" : "hint_points_you");
  const assumes = ui(h.assumes.others === "solver" ? "hint_assumes_solver" : "hint_assumes_normal");
  if (h.phase === "auction") {
    const bid = h.choices.find((c) => /^\d+$/.test(c.action));
    const defend = h.defend;
    lines.push(ui("hint_bid", { samples }), assumes, points);
    const raised = h.raise_to !== null && h.raise_to > Number(bid.action);
    const params = { amount: bid.action, raise: h.raise_to, ...figures(bid, samples) };
    lines.push(ui(raised ? "hint_bid_bidder_raised" : "hint_bid_bidder", params));
    lines.push(ui("hint_bid_defender", figures(defend, samples)));
    lines.push(ui(h.action === "p" ? "hint_bid_pass" : "hint_bid_bid", { bid: signed(bid.score), defend: signed(defend.score) }));
    return lines;
  }
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

async function showHint() {
  const box = $("play-hint");
  const asked = state;
  box.replaceChildren(el("p", "", ui("hint_thinking")));
  let answer;
  try {
    answer = await engine().request("hint", request());
  } catch {
    answer = { ok: false };
  }
  if (state !== asked) return; // the table moved on meanwhile
  box.replaceChildren(...(answer.ok ? hintLines(answer.hint) : [ui("play_error")]).map((t) => el("p", "", t)));
}

// -- the review ---------------------------------------------------------------------------------
function stopReview(hide = true) {
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
function warmReviewer() {
  reviewer = reviewer || startEngine();
  reviewer.ready.then(
    () => {
      const start = $("review-start");
      if (start) start.dataset.ready = "true";
    },
    () => {},
  );
}

async function startReview() {
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
  box.replaceChildren(reviewTitle(), el("p", "note", yours("review_assumes")), progress, status, stop, results);
  box.scrollIntoView({ block: "nearest" });
  warmReviewer();
  const record = state.record;
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

// The figure by what you could see (the normal player's own evaluation at that moment, as its
// hint gives it) and the one in hindsight (every hand known); only the first blames.
function sightLines(d, contract) {
  const sight = d.sight;
  if (!sight) return [];
  if (sight.matched) return [el("p", "verdict-line hint-match", ui("review_hint_match"))];
  const hint = choiceName(sight.hint, contract);
  if (sight.cost === null) return [el("p", "note", ui("review_sight_unscored", { hint }))];
  const lines = [];
  if (sight.blame) lines.push(el("p", "verdict-line sight-blame", yours("review_sight_blame", { cost: sight.cost, hint })));
  else if (sight.cost > 0) lines.push(el("p", "verdict-line sight-fine", ui("review_sight_close", { cost: sight.cost, hint })));
  else lines.push(el("p", "verdict-line sight-fine", ui("review_sight_equal", { hint })));
  if (sight.assumes) lines.push(el("p", "note", ui("review_sight_basis", { samples: sight.assumes.samples })));
  return lines;
}

function decisionBlock(d) {
  const blamed = Boolean(d.sight && d.sight.blame);
  const block = el("div", `decision ${blamed ? "costly" : "fine"}`);
  block.dataset.cost = String(d.cost ?? 0); // in hindsight
  block.dataset.sightCost = String(d.sight && d.sight.cost !== null ? d.sight.cost : 0);
  block.dataset.number = String(d.number);
  const contract = d.kind === "raise" ? (d.held ?? d.contract) : state.contract; // "hold" keeps the bid
  block.append(el("p", "choice-made", ui("review_choice", { choice: choiceName(d.action, contract) })));
  if (d.forced) {
    block.append(el("p", "", ui("review_forced")));
    return block;
  }
  block.append(...sightLines(d, contract));
  if (d.pending) {
    block.append(el("p", "note review-pending", ui("review_pending")));
    return block;
  }
  if (d.cost === null) return block;
  const hindsight = el("div", "hindsight");
  if (d.kind === "raise") {
    const best = d.best[0] === "hold" ? d.contract : d.best[0].slice(6);
    const line = d.best_makes ? yours("review_raise", { total: d.best_total, best }) : yours("review_raise_none", { total: d.best_total, held: d.held });
    hindsight.append(el("p", "", line));
    hindsight.append(el("p", "", d.cost > 0 ? ui("review_raise_cost", { cost: d.cost }) : ui("review_fine")));
  } else if (d.cost > 0) {
    hindsight.append(el("p", "", yours("review_cost", { cost: d.cost })));
    hindsight.append(el("p", "", yours("review_cost_detail", { best: d.best_total, total: d.total })));
    hindsight.append(el("p", "", ui("review_best", { choices: d.best.map((a) => choiceName(a, contract)).join("; ") })));
  } else {
    hindsight.append(el("p", "", ui("review_fine")));
  }
  if (d.estimate) hindsight.append(el("p", "note review-estimate", ui("review_estimate")));
  if (d.distinct !== undefined) {
    const exact = d.compared >= d.distinct;
    hindsight.append(el("p", "note", exact ? ui("review_all_compared", { distinct: d.distinct }) : ui("review_some_compared", { compared: d.compared, distinct: d.distinct })));
    if (d.kind === "give") hindsight.append(el("p", "note", ui("review_returns", { returns: d.returns_compared })));
  }
  block.append(hindsight);
  return block;
}

function renderReview(box, review) {
  box.replaceChildren();
  const decisions = review.decisions;
  const finished = review.done === review.steps;
  const sightDone = decisions.every((d) => d.forced || d.sight !== null);
  if (sightDone) {
    box.append(el("p", "review-total", review.sight_cost > 0 ? yours("review_sight_total", { cost: review.sight_cost }) : ui("review_sight_perfect")));
  }
  if (finished) box.append(el("p", "review-hindsight", review.cost > 0 ? ui("review_total", { cost: review.cost }) : ui("review_perfect")));
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  const costly = review.moments.map((n) => byNumber.get(n));
  if (costly.length) {
    box.append(el("h3", "", ui("review_costly")));
    const list = el("ol", "costly-list");
    for (const d of costly) {
      const where = d.trick ? ui("review_trick", { n: d.trick }) : ui(`review_kind_${d.kind}`);
      const params = { where, choice: choiceName(d.action, d.contract ?? state.contract), cost: d.sight.cost, hindsight: d.cost };
      list.append(el("li", "", ui(d.cost !== null && !d.pending ? "review_moment_hindsight" : "review_moment", params)));
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
}

// -- starting -----------------------------------------------------------------------------------
function renderLevels() {
  const option = $("play-rules").selectedOptions[0];
  const places = option.dataset.where.split(" ");
  const seats = $("play-seats");
  const before = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren();
  places.slice(1).forEach((where, i) => {
    const field = el("p", "field");
    const select = el("select");
    select.id = `play-level-${i + 1}`;
    for (const level of ["normal", "easy"]) select.append(new Option(ui(`level_${level}`), level));
    if (before[i]) select.value = before[i];
    const label = el("label", "", catalog.seats[where]);
    label.htmlFor = select.id;
    field.append(label, select);
    seats.append(field);
  });
}

async function start() {
  stopReview();
  $("play-setup-error").hidden = true;
  game.rules = houseRules.rulesText($("play-rules").value);
  game.computers = [...$("play-seats").querySelectorAll("select")].map((s) => s.value);
  game.hints = $("play-hints").checked;
  const fixed = /^\d{1,7}$/.exec(linkParams().get("seed") || ""); // a deal to play again, or to test with
  game.seed = fixed ? Number(fixed[0]) : crypto.getRandomValues(new Uint32Array(1))[0] & 0xfffff;
  houseRules.details.open = false; // the chosen rules are shown above the table
  state = null;
  told = { deal: 0, count: 0 };
  $("play-status").textContent = ui("engine_loading");
  try {
    await engine().ready;
  } catch (error) {
    $("play-status").textContent = engineUnavailable(error);
    return;
  }
  await send(undefined);
}

// The page's link: #seed=N (a deal to play again) and #rules=PRESET+RULE+... (a group's own
// table: the engine reads the rules and the controls show them). A "+" in the link is a plus.
function linkParams() {
  return new URLSearchParams(location.hash.slice(1).replace(/\+/g, "%2B"));
}

async function rulesFromLink() {
  const text = linkParams().get("rules");
  if (!text) return;
  const error = $("play-setup-error");
  let answer;
  try {
    await engine().ready;
    answer = await engine().request("rules", { rules: text });
  } catch (failure) {
    error.textContent = engineUnavailable(failure);
    error.hidden = false;
    return;
  }
  if (!answer.ok) {
    error.textContent = catalog.errors[answer.error.code] ? errorText(answer.error) : ui("play_error");
    error.hidden = false;
    return;
  }
  error.hidden = true;
  $("play-rules").value = answer.preset;
  renderLevels();
  houseRules.show(answer.preset, answer.options);
  houseRules.details.open = Object.keys(answer.options).length > 0;
}

$("play-rules").addEventListener("change", () => {
  renderLevels();
  houseRules.choosePreset($("play-rules").value);
});
renderLevels();
houseRules.show($("play-rules").value);
window.addEventListener("hashchange", rulesFromLink);
rulesFromLink();
// "Start a game" while a game is under way asks first: one tap never throws a deal away.
const gameUnderWay = () => state !== null && !(state.phase === "done" && state.match_over);

function askRestart(asking) {
  $("play-restart").hidden = !asking;
  $("play-start").hidden = asking;
  (asking ? $("play-restart-no") : $("play-start")).focus();
}

$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  if (gameUnderWay()) askRestart(true);
  else start();
});
$("play-restart-no").addEventListener("click", () => askRestart(false));
$("play-restart").addEventListener("keydown", (event) => {
  if (event.key === "Escape") askRestart(false);
});
$("play-restart-yes").addEventListener("click", () => {
  askRestart(false);
  start();
});
