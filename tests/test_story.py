"""The story of a deal told once, and the rule knowledge kept in one place (issue 37, item 2):
``RuleSet.seats_of``, the contract asked of ``scoring``, the solver's public position API, the
deal's phases as a ``StrEnum`` and the events of ``core.story`` with what each seat may see."""

from __future__ import annotations

import pytest

from engine import PRESETS


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_seats_of_each_side_are_the_seats_that_score_for_it(name):
    rules = PRESETS[name]
    seen = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        assert seats == sorted(seats) and seats
        assert all(rules.side_of(seat) == side for seat in seats)
        seen += seats
    assert sorted(seen) == list(range(rules.players))
    assert len(rules.seats_of(0)) == (2 if rules.partnership else 1)


def _play_positions(name: str, count: int, seed: int):
    """Trick-play positions of fresh seeded deals, after a few random cards."""
    import random

    from engine import Deal
    from engine.players import random_action

    rules = PRESETS[name]
    rng = random.Random(seed)
    out = []
    number = seed * 100
    while len(out) < count:
        deal = Deal.new(rules, number, dealer=number % rules.players)
        number += 1
        stop = rng.randint(rules.hand_size - 3, rules.hand_size - 1)
        while not deal.is_over and not (deal.phase == "play" and rules.hand_size - deal.tricks_played <= stop):
            deal.apply(random_action(deal, rng))
        if not deal.is_over:
            out.append(deal)
    return out


@pytest.mark.parametrize("name", ["three-player", "wikibooks-pairs"])
def test_the_solvers_position_api_moves_as_the_deal_does_and_takes_moves_back(name):
    from engine.search.solver import Solver, move_to_action

    for deal in _play_positions(name, 4, 7):
        solver = Solver(deal)
        seat = solver.seat_to_move()
        assert seat == deal.to_move
        before = (solver.snapshot(), list(solver.hands))
        for move in solver.moves(seat):
            snap = solver.snapshot()
            solver.apply_move(move, seat)
            after = deal.copy().apply(move_to_action(move))
            if not after.is_over:
                assert solver.seat_to_move() == after.to_move, move
            solver.undo_move(move, seat, snap)
            assert (solver.snapshot(), list(solver.hands)) == before


def test_a_solver_given_an_earlier_solvers_tables_shares_them_and_gets_the_same_value():
    from engine.search.solver import SEARCH_TABLES, Solver

    deal = _play_positions("wikibooks-pairs", 1, 3)[0]
    first = Solver(deal, max_side=0)
    value = first.value()
    tables = first.search_tables()
    assert sorted(tables) == sorted(SEARCH_TABLES) and tables["tt"]
    second = Solver(deal, max_side=0, shared=tables)
    assert second.search_tables()["tt"] is tables["tt"]
    assert second.value() == value
    assert second.nodes < first.nodes  # it starts from what the first one proved
    assert Solver(deal, max_side=0).search_tables()["tt"] == {}
    with pytest.raises(ValueError, match="shared: the solver's tables are tt"):
        Solver(deal, max_side=0, shared={"tt": {}})


CONTRACT_RULES = [
    "three-player",
    "german",
    "wikibooks+rounding+contract_uses_rounded",
    "faq",
    "faq+porvoo_replaces_contract",
    "faq+bidder_porvoo=seat_bid",
    "faq+bidder_porvoo=side_contract",
    "faq-pairs+bidder_porvoo=seat_contract",
    "faq-pairs+bidder_porvoo=side_bid",
    "faq-pairs+porvoo_replaces_contract",
    "faq-pairs+bidder_needs_card_points+bidder_porvoo=seat_bid",
]


def _finished(rules, seat_tricks: int, partner_tricks: int, card_points: int):
    """A finished deal (bidder seat 0, every declaration its) whose bidding side took these tricks
    and card points, the rest to seat 1."""
    from engine import Deal
    from engine.core.cards import Suit
    from engine.core.deal import Declaration

    deal = Deal.new(rules, 1)
    deal.phase, deal.bidder, deal.bid, deal.contract = "done", 0, rules.min_bid, rules.min_bid
    deal.tricks_played = rules.hand_size
    deal.tricks = [0] * rules.players
    deal.points = [0] * rules.players
    partner = rules.partner_of(0)
    deal.tricks[0] = seat_tricks
    if partner is not None:
        deal.tricks[partner] = partner_tricks
    deal.tricks[1] = rules.hand_size - seat_tricks - partner_tricks
    deal.points[0] = card_points
    deal.points[1] = 4 * sum(rules.points) - card_points - deal.dead_points
    deal.last_trick_winner = 1
    deal.discard = ()
    deal.declarations = [Declaration(suit, 0) for suit in Suit]
    return deal


@pytest.mark.parametrize("text", CONTRACT_RULES)
def test_a_contract_fails_exactly_when_a_condition_scoring_names_is_missing(text):
    from engine.core.rules import parse_rules
    from engine.core.scoring import CARD_POINTS, SEAT_TRICK, SIDE_TRICK, contract_needs, score_deal

    rules = parse_rules(text)
    needs = contract_needs(rules)
    pairs = rules.partner_of(0) is not None
    for seat_tricks, partner_tricks, card_points in [(1, 0, 10), (0, 1, 10), (0, 0, 10), (1, 0, 0), (0, 0, 0)]:
        if partner_tricks and not pairs:
            continue
        met = {CARD_POINTS} if card_points else set()
        met |= {SIDE_TRICK} if seat_tricks or partner_tricks else set()
        met |= {SEAT_TRICK} if seat_tricks else set()
        deal = _finished(rules, seat_tricks, partner_tricks, card_points)
        made = score_deal(deal).sides[0].contract_made
        assert made is (needs <= met), (text, seat_tricks, partner_tricks, card_points, sorted(needs))


@pytest.mark.parametrize("text", ["three-player", "german", "wikibooks+rounding+contract_uses_rounded+bid_step=1"])
def test_the_lowest_making_total_is_the_first_total_scoring_calls_made(text):
    from engine.core.rules import parse_rules
    from engine.core.scoring import contract_made, lowest_making_total

    rules = parse_rules(text)
    for contract in range(rules.min_bid, rules.min_bid + 40):
        lowest = lowest_making_total(rules, contract)
        assert contract_made(rules, contract, lowest, True)
        assert not contract_made(rules, contract, lowest - 1, True)
        assert all(contract_made(rules, contract, total, True) for total in range(lowest, lowest + 12))


def test_the_phases_are_a_str_enum_with_their_old_strings():
    import json
    import random

    from engine import Deal, Phase
    from engine.players import random_action

    assert [str(p) for p in Phase] == ["auction", "discard", "give", "return", "raise", "play", "done"]
    for name in ("three-player", "wikibooks-pairs", "ukrainian"):
        rules = PRESETS[name]
        deal = Deal.new(rules, 5)
        rng = random.Random(5)
        seen = []
        while True:
            assert type(deal.phase) is Phase, (name, deal.phase)
            if not seen or seen[-1] != deal.phase:
                seen.append(deal.phase)
            if deal.is_over:
                break
            deal.apply(random_action(deal, rng))
        assert seen[0] == "auction" and seen[-1] == "done"
        assert json.loads(json.dumps({"phase": deal.phase})) == {"phase": "done"}
        assert f"{deal.phase}" == "done"


# -- the story of a deal (core.story) ----------------------------------------------------------------
def _played(text: str, seed: int):
    """Every state of one random deal under ``text``, from the deal to its end."""
    import random

    from engine import Deal, parse_rules
    from engine.players import random_action

    rules = parse_rules(text)
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while True:
        yield deal
        if deal.is_over:
            return
        deal.apply(random_action(deal, rng))


def _event_cards(event) -> set[str]:
    cards = set(event.cards or ()) | set(event.trick) | ({event.card} if event.card is not None else set())
    return {str(c) for c in cards}


STORY_TEXTS = [
    "three-player",
    "three-player+secret_widow",
    "wikibooks-2p+secret_widow+six_card_widow",
    "three-player+forced_opening=off+all_pass_no_contract+no_contract_widow_shown",
    "faq-pairs",
    "ukrainian+raise_between_exchange=off",
    "wikibooks-pairs+half_question_bluff+half_question_with_pair",
    "wikibooks-2p+dead_hand",
    "wikibooks-pairs+redeal_four_sixes+redeal_four_sixes_late",
]


@pytest.mark.parametrize("text", STORY_TEXTS)
def test_a_seats_view_of_the_story_never_holds_a_card_it_could_not_see(text):
    from test_hidden_cards import may_know

    from engine.core.story import story_for, tell

    hidden = 0
    for seed in range(3):
        for deal in _played(text, seed):
            told = tell(deal)
            for seat in range(deal.rules.players):
                view = story_for(deal, seat)
                assert [e.kind for e in view] == [e.kind for e in told]
                leaked = set().union(*(_event_cards(e) for e in view)) - may_know(deal, seat)
                assert not leaked, (text, seed, seat, deal.phase, leaked)
                hidden += sum(1 for e in view if e.cards is None)
                assert all(e.count == len(t.cards) for e, t in zip(view, told) if e.cards is None)
    if "secret_widow" in text or "pairs" in text or text == "three-player":
        assert hidden  # the story holds cards some seat may not see: the views took them out


@pytest.mark.parametrize("text", STORY_TEXTS)
def test_the_story_tells_every_action_once_and_every_trick_as_the_deal_scored_it(text):
    from engine.core.story import KINDS, tell

    *_, deal = _played(text, 11)
    told = tell(deal)
    assert [(e.seat, e.action) for e in told if e.action is not None] == deal.history
    assert all(e.kind in KINDS for e in told)
    rules = deal.rules
    tricks = [e for e in told if e.kind == "trick"]
    assert [e.number for e in tricks] == list(range(1, deal.tricks_played + 1))
    won = [0] * rules.players
    for e in tricks:
        won[e.seat] += e.points
        assert e.points == sum(rules.points[c.rank] for c in e.cards)
    discarded = [0] * rules.players
    for e in told:
        if e.kind == "discard":
            discarded[e.seat] += sum(rules.points[c.rank] for c in e.cards)
    assert [w + d for w, d in zip(won, discarded)] == deal.points
    ends = [e.kind for e in told if e.kind in ("redealt", "no_contract", "contract")]
    assert len(ends) == 1  # the auction ends once: a redeal, no contract or the contract


def test_a_record_table_shows_a_secret_widow_to_the_bidder_alone():
    from engine.puzzles.table import record_log

    checked = 0
    for seed in range(12):
        *_, deal = _played("three-player+secret_widow", seed)
        if deal.bidder is None:
            continue
        widow = [str(c) for c in deal.initial_widow]
        for seat in range(deal.rules.players):
            log = record_log(deal, seat)
            assert log["widow"] == (widow if seat == deal.bidder else [])
            assert record_log(deal, seat, reveal=True)["widow"] == widow
        checked += 1
    assert checked >= 4


def test_the_story_of_a_position_starts_at_the_position():
    from engine import parse_position
    from engine.core.story import tell

    deal = parse_position("rules:three-player/hands:AK...,76...,T8.../lead:0/bidder:0/bid:50")
    for card in ("SA", "S7", "S8", "SK"):
        deal.apply(_play_of(deal, card))
    told = tell(deal)
    assert [e.kind for e in told] == ["play", "play", "play", "trick", "play"]
    assert told[3].seat == 0 and told[3].cards == tuple(a.card for _, a in deal.history[:3])
    assert told[4].leader == 0 and told[4].trick == () and not told[4].first_trick


def _play_of(deal, text):
    from engine import Card, Play

    return Play(Card.parse(text))
