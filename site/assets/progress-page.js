// The progress page (/LANG/progress/): per lesson and per practice theme what is solved, the
// first-try rate and what is on the review list; the answers of the last 7 days; the themes to
// work on next. All from this device's own data (progress.js, replay.js).
import { words } from "./celebrate.js";
import * as progress from "./progress.js";
import * as replay from "./replay.js";

const lang = document.documentElement.lang;
const now = Date.now();
const { list } = replay.load(); // a list it cannot read is kept as it is, and the page says so
const puzzles = progress.load().puzzles;
const due = replay.due(list, now);
const MAX_NEXT = 3;
const GOOD_RATE = 0.8; // a theme at or above this first-try rate is not "to work on"

const dueLine = document.querySelector(".due-today");
dueLine.textContent = replay.dueSentence(due.length);

const percent = (part, whole) => (whole ? words("percent", { percent: Math.round((100 * part) / whole) }) : words("none"));
const onList = (test) => list.items.filter(test).length;
const candidates = []; // {name, href, review, rate}

for (const row of document.querySelectorAll(".lesson-table tr[data-lesson]")) {
  const ids = row.dataset.puzzles.split(" ").filter(Boolean);
  const solved = ids.filter((id) => puzzles[id]?.solved);
  const first = solved.filter((id) => puzzles[id].firstTry).length;
  const review = onList((x) => x.kind === "lesson" && x.lesson === row.dataset.lesson);
  row.querySelector(".solved").textContent = `${solved.length}/${ids.length}`;
  row.querySelector(".first").textContent = percent(first, solved.length);
  row.querySelector(".review").textContent = String(review);
  const link = row.querySelector("a");
  if (solved.length || review) {
    candidates.push({ name: link.textContent, href: link.href, review, rate: solved.length ? first / solved.length : 0 });
  }
}

for (const row of document.querySelectorAll(".theme-table tr[data-theme]")) {
  const theme = row.dataset.theme;
  const t = list.themes[theme] || { tried: 0, right: 0 };
  const review = onList((x) => x.kind === "drill" && x.theme === theme);
  row.querySelector(".tried").textContent = String(t.tried);
  row.querySelector(".first").textContent = percent(t.right, t.tried);
  row.querySelector(".review").textContent = String(review);
  const link = row.querySelector("a");
  if (t.tried || review) candidates.push({ name: link.textContent, href: link.href, review, rate: t.tried ? t.right / t.tried : 0 });
}

// to work on next: what is on the review list first, then the lowest first-try rates
const next = candidates
  .filter((c) => c.review > 0 || c.rate < GOOD_RATE)
  .sort((a, b) => b.review - a.review || a.rate - b.rate)
  .slice(0, MAX_NEXT);
const workOn = document.querySelector(".work-on");
for (const c of next) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = c.href;
  link.textContent = c.name;
  const why = c.review > 0 ? words("next_reason_review", { n: c.review }) : words("next_reason_rate", { percent: Math.round(100 * c.rate) });
  item.append(link, ` (${why})`);
  workOn.append(item);
}
document.querySelector(".work-on-none").hidden = next.length > 0;
workOn.hidden = next.length === 0;

const week = document.querySelector(".week tbody");
const most = Math.max(1, ...Object.values(list.days).map((d) => d.right + d.wrong));
for (let back = 6; back >= 0; back -= 1) {
  const start = replay.dayStart(now, -back);
  const tally = list.days[replay.dayKey(start)] || { right: 0, wrong: 0 };
  const row = document.createElement("tr");
  const day = document.createElement("th");
  day.scope = "row";
  day.textContent = new Date(start).toLocaleDateString(lang, { weekday: "short", day: "numeric", month: "numeric" });
  const right = document.createElement("td");
  right.className = "number";
  right.textContent = String(tally.right);
  const wrong = document.createElement("td");
  wrong.className = "number";
  wrong.textContent = String(tally.wrong);
  const bars = document.createElement("td");
  bars.setAttribute("aria-hidden", "true");
  for (const [field, cls] of [["right", "week-bar"], ["wrong", "week-bar wrong"]]) {
    const bar = document.createElement("span");
    bar.className = cls;
    bar.style.width = `${(2 * tally[field]) / most}rem`; // at most 2 + 2 rem
    bars.append(bar);
  }
  row.append(day, right, wrong, bars);
  week.append(row);
}
