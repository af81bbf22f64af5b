// The position page: opens a shared position (#k=KIND&p=POSITION&show=all) as a puzzle and
// builds such links with the editor. The engine checks every position; nothing from the link is
// run, and it reaches the page only as text (textContent), never as HTML.
import { engine, engineUnavailable } from "./engine-client.js";
import { format, ui } from "./messages.js";
import { el, Puzzle } from "./puzzle.js";
import { renderPuzzle } from "./render.js";

const KINDS = ["legal-card", "all-legal", "best-card"];
const shared = document.getElementById("shared");
const form = document.getElementById("editor");

function showError(detail) {
  const message = el("p", "error", ui("shared_bad", { detail }));
  shared.replaceChildren(message);
}

async function openShared() {
  const params = new URLSearchParams(location.hash.slice(1));
  const position = params.get("p");
  if (!position) {
    shared.replaceChildren();
    return;
  }
  const kind = params.get("k") || "best-card";
  if (!KINDS.includes(kind)) {
    showError(kind);
    return;
  }
  shared.replaceChildren(el("p", "status", ui("shared_loading")));
  const spec = { kind, position, show: params.get("show") === "all" ? [0, 1, 2, 3] : [] };
  let answer;
  try {
    await engine().ready;
    answer = await engine().request("puzzle", { puzzle: spec });
  } catch (error) {
    shared.replaceChildren(el("p", "error", engineUnavailable(error)));
    return;
  }
  if (!answer.ok) {
    showError(answer.error.message);
    return;
  }
  const section = renderPuzzle(spec, answer.view, answer.solution, answer.table);
  shared.replaceChildren(section);
  new Puzzle(section).enable();
  section.focus();
  fillEditor(position, kind, spec.show.length > 0);
}

async function fillEditor(position, kind, showAll) {
  const answer = await engine().request("fields", { position });
  if (!answer.ok) return;
  const f = answer.fields;
  form.rules.value = f.rules.split("+")[0];
  for (const input of form.querySelectorAll("input[name=hand]")) input.value = f.hands[input.dataset.seat] ?? "";
  form.lead.value = f.lead;
  form.trick.value = f.trick ?? "";
  form.decl.value = f.decl ?? "";
  form.kind.value = kind;
  form.show.checked = showAll;
  updateSeats();
}

function updateSeats() {
  const players = Number(form.rules.selectedOptions[0].dataset.players);
  for (const input of form.querySelectorAll("input[name=hand]")) {
    const visible = Number(input.dataset.seat) < players;
    input.hidden = !visible;
    input.labels[0].hidden = !visible;
  }
  for (const option of form.lead.options) option.hidden = Number(option.value) >= players;
}

function positionFromForm() {
  const players = Number(form.rules.selectedOptions[0].dataset.players);
  const hands = [...form.querySelectorAll("input[name=hand]")].slice(0, players).map((i) => i.value.trim());
  const parts = [`rules:${form.rules.value}`, `hands:${hands.join(",")}`, `lead:${form.lead.value}`];
  if (form.trick.value.trim()) parts.push(`trick:${form.trick.value.trim()}`);
  if (form.decl.value.trim()) parts.push(`decl:${form.decl.value.trim()}`);
  return parts.join("/");
}

form.rules.addEventListener("change", updateSeats);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const result = document.getElementById("ed-result");
  const row = document.getElementById("ed-link-row");
  row.hidden = true;
  const position = positionFromForm();
  const spec = { kind: form.kind.value, position, show: form.show.checked ? [0, 1, 2, 3] : [] };
  result.className = "";
  result.textContent = ui("shared_loading");
  let answer;
  try {
    answer = await engine().request("puzzle", { puzzle: spec });
  } catch (error) {
    result.textContent = engineUnavailable(error);
    return;
  }
  if (!answer.ok) {
    result.className = "error";
    result.textContent = ui("shared_bad", { detail: answer.error.message });
    return;
  }
  result.textContent = ui("editor_ok");
  const hash = `#k=${spec.kind}&p=${encodeURIComponent(position)}${form.show.checked ? "&show=all" : ""}`;
  const link = document.getElementById("ed-link");
  link.href = hash;
  row.hidden = false;
  document.getElementById("ed-copy").onclick = async () => {
    const copied = document.getElementById("ed-copied");
    try {
      await navigator.clipboard.writeText(new URL(hash, location.href).href);
      copied.textContent = ui("link_copied");
    } catch {
      copied.textContent = format(ui("link_manual"), { url: new URL(hash, location.href).href });
    }
  };
});

updateSeats();
window.addEventListener("hashchange", openShared);
openShared();
