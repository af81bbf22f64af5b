// The front page: each lesson's progress on the course map (a finished lesson with its stars, as
// the lesson player's closing screen gave them), and one button to continue where the learner
// left off (the last lesson opened, or the next unfinished one after it).
import { stars, words } from "./lesson-player.js";
import { keptText, ui } from "./messages.js";
import * as progress from "./progress.js";
import { lastLessonRecord } from "./lesson-player.js";
import { needsNotice, notice } from "./store.js";

const lessons = [...document.querySelectorAll(".course > li")];
const button = document.getElementById("continue");

// The last lesson opened (written by app.js when a lesson page opens); one that cannot be read is
// kept as it is, said on the page, and the course continues from the first unfinished lesson.
function lastLesson() {
  const report = lastLessonRecord.read();
  if (needsNotice(report)) notice(report, keptText(report, "last_lesson"));
  return report.value;
}

function unsolved(item) {
  return item.dataset.puzzles.split(" ").filter((id) => id && !progress.get(id)?.solved);
}

function show() {
  let started = false;
  const open = new Map();
  for (const item of lessons) {
    const ids = item.dataset.puzzles.split(" ").filter(Boolean);
    const left = unsolved(item);
    item.querySelector("progress").value = ids.length - left.length;
    const done = ids.length > 0 && left.length === 0;
    item.classList.toggle("done", done);
    const starLine = item.querySelector(".lesson-stars");
    starLine.hidden = !done;
    if (done) {
      const count = stars(ids.filter((id) => progress.get(id)?.firstTry).length, ids.length);
      starLine.textContent = "★".repeat(count) + "☆".repeat(3 - count);
      starLine.setAttribute("aria-label", words("stars", { stars: count }));
    }
    item.classList.remove("current");
    if (left.length < ids.length) started = true;
    open.set(item, left);
  }
  const last = lessons.findIndex((item) => item.dataset.lesson === lastLesson());
  const order = last < 0 ? lessons : [...lessons.slice(last), ...lessons.slice(0, last)];
  const next = order.find((item) => open.get(item).length > 0);
  if (!next) {
    button.hidden = true;
    return;
  }
  button.hidden = false;
  next.classList.add("current");
  const left = open.get(next);
  const all = next.dataset.puzzles.split(" ").filter(Boolean);
  const anchor = left.length < all.length ? `#puzzle-${left[0]}` : "";
  button.href = `lessons/${next.dataset.lesson}/${anchor}`;
  button.textContent = started || last >= 0 ? ui("continue_course", { title: next.dataset.title }) : button.dataset.start;
}

show();
document.addEventListener("progress-changed", show);
