// The story of the deal, from the engine's public log: the latest events under the table, and the
// whole deal in a side panel (a drawer on a phone), one group per trick, titled for a finished deal.
// Each event's sentence is the one the engine's answer carries (words.log, present/play.py).
import { ui } from "./messages.js";
import { $, el, table } from "./play-words.js";

let told = { deal: 0, count: 0 }; // how much of the story has been told
const LATEST = 4;

export function resetStory() {
  told = { deal: 0, count: 0 };
}

// The events since the last step, in the news line.
export function renderNews() {
  const { state } = table;
  const log = state.log;
  // a deal opened afresh (a new deal, a game resumed): its latest few events; the rest is in the story
  const start = told.deal === state.deal_number ? Math.min(told.count, log.length) : Math.max(0, log.length - LATEST);
  told = { deal: state.deal_number, count: log.length };
  if (start < log.length) {
    const list = el("ul", "news-list");
    for (let i = start; i < log.length; i++) list.append(el("li", `ev-${log[i].kind}`, state.words.log[i]));
    $("play-news").replaceChildren(list);
    const box = $("play-news").parentElement; // the latest event in view, whole
    box.scrollTop = box.scrollHeight;
  } else if (start === 0) {
    $("play-news").replaceChildren();
  }
}

// The story panel: "before the first trick", then each trick with its cards, its winner and the
// declarations made before its lead.
export function renderStory() {
  const { state } = table;
  const groups = [];
  let group = null;
  let tricks = 0;
  const open = (title, className) => {
    group = { title, className, events: [] };
    groups.push(group);
  };
  open(ui("play_story_before"), "story-before");
  let closed = false;
  state.log.forEach((e, i) => {
    const item = { e, text: state.words.log[i] };
    if (e.kind === "last_trick") {
      group.events.push(item);
      return;
    }
    if (closed || (e.kind === "play" && tricks === 0)) {
      tricks += 1;
      open(ui("trick_number", { n: tricks }), "story-trick");
      closed = false;
    }
    group.events.push(item);
    if (e.kind === "trick") closed = true;
  });
  const list = $("story-list");
  list.replaceChildren();
  for (const g of groups) {
    if (!g.events.length) continue;
    const section = el("section", `story-group ${g.className}`);
    section.append(el("h3", "", g.title));
    const items = el("ol");
    for (const { e, text } of g.events) items.append(el("li", `ev-${e.kind}${e.seat === 0 ? " mine" : ""}`, text));
    section.append(items);
    list.append(section);
  }
  $("story-title").textContent = state.words.story;
  const last = list.lastElementChild;
  if (last) list.scrollTop = list.scrollHeight;
}
