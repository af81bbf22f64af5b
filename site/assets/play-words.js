// The play table's shared state: what the engine said (the view of seat 0, with the table's words:
// present/play.py; the coach's words come drawn by present/coach.py), the game's settings, the
// cards chosen; and the page's small DOM helpers.
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

export function button(text, onClick, className = "choice", action = null) {
  const b = el("button", className, text);
  b.type = "button";
  if (action !== null) b.dataset.action = action;
  b.addEventListener("click", onClick);
  return b;
}

export { el };
