// A card where the engine answers live (the play table, the deal review's hands and tricks), as
// present/cards.py draws it: the build gives the play page every card drawn (#card-trees: a picture
// and an answer button per card, card_trees), which this mounts (mount.js). No card markup is
// written here.
import { el } from "./dom.js";
import { mount } from "./mount.js";

let trees = null;

function treeOf(code, shape) {
  trees ??= JSON.parse(document.getElementById("card-trees").textContent);
  if (!Object.hasOwn(trees, code)) throw new Error(`no card ${code}`);
  return trees[code][shape];
}

export function cardSpan(code) {
  return mount(treeOf(code, "span"));
}

export function cardButton(code, toggle) {
  const button = mount(treeOf(code, "button"));
  if (toggle) button.setAttribute("aria-pressed", "false");
  return button;
}

// One card played to a trick, at its place round the table (a list item of ol.trick-cards.around).
export function playedCard(seatName, place, card) {
  const item = el("li", `at-${place}`);
  item.append(el("span", "seat-name", seatName), " ", card);
  return item;
}
