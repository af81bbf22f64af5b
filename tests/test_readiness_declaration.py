"""The readiness test's declaration decisions (issue 38, item 3: "declaration timing"): the kind
``declaration`` (``engine/puzzles/declaration.py``) offers every legal declaration of the player to
move and leading without declaring (``none``), values each with the lead that does best on average
after it over the same sampled deals, and the bank holds such decisions; ``declare-dearer-first``
speaks only at the three-player bidder's first chance to declare with exactly two pairs."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from benchmarks import bench_readiness
from engine.core.actions import Declare, Play, parse_action
from engine.core.deal import Deal
from engine.core.notation import format_record
from engine.core.rules import FAQ_PAIRS, THREE_PLAYER
from engine.players.easy import computer_action
from engine.puzzles import declaration
from engine.puzzles.base import kind_class
from engine.puzzles.decisions import DecisionError
from engine.search import estimate
from engine.search.solver import Solver
from present.puzzle import puzzle_tree
from present.text import card_label
from present.tree import to_html
from sitebuild import readiness
from sitebuild.catalogs import load_catalog
from sitebuild.measured import load_measured

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "lessons" / "readiness.json"
ENTRIES = json.loads(BANK.read_text(encoding="utf-8"))["decisions"]
DECLARED = [e for e in ENTRIES if e["spec"]["kind"] == "declaration"]


def easy_deal_to_window(rules, seed: int, tricks: int = 0) -> Deal:
    """The easy player's deal of ``seed`` up to the first moment, after ``tricks`` tricks, in which
    the player to move may declare."""
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not deal.is_over:
        if declaration.declarations(deal) and deal.tricks_played >= tricks:
            return deal
        deal.apply(computer_action(deal, rng))
    raise AssertionError(f"no declaration in the easy deal of seed {seed}")


def spec_of(deal: Deal, samples: int = 4) -> dict:
    return {"kind": "declaration", "position": format_record(deal), "samples": samples, "margin": 0}


# -- the kind ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "seed"), [(THREE_PLAYER, 500004), (FAQ_PAIRS, 27)])
def test_the_options_are_every_legal_declaration_and_not_declaring(rules, seed):
    deal = easy_deal_to_window(rules, seed)
    legal = [str(a) for a in deal.legal_actions() if isinstance(a, Declare)]
    assert legal and declaration.options(deal) == ["none", *legal]
    assert kind_class(spec_of(deal))(spec_of(deal)).deal.to_move == deal.to_move
    assert readiness.option_keys("declaration", spec_of(deal), deal) == ["none", *legal]


def test_a_record_where_the_player_may_not_declare_is_refused():
    deal = easy_deal_to_window(THREE_PLAYER, 27, tricks=5)
    deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))  # a card led: the window shut
    with pytest.raises(DecisionError, match="where the player to move may declare"):
        declaration.deal_of(spec_of(deal))


@pytest.mark.parametrize(("rules", "seed"), [(THREE_PLAYER, 27), (FAQ_PAIRS, 44)])
def test_each_option_is_valued_with_the_best_lead_after_it_on_the_same_sampled_deals(rules, seed):
    """Late in a deal (a cheap search): every option's value on every sampled deal is the points
    the side takes from here on after it and the lead that does best on average, the bonus of a
    declaration included, as a second solver's search of the same deal says."""
    deal = easy_deal_to_window(rules, seed, tricks=5)
    spec = spec_of(deal)
    found = declaration.evaluate(spec, deal)
    side = rules.side_of(deal.to_move)
    assert set(found["values"]) == set(declaration.options(deal))
    know = estimate.knowledge_from_record(deal, deal.to_move)
    layouts = estimate.sample_layouts(know, 4, random.Random(estimate.seed_of(declaration._payload(spec))))
    leads = declaration.best_leads(found)
    for key, cards in found["values"].items():
        # every card the hand may lead after the option, valued on each of the 4 deals
        after = deal.copy()
        if key != "none":
            after.apply(Declare(parse_action(key).suit))
        assert set(cards) == {str(c) for c in after.legal_cards()} and all(len(v) == 4 for v in cards.values())
        means = {c: sum(v) / 4 for c, v in cards.items()}
        assert means[leads[key]] == max(means.values())
        for n, layout in enumerate(layouts[:2]):
            sampled = estimate.with_layout(deal, layout)
            before = estimate.side_has(sampled, side)
            if key != "none":
                sampled.apply(parse_action(key))
            sampled.apply(Play(next(c for c in sampled.hands[sampled.to_move] if str(c) == leads[key])))
            taken = estimate.side_has(sampled, side) - before + Solver(sampled, max_side=side).value()
            assert cards[leads[key]][n] == taken, (key, n)
    puzzle = kind_class(spec)(spec)
    readiness.use_evaluation(puzzle, found)
    sol = puzzle.solution()
    assert sol["answers"] == declaration.options(deal)
    assert {r["choice"]: r["average"] for r in sol["rows"]} == sol["values"]


# -- the bank ------------------------------------------------------------------------------------------
def test_the_bank_holds_declarations_of_both_games_each_offering_every_legal_declaration_and_none():
    assert len(DECLARED) >= 3
    assert any(e["rule"] == "declare-dearer-first" for e in DECLARED)
    assert any(len(e["options"]) == 3 for e in DECLARED)  # which of two pairs first, or neither yet
    games = {readiness.deal_of(e["spec"]).rules.name for e in DECLARED}
    assert games == {"three-player", "faq-pairs"}, games
    for entry in DECLARED:
        deal = readiness.deal_of(entry["spec"])
        assert list(entry["options"]) == declaration.options(deal), entry["id"]
        assert entry["offered"] == "every-declaration-and-none"
        best = entry["options"][entry["best"]]["mean"]
        rest = [o["mean"] for k, o in entry["options"].items() if k != entry["best"]]
        assert best - max(rest) >= readiness.KEEP["declaration"] == declaration.MARGIN == 10
        assert entry["margin"] >= readiness.Z * entry["margin_se"]
        assert readiness.group_of("declaration", deal) == f"{deal.rules.name}-declaration"


def test_a_declaration_entry_without_the_values_of_an_option_is_refused(tmp_path):
    entry = copy.deepcopy(DECLARED[0])
    dropped = next(k for k in entry["found"]["values"] if k != entry["best"])
    del entry["found"]["values"][dropped]
    with pytest.raises(readiness.ReadinessError, match=f"{entry['id']}.*no values for {dropped}"):
        readiness.check_entry(entry, tmp_path / "readiness.json")


def test_a_declaration_entry_whose_values_give_another_best_is_refused(tmp_path):
    entry = copy.deepcopy(DECLARED[0])
    cards = entry["found"]["values"][entry["best"]]
    for card in cards:  # every lead after the best option 200 points worse: another option is the best
        cards[card] = [v - 200 for v in cards[card]]
    with pytest.raises(readiness.ReadinessError, match=entry["id"]):
        readiness.check_entry(entry, tmp_path / "readiness.json")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_declaration_is_asked_with_words_and_the_king_and_queen_and_answered_by_its_table(lang):
    cat = load_catalog(lang)
    measured = load_measured(ROOT / "lessons")
    bank = [(e, p) for e, p in readiness.load_bank(ROOT / "lessons", measured) if e["spec"]["kind"] == "declaration"]
    segs, data = readiness.page_data(bank, cat, measured)
    words = {"fi": ("Avaa ilmoittamatta", "valtiksi"), "en": ("No declaration: lead at once", "trump")}[lang]
    for (entry, _), seg in zip(bank, segs, strict=True):
        html = to_html(puzzle_tree(seg, cat))
        assert 'data-choice="none"' in html and words[0] in html
        for key in entry["options"]:
            if key != "none":
                suit = key.split(":")[1]
                button = html.split(f'data-choice="{key}"')[1].split("</button>")[0]
                names = [card_label(f"{suit}{rank}", cat) for rank in "KQ"]
                assert words[1] in button and all(f'aria-label="{n}"' in button for n in names), button
        table = seg["table"]["answers"]
        assert {k for k, v in table.items() if v["verdict"] == "correct"} == {entry["best"]}
        said = data["decisions"][seg["id"]]
        assert said["group"].endswith("-declaration") and said["costs"][entry["best"]] == 0


# -- the rule of thumb ---------------------------------------------------------------------------------
def test_declare_dearer_first_speaks_at_the_bidders_first_chance_with_two_pairs_and_picks_the_dearer():
    deal = bench_readiness.reach("three-player", "two-declarations", 500004)
    assert deal.to_move == deal.bidder and declaration.options(deal) == ["none", "trump:S", "trump:H"]
    assert readiness.rule_picks("declaration", deal) == {"declare-dearer-first": "trump:H"}  # ♥100 over ♠40
    assert readiness.rule_picks("lead", deal) == {}  # (no other kind's rule)


def test_declare_dearer_first_is_silent_after_the_bidders_first_chance_and_for_a_defender():
    later = None
    for seed in range(200):
        deal = Deal.new(THREE_PLAYER, seed, dealer=seed % 3)
        rng = random.Random(seed)
        windows = 0
        while not deal.is_over:
            if deal.to_move == deal.bidder and declaration.declarations(deal):
                windows += 1
                if windows == 2 and len(declaration.declarations(deal)) == 2:
                    later = deal.copy()
                    break
                deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))  # not declaring yet
                continue
            if deal.to_move is not None and deal.to_move != deal.bidder and declaration.declarations(deal):
                assert readiness.rule_picks("declaration", deal) == {}, seed  # a defender
            deal.apply(computer_action(deal, rng))
        if later is not None:
            break
    assert later is not None
    assert readiness.rule_picks("declaration", later) == {}  # its second chance
    first = later.restart()
    for mover, action in later.history:
        if mover == later.bidder and declaration.declarations(first):
            break
        first.apply(action)
    assert readiness.rule_picks("declaration", first)["declare-dearer-first"] in declaration.options(first)


def test_the_declaration_recipes_have_seeds_of_their_own():
    start = bench_readiness.DECLARATION_SEEDS
    assert start > bench_readiness.RULE_SEEDS
    for seed in range(start - 20, start):
        assert bench_readiness.recipe(seed)[2] != "declaration"
    recipes = bench_readiness.DECLARATION_RECIPES
    assert [bench_readiness.recipe(start + n) for n in range(len(recipes))] == list(recipes)
    for entry in DECLARED:
        name, moment, _ = bench_readiness.recipe(entry["seed"])
        assert entry["seed"] >= start and entry["id"] == f"{name}-{moment}-{entry['seed']}"
