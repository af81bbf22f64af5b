// The score sheet of a real table. The page keeps each game as a sheet (docs/score-sheet.md):
// plain data, saved in localStorage, carried whole in a share link's fragment, exported as JSON
// or CSV. Every score, check and the end of the game come from the engine (op "tally" in the
// worker): the tally is a pure function of the sheet, so an edited or deleted deal recomputes
// everything after it. Until the engine is ready the page already takes entries; they are
// checked when it is. Nothing from a link, a file or storage is ever inserted as HTML. The words
// about a tally (the deals, the end of the game or the next deal, what is wrong, the entry form's
// labels with the rules' figures) come drawn with the engine's answer (present/score.py); the page
// mounts them (mount.js) and adds its buttons.
import { engine, engineUnavailable } from "./engine-client.js";
import { HouseRules, summary } from "./house-rules.js";
import { catalog, figure, format, ui } from "./messages.js";
import { mount } from "./mount.js";
import { el } from "./puzzle.js";
import { keysWith, storage, StoredRecord } from "./store.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("score-data").textContent);
const FORMS = data.forms; // each preset's entry form, from engine.core.tally.entry_form at build time
const FORM_WORDS = data.form_words; // its labels with the rules' figures (present.score.form_words)
const S = data.catalog; // the score sheet's own catalog block: ui, fields, errors
const FORMAT = "huutopussi-score-sheet";
const SHEET_VERSION = 1;
const SUITS = ["S", "C", "D", "H"];

// -- words ----------------------------------------------------------------------------------------
const say = (key, params = {}) => format(S.ui[key], params);

// -- storage: one record per game, each on its own key, so that one bad record harms no other ----
// A record is {store: STORE_VERSION, sheet, updated} (docs/storage.md). Older store versions are
// migrated (steps in STORE_MIGRATIONS, the record as it was kept under KEY + ".v" + version); a
// record that cannot be read (corrupt JSON, a newer version, a sheet that is not a score sheet)
// is left exactly as it is, a copy set aside (store.js), and named on the page.
const PREFIX = "huutopussi.score.game.";
const CURRENT = "huutopussi.score.current";
const STORE_VERSION = 1;
const STORE_MIGRATIONS = {}; // version -> function(record) -> record of the next version

// What is wrong with a sheet (null: nothing): the same shape a sheet from a link or a file needs.
function sheetShape(sheet) {
  if (!sheet || typeof sheet !== "object" || Array.isArray(sheet) || sheet.format !== FORMAT) return "not a score sheet";
  return Array.isArray(sheet.deals) ? null : "deals: not a list";
}

function gameRecord(key) {
  return new StoredRecord(key, {
    version: STORE_VERSION,
    versionOf: (record) => record.store,
    migrations: STORE_MIGRATIONS,
    check: (record) => sheetShape(record.sheet),
  });
}

function loadGames() {
  const games = [];
  // the games' own keys: not a migration's copy (KEY.v1) nor any other key under the prefix
  for (const key of keysWith(PREFIX).filter((k) => !k.includes(".", PREFIX.length))) {
    const id = key.slice(PREFIX.length);
    const report = gameRecord(key).read();
    const record = report.value;
    games.push(record ? { id, sheet: record.sheet, updated: String(record.updated || "") } : { id, broken: true, aside: report.aside });
  }
  games.sort((a, b) => (b.updated || "").localeCompare(a.updated || ""));
  return games;
}

function saveGame(id, sheet) {
  const store = storage();
  try {
    if (!store) throw new Error("no storage");
    store.setItem(PREFIX + id, JSON.stringify({ store: STORE_VERSION, sheet, updated: new Date().toISOString() }));
    store.setItem(CURRENT, id);
    return true;
  } catch {
    notice(say("storage_full"));
    return false;
  }
}

function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

// -- page state -----------------------------------------------------------------------------------
let games = [];
let game = null; // {id, sheet}
let tallied = null; // the engine's answer for game.sheet: {ok, ...} or null while it is not known
let engineReady = false;
let editing = null; // the index of the deal being edited, or null for a new deal
let entrySignature = null; // what the entry form was built for: rebuilt only when that changes
let carry = true; // a rebuilt form keeps what was typed into a new deal (not after a save)
const houseRules = new HouseRules($("score-house"), "score-rule", { sheet: true }); // only the rules a sheet records

function notice(text) {
  const box = $("score-notice");
  if (text) box.append(el("p", "error", text));
  else box.replaceChildren();
}

const presetOf = (sheet) => String(sheet.rules || "").split("+")[0];
const formOf = (sheet) => (tallied && tallied.ok ? tallied.form : FORMS[presetOf(sheet)]) || FORMS["three-player"];
const formWordsOf = (sheet) =>
  (tallied && tallied.ok ? tallied.words.form : FORM_WORDS[presetOf(sheet)]) || FORM_WORDS["three-player"];

function playerNames(sheet) {
  const players = Array.isArray(sheet.players) ? sheet.players.map(String) : [];
  const n = (FORMS[presetOf(sheet)] || {}).players || players.length;
  while (players.length < n) players.push(say("player_n", { n: players.length + 1 }));
  return players;
}

function sideNames(sheet) {
  if (tallied && tallied.ok) return tallied.sides;
  const players = playerNames(sheet);
  const form = FORMS[presetOf(sheet)];
  if (form && form.sides === 2 && players.length === 4) {
    return Array.isArray(sheet.sides) && sheet.sides.length === 2
      ? sheet.sides.map(String)
      : [`${players[0]} + ${players[2]}`, `${players[1]} + ${players[3]}`];
  }
  return players;
}

// -- the engine -----------------------------------------------------------------------------------
async function tally(sheet) {
  const answer = await engine().request("tally", { sheet });
  return answer;
}

// The engine's answer, worded (present/score.py: words): a refused deal comes with the tally of
// the deals before it (partial), whose totals still count.
async function retally() {
  if (!game || !engineReady) return;
  const sheet = game.sheet;
  const answer = await tally(sheet);
  if (!game || game.sheet !== sheet) return; // another game or a newer sheet meanwhile
  tallied = answer;
  renderGame();
}

// What is wrong with a refused sheet or deal, in the worker's words.
const refusal = (answer) => answer.words?.error ?? catalog.errors.generic;

// -- the list of saved games ----------------------------------------------------------------------
function renderGames() {
  games = loadGames();
  const list = $("score-game-list");
  list.replaceChildren();
  $("score-no-games").hidden = games.length > 0;
  for (const g of games) {
    const item = el("li", g.id === game?.id ? "current" : "");
    if (g.broken) {
      const copy = g.aside ? ui("storage_copy", { key: g.aside }) : ui("storage_no_copy");
      item.append(el("p", "error", `${say("bad_saved", { key: g.id })} ${copy}`));
    } else {
      const names = Array.isArray(g.sheet.players) ? g.sheet.players.map(String).join(", ") : "?";
      const started = new Date(String(g.sheet.started || ""));
      const date = Number.isNaN(started.getTime()) ? "" : started.toLocaleDateString(document.documentElement.lang);
      const label = say("game_label", { names, date }).replace(/ · $/, "");
      const open = el("button", "choice", say("open_game"));
      open.type = "button";
      open.setAttribute("aria-label", `${say("open_game")}: ${label}`);
      open.addEventListener("click", () => openGame(g.id));
      item.append(el("span", "game-label", label), open);
      if (g.id === game?.id) open.setAttribute("aria-current", "true");
    }
    const remove = el("button", "choice secondary", say("delete_game"));
    remove.type = "button";
    remove.setAttribute("aria-label", `${say("delete_game")}: ${g.broken ? g.id : item.querySelector(".game-label").textContent}`);
    remove.addEventListener("click", () => askDelete(item, g));
    item.append(remove);
    list.append(item);
  }
}

function askDelete(item, g) {
  if (item.querySelector(".confirm")) return;
  const name = g.broken ? g.id : item.querySelector(".game-label").textContent;
  const box = el("div", "confirm");
  box.setAttribute("role", "group");
  const question = el("p", "", say("delete_game_ask", { name }));
  question.id = `ask-${g.id}`;
  box.setAttribute("aria-labelledby", question.id);
  const yes = el("button", "choice", say("delete_yes"));
  const no = el("button", "choice secondary", say("delete_no"));
  yes.type = no.type = "button";
  yes.addEventListener("click", () => {
    storage()?.removeItem(PREFIX + g.id);
    if (game?.id === g.id) closeGame();
    renderGames();
    if (!game) showSetup();
  });
  no.addEventListener("click", () => box.remove());
  box.append(question, yes, no);
  item.append(box);
  yes.focus();
}

function openGame(id) {
  const g = loadGames().find((x) => x.id === id && !x.broken);
  if (!g) return;
  game = { id, sheet: g.sheet };
  entrySignature = null;
  carry = false;
  try {
    storage()?.setItem(CURRENT, id);
  } catch {
    // a full storage: the game opens, the next visit opens the newest one
  }
  tallied = null;
  editing = null;
  $("score-setup").hidden = true;
  renderGames();
  renderGame();
  retally();
}

function closeGame() {
  game = null;
  tallied = null;
  $("score-game").hidden = true;
}

// -- a new game -----------------------------------------------------------------------------------
function showSetup() {
  $("score-setup").hidden = false;
  setupPreset();
}

function setupPreset() {
  const preset = $("score-rules").value;
  houseRules.choosePreset(preset);
  const form = FORMS[preset];
  const box = $("score-name-fields");
  const old = [...box.querySelectorAll("input[data-player]")].map((input) => input.value);
  const oldSides = [...box.querySelectorAll("input[data-side]")].map((input) => input.value);
  box.replaceChildren();
  for (let i = 0; i < form.players; i += 1) {
    const field = el("p", "field");
    const input = el("input");
    input.id = `score-player-${i}`;
    input.dataset.player = String(i);
    input.maxLength = 40;
    input.autocomplete = "off";
    input.value = old[i] || "";
    const label = el("label", "", say("player_n", { n: i + 1 }));
    label.htmlFor = input.id;
    field.append(label, input);
    box.append(field);
  }
  const pairs = form.sides === 2 && form.players === 4;
  $("score-pairs-note").hidden = !pairs;
  if (pairs) {
    for (let i = 0; i < 2; i += 1) {
      const field = el("p", "field");
      const input = el("input");
      input.id = `score-side-${i}`;
      input.dataset.side = String(i);
      input.maxLength = 40;
      input.value = oldSides[i] || "";
      const label = el("label", "", say("side_n", { n: i + 1 }));
      label.htmlFor = input.id;
      field.append(label, input);
      box.append(field);
    }
  }
  updateDealerChoices();
}

function updateDealerChoices() {
  const select = $("score-first-dealer");
  const chosen = select.value;
  const inputs = [...$("score-name-fields").querySelectorAll("input[data-player]")];
  select.replaceChildren(...inputs.map((input, i) => new Option(input.value.trim() || say("player_n", { n: i + 1 }), String(i))));
  if (chosen && Number(chosen) < inputs.length) select.value = chosen;
}

function startGame(event) {
  event.preventDefault();
  const preset = $("score-rules").value;
  const players = [...$("score-name-fields").querySelectorAll("input[data-player]")].map((input) => input.value.trim());
  const error = $("score-setup-error");
  if (players.some((name) => !name)) {
    error.textContent = say("names_missing");
    error.hidden = false;
    return;
  }
  error.hidden = true;
  const sheet = {
    format: FORMAT,
    version: SHEET_VERSION,
    rules: houseRules.rulesText(preset),
    players,
    first_dealer: Number($("score-first-dealer").value || 0),
    started: new Date().toISOString(),
    deals: [],
  };
  const sides = [...$("score-name-fields").querySelectorAll("input[data-side]")].map((input) => input.value.trim());
  if (sides.length === 2 && sides.every(Boolean)) sheet.sides = sides;
  const id = newId();
  saveGame(id, sheet);
  openGame(id);
}

// -- the game -------------------------------------------------------------------------------------
function renderGame() {
  if (!game) return;
  const sheet = game.sheet;
  $("score-game").hidden = false;
  const players = playerNames(sheet);
  const sides = sideNames(sheet);
  const result = tallied && tallied.ok ? tallied : tallied?.partial || null;
  $("score-game-title").textContent = players.join(", ");
  $("score-rules-info").textContent = catalog.presets[presetOf(sheet)] || presetOf(sheet);
  $("score-house-info").textContent = result ? summary(houseOptions(result)) : "";
  $("score-target").textContent = tallied?.words?.target || "";
  const sheetError = $("score-sheet-error");
  sheetError.hidden = true;
  if (tallied && !tallied.ok && !Number.isInteger(tallied.error?.params?.deal)) {
    sheetError.textContent = refusal(tallied);
    sheetError.hidden = false;
  }
  // totals
  const body = $("score-totals").tBodies[0];
  body.replaceChildren();
  const totals = result ? result.totals : sides.map(() => null);
  sides.forEach((name, side) => {
    const row = el("tr", result?.finished && result.winners.includes(side) ? "winner" : "");
    const head = el("th", "", name);
    head.scope = "row";
    row.append(head, el("td", "", totals[side] === null ? "–" : figure(totals[side]))); // "−30": a true minus
    body.append(row);
  });
  // next, or the end
  $("score-next").textContent = tallied?.words?.next || "";
  renderDeals(sheet);
  renderEntry();
}

function houseOptions(result) {
  const parts = result.rules.split("+").slice(1);
  return Object.fromEntries(
    parts.map((part) => {
      const [name, value] = part.split("=");
      if (value === undefined) return [name, true];
      if (value === "off") return [name, false];
      return [name, /^-?\d+$/.test(value) ? Number(value) : value];
    }),
  );
}

// The deals: as the worker drew them with the engine's tally (present/score.py), else waiting for
// it; each with its buttons.
function renderDeals(sheet) {
  const list = $("score-deals");
  list.replaceChildren();
  $("score-no-deals").hidden = sheet.deals.length > 0;
  const drawn = tallied?.words?.deals || [];
  sheet.deals.forEach((_, index) => {
    const number = index + 1;
    const item = drawn[index] ? mount(drawn[index]) : pendingDeal(number);
    const controls = el("div", "controls no-print");
    const edit = el("button", "choice secondary", say("edit"));
    edit.type = "button";
    edit.setAttribute("aria-label", say("edit_deal", { n: number }));
    edit.addEventListener("click", () => startEdit(index));
    const remove = el("button", "choice secondary", say("delete"));
    remove.type = "button";
    remove.setAttribute("aria-label", say("delete_deal", { n: number }));
    remove.addEventListener("click", () => deleteDeal(index));
    controls.append(edit, remove);
    item.append(controls);
    list.append(item);
  });
}

function pendingDeal(number) {
  const item = el("li", "score-deal");
  item.dataset.deal = String(number);
  item.append(el("h4", "", say("deal_n", { n: number })), el("p", "note", say("pending")));
  return item;
}

// -- the entry form ---------------------------------------------------------------------------------
function field(labelText, input, id, help) {
  const p = el("p", "field");
  input.id = id;
  const label = el("label", "", labelText);
  label.htmlFor = id;
  p.append(label, input);
  if (help) {
    const h = el("span", "field-help", help);
    h.id = `${id}-help`;
    input.setAttribute("aria-describedby", h.id);
    p.append(h);
  }
  return p;
}

function numberInput(value) {
  const input = el("input");
  input.type = "text";
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.pattern = "[0-9]*";
  input.value = value === undefined || value === null ? "" : String(value);
  return input;
}

function seatSelect(players, value, empty) {
  const select = el("select");
  if (empty !== undefined) select.append(new Option(empty, ""));
  players.forEach((name, seat) => select.append(new Option(name, String(seat))));
  select.value = value === undefined || value === null ? "" : String(value);
  return select;
}

function renderEntry() {
  const sheet = game.sheet;
  const form = formOf(sheet);
  const labels = formWordsOf(sheet);
  const players = playerNames(sheet);
  const sides = sideNames(sheet);
  const number = editing === null ? sheet.deals.length + 1 : editing + 1;
  const over = editing === null && tallied?.ok && tallied.finished;
  $("score-entry").hidden = over;
  $("score-entry-title").textContent = say(editing === null ? "entry_title" : "editing_title", { n: number });
  $("score-save").textContent = say(editing === null ? "save_deal" : "save_edit");
  $("score-cancel").hidden = editing === null;
  const signature = JSON.stringify([game.id, form, players, sides, editing, number]);
  if (signature === entrySignature) return; // what was typed stays
  let entry = editing === null ? {} : sheet.deals[editing] || {};
  if (carry && editing === null && entrySignature !== null && $("score-bidder")) entry = readEntry();
  entrySignature = signature;
  carry = true;
  const box = $("score-entry-fields");
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
  box.replaceChildren();
  const kind = entry.redeal ? "redeal" : entry.all_pass ? "all_pass" : "played";
  const kinds = ["played", ...(form.redeal ? ["redeal"] : []), ...(form.all_pass ? ["all_pass"] : [])];
  if (kinds.length > 1 || kind !== "played") {
    const set = el("fieldset", "kinds");
    set.append(el("legend", "", say("kind")));
    for (const k of kinds.includes(kind) ? kinds : [...kinds, kind]) {
      const p = el("p", "field check");
      const radio = el("input");
      radio.type = "radio";
      radio.name = "score-kind";
      radio.value = k;
      radio.id = `score-kind-${k}`;
      radio.checked = k === kind;
      radio.addEventListener("change", showKindFields);
      const label = el("label", "", say(`kind_${k}`));
      label.htmlFor = radio.id;
      p.append(radio, label);
      set.append(p);
    }
    box.append(set);
  }
  const contract = el("div", "contract-fields");
  contract.dataset.for = "played";
  contract.append(field(say("bidder"), seatSelect(players, entry.bidder, say("choose")), "score-bidder"));
  contract.append(field(say("bid"), numberInput(entry.bid), "score-bid", labels.bid_help));
  if (form.raise || (entry.contract !== undefined && entry.contract !== entry.bid)) {
    contract.append(field(say("contract"), numberInput(entry.contract !== entry.bid ? entry.contract : ""), "score-contract"));
  }
  box.append(contract);
  const played = el("div", "played-fields");
  played.dataset.for = "played all_pass";
  const points = el("fieldset", "points");
  points.append(el("legend", "", say("points")));
  // what the piles add up to (under the dead hand, less than the pack: the engine says how much less)
  points.append(el("p", "field-help", labels.points_help));
  const values = Array.isArray(entry.points) ? entry.points : [];
  sides.forEach((name, side) => {
    const input = numberInput(values[side]);
    input.dataset.side = String(side);
    input.addEventListener("input", updateSum);
    points.append(field(say("points_of", { name }), input, `score-points-${side}`));
  });
  const sum = el("p", "points-sum", "");
  sum.id = "score-points-sum";
  sum.setAttribute("aria-live", "polite");
  points.append(sum);
  played.append(points);
  if (form.last_trick_bonus) {
    played.append(field(labels.last_trick, seatSelect(players, entry.last_trick, say("choose")), "score-last-trick"));
  }
  if (form.no_tricks || (entry.no_tricks && entry.no_tricks.length)) {
    const set = el("fieldset", "no-tricks");
    set.append(el("legend", "", say(form.porvoo ? "no_tricks" : "no_tricks_plain")));
    set.append(el("p", "field-help", say("no_tricks_help")));
    const none = Array.isArray(entry.no_tricks) ? entry.no_tricks : [];
    players.forEach((name, seat) => {
      const p = el("p", "field check");
      const box2 = el("input");
      box2.type = "checkbox";
      box2.id = `score-no-tricks-${seat}`;
      box2.dataset.seat = String(seat);
      box2.checked = none.includes(seat);
      const label = el("label", "", name);
      label.htmlFor = box2.id;
      p.append(box2, label);
      set.append(p);
    });
    played.append(set);
  }
  const decl = el("fieldset", "declarations");
  decl.append(el("legend", "", say("declarations")));
  decl.append(el("p", "field-help", say(form.questions ? "declarations_help_questions" : "declarations_help")));
  const declared = Array.isArray(entry.declarations) ? entry.declarations : [];
  for (const suit of SUITS) {
    const found = declared.find((d) => d && d.suit === suit);
    const suitName = catalog.suits[suit].nom;
    const row = el("div", "declaration-row");
    row.append(field(labels.decl_by[suit], seatSelect(players, found?.seat, say("decl_nobody")), `score-decl-${suit}`));
    if (form.questions || (found && found.how && found.how !== "own")) {
      const how = el("select");
      const hows = ["own", ...(form.questions ? ["half"] : []), ...(form.full_question ? ["full"] : [])];
      for (const h of hows) how.append(new Option(say(`how_${h}`), h));
      how.value = found?.how || "own";
      row.append(field(say("decl_how", { suit: suitName }), how, `score-decl-how-${suit}`));
    }
    decl.append(row);
  }
  played.append(decl);
  box.append(played);
  showKindFields();
  updateSum();
  if (focused && $(focused)) $(focused).focus();
}

function chosenKind() {
  return document.querySelector('input[name="score-kind"]:checked')?.value || "played";
}

function showKindFields() {
  const kind = chosenKind();
  for (const part of $("score-entry-fields").querySelectorAll("[data-for]")) part.hidden = !part.dataset.for.split(" ").includes(kind);
}

function updateSum() {
  const inputs = [...$("score-entry-fields").querySelectorAll(".points input")];
  const sum = inputs.reduce((total, input) => total + (Number.parseInt(input.value, 10) || 0), 0);
  const node = $("score-points-sum");
  if (node) node.textContent = say("points_sum", { sum, pack: formOf(game.sheet).pack });
}

// A number as typed: a whole number, or the text itself so that the engine says what is wrong.
function typed(text) {
  const value = text.trim();
  return /^-?\d+$/.test(value) ? Number(value) : value;
}

function readEntry() {
  const kind = chosenKind();
  if (kind === "redeal") return { redeal: true };
  const entry = {};
  if (kind === "all_pass") entry.all_pass = true;
  else {
    const bidder = $("score-bidder").value;
    if (bidder !== "") entry.bidder = Number(bidder);
    const bid = $("score-bid").value;
    if (bid.trim() !== "") entry.bid = typed(bid);
    const contract = $("score-contract");
    if (contract && contract.value.trim() !== "") entry.contract = typed(contract.value);
  }
  entry.points = [...$("score-entry-fields").querySelectorAll(".points input")].map((input) => (input.value.trim() === "" ? 0 : typed(input.value)));
  const last = $("score-last-trick");
  if (last && last.value !== "") entry.last_trick = Number(last.value);
  const none = [...$("score-entry-fields").querySelectorAll(".no-tricks input:checked")].map((box) => Number(box.dataset.seat));
  if (none.length) entry.no_tricks = none;
  const declarations = [];
  for (const suit of SUITS) {
    const seat = $(`score-decl-${suit}`).value;
    if (seat === "") continue;
    const how = $(`score-decl-how-${suit}`)?.value || "own";
    declarations.push(how === "own" ? { suit, seat: Number(seat) } : { suit, seat: Number(seat), how });
  }
  if (declarations.length) entry.declarations = declarations;
  return entry;
}

async function saveEntry(event) {
  event.preventDefault();
  if (!game) return;
  const entry = readEntry();
  const deals = [...game.sheet.deals];
  const index = editing === null ? deals.length : editing;
  deals[index] = entry;
  const sheet = { ...game.sheet, deals };
  const error = $("score-entry-error");
  error.hidden = true;
  if (engineReady) {
    const answer = await tally(sheet);
    if (!answer.ok && answer.error?.params?.deal === index + 1) {
      // the entry stays in the form, with what is wrong
      error.textContent = refusal(answer);
      error.hidden = false;
      return;
    }
  }
  game.sheet = sheet;
  saveGame(game.id, sheet);
  editing = null;
  carry = false;
  tallied = null;
  $("score-entry-status").textContent = say("deal_saved", { n: index + 1 });
  renderGames();
  renderGame();
  await retally();
}

function startEdit(index) {
  editing = index;
  $("score-entry-error").hidden = true;
  renderEntry();
  $("score-entry-title").scrollIntoView?.({ block: "start" });
  const first = $("score-entry-fields").querySelector("input:not([type=radio]), select, input");
  first?.focus();
}

function cancelEdit() {
  editing = null;
  carry = false;
  $("score-entry-error").hidden = true;
  renderEntry();
}

async function deleteDeal(index) {
  const deals = game.sheet.deals.filter((_, i) => i !== index);
  game.sheet = { ...game.sheet, deals };
  if (editing !== null) editing = editing === index ? null : editing > index ? editing - 1 : editing;
  saveGame(game.id, game.sheet);
  tallied = null;
  $("score-entry-status").textContent = say("deal_deleted", { n: index + 1 });
  renderGame();
  await retally();
}

// -- sharing and export -----------------------------------------------------------------------------
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function shareLink() {
  const url = new URL(window.location.href);
  url.hash = `sheet=${toBase64Url(JSON.stringify(game.sheet))}`;
  const input = $("score-share-url");
  input.value = url.href;
  $("score-share-box").hidden = false;
  input.select();
  const status = $("score-share-status");
  if (navigator.clipboard?.writeText) {
    navigator.clipboard.writeText(url.href).then(
      () => (status.textContent = ui("link_copied")),
      () => (status.textContent = ""),
    );
  }
}

function download(name, type, text) {
  const link = el("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const fileStem = () => `huutopussi-${(game.sheet.started || new Date().toISOString()).slice(0, 10)}`;

function exportJson() {
  download(`${fileStem()}.json`, "application/json", `${JSON.stringify(game.sheet, null, 1)}\n`);
}

// A cell of the CSV: numbers as they are; text quoted where needed, and a name that a spreadsheet
// would take for a formula (=, +, -, @ first) starts with an apostrophe.
function csvCell(value) {
  if (typeof value === "number") return String(value);
  let text = String(value ?? "");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function exportCsv() {
  const players = playerNames(game.sheet);
  const sides = sideNames(game.sheet);
  const result = tallied?.ok ? tallied : tallied?.partial;
  const head = [say("csv_deal"), say("csv_dealer"), say("csv_kind"), say("csv_bidder"), say("csv_bid"), say("csv_contract"), ...sides, ...sides.map((name) => say("csv_total", { name }))];
  const rows = [head];
  for (const d of result?.deals || []) {
    const s = d.score;
    rows.push([
      d.number,
      players[d.dealer],
      say(`kind_${d.kind}`),
      s && s.bidder !== null ? players[s.bidder] : "",
      s?.bid ?? "",
      s?.contract ?? "",
      ...(d.deal_scores || sides.map(() => 0)),
      ...d.totals,
    ]);
  }
  download(`${fileStem()}.csv`, "text/csv", `\ufeff${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`);
}

// A sheet from outside (a link or a file) becomes a game of its own; the engine checks it.
function adopt(sheet, message) {
  if (sheetShape(sheet)) {
    throw Object.assign(new Error("not a sheet"), { detail: S.errors.sheet_format });
  }
  const id = newId();
  if (!saveGame(id, sheet)) return;
  notice("");
  openGame(id);
  $("score-entry-status").textContent = message;
}

function openFromLink() {
  const match = /^#sheet=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!window.location.hash.startsWith("#sheet=")) return false;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  try {
    if (!match) throw new Error("bad fragment");
    let sheet;
    try {
      sheet = JSON.parse(fromBase64Url(match[1]));
    } catch {
      throw Object.assign(new Error("not JSON"), { detail: say("not_json") });
    }
    adopt(sheet, say("opened_link"));
    return true;
  } catch (error) {
    notice(say("bad_link", { detail: error.detail || say("not_json") }));
    return false;
  }
}

async function importFile() {
  const file = $("score-import").files[0];
  if (!file) return;
  try {
    if (file.size > 200000) throw Object.assign(new Error("too big"), { detail: format(S.errors.sheet_too_long, { max: 200000 }) });
    let sheet;
    try {
      sheet = JSON.parse(await file.text());
    } catch {
      throw Object.assign(new Error("not JSON"), { detail: say("not_json") });
    }
    adopt(sheet, say("imported"));
  } catch (error) {
    notice(say("bad_file", { detail: error.detail || say("not_json") }));
  } finally {
    $("score-import").value = "";
  }
}

// -- start ------------------------------------------------------------------------------------------
$("score-rules").addEventListener("change", setupPreset);
$("score-name-fields").addEventListener("input", updateDealerChoices);
$("score-setup").addEventListener("submit", startGame);
$("score-new").addEventListener("click", () => {
  closeGame();
  renderGames();
  showSetup();
  $("score-player-0")?.focus();
});
$("score-entry").addEventListener("submit", saveEntry);
$("score-cancel").addEventListener("click", cancelEdit);
$("score-share-link").addEventListener("click", shareLink);
$("score-export-json").addEventListener("click", exportJson);
$("score-export-csv").addEventListener("click", exportCsv);
$("score-print").addEventListener("click", () => window.print());
$("score-import").addEventListener("change", importFile);
window.addEventListener("hashchange", () => {
  if (window.location.hash.startsWith("#sheet=")) {
    openFromLink();
    renderGames();
  }
});

renderGames();
if (!openFromLink()) {
  const current = storage()?.getItem(CURRENT);
  const saved = games.find((g) => g.id === current && !g.broken) || games.find((g) => !g.broken);
  if (saved) openGame(saved.id);
  else showSetup();
}

engine().ready.then(
  () => {
    engineReady = true;
    $("score-engine").textContent = say("engine_ready");
    document.body.dataset.engine = "ready";
    retally();
  },
  (error) => {
    $("score-engine").textContent = engineUnavailable(error);
    document.body.dataset.engine = "failed";
  },
);
