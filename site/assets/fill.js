// The site's words on the page: catalog entries as the build compiled them (present/text.py:
// compiled), so that the page fills in values without knowing the language. A text without values
// is as it stands; a compiled entry is its parts (literals and values), or {forms} when the count
// it writes decides its form ("1 päivä", "2 päivää"): the first form whose `when` matches. A value
// is capitalised where the build marked it (cap: true; "start": unless it is set inside another
// sentence, {fragment: true}); a number is written with the catalog's decimal mark and a true
// minus sign (U+2212); a suit letter in a case by the catalog's suits.

export function number(value, catalog, { plus = false } = {}) {
  if (typeof value !== "number") return String(value);
  const size = Math.abs(value);
  const text = Number.isInteger(size) ? String(size) : size.toFixed(1).replace(".", catalog.decimal);
  if (value < 0) return `\u2212${text}`;
  return plus && value > 0 ? `+${text}` : text;
}

function value(part, params, catalog, fragment) {
  if (!Object.hasOwn(params, part.v)) throw new Error(`no value for {${part.v}}`);
  let text = number(params[part.v], catalog);
  if (part.case) {
    if (!Object.hasOwn(catalog.suits, text)) throw new Error(`{${part.v}.${part.case}}: ${text} is not a suit`);
    text = catalog.suits[text][part.case];
  }
  const capital = part.cap === true || (part.cap === "start" && !fragment);
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

export function fill(entry, params, catalog, { fragment = false } = {}) {
  if (typeof entry === "string") return entry;
  const parts = Array.isArray(entry)
    ? entry
    : entry.forms.find((form) => !form.when || Object.entries(form.when).every(([name, count]) => params[name] === count)).parts;
  return parts.map((part) => (typeof part === "string" ? part : value(part, params, catalog, fragment))).join("");
}
