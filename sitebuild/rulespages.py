"""The rules pages: one page per preset and the comparison of all presets, made from the rule
options themselves (``engine.core.rules.OPTION_DOCS``, ``PRESETS``, ``PRESET_INFO``) and the words of
the catalogs, so that a new option appears on every page without touching a template.

* A source is named in words (``sources`` in the catalogs), never by its code.
* A value is shown in words of the page's language: ``option_values`` for named values and the
  zeros that mean "none", yes/no for on/off, the number otherwise.
* Only options that apply to a rule set are listed: an option that needs another (the exchange
  needs pairs, the rounded comparison needs rounding, ...), or an on/off option that is off and
  that the rule set could not switch on (``RuleSet`` refuses it), is left out.
* House rules (an option marked ``house_rule``, or whose source starts with "house rule") are
  off in every preset and listed in a section of their own. The play page and the position
  editor offer them as controls (``house_rule_controls``): for each preset only those that apply.
* Each preset page names the presets that differ from it in at most ``CLOSE`` rules, with those
  rules side by side, and its note (``preset_notes``) says what the table cannot: for two presets
  with the same table, how their sources differ.
"""

from __future__ import annotations

from markupsafe import Markup

from engine.core.rules import OPTION_DOCS, PRESET_INFO, PRESETS, RuleSet, RuleSetError

from . import ROOT, BuildError, rel
from .catalogs import capfirst, fmt, in_sentence, signed

CLOSE = 3


# Where an option means something, and what a house rule needs beside it, are declared with the
# option itself (``engine.core.rules.Option.applies`` and ``.companions``); these read them.
def requires(name: str):
    """Where an option means something (a function of the rule set), or None: wherever it is valid."""
    return OPTION_DOCS[name].applies


def companion_rule(name: str):
    """The options a rule needs beside it where a preset lacks them (``Companions``), or None."""
    return OPTION_DOCS[name].companions


def companions(name: str, rules) -> dict | None:
    """The options a house rule needs beside it under ``rules`` (its declared companions), or None when it
    has none or the engine refuses the rule even with them."""
    declared = companion_rule(name)
    if declared is None:
        return None
    needs = declared.needs(rules)
    try:
        rules.replace(**needs, **{name: True})
    except RuleSetError:
        return None
    return needs


def is_house_rule(name: str) -> bool:
    doc = OPTION_DOCS[name]
    return bool(getattr(doc, "house_rule", False)) or doc.source.lower().startswith("house rule")


def option_names() -> list[str]:
    return [name for name in OPTION_DOCS if name != "name"]


def applies(name: str, rules) -> bool:
    where = requires(name)
    if where is not None and not where(rules):
        return False
    value = getattr(rules, name)
    if value is False:  # an on/off rule that is off applies only if this game could switch it on
        try:
            rules.replace(**{name: True})
        except RuleSetError:
            return False
    return True


def value_words(name: str, value, cat: dict, lang: str) -> str:
    words = cat.get("option_values", {}).get(name, {})
    key = str(value)
    if key in words:
        return words[key]
    if isinstance(value, bool):
        return cat["ui"]["yes"] if value else cat["ui"]["no"]
    if isinstance(value, int):
        return signed(value)
    raise BuildError(f"site/messages/{lang}.json: option_values.{name} has no words for the value {value!r}")


def source_words(code: str, cat: dict, lang: str) -> dict:
    try:
        return cat["sources"][code]
    except KeyError:
        raise BuildError(f"site/messages/{lang}.json: sources has no name for {code!r}") from None


def rows(preset: str, cat: dict, lang: str) -> list[dict]:
    """The rules of one preset that apply to it, house rules aside, with their values in words."""
    rules = PRESETS[preset]
    return [
        {"name": n, "text": cat["options"][n], "value": value_words(n, getattr(rules, n), cat, lang)}
        for n in option_names()
        if not is_house_rule(n) and applies(n, rules)
    ]


def house_rule_text(name: str, cat: dict) -> str:
    """A house rule's explanation without the "House rule:" it starts with (the heading says it)."""
    label = cat["ui"]["house_rule_label"] + ":"
    text = cat["options"][name]
    if text.startswith(label):
        text = text[len(label) :].strip()
        text = text[:1].upper() + text[1:]
    return text


def house_rules(cat: dict) -> list[dict]:
    """The house rules, each without the "House rule:" its text starts with (the section says it)."""
    return [{"name": n, "text": house_rule_text(n, cat)} for n in option_names() if is_house_rule(n)]


def offered(name: str) -> bool:
    """Is the option offered at the table (its declared ``offer``: a source's option or a house rule)?"""
    return bool(OPTION_DOCS[name].offer)


def offered_names() -> list[str]:
    return [name for name in option_names() if offered(name)]


def groups(cat: dict, lang: str) -> list[dict]:
    """The groups of the controls: each source that offers an option, in the catalog's order, then
    the house rules; each with its title and what it says under it."""
    offers = {OPTION_DOCS[name].offer for name in offered_names()}
    out = [
        {"code": code, "title": capfirst(source_words(code, cat, lang)["name"]), "help": ""}
        for code in cat["sources"]
        if code in offers
    ]
    missing = offers - {g["code"] for g in out} - {"house"}
    if missing:
        raise BuildError(f"site/messages/{lang}.json: sources has no name for {', '.join(sorted(missing))}")
    if "house" in offers:
        out.append({"code": "house", "title": cat["ui"]["house_rules"], "help": cat["ui"]["house_rules_help"]})
    return out


def house_rule_controls(cat: dict, lang: str) -> dict:
    """What the play page, the position editor and the score sheet need for their rule controls, as
    data for the page's script (house-rules.js): each option offered at the table (its declared
    ``offer``: the sources' options and the house rules) with its source, its kind ('bool', 'int'
    or 'choice'), its default, its choices in words, its label, explanation and reading (where it
    declares one) from the catalog, whether the score sheet offers it (its declared ``sheet``) and,
    for a rule that needs other options beside it (its declared ``companions``), those options in
    words and the label of the one the player chooses; the groups (``groups``); for each preset the
    options that apply to it (in the engine's order), the preset's own value of each where it is
    not the default (``values``) and the options each rule needs there. Nothing is known to the
    script that does not come from here."""
    path = f"site/messages/{lang}.json"
    options = []
    for name in offered_names():
        doc = OPTION_DOCS[name]
        label = cat.get("option_labels", {}).get(name)
        if not label or not cat["options"].get(name):
            raise BuildError(f"{path}: the option {name!r} needs option_labels.{name} and options.{name}")
        reading = ""
        if doc.reading:
            reading = cat.get("option_readings", {}).get(name, "")
            if not reading:
                raise BuildError(f"{path}: the option {name!r} declares a reading: it needs option_readings.{name}")
        option = {
            "name": name,
            "source": doc.offer,
            "kind": doc.kind,
            "default": doc.default,
            "choices": [{"value": v, "text": value_words(name, v, cat, lang)} for v in doc.choices],
            "label": label,
            "text": house_rule_text(name, cat) if is_house_rule(name) else cat["options"][name],
            "reading": reading,
            "sheet": bool(doc.sheet),
        }
        declared = companion_rule(name)
        if declared is not None:
            edit = declared.edit
            fixed = {k: v for k, v in declared.needs(RuleSet()).items() if k != edit}
            also = "; ".join(_with_value(k, v, cat, lang) for k, v in fixed.items())
            option["also"] = fmt(cat["ui"]["house_rule_also"], {"rules": also}, cat) if also else ""
            if edit:
                option["edit"] = {"name": edit, "label": cat["option_labels"][edit]}
        options.append(option)
    presets, needs, values = {}, {}, {}
    for preset, rules in PRESETS.items():
        presets[preset], needs[preset] = [], {}
        values[preset] = {o["name"]: getattr(rules, o["name"]) for o in options}
        values[preset] = {k: v for k, v in values[preset].items() if v != OPTION_DOCS[k].default}
        for o in options:
            extra = companions(o["name"], rules)
            if extra is not None:
                presets[preset].append(o["name"])
                needs[preset][o["name"]] = extra
            elif applies(o["name"], rules):
                presets[preset].append(o["name"])
    return {
        "options": options,
        "groups": groups(cat, lang),
        "presets": presets,
        "values": values,
        "needs": needs,
    }


def may_change(preset: str, cat: dict, lang: str) -> list[dict]:
    """The sources' options that a table may change in a preset (those the controls offer for it,
    house rules aside), each with its label and the preset's value in words."""
    rules = PRESETS[preset]
    return [
        {"name": n, "label": cat["option_labels"][n], "value": value_words(n, getattr(rules, n), cat, lang)}
        for n in offered_names()
        if not is_house_rule(n) and (applies(n, rules) or companions(n, rules) is not None)
    ]


def _with_value(name: str, value, cat: dict, lang: str) -> str:
    """An option and its value in words, as the page's summary says them (house-rules.js)."""
    label = in_sentence(cat["option_labels"][name], cat)
    if value is True:
        return label
    params = {"label": label, "value": value_words(name, value, cat, lang)}
    return fmt(cat["ui"]["rule_with_value"], params, cat, fragment=True)


def _is_set(name: str, preset: str) -> bool:
    """Does the preset change this option from the default rule set's value?"""
    return getattr(PRESETS[preset], name) != getattr(RuleSet(), name)


def _cells(preset: str, cat: dict, lang: str) -> dict:
    return {row["name"]: row["value"] for row in rows(preset, cat, lang)}


def close_presets(preset: str, cat: dict, lang: str) -> list[dict]:
    """The presets that differ from ``preset`` in at most CLOSE rules, closest first, with the
    differing rules (a rule that does not apply to one of the two shows the dash)."""
    mine = _cells(preset, cat, lang)
    out = []
    for other in PRESETS:
        if other == preset:
            continue
        theirs = _cells(other, cat, lang)
        names = [n for n in option_names() if (n in mine or n in theirs) and mine.get(n) != theirs.get(n)]
        # a rule that applies to one of the two only, and is off there, is no difference worth a row
        off = {
            n for n in names if (n not in mine or n not in theirs) and not _is_set(n, preset if n in mine else other)
        }
        names = [n for n in names if n not in off]
        if len(names) <= CLOSE:
            dash = cat["ui"]["not_applicable"]
            out.append(
                {
                    "name": other,
                    "title": capfirst(cat["presets"].get(other, PRESET_INFO[other][0])),
                    "rows": [
                        {"text": cat["options"][n], "here": mine.get(n, dash), "there": theirs.get(n, dash)}
                        for n in names
                    ],
                }
            )
    return sorted(out, key=lambda x: len(x["rows"]))


def preset_page(preset: str, cat: dict, lang: str) -> dict:
    note = cat.get("preset_notes", {}).get(preset)
    if not note:
        raise BuildError(f"site/messages/{lang}.json: preset_notes has no note for the rule set {preset!r}")
    return {
        "preset": preset,
        "source": source_words(PRESET_INFO[preset][1], cat, lang),
        "note": note,
        "options": rows(preset, cat, lang),
        "may_change": may_change(preset, cat, lang),
        "close": close_presets(preset, cat, lang),
        "house_rules": house_rules(cat),
    }


PRESET_TEXTS = ROOT / "presets"  # each rule set's whole game told in words: presets/NAME.LANG.md


def told(preset: str, lang: str, md) -> Markup:
    """The rule set's page opens with the whole game told in plain words (``presets/NAME.LANG.md``,
    Markdown: raw HTML is shown as text), the settings table below it."""
    path = PRESET_TEXTS / f"{preset}.{lang}.md"
    if not path.is_file():
        raise BuildError(
            f"{rel(path)}: missing: every rule set's page opens with its game told in words, in both languages"
        )
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        raise BuildError(f"{rel(path)}:1: the text is empty")
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("# "):
            raise BuildError(f"{rel(path)}:{number}: a heading of the first level; the page has its title, use '## '")
    return Markup(md.render(text))


def compare_page(presets: list[dict], cat: dict, lang: str) -> dict:
    """Every rule that applies to at least one preset, a column per preset (the dash where a rule
    does not apply), the sources named in words, and the house rules apart."""
    cells = {p["name"]: _cells(p["name"], cat, lang) for p in presets}
    dash = cat["ui"]["not_applicable"]
    table = [
        {"text": cat["options"][n], "values": [cells[p["name"]].get(n, dash) for p in presets]}
        for n in option_names()
        if any(n in cells[p["name"]] for p in presets)
    ]
    short = cat.get("preset_short", {})
    missing = [p["name"] for p in presets if p["name"] not in short]
    if missing:  # the column headings: a laptop screen holds the whole table only with short names
        raise BuildError(f"site/messages/{lang}.json: preset_short has no short name for {', '.join(missing)}")
    columns = [
        {**p, "short": short[p["name"]], "source": source_words(PRESET_INFO[p["name"]][1], cat, lang)["name"]}
        for p in presets
    ]
    codes = sorted({PRESET_INFO[p["name"]][1] for p in presets})
    return {
        "columns": columns,
        "rows": table,
        "sources": [source_words(code, cat, lang) for code in codes],
        "house_rules": house_rules(cat),
    }
