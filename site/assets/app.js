// Page script of every page: progress, copy links, deep links, the offline copy. Lesson puzzles
// (puzzle.js) are judged from their answer tables, so a lesson page never starts the engine.
import { format, ui } from "./messages.js";
import * as progress from "./progress.js";
import { GuidedDeal } from "./guided.js";
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

for (const section of document.querySelectorAll("section.puzzle")) {
  if (section.dataset.kind === "deal") new GuidedDeal(section).enable();
  else new Puzzle(section).enable();
}
bindProgress();
bindCopyLinks();
keepHashOnLanguageSwitch();
openDeepLink();
window.addEventListener("hashchange", openDeepLink);
// After the first visit everything works offline (sw.js precaches the site). It is registered
// only once the page is ready and a moment has passed, so that it never competes with the first load.
function registerOffline() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch(() => {});
  setTimeout(register, 3000); // let a slow first visit finish before the offline copy downloads
}

if (document.readyState === "complete") registerOffline();
else window.addEventListener("load", registerOffline);
document.body.dataset.ready = "true";
