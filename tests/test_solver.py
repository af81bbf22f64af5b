"""The solver against a plain minimax (no pruning, no table, no card merging), written separately
on top of the deal state machine, on random small positions under every preset: in the middle
of tricks, between tricks with a declaration pending, and with partner questions."""

import random

import pytest

from engine import PRESETS, Deal, Play, parse_position
from engine.players import random_action
from engine.solver import contract_status, solve


def side_total(deal, side):
    rules = deal.rules
    seats = [s for s in range(rules.players) if rules.side_of(s) == side]
    total = sum(deal.points[s] for s in seats)
    total += sum(rules.bonus[d.suit] for d in deal.declarations if d.seat in seats)
    if deal.last_trick_winner in seats:
        total += rules.last_trick_bonus
    return total


def minimax(deal, side):
    """Points the side gains from here on with best play by both sides (the others minimise)."""
    if deal.is_over:
        return 0
    here = side_total(deal, side)
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(side_total(child, side) - here + minimax(child, side))
    return max(values) if deal.rules.side_of(deal.to_move) == side else min(values)


def small_positions(rules, count, seed, max_tricks):
    rng = random.Random(seed)
    out = []
    deal_seed = seed * 1000
    while len(out) < count:
        deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
        deal_seed += 1
        stop_at = rng.randint(1, max_tricks)
        while not deal.is_over:
            left = rules.hand_size - deal.tricks_played
            if deal.phase == "play" and left <= stop_at and rng.random() < 0.4:
                out.append(deal.copy())
                break
            actions = deal.legal_actions() if deal.phase == "play" else None
            declarations = [a for a in actions or [] if not isinstance(a, Play)]
            if declarations and rng.random() < 0.5:
                deal.apply(rng.choice(declarations))  # reach windows and questions often
            else:
                deal.apply(random_action(deal, rng))
    return out


def check_against_minimax(name, count, seed, max_tricks):
    rules = PRESETS[name]
    for deal in small_positions(rules, count, seed, max_tricks):
        solution = solve(deal)
        side = solution.side
        expected = {}
        for action in deal.legal_actions():
            child = deal.copy()
            child.apply(action)
            expected[str(action)] = side_total(child, side) - side_total(deal, side) + minimax(child, side)
        got = {a.action: a.value for a in solution.actions}
        assert got == expected, deal.position()
        assert solution.value == max(expected.values())


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_plain_minimax(name):
    max_tricks = 4 if PRESETS[name].players <= 3 else 3
    check_against_minimax(name, 25, seed=7, max_tricks=max_tricks)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_plain_minimax_long(name):
    max_tricks = 4 if PRESETS[name].players <= 3 else 3  # a 4-trick minimax on four hands takes minutes
    check_against_minimax(name, 150, seed=8, max_tricks=max_tricks)


def test_solver_counts_declarations_and_trump_changes():
    # Seat 0 may declare clubs (60) or lead; declaring then leading wins all remaining tricks.
    deal = parse_position("rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1")
    solution = solve(deal)
    assert solution.to_dict()["best"] == ["trump:C"]
    best = next(a for a in solution.actions if a.action == "trump:C")
    lead = next(a for a in solution.actions if a.action == "D6")
    assert best.value >= 60  # the club bonus is part of the value
    assert lead.loss == best.value - lead.value and lead.loss > 0


def test_contract_status():
    pos = "rules:three-player/hands:6...,7...,8.../lead:0/decl:S0/bidder:0/bid:55/points:17,50,53/tricks:3,4,3"
    status = contract_status(parse_position(pos))
    assert status["have"] == 57 and status["can_make"] and status["making_actions"] == ["S6"]
    pos = pos.replace("bid:55", "bid:60")
    assert not contract_status(parse_position(pos))["can_make"]
