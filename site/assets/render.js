// Builds a puzzle <section> from the engine's puzzle view (for shared positions and drills), with
// the classes and data attributes of the lesson puzzles (present/puzzle.py). Text only, never HTML.
import { pick } from "./format.js";
import { cardFace, cardName, catalog, format, hiddenCards, spokenName, ui } from "./messages.js";
import { el } from "./dom.js";

// "3 points taken, 1 trick"
function taken(seat) {
  const tricks = `${seat.tricks} ${ui(seat.tricks === 1 ? "tricks_won_one" : "tricks_won")}`;
  if (!seat.points) return tricks;
  return `${seat.points} ${ui(seat.points === 1 ? "points_taken_one" : "points_taken")}, ${tricks}`;
}

function solutionText(form, solution) {
  if (form.shape === "number") return ui("solution_score", { score: solution.score });
  if (form.shape === "trick") return ui("solution_winner", { card: solution.cards[0] });
  const names = solution.cards.map((c) => cardName(c, "nom")).join(", ") || ui("legal_none");
  return ui("solution_cards", { cards: names });
}

// A card is a picture of its face, drawn from the page's card sprite (#c-HK), named by its
// spoken name: the same markup as card_span and card_button of present/puzzle.py.
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

// What the learner is asked (the catalog's words for the kind); a score drill says whose score to type.
function prompt(spec, view) {
  const bidder = view.bidder ?? null;
  const scoring = view.form.shape === "number" && view.then.length > 0;
  if (scoring && bidder !== null && view.seats[bidder].side === spec.side) return ui("score_bidder_prompt");
  return catalog.kinds[spec.kind];
}

// The section for any kind of a shape this page knows (a hand, a trick, a number to type), laid
// out by the view's form: where the answer buttons are and what the hand is for.
export function renderPuzzle(spec, view, solution, answers) {
  const form = view.form;
  const section = el("section", "puzzle");
  section.id = "puzzle-shared";
  section.tabIndex = -1;
  section.dataset.kind = spec.kind;
  section.dataset.puzzle = JSON.stringify(spec);
  section.dataset.answers = JSON.stringify(answers);
  const head = el("div", "puzzle-head");
  head.append(el("h2", "", ui("puzzle")));
  section.append(head, el("p", "prompt", prompt(spec, view)));
  const title = catalog.presets[view.rules] || view.rules_title;
  section.append(el("p", "meta", `${ui("rules_used")}: ${title}.${view.all_known ? " " + ui("all_known") : ""}`));
  const state = el("dl", "state");
  const trump = el("div");
  trump.append(el("dt", "", ui("trump")), el("dd", "", view.trump ? format("{suit.nom}", { suit: view.trump }) : ui("no_trump")));
  state.append(trump);
  if (view.bidder !== null && view.bidder !== undefined) {
    const contract = el("div");
    contract.append(el("dt", "", ui("contract")), el("dd", "", `${view.contract} (${catalog.seats[view.where[view.bidder]].toLowerCase()})`));
    state.append(contract);
  }
  section.append(state);
  const table = el("div", `table players-${view.players}`);
  for (const seat of view.seats) {
    if (seat.you) continue;
    const box = el("div", `seat seat-${view.where[seat.seat]}`);
    const bidder = seat.bidder ? ` · ${ui("bidder")}` : "";
    box.append(el("span", "seat-name", catalog.seats[view.where[seat.seat]] + bidder));
    if (seat.cards) {
      const cards = el("span", "cards");
      cards.append(...seat.cards.map(cardSpan));
      box.append(cards);
    } else {
      const hidden = el("span", "hidden-cards");
      const back = el("span", "card back");
      back.setAttribute("aria-hidden", "true");
      hidden.append(back, el("span", "", hiddenCards(seat.count)));
      box.append(hidden);
    }
    if (seat.points || seat.tricks) box.append(el("span", "taken", taken(seat)));
    table.append(box);
  }
  const trick = el("div", "trick");
  const played = (cards, className) => {
    const list = el("ol", className);
    for (const p of cards) {
      const card = form.shape === "trick" ? cardButton(p.card, false) : cardSpan(p.card);
      list.append(playedCard(catalog.seats[view.where[p.seat]], view.where[p.seat], card));
    }
    return list;
  };
  // score puzzles with the table still empty: no empty trick, the cards to come under one heading
  const nextOnly = form.shape !== "trick" && !view.trick.length && view.then.length > 0;
  trick.append(el("h3", "", ui(nextOnly ? "played_next" : "trick")));
  if (!view.trick.length && !view.then.length) trick.append(el("p", "trick-empty", ui("trick_empty")));
  if (!nextOnly) trick.append(played(view.trick, view.trick.length ? "trick-cards around" : "trick-cards around empty"));
  if (view.then.length && form.shape === "trick") {
    trick.append(el("p", "then", `${ui("then_played")}:`), played(view.then, "trick-cards then-cards around"));
  } else if (nextOnly && view.then.length === view.players) {
    trick.append(played(view.then, "trick-cards then-cards around"));
  } else if (view.then.length) {
    if (!nextOnly) trick.append(el("p", "then", `${ui("then_played")}:`));
    // one list per trick: the trick on the table is finished first, then each has a card from every player
    const tricks = el("div", "then-tricks");
    for (let first = 0, n = 1; first < view.then.length + view.trick.length; first += view.players, n++) {
      const from = Math.max(first - view.trick.length, 0);
      const group = el("div", "then-trick");
      const label = el("p", "then-label", ui("trick_number", { n }));
      label.id = `${section.id}-then-${n}`;
      const list = played(view.then.slice(from, first - view.trick.length + view.players), "trick-cards then-cards");
      list.setAttribute("aria-labelledby", label.id);
      group.append(label, list);
      tricks.append(group);
    }
    trick.append(tricks);
  }
  table.append(trick);
  section.append(table);
  // who wins the trick: the card you play in it is on the table, no longer in your hand; a score
  // puzzle's cards to come are all on the table. There the hand is only to look at: a dimmed list.
  const looking = form.hand === "looking";
  const you = el("div", looking ? "you looking" : "you");
  const me = view.seats[view.mover];
  const onTable = looking ? view.then.map((p) => p.card) : [];
  const held = me.cards.filter((c) => !onTable.includes(c));
  const heading = el("h3", "", (held.length || !looking ? ui("your_hand") : catalog.seats.you) + (me.bidder ? ` · ${ui("bidder")}` : ""));
  heading.id = `${section.id}-hand`;
  if (me.points || me.tricks) heading.append(" ", el("span", "taken", `(${taken(me)})`));
  you.append(heading);
  if (looking && held.length) {
    const list = el("ul", "hand");
    list.setAttribute("aria-labelledby", heading.id);
    for (const c of held) {
      const item = el("li");
      item.append(cardSpan(c));
      list.append(item);
    }
    you.append(list);
  } else if (!looking) {
    const hand = el("div", "hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-labelledby", heading.id);
    const answersByHand = form.hand === "answer" || form.hand === "marks";
    hand.append(...held.map((c) => (answersByHand ? cardButton(c, form.hand === "marks") : cardSpan(c))));
    you.append(hand);
  }
  section.append(you);
  const controls = el("div", "controls");
  if (form.answer === "number") {
    const number = el("input", "number");
    number.id = "drill-number";
    number.inputMode = "numeric";
    number.autocomplete = "off";
    number.disabled = true;
    const label = el("label", "", ui("your_answer"));
    label.htmlFor = number.id;
    controls.append(label, number);
  }
  if (form.answer === "cards" || form.answer === "number") {
    const check = el("button", "check", ui("check"));
    check.type = "button";
    check.disabled = true;
    controls.append(check);
  }
  let hint = null;
  if (spec.hint && catalog.drill_hints[spec.hint.code]) {
    hint = el("div", "hint-text", format(pick(catalog.drill_hints, spec.hint.code, spec.hint.params), spec.hint.params));
    hint.id = `${section.id}-hint`;
    hint.hidden = true;
    const button = el("button", "show-hint", ui("hint"));
    button.type = "button";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", hint.id);
    controls.append(button);
  }
  const show = el("button", "show-solution", ui("solution"));
  show.type = "button";
  show.setAttribute("aria-expanded", "false");
  const retry = el("button", "retry", ui("retry"));
  retry.type = "button";
  retry.hidden = true;
  controls.append(show, retry);
  section.append(controls, el("p", "status"), el("div", "feedback"));
  if (hint) section.append(hint);
  section.lastChild.setAttribute("aria-live", "polite");
  section.querySelector(".status").setAttribute("role", "status");
  const panel = el("div", "solution-text");
  panel.hidden = true;
  panel.append(el("p", "solution-answer", solutionText(form, solution)));
  section.append(panel);
  return section;
}
