// A short celebration: a line of words and a burst of suit marks that rise and fade (CSS, off
// under prefers-reduced-motion: then only the words show, still and briefly). No sound. For
// finishing a lesson (lesson-player.js), a practice streak of 5, 10 or 25 (practice.js fires a
// "streak-change" event on the document, detail {streak, reason: "right"}; practice.html loads
// this module) and the first whole deal played on the play page (play.js calls firstDeal).
import { catalog, format } from "./messages.js";

export const STREAK_MARKS = [5, 10, 25];
const FIRST_DEAL = "huutopussi.first-deal"; // "played" once a whole deal was played on this device
const SUITS = ["S", "H", "C", "D"];
const SHOWN_MS = 2600;

export function words(key, params) {
  return format(catalog.review[key], params);
}

// Shows the celebration with ``text``; returns its element (it removes itself).
export function celebrate(text) {
  document.querySelector(".celebration")?.remove();
  const box = document.createElement("div");
  box.className = "celebration";
  box.setAttribute("role", "status");
  const line = document.createElement("p");
  line.className = "celebration-text";
  line.textContent = text;
  const burst = document.createElement("div");
  burst.className = "celebration-burst";
  burst.setAttribute("aria-hidden", "true");
  for (let i = 0; i < 12; i += 1) {
    const mark = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    mark.setAttribute("viewBox", "0 0 100 100");
    mark.setAttribute("class", `celebration-mark${i % 2 ? " red" : ""}`);
    mark.style.setProperty("--i", String(i));
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `#s-${SUITS[i % 4]}`);
    mark.append(use);
    burst.append(mark);
  }
  box.append(burst, line);
  document.body.append(box);
  setTimeout(() => box.remove(), SHOWN_MS);
  return box;
}

export function lessonFinished() {
  return celebrate(words("celebrate_lesson"));
}

// The practice streak grew to ``n``: a celebration at 5, 10 and 25.
export function streakReached(n) {
  return STREAK_MARKS.includes(n) ? celebrate(words("celebrate_streak", { n })) : null;
}

document.addEventListener("streak-change", (event) => {
  if (event.detail?.reason === "right") streakReached(event.detail.streak);
});

// A whole deal was played to its end: a celebration the first time on this device.
export function firstDeal() {
  try {
    if (localStorage.getItem(FIRST_DEAL) !== null) return null;
    localStorage.setItem(FIRST_DEAL, "played");
  } catch {
    return null; // no storage: no way to know it is the first
  }
  return celebrate(words("celebrate_first_deal"));
}
