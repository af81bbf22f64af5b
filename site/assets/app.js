// Page script of every page: progress, copy links, deep links, the offline copy. Lesson puzzles
// (puzzle.js) are judged from their answer tables, so a lesson page never starts the engine.
import { engineSettled } from "./engine-client.js";
import { format, ui } from "./messages.js";
import * as progress from "./progress.js";
import { GuidedDeal } from "./guided.js";
import { Puzzle } from "./puzzle.js";

// -- progress and sharing ---------------------------------------------------------------------
// Progress is kept per puzzle id (progress.js); a lesson's count comes from the ids the page
// lists on its [data-progress-lesson] element.
const lessonSlug = document.querySelector("article.lesson")?.dataset.lesson;
const puzzleId = (section) => section.id.replace(/^puzzle-/, "");

function lessonIds(slug) {
  const node = document.querySelector(`[data-progress-lesson="${CSS.escape(slug)}"]`);
  return (node?.dataset.puzzles || "").split(" ").filter(Boolean);
}

const LAST_LESSON = "huutopussi.last-lesson"; // the front page's "continue where you left off"

function rememberLesson() {
  if (!lessonSlug) return;
  try {
    localStorage.setItem(LAST_LESSON, lessonSlug);
  } catch {
    // storage disabled: the front page then starts from the first unfinished lesson
  }
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
    progress.record(event.detail.id.replace(/^puzzle-/, ""), event.detail);
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
        status.textContent = format(ui("link_manual"), { url });
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
  if (section.dataset.kind === "deal") new GuidedDeal(section).enable();
  else new Puzzle(section).enable();
}
rememberLesson();
bindProgress();
bindCopyLinks();
keepHashOnLanguageSwitch();
openDeepLink();
window.addEventListener("hashchange", openDeepLink);
// After the first visit everything works offline: sw.js keeps what this page loaded and fetches
// the rest once (about 6 MB with the engine). It starts only once the page is loaded, any engine
// this page started has settled (its download keeps the whole connection) and the browser is
// idle; not at all on a connection that asks to save data or is very slow (a later visit will).
function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  const connection = navigator.connection;
  if (connection && (connection.saveData || /2g/.test(connection.effectiveType || ""))) return;
  const register = () => navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch(() => {});
  const whenIdle = (callback) =>
    "requestIdleCallback" in window ? requestIdleCallback(callback, { timeout: 5000 }) : setTimeout(callback, 1000);
  engineSettled().then(() => whenIdle(register));
}

if (document.readyState === "complete") registerOffline();
else window.addEventListener("load", registerOffline);
document.body.dataset.ready = "true";
