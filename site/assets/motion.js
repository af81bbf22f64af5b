// The card a learner plays moves from the hand to its place in the trick (at once, without
// movement, when the reader prefers reduced motion). Only the look changes: the puzzle's verdict
// was already given.
import { catalog } from "./messages.js";

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Puts a picture of the button's card at "you" in the section's trick and returns its list item.
export function playToTrick(section, button) {
  const list = section.querySelector(".trick-cards.around");
  const from = button.querySelector(".face");
  if (!list || !from) return null;
  const card = document.createElement("span");
  card.className = button.classList.contains("red") ? "card red right" : "card right";
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", button.getAttribute("aria-label"));
  card.append(from.cloneNode(true));
  const item = document.createElement("li");
  item.className = "at-you played";
  const name = document.createElement("span");
  name.className = "seat-name";
  name.textContent = catalog.seats.you;
  item.append(name, " ", card);
  const start = from.getBoundingClientRect();
  list.append(item);
  list.classList.remove("empty");
  button.classList.add("played");
  section.querySelector(".trick-empty")?.setAttribute("hidden", "");
  if (!reducedMotion() && typeof item.animate === "function") {
    const face = card.querySelector(".face");
    const end = face.getBoundingClientRect();
    const dx = start.left - end.left;
    const dy = start.top - end.top;
    const scale = start.width / end.width;
    face.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, transformOrigin: "0 0" }, { transform: "none", transformOrigin: "0 0" }],
      { duration: 380, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
  return item;
}

// Takes the played card back into the hand.
export function takeBack(section) {
  for (const item of section.querySelectorAll(".trick-cards li.played")) {
    if (item.parentElement.children.length === 1) item.parentElement.classList.add("empty");
    item.remove();
  }
  for (const button of section.querySelectorAll("button.card.played")) button.classList.remove("played");
  section.querySelector(".trick-empty")?.removeAttribute("hidden");
}
