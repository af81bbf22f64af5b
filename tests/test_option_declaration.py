"""One home per option: an option declared once in ``engine/core/rules.py`` (``_opt``/``_house``
with its source, reading, needs, where it applies, its companions and whether a score sheet needs
it) is known to the engine's validity, the rules pages, the rule controls of the site and the score
sheet from that declaration alone.

The test adds two toy options to a copy of the declarations (a house rule and a source's option),
in a fresh interpreter so that the real module stays as it is, and asks each consumer about them.
Only their words are added by hand (a catalog with their labels and explanations), as
``docs/adding-a-house-rule.md`` says."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "    # -- derived values"

TOYS = """
    toy_house: bool = _house(
        False,
        "House rule: a toy rule of the pairs game.",
        needs=Need(lambda r: not r.toy_house or r.partnership, "needs the toy's pairs", "rule_needs_pairs"),
        applies=lambda r: r.partnership,
        sheet="a toy's reason to be on a sheet",
    )
    toy_source: bool = _opt(
        False,
        "A toy option of a source, for the games each for themselves.",
        "S1 optional",
        offer="S1",
        reading="a toy reading",
        applies=lambda r: not r.partnership,
    )
"""

# Runs in a fresh interpreter: the rules module is loaded from its source with the toys declared.
PROBE = r"""
import importlib.abc, importlib.util, json, sys

source = open(sys.argv[1], encoding="utf-8").read()
assert sys.argv[2] in source
source = source.replace(sys.argv[2], sys.argv[3] + sys.argv[2], 1)


class Toys(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name == "engine.core.rules":
            return importlib.util.spec_from_loader(name, self, origin=sys.argv[1])
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__file__ = sys.argv[1]
        exec(compile(source, sys.argv[1], "exec"), module.__dict__)


sys.meta_path.insert(0, Toys())
from engine.core.rules import OPTION_DOCS, RuleSetError, parse_rules
from engine.core.tally import SHEET_HOUSE_RULES, SHEET_OPTIONS
from sitebuild import rulespages

cat = json.loads(open(sys.argv[4], encoding="utf-8").read())
words = {
    "toy_house": ("Toy house rule", "House rule: a toy rule of the pairs game."),
    "toy_source": ("Toy source option", "A toy option of a source."),
}
for name, (label, text) in words.items():
    cat["option_labels"][name] = label
    cat["options"][name] = text
cat["option_readings"]["toy_source"] = "A toy reading."
out = {"declared": [n for n in OPTION_DOCS if n.startswith("toy_")]}
try:
    parse_rules("three-player+toy_house")
    out["refused"] = None
except RuleSetError as e:
    out["refused"] = [e.code, e.params, str(e)]
out["accepted"] = parse_rules("faq-pairs+toy_house").toy_house
data = rulespages.house_rule_controls(cat, "en")
out["controls"] = {o["name"]: o for o in data["options"] if o["name"].startswith("toy_")}
out["offered"] = {n: sorted(p for p, names in data["presets"].items() if n in names) for n in out["controls"]}
out["sheet"] = sorted(n for n in SHEET_OPTIONS | SHEET_HOUSE_RULES if n.startswith("toy_"))
pages = {p: rulespages.preset_page(p, cat, "en") for p in ("three-player", "faq-pairs")}
out["pages"] = {
    p: {
        "rows": [r["name"] for r in page["options"] if r["name"].startswith("toy_")],
        "may_change": [m["name"] for m in page["may_change"] if m["name"].startswith("toy_")],
        "house": [h["name"] for h in page["house_rules"] if h["name"].startswith("toy_")],
    }
    for p, page in pages.items()
}
print(json.dumps(out))
"""


def probe() -> dict:
    rules = ROOT / "engine" / "core" / "rules.py"
    catalog = ROOT / "site" / "messages" / "en.json"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(rules), MARK, TOYS, str(catalog)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_toy_option_reaches_validity_the_rules_pages_the_controls_and_the_sheet_from_its_declaration():
    out = probe()
    assert out["declared"] == ["toy_house", "toy_source"]
    # validity: its need, with its refusal code, naming it
    code, params, message = out["refused"]
    assert (code, params, message) == (
        "rule_needs_pairs",
        {"option": "toy_house"},
        "rules: toy_house needs the toy's pairs",
    )
    assert out["accepted"] is True
    # the controls: offered where it applies, in its source's group, with its words and reading
    house, source = out["controls"]["toy_house"], out["controls"]["toy_source"]
    assert (house["source"], house["kind"], house["default"], house["sheet"]) == ("house", "bool", False, True)
    assert house["text"] == "A toy rule of the pairs game."  # "House rule:" is the group's title
    assert (source["source"], source["sheet"], source["reading"]) == ("S1", False, "A toy reading.")
    assert out["offered"]["toy_house"] == ["faq-pairs", "german", "ukrainian", "wikibooks-pairs"]
    assert "three-player" in out["offered"]["toy_source"] and "faq-pairs" not in out["offered"]["toy_source"]
    # the tally: the score sheet offers the one that declares why a sheet needs it
    assert out["sheet"] == ["toy_house"]
    # the rules pages: the source's option in the table and the "may change" list where it applies,
    # the house rule in the house rules' list of every page
    assert out["pages"]["three-player"] == {
        "rows": ["toy_source"],
        "may_change": ["toy_source"],
        "house": ["toy_house"],
    }
    assert out["pages"]["faq-pairs"] == {"rows": [], "may_change": [], "house": ["toy_house"]}


def test_without_the_toys_the_probe_finds_none_of_them():
    """The probe reads what is declared: the real module has no toy."""
    from engine.core.rules import OPTION_DOCS
    from engine.core.tally import SHEET_OPTIONS

    assert not [n for n in OPTION_DOCS if n.startswith("toy_")]
    assert not [n for n in SHEET_OPTIONS if n.startswith("toy_")]
