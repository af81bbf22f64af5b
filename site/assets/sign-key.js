// A "±" key beside a number answer (a score can be below zero): the number keypad of some phones
// (iPhone, inputmode="numeric") has no minus key. The key turns the typed number's sign; typing
// "-" or "−" works as well (answers.js readNumber).
const catalog = JSON.parse(document.getElementById("catalog")?.textContent || "{}");

export function addSignKey(input) {
  if (!input || input.nextElementSibling?.classList.contains("sign-key")) return;
  const key = document.createElement("button");
  key.type = "button";
  key.className = "sign-key";
  key.textContent = "±";
  key.setAttribute("aria-label", catalog.lesson_player?.sign_key || "±");
  key.disabled = input.disabled;
  // the key follows the input's disabled state (the puzzle enables and locks its controls)
  new MutationObserver(() => (key.disabled = input.disabled)).observe(input, { attributes: true, attributeFilter: ["disabled"] });
  // pressing the key keeps the focus (and a phone's keypad) in the input
  key.addEventListener("pointerdown", (event) => event.preventDefault());
  key.addEventListener("click", () => {
    const value = input.value.trim();
    input.value = /^[-\u2212]/.test(value) ? value.slice(1) : `-${value}`;
    input.focus();
    input.setSelectionRange?.(input.value.length, input.value.length);
  });
  input.after(key);
}
