// Learner progress in localStorage: one record per puzzle ("slug/puzzle-id"), saved the moment a
// result happens. Anything unreadable (corrupt JSON, an old version, wrong types) counts as no
// progress and never breaks a page.
const KEY = "huutopussi.progress";
const VERSION = 1;

function blank() {
  return { version: VERSION, puzzles: {} };
}

function valid(record) {
  return (
    record && typeof record === "object" && typeof record.solved === "boolean" &&
    typeof record.firstTry === "boolean" && Number.isInteger(record.hints) && record.hints >= 0
  );
}

export function load() {
  let data;
  try {
    data = JSON.parse(localStorage.getItem(KEY));
  } catch {
    return blank();
  }
  if (!data || data.version !== VERSION || typeof data.puzzles !== "object" || data.puzzles === null) return blank();
  const clean = blank();
  for (const [key, record] of Object.entries(data.puzzles)) if (valid(record)) clean.puzzles[key] = record;
  return clean;
}

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage full or disabled: progress is a convenience, the lesson still works
  }
}

export function record(lesson, puzzleId, { outcome, attempts, hints }) {
  const data = load();
  const key = `${lesson}/${puzzleId}`;
  const old = data.puzzles[key] || { solved: false, firstTry: false, hints: 0, revealed: false };
  const revealed = old.revealed === true || outcome === "revealed";
  const next = { ...old, hints: Math.max(old.hints, hints), revealed };
  if (outcome === "solved") {
    next.firstTry = old.solved ? old.firstTry : attempts === 1 && hints === 0 && !revealed;
    next.solved = true;
  }
  data.puzzles[key] = next;
  save(data);
  return next;
}

export function lessonSummary(lesson, total) {
  const records = Object.entries(load().puzzles).filter(([key]) => key.startsWith(`${lesson}/`));
  return { solved: records.filter(([, r]) => r.solved).length, total };
}

export function get(lesson, puzzleId) {
  return load().puzzles[`${lesson}/${puzzleId}`];
}

export function reset(lesson) {
  const data = load();
  if (lesson) {
    for (const key of Object.keys(data.puzzles)) if (key.startsWith(`${lesson}/`)) delete data.puzzles[key];
  } else {
    data.puzzles = {};
  }
  save(data);
}
