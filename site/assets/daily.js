// The front page's puzzle (#daily). A first visit plays lesson 1's first puzzle, which the build
// put in the page with its answer table (app.js enables it with the page: no engine, no fetch),
// then "continue the lesson". A returning learner gets the review of the day (replay.js): "N
// puzzles to review today", played here one after another; a lesson puzzle is taken from its own
// page (the build's markup and answer table), a drill is mounted from the tree the one renderer
// (present/) drew it as, kept with it; a drill kept without one in this page's language (kept
// before drills carried trees, or seen in the other language) is drawn anew by the engine (op
// "render") from the engine's answer as it was shown; a moment of a deal (a costly decision the
// deal review named) opens on the play page, at the table restored to it. With nothing to review,
// the next unsolved lesson puzzle. The best practice streak is in view. Everything stays on this
// device.
import { words } from "./celebrate.js";
import { el } from "./dom.js";
import { engine } from "./engine-client.js";
import { GuidedDeal } from "./guided.js";
import { ui } from "./messages.js";
import { mount as mountTree } from "./mount.js";
import * as progress from "./progress.js";
import { Puzzle } from "./puzzle.js";
import * as replay from "./replay.js";
import { bestStreak } from "./store.js";

const daily = document.getElementById("daily");
const holder = daily.querySelector(".daily-puzzle");
const title = document.getElementById("daily-title");
const note = daily.querySelector(".daily-note");
const continueLink = daily.querySelector(".daily-continue");
const nextButton = daily.querySelector(".daily-next");
const lessons = [...document.querySelectorAll(".course > li")].map((li) => ({
  slug: li.dataset.lesson,
  title: li.dataset.title,
  ids: li.dataset.puzzles.split(" ").filter(Boolean),
}));
let current = null; // {kind: "lesson", id, lesson} or a replay list drill item
let reviewing = false;
let answered = false; // the current puzzle's first result was counted
const done = new Set(); // the keys of review puzzles answered (or that failed to load) on this visit

function showStreak() {
  const line = daily.querySelector("[data-best-streak]");
  const value = bestStreak.read().value; // null when there is none or it cannot be read (kept as it is)
  const best = value === null ? 0 : Number(value);
  line.hidden = !(Number.isInteger(best) && best > 0);
  if (!line.hidden) line.textContent = ui("best_streak", { n: best });
}

function lessonOf(slug) {
  return lessons.find((l) => l.slug === slug);
}

// The lesson link after a lesson puzzle: the lesson at the puzzle after this one.
function offerContinue(item) {
  const lesson = lessonOf(item.lesson);
  if (!lesson) return;
  const after = lesson.ids[lesson.ids.indexOf(item.id) + 1];
  continueLink.href = `lessons/${lesson.slug}/${after ? `#puzzle-${after}` : ""}`;
  continueLink.hidden = false;
}

function mount(section) {
  holder.replaceChildren(section);
  if (section.classList.contains("guided-deal")) new GuidedDeal(section).enable(); // by its layout (present/puzzle.py), never its kind
  else new Puzzle(section).enable();
}

// A lesson puzzle from its own page (/LANG/p/ID/): the build's markup with its answer table; its
// links are made absolute (they were relative to that page).
async function fetchLessonPuzzle(id) {
  const url = new URL(`p/${encodeURIComponent(id)}/`, location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(String(response.status));
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const found = doc.getElementById(`puzzle-${id}`);
  if (!found || !found.matches("section.puzzle")) throw new Error("404");
  // a copy drawn before present/ wrote the lines of its verdicts (an older offline copy) cannot say them
  if (!found.hasAttribute("data-verdicts")) throw new Error("a copy without data-verdicts");
  const section = document.importNode(found, true);
  for (const a of section.querySelectorAll("a[href]")) a.href = new URL(a.getAttribute("href"), url).href;
  for (const b of section.querySelectorAll("[data-href]")) b.dataset.href = new URL(b.dataset.href, url).href;
  return section;
}

async function show(item) {
  current = item;
  answered = false;
  continueLink.hidden = true;
  nextButton.hidden = true;
  if (item.kind === "moment") {
    // played at the table (play.js opens it from the list by its id); the next one meanwhile
    const link = el("a", "button primary daily-moment", words("open_moment"));
    link.href = `play/#moment=${encodeURIComponent(item.id)}`;
    link.dataset.moment = item.id;
    const box = el("p", "daily-moment-line");
    box.append(link);
    holder.replaceChildren(box);
    note.textContent = words("from_deal");
    done.add(replay.itemKey(item)); // answered there: the next one here is one tap away
    if (reviewing && dueNow().length) nextButton.hidden = false;
    return;
  }
  if (item.kind === "drill") {
    const from = words("from_theme", { theme: ui(`theme_${item.theme.replace(/-/g, "_")}`) });
    // the tree kept with the drill, if it is in the page's language and carries why each answer is
    // wrong and the lines of its verdicts (data-why, data-verdicts: a drill kept before present/
    // drew them is drawn anew, as one in the other language is)
    const kept = item.drill.tree;
    const drawn = kept?.attrs?.["data-why"] !== undefined && kept?.attrs?.["data-verdicts"] !== undefined;
    const fits = item.drill.lang === document.documentElement.lang && drawn;
    let tree = fits ? kept : null;
    if (!tree) {
      holder.replaceChildren();
      note.textContent = ui("practice_loading");
      try {
        const { puzzle, view, solution, table } = item.drill;
        const answer = await engine().request("render", { drill: { puzzle, view, solution, table } });
        if (!answer.ok) throw new Error(answer.error.code);
        tree = answer.tree;
      } catch {
        if (current !== item) return;
        note.textContent = words("load_failed_plain");
        done.add(replay.itemKey(item));
        if (reviewing) offerNextReview();
        return;
      }
      if (current !== item) return; // another puzzle was asked for meanwhile
    }
    const section = mountTree(tree);
    section.dataset.theme = item.theme;
    mount(section);
    note.textContent = from;
    return;
  }
  const lesson = lessonOf(item.lesson);
  note.textContent = lesson ? words("from_lesson", { title: lesson.title }) : "";
  if (holder.querySelector(`section.puzzle[id="puzzle-${CSS.escape(item.id)}"]`)) return; // already here
  try {
    mount(await fetchLessonPuzzle(item.id));
  } catch (error) {
    // an HTTP status is named; a network or parse failure (a browser's own words) is not
    const status = /^\d{3}$/.test(error.message) ? error.message : null;
    note.textContent = status ? words("load_failed", { status }) : words("load_failed_plain");
    holder.replaceChildren();
    done.add(replay.itemKey(item));
    if (reviewing) offerNextReview();
  }
}

function dueNow() {
  return replay.due(replay.load(undefined, false).list, Date.now()).filter((x) => !done.has(replay.itemKey(x)));
}

function offerNextReview() {
  const left = dueNow();
  title.textContent = replay.dueSentence(left.length);
  if (left.length) nextButton.hidden = false;
  else note.textContent = words("review_done");
}

function record(detail) {
  const item = current;
  if (!item) return;
  if (item.kind === "lesson") {
    progress.record(item.id, detail);
    document.dispatchEvent(new CustomEvent("progress-changed"));
  }
  const right = replay.rightOrWrong(detail);
  if (right !== null) replay.update((list) => replay.answer(list, item, right, Date.now()));
  const first = !answered;
  answered = true;
  done.add(replay.itemKey(item));
  if (reviewing && first) offerNextReview();
  if (item.kind === "lesson" && detail.outcome === "solved") offerContinue(item);
}

// Every lesson solved and nothing to review: a drill of the practice theme with the lowest
// first-try rate, from the bank the engine prepared at build time (the practice page's JSON,
// parsed as data: nothing of it is inserted as HTML). It is played like any drill here.
async function playDrill(list) {
  const response = await fetch(new URL("practice/", location.href));
  if (!response.ok) throw new Error(String(response.status));
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const bank = JSON.parse(doc.getElementById("drill-bank").textContent);
  const rate = (theme) => {
    const t = list.themes[theme];
    return t && t.tried ? t.right / t.tried : 0;
  };
  const themes = Object.keys(bank).filter((theme) => bank[theme].length);
  const theme = themes.sort((a, b) => rate(a) - rate(b))[0];
  const drill = bank[theme][Math.floor(Math.random() * bank[theme].length)];
  await show({ kind: "drill", theme, seed: drill.seed, drill });
  note.textContent = `${words("all_done")} ${note.textContent}`;
}

// The next unsolved lesson puzzle (null: every one is solved).
function nextUnsolved() {
  for (const lesson of lessons) {
    const id = lesson.ids.find((x) => !progress.get(x)?.solved);
    if (id) return { kind: "lesson", id, lesson: lesson.slug };
  }
  return null;
}

function start() {
  const { list } = replay.load(); // a list it cannot read is kept as it is, and the page says so
  showStreak();
  const due = replay.due(list, Date.now());
  const returning = Object.keys(progress.load().puzzles).length > 0 || list.items.length > 0;
  daily.addEventListener("puzzle-result", (event) => record(event.detail));
  nextButton.addEventListener("click", async () => {
    const [item] = dueNow();
    if (!item) return;
    await show(item);
    holder.querySelector("section.puzzle")?.focus();
  });
  if (due.length) {
    document.querySelector(".hero.compact")?.classList.add("returning");
    reviewing = true;
    title.textContent = replay.dueSentence(due.length);
    show(due[0]);
    return;
  }
  const server = lessons[0] && { kind: "lesson", id: lessons[0].ids[0], lesson: lessons[0].slug };
  if (!returning) {
    current = server; // the page's own puzzle, already playable
    return;
  }
  // a returning learner knows the site: the puzzle moves up (the title stays for screen readers)
  document.querySelector(".hero.compact")?.classList.add("returning");
  const next = nextUnsolved();
  if (!next) {
    title.textContent = replay.dueSentence(0);
    holder.replaceChildren();
    playDrill(list).catch(() => (note.textContent = words("all_done")));
    return;
  }
  title.textContent = words("next_puzzle");
  show(next);
}

start();
