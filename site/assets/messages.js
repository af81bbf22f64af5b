// Message catalog of the page's language (embedded in the page as JSON), bound to the one
// formatter (format.js: the same rules as fmt() in sitebuild/catalogs.py). Text is only ever set
// with textContent.
import { cardNameIn, formatWith, number, pick } from "./format.js";

const catalog = JSON.parse(document.getElementById("catalog").textContent);

function cardName(card, grammaticalCase) {
  return cardNameIn(catalog, card, grammaticalCase);
}

// format(template, params, {fragment}): see format.js; a fragment is set inside another sentence.
export function format(template, params = {}, options = {}) {
  return formatWith(catalog, template, params, options);
}

// A figure as the page's language writes it: "−60", "47,5"; {plus: true} gives "+60".
export function figure(value, options = {}) {
  return number(value, catalog, options);
}

export function ui(key, params, options) {
  return format(pick(catalog.ui, key, params), params, options);
}

// A reason from the engine: {code, params}. Entries with variants pick the first whose
// parameter is present and not false ("beat", "card", "questions"), else the plain one ("").
export function reason(r) {
  let entry = pick(catalog.reasons, r.code, r.params);
  if (entry === undefined) return r.message || r.code;
  if (typeof entry === "object") {
    const variant = Object.keys(entry).find((key) => key && r.params[key] !== undefined && r.params[key] !== false);
    entry = entry[variant ?? ""];
  }
  return format(entry, r.params);
}

// An engine error {code, params} in the page's language (catalog "errors"); a code without its
// own text, or a text whose parameters are missing, gets the generic sentence. Seats count from
// 0 in the engine and from 1 on the page ("player 2"); lists of cards are named and joined; a
// rule option is named by its label (an unknown name from a link stays as it was written).
export function errorText(error) {
  const params = { ...(error && error.params) };
  if (Number.isInteger(params.seat)) params.player = params.seat + 1;
  if (Object.hasOwn(catalog.option_labels, String(params.option))) params.option = catalog.option_labels[params.option];
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) params[key] = value.map((card) => cardName(card, "nom")).join(", ");
  }
  const entry = error && pick(catalog.errors, error.code, params);
  const needed = entry ? [...entry.matchAll(/\{(\w+)/g)].map((m) => m[1]) : [];
  if (!entry || needed.some((name) => params[name] === undefined)) return catalog.errors.generic;
  return format(entry, params);
}

// An error the worker answered, in the page's language: the sentence present/ wrote for it
// (present/web.py: error.text, from present/text.py: error_text), or the catalog's generic sentence
// where there is none (the worker failed before the engine answered).
export function errorSaid(error) {
  return (error && typeof error.text === "string" && error.text) || catalog.errors.generic;
}

export { cardName, catalog };

const SYMBOLS = { S: "♠", C: "♣", D: "♦", H: "♥" };

// The face of a card ("10♥") and its spoken name ("hertta kuningas", "king of hearts").
export function cardFace(card) {
  return { text: (card[1] === "T" ? "10" : card[1]) + SYMBOLS[card[0]], red: card[0] === "D" || card[0] === "H" };
}

export function spokenName(card) {
  return catalog.cards.spoken
    .replace("{suit}", catalog.suits[card[0]].nom)
    .replace("{rank}", catalog.ranks[card[1]].nom);
}

// What a page says when a record in storage was kept as it was (store.js): what could not be read
// ("storage_<what>_newer" or "_damaged"), that it is kept, and where its copy is.
export function keptText(report, what) {
  const first = catalog.ui[`storage_${what}_${report.state}`] ?? catalog.ui[`storage_${what}_damaged`];
  const copy = report.aside ? ui("storage_copy", { key: report.aside }) : ui("storage_no_copy");
  return `${format(first)} ${ui("storage_kept")} ${copy}`;
}
