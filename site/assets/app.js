// Page script of every page: progress, copy links, deep links, the offline copy. Lesson puzzles
// (puzzle.js) are judged from their answer tables, so a lesson page never starts the engine.
import { engineSettled, engineStarted } from "./engine-client.js";
import { keptText, ui } from "./messages.js";
import * as progress from "./progress.js";
import { GuidedDeal } from "./guided.js";
import { lastLessonRecord, LessonPlayer, words } from "./lesson-player.js";
import { Puzzle } from "./puzzle.js";
import * as replay from "./replay.js";
import { needsNotice, notice } from "./store.js";

// -- progress and sharing ---------------------------------------------------------------------
// Progress is kept per puzzle id (progress.js); a lesson's count comes from the ids the page
// lists on its [data-progress-lesson] element.
const lessonSlug = document.querySelector("article.lesson")?.dataset.lesson;
const puzzleId = (section) => section.id.replace(/^puzzle-/, "");

function lessonIds(slug) {
  const node = document.querySelector(`[data-progress-lesson="${CSS.escape(slug)}"]`);
  return (node?.dataset.puzzles || "").split(" ").filter(Boolean);
}

// The front page's "continue where you left off" (docs/storage.md). A stored value that cannot be
// read is kept as it is (the front page says so); a full or disabled storage: the front page then
// starts from the first unfinished lesson.
function rememberLesson() {
  if (!lessonSlug) return;
  const report = lastLessonRecord.read();
  if (needsNotice(report)) notice(report, keptText(report, "last_lesson"));
  else lastLessonRecord.write(lessonSlug);
}

// A reset button shows only when there is something to reset.
function showResetButtons() {
  for (const button of document.querySelectorAll("button[data-reset]")) {
    const lessons = button.dataset.reset
      ? [button.dataset.reset]
      : [...document.querySelectorAll("[data-progress-lesson]")].map((n) => n.dataset.progressLesson);
    button.hidden = !lessons.some((slug) => progress.summary(lessonIds(slug)).solved > 0);
  }
}

function showPuzzleProgress(section) {
  const record = progress.get(puzzleId(section));
  const badge = section.querySelector(".puzzle-progress");
  if (!badge) return;
  badge.textContent = record?.solved ? ui(record.firstTry ? "solved_first_try" : "solved") : "";
}

function showLessonProgress() {
  for (const node of document.querySelectorAll("[data-progress-lesson]")) {
    const { solved, total } = progress.summary(lessonIds(node.dataset.progressLesson));
    node.textContent = solved ? ui("progress", { solved, total }) : "";
  }
}

function progressChanged() {
  showLessonProgress();
  showResetButtons();
  document.dispatchEvent(new CustomEvent("progress-changed"));
}

function bindProgress() {
  document.addEventListener("puzzle-result", (event) => {
    if (!lessonSlug) return;
    const id = event.detail.id.replace(/^puzzle-/, "");
    progress.record(id, event.detail);
    // a wrong answer puts the puzzle on the replay list (replay.js); a right one moves it on
    const right = replay.rightOrWrong(event.detail);
    if (right !== null) replay.update((list) => replay.answer(list, { kind: "lesson", id, lesson: lessonSlug }, right, Date.now()));
    showPuzzleProgress(event.target);
    progressChanged();
  });
  for (const button of document.querySelectorAll("button[data-reset]")) {
    button.addEventListener("click", () => {
      const lesson = button.dataset.reset || null;
      if (!window.confirm(ui(lesson ? "confirm_reset_lesson" : "confirm_reset_all"))) return;
      progress.reset(lesson ? lessonIds(lesson) : null);
      for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
      progressChanged();
    });
  }
  for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
  showLessonProgress();
  showResetButtons();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// "Copy link" copies the address of the puzzle's own page (or of the lesson); "Link copied."
// goes away after a moment, the address to copy by hand (when the clipboard refuses) stays.
function bindCopyLinks() {
  for (const button of document.querySelectorAll("button.copy-link")) {
    button.hidden = false;
    let timer;
    button.addEventListener("click", async () => {
      const url = new URL(button.dataset.href, location.href.split("#")[0]).href;
      const status = button.parentElement.querySelector(".copy-status") || button.nextElementSibling;
      clearTimeout(timer);
      if (await copyText(url)) {
        status.textContent = ui("link_copied");
        timer = setTimeout(() => (status.textContent = ""), 4000);
      } else {
        status.textContent = ui("link_manual", { url });
      }
    });
  }
}

function keepHashOnLanguageSwitch() {
  for (const link of document.querySelectorAll("a[data-keep-hash]")) {
    const base = link.getAttribute("href").split("#")[0];
    const update = () => link.setAttribute("href", base + location.hash);
    update();
    window.addEventListener("hashchange", update);
    document.addEventListener("lesson-step", update); // the lesson player keeps its step in the address
  }
}

// A puzzle section is focusable (tabindex=-1), so the browser's own fragment navigation focuses
// it; after a later hash change (a link inside the page) focus follows too.
function openDeepLink() {
  if (!location.hash.startsWith("#puzzle-")) return;
  let id = location.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed link (#puzzle-%): look the text up as it is; it names no puzzle, and the page works
  }
  const section = document.getElementById(id);
  if (section && document.activeElement !== section) section.focus();
}

for (const section of document.querySelectorAll("section.puzzle")) {
  if (section.classList.contains("guided-deal")) new GuidedDeal(section).enable(); // by its layout (present/puzzle.py), never its kind
  else new Puzzle(section).enable();
}
const lessonArticle = document.querySelector("article.lesson");
if (lessonArticle && lessonArticle.querySelectorAll(":scope > .lesson-step").length > 1) {
  new LessonPlayer(lessonArticle).start();
}
rememberLesson();
bindProgress();
bindCopyLinks();
keepHashOnLanguageSwitch();
openDeepLink();
window.addEventListener("hashchange", openDeepLink);
// The offline copy (sw.js). After a first visit the lessons work offline: the worker keeps them,
// the files this page used and, when this page started the engine, the engine too. Otherwise the
// engine (Pyodide and the wheel, several megabytes) is kept only when the learner presses "keep
// the engine offline". It starts only once the page is loaded, any engine this page started has
// settled (its download keeps the whole connection) and the browser is idle; not at all on a
// connection that asks to save data or is very slow (a later visit will). The end of the page
// says what is available offline.
function savingData() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /2g/.test(connection.effectiveType || "")));
}

function offlineLine() {
  let box = document.querySelector(".offline-status");
  if (!box) {
    box = document.createElement("aside");
    box.className = "offline-status";
    box.setAttribute("aria-label", words("offline_lessons"));
    const text = document.createElement("p");
    text.setAttribute("role", "status");
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "keep-engine";
    keep.hidden = true;
    box.append(text, keep);
    document.getElementById("main").append(box);
  }
  return box;
}

function ask(worker, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

function showOffline(state) {
  const box = offlineLine();
  const [text, keep] = box.children;
  if (state.saveData) {
    text.textContent = words("offline_save_data");
    keep.hidden = true;
    return;
  }
  const lines = [words("offline_lessons")];
  if (state.engine) lines[0] = words("offline_engine");
  else lines.push(state.failed ? words("offline_failed") : words("offline_engine_missing"));
  text.textContent = lines.join(" ");
  keep.hidden = state.engine || state.engineFiles === 0 || state.busy;
  const megabytes = (state.engineBytes / 1e6).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 0 });
  keep.textContent = words("offline_make", { size: megabytes });
}

function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  if (savingData()) {
    showOffline({ saveData: true });
    return;
  }
  const register = async () => {
    try {
      await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
      const { active } = await navigator.serviceWorker.ready;
      // what this page loaded before the worker was there: kept from the browser's cache
      const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
      let state = await ask(active, { type: "used", urls, engine: engineStarted() });
      showOffline(state);
      const keep = offlineLine().querySelector(".keep-engine");
      keep.onclick = async () => {
        keep.hidden = true;
        offlineLine().firstChild.textContent = words("offline_loading");
        state = await ask(active, { type: "keep-engine" });
        showOffline(state);
      };
    } catch {
      // no offline copy (private mode, storage full): the site works online as it is
    }
  };
  const whenIdle = (callback) =>
    "requestIdleCallback" in window ? requestIdleCallback(callback, { timeout: 5000 }) : setTimeout(callback, 1000);
  engineSettled().then(() => whenIdle(register));
}

if (document.readyState === "complete") registerOffline();
else window.addEventListener("load", registerOffline);
document.body.dataset.ready = "true";
