"""The solver against a plain minimax (no pruning, no table, no card merging), written separately
on top of the deal state machine, on random small positions under every preset: in the middle
of tricks, between tricks with a declaration pending, and with partner questions. The same
minimax with a memo of states checks deeper positions (6 tricks left with three players, 4 with
four, 7 with two), where the solver's bounds and transpositions have more to do."""

import json
import os
import random
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from engine import PRESETS, Deal, Play, format_position, parse_position, parse_rules
from engine.core.cards import ALL_CARDS, Card
from engine.core.declare import Question
from engine.players import random_action
from engine.search import solver as solver_module
from engine.search.solver import Solver, contract_status, solve


def side_total(deal, side):
    rules = deal.rules
    seats = [s for s in range(rules.players) if rules.side_of(s) == side]
    total = sum(deal.points[s] for s in seats)
    total += sum(rules.bonus[d.suit] for d in deal.declarations if d.seat in seats)
    if deal.last_trick_winner in seats:
        total += rules.last_trick_bonus
    return total


def minimax(deal, side, memo=None):
    """Points the side gains from here on with best play by both sides (the others minimise).

    With ``memo`` (a dict) the value of each state is remembered, which makes deeper positions
    affordable; without it nothing is shared between branches.
    """
    if deal.is_over:
        return 0
    key = None if memo is None else state_key(deal)
    if key is not None and key in memo:
        return memo[key]
    here = side_total(deal, side)
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(side_total(child, side) - here + minimax(child, side, memo))
    value = max(values) if deal.rules.side_of(deal.to_move) == side else min(values)
    if key is not None:
        memo[key] = value
    return value


def state_key(deal):
    """Everything about a deal in play that the points still to come depend on."""
    return (
        tuple(tuple(h) for h in deal.hands),
        tuple(deal.trick),
        deal.leader,
        deal.trump,
        tuple((d.suit, d.seat) for d in deal.declarations),
        deal.declare_state,
        deal.pending_question,
        tuple(deal.questions),
        deal.tricks_played,
    )


def assert_solver_equals_minimax(deal, memo=None):
    """The solver's value for every legal action equals the minimax value of that action."""
    solution = solve(deal)
    side = solution.side
    expected = {}
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        expected[str(action)] = side_total(child, side) - side_total(deal, side) + minimax(child, side, memo)
    assert {a.action: a.value for a in solution.actions} == expected, format_position(deal)
    assert solution.value == max(expected.values())


def random_positions(rules, count, seed, play_to):
    """Positions from fresh seeded deals: ``play_to(deal, rng)`` plays each on and returns the
    position it wants, or None (that deal is skipped)."""
    rng = random.Random(seed)
    out = []
    deal_seed = seed * 1000
    while len(out) < count:
        deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
        deal_seed += 1
        position = play_to(deal, rng)
        if position is not None:
            out.append(position)
    return out


def small_positions(rules, count, seed, max_tricks):
    """At most ``max_tricks`` tricks left, often with a declaration window or question open."""

    def play_to(deal, rng):
        stop_at = rng.randint(1, max_tricks)
        while not deal.is_over:
            left = rules.hand_size - deal.tricks_played
            if deal.phase == "play" and left <= stop_at and rng.random() < 0.4:
                return deal.copy()
            actions = deal.legal_actions() if deal.phase == "play" else None
            declarations = [a for a in actions or [] if not isinstance(a, Play)]
            if declarations and rng.random() < 0.5:
                deal.apply(rng.choice(declarations))  # reach windows and questions often
            else:
                deal.apply(random_action(deal, rng))
        return None

    return random_positions(rules, count, seed, play_to)


def check_against_minimax(name, count, seed, max_tricks):
    rules = PRESETS[name] if name in PRESETS else parse_rules(name)
    for deal in small_positions(rules, count, seed, max_tricks):
        assert_solver_equals_minimax(deal)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_plain_minimax(name):
    max_tricks = 4 if PRESETS[name].players <= 3 else 3
    check_against_minimax(name, 25, seed=7, max_tricks=max_tricks)


# house rules that change which declarations and questions exist
QUESTION_HOUSE_RULES = [
    "faq-pairs+half_question_with_pair+half_question_bluff",
    "ukrainian+half_question_bluff+full_question_lockout+half_question_once",
    "wikibooks-pairs+half_question_with_pair+half_question_once",
    "faq-pairs+full_question_lockout+half_question_lockout=off",
    "faq-pairs+half_questions_repeat+half_lock_asker",
]


@pytest.mark.parametrize("name", QUESTION_HOUSE_RULES)
def test_solver_equals_plain_minimax_under_question_house_rules(name):
    check_against_minimax(name, 25, seed=17, max_tricks=3)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_plain_minimax_long(name):
    max_tricks = 4 if PRESETS[name].players <= 3 else 3  # a 4-trick minimax on four hands takes minutes
    check_against_minimax(name, 150, seed=8, max_tricks=max_tricks)


def positions_with(rules, count, seed, tricks_left, declare=0.0):
    """Exactly ``tricks_left`` tricks to go, between tricks or inside one.

    With ``declare``, a declaration offered on the way is made with that probability and only
    positions with a trump are kept: the trump is then often settled, or not quite, which is
    when the bounds from the top trumps apply.
    """

    def play_to(deal, rng):
        while not deal.is_over and not (deal.phase == "play" and rules.hand_size - deal.tricks_played == tricks_left):
            if declare and deal.phase == "play":
                declarations = [a for a in deal.legal_actions() if not isinstance(a, Play)]
                if declarations and rng.random() < declare:
                    deal.apply(declarations[0])
                    continue
            deal.apply(random_action(deal, rng))
        for _ in range(rng.randrange(rules.players)):
            if not deal.is_over:
                deal.apply(random_action(deal, rng))
        return None if deal.is_over or (declare and deal.trump is None) else deal

    return random_positions(rules, count, seed, play_to)


DEEPER_TRICKS = {2: 7, 3: 6, 4: 4}  # tricks left for the deeper check, by the number of players


def check_deeper(name, count, seed):
    rules = PRESETS[name]
    for deal in positions_with(rules, count, seed, tricks_left=DEEPER_TRICKS[rules.players]):
        assert_solver_equals_minimax(deal, memo={})


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_memoized_minimax_deeper(name):
    check_deeper(name, 2, seed=9)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_solver_equals_memoized_minimax_deeper_long(name):
    check_deeper(name, 12, seed=10)


@pytest.mark.parametrize("name", ["three-player", "faq-pairs", "ukrainian"])
def test_solver_equals_memoized_minimax_with_trump_declared(name):
    rules = PRESETS[name]
    for deal in positions_with(rules, 10, seed=11, tricks_left=DEEPER_TRICKS[rules.players], declare=0.7):
        assert_solver_equals_minimax(deal, memo={})


@pytest.mark.parametrize("name", ["three-player", "faq-pairs", "ukrainian"])
def test_bounds_hold_the_value(name):
    """The cut-off bounds at a trick boundary (cashable top cards, top trumps) never cut off the value."""
    rules = PRESETS[name]
    tricks_left = DEEPER_TRICKS[rules.players] - 1
    positions = positions_with(rules, 16, seed=12, tricks_left=tricks_left, declare=0.7)
    positions += positions_with(rules, 8, seed=13, tricks_left=tricks_left)
    checked = 0
    for deal in positions:
        if deal.trick or deal.pending_question is not None:
            continue
        for side in {rules.side_of(seat) for seat in range(rules.players)}:  # the leader's and the others
            solver = Solver(deal, max_side=side)
            lower, upper = solver._bounds()
            assert lower <= minimax(deal, side, {}) <= upper, (format_position(deal), side)
        checked += 1
    assert checked >= 5


def test_a_player_without_the_led_suit_can_still_ruff():
    # Spades are trump. Whether a trick is settled (so that only the dearest or the cheapest of
    # equal cards is tried) must count a ruff by a later player without the led suit: leaving
    # it out gives this position a wrong value.
    deal = parse_position(
        "rules:three-player/hands:A..T76.,TKQ.J..,.A..A86/lead:1/decl:S1/bidder:2/bid:55/points:19,25,14/tricks:3,3,1"
    )
    assert_solver_equals_minimax(deal, memo={})


def cashing_bounds(position: str) -> tuple[int, int, int]:
    """``(sure points of seat 0, lower bound, minimax value for side 0)`` with seat 0 to lead."""
    deal = parse_position(position)
    solver = Solver(deal)
    return solver._sure_points(0), solver._bounds()[0], minimax(deal, 0, {})


def test_cashed_tricks_count_the_cards_the_others_must_follow_with():
    # Seat 0 leads the top two trumps; seat 1 must give up the king and a nine, seat 2 the queen
    # and an eight (their cheapest two trumps), so seat 0 surely wins 21 + 4 + 3 points.
    sure, lower, value = cashing_bounds("rules:three-player/hands:AT.6.7.,K9.7.8.,Q8.8.9./lead:0/decl:S0/tricks:3,2,2")
    assert sure == 28
    assert lower == 28 <= value
    # Hearts are trump and seat 2 has neither hearts nor spades: it discards under the spades
    # (nothing counted for it) and stops no round; seat 1 must follow with its two spades.
    sure, lower, value = cashing_bounds(
        "rules:three-player/hands:AT.6.67.,KQ.7.J.6,.AT98.8./lead:0/decl:H0/tricks:2,2,2"
    )
    assert sure == 21 + 4 + 3
    assert lower <= value


def test_a_leader_who_may_declare_counts_the_bonus_and_the_new_trump():
    # Seat 0 leads and may declare hearts (100): then its king and queen are the top trumps and
    # the spade ace still cashes once: 100 + 4 + 3 + 11 + 4 + 3. Without declaring it could
    # only be sure of 22.
    sure, lower, value = cashing_bounds("rules:three-player/hands:A..6.KQ,K.7.7.9,Q.8.8.8/lead:0/decl:S0/tricks:3,2,2")
    assert sure == 22
    assert lower == 125 <= value
    # A half question completes hearts with the partner's queen: 100, then the king of trumps
    # with the queen and two worthless hearts under it.
    _, lower, value = cashing_bounds("rules:faq-pairs/hands:A...K,K...9,.7..Q,Q...8/lead:0/decl:S1/tricks:2,2,2,1")
    assert lower == 107 <= value


@pytest.mark.parametrize(
    "position, ace_value",
    [
        # Seat 0 takes the spade trick (11 + 4 + 3), then declares hearts (100), and its king and
        # queen of trumps take the last two tricks (4 + 3; no last-trick bonus in this preset).
        ("rules:three-player/hands:A...KQ,K...97,Q...86/lead:0/tricks:3,3,2", 125),
        # Seat 0 takes the spade trick, then completes hearts (100) with a half question to its
        # partner, seat 2, who holds the queen.
        ("rules:faq-pairs/hands:A...K,K...9,.7..Q,Q...8/lead:0/tricks:2,2,2,1", 145),
    ],
)
def test_the_winner_of_a_trick_may_declare_inside_the_search(position, ace_value):
    # After a trick the solver opens the window only for a winner with something to declare
    # (closing it otherwise shares table entries); here the winner has a pair to make.
    deal = parse_position(position)
    values = {a.action: a.value for a in solve(deal).actions}
    after = deal.copy()
    after.apply(Play(Card.parse("SA")))
    assert values["SA"] == minimax(after, deal.rules.side_of(0)) == ace_value


@pytest.mark.parametrize(
    "position, sure, value",
    [
        # Seat 1 leads against seat 0 alone. Hearts were declared before and clubs are trumps
        # now, which nobody holds. Seat 0's spade and heart aces are above every card of the
        # others in their suits; outside those suits the others hold one card (the diamond
        # ace), and seat 0 has one card besides its aces to play on it: so the others must lead
        # spades or hearts in the end, and seat 0 takes both aces (11 + 11) and more.
        ("rules:three-player/hands:A..6.A,..A.KQ,76...6/lead:1/decl:H2,C1/tricks:3,3,2", 22, 29),
        # With hearts not yet declared, seat 1 can win the diamond trick, make hearts trumps
        # and ruff the spade ace: no such bound.
        ("rules:three-player/hands:A..6.A,..A.KQ,76...6/lead:1/tricks:3,3,2", 0, 14),
        # Hearts are trumps and the others hold some: they can ruff.
        ("rules:three-player/hands:A..6.A,..A.KQ,76...6/lead:1/decl:H2/tricks:3,3,2", 0, 14),
        # Seat 0's own undeclared pair does not matter: declaring is its choice. Its spade ace
        # and diamond king and queen (18) are sure, and that is all it gets: once the club ace
        # has taken its one other card, the others lead a diamond, which splits the pair.
        ("rules:three-player/hands:A.6.KQ.,76.A.6.,98..87./lead:1/tricks:3,2,2", 18, 18),
        # Two diamonds in seat 1's hand: two leads, one too many for seat 0's one other card,
        # so the second diamond makes it throw an ace.
        ("rules:three-player/hands:A..6.A,..A7.K,76...Q/lead:1/decl:H2,C1/tricks:3,3,2", 0, 15),
        # Split between seats 1 and 2, the two diamonds make one lead (the other must follow).
        ("rules:three-player/hands:A..6.A,..A.KQ,7..7.6/lead:1/decl:H2,C1/tricks:3,3,2", 22, 29),
    ],
)
def test_a_lone_player_keeps_its_winners_while_the_others_lead(position, sure, value):
    solver = Solver(parse_position(position), max_side=0)
    assert solver._sure_winners() == sure <= solver._bounds()[0]
    assert solver.value() == minimax(parse_position(position), 0) == value


def test_a_ten_that_a_live_ace_beats_is_led_last():
    # The spade ace is gone, so the spade ten leads first; the club ace is still in seat 1's hand.
    deal = parse_position("rules:three-player/hands:T.T.6.,K.A.7.,Q.9.8./lead:0/tricks:3,3,2")
    assert [str(ALL_CARDS[m]) for m in Solver(deal).moves(0)] == ["ST", "D6", "CT"]
    deal = parse_position("rules:three-player/hands:T.T.6.,K.7.A.,Q.9.8./lead:0/tricks:3,3,2")
    assert [str(ALL_CARDS[m]) for m in Solver(deal).moves(0)] == ["ST", "CT", "D6"]


def test_the_one_trick_estimate_of_a_lead():
    # Seats 0 and 2 are partners. The spade ace takes the trick with the others' cheapest
    # spades; on the spade seven each player beats the card on top as cheaply as it can and
    # seat 3's jack takes 2 points for the other pair; the clubs go round the same way for 0.
    deal = parse_position("rules:faq-pairs/hands:A7.6..,K8.7..,Q9.8..,J6.9../lead:0/tricks:2,2,1,1")
    solver = Solver(deal)
    assert solver.even_sides
    estimates = {text: solver._lead_estimate(Card.parse(text).index, 0) for text in ("SA", "S7", "C6")}
    assert estimates == {"SA": 11, "S7": -2, "C6": 0}
    assert not Solver(parse_position("rules:three-player/hands:T.T.6.,K.A.7.,Q.9.8./lead:0/tricks:3,3,2")).even_sides


@pytest.mark.parametrize("name", ["three-player", "faq-pairs", "ukrainian"])
def test_cached_declaration_moves_are_the_fresh_ones(name):
    # One solver (one cache) asked about many hands, declared suits and half questions asked.
    rules = PRESETS[name]
    deals = positions_with(rules, 12, seed=21, tricks_left=rules.hand_size - 1)
    solver = Solver(deals[0])
    askers = [()] + [(Question(seat, "half"),) for seat in range(rules.players)] if rules.partner_questions else [()]
    for deal in deals:
        solver.hands = Solver(deal).hands
        for declared in range(16):
            for asked in askers:
                solver.declared, solver.asked = declared, asked
                for seat in range(rules.players):
                    for prune in (False, True):
                        fresh = solver._list_declaration_moves(seat, prune)
                        assert solver._declaration_moves(seat, prune) == fresh


def test_top_trumps_count_only_once_the_trump_is_settled():
    # Spades are trump; seat 0 holds the ace and the ten, above every other trump (the others'
    # trumps are worth nothing).
    settled = "rules:three-player/hands:AT.6.7.,98.7.8.,76.8.9./lead:0/decl:S0/tricks:3,2,2"
    assert Solver(parse_position(settled))._master_trumps() == (True, 21)
    assert Solver(parse_position(settled), max_side=1)._master_trumps() == (False, 21)
    # Against seat 1, seat 0's cashable top cards and top trumps are the same 21 points, counted once.
    deal = parse_position(settled)
    solver = Solver(deal, max_side=1)
    lower, upper = solver._bounds()
    assert upper == solver._upper_bound() - 21 >= minimax(deal, 1, {})
    # Seat 1 could still declare hearts and change the trump.
    open_pair = "rules:three-player/hands:AT.6.7.,K9...KQ,Q8.8.9./lead:0/decl:S0/tricks:3,2,2"
    assert Solver(parse_position(open_pair))._master_trumps() == (None, 0)
    # With partner questions a king and queen split between partners can still make a pair.
    partners = "rules:faq-pairs/hands:AT...Q,K9.7..,Q8...K,J7.8../lead:0/decl:S0/tricks:2,2,1,1"
    assert Solver(parse_position(partners))._master_trumps() == (None, 0)
    opponents = "rules:faq-pairs/hands:AT...Q,K9...K,Q8.7..,J7.8../lead:0/decl:S0/tricks:2,2,1,1"
    assert Solver(parse_position(opponents))._master_trumps() == (True, 21)


def test_solver_counts_declarations_and_trump_changes():
    # Seat 0 may declare clubs (60) or lead; declaring then leading wins all remaining tricks.
    deal = parse_position("rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1")
    solution = solve(deal)
    assert solution.to_dict()["best"] == ["trump:C"]
    best = next(a for a in solution.actions if a.action == "trump:C")
    lead = next(a for a in solution.actions if a.action == "D6")
    assert best.value >= 60  # the club bonus is part of the value
    assert lead.loss == best.value - lead.value and lead.loss > 0


ROOT = Path(__file__).resolve().parent.parent

# a three-player ending whose root moves fall in several suits (seven groups)
SHARED_ENDING = (
    "rules:three-player/hands:J7.KQ..K96,TQ.9.A.TQ8,AK9..K9.A7/lead:1/bidder:1/bid:70/contract:80"
    "/points:0,30,10/tricks:0,3,1"
)


# The tests that fork run in a fresh interpreter: this test process may have threads (the
# browser tests' server), and forking a process with threads is what the solver refuses to do.
FORK_PREAMBLE = f"""
import json, os
from engine import parse_position
from engine.search import solver
from engine.search.solver import Solver, solve
solver.FORK_NODES = 0  # fork whatever the first group cost
forks = []
real_fork = os.fork
def counting_fork():
    pid = real_fork()
    if pid:
        forks.append(pid)
    return pid
os.fork = counting_fork
deal = parse_position({SHARED_ENDING!r})
"""


def run_isolated(code: str) -> dict:
    """Run ``FORK_PREAMBLE`` and ``code`` in a new interpreter; ``code`` prints one JSON object."""
    out = subprocess.run(
        [sys.executable, "-c", FORK_PREAMBLE + textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_second_process_gives_the_same_values():
    out = run_isolated("""
        alone = solve(deal)
        shared = solve(deal, processes=2)
        print(json.dumps({"forks": len(forks), "same": shared.actions == alone.actions and shared.value == alone.value,
                          "alone": alone.nodes, "shared": shared.nodes}))
    """)
    assert out["forks"] == 1 and out["same"]
    # both processes' nodes are counted (the parent's share alone is about a third of them)
    assert out["shared"] > out["alone"] * 0.8


def test_a_failing_second_process_is_replaced():
    out = run_isolated("""
        parent = os.getpid()
        real_solve_groups = Solver._solve_groups
        def solve_groups(self, *args):
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return real_solve_groups(self, *args)
        Solver._solve_groups = solve_groups
        shared = solve(deal, processes=2)
        Solver._solve_groups = real_solve_groups
        print(json.dumps({"forks": len(forks), "same": shared.actions == solve(deal).actions}))
    """)
    assert out == {"forks": 1, "same": True}


def test_an_interrupted_parent_stops_its_child():
    out = run_isolated("""
        parent = os.getpid()
        real_solve_groups = Solver._solve_groups
        def solve_groups(self, *args):
            if os.getpid() == parent:
                raise KeyboardInterrupt
            return real_solve_groups(self, *args)
        Solver._solve_groups = solve_groups
        try:
            solve(deal, processes=2)
            interrupted = False
        except KeyboardInterrupt:
            interrupted = True
        try:
            os.waitpid(forks[0], os.WNOHANG)
            reaped = False
        except ChildProcessError:  # already waited for: no child left behind
            reaped = True
        print(json.dumps({"forks": len(forks), "interrupted": interrupted, "reaped": reaped}))
    """)
    assert out == {"forks": 1, "interrupted": True, "reaped": True}


@pytest.fixture
def counted_forks(monkeypatch):
    """Fork whatever the first group cost; count the forks (these tests expect none)."""
    forks = []
    monkeypatch.setattr(solver_module, "FORK_NODES", 0)
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or 1 / 0, raising=False)
    return forks


def test_with_other_threads_one_process_solves_everything(counted_forks):
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        deal = parse_position(SHARED_ENDING)
        assert solve(deal, processes=2).actions == solve(deal).actions
    finally:
        stop.set()
        thread.join()
    assert counted_forks == []


def test_without_fork_one_process_solves_everything(counted_forks, monkeypatch):
    monkeypatch.delattr(os, "fork")
    monkeypatch.setattr(solver_module.threading, "active_count", lambda: 1)
    deal = parse_position(SHARED_ENDING)
    assert solve(deal, processes=2).actions == solve(deal).actions


def test_contract_status():
    pos = "rules:three-player/hands:6...,7...,8.../lead:0/decl:S0/bidder:0/bid:55/points:17,50,53/tricks:3,4,3"
    status = contract_status(parse_position(pos))
    assert status["have"] == 57 and status["can_make"] and status["making_actions"] == ["S6"]
    pos = pos.replace("bid:55", "bid:60")
    assert not contract_status(parse_position(pos))["can_make"]


@pytest.mark.parametrize("name", ["three-player", "faq-pairs", "ukrainian"])
def test_contract_status_equals_minimax(name):
    """Which actions keep the contract makeable, by minimax from the bidder's side."""
    rules = PRESETS[name]
    checked = 0
    for deal in small_positions(rules, 12, seed=5, max_tricks=3):
        if deal.bidder is None:
            continue
        side = rules.side_of(deal.bidder)
        making = []
        for action in deal.legal_actions():
            child = deal.copy()
            child.apply(action)
            if side_total(child, side) + minimax(child, side) >= deal.contract:
                making.append(str(action))
        status = contract_status(deal)
        assert status["making_actions"] == making, format_position(deal)
        on_side = rules.side_of(deal.to_move) == side
        assert status["can_make"] == (bool(making) if on_side else len(making) == len(deal.legal_actions()))
        checked += 1
    assert checked >= 10


def test_has_pair_agrees_with_pair_suits():
    from engine.core.declare import PAIR_BITS, has_pair, pair_suits

    rng = random.Random(7)
    kings_and_queens = [b for pair in PAIR_BITS for b in (pair & -pair, pair & (pair - 1))]
    for combo in range(256):  # every choice of kings and queens, with other cards around them
        others = rng.getrandbits(36) & ~sum(PAIR_BITS)
        hand = sum(bit for i, bit in enumerate(kings_and_queens) if combo >> i & 1) | others
        for declared in range(16):
            assert has_pair(hand, declared) == bool(pair_suits(hand, declared)), (hex(hand), declared)


def test_solver_remembers_a_full_question_under_the_lockout():
    # Seat 0 may ask its partner for the hearts (100), then win the spade ace and declare its own
    # spades (40), unless the house rule locks its own pairs after the question.
    position = "hands:AKQ...,98.7..,T...KQ,76..7./lead:0/points:40,25,20,0/tricks:2,2,1,1"
    free = {a.action: a.value for a in solve(parse_position("rules:faq-pairs/" + position)).actions}
    locked_deal = parse_position("rules:faq-pairs+full_question_lockout/" + position)
    locked = {a.action: a.value for a in solve(locked_deal).actions}
    assert free["askfull"] == locked["askfull"] + 40
    assert_solver_equals_minimax(locked_deal)
