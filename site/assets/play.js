// Playing against computer players. The page keeps only the history of actions; every step goes
// to the engine (op "game"), which refuses illegal actions with their reason, moves the computer
// players, and returns what seat 0 (you) may see.
import { engine, engineUnavailable } from "./engine-client.js";
import { catalog, format, hiddenCards, reason, ui, verdict } from "./messages.js";
import { el } from "./puzzle.js";
import { cardButton, cardSpan } from "./render.js";

const $ = (id) => document.getElementById(id);
let rules = null;
let seed = 0;
let state = null;
let selected = new Set();

function seatName(seat) {
  return catalog.seats[state.where[seat]];
}

function sideName(side) {
  if (state.partnership) return ui(side === 0 ? "play_you_pair" : "play_them_pair");
  return seatName(side);
}

function button(text, onClick, className = "choice") {
  const b = el("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function choiceLabel(action) {
  if (action === "askfull") return ui("ask_full");
  if (action === "answer:no") return ui("play_answer_no");
  const [kind, suit] = action.split(":");
  const key = { trump: "declare_suit", askhalf: "ask_half", answer: "play_answer" }[kind];
  return key ? ui(key, { suit }) : action;
}

async function send(action) {
  $("play-status").textContent = ui("play_waiting");
  const request = { rules, seed, history: state ? state.history : [[]] };
  if (action !== undefined) request.action = action;
  const answer = await engine().request("game", request);
  if (!answer.ok) {
    $("play-feedback").replaceChildren(el("p", "verdict wrong", answer.error.message));
    $("play-status").textContent = "";
    return;
  }
  state = answer;
  selected = new Set();
  render();
}

function renderTable() {
  const table = $("table");
  table.className = `table players-${state.players}`;
  table.replaceChildren();
  for (let seat = 1; seat < state.players; seat++) {
    const box = el("div", `seat seat-${state.where[seat]}`);
    const bids = state.auction.filter((b) => b.seat === seat).map((b) => (b.action === "p" ? ui("pass") : b.action));
    box.append(el("span", "seat-name", seatName(seat) + (state.bidder === seat ? ` · ${ui("bidder")}` : "")));
    box.append(el("span", "hidden-cards", hiddenCards(state.counts[seat])));
    if (bids.length) box.append(el("span", "taken", `${ui("play_bids")}: ${bids.join(", ")}`));
    table.append(box);
  }
  const middle = el("div", "trick");
  const info = [`${ui("trump")}: ${state.trump ? format("{suit.nom}", { suit: state.trump }) : ui("no_trump")}`];
  if (state.contract) info.push(`${ui("contract")}: ${state.contract} (${seatName(state.bidder)})`);
  middle.append(el("p", "", info.join(" · ")));
  if (state.widow.length) {
    middle.append(el("p", "then", `${ui("play_widow")}:`));
    const list = el("span", "cards");
    list.append(...state.widow.map(cardSpan));
    middle.append(list);
  }
  const cards = (title, played) => {
    if (!played.length) return;
    middle.append(el("h3", "", title));
    const list = el("ol", "trick-cards");
    for (const p of played) {
      const item = el("li");
      item.append(el("span", "seat-name", seatName(p.seat)), cardSpan(p.card));
      list.append(item);
    }
    middle.append(list);
  };
  cards(ui("trick"), state.trick);
  cards(ui("play_last_trick"), state.last_trick);
  table.append(middle);
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const mine = state.to_move === 0;
  const picking = mine && ["discard", "give", "return"].includes(state.phase);
  for (const code of state.hand) {
    if (mine && state.phase === "play" && state.legal.some((a) => a.length === 2)) {
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
      });
      hand.append(b);
    } else {
      hand.append(cardSpan(code));
    }
  }
}

function renderActions() {
  const actions = $("actions");
  actions.replaceChildren();
  if (state.to_move !== 0) return;
  const legal = state.legal;
  if (state.phase === "auction") {
    if (legal.includes("p")) actions.append(button(ui("play_pass"), () => send("p")));
    const bids = legal.filter((a) => /^\d+$/.test(a));
    if (bids.length) {
      const select = el("select");
      select.id = "bid-amount";
      select.setAttribute("aria-label", ui("play_bid"));
      for (const b of bids.slice(0, 40)) select.append(new Option(b, b));
      actions.append(select, button(ui("play_bid"), () => send(select.value)));
    }
    if (legal.includes("redeal")) actions.append(button("redeal", () => send("redeal")));
  } else if (["discard", "give", "return"].includes(state.phase)) {
    const count = state.phase === "discard" ? state.widow.length : legal[0].split(":")[1].split(".").length;
    actions.append(el("p", "", ui("play_choose", { count })));
    actions.append(button(ui(`play_${state.phase}`, { count }), () => send(`${state.phase}:${[...selected].join(".")}`)));
  } else if (state.phase === "raise") {
    actions.append(button(ui("play_hold"), () => send("hold")));
    const raises = legal.filter((a) => a.startsWith("raise:"));
    if (raises.length) {
      const select = el("select");
      select.setAttribute("aria-label", ui("play_raise"));
      for (const r of raises.slice(0, 30)) select.append(new Option(r.slice(6), r));
      actions.append(select, button(ui("play_raise"), () => send(select.value)));
    }
  } else if (state.phase === "play") {
    for (const a of legal.filter((x) => x.length !== 2)) actions.append(button(choiceLabel(a), () => send(a)));
  }
}

function renderResult() {
  const result = $("result");
  result.replaceChildren();
  if (state.phase !== "done") return;
  if (state.redealt) {
    result.append(el("p", "", ui("play_redeal")), button(ui("play_next"), () => send("next"), "next-drill"));
    return;
  }
  const table = el("table", "breakdown");
  table.append(el("caption", "", ui("breakdown")));
  const head = el("tr");
  for (const key of ["bd_side", "bd_cards", "bd_last", "bd_trumps", "bd_total", "bd_result"]) head.append(el("th", "", ui(key)));
  table.append(head);
  for (const side of state.score.sides) {
    const row = el("tr");
    const trumps = side.declarations.map((d) => `${format("{suit.nom}", { suit: d.suit })} ${d.bonus}`).join(", ") || "0";
    const total = side.rounded !== null && side.rounded !== side.total ? `${side.total} → ${side.rounded}` : String(side.total);
    const sign = side.deal_score > 0 ? `+${side.deal_score}` : String(side.deal_score);
    row.append(el("th", "", sideName(side.side)), el("td", "", String(side.card_points)), el("td", "", String(side.last_trick)));
    row.append(el("td", "", trumps), el("td", "", total), el("td", "", sign));
    table.append(row);
  }
  const scroll = el("div", "table-scroll");
  scroll.tabIndex = 0;
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-label", ui("breakdown"));
  scroll.append(table);
  result.append(scroll);
  const totals = state.totals_after.map((t, side) => `${sideName(side)} ${t}`).join(", ");
  result.append(el("p", "", ui("play_totals", { scores: totals })));
  if (state.match_over) {
    const names = state.winners.map(sideName).join(", ");
    result.append(el("p", "verdict right", ui("play_winner", { names })), button(ui("play_new"), start, "next-drill"));
  } else {
    result.append(button(ui("play_next"), () => send("next"), "next-drill"));
  }
}

function render() {
  const game = $("game");
  game.hidden = false;
  game.dataset.phase = state.phase;
  game.dataset.toMove = String(state.to_move);
  game.dataset.tricks = String(state.tricks.reduce((a, b) => a + b, 0));
  game.dataset.step = String(Number(game.dataset.step || 0) + 1);
  $("scores").textContent = ui("play_totals", { scores: state.totals.map((t, side) => `${sideName(side)} ${t}`).join(", ") });
  $("deal-info").textContent = ui("play_deal", { n: state.deal_number, dealer: seatName(state.dealer) });
  renderTable();
  renderHand();
  renderActions();
  renderResult();
  const feedback = $("play-feedback");
  feedback.replaceChildren();
  if (state.refused) feedback.append(el("p", "verdict wrong", verdict("illegal")), el("p", "verdict wrong", reason(state.refused)));
  $("play-status").textContent = state.phase === "done" ? "" : state.to_move === 0 ? ui("play_your_turn") : "";
}

async function start() {
  rules = $("play-rules").value;
  seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0xfffff;
  state = null;
  $("play-status").textContent = ui("engine_loading");
  try {
    await engine().ready;
  } catch (error) {
    $("play-status").textContent = engineUnavailable(error);
    return;
  }
  await send(undefined);
}

$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  start();
});
