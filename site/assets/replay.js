// The replay list: every lesson puzzle or drill answered wrong comes back on later days, kept on
// this device only (localStorage). Format and key: docs/storage.md.
//
// The schedule is pure (the functions take the list and the time, return a new list): a wrong
// answer puts the puzzle on the list for the next day; each right answer when it is due moves it
// on by the next gap (1, 3, 7 days); two right answers in a row take it off the list. A wrong
// answer on the list brings it back the next day and starts the count of right answers again (the
// gap it had reached stays, so a puzzle that keeps coming back waits longer). A right answer given
// before the puzzle is due (the learner redoing a lesson) does not count.
//
// Storage: a versioned record of store.js (older versions migrated, newer or damaged ones kept as
// they are and never written over). Version 2 adds the moments of a deal played on the play page
// (kind "moment": the review's costly decision, played again there); a page of version 1 cannot
// show one, so it finds a version-2 list newer than it reads and keeps it as it is, never writing
// over it (store.js); a version-1 list is the same list in version 2. Lesson puzzle ids move through the rename map every page
// carries (a renamed puzzle keeps its place on the list, a removed one leaves it).
import { catalog, format, keptText } from "./messages.js";
import { resolve } from "./progress.js";
import { needsNotice, notice, StoredRecord } from "./store.js";

export const KEY = "huutopussi.replay";
export const VERSION = 2;
export const CAP = 60; // entries; past it the ones missed longest ago leave first
export const GAPS = [1, 3, 7]; // days
export const RIGHT_TO_LEAVE = 2;
const HISTORY_DAYS = 28; // the daily tallies kept for the progress page

// Local midnight of the day ``days`` after the day of ``now`` (ms): a puzzle due "in 1 day" is
// due from the start of tomorrow, whatever the hour it was missed.
export function dayStart(now, days = 0) {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

// "2026-12-06" of the local day of ``now``.
export function dayKey(now) {
  const d = new Date(now);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function blank() {
  return { version: VERSION, items: [], days: {}, themes: {} };
}

// The key of a puzzle on the list: a lesson puzzle by its id, a drill by its theme and seed, a
// moment of a deal by its id (momentId).
export function itemKey(item) {
  if (item.kind === "drill") return `drill:${item.theme}:${item.seed}`;
  return item.kind === "moment" ? `moment:${item.id}` : `lesson:${item.id}`;
}

// A moment's id: its decision's number in the deal and a hash of the deal's record (FNV-1a), so
// that the same moment of the same deal is one entry however often it is missed.
export function momentId(record, number) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < record.length; i += 1) {
    hash ^= record.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}-${number}`;
}

// A moment of a deal as a replay entry: the deal's record (every hand: the deal is over and was
// reviewed), the decision's number and kind, its trick (null before trick play).
export const momentItem = (record, number, decision, trick) => ({ kind: "moment", id: momentId(record, number), record, number, decision, trick: trick ?? null });

function tally(list, now, field) {
  const day = dayKey(now);
  const days = { ...list.days, [day]: { right: 0, wrong: 0, ...list.days[day] } };
  days[day][field] += 1;
  const oldest = dayKey(dayStart(now, -HISTORY_DAYS));
  for (const key of Object.keys(days)) if (key < oldest) delete days[key];
  return days;
}

// The list after an answer to ``item`` ({kind: "lesson", id, lesson} or {kind: "drill", theme,
// seed, drill}) at time ``now``: ``right`` true for a right first answer, false for a wrong one.
export function answer(list, item, right, now) {
  const key = itemKey(item);
  const items = list.items.filter((x) => itemKey(x) !== key);
  const old = list.items.find((x) => itemKey(x) === key);
  const days = tally(list, now, right ? "right" : "wrong");
  if (right) {
    if (!old || old.due > now) return { ...list, items: list.items, days };
    const streak = old.right + 1;
    if (streak >= RIGHT_TO_LEAVE) return { ...list, items, days };
    const gap = Math.min(old.gap + 1, GAPS.length - 1);
    return { ...list, items: [...items, { ...old, right: streak, gap, due: dayStart(now, GAPS[gap]) }], days };
  }
  const entry = {
    ...(old || item),
    ...item,
    missed: now,
    right: 0,
    gap: old ? old.gap : 0,
    due: dayStart(now, GAPS[0]),
  };
  const kept = [...items, entry].sort((a, b) => a.missed - b.missed).slice(-CAP);
  return { ...list, items: kept, days };
}

// What was answered in a practice theme: tried, right on the first try.
export function themeResult(list, theme, right) {
  const old = list.themes[theme] || { tried: 0, right: 0 };
  return { ...list, themes: { ...list.themes, [theme]: { tried: old.tried + 1, right: old.right + (right ? 1 : 0) } } };
}

// The puzzles due at ``now``, the longest-waiting first.
export function due(list, now) {
  return list.items.filter((x) => x.due <= now).sort((a, b) => a.due - b.due || a.missed - b.missed);
}

// "Nothing to review today." / "1 puzzle to review today." / "5 puzzles to review today." (each
// language's own sentence for none, one and more: Finnish puts the noun in the partitive after 2+).
export function dueSentence(n) {
  const key = n === 0 ? "due_0" : n === 1 ? "due_n_one" : "due_n";
  return format(catalog.review[key], { n });
}

// -- storage (store.js: a newer or damaged list is never written over) --------------------------
function checkItem(x) {
  if (!x || typeof x !== "object") return "an entry is not an object";
  if (!["missed", "due", "right", "gap"].every((f) => Number.isFinite(x[f]))) return "an entry lacks its times";
  if (!Number.isInteger(x.gap) || x.gap < 0 || x.gap >= GAPS.length || x.right < 0) return "an entry's gap is out of range";
  if (x.kind === "lesson") return typeof x.id === "string" && typeof x.lesson === "string" ? null : "a lesson entry lacks its id";
  if (x.kind === "drill") {
    const ok = typeof x.theme === "string" && Number.isInteger(x.seed) && x.drill && typeof x.drill === "object";
    return ok ? null : "a drill entry lacks its theme, seed or drill";
  }
  if (x.kind === "moment") {
    const ok = typeof x.id === "string" && typeof x.record === "string" && Number.isInteger(x.number) && x.number > 0 && typeof x.decision === "string";
    return ok && (x.trick === null || Number.isInteger(x.trick)) ? null : "a moment entry lacks its record, number or kind";
  }
  return `an entry of unknown kind ${JSON.stringify(x.kind)}`;
}

// Version 1 -> 2: the same entries (version 2 only adds the kind "moment").
export const migrate = (v1) => ({ ...v1, version: 2 });

export function check(data) {
  if (!Array.isArray(data.items)) return "items: not a list";
  for (const x of data.items) {
    const wrong = checkItem(x);
    if (wrong) return wrong;
  }
  if (!data.days || typeof data.days !== "object" || Array.isArray(data.days)) return "days: not an object";
  for (const [day, t] of Object.entries(data.days)) {
    if (!/^\d{4}-\d\d-\d\d$/.test(day) || !Number.isInteger(t?.right) || !Number.isInteger(t?.wrong)) return `days.${day}: wrong`;
  }
  if (!data.themes || typeof data.themes !== "object" || Array.isArray(data.themes)) return "themes: not an object";
  for (const [theme, t] of Object.entries(data.themes)) {
    if (!Number.isInteger(t?.tried) || !Number.isInteger(t?.right)) return `themes.${theme}: wrong`;
  }
  return null;
}

function stored() {
  return new StoredRecord(KEY, { version: VERSION, migrations: { 1: migrate }, check });
}

// The list with its lesson puzzles moved through the rename map every page carries (a renamed
// puzzle keeps its place, one the map says was removed leaves the list).
function renamed(data, map) {
  const items = [];
  for (const x of data.items) {
    if (x.kind !== "lesson") items.push(x);
    else {
      const id = resolve(x.id, map);
      if (id !== null) items.push({ ...x, id });
    }
  }
  return { ...blank(), ...data, items };
}

// {list, kept, writable}: ``kept`` when a newer or damaged list stays as it is under KEY (never
// written over; store.js set a copy aside and the page says so: ``say``).
export function load(map, say = true) {
  const record = stored();
  const report = record.read();
  if (needsNotice(report)) {
    if (say) notice(report, keptText(report, "replay"));
    return { list: blank(), kept: true, writable: false };
  }
  return { list: report.value ? renamed(report.value, map) : blank(), kept: false, writable: report.writable };
}

// Load, change, save: ``change`` gets the list and returns the new one (nothing is saved over a
// list this version cannot read).
export function update(change) {
  const record = stored();
  const report = record.read();
  if (!report.writable) return null;
  const next = change(report.value ? renamed(report.value) : blank());
  record.write(next);
  return next;
}

// A puzzle's result (the puzzle-result event's detail) as a replay answer: a wrong answer or a
// peek at the solution puts it on the list; a solve counts as right only with no wrong answer,
// hint or peek before it. Returns null for results that change nothing.
export function rightOrWrong(detail) {
  if (detail.outcome === "wrong" || detail.outcome === "revealed") return false;
  if (detail.outcome === "solved") return detail.attempts === 1 && detail.hints === 0 ? true : null;
  return null;
}
