// Learner progress in localStorage, one record per puzzle id, saved the moment a result happens.
//
// Version 2 keys records by puzzle id (ids are unique across lessons). Older data is migrated,
// never dropped: version 1 keyed records "lesson-slug/puzzle-id", and renamed or merged puzzles
// move through the rename map the build puts in every page (lessons/renamed.toml: old key ->
// puzzle id now, and the keys of removed puzzles). The data as it was before a migration is kept
// under KEY + ".v1". Anything unreadable (corrupt JSON, wrong types) counts as no progress and
// never breaks a page.
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
    typeof record.firstTry === "boolean" && Number.isInteger(record.hints) && record.hints >= 0
  );
}

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

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage full or disabled: progress is a convenience, the lesson still works
  }
}

export function load() {
  let raw;
  let data;
  try {
    raw = localStorage.getItem(KEY);
    data = JSON.parse(raw);
  } catch {
    return blank();
  }
  if (!data || typeof data.puzzles !== "object" || data.puzzles === null) return blank();
  if (data.version !== 1 && data.version !== VERSION) return blank();
  const map = renames();
  const clean = blank();
  let changed = data.version !== VERSION;
  for (const [key, record] of Object.entries(data.puzzles)) {
    if (!valid(record)) continue;
    const id = resolve(key, map);
    if (id !== key) changed = true;
    if (id !== null) clean.puzzles[id] = merge(clean.puzzles[id], record);
  }
  if (changed) {
    try {
      if (data.version !== VERSION && localStorage.getItem(`${KEY}.v${data.version}`) === null) {
        localStorage.setItem(`${KEY}.v${data.version}`, raw);
      }
    } catch {
      // a failed backup does not stop the migration
    }
    save(clean);
  }
  return clean;
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
