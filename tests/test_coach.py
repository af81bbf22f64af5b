"""The coach (issue 24): the bid hint counts the raise it leads to; every hint says what it
assumed; the review follows the hints' own evaluation, marks the hint's choices and blames only
what the seat could see; every review step keeps within its budget."""

import json
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import PRESETS, Bid, Deal, Pass, format_record, parse_record
from engine.coach import game as table
from engine.coach.review import (
    BLAME_MARGIN,
    REVIEW_NODES,
    REVIEW_SECONDS,
    STEP_NODES,
    STEP_SECONDS,
    UNBOUNDED,
    Budget,
    Review,
    review_step,
)
from engine.players.arena import play_deal
from engine.players.easy import computer_action
from engine.players.normal import BID_SAMPLES, POINT_WEIGHT, RAISE_MARGIN, _finish, _won_by, decide, hint_rng
from engine.search.observe import observe, sample_deals
from engine.web import handle, play

THREE = PRESETS["three-player"]


def _auction_turn(seed: int) -> Deal | None:
    """A three-player deal at seat 0's first turn in the auction where it may pass."""
    deal = Deal.new(THREE, seed, dealer=seed % 3)
    rng = random.Random(seed)
    while deal.phase == "auction":
        if (
            deal.to_move == 0
            and Pass() in deal.legal_actions()
            and any(isinstance(a, Bid) for a in deal.legal_actions())
        ):
            return deal
        deal.apply(computer_action(deal, rng))
    return None


def _expected(amount: int, totals: list[int]) -> float:
    made = sum(t >= amount for t in totals)
    return (amount * made - amount * (len(totals) - made)) / len(totals) + POINT_WEIGHT * sum(totals) / len(totals)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000))
def test_the_bid_hints_value_of_a_bid_includes_the_raise_choice(seed):
    """Worked out again by hand on the same made-up deals: the bid's value is the expected deal
    score at the contract the raise step would then name (holding unless a raise gains at least
    the raise margin), never less than holding at the bid, and the contract named is reported."""
    deal = _auction_turn(seed)
    if deal is None:
        return
    decision = decide(deal, random.Random(seed), 0)
    if not decision.compared:
        return
    bid = next(c for c in decision.choices if isinstance(c.action, Bid))
    amount = bid.action.amount
    deals = sample_deals(observe(deal, 0), random.Random(seed), BID_SAMPLES)
    totals = [_finish(_won_by(d, 0, amount), 0, random.Random(i))[0] for i, d in enumerate(deals)]
    won = _won_by(deals[0], 0, amount)
    while won.phase == "discard":
        won.apply(computer_action(won, random.Random(0)))
    raises = [a.amount for a in won.legal_actions() if a.__class__.__name__ == "Raise"]
    hold = _expected(amount, totals)
    tried = [c for c in raises if c <= max(totals) + THREE.bid_step]
    best = max(tried, key=lambda c: (_expected(c, totals), -c), default=amount)
    chosen = best if tried and _expected(best, totals) >= hold + RAISE_MARGIN else amount
    assert decision.raise_to == chosen
    assert bid.utility == pytest.approx(_expected(chosen, totals))
    assert bid.utility >= hold - 1e-9
    assert bid.made == sum(t >= chosen for t in totals)


def test_a_hand_that_the_raise_takes_high_is_not_told_to_pass():
    """A hand like the issue's (hearts A K Q T 9, spades A K T): valued at the bid alone, bidding
    looked worse than defending; with the raise counted, the hint bids and says what it would
    raise to."""
    deal = _auction_turn(87)
    assert {"HA", "HK", "HQ", "SA"} <= {str(c) for c in deal.hands[0]}
    decision = decide(deal, hint_rng(deal, 0), 0)
    assert isinstance(decision.action, Bid), decision.to_dict()
    bid = decision.choices[0]
    assert decision.raise_to >= decision.contract + 100 and bid.made == decision.samples
    deals = sample_deals(observe(deal, 0), hint_rng(deal, 0), BID_SAMPLES)
    totals = [_finish(_won_by(d, 0, decision.contract), 0, random.Random(i))[0] for i, d in enumerate(deals)]
    assert _expected(decision.contract, totals) < decision.defend.utility < bid.utility  # the old advice: pass


def test_every_hint_says_what_it_assumed():
    deal = _auction_turn(3)
    rng = random.Random(0)
    seen = set()
    while not deal.is_over:
        if deal.to_move == 0:
            d = decide(deal, hint_rng(deal, 0), 0, explain=True).to_dict()
            if d["method"] in ("forced", "partner_holds"):
                assert d["assumes"] is None and d["samples"] == 0
            else:
                assert d["assumes"] == {
                    "samples": d["samples"],
                    "others": "solver" if d["method"] == "solver" else "normal",
                }
                assert d["samples"] > 0
                seen.add(d["method"])
        deal.apply(computer_action(deal, rng))
    assert seen == {"playout", "solver"}


def _played_by_the_hints(seed: int) -> tuple[str, list[str]]:
    """A three-player game against normal players, seat 0 following every hint; returns the
    record of the deal and seat 0's actions."""
    request = {"rules": "three-player", "seed": seed, "computers": ["normal", "normal"], "history": [[]]}
    view = table.step(request)
    mine = []
    while "record" not in view:
        hint = table.hint({**request, "history": view["history"]})["hint"]
        mine.append(hint["action"])
        view = table.step({**request, "history": view["history"], "action": hint["action"]})
    return view["record"], mine


def test_a_deal_played_by_every_hint_is_marked_as_the_hints_and_blamed_nowhere():
    record, mine = _played_by_the_hints(7)
    review = Review(record, 0).run_all()
    decisions = review["decisions"]
    assert [d["action"] for d in decisions] == mine
    kinds = {d["kind"] for d in decisions}
    assert "bid" in kinds and "card" in kinds
    for d in decisions:
        if d["forced"]:
            continue
        assert d["sight"]["matched"], d
        assert d["sight"]["hint"] == d["action"] and d["sight"]["cost"] == 0 and not d["sight"]["blame"]
    assert review["blamed"] == 0 and review["moments"] == [] and not any(d["blamed"] for d in decisions)
    assert review["hinted"] == sum(1 for d in decisions if not d["forced"])


def test_a_choice_against_the_hint_is_scored_by_what_the_seat_could_see():
    """A deal of normal players reviewed from seat 0 (whose choices are its own hints but for
    the generator): every unforced choice has both figures; a blamed one costs at least the
    margin by the seat's own evaluation, and the summary names the dearest of them."""
    deal = play_deal(THREE, 5, ("easy",) * 3)
    review = Review(format_record(deal), 0).run_all()
    for d in review["decisions"]:
        if d["forced"]:
            continue
        sight = d["sight"]
        assert sight["method"] in ("forced", "partner_holds") or sight["assumes"]["samples"] > 0
        if sight["matched"]:
            assert sight["cost"] == 0 and not sight["blame"]
        elif sight["cost"] is not None:
            assert sight["blame"] == (sight["cost"] >= BLAME_MARGIN)
    # blamed: where the seat could see it (the sight blames) and the one figure shows a loss
    for d in review["decisions"]:
        f = d["figure"]
        expected = bool(d["sight"] and d["sight"]["blame"] and f and f["best"] > f["chosen"] and not d["pending"])
        assert d["blamed"] == expected, d
        assert d["figure_cost"] == (round(f["best"] - f["chosen"], 1) if expected else None)
        if f and f["unit"] == "points":  # both numbers on one basis: the solver's, every hand known
            assert (f["best"], f["chosen"]) == (d["best_total"], d["total"])
    blamed = sorted((d for d in review["decisions"] if d["blamed"]), key=lambda d: (-d["figure_cost"], d["number"]))
    assert blamed, "the easy player's choices differ from the hints somewhere"
    assert review["moments"] == [d["number"] for d in blamed[:3]] and review["blamed"] == len(blamed)
    # the summary is the deal's own score, never a sum of the figures
    score = deal.score().sides[review["summary"]["side"]]
    assert (review["summary"]["total"], review["summary"]["made"]) == (score.total, score.contract_made)
    # a blamed card or discard has its lines and, read from them, a reason in cards
    lined = [d for d in blamed if d["kind"] in ("card", "discard") and "lines" in d]
    assert lined and all(d["lines"]["chosen"] and d["lines"]["best"] for d in lined)


def _hard_records() -> list[str]:
    """The hardest seeded positions we know: the seed-5 deal of ``play`` (its first trick and
    the discard's alternatives take minutes to solve exactly), and deals of normal players."""
    records = [play("three-player", 5)["record"]]
    records += [format_record(play_deal(THREE, seed, ("normal",) * 3)) for seed in (1, 6)]
    records.append(format_record(play_deal(PRESETS["faq-pairs"], 5, ("normal",) * 4)))
    return records


# The solver's speed on this machine unloaded (README, ``make bench-solver``: 180,000-220,000
# nodes a second in CPython), with room to spare: the wall-clock limits below stretch by how
# much slower the machine is now (it is shared: at a load of 15 on 2 cores it runs 8 times slower).
REFERENCE_NODES_PER_SECOND = 150_000


def _slowdown() -> float:
    """How many times slower than the reference the solver runs now (at least 1)."""
    from engine.search.solver import SearchCut, Solver

    deal = parse_record(play("three-player", 5)["record"])
    start = Deal(deal.rules, [list(h) for h in deal.initial_hands], list(deal.initial_widow), deal.dealer)
    for _, action in deal.history:
        if start.phase == "play":
            break
        start.apply(action)
    solver = Solver(start)
    solver.set_budget(30_000)
    clock = time.perf_counter()
    try:
        solver.value()
    except SearchCut:
        pass
    speed = solver.nodes / (time.perf_counter() - clock)
    return max(1.0, REFERENCE_NODES_PER_SECOND / speed)


@pytest.mark.parametrize("index", range(4))
def test_every_review_step_keeps_within_its_budget(index):
    """No step visits more than its nodes; none takes longer than its clock and a little (its
    quick evaluation by what the seat could see, or the estimate after a cut: 5 s in all, as
    the issue asks of the browser), and the issue's seed-5 review finishes within 15 s, both
    stretched by how much slower than usual the machine runs at the moment."""
    record = _hard_records()[index]
    slow = _slowdown()
    review = Review(record, 0)
    start = time.perf_counter()
    for i in range(review.total):
        before, clock = review.nodes, time.perf_counter()
        review.run(i)
        assert review.nodes - before <= STEP_NODES
        took = time.perf_counter() - clock
        assert took < 5.0 * slow, f"step {i} ({review.steps[i].kind}) took {took:.1f} s (slowdown {slow:.1f})"
    assert review.nodes <= REVIEW_NODES
    out = review.result()
    if index == 0:  # the deal: the review of seat 0 finishes within 15 s in CPython
        took = time.perf_counter() - start
        assert took <= 15.0 * slow, f"{took:.1f} s (slowdown {slow:.1f})"
        assert out["estimates"] > 0  # its dear searches were cut short, and say so
    for d in out["decisions"]:
        if d.get("estimate"):
            assert d["exact"] is False


def test_a_search_cut_short_is_labelled_an_estimate_and_an_unbounded_one_is_exact():
    record = format_record(play_deal(THREE, 4, ("normal",) * 3))
    tight = Review(record, 0, budget=Budget(step=300, review=None)).run_all()
    exact = Review(record, 0, budget=UNBOUNDED).run_all()
    assert tight["estimates"] > 0 and exact["estimates"] == 0
    for cut, full in zip(tight["decisions"], exact["decisions"]):
        assert cut["action"] == full["action"] and cut["sight"] == full["sight"]  # the same hints
        if full.get("exact") is not None and not cut.get("estimate"):
            assert cut["cost"] == full["cost"]


def test_the_worker_op_and_the_command_line_use_the_same_bounds():
    record = play("three-player", 5)["record"]
    answer = json.loads(handle(json.dumps({"op": "review", "record": record, "seat": 0})))
    assert answer["ok"]
    review = answer["review"]  # the op without a step: the whole review, bounded
    bounds = {
        "step": STEP_NODES,
        "review": REVIEW_NODES,
        "step_seconds": STEP_SECONDS,
        "review_seconds": REVIEW_SECONDS,
    }
    assert {k: v for k, v in review["budget"].items() if k != "used"} == bounds
    assert review["budget"]["used"] <= REVIEW_NODES
    cli = Review(record, 0).run_all()  # what `python -m engine review` prints
    assert {k: v for k, v in cli["budget"].items() if k != "used"} == bounds
    # the same choices and the same figures by what the seat could see (no solver, no clock)
    assert [(d["action"], d["sight"]) for d in review["decisions"]] == [
        (d["action"], d["sight"]) for d in cli["decisions"]
    ]
    one = review_step(record, 0, 0)  # a single step: the first one, quick, with what it found
    assert one["done"] >= 1 and ("partial" in one or "review" in one)


def test_a_bounded_reviews_exact_figures_agree_with_the_solver():
    """Bounded as in the browser: whatever the review does not label an estimate is exact."""
    from test_review import check_against_the_solver

    deal = play_deal(THREE, 6, ("normal",) * 3)
    review = Review(format_record(deal), 0, budget=Budget(step=20_000, review=None)).run_all()
    assert check_against_the_solver(review, allow_estimates=True) >= 3


def test_partial_reviews_show_what_is_worked_out():
    record = format_record(parse_record(play("three-player", 5)["record"]))
    review = Review(record, 0)
    review.run(0)
    first = review.result(partial=True)
    assert first["done"] == 1 and any(d["pending"] for d in first["decisions"])
    review.run(review.total - 1)
    last = review.result()
    assert not any(d["pending"] for d in last["decisions"])
