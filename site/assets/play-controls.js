// The learner's controls for each phase, from the engine's list of legal actions: bids and pass,
// the cards to put away, give or return (enabled once the engine's number is chosen), keeping or
// raising the contract with a stepper over the engine's raises, declarations, questions, answers,
// and a redeal wherever the engine lists one.
// A control never decides a rule: an action the engine did not list is sent and it says why.
// What the learner is asked and each button's caption are the engine's answer's own words
// (words.prompt, words.labels: present/play.py); a button carries its action (data-action).
import { ui } from "./messages.js";
import { engineRunning } from "./play-engine.js";
import { showHint } from "./play-review.js";
import { $, button, CARD_CODE, el, table } from "./play-words.js";

const FIRST_BIDS = 6; // bid buttons shown at first; "more bids" shows the next ones
const MORE_BIDS = 24;

function amountButtons(box, actions, label, make) {
  const group = el("div", "amounts");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", label);
  for (const a of actions.slice(0, FIRST_BIDS)) group.append(make(a));
  if (actions.length > FIRST_BIDS) {
    const more = button(
      ui("more_bids"),
      () => {
        const extra = actions.slice(FIRST_BIDS, FIRST_BIDS + MORE_BIDS).map(make);
        more.replaceWith(...extra);
        extra[0].focus();
      },
      "more",
    );
    group.append(more);
  }
  box.append(group);
}

// How many cards a discard, give or return takes: the engine's view says (pick.count; the view
// lists only the first few hundred card sets, and the engine verifies the cards picked), or, from
// a view saved before it did, the widow's size or the engine's actions'.
export function pickCount() {
  const { state } = table;
  if (state.pick) return state.pick.count;
  if (state.phase === "discard") return state.widow.length || (state.legal[0] || "").split(":")[1]?.split(".").length || 0;
  return state.legal[0].split(":")[1].split(".").length;
}

// The counter and the button after a card is chosen or put back.
export function updatePick() {
  const counter = $("chosen-count");
  const put = document.querySelector("#actions [data-pick]");
  if (!counter || !put) return;
  const count = Number(counter.dataset.count);
  const n = table.selected.size;
  const more = n < count ? ` ${ui("play_choose_more", { n: count - n })}` : n > count ? ` ${ui("play_choose_fewer", { n: n - count })}` : "";
  counter.textContent = ui("chosen_count", { n, count }) + more;
  put.dataset.ready = String(n === count); // looks disabled until then; pressed anyway, the engine says why
  $("play-feedback").replaceChildren(); // an earlier refusal no longer applies
}

// A raise: one stepper over the engine's raises, and the button that makes it.
function raiseStepper(box, raises, labels, send) {
  let index = 0;
  const group = el("div", "stepper");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", ui("play_raise_amount"));
  const less = button("\u2212", () => move(-1), "step");
  less.setAttribute("aria-label", ui("play_raise_less"));
  const more = button("+", () => move(1), "step");
  more.setAttribute("aria-label", ui("play_raise_more"));
  const go = button("", () => send(raises[index]), "choice secondary raise-go");
  // or pick the amount from the engine's list at once (thirty taps on "+" were too many)
  const pick = el("select", "raise-pick");
  pick.setAttribute("aria-label", ui("play_raise_pick"));
  for (const raise of raises) pick.append(new Option(raise.slice(6), raise));
  pick.addEventListener("change", () => move(raises.indexOf(pick.value) - index));
  const move = (by) => {
    index = Math.min(Math.max(index + by, 0), raises.length - 1);
    go.dataset.action = raises[index];
    go.textContent = labels[raises[index]];
    pick.value = raises[index];
    less.disabled = index === 0;
    more.disabled = index === raises.length - 1;
  };
  move(0);
  group.append(less, pick, more, go);
  box.append(group);
}

export function renderActions(send) {
  const { state, game, selected } = table;
  const box = $("actions");
  box.replaceChildren();
  const { prompt, labels } = state.words;
  $("play-prompt").textContent = prompt;
  if (state.phase === "done" || state.to_move !== 0) return;
  const legal = state.legal;
  if (state.phase === "auction") {
    const bids = legal.filter((a) => /^\d+$/.test(a));
    if (legal.includes("p")) box.append(button(labels.p, () => send("p"), "choice", "p"));
    amountButtons(box, bids, ui("play_bid"), (amount) => {
      const b = button(amount, () => send(amount), "choice amount", amount);
      b.setAttribute("aria-label", labels[amount]);
      return b;
    });
  } else if (["discard", "give", "return"].includes(state.phase)) {
    const count = pickCount();
    const counter = el("span", "chosen", "");
    counter.id = "chosen-count";
    counter.dataset.count = String(count);
    counter.setAttribute("aria-live", "polite");
    // enabled once the engine's number of cards is chosen; pressed before, the engine says why
    const put = button(labels[state.phase], () => send(`${state.phase}:${[...selected].join(".")}`), "choice put", state.phase);
    put.dataset.pick = "";
    put.setAttribute("aria-describedby", counter.id);
    box.append(counter, put);
    updatePick();
  } else if (state.phase === "raise") {
    box.append(button(labels.hold, () => send("hold"), "choice", "hold"));
    const raises = legal.filter((a) => a.startsWith("raise:"));
    if (raises.length) raiseStepper(box, raises, labels, send);
  } else if (state.phase === "play") {
    for (const a of legal.filter((x) => !CARD_CODE.test(x))) box.append(button(labels[a], () => send(a), "choice", a));
  }
  // a redeal wherever the engine lists it: at the first bid, and under the late-redeal house rules
  // at the discard, the give, the return or the raise
  if (legal.includes("redeal")) box.append(button(labels.redeal, () => send("redeal"), "choice secondary", "redeal"));
  // a hint needs the engine: the button shows once it runs (the first decision comes before it)
  if (game.hints && !table.moment && engineRunning()) box.append(button(ui("hint"), showHint, "hint-button"));
}
