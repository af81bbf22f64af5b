// Message catalog of the page's language (embedded in the page as JSON, its entries compiled by the
// build: present/text.py compiled), filled by fill.js. Text is only ever set with textContent.
import { fill, number } from "./fill.js";

const catalog = JSON.parse(document.getElementById("catalog").textContent);

// format(entry, params, {fragment}): a compiled catalog entry filled in (fill.js); a fragment is
// set inside another sentence.
export function format(entry, params = {}, options = {}) {
  return fill(entry, params, catalog, options);
}

// A figure as the page's language writes it: "−60", "47,5"; {plus: true} gives "+60".
export function figure(value, options = {}) {
  return number(value, catalog, options);
}

export function ui(key, params, options) {
  return format(catalog.ui[key], params, options);
}

// An error the worker answered, in the page's language: the sentence present/ wrote for it
// (present/web.py: error.text, from present/text.py: error_text), or the catalog's generic sentence
// where there is none (the worker failed before the engine answered).
export function errorSaid(error) {
  return (error && typeof error.text === "string" && error.text) || catalog.errors.generic;
}

// Whether the engine's error code is one the catalog words (else the page says its own sentence).
export function knownError(error) {
  return Boolean(error) && catalog.error_codes.includes(error.code);
}

export { catalog };

// What a page says when a record in storage was kept as it was (store.js): what could not be read
// ("storage_<what>_newer" or "_damaged"), that it is kept, and where its copy is.
export function keptText(report, what) {
  const first = catalog.ui[`storage_${what}_${report.state}`] ?? catalog.ui[`storage_${what}_damaged`];
  const copy = report.aside ? ui("storage_copy", { key: report.aside }) : ui("storage_no_copy");
  return `${format(first)} ${ui("storage_kept")} ${copy}`;
}
