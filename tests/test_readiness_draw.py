"""Which decisions a readiness test asks (issue 38, item 3): each test holds at least one decision of
every group the bank holds (its game and moment, ``sitebuild.readiness.group_of``), the rest drawn
at random; a retake draws decisions that were not in the last test (``site/assets/readiness-draw.js``,
run in node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from engine.core.actions import Play
from engine.core.deal import Deal
from engine.core.rules import FAQ_PAIRS, THREE_PLAYER
from sitebuild import readiness
from sitebuild.catalogs import load_catalog
from sitebuild.measured import load_measured

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "site" / "assets" / "readiness-draw.js"

# a bank shaped like the real one: mostly card play, a few of each other moment, one raise alone
GROUPS = {
    **{f"c{i}": "three-player-card-play" for i in range(50)},
    **{f"b{i}": "three-player-bid" for i in range(12)},
    **{f"d{i}": "three-player-discard" for i in range(4)},
    **{f"g{i}": "faq-pairs-give" for i in range(3)},
    **{f"o{i}": "faq-pairs-opening-lead" for i in range(2)},
    "r0": "three-player-raise",
}


def run_draws(cases: list[dict], tmp_path: Path) -> list[list[str]]:
    """``draw(groups, results, questions, random)`` for each case, with a seeded random."""
    script = tmp_path / "draw.mjs"
    script.write_text(
        f"""import {{ draw }} from {json.dumps(MODULE.as_uri())};
import {{ readFileSync }} from "node:fs";
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf8"));
function seeded(seed) {{
  let s = seed >>> 0;
  return () => {{
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  }};
}}
const out = cases.map((c) => draw(c.groups, c.results, c.questions, seeded(c.seed)));
process.stdout.write(JSON.stringify(out));
""",
        encoding="utf-8",
    )
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(run.stdout)


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


@needs_node
def test_every_test_asks_every_group_the_bank_holds(tmp_path):
    draws = run_draws([{"groups": GROUPS, "results": [], "questions": 20, "seed": s} for s in range(60)], tmp_path)
    for ids in draws:
        assert len(ids) == len(set(ids)) == 20 and set(ids) <= set(GROUPS)
        assert {GROUPS[i] for i in ids} == set(GROUPS.values()), ids
    # the rest at random: card play is most of the bank and most of a test, not the same decisions
    assert all(Counter(GROUPS[i] for i in ids)["three-player-card-play"] >= 8 for ids in draws)
    assert len({tuple(sorted(ids)) for ids in draws}) == len(draws)


@needs_node
def test_a_retake_draws_other_decisions_and_still_every_group_that_has_others(tmp_path):
    first = run_draws([{"groups": GROUPS, "results": [], "questions": 20, "seed": s} for s in range(30)], tmp_path)
    cases = [
        {"groups": GROUPS, "results": [{"ids": ids}], "questions": 20, "seed": 99 + n} for n, ids in enumerate(first)
    ]
    second = run_draws(cases, tmp_path)
    for one, two in zip(first, second, strict=True):
        assert not set(one) & set(two)
        # every group with a decision the first test did not ask; the lone raise is not asked again
        assert {GROUPS[i] for i in two} == {GROUPS[i] for i in GROUPS if i not in one}
        assert "three-player-raise" not in {GROUPS[i] for i in two}
    cases = [
        {"groups": GROUPS, "results": [{"ids": a}, {"ids": b}], "questions": 20, "seed": 7 + n}
        for n, (a, b) in enumerate(zip(first, second, strict=True))
    ]
    for ids in run_draws(cases, tmp_path):  # a third test: the least recently seen of each group
        assert "r0" in ids and {GROUPS[i] for i in ids} == set(GROUPS.values())


@needs_node
def test_fewer_questions_than_groups_asks_that_many_of_different_groups(tmp_path):
    (ids,) = run_draws([{"groups": GROUPS, "results": [], "questions": 4, "seed": 3}], tmp_path)
    assert len(ids) == 4 and len({GROUPS[i] for i in ids}) == 4


def test_a_decisions_group_is_its_game_and_moment():
    from benchmarks import bench_readiness

    assert readiness.group_of("bid", Deal.new(THREE_PLAYER, 5, dealer=0)) == "three-player-bid"
    assert readiness.group_of("give", Deal.new(FAQ_PAIRS, 5, dealer=0)) == "faq-pairs-give"
    pairs = bench_readiness.reach("faq-pairs", "opening-lead", 5)
    assert pairs.tricks_played == 0 and not pairs.trick
    assert readiness.group_of("lead", pairs) == "faq-pairs-opening-lead"
    pairs.apply(next(a for a in pairs.legal_actions() if isinstance(a, Play)))
    assert readiness.group_of("lead", pairs) == "faq-pairs-card-play"  # a card on a trick led


def test_the_page_gives_each_decision_of_the_bank_its_group():
    measured = load_measured(ROOT / "lessons")
    bank = readiness.load_bank(ROOT / "lessons", measured)
    _, data = readiness.page_data(bank, load_catalog("en"), measured)
    moments = {"card-play": "card-play", "throw": "card-play", "opening-call": "bid", "first-lead": "opening-lead"}
    moments["guarded-discard"] = "discard"
    moments["two-declarations"] = "declaration"
    from benchmarks import bench_readiness

    for entry, _ in bank:
        name, moment, _ = bench_readiness.recipe(entry["seed"])
        assert data["decisions"][f"r-{entry['id']}"]["group"] == f"{name}-{moments.get(moment, moment)}"
        assert readiness.deal_of(entry["spec"]).rules.name == name
    assert len({d["group"] for d in data["decisions"].values()}) >= 4


@needs_node
def test_every_test_and_its_retake_ask_a_declaration_of_the_real_bank(tmp_path):
    """The declarations (``declaration``: declare now, which suit, or lead without declaring) are a
    group of their own in each game, so every test asks one."""
    measured = load_measured(ROOT / "lessons")
    bank = readiness.load_bank(ROOT / "lessons", measured)
    _, data = readiness.page_data(bank, load_catalog("en"), measured)
    groups = {pid: d["group"] for pid, d in data["decisions"].items()}
    declared = {g for g in groups.values() if g.endswith("-declaration")}
    assert declared == {"three-player-declaration", "faq-pairs-declaration"}
    first = run_draws([{"groups": groups, "results": [], "questions": 20, "seed": s} for s in range(20)], tmp_path)
    for ids in first:
        assert declared <= {groups[i] for i in ids}
    retakes = [
        {"groups": groups, "results": [{"ids": ids}], "questions": 20, "seed": 50 + n} for n, ids in enumerate(first)
    ]
    for ids, before in zip(run_draws(retakes, tmp_path), first, strict=True):
        others = {groups[i] for i in groups if i not in before}
        assert declared & others <= {groups[i] for i in ids}
