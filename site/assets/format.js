// The one formatter of the site's words, given a catalog (site/messages/*.json); messages.js binds
// it to the page's catalog. sitebuild/catalogs.py (fmt, number, message) has the same rules for
// the build, and tests/test_templates.py proves the two equal on every message of both catalogs.
//
// "{name}" is a value, "{name.case}" a suit letter or a card in a grammatical case. A number is
// written as the catalog says: a true minus sign (U+2212), one decimal with the catalog's decimal
// mark where it is not whole ("47,5"). A value is capitalised where a sentence starts (the start
// of the message, or after ". ", "! ", "? ") and nowhere else; a fragment (a message set inside
// another sentence) does not start a sentence.

const PLACEHOLDER = /\{(\w+)(?:\.(\w+))?\}/g;
const SENTENCE_END = /[.!?]["”)]?\s+$/;

export function capfirst(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A figure in the catalog's language: "−60", "47,5", with plus: "+60".
export function number(value, catalog, { plus = false } = {}) {
  if (typeof value !== "number") return String(value);
  const size = Math.abs(value);
  const text = Number.isInteger(size) ? String(size) : size.toFixed(1).replace(".", catalog.estimate.decimal);
  if (value < 0) return `\u2212${text}`;
  return plus && value > 0 ? `+${text}` : text;
}

// A label (catalog "option_labels", written as it stands alone) inside a sentence: its first
// letter in lower case, unless it starts with a name (catalog "names": "Porvoo").
export function inSentence(label, catalog) {
  const first = label.split(/[\s,:;]/)[0];
  return catalog.names.includes(first) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

export function cardNameIn(catalog, card, grammaticalCase) {
  return catalog.cards.compound
    .replace("{suit}", catalog.suits[card[0]].nom)
    .replace("{rank}", catalog.ranks[card[1]][grammaticalCase]);
}

export function formatWith(catalog, template, params = {}, { fragment = false } = {}) {
  let text = "";
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const [whole, name, grammaticalCase] = m;
    text += template.slice(last, m.index);
    last = m.index + whole.length;
    let value = number(params[name], catalog);
    if (grammaticalCase) {
      value = value.length === 1 ? catalog.suits[value][grammaticalCase] : cardNameIn(catalog, value, grammaticalCase);
    }
    const starts = text === "" ? !fragment : SENTENCE_END.test(text);
    text += starts ? capfirst(value) : value;
  }
  return text + template.slice(last);
}

// The entry `key` of a catalog section, or its "_one" form where the count it writes out is 1:
// "hidden_one" ("1 piilossa oleva kortti") is used when every number of "hidden" that it does
// not name ({count}) is 1; likewise its "_zero" form where that count is 0 ("ei täyttynyt
// yhdessäkään jaossa", never "täyttyi 0 jaossa"). As `message` in present/text.py.
export function pick(section, key, params = {}) {
  if (typeof section[key] !== "string") return section[key];
  for (const [suffix, wanted] of [["_one", 1], ["_zero", 0]]) {
    const form = section[`${key}${suffix}`];
    if (typeof form !== "string") continue;
    const named = new Set([...form.matchAll(PLACEHOLDER)].map((m) => m[1]));
    const counts = [...section[key].matchAll(PLACEHOLDER)].map((m) => m[1]).filter((n) => !named.has(n));
    if (counts.length && counts.every((n) => params[n] === wanted)) return form;
  }
  return section[key];
}
