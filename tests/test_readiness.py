"""The readiness test's bank (issue 38, ``lessons/readiness.json``, made by
``benchmarks/bench_readiness.py``): every decision's options valued, the best beating the second by
the kept margin, each entry agreeing with the engine (its position, the options it offers, the
values of its sampled deals); a few entries re-valued by the engine (all of them with
``--runslow``); the build refusing a bank that does not agree, naming the file and the entry."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.puzzles import decisions
from sitebuild import readiness
from sitebuild.catalogs import load_catalog
from sitebuild.measured import load_measured

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "lessons" / "readiness.json"
DATA = json.loads(BANK.read_text(encoding="utf-8"))
ENTRIES = DATA["decisions"]
MEASURED = load_measured(ROOT / "lessons")


def cheap_first(entries):
    """The entries dearest to re-value last: card play late in a deal is a small search."""
    weight = {"lead": 1, "bid": 3, "raise": 3, "give": 8, "discard": 8, "declaration": 4}

    def cost(e):
        deal = readiness.deal_of(e["spec"])
        return (weight[e["spec"]["kind"]], -deal.tricks_played, e["id"])

    return sorted(entries, key=cost)


def test_the_bank_is_big_enough_for_a_retake_and_mixes_kinds_and_games():
    assert len(ENTRIES) >= 2 * readiness.QUESTIONS
    kinds = {e["spec"]["kind"] for e in ENTRIES}
    games = {e["id"].split("-bid-")[0].split("-card-play-")[0] for e in ENTRIES}
    assert {"bid", "lead"} <= kinds and len(kinds) >= 3, kinds
    assert any(g.startswith("faq-pairs") for g in games) and any(g.startswith("three-player") for g in games)


def test_every_decision_is_valued_and_its_best_option_beats_the_rest_by_the_kept_margin():
    for entry in ENTRIES:
        kind = entry["spec"]["kind"]
        options = entry["options"]
        assert len(options) >= 2, entry["id"]
        best = options[entry["best"]]["mean"]
        others = [o["mean"] for key, o in options.items() if key != entry["best"]]
        assert best - max(others) >= readiness.KEEP[kind] - 0.01, entry["id"]
        assert entry["margin"] >= readiness.Z * entry["margin_se"], entry["id"]
        assert entry["second"] != entry["best"] and options[entry["second"]]["mean"] == max(others), entry["id"]


def test_every_decision_was_valued_on_the_samples_the_bank_records_for_its_kind():
    from benchmarks.bench_readiness import SAMPLES

    assert DATA["samples"] == SAMPLES and str(SAMPLES) in DATA["about"]
    for entry in ENTRIES:
        assert entry["spec"]["samples"] == SAMPLES[entry["spec"]["kind"]], entry["id"]


def test_every_entry_agrees_with_the_engine():
    """The position parses, the options are the named subset of the legal choices, the stored
    means and margins are what the per-deal figures give, and the engine's best answer is the entry's."""
    for entry in ENTRIES:
        puzzle = readiness.check_entry(entry, BANK)
        assert puzzle.solution()["best"] == [entry["best"]]


def test_the_scale_comes_from_the_costs():
    for entry in ENTRIES:
        costs = readiness.costs(entry)
        assert costs[entry["best"]] == 0
        assert all(c > 0 for key, c in costs.items() if key != entry["best"]), entry["id"]
        assert entry["random_cost"] == readiness.random_cost(entry) > 0
        for who in ("easy", "normal"):
            assert entry["players"][who] in costs


def test_rules_of_thumb_are_measured_ones_with_words_in_both_languages():
    named = {e["rule"] for e in ENTRIES if e["rule"]}
    for name in named:
        assert name in MEASURED and MEASURED[name]["low"] > 0, name  # only rules the data supports
    for lang in ("fi", "en"):
        assert set(MEASURED) <= set(load_catalog(lang)["readiness"]["rules"])


def revalue(entry):
    spec = entry["spec"]
    return readiness.evaluate(spec, readiness.deal_of(spec))


@pytest.mark.parametrize("entry", cheap_first(ENTRIES)[:2], ids=lambda e: e["id"])
def test_a_few_entries_revalued_by_the_engine_give_the_stored_figures(entry):
    assert revalue(entry) == entry["found"]


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["id"])
def test_every_entry_revalued_by_the_engine_gives_the_stored_figures(entry):
    assert revalue(entry) == entry["found"]


# -- the options offered --------------------------------------------------------------------------------
def test_a_gift_offers_the_normal_players_best_and_its_best_set_of_another_idea():
    from benchmarks.bench_readiness import reach
    from engine.core.actions import Give
    from engine.players.normal import candidates

    for seed in range(8, 8 + 12 * 6, 12):  # the gift recipe's first seeds
        deal = reach("faq-pairs", "give", seed)
        name, fields = readiness.offered("give", deal)
        sets = [decisions.card_set(text, "test") for text in fields["candidates"]]
        assert name == "normal-player-best-and-best-2-cards-apart-and-easy" and len(sets) >= 2
        assert all(deal.why_illegal(Give(cards)) is None for cards in sets)
        assert readiness.set_text(candidates(deal, 1)[0].cards) == fields["candidates"][0]
        assert len(set(sets[1]) - set(sets[0])) >= readiness.GIVE_DIFFER, (seed, fields)


# -- the build refuses a bank that does not agree with the engine ------------------------------------
def write_bank(tmp_path, entries):
    (tmp_path / readiness.BANK).write_text(json.dumps({"decisions": entries}), encoding="utf-8")
    return tmp_path


def refused(tmp_path, entries, *words):
    with pytest.raises(readiness.ReadinessError) as e:
        readiness.load_bank(write_bank(tmp_path, entries), MEASURED)
    text = str(e.value)
    assert str(tmp_path / readiness.BANK) in text
    for word in words:
        assert word in text, text
    return text


def test_the_stored_bank_loads():
    bank = readiness.load_bank(ROOT / "lessons", MEASURED)
    assert [e["id"] for e, _ in bank] == [e["id"] for e in ENTRIES]


def test_a_bank_too_small_for_a_retake_is_refused(tmp_path):
    refused(tmp_path, ENTRIES[: readiness.QUESTIONS], "a retake needs at least 40")


def test_a_changed_best_option_is_refused_naming_the_entry(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    entries[3]["best"] = entries[3]["second"]
    refused(tmp_path, entries, repr(entries[3]["id"]), "best")


def test_a_changed_value_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    lead = next(e for e in entries if e["spec"]["kind"] == "lead")
    lead["found"]["values"][lead["second"]][0] -= 5  # one sampled deal's figure of the second best
    refused(tmp_path, entries, repr(lead["id"]), "is not what its values give")


def test_an_unparsable_position_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    entries[1]["spec"]["position"] = entries[1]["spec"]["position"].replace("actions:", "actions:S6,")
    refused(tmp_path, entries, repr(entries[1]["id"]), "the position does not parse")


def test_options_that_are_not_the_named_subset_are_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    bid = next(e for e in entries if e["spec"]["kind"] == "bid")
    bid["spec"]["bids"] = bid["spec"]["bids"][:-1]
    refused(tmp_path, entries, repr(bid["id"]), "bids")


def test_a_decision_without_a_clear_margin_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    lead = next(e for e in entries if e["spec"]["kind"] == "lead")
    values = lead["found"]["values"]
    values[lead["second"]] = list(values[lead["best"]])  # the second as good as the best
    got = readiness.summary("lead", lead["spec"], decisions.deal_of(lead["spec"]), lead["found"])
    lead.update({k: got[k] for k in ("options", "best", "second", "margin", "margin_se")})
    refused(tmp_path, entries, repr(lead["id"]), "not kept")


def test_an_unknown_rule_of_thumb_is_refused(tmp_path):
    entries = copy.deepcopy(ENTRIES)
    entries[2]["rule"] = "lead-trumps-always"
    refused(tmp_path, entries, repr(entries[2]["id"]), "lead-trumps-always")


# -- the page's data -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_decision_is_a_puzzle_of_the_one_layout_judged_by_its_table(lang):
    from present.puzzle import puzzle_tree
    from present.tree import to_html

    bank = readiness.load_bank(ROOT / "lessons", MEASURED)
    cat = load_catalog(lang)
    segs, data = readiness.page_data(bank, cat, MEASURED)
    assert len(segs) == len(ENTRIES) and data["questions"] == readiness.QUESTIONS
    for seg, (entry, _) in zip(segs, bank, strict=True):
        html = to_html(puzzle_tree(seg, cat))
        assert "data-table-area" in html and "data-answer-area" in html
        answers = seg["table"]["answers"]
        for key in entry["options"]:
            expected = "correct" if key == entry["best"] else "legal-not-best"
            assert answers[key]["verdict"] == expected, (entry["id"], key)
        own = data["decisions"][seg["id"]]
        assert own["costs"][entry["best"]] == 0 and own["random"] == entry["random_cost"]
        if entry["rule"]:
            assert own["rule"]["text"] == cat["readiness"]["rules"][entry["rule"]]


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_rule_of_thumb_is_shown_in_the_pages_language_with_its_measured_figures(lang):
    from sitebuild.measured import measured_text

    bank = readiness.load_bank(ROOT / "lessons", MEASURED)
    entry, puzzle = bank[0]
    cat = load_catalog(lang)
    _, data = readiness.page_data([({**entry, "rule": "bid-the-count"}, puzzle)], cat, MEASURED)
    rule = data["decisions"][f"r-{entry['id']}"]["rule"]
    assert rule == {
        "name": "bid-the-count",
        "text": cat["readiness"]["rules"]["bid-the-count"],
        "measured": measured_text(MEASURED["bid-the-count"], cat),
    }
