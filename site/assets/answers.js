// Judging an answer by looking it up in the puzzle's answer table: data the engine computed for
// every answer the puzzle offers (engine/puzzles/base.py: Kind.answer_table), shipped with the
// lesson page by the build or sent by the worker with a drill or shared position. Exactly the
// steps of judge_with_table in engine/puzzles/base.py (a browser test keeps the two equal), chosen
// by how the table says answers are given (table.answer), never by the kind's name.
const NUMBER = /^-?[0-9]{1,6}$/;

// A typed number: optional minus (also "−"), at most six ASCII digits; anything else is null.
export function readNumber(text) {
  const clean = String(text).trim().replace("\u2212", "-");
  return NUMBER.test(clean) ? Number(clean) : null;
}

export function judgeWithTable(table, answer) {
  if (table.answer === "steps") {
    // a deal played step by step: {step, answer} is judged by that step's table
    const step = table.steps[answer.step];
    if (step === undefined) throw new Error(`no step ${answer.step}`);
    return judgeWithTable(step, answer.answer);
  }
  const entries = table.answers;
  if (table.answer === "number") {
    const number = readNumber(answer);
    if (number === null) return { verdict: "not-a-number" };
    if (number === table.number) return { verdict: "correct", number };
    const mistake = (table.mistakes || []).find((m) => m.number === number);
    return mistake ? { verdict: "wrong", number, mistake } : { verdict: "wrong", number };
  }
  if (table.answer === "cards") {
    const chosen = new Set(answer);
    const legal = Object.keys(entries).filter((card) => entries[card].verdict === "legal");
    const extra = [...chosen].filter((card) => !legal.includes(card)).sort();
    const missing = legal.filter((card) => !chosen.has(card)).sort();
    if (!extra.length && !missing.length) return { verdict: "correct" };
    const reasons = Object.fromEntries(extra.map((card) => [card, entries[card].reason]));
    return { verdict: "wrong", extra, missing, reasons };
  }
  const key = keyOf(table, answer);
  const entry = entries[key];
  if (entry === undefined) throw new Error(`not one of the answers: ${answer}`);
  return { ...entry };
}

// The key of an answer in its table: a card in capitals, a typed number as the number it reads as
// (null when it reads as none), a choice as it is.
function keyOf(table, answer) {
  if (table.answer === "number") {
    const number = readNumber(answer);
    return number === null ? null : String(number);
  }
  return table.answer === "card" ? String(answer).toUpperCase() : String(answer);
}

// Why a wrong answer is wrong, as present/ wrote it beside the table (present/explain.py: why_table,
// the section's data-why): the trees to mount (mount.js) for the answer judged by the same table, by
// its key (a typed number's recognised slip by its number, what to check for any other number by
// "other", a guided deal's step by {step, answer}); none where present/ explains nothing (an illegal
// answer, a set of cards to mark). Asked only for a wrong answer.
export function explanationFor(why, table, answer) {
  if (table.answer === "steps") {
    const steps = why.steps || [];
    return explanationFor(steps[answer.step] || {}, table.steps[answer.step], answer.answer);
  }
  if (table.answer === "cards") return [];
  const key = keyOf(table, answer);
  if (key !== null && Object.hasOwn(why, key)) return why[key].map((tree) => unshared(tree, why));
  return table.answer === "number" && key !== null && Object.hasOwn(why, "other") ? why.other : [];
}

// A line of play more than one answer shows is written once in data-why (present/explain.py:
// share_lines): {shared: "_line1"} stands for it.
function unshared(tree, why) {
  if (typeof tree !== "object" || tree === null) return tree;
  if (tree.shared !== undefined) {
    if (!Object.hasOwn(why, tree.shared)) throw new Error(`data-why has no ${tree.shared}`);
    return why[tree.shared];
  }
  return tree.children ? { ...tree, children: tree.children.map((child) => unshared(child, why)) } : tree;
}

// The verdict lines of an answer, as present/ wrote them beside the table (present/verdicts.py:
// verdict_table, the section's data-verdicts), for the answer judged by the same table (`result`,
// of judgeWithTable): a card or choice by its key, a typed number by the number it reads as (a
// number that is no recognised slip by "other": its sentence has a span.typed-number for the page
// to fill), a set of cards by what is extra and how many are missing (each card's rule once), a
// guided deal's step by {step, answer} (a step's lines by their number in said.lines, where each is
// written once). The lines are text or trees to mount (mount.js).
export function verdictLines(said, table, answer, result) {
  if (table.answer === "steps") {
    const step = said.steps[answer.step];
    if (step === undefined) throw new Error(`data-verdicts has no step ${answer.step}`);
    const lines = verdictLines(step, table.steps[answer.step], answer.answer, result);
    return typeof lines === "number" ? said.lines[lines] : lines;
  }
  if (table.answer === "cards") {
    const marks = said.marks;
    if (result.verdict === "correct") return marks.correct;
    const lines = [...marks.wrong, ...result.extra.map((card) => marks.extra[card])];
    if (result.missing.length) {
      lines.push(marks.missing[result.missing.length]);
      lines.push(...new Set(result.missing.map((card) => marks.rules[card]))); // each rule once
    }
    return lines;
  }
  const key = keyOf(table, answer);
  if (key !== null && Object.hasOwn(said.answers, key)) return said.answers[key];
  if (table.answer === "number" && key !== null && said.other) return said.other;
  throw new Error(`data-verdicts has no line for ${answer}`);
}
