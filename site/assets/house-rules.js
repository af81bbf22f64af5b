// The rule controls of the play page, the position editor and the score sheet: a <details> with one
// control per option offered at the table (the sources' options and the house rules) that the
// chosen preset can use, in a group per source and the house rules last. Which options exist, their
// sources, kinds, defaults, choices, labels, explanations and readings, the groups, which apply to
// each preset and the preset's own values come from the build (the page's #house-rules-data, made
// by sitebuild.rulespages.house_rule_controls from the engine's declarations of its options); the
// engine checks every rule set made here. Rules text is the notation "preset+rule+rule=value".
import { catalog, ui } from "./messages.js";
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
    const label = catalog.option_labels_in_sentence[name] ?? name;
    return value === true ? label : ui("rule_with_value", { label, value: valueWords(name, value) }, { fragment: true });
  });
}

function isHouseRule(name) {
  return name in OPTIONS && OPTIONS[name].source === "house";
}

// The options a game or position changes from its preset, in a sentence or two: the house rules,
// then any other change (a source's option, or one a link carries); "" when there are none.
export function summary(options) {
  const house = Object.fromEntries(Object.entries(options).filter(([name]) => isHouseRule(name)));
  const other = Object.fromEntries(Object.entries(options).filter(([name]) => !isHouseRule(name)));
  const parts = [];
  if (Object.keys(house).length) parts.push(ui("house_rules_list", { rules: describe(house).join("; ") }));
  if (Object.keys(other).length) parts.push(ui("rules_also_changed", { rules: describe(other).join("; ") }));
  return parts.join(" ");
}

function optionText(name, value) {
  if (value === true) return name;
  return `${name}=${value === false ? "off" : value}`;
}

// One house rule's control. A rule that needs other options beside it (data.needs) says which in
// words (option.also); the one the player chooses (option.edit, the opening minimum) gets its own
// number field, shown while the rule is on.
function control(option, id, needs) {
  const words = [option.text, option.reading, option.also].filter(Boolean).join(" ");
  const help = el("p", "field-help", words);
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
    input = numberInput();
  }
  input.id = id;
  input.name = option.name;
  input.setAttribute("aria-describedby", help.id);
  const field = el("div", option.kind === "bool" ? "field check house-rule" : "field house-rule");
  field.dataset.option = option.name;
  field.append(...(option.kind === "bool" ? [input, label] : [label, input]), help);
  if (needs && option.edit) {
    const value = numberInput();
    value.id = `${id}-value`;
    value.name = option.edit.name;
    value.className = "house-value-input";
    value.value = String(needs[option.edit.name]);
    value.setAttribute("aria-describedby", help.id);
    const valueLabel = el("label", "", option.edit.label);
    valueLabel.htmlFor = value.id;
    const box = el("p", "field house-value");
    box.append(valueLabel, value);
    box.hidden = !input.checked;
    input.addEventListener("change", () => {
      box.hidden = !input.checked;
    });
    field.append(box);
  }
  return field;
}

function numberInput() {
  const input = el("input");
  input.type = "number";
  input.inputMode = "numeric";
  input.step = "1";
  return input;
}

export class HouseRules {
  // details: the page's <details class="house-options"> with .house-controls, .house-count and
  // .house-other inside; prefix: the start of the controls' ids; sheet: only the rules that
  // change a score sheet (option.sheet, from the engine's tally).
  constructor(details, prefix, { sheet = false } = {}) {
    this.details = details;
    this.prefix = prefix;
    this.sheet = sheet;
    this.box = details.querySelector(".house-controls");
    this.count = details.querySelector(".house-count");
    this.otherBox = details.querySelector(".house-other");
    this.other = {}; // options of a loaded rule set that have no control here: kept as they are
    this.box.addEventListener("change", () => this.updateCount());
  }

  // Controls for a preset's options, in their groups, set from options ({name: value}; the rest at
  // the preset's own values). Options without a control here are kept in the rules text and named.
  // A rule that needs other options takes them from options when it is on there (they are its own,
  // not kept apart); the chosen value of its number field too.
  show(preset, options = {}) {
    const names = this.names(preset);
    this.needs = (data.needs || {})[preset] || {};
    this.values = (data.values || {})[preset] || {};
    const sections = [];
    for (const group of data.groups || []) {
      const mine = names.filter((name) => OPTIONS[name].source === group.code);
      if (!mine.length) continue;
      const section = el("fieldset", "rule-group");
      section.dataset.source = group.code;
      section.append(el("legend", "", group.title));
      if (group.help) section.append(el("p", "field-help", group.help));
      section.append(...mine.map((name) => control(OPTIONS[name], `${this.prefix}-${name}`, this.needs[name])));
      sections.push(section);
    }
    this.box.replaceChildren(...sections);
    const own = new Set(names);
    for (const name of names) {
      this.set(name, name in options ? options[name] : this.initial(name));
      const needs = this.needs[name];
      if (!needs || options[name] !== true) continue;
      const edit = OPTIONS[name].edit;
      for (const [need, value] of Object.entries(needs)) {
        if (edit && need === edit.name && need in options) this.setValue(name, options[need]);
        if ((edit && need === edit.name) || options[need] === value) own.add(need);
      }
    }
    this.other = Object.fromEntries(Object.entries(options).filter(([name]) => !own.has(name)));
    const others = describe(this.other);
    this.otherBox.textContent = others.length ? ui("house_rules_other", { rules: others.join("; ") }) : "";
    this.otherBox.hidden = !others.length;
    this.updateCount();
  }

  // Another preset chosen: the chosen house rules that apply to it stay, the rest are dropped.
  choosePreset(preset) {
    const names = this.names(preset);
    this.show(preset, Object.fromEntries(Object.entries(this.chosen()).filter(([name]) => names.includes(name))));
  }

  // An option's value in the chosen preset (the preset's own, or the option's default).
  initial(name) {
    return name in (this.values || {}) ? this.values[name] : OPTIONS[name].default;
  }

  // The options this page offers for a preset.
  names(preset) {
    const names = data.presets[preset] || [];
    return this.sheet ? names.filter((name) => OPTIONS[name].sheet) : names;
  }

  ruleInput(name) {
    return this.box.querySelector(`.house-rule[data-option="${name}"] > [name="${name}"]`);
  }

  set(name, value) {
    const input = this.ruleInput(name);
    if (input.type === "checkbox") input.checked = value === true;
    else input.value = String(value);
    const box = input.parentElement.querySelector(".house-value");
    if (box) box.hidden = !input.checked;
  }

  setValue(name, value) {
    this.ruleInput(name).parentElement.querySelector(".house-value-input").value = String(value);
  }

  // A control's value as the rules text takes it.
  value(option) {
    const input = this.ruleInput(option.name);
    if (option.kind === "bool") return input.checked;
    if (option.kind === "int") return input.value.trim() === "" ? this.initial(option.name) : Number(input.value);
    return input.value;
  }

  // The controls away from the preset's own values.
  changed() {
    return [...this.box.querySelectorAll(".house-rule")]
      .map((field) => OPTIONS[field.dataset.option])
      .filter((option) => this.value(option) !== this.initial(option.name));
  }

  // The options chosen: {name: value} for every control away from the preset's value, with the
  // options a chosen rule needs beside it (its number field's value as typed: the engine checks it).
  chosen() {
    const out = {};
    for (const option of this.changed()) {
      const value = this.value(option);
      const needs = (this.needs || {})[option.name];
      if (needs && value === true) {
        const field = this.ruleInput(option.name).parentElement;
        for (const [need, fixed] of Object.entries(needs)) {
          if (option.edit && need === option.edit.name) {
            const typed = field.querySelector(".house-value-input").value.trim();
            out[need] = typed === "" ? fixed : Number(typed);
          } else out[need] = fixed;
        }
      }
      out[option.name] = value;
    }
    return out;
  }

  // Every option the rules text changes: those kept from a loaded rule set and the chosen ones.
  rulesOptions() {
    return { ...this.other, ...this.chosen() };
  }

  // The rule set as text: the preset, then every kept option and every chosen house rule.
  rulesText(preset) {
    const options = this.rulesOptions();
    return [preset, ...Object.entries(options).map(([name, value]) => optionText(name, value))].join("+");
  }

  updateCount() {
    const n = this.changed().length; // the controls changed, not the options a rule sets beside it
    this.count.textContent = n ? ui("house_rules_chosen", { n }) : "";
    this.details.classList.toggle("has-rules", n > 0);
  }
}
