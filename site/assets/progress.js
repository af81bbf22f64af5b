// Learner progress in localStorage, one record per puzzle id, saved the moment a result happens.
//
// Version 2 keys records by puzzle id (ids are unique across lessons). Older data is migrated,
// never dropped (store.js; docs/storage.md): version 1 keyed records "lesson-slug/puzzle-id", and
// renamed or merged puzzles move through the rename map the build puts in every page
// (lessons/renamed.toml: old key -> puzzle id now, and the keys of removed puzzles). The data as
// it was before a migration is kept under KEY + ".v1". A record written by a newer version of
// the site, or one that cannot be read (corrupt JSON, wrong types), is kept exactly as it is and
// never written over: the page says so, and this visit's results count only while it is open.
import { keptText } from "./messages.js";
import { needsNotice, notice, StoredRecord } from "./store.js";

const KEY = "huutopussi.progress";
const VERSION = 2;

function renames() {
  try {
    const data = JSON.parse(document.getElementById("renamed")?.textContent || "{}");
    return { renamed: data.renamed || {}, removed: new Set(data.removed || []) };
  } catch {
    return { renamed: {}, removed: new Set() };
  }
}

// The puzzle id a saved record belongs to now (null: the puzzle was removed). The same steps as
// resolve_saved_key in sitebuild/lessons.py, which the build checks against every published key.
export function resolve(key, map = renames()) {
  for (let step = 0; step < 8; step += 1) {
    if (map.removed.has(key)) return null;
    if (Object.hasOwn(map.renamed, key)) key = map.renamed[key];
    else if (key.includes("/")) key = key.slice(key.lastIndexOf("/") + 1);
    else return key;
  }
  return key;
}

function blank() {
  return { version: VERSION, puzzles: {} };
}

function valid(record) {
  return (
    record && typeof record === "object" && typeof record.solved === "boolean" &&
    typeof record.firstTry === "boolean" && Number.isInteger(record.hints) && record.hints >= 0 &&
    (record.revealed === undefined || typeof record.revealed === "boolean")
  );
}

// What is wrong with a record of version 2 (null: nothing).
function check(data) {
  if (!data.puzzles || typeof data.puzzles !== "object" || Array.isArray(data.puzzles)) return "puzzles: not an object";
  const wrong = Object.entries(data.puzzles).find(([, record]) => !valid(record));
  return wrong ? `puzzles.${wrong[0]}: not a result` : null;
}

const store = new StoredRecord(KEY, {
  version: VERSION,
  check,
  migrations: { 1: (data) => ({ ...data, version: 2 }) }, // the keys are resolved below, in every version
});

// Two records of puzzles that became one: solved if either was, on the first try if either was.
function merge(a, b) {
  if (!a) return b;
  return {
    solved: a.solved || b.solved,
    firstTry: (a.solved && a.firstTry) || (b.solved && b.firstTry),
    hints: Math.max(a.hints, b.hints),
    revealed: a.revealed === true || b.revealed === true,
  };
}

let session = null; // this visit's results while the stored record is kept as it is (not writable)
let told = false;

function save(data) {
  if (!store.report?.writable) {
    session = data;
    return;
  }
  store.write(data); // a full or disabled storage: progress is a convenience, the lesson still works
}

export function load() {
  const report = store.read();
  if (needsNotice(report) && !told) {
    told = true;
    notice(report, keptText(report, "progress"));
  }
  if (!report.writable && session) return structuredClone(session);
  if (report.value === null) return blank();
  const map = renames();
  const clean = blank();
  let changed = false;
  for (const [key, record] of Object.entries(report.value.puzzles)) {
    const id = resolve(key, map);
    if (id !== key) changed = true;
    if (id !== null) clean.puzzles[id] = merge(clean.puzzles[id], record);
  }
  if (changed) save(clean);
  return clean;
}

// The last read of the stored progress (store.js's report), for tests and pages.
export function storageReport() {
  return store.report;
}

export function record(puzzleId, { outcome, attempts, hints }) {
  const data = load();
  const old = data.puzzles[puzzleId] || { solved: false, firstTry: false, hints: 0, revealed: false };
  const revealed = old.revealed === true || outcome === "revealed";
  const next = { ...old, hints: Math.max(old.hints, hints), revealed };
  if (outcome === "solved") {
    next.firstTry = old.solved ? old.firstTry : attempts === 1 && hints === 0 && !revealed;
    next.solved = true;
  }
  data.puzzles[puzzleId] = next;
  save(data);
  return next;
}

// How many of a lesson's puzzles are solved; the page lists the lesson's puzzle ids.
export function summary(puzzleIds) {
  const puzzles = load().puzzles;
  return { solved: puzzleIds.filter((id) => puzzles[id]?.solved).length, total: puzzleIds.length };
}

export function get(puzzleId) {
  return load().puzzles[puzzleId];
}

// Forget the results of these puzzles, or of every puzzle (null).
export function reset(puzzleIds) {
  const data = load();
  if (puzzleIds) {
    for (const id of puzzleIds) delete data.puzzles[id];
  } else {
    data.puzzles = {};
  }
  save(data);
}
