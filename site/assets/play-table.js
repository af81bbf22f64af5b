// The table: the other seats (card backs, their bid, tricks won, the dealer and the bidder with
// the contract marked), the trick laid out round the table as the lessons draw it (present/puzzle.py; cards.js),
// the last trick, and your hand as one fan. Cards move: a played card travels from its seat to
// the trick, a finished trick gathers to its winner, a declaration shows the king and queen for a
// moment, the widow shows on the table before it goes to the bidder; nothing moves when the
// reader prefers reduced motion (motion.js). Which cards may be played is the engine's list.
// The seats' names, the line on the table and the story's sentences are the engine's answer's
// own words (words: present/play.py).
import { ui } from "./messages.js";
import { reducedMotion } from "./motion.js";
import { cardButton, cardSpan, playedCard } from "./cards.js";
import { $, CARD_CODE, el, table } from "./play-words.js";

const place = (seat) => table.state.where[seat];
const seatName = (seat) => table.state.words.seats[seat];
const BACKS = 6; // card backs drawn per seat at most (the count says the rest)

function backs(count, text) {
  const box = el("span", "hidden-cards");
  const fan = el("span", "backs");
  fan.setAttribute("aria-hidden", "true");
  for (let i = 0; i < Math.min(count, BACKS); i++) fan.append(el("span", "card back"));
  box.append(fan, el("span", "count", text));
  return box;
}

function seatBox(seat) {
  const { state } = table;
  const box = el("div", `seat seat-${place(seat)}`);
  box.dataset.seat = String(seat);
  if (state.to_move === seat && state.phase !== "done") box.classList.add("to-move");
  if (state.bidder === seat) box.classList.add("bidder");
  const head = el("span", "seat-name", seatName(seat));
  const level = state.computers[seat - 1]; // none at a moment played again (the record has no levels)
  if (level) head.append(" ", el("span", "level", ui(`level_${level}`)));
  box.append(head);
  const notes = state.words.notes[seat];
  for (const text of notes.badges) box.append(el("span", state.bidder === seat ? "badge bidder" : "badge", text));
  if (notes.bid) {
    const passed = state.auction.filter((b) => b.seat === seat).at(-1).action === "p";
    box.append(el("span", passed ? "bid-chip pass" : "bid-chip", notes.bid));
  }
  if (notes.cards) box.append(backs(state.counts[seat], notes.cards));
  if (notes.tricks) box.append(el("span", "taken", notes.tricks));
  return box;
}

// The trick on the table round the table, as the lessons lay it out.
function trickList(played, className = "trick-cards around") {
  const list = el("ol", played.length ? className : `${className} empty`);
  for (const p of played) list.append(playedCard(seatName(p.seat), place(p.seat), cardSpan(p.card)));
  return list;
}

export function renderTable() {
  const { state } = table;
  const box = $("table");
  box.className = `table players-${state.players}`;
  box.replaceChildren();
  for (let seat = 1; seat < state.players; seat++) box.append(seatBox(seat));
  const middle = el("div", "trick");
  middle.append(el("p", "table-info", state.words.table));
  if (state.words.dead_hand) middle.append(el("p", "table-info dead-hand", state.words.dead_hand));
  // a widow the engine shows in a deal without a contract (house rule no_contract_widow_shown):
  // face up beside the trick for the whole deal, out of play
  if (state.bidder === null && state.widow.length && state.phase === "play") {
    const out = el("p", "table-info widow-out");
    const cards = el("span", "cards");
    cards.append(...state.widow.map(cardSpan));
    out.append(`${ui("play_widow_out")}: `, cards);
    middle.append(out);
  }
  const heading = el("h2", "table-heading", ui("trick"));
  heading.id = "trick-title";
  const now = trickList(state.trick);
  now.id = "trick-now";
  now.setAttribute("aria-labelledby", heading.id);
  now.hidden = state.phase !== "play"; // no empty trick during the auction (the widow shows there)
  middle.append(heading, now);
  if (!state.trick.length && state.last_trick.length && state.phase === "play") {
    const last = el("div", "last-trick");
    last.append(el("h3", "table-heading", ui("play_last_trick")));
    const cards = el("span", "cards");
    cards.append(...state.last_trick.map((p) => cardSpan(p.card)));
    last.append(cards);
    middle.append(last);
  }
  box.append(middle);
}

export function renderHand(onPlay, onPick) {
  const { state, selected } = table;
  const hand = $("hand");
  hand.replaceChildren();
  const empty = state.hand.length === 0;
  hand.hidden = empty;
  const title = $("hand-title");
  title.hidden = empty;
  title.textContent = state.words.hand; // your marks, tricks and the engine's count against the contract
  hand.style.setProperty("--n", String(Math.max(state.hand.length, 2)));
  hand.style.setProperty("--gaps", String(Math.max(Math.ceil(state.hand.length / 2) - 1, 1))); // two rows on a phone
  const mine = state.to_move === 0 && state.phase !== "done";
  const picking = mine && ["discard", "give", "return"].includes(state.phase);
  const playing = mine && state.phase === "play" && state.legal.some((a) => CARD_CODE.test(a));
  // the widow's cards in the bidder's hand, marked until the discard (as the lessons mark them)
  const widow = state.phase === "discard" && state.to_move === 0 ? state.widow : [];
  for (const code of state.hand) {
    let card;
    if (playing) {
      card = cardButton(code, false);
      card.disabled = false;
      if (!state.legal.includes(code)) {
        // dimmed: the engine did not list it; a tap asks the engine, which says why
        card.classList.add("illegal");
        card.setAttribute("aria-describedby", "illegal-note");
      }
      card.addEventListener("click", () => onPlay(code, card));
    } else if (picking) {
      card = cardButton(code, true);
      card.disabled = false;
      card.setAttribute("aria-pressed", String(selected.has(code)));
      card.addEventListener("click", () => onPick(code, card));
    } else {
      card = cardSpan(code);
    }
    card.dataset.card = code;
    if (widow.includes(code)) {
      card.classList.add("from-widow");
      card.setAttribute("aria-label", `${card.getAttribute("aria-label")} (${ui("play_from_widow")})`);
    }
    hand.append(card);
  }
}

// -- cards that move ------------------------------------------------------------------------------
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function slide(node, from, duration = 300) {
  const to = node.getBoundingClientRect();
  if (!from || !to.width || typeof node.animate !== "function") return Promise.resolve();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const animation = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  return animation.finished.catch(() => {});
}

function seatRect(seat) {
  if (seat === 0) return $("hand").getBoundingClientRect();
  const box = document.querySelector(`#table .seat[data-seat="${seat}"]`);
  return box ? box.getBoundingClientRect() : null;
}

// A pair declared: the king and queen shown in the declarer's seat for a moment.
function showPair(seat, suit, label) {
  const where = seat === 0 ? $("trick-now")?.parentElement : document.querySelector(`#table .seat[data-seat="${seat}"]`);
  if (!where) return Promise.resolve();
  const pair = el("span", "pair-shown");
  pair.setAttribute("role", "img");
  pair.setAttribute("aria-label", label);
  pair.append(cardSpan(`${suit}K`), cardSpan(`${suit}Q`));
  where.append(pair);
  const animation = pair.animate([
      { opacity: 0, transform: "scale(0.6)" },
      { opacity: 1, transform: "none", offset: 0.25 },
      { opacity: 1, transform: "none", offset: 0.8 },
      { opacity: 0, transform: "none" },
    ], {
    duration: 1200,
  });
  return animation.finished.catch(() => {}).then(() => pair.remove());
}

// The widow shown on the table, then taken to the bidder's seat (or into your hand).
async function showWidow(cards, bidder, label) {
  const list = $("trick-now");
  if (!list) return;
  const row = el("span", "cards widow-shown");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label);
  row.append(...cards.map(cardSpan));
  list.parentElement.append(row);
  await wait(900);
  const from = row.getBoundingClientRect();
  const to = seatRect(bidder);
  if (to) {
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    await row.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 }], { duration: 380 }).finished.catch(() => {});
  }
  row.remove();
}

// Between two views of the same deal, the events in between as movement: each card from its
// seat to the trick, each finished trick to its winner. Resolves when it has been shown.
// Under the house rule no_look_back the cards of a trick gathered meanwhile are named only in the
// view's `watched` (the cards seat 0 saw played since its last move, in order): they are shown
// here, moving or (reduced motion) still for a moment, and told in the news line as they come,
// then the trick is gathered and the page names them no more (render() tells the news again).
export async function playFrames(before, after) {
  if (!before || before.deal_number !== after.deal_number) return;
  const fresh = after.log.slice(before.log.length);
  if (!fresh.length) return;
  const told = after.words.log.slice(before.log.length); // each fresh event's sentence
  const watched = (after.watched || []).map((w, i) => ({ ...w, text: after.words.watched[i] }));
  const still = reducedMotion() || typeof Element.prototype.animate !== "function";
  if (still && !watched.length) return;
  const live = watched.length ? el("ul", "news-list") : null;
  if (live) $("play-news").replaceChildren(live);
  const saved = table.state;
  table.state = { ...before, where: after.where, words: { ...before.words, seats: after.words.seats } }; // the seats do not change in a deal
  try {
    for (const [i, e] of fresh.entries()) {
      const list = $("trick-now");
      if (!list) return;
      if (e.kind === "play") {
        const seen = e.hidden ? watched.shift() : e;
        const card = seen ? seen.card : null;
        if (live) live.append(el("li", "ev-play", e.hidden && seen ? seen.text : told[i]));
        list.classList.remove("empty");
        list.hidden = false;
        const item = playedCard(seatName(e.seat), place(e.seat), card ? cardSpan(card) : el("span", "card back"));
        let from = seatRect(e.seat);
        if (e.seat === 0) {
          const mine = card && $("hand").querySelector(`[data-card="${card}"]`);
          if (mine) from = mine.getBoundingClientRect();
          mine?.classList.add("leaving");
        } else {
          document.querySelector(`#table .seat[data-seat="${e.seat}"] .backs .back:last-child`)?.remove();
        }
        list.append(item);
        if (!still) {
          await slide(item, from, 300);
          await wait(120);
        }
      } else if (e.kind === "trick") {
        if (live) live.append(el("li", "ev-trick", told[i]));
        await wait(still ? 1500 : 500); // still: the whole trick in view for a moment, as at a table
        const to = seatRect(e.seat);
        const from = list.getBoundingClientRect();
        if (to && !still) {
          const dx = to.left + to.width / 2 - (from.left + from.width / 2);
          const dy = to.top + to.height / 2 - (from.top + from.height / 2);
          await list.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }], { duration: 360, easing: "ease-in" }).finished.catch(() => {});
        }
        list.replaceChildren();
        list.classList.add("empty");
        document.querySelector(".last-trick")?.remove();
      } else if (still) {
        continue; // no pair or widow shown moving under reduced motion
      } else if (e.kind === "declare" || (e.kind === "answer" && e.suit) || (e.kind === "ask_half" && e.completed)) {
        await showPair(e.seat, e.suit, after.words.pictures[before.log.length + i]);
      } else if (e.kind === "widow") {
        await showWidow(e.cards, e.seat, after.words.pictures[before.log.length + i]);
      }
    }
  } finally {
    table.state = saved;
  }
}
