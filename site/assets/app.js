// Page script of every page: progress, copy links, deep links, the offline copy. Lesson puzzles
// (puzzle.js) are judged from their answer tables, so a lesson page never starts the engine.
import { engineSettled } from "./engine-client.js";
import { format, ui } from "./messages.js";
import * as progress from "./progress.js";
import { Puzzle } from "./puzzle.js";

// -- progress and sharing ---------------------------------------------------------------------
const lessonSlug = document.querySelector("article.lesson")?.dataset.lesson;

function showPuzzleProgress(section) {
  const record = progress.get(lessonSlug, section.id.replace(/^puzzle-/, ""));
  const badge = section.querySelector(".puzzle-progress");
  if (!badge) return;
  badge.textContent = record?.solved ? ui(record.firstTry ? "solved_first_try" : "solved") : "";
}

function showLessonProgress() {
  for (const node of document.querySelectorAll("[data-progress-lesson]")) {
    const { solved, total } = progress.lessonSummary(node.dataset.progressLesson, Number(node.dataset.total));
    node.textContent = solved ? ui("progress", { solved, total }) : "";
  }
}

function bindProgress() {
  document.addEventListener("puzzle-result", (event) => {
    if (!lessonSlug) return;
    progress.record(lessonSlug, event.detail.id.replace(/^puzzle-/, ""), event.detail);
    showPuzzleProgress(event.target);
    showLessonProgress();
  });
  for (const button of document.querySelectorAll("button[data-reset]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const lesson = button.dataset.reset || null;
      if (!window.confirm(ui(lesson ? "confirm_reset_lesson" : "confirm_reset_all"))) return;
      progress.reset(lesson);
      for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
      showLessonProgress();
    });
  }
  for (const section of document.querySelectorAll("section.puzzle")) showPuzzleProgress(section);
  showLessonProgress();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function bindCopyLinks() {
  for (const button of document.querySelectorAll("button.copy-link")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const url = new URL(button.dataset.href, location.href).href;
      const status = button.parentElement.querySelector(".copy-status") || button.nextElementSibling;
      status.textContent = (await copyText(url)) ? ui("link_copied") : format(ui("link_manual"), { url });
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
  const section = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (section && document.activeElement !== section) section.focus();
}

for (const section of document.querySelectorAll("section.puzzle")) new Puzzle(section).enable();
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
