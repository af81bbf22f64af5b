"""engine.search.estimate: what a seat knows, layouts drawn uniformly from everything that fits it, and
the values an estimate is made of."""

import itertools
import random
from collections import Counter

import pytest

from engine.core.actions import Discard, Play
from engine.core.cards import Card, Suit
from engine.core.deal import Deal
from engine.core.notation import parse_position, parse_record
from engine.core.rules import preset
from engine.players import random_action
from engine.search import estimate
from engine.search.solver import Solver


def brute_force_layouts(knowledge):
    """Every layout that fits, by trying every assignment of the unseen cards."""
    places = [p for p, _ in knowledge.places]
    sizes = dict(knowledge.places)
    out = []
    for assignment in itertools.product(places, repeat=len(knowledge.unseen)):
        if any(assignment.count(p) != sizes[p] for p in places):
            continue
        if all(place in knowledge.allowed(card) for card, place in zip(knowledge.unseen, assignment)):
            out.append(tuple(assignment))
    return out


SMALL = "rules:three-player/hands:A7.K.Q.,T.96.8.,.7.J9./lead:2/trick:H6/bidder:0/bid:40/points:50,26,14/tricks:3,3,1"


def test_the_layout_count_is_exact_and_every_layout_is_equally_likely():
    deal = parse_position(SMALL)
    seat = deal.to_move  # seat 0 to play after the six of hearts
    knowledge = estimate.knowledge_from_position(deal, seat, {2: {Suit.DIAMONDS}})
    layouts = brute_force_layouts(knowledge)
    assert estimate._Counter(knowledge).total() == len(layouts) > 3
    draws = estimate.sample_layouts(knowledge, 600 * len(layouts), random.Random(5))
    counts = Counter(tuple(sorted((str(c), str(p)) for p, cs in d.items() for c in cs)) for d in draws)
    assert len(counts) == len(layouts)
    expected = 600
    assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values()), counts


def test_layouts_are_deterministic_for_a_seed():
    deal = parse_record("rules:three-player/dealer:0/seed:3/actions:40")
    knowledge = estimate.knowledge_from_record(deal, deal.to_move)
    a = estimate.sample_layouts(knowledge, 5, random.Random(11))
    b = estimate.sample_layouts(knowledge, 5, random.Random(11))
    assert a == b and a != estimate.sample_layouts(knowledge, 5, random.Random(12))
    assert dict(knowledge.places) == {0: 11, 1: 11, estimate.WIDOW: 3}


def _initial_hands(deal, knowledge, layout):
    """The deal as it would have been dealt if the unseen cards were where ``layout`` puts them."""
    hands = [list(h) for h in deal.hands]
    for place, cards in layout.items():
        if isinstance(place, int):
            hands[place] = list(cards)
    for seat, action in deal.history:
        if isinstance(action, Play):
            hands[seat].append(action.card)
    discard = layout.get(estimate.DISCARD) or next((a.cards for _, a in deal.history if isinstance(a, Discard)), ())
    if deal.bidder is not None and deal.rules.widow_size:
        hands[deal.bidder] += list(discard)
        for card in deal.initial_widow:
            hands[deal.bidder].remove(card)
    return hands, discard


@pytest.mark.parametrize("seed", range(6))
def test_every_sampled_layout_fits_everything_the_seat_saw(seed):
    """Replaying the whole record with the sampled hands keeps every action legal: the voids,
    the duties, the declared pairs, the widow and the hidden discard are all respected."""
    rules = preset(["three-player", "faq"][seed % 2])
    rng = random.Random(seed)
    deal = Deal.new(rules, seed, dealer=seed % 3)
    while not deal.is_over and not (deal.phase == "play" and deal.tricks_played >= 4 + seed % 4):
        deal.apply(random_action(deal, rng))
    if deal.is_over:
        pytest.skip("the random deal ended early")
    for seat in range(rules.players):
        knowledge = estimate.knowledge_from_record(deal, seat)
        for layout in estimate.sample_layouts(knowledge, 8, random.Random(seed)):
            hands, discard = _initial_hands(deal, knowledge, layout)
            replay = Deal(rules, hands, deal.initial_widow, deal.dealer)
            for mover, action in deal.history:
                if isinstance(action, Discard):
                    action = Discard(tuple(discard))
                assert replay.why_illegal(action) is None, (seat, mover, action, layout)
                replay.apply(action)


def _shown_out(seed):
    """A random three-player deal played until some seat fails to follow suit: the deal, that
    seat and the led suit."""
    rules = preset("three-player")
    rng = random.Random(seed)
    deal = Deal.new(rules, seed, dealer=0)
    while not deal.is_over:
        action = random_action(deal, rng)
        led = deal.trick[0].suit if deal.phase == "play" and deal.trick else None
        seat = deal.to_move
        deal.apply(action)
        if led is not None and isinstance(action, Play) and action.card.suit != led and deal.trick:
            return deal, seat, led
    return None


def test_a_seat_that_did_not_follow_suit_holds_none_of_it():
    found = next(x for x in map(_shown_out, range(50)) if x is not None)
    deal, void_seat, suit = found
    observer = (
        next(s for s in range(3) if s != void_seat and s != deal.to_move)
        if deal.to_move != void_seat
        else ((void_seat + 1) % 3)
    )
    knowledge = estimate.knowledge_from_record(deal, observer)
    unseen = [c for c in knowledge.unseen if c.suit == suit]
    assert unseen, "the other seats still hold cards of the suit"
    for card in unseen:
        assert void_seat not in knowledge.allowed(card), card
    for layout in estimate.sample_layouts(knowledge, 10, random.Random(0)):
        assert not [c for c in layout.get(void_seat, []) if c.suit == suit]


def test_the_widow_and_the_hidden_discard_for_a_defender():
    deal = parse_record(
        "rules:three-player/dealer:0/hands:KJ7.TKJ6.TK9.T,AQ8.AQ8.A.KJ98,T96.7.J76.AQ76/widow:.9.Q8./"
        "actions:40,p,p,discard:S8.C8.D8,hold,SA,S6,S7,CA,C7,C6"
    )
    knowledge = estimate.knowledge_from_record(deal, 2)
    assert dict(knowledge.places) == {0: 9, 1: 9, estimate.DISCARD: 3}
    for card in deal.initial_widow:  # shown to all, then with the bidder (seat 1): hand or discard
        if card in knowledge.unseen:
            assert set(knowledge.allowed(card)) <= {1, estimate.DISCARD}


def test_declared_king_and_queen_stay_with_the_declarer():
    deal = parse_position("rules:three-player/hands:9.A.7.,KQ..8.,7.T.6./lead:1/decl:S1/tricks:5,2,1")
    knowledge = estimate.knowledge_from_position(deal, 0)
    assert knowledge.allowed(Card.parse("SK")) == (1,) and knowledge.allowed(Card.parse("SQ")) == (1,)
    for layout in estimate.sample_layouts(knowledge, 20, random.Random(1)):
        assert {Card.parse("SK"), Card.parse("SQ")} <= set(layout[1])


def test_impossible_knowledge_is_refused():
    deal = parse_position(SMALL)
    with pytest.raises(estimate.EstimateError, match="cannot be in any"):
        estimate.knowledge_from_position(deal, 0, {1: {Suit.DIAMONDS}, 2: {Suit.DIAMONDS}})


@pytest.mark.parametrize(
    "position",
    [
        "rules:three-player/hands:AK.T9..Q6,QJ.A8..K7,T6.K7..A9/lead:0/bidder:0/bid:40/tricks:1,2,2",
        "rules:three-player/hands:A9.KQ.T.,KJ.A8.9.,T6.T7.A./lead:1/decl:C0/bidder:0/bid:60/tricks:3,2,1",
    ],
)
def test_made_is_the_solvers_value_rounded_down_to_the_bid_step(position):
    deal = parse_position(position)
    side = deal.rules.side_of(deal.bidder)
    exact = estimate.side_has(deal, side) + Solver(deal, max_side=side).value()
    assert estimate.made(deal, side, 5) == exact - exact % 5


def test_the_bidders_rule_keeps_pairs_and_puts_away_the_cheapest():
    deal = parse_record("rules:three-player/dealer:0/seed:17/actions:40,p,p")
    action = estimate.discard_by_rule(deal)
    assert {str(c) for c in action.cards} == {"S6", "S7", "D6"}
    strict = parse_record("rules:three-player+no_discard_aces_tens/dealer:0/seed:17/actions:40,p,p")
    assert all(c.rank.letter not in "AT" for c in estimate.discard_by_rule(strict).cards)


def test_expected_score_and_spread():
    made = [30, 45, 50, 60, 80]
    assert estimate.expected_score(made, 50) == (-50 - 50 + 50 + 50 + 50) / 5
    assert estimate.spread(made) == {"min": 30, "p10": 30, "p25": 45, "p50": 50, "p75": 60, "p90": 80, "max": 80}
