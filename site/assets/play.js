// Playing against computer players, with a coach: the page opens on the table. The page keeps
// only the history of actions; every step goes to the engine (op "game"), which refuses an
// illegal action with its reason, moves the computer players and returns what seat 0 (you) may
// see, with the story of the deal (its public log). The first decision of a new game shows at
// once from an opening the engine prepared at build time, while the engine starts in the
// background. The settings (rules, house rules, computers, hints) live in a sheet opened from
// the table and are remembered with the game in progress (localStorage, versioned, migrated).
//
// The page's code, by concern: play-table.js (the table, the hand, cards that move),
// play-controls.js (the controls of each phase), play-story.js (the news and the story panel),
// play-result.js (the end of a deal), play-review.js (hints and the review), play-engine.js
// (talk to the engine), play-words.js (the shared state and every sentence).
import { errorSaid, keptText, catalog, knownError, ui } from "./messages.js";
import { HouseRules, summary } from "./house-rules.js";
import { engine, engineUnavailable } from "./engine-client.js";
import { renderActions, updatePick } from "./play-controls.js";
import { engineFailed, engineRequest, preparedOpening, watchEngine } from "./play-engine.js";
import { firstDeal } from "./celebrate.js";
import { renderResult } from "./play-result.js";
import { dropMoment, momentMissing, momentSend, openMoment } from "./play-moment.js";
import { stopReview } from "./play-review.js";
import { renderNews, renderStory, resetStory } from "./play-story.js";
import { playFrames, renderHand, renderTable } from "./play-table.js";
import { $, el, table } from "./play-words.js";
import * as replay from "./replay.js";
import { needsNotice, notice, StoredRecord } from "./store.js";

const VERSION = 2;
const RECENT = 8; // prepared openings not dealt again soon

// -- what is remembered (docs/storage.md) ---------------------------------------------------------
// {version: 2, settings: {preset, options, computers, hints}, game: {rules, preset, seed,
// computers, hints, moves, history}, recent: [seeds]}: the game as its record (the seed and the
// history of actions), never the engine's answers (one step of a two-player game with a widow of
// six can list some 54,000 discards); a return visit asks the engine for the position again.
// Version 1 (and the first records, with no version) kept the engine's whole answer as
// game.state: migrated to its history, the record as it was kept under "huutopussi.play.v1". A
// record from a newer page, or one that cannot be read, is kept as it is and never written over
// (store.js): the page says so and plays without saving.
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isHistory = (h) => Array.isArray(h) && h.length > 0 && h.every((deal) => Array.isArray(deal) && deal.every((a) => typeof a === "string"));

export function migrate(v1) {
  const data = { ...v1, version: 2, recent: Array.isArray(v1.recent) ? v1.recent : [] };
  if (isObject(v1.game)) {
    const { state, ...game } = v1.game;
    if (isObject(state) && isHistory(state.history) && !(state.phase === "done" && state.match_over)) {
      data.game = { ...game, history: state.history };
    } else {
      delete data.game; // a finished match, or one with nothing to resume from (kept in the .v1 copy)
    }
  }
  return data;
}

export function check(data) {
  if (!Array.isArray(data.recent) || !data.recent.every(Number.isInteger)) return "recent: not a list of seeds";
  if (data.settings !== undefined) {
    const s = data.settings;
    if (!isObject(s) || typeof s.preset !== "string") return "settings: no preset";
    if (s.options !== undefined && !isObject(s.options)) return "settings.options: not an object";
    if (s.computers !== undefined && !(Array.isArray(s.computers) && s.computers.every((c) => typeof c === "string"))) return "settings.computers: not a list of levels";
  }
  if (data.game !== undefined) {
    const g = data.game;
    if (!isObject(g) || typeof g.rules !== "string" || !Number.isInteger(g.seed)) return "game: no rules or seed";
    if (!Array.isArray(g.computers) || !g.computers.every((c) => typeof c === "string")) return "game.computers: not a list of levels";
    if (!isHistory(g.history)) return "game.history: not a list of deals";
    if (g.moves !== undefined && !Number.isInteger(g.moves)) return "game.moves: not a whole number";
  }
  return null;
}

const record = new StoredRecord("huutopussi.play", {
  version: VERSION,
  versionOf: (data) => (data.version === undefined ? 1 : data.version), // the first records had no version
  migrations: { 1: migrate },
  check,
});
const report = record.read();
const store = report.value || { version: VERSION, recent: [] };

function save() {
  if (table.moment) return; // a moment played again is no game to resume
  const { game, state } = table;
  store.settings = readSettings();
  if (state && state.phase === "done" && state.match_over) delete store.game; // nothing to resume
  else if (state) store.game = { ...game, history: state.history };
  if (report.writable) record.write(store); // a full or disabled storage: the game goes on, unsaved
}

// -- the settings sheet -----------------------------------------------------------------------------
const houseRules = new HouseRules($("play-house"), "play-rule");
const sheet = $("play-sheet");

function openSheet() {
  sheet.hidden = false;
  $("play-settings").setAttribute("aria-expanded", "true");
  $("play-rules").focus();
}

function closeSheet() {
  if (sheet.hidden) return;
  sheet.hidden = true;
  $("play-settings").setAttribute("aria-expanded", "false");
  askRestart(false, false);
  $("play-settings").focus();
}

function renderLevels(levels = null) {
  const option = $("play-rules").selectedOptions[0];
  const places = option.dataset.where.split(" ");
  const seats = $("play-seats");
  const offered = seats.dataset.levels.split(" "); // the engine's player types, as the build named them
  const before = levels || [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren();
  places.slice(1).forEach((where, i) => {
    const field = el("p", "field");
    const select = el("select");
    select.id = `play-level-${i + 1}`;
    for (const level of offered) select.append(new Option(ui(`level_${level}`), level));
    select.value = offered.includes(before[i]) ? before[i] : seats.dataset.default;
    const label = el("label", "", catalog.seats[where]);
    label.htmlFor = select.id;
    field.append(label, select);
    seats.append(field);
  });
}

function readSettings() {
  return {
    preset: $("play-rules").value,
    options: { ...houseRules.other, ...houseRules.chosen() },
    computers: [...$("play-seats").querySelectorAll("select")].map((s) => s.value),
    hints: $("play-hints").checked,
  };
}

function showSettings(settings) {
  const known = settings && [...$("play-rules").options].some((o) => o.value === settings.preset);
  if (!known) {
    renderLevels();
    houseRules.show($("play-rules").value);
    return;
  }
  $("play-rules").value = settings.preset;
  renderLevels(Array.isArray(settings.computers) ? settings.computers : null);
  houseRules.show(settings.preset, settings.options || {});
  showHints(settings.hints !== false); // on for a new learner; off only where it was switched off
}

// -- hints: on for a new learner, switched from the table's bar (or the settings) at once ----------
function showHints(on) {
  $("play-hints").checked = on;
  $("play-hints-switch").setAttribute("aria-pressed", String(on));
}

function setHints(on) {
  showHints(on);
  if (table.game) table.game.hints = on;
  if (table.state) {
    renderActions(send);
    if (!on) $("play-hint").replaceChildren();
  }
  save();
}

// -- a step of the game -----------------------------------------------------------------------------
let token = 0; // a new game drops the answers still coming for the one before

function busy(on) {
  $("game").setAttribute("aria-busy", String(on));
  for (const b of document.querySelectorAll("#actions button, #hand button, #result button")) {
    if (on) b.disabled = true;
  }
}

async function send(action) {
  if (table.moment) return momentSend(action); // a moment of a deal played again: judged, not played on
  if (action === "next") stopReview();
  const asked = token;
  const before = table.state;
  $("play-status").textContent = ui("play_waiting");
  busy(true);
  const fields = { rules: table.game.rules, seed: table.game.seed, computers: table.game.computers };
  fields.history = before ? before.history : table.game.history || [[]]; // a resumed game: its history
  if (action !== undefined) fields.action = action;
  let answer;
  try {
    answer = await engineRequest("game", fields);
  } catch (error) {
    answer = { ok: false, unavailable: error };
  }
  if (asked !== token) return; // a new game meanwhile
  if (!answer.ok) {
    $("play-status").textContent = "";
    busy(false);
    if (answer.unavailable && engineFailed()) {
      // the status line names what needs the engine; the decision stays on the table
      if (before) render();
      return;
    }
    // an engine error the catalog words (rules it refuses), else the general apology
    const known = knownError(answer.error);
    const text = known ? errorSaid(answer.error) : ui("play_error");
    if (before === null) {
      $("play-setup-error").textContent = text;
      $("play-setup-error").hidden = false;
      if (answer.error && answer.error.params && answer.error.params.option) houseRules.details.open = true; // the rule it names
      openSheet();
    } else {
      $("play-feedback").replaceChildren(el("p", "verdict wrong", text));
      for (const b of document.querySelectorAll("#actions button, #hand button, #result button")) b.disabled = false;
    }
    return;
  }
  if (action !== undefined && action !== "next" && !answer.refused) table.game.moves += 1;
  table.state = answer;
  table.selected = new Set();
  try {
    await playFrames(before, answer);
  } catch (error) {
    console.warn("the table's movement stopped:", error); // the view below is what counts
  }
  if (asked !== token) return;
  render();
  save();
  // a deal played to its score: the first one on this device gets a celebration (celebrate.js)
  if (before && before.phase !== "done" && answer.phase === "done" && answer.totals_after) firstDeal();
}

function pick(code, card) {
  if (table.selected.has(code)) table.selected.delete(code);
  else table.selected.add(code);
  card.setAttribute("aria-pressed", String(table.selected.has(code)));
  updatePick();
}

function render() {
  const { state } = table;
  const root = $("game");
  root.dataset.phase = state.phase;
  root.dataset.toMove = String(state.to_move);
  root.dataset.tricks = String(state.tricks.reduce((a, b) => a + b, 0));
  root.dataset.step = String(Number(root.dataset.step || 0) + 1);
  $("scores").textContent = state.words.scores; // the engine's answer's own words (present/play.py)
  $("deal-info").textContent = state.words.deal;
  const rules = catalog.presets[state.rules] || state.rules;
  $("rules-info").textContent = `${rules.charAt(0).toUpperCase()}${rules.slice(1)} ·`;
  $("house-info").textContent = summary(state.options); // the house rules as the engine plays them
  if (table.moment) {
    $("scores").textContent = ""; // a moment of a finished deal: no game's totals, no deal number
    $("deal-info").textContent = "";
  }
  renderTable();
  renderNews();
  renderStory();
  renderHand(send, pick);
  renderActions(send);
  renderResult();
  $("play-hint").replaceChildren();
  const feedback = $("play-feedback");
  feedback.replaceChildren();
  for (const line of state.words.refused) feedback.append(el("p", "verdict wrong", line)); // why the engine refused
  $("play-status").textContent = ""; // the prompt says what to do
  root.setAttribute("aria-busy", "false");
}

// -- starting ---------------------------------------------------------------------------------------
// The page's link: #seed=N (a deal to play again) and #rules=PRESET+RULE+... (a group's own
// table: the engine reads the rules and the controls show them). A "+" in the link is a plus.
function linkParams() {
  return new URLSearchParams(location.hash.slice(1).replace(/\+/g, "%2B"));
}

function newGame(settings, seed) {
  token += 1;
  dropMoment();
  stopReview();
  resetStory();
  $("play-setup-error").hidden = true;
  table.state = null;
  table.selected = new Set();
  table.game = {
    rules: houseRules.rulesText(settings.preset),
    preset: settings.preset,
    seed,
    computers: settings.computers,
    hints: settings.hints,
    moves: 0,
  };
}

// A new game: at once from a prepared opening where one fits (the plain preset and the chosen
// computers, the engine not yet running or unavailable), else from the engine.
async function start() {
  const settings = readSettings();
  houseRules.details.open = false; // the chosen rules are shown above the table
  const fixed = /^\d{1,7}$/.exec(linkParams().get("seed") || ""); // a deal to play again, or to test with
  const plain = Object.keys(settings.options).length === 0;
  const opening = !fixed && plain && !engineReady ? preparedOpening(settings.preset, settings.computers, store.recent) : null;
  if (opening) {
    newGame(settings, opening.seed);
    store.recent = [opening.seed, ...store.recent.filter((s) => s !== opening.seed)].slice(0, RECENT);
    table.state = opening.state;
    render();
    save();
    return;
  }
  newGame(settings, fixed ? Number(fixed[0]) : crypto.getRandomValues(new Uint32Array(1))[0] & 0xfffff);
  $("game").setAttribute("aria-busy", "true");
  clearTable();
  await send(undefined);
}

function clearTable() {
  for (const id of ["table", "hand", "actions", "play-news", "result", "story-list", "play-feedback", "play-hint"]) $(id).replaceChildren();
  $("play-prompt").textContent = "";
  $("scores").textContent = "";
  $("deal-info").textContent = "";
}

let engineReady = false;
engine().ready.then(
  () => (engineReady = true),
  () => {},
);

async function rulesFromLink() {
  const text = linkParams().get("rules");
  if (!text) return false;
  const error = $("play-setup-error");
  openSheet();
  let answer;
  try {
    answer = await engineRequest("rules", { rules: text });
  } catch (failure) {
    error.textContent = engineUnavailable(failure);
    error.hidden = false;
    return true;
  }
  if (!answer.ok) {
    error.textContent = knownError(answer.error) ? errorSaid(answer.error) : ui("play_error");
    error.hidden = false;
    return true;
  }
  error.hidden = true;
  $("play-rules").value = answer.preset;
  renderLevels();
  houseRules.show(answer.preset, answer.options);
  houseRules.details.open = Object.keys(answer.options).length > 0;
  return true;
}

// "Start a game" while a game is under way (you have made a move in it) asks first: one tap
// never throws a game away.
const gameUnderWay = () => table.state !== null && table.game.moves > 0 && !(table.state.phase === "done" && table.state.match_over);

function askRestart(asking, focus = true) {
  $("play-restart").hidden = !asking;
  $("play-start").hidden = asking;
  if (focus) (asking ? $("play-restart-no") : $("play-start")).focus();
}

function begin() {
  closeSheet();
  start();
}

$("play-rules").addEventListener("change", () => {
  renderLevels();
  houseRules.choosePreset($("play-rules").value);
});
$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  if (gameUnderWay()) askRestart(true);
  else begin();
});
$("play-restart-no").addEventListener("click", () => askRestart(false));
$("play-restart").addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    event.stopPropagation();
    askRestart(false);
  }
});
$("play-restart-yes").addEventListener("click", () => {
  askRestart(false, false);
  begin();
});
$("play-settings").addEventListener("click", () => (sheet.hidden ? openSheet() : closeSheet()));
$("play-sheet-close").addEventListener("click", closeSheet);
$("play-hints-switch").addEventListener("click", () => setHints(!$("play-hints").checked));
$("play-hints").addEventListener("change", () => setHints($("play-hints").checked));
sheet.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeSheet();
});
const story = (open) => {
  $("game").classList.toggle("story-open", open);
  $("play-story-open").setAttribute("aria-expanded", String(open));
  if (open) $("play-story-close").focus();
  else $("play-story-open").focus();
};
$("play-story-open").addEventListener("click", () => story(!$("game").classList.contains("story-open")));
$("play-story-close").addEventListener("click", () => story(false));
$("story-panel").addEventListener("keydown", (event) => {
  if (event.key === "Escape") story(false);
});
window.addEventListener("hashchange", rulesFromLink);
table.hooks = { send, start: () => start(), actions: () => renderActions(send), render, openMoment, resume: () => startTable() };

// The game in progress, from its record: the engine plays its history again.
async function resume(saved) {
  token += 1;
  dropMoment();
  table.game = { moves: 0, ...saved };
  table.state = null;
  table.selected = new Set();
  $("game").setAttribute("aria-busy", "true");
  await send(undefined);
  if (table.state) $("play-status").textContent = ui("play_resumed");
}

// A moment of a deal on the replay list (#moment=ID, from the front page's review of the day):
// the table restored to it. The id is only looked up in the list, never shown.
function momentFromLink() {
  const id = linkParams().get("moment");
  if (id === null) return false;
  const { list } = replay.load(undefined, false);
  const item = list.items.find((x) => x.kind === "moment" && x.id === id);
  if (!item) {
    momentMissing();
    return false;
  }
  showHints(store.game ? store.game.hints !== false : true);
  openMoment(item, null);
  return true;
}

// The table at once: the game in progress, or a new one.
function startTable() {
  const saved = store.game;
  if (saved) {
    showHints(saved.hints !== false);
    resume(saved);
  } else {
    start();
  }
}

if (needsNotice(report)) notice(report, keptText(report, "play"));
showSettings(store.settings);
watchEngine();
if (linkParams().get("rules")) {
  rulesFromLink();
} else if (linkParams().get("seed")) {
  start();
} else if (!momentFromLink()) {
  startTable();
}
