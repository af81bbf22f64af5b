// The position page: opens a shared position (#k=KIND&p=POSITION&show=all&a=ANSWER) as a puzzle and
// builds such links with the editor. The engine checks every position; nothing from the link is
// run, and it reaches the page only as text (textContent), never as HTML. Every message is in the
// page's language: the engine judges every link and form (an unknown kind and an empty position
// too), and its errors arrive worded by present/ (error.text; messages.js: errorSaid); a player 0
// typed in the editor, which the notation cannot carry, is said as the build wrote it.
import { engine, engineUnavailable } from "./engine-client.js";
import { HouseRules, summary } from "./house-rules.js";
import { errorSaid, ui } from "./messages.js";
import { mount } from "./mount.js";
import { el, Puzzle } from "./puzzle.js";

const shared = document.getElementById("shared");
const noPlayerZero = JSON.parse(document.getElementById("position-words").textContent).no_player_zero;
const form = document.getElementById("editor");
const result = document.getElementById("ed-result");
const deadField = document.getElementById("ed-dead-field"); // house rule dead_hand: the dead hand's cards
const houseRules = new HouseRules(document.getElementById("ed-house"), "ed-rule");
// A shared position shows the friend the puzzle only: the editor is folded away as the link opens,
// and its hands, dead hand and answer are not in the page at all (held here as a function that
// fills them) until the puzzle is solved or the friend opens the editor on purpose (the button says
// it shows every hand).
const editorOpen = document.getElementById("ed-open");
let held = null;

// While the engine starts (seconds; a first visit downloads it), `box` says so with a progress bar
// and the seconds counted, then the words of `key` (what the engine is doing). The count is shown
// every half second and spoken (a live region) when the wait starts and every SPOKEN_EVERY seconds.
const SPOKEN_EVERY = 5;
let engineRunning = false;

async function whileEngineStarts(box, waitingKey, key) {
  const ready = engine().ready;
  if (engineRunning) {
    box.replaceChildren(el("p", "status", ui(key)));
    return ready;
  }
  const started = performance.now();
  const status = el("div", "engine-status waiting");
  status.dataset.engineWait = "";
  const bar = el("progress");
  bar.setAttribute("aria-hidden", "true");
  const shown = el("span");
  shown.setAttribute("aria-hidden", "true");
  const spoken = el("span", "visually-hidden");
  status.append(bar, shown, spoken);
  box.replaceChildren(status);
  let lastSpoken = -SPOKEN_EVERY;
  const tick = () => {
    const seconds = Math.round((performance.now() - started) / 1000);
    shown.textContent = ui(waitingKey, { seconds });
    if (seconds - lastSpoken >= SPOKEN_EVERY) {
      spoken.textContent = shown.textContent;
      lastSpoken = seconds;
    }
  };
  tick();
  const timer = setInterval(tick, 500);
  try {
    await ready;
    engineRunning = true;
    box.replaceChildren(el("p", "status", ui(key)));
  } finally {
    clearInterval(timer);
  }
  return ready;
}

function foldEditor() {
  held = null;
  delete editorOpen.dataset.held;
  for (const input of form.querySelectorAll("input[name=hand], input[name=dead], input[name=answer]")) input.value = "";
  form.hidden = true;
  editorOpen.textContent = ui("editor_reveal");
  editorOpen.setAttribute("aria-expanded", "false");
  editorOpen.parentElement.hidden = false;
}

function unfoldEditor(fill = true) {
  const pending = held;
  held = null;
  delete editorOpen.dataset.held;
  if (fill && pending) pending();
  form.hidden = false;
  editorOpen.setAttribute("aria-expanded", "true");
  editorOpen.parentElement.hidden = true;
}

editorOpen.addEventListener("click", () => {
  unfoldEditor();
  form.querySelector("h2").scrollIntoView?.({ block: "start" });
});
shared.addEventListener("puzzle-result", (event) => {
  if (held && event.detail.outcome === "solved") unfoldEditor(); // the puzzle gives nothing away now
});

function showError(text) {
  shared.replaceChildren(el("p", "error", ui("shared_bad", { detail: text })));
  unfoldEditor(false);
}

async function openShared() {
  const params = new URLSearchParams(location.hash.slice(1).replace(/\+/g, "%2B")); // "+" joins rules
  if (!params.has("p") && !params.has("k")) {
    shared.replaceChildren();
    unfoldEditor(false);
    return;
  }
  const position = params.get("p") || "";
  // a link without k= opens the editor's default kind, as the build wrote it from the engine's
  // registry (engine/puzzles: Kind.editor_default); an unknown kind is the engine's to refuse
  const kind = params.get("k") || form.kind.dataset.default;
  foldEditor();
  const spec = { kind, position, show: params.get("show") === "all" ? [0, 1, 2, 3] : [] };
  if (params.get("a")) spec.answer = params.get("a");
  let answer;
  try {
    await whileEngineStarts(shared, "shared_engine_starting", "shared_loading");
    answer = await engine().request("puzzle", { puzzle: spec });
  } catch (error) {
    shared.replaceChildren(el("p", "error", engineUnavailable(error)));
    unfoldEditor(false);
    return;
  }
  if (!answer.ok) {
    showError(errorSaid(answer.error)); // an unknown kind or an empty position among them
    return;
  }
  const section = mount(answer.tree); // drawn by present/ in the worker: the lessons' layout
  shared.replaceChildren(section);
  new Puzzle(section).enable();
  section.focus();
  const fields = await engine().request("fields", { position });
  const fill = () => fillEditor(fields, kind, spec.show.length > 0, params.get("a") || "");
  if (!form.hidden) fill(); // opened on purpose (or solved) meanwhile
  else {
    held = fill;
    editorOpen.dataset.held = "true"; // the position is read and kept from the page
  }
  const changed = summary(fields.ok ? fields.options : {});
  if (changed) section.querySelector(".meta").after(el("p", "house-info", changed)); // under "Rules: ..."
}

// Declared trumps: the page counts players from 1 ("D2"), the notation from 0 ("D1").
function declToNotation(text) {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => item.replace(/^(.)(\d+)([fhFH]?)$/, (_, suit, n, how) => `${suit}${Number(n) - 1}${how.toLowerCase()}`))
    .join(",");
}

function declFromNotation(text) {
  return text.replace(/(\d+)/g, (n) => String(Number(n) + 1));
}

// The editor filled from a shared position (the engine's "fields" answer): the rule set's preset
// and the options it changes come from the engine.
function fillEditor(answer, kind, showAll, answerText) {
  if (!answer.ok) return;
  const f = answer.fields;
  form.rules.value = answer.preset;
  houseRules.show(answer.preset, answer.options);
  houseRules.details.open = Object.keys(answer.options).length > 0;
  for (const input of form.querySelectorAll("input[name=hand]")) input.value = f.hands[input.dataset.seat] ?? "";
  form.lead.value = f.lead;
  form.trick.value = f.trick ?? "";
  form.decl.value = declFromNotation(f.decl ?? "");
  form.dead.value = f.dead ?? "";
  form.kind.value = kind;
  form.answer.value = answerText;
  form.show.checked = showAll;
  updateSeats();
}

function players() {
  return Number(form.rules.selectedOptions[0].dataset.players);
}

function updateSeats() {
  for (const field of form.querySelectorAll("[data-seat-field]")) field.hidden = Number(field.dataset.seatField) >= players();
  // hidden and disabled: some phones' pickers list hidden options
  for (const option of form.lead.options) option.hidden = option.disabled = Number(option.value) >= players();
  if (Number(form.lead.value) >= players()) form.lead.value = "0";
  // the dead hand's field, while the house rule dead_hand is on (the engine says which presets take it)
  deadField.hidden = houseRules.rulesOptions().dead_hand !== true;
}

function positionFromForm() {
  const hands = [...form.querySelectorAll("input[name=hand]")].slice(0, players()).map((i) => i.value.trim());
  const rules = houseRules.rulesText(form.rules.value);
  const parts = [`rules:${rules}`, `hands:${hands.join(",")}`, `lead:${form.lead.value}`];
  if (form.trick.value.trim()) parts.push(`trick:${form.trick.value.trim()}`);
  const decl = declToNotation(form.decl.value);
  if (decl) parts.push(`decl:${decl}`);
  if (!deadField.hidden) parts.push(`dead:${form.dead.value.trim()}`);
  return parts.join("/");
}

function say(className, text) {
  result.replaceChildren(el("p", className, text));
}

// The field an engine error names is marked (a hand by its seat, the declared trumps, a house rule).
function markField(error) {
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  const params = (error && error.params) || {};
  const field = Number.isInteger(params.seat) && params.field === undefined ? form.querySelector(`#ed-hand-${params.seat}`)
    : params.field === "decl" ? form.decl
    : params.field === "dead" ? form.dead
    : [...houseRules.box.querySelectorAll("input, select")].find((input) => input.name === params.option);
  if (field) field.setAttribute("aria-invalid", "true");
  if (field && houseRules.box.contains(field)) houseRules.details.open = true;
}

form.rules.addEventListener("change", () => {
  houseRules.choosePreset(form.rules.value);
  updateSeats();
});
houseRules.box.addEventListener("change", updateSeats);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const row = document.getElementById("ed-link-row");
  row.hidden = true;
  if (/(^|,)\s*.0[fhFH]?\s*(,|$)/.test(form.decl.value)) {
    // player 0 cannot be written in the notation (it would be seat −1): its sentence is the
    // engine's error as present/ words it, written by the build for each number of players
    say("error", noPlayerZero[String(players())] ?? noPlayerZero.generic);
    return;
  }
  const position = positionFromForm();
  const spec = { kind: form.kind.value, position, show: form.show.checked ? [0, 1, 2, 3] : [] };
  const answerText = form.answer.value.trim();
  if (answerText) spec.answer = answerText;
  let answer;
  try {
    await whileEngineStarts(result, "editor_engine_starting", "shared_loading");
    answer = await engine().request("puzzle", { puzzle: spec });
  } catch (error) {
    say("error", engineUnavailable(error));
    return;
  }
  markField(answer.ok ? null : answer.error);
  if (!answer.ok) {
    say("error", errorSaid(answer.error));
    return;
  }
  say("ok", ui("editor_ok"));
  const extra = `${form.show.checked ? "&show=all" : ""}${answerText ? `&a=${encodeURIComponent(answerText)}` : ""}`;
  const hash = `#k=${spec.kind}&p=${encodeURIComponent(position)}${extra}`;
  const link = document.getElementById("ed-link");
  link.href = hash;
  row.hidden = false;
  document.getElementById("ed-copy").onclick = async () => {
    const copied = document.getElementById("ed-copied");
    const url = new URL(hash, location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      copied.textContent = ui("link_copied");
    } catch {
      copied.textContent = ui("link_manual", { url });
    }
  };
});

houseRules.show(form.rules.value);
updateSeats();
window.addEventListener("hashchange", openShared);
openShared();
