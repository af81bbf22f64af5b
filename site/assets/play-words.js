// The play table's shared state: what the engine said (the view of seat 0, with the table's words:
// present/play.py), the game's settings; and the sentences the hints and the review still word
// here (play-review.js), as present/play.py words them for the table.
import { cardName, catalog, figure, ui } from "./messages.js";
import { el } from "./puzzle.js";

export const $ = (id) => document.getElementById(id);
export const CARD_CODE = /^[SCDH][AKQJT9876]$/;

// The one table of the page: the engine's latest view (`state`), the game's request fields, the
// cards chosen for a discard, give or return.
export const table = {
  state: null,
  game: { rules: null, preset: null, seed: 0, computers: [], hints: false, moves: 0 },
  selected: new Set(),
};

// A figure with a true minus sign ("−150") and a plus for a gain ("+60").
export const signed = (x) => figure(Math.round(x), { plus: true });

const place = (seat) => table.state.where[seat];
export const seatName = (seat) => catalog.seats[place(seat)];
export const cardList = (cards) => cards.map((c) => cardName(c, "nom")).join(", ");

// A sentence about a seat: its own wording for you ("_you"), else with the seat as subject.
export function say(key, seat, params = {}) {
  if (seat === 0) return ui(`${key}_you`, params);
  return ui(key, { who: ui(`who_${place(seat)}`), who_gen: ui(`who_${place(seat)}_gen`), ...params });
}

// The same for a scoring side: you, your pair ("_us"), or the others.
export function saySide(key, side, params = {}) {
  if (side === 0) return ui(table.state.partnership ? `${key}_us` : `${key}_you`, params);
  if (table.state.partnership) return ui(key, { who: ui("who_them"), who_gen: ui("who_them_gen"), ...params });
  return say(key, side, params);
}

// A sentence about your own side: you alone ("_you"), or you and your partner ("_us").
export const yours = (key, params = {}) => ui(table.state.partnership ? `${key}_us` : `${key}_you`, params);

export function eventText(e) {
  switch (e.kind) {
    case "bid":
    case "raise":
    case "hold":
      return say(`ev_${e.kind}`, e.seat, { amount: e.amount });
    case "pass":
    case "redeal":
    case "redeal_failed":
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
    // a gathered trick under the house rule no_look_back: the engine names none of its cards
    case "play":
      return e.hidden ? say("ev_play_hidden", e.seat) : say("ev_play", e.seat, { card: e.card });
    case "trick":
      return say(e.hidden ? "ev_trick_hidden" : "ev_trick", e.seat, { points: e.points });
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
export function actionLabel(action, contract) {
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
export const choiceName = (action, contract) => (CARD_CODE.test(action) ? cardName(action, "nom") : actionLabel(action, contract));

export function button(text, onClick, className = "choice", action = null) {
  const b = el("button", className, text);
  b.type = "button";
  if (action !== null) b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}

export { el };
