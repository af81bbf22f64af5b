// The house-rule controls of the play page and the position editor: a <details> with one control
// per house rule that the chosen preset can use. Which rules exist, their kinds, defaults, choices,
// labels and explanations, and which apply to each preset, come from the build (the page's
// #house-rules-data, made by sitebuild.rulespages.house_rule_controls from the engine's options);
// the engine checks every rule set made here. Rules text is the notation "preset+rule+rule=value".
import { catalog, format, ui } from "./messages.js";
import { el } from "./puzzle.js";

const data = JSON.parse(document.getElementById("house-rules-data").textContent);
const OPTIONS = Object.fromEntries(data.options.map((o) => [o.name, o]));

// One option in words: its label, with its value unless it is simply switched on.
function valueWords(name, value) {
  const words = (catalog.option_values[name] || {})[String(value)];
  if (words !== undefined) return words;
  if (typeof value === "boolean") return ui(value ? "yes" : "no");
  return String(value);
}

function describe(options) {
  return Object.entries(options).map(([name, value]) => {
    const label = catalog.option_labels[name] || name;
    return value === true ? label : format(ui("rule_with_value"), { label, value: valueWords(name, value) });
  });
}

// The options a game or position changes from its preset, in a sentence or two: the house rules,
// then any other change (a link may carry them); "" when there are none.
export function summary(options) {
  const house = Object.fromEntries(Object.entries(options).filter(([name]) => name in OPTIONS));
  const other = Object.fromEntries(Object.entries(options).filter(([name]) => !(name in OPTIONS)));
  const parts = [];
  if (Object.keys(house).length) parts.push(ui("house_rules_list", { rules: describe(house).join("; ") }));
  if (Object.keys(other).length) parts.push(ui("rules_also_changed", { rules: describe(other).join("; ") }));
  return parts.join(" ");
}

function optionText(name, value) {
  if (value === true) return name;
  return `${name}=${value === false ? "off" : value}`;
}

function control(option, id) {
  const help = el("p", "field-help", option.text);
  help.id = `${id}-help`;
  const label = el("label", "", option.label);
  label.htmlFor = id;
  let input;
  if (option.kind === "bool") {
    input = el("input");
    input.type = "checkbox";
  } else if (option.kind === "choice") {
    input = el("select");
    for (const choice of option.choices) input.append(new Option(choice.text, choice.value));
  } else {
    input = el("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.step = "1";
  }
  input.id = id;
  input.name = option.name;
  input.setAttribute("aria-describedby", help.id);
  const field = el("div", option.kind === "bool" ? "field check house-rule" : "field house-rule");
  field.dataset.option = option.name;
  field.append(...(option.kind === "bool" ? [input, label] : [label, input]), help);
  return field;
}

export class HouseRules {
  // details: the page's <details class="house-options"> with .house-controls, .house-count and
  // .house-other inside; prefix: the start of the controls' ids.
  constructor(details, prefix) {
    this.details = details;
    this.prefix = prefix;
    this.box = details.querySelector(".house-controls");
    this.count = details.querySelector(".house-count");
    this.otherBox = details.querySelector(".house-other");
    this.other = {}; // options of a loaded rule set that have no control here: kept as they are
    this.box.addEventListener("change", () => this.updateCount());
  }

  // Controls for a preset's house rules, set from options ({name: value}; the rest at their
  // defaults). Options without a control here are kept in the rules text and named.
  show(preset, options = {}) {
    const names = data.presets[preset] || [];
    this.box.replaceChildren(...names.map((name) => control(OPTIONS[name], `${this.prefix}-${name}`)));
    for (const name of names) this.set(name, name in options ? options[name] : OPTIONS[name].default);
    this.other = Object.fromEntries(Object.entries(options).filter(([name]) => !names.includes(name)));
    const others = describe(this.other);
    this.otherBox.textContent = others.length ? ui("house_rules_other", { rules: others.join("; ") }) : "";
    this.otherBox.hidden = !others.length;
    this.updateCount();
  }

  // Another preset chosen: the chosen house rules that apply to it stay, the rest are dropped.
  choosePreset(preset) {
    const names = data.presets[preset] || [];
    this.show(preset, Object.fromEntries(Object.entries(this.chosen()).filter(([name]) => names.includes(name))));
  }

  set(name, value) {
    const input = this.box.querySelector(`[name="${name}"]`);
    if (input.type === "checkbox") input.checked = value === true;
    else input.value = String(value);
  }

  // The house rules chosen: {name: value} for every control away from its default.
  chosen() {
    const out = {};
    for (const input of this.box.querySelectorAll("input, select")) {
      const option = OPTIONS[input.name];
      let value = input.value;
      if (option.kind === "bool") value = input.checked;
      else if (option.kind === "int") value = value.trim() === "" ? option.default : Number(value);
      if (value !== option.default) out[option.name] = value;
    }
    return out;
  }

  // The rule set as text: the preset, then every kept option and every chosen house rule.
  rulesText(preset) {
    const options = { ...this.other, ...this.chosen() };
    return [preset, ...Object.entries(options).map(([name, value]) => optionText(name, value))].join("+");
  }

  updateCount() {
    const n = Object.keys(this.chosen()).length;
    this.count.textContent = n ? ui("house_rules_chosen", { n }) : "";
    this.details.classList.toggle("has-rules", n > 0);
  }
}
