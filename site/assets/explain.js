// Why a wrong answer is wrong, from the engine's verdict (engine/puzzles: each kind's verdict):
// the reason, the lines of play after the answer and after the best one, the estimate's figures
// of both, or the slip a typed number comes from. This module only words what the engine said.
import { el } from "./dom.js";
import { cardName, catalog, format, reason, verdict } from "./messages.js";
import { cardSpan } from "./cards.js";

const place = (p) => catalog.seats[p];

function callText(call) {
  const [what, suit] = call.action.split(":");
  const key = { trump: "line_declare", askfull: "line_ask_full", askhalf: "line_ask_half" }[what];
  if (key) return verdict(key, { place: place(call.place), suit });
  return verdict(suit === "no" ? "line_answer_no" : "line_answer", { place: place(call.place), suit });
}

const SHOWN_TRICKS = 2; // the tricks a line shows at once; the rest open on request

// `first`: the number of the line's first trick in the deal (the deal review's lines start mid-deal)
export function lineBlock(titleKey, tricks, first = 1) {
  const block = el("div", "line");
  block.append(el("p", "line-title", verdict(titleKey)));
  const list = el("ol", "line-tricks");
  const rest = el("ol", "line-tricks");
  list.start = first;
  rest.start = SHOWN_TRICKS + first;
  for (const [i, trick] of tricks.entries()) {
    const item = el("li", "line-trick");
    item.append(el("span", "line-label", verdict("line_trick", { n: i + first })));
    for (const call of trick.calls) item.append(el("span", "line-call", callText(call)));
    // a trump a question or its answer declared (a declaration of one's own is its call above)
    for (const d of trick.declared.filter((x) => x.how !== "own")) {
      item.append(el("span", "line-call", verdict("line_declared", { place: place(d.place), suit: d.suit, bonus: d.bonus })));
    }
    for (const play of trick.plays) {
      const card = el("span", "line-play");
      card.append(el("span", "seat-name", place(play.place)), cardSpan(play.card));
      item.append(card);
    }
    if (trick.winner) {
      item.append(el("span", "line-winner", verdict("line_takes", { place: place(trick.winner), points: trick.points })));
    }
    (i < SHOWN_TRICKS ? list : rest).append(item);
  }
  block.append(list);
  if (rest.children.length) {
    const more = el("details", "line-more");
    more.append(el("summary", "", verdict("line_more", { count: rest.children.length })), rest);
    block.append(more);
  }
  return block;
}

// the figures follow "Your choice: " inside one sentence (numbers as the catalog writes them: format.js)
const FRAGMENT = { fragment: true };

// "Bid 90: the contract is made in 3 of 10 made-up deals, −30 points on average"
function figureText(f, samples, contract) {
  if (f.cards) {
    const cards = f.cards.map((c) => cardName(c, "nom")).join(", ");
    return verdict("fig_set", { cards, average: f.average, contract, made: f.made, samples }, FRAGMENT);
  }
  if (f.average !== undefined) return verdict("fig_lead", { card: f.answer, average: f.average, samples }, FRAGMENT);
  const params = { contract: f.contract, made: f.made, samples, expected: f.expected };
  if (f.answer === "p") return verdict("fig_pass", {}, FRAGMENT);
  if (f.answer === "hold") return verdict("fig_hold", params, FRAGMENT);
  return verdict(f.answer.startsWith("raise:") ? "fig_raise" : "fig_bid", params, FRAGMENT);
}

function figureList(key, f, figures) {
  const item = el("li");
  item.append(el("strong", "", `${verdict(key)}: `), figureText(f, figures.samples, figures.contract));
  const list = el("ul", "figures");
  list.append(item);
  return list;
}

// Your choice's figures at once; the best choice's (which names the answer) a tap away
function figuresBlock(figures) {
  const best = el("details", "lines");
  best.append(el("summary", "", verdict("fig_show_best")), figureList("fig_best", figures.best, figures));
  return [figureList("fig_yours", figures.chosen, figures), best];
}

// The nodes that explain a verdict (empty for a right answer).
export function explanation(result) {
  const nodes = [];
  if (result.reason) nodes.push(el("p", "why", reason(result.reason)));
  if (result.mistake) {
    nodes.push(el("p", "why", format(catalog.mistakes[result.mistake.code], result.mistake.params)));
  }
  if (result.figures) nodes.push(...figuresBlock(result.figures));
  if (result.lines) {
    // both lines of play, a tap away: the verdict and its figures stay on one screen
    const lines = el("details", "lines");
    lines.append(el("summary", "", verdict("line_show")));
    lines.append(lineBlock("line_chosen", result.lines.chosen), lineBlock("line_best", result.lines.best));
    nodes.push(lines);
  }
  return nodes;
}
