// A card as the page draws it where the engine answers live (the play table, the deal review's
// hands and tricks): a picture of its face from the page's card sprite (#c-HK), named by its
// spoken name; the same markup as card_span and card_button of present/cards.py (a browser test
// compares them). Puzzles and the lines of play after a wrong answer are drawn by present/ (mount.js).
import { cardFace, spokenName } from "./messages.js";
import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

function faceOf(code) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "face");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#c-${code}`);
  svg.append(use);
  return svg;
}

export function cardSpan(code) {
  const span = el("span", cardFace(code).red ? "card red" : "card");
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", spokenName(code));
  span.append(faceOf(code));
  return span;
}

export function cardButton(code, toggle) {
  const button = el("button", cardFace(code).red ? "card red" : "card");
  button.type = "button";
  button.dataset.card = code;
  button.disabled = true;
  button.setAttribute("aria-label", spokenName(code));
  if (toggle) button.setAttribute("aria-pressed", "false");
  button.append(faceOf(code));
  return button;
}

// One card played to a trick, at its place round the table (a list item of ol.trick-cards.around).
export function playedCard(seatName, place, card) {
  const item = el("li", `at-${place}`);
  item.append(el("span", "seat-name", seatName), " ", card);
  return item;
}
