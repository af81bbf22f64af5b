// The table-readiness test: 20 decisions drawn from the bank the engine valued at build time
// (lessons/readiness.json, checked by sitebuild/readiness.py). Each decision is a puzzle of the
// one layout in a <template>, with its answer table: an answer is judged by judgeWithTable (the
// engine's verdicts), its cost and the scale are the engine's figures in #readiness-data. No rule
// is decided here. Results stay on this device (huutopussi.readiness, docs/storage.md).
import { explanationFor, judgeWithTable, verdictLines } from "./answers.js";
import { el } from "./dom.js";
import { mount } from "./mount.js";
import { figure, format } from "./messages.js";
import { draw } from "./readiness-draw.js";
import { needsNotice, notice, StoredRecord } from "./store.js";

const data = JSON.parse(document.getElementById("readiness-data").textContent);
const words = JSON.parse(document.getElementById("readiness-words").textContent);
const bank = data.decisions;
const ids = Object.keys(bank);
const QUESTIONS = data.questions;
const KEEP = 50; // results kept on the device (the oldest go first)

function isResult(r) {
  return (
    r &&
    typeof r.at === "string" &&
    Array.isArray(r.ids) &&
    r.ids.every((id) => typeof id === "string") &&
    Number.isFinite(r.lost) &&
    Number.isInteger(r.total)
  );
}

function isCurrent(c) {
  return (
    c === null ||
    (c &&
      Array.isArray(c.ids) &&
      c.ids.every((id) => typeof id === "string") &&
      c.answers &&
      typeof c.answers === "object" &&
      !Array.isArray(c.answers))
  );
}

export const record = new StoredRecord("huutopussi.readiness", {
  version: 1,
  check: (v) =>
    !Array.isArray(v.results) || !v.results.every(isResult)
      ? "results: a list of {at, ids, lost, total}"
      : !isCurrent(v.current ?? null)
        ? "current: null or {ids, answers}"
        : null,
});

const report = record.read();
let saved = report.value || { version: 1, results: [], current: null };
if (needsNotice(report)) notice(report, words[report.state === "newer" ? "storage_newer" : "storage_damaged"]);

function save() {
  if (report.writable === false) return;
  record.write(saved);
}

const intro = document.getElementById("readiness-intro");
const stage = document.getElementById("readiness-stage");
const nextRow = document.querySelector(".readiness-next-row");
const next = document.getElementById("readiness-next");
const result = document.getElementById("readiness-result");

function fill(template, params) {
  return format(template, params);
}

// A message of the test's words (its "_one" form where the count it writes is 1: compiled so).
function say(key, params) {
  return fill(words[key], params);
}

let section = null;

function show(index) {
  const current = saved.current;
  const id = current.ids[index];
  const template = document.querySelector(`template[data-decision="${CSS.escape(id)}"]`);
  stage.replaceChildren(template.content.cloneNode(true));
  section = stage.querySelector("section.puzzle");
  section.querySelector(".puzzle-progress").textContent = fill(words.question, {
    n: index + 1,
    total: current.ids.length,
  });
  // the solution and hint buttons and "try again" are for lessons: an answer here is final
  section.querySelector(".puzzle-more")?.remove();
  const table = JSON.parse(section.dataset.answers);
  const why = JSON.parse(section.dataset.why); // why each answer is wrong, drawn by present/
  const said = JSON.parse(section.dataset.verdicts); // the lines of each verdict, written by present/
  const controls = [...section.querySelectorAll(".hand button.card, button.choice")];
  for (const control of controls) {
    control.disabled = false;
    control.addEventListener("click", () => answer(index, table, { why, said }, control, controls));
  }
  nextRow.hidden = true;
  intro.hidden = true;
  result.hidden = true;
  section.focus({ preventScroll: true });
  section.scrollIntoView({ block: "start" });
}

function answer(index, table, { why, said }, control, controls) {
  const id = saved.current.ids[index];
  const key = control.dataset.choice ?? control.dataset.card;
  const verdictOf = judgeWithTable(table, key);
  const feedback = section.querySelector(".feedback");
  feedback.tabIndex = -1;
  if (verdictOf.verdict === "illegal") {
    // present/ wrote the verdict's line, then the engine's reason
    const [verdictLine, reasonLine] = verdictLines(said, table, key, verdictOf);
    feedback.className = "feedback wrong";
    feedback.replaceChildren(
      el("p", "verdict wrong", verdictLine),
      el("p", "why", reasonLine),
      el("p", "why", words.not_counted),
    );
    return;
  }
  for (const c of controls) c.disabled = true;
  saved.current.answers[id] = key;
  save();
  const entry = bank[id];
  const right = key === entry.best;
  control.classList.add(right ? "right" : "wrong");
  // what the answer costs and the best option, as the build wrote them (sitebuild/readiness.py)
  const lines = [el("p", `verdict ${right ? "right" : "wrong"}`, entry.said[key])];
  if (!right) lines.push(el("p", "readiness-best", entry.best_said));
  if (entry.rule) {
    const rule = el("p", "readiness-rule", fill(words.rule, { rule: entry.rule.text }));
    rule.append(" ", fill(words.measured, { figures: entry.rule.measured }));
    rule.dataset.rule = entry.rule.name;
    lines.push(rule);
  }
  feedback.className = `feedback ${right ? "right" : "wrong"}`;
  feedback.replaceChildren(...lines, ...(right ? [] : explanationFor(why, table, key).map(mount)));
  section.querySelector(".solution-text").hidden = false; // every option's estimate
  const last = index + 1 >= saved.current.ids.length;
  next.textContent = last ? words.finish : words.next;
  next.dataset.index = String(index + 1);
  nextRow.hidden = false;
  feedback.focus({ preventScroll: true });
  feedback.scrollIntoView({ block: "nearest" });
}

function sumCosts(list, pickCost) {
  return Math.round(list.reduce((total, id) => total + pickCost(bank[id], id), 0) * 10) / 10;
}

function finish() {
  const current = saved.current;
  const answered = current.ids.filter((id) => bank[id] && current.answers[id] !== undefined);
  const lost = sumCosts(answered, (e, id) => e.costs[current.answers[id]]);
  const scale = {
    random: sumCosts(answered, (e) => e.random),
    easy: sumCosts(answered, (e) => e.costs[e.players.easy]),
    normal: sumCosts(answered, (e) => e.costs[e.players.normal]),
  };
  saved.results = [...saved.results, { at: new Date().toISOString(), ids: answered, lost, total: answered.length, scale }];
  saved.results = saved.results.slice(-KEEP);
  saved.current = null;
  save();
  stage.replaceChildren();
  nextRow.hidden = true;
  showResult(saved.results[saved.results.length - 1]);
  showPast();
}

function showResult(r) {
  result.hidden = false;
  document.getElementById("readiness-score").textContent = say("result", { lost: r.lost, total: r.total });
  const rows = [
    ["you", r.lost],
    ["random", r.scale.random],
    ["easy", r.scale.easy],
    ["normal", r.scale.normal],
  ].sort((a, b) => a[1] - b[1]);
  document.getElementById("readiness-scale").replaceChildren(
    ...rows.map(([who, points]) => {
      const row = el("tr", who === "you" ? "you" : "");
      row.dataset.who = who;
      const name = el("th", "", words[who]);
      name.scope = "row";
      row.append(name, el("td", "number", figure(points)));
      return row;
    }),
  );
  result.focus({ preventScroll: true });
  result.scrollIntoView({ block: "start" });
}

function showPast() {
  const list = document.getElementById("readiness-past");
  const dates = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "long" });
  list.replaceChildren(
    ...saved.results
      .slice()
      .reverse()
      .map((r) => {
        const when = dates.format(new Date(r.at));
        return el("li", "", say("past_row", { date: when, lost: r.lost, total: r.total }));
      }),
  );
  document.getElementById("readiness-past-none").hidden = saved.results.length > 0;
}

function start() {
  // a retake draws others; every group of decisions the bank holds is asked (readiness-draw.js)
  const groups = Object.fromEntries(ids.map((id) => [id, bank[id].group]));
  saved.current = { ids: draw(groups, saved.results, QUESTIONS), answers: {} };
  save();
  show(0);
}

function resume() {
  const current = saved.current;
  if (!current || !current.ids.length || !current.ids.every((id) => bank[id])) {
    saved.current = null;
    return;
  }
  const at = current.ids.findIndex((id) => current.answers[id] === undefined);
  const progress = document.getElementById("readiness-progress");
  progress.hidden = false;
  progress.textContent = fill(words.in_progress, { n: at < 0 ? current.ids.length : at + 1, total: current.ids.length });
  document.getElementById("readiness-start").textContent = words.continue;
}

document.getElementById("readiness-start").addEventListener("click", () => {
  const current = saved.current;
  if (current && current.ids.every((id) => bank[id])) {
    const at = current.ids.findIndex((id) => current.answers[id] === undefined);
    if (at < 0) finish();
    else show(at);
    return;
  }
  start();
});
document.getElementById("readiness-retake").addEventListener("click", start);
next.addEventListener("click", () => {
  const index = Number(next.dataset.index);
  if (index >= saved.current.ids.length) finish();
  else show(index);
});

resume();
showPast();
