"""The normal computer player: what a seat sees, the deals it makes up, its choices (legal,
deterministic, blind to hidden cards), and the arena that compares player types."""

import math
import random

import pytest
from hidden_deal import reshuffled

from engine import PRESETS, Deal, Play
from engine.players import PLAYERS, random_action
from engine.players.arena import arena, interval, lines, play_deal, rotations
from engine.players.easy import computer_action
from engine.players.normal import decide
from engine.search.observe import DISCARD, WIDOW, _allowed_places, _places, _rebuild, observe, sample_deals


def _midway(rules, seed, policy=computer_action):
    """A deal some way in, with the seat to move: random prefixes of the simple player's games."""
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 60)):
        if deal.is_over:
            break
        deal.apply(policy(deal, rng))
    return deal


def _true_place(deal, seat, card):
    for s, hand in enumerate(deal.hands):
        if s != seat and card in hand:
            return s
    if deal.phase == "auction" and card in deal.widow:
        return WIDOW
    return DISCARD


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_true_deal_is_always_one_the_seat_can_imagine(name):
    """Every unseen card's real place is among the places allowed for it, and rebuilding the
    deal with the real places gives the real deal back: the inferences never rule out the truth."""
    rules = PRESETS[name]
    checked = 0
    for seed in range(40):
        deal = _midway(rules, seed, computer_action if seed % 2 else random_action)
        if deal.is_over:
            continue
        for seat in range(rules.players):
            if deal.phase not in ("play", "auction") and seat != deal.to_move:
                continue  # before trick play only the seat to act knows the cards it moved
            obs = observe(deal, seat)
            places = _places(obs)
            unseen = obs.unseen()
            allowed = _allowed_places(obs, unseen, places)
            layout = {p: [] for p in places}
            for card in unseen:
                where = _true_place(deal, seat, card)
                assert where in allowed[card], (seed, seat, str(card))
                layout[where].append(card)
            rebuilt = _rebuild(obs, layout)
            assert rebuilt is not None
            assert [sorted(h) for h in rebuilt.hands] == [sorted(h) for h in deal.hands]
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("name", ["three-player", "faq-pairs", "german"])
def test_made_up_deals_agree_with_everything_public(name):
    rules = PRESETS[name]
    for seed in range(12):
        deal = _midway(rules, seed)
        if deal.is_over:
            continue
        seat = deal.to_move
        for made_up in sample_deals(observe(deal, seat), random.Random(seed), 6):
            assert made_up.phase == deal.phase and made_up.to_move == seat
            assert made_up.hands[seat] == deal.hands[seat]
            assert [len(h) for h in made_up.hands] == [len(h) for h in deal.hands]
            assert made_up.trick == deal.trick and made_up.trump == deal.trump
            assert made_up.declarations == deal.declarations and made_up.tricks == deal.tricks
            assert made_up.auction == deal.auction and made_up.contract == deal.contract


def test_a_declared_pair_stays_with_its_declarer_in_every_made_up_deal():
    rules = PRESETS["three-player"]
    for seed in range(200):
        deal = _midway(rules, seed)
        if deal.is_over or deal.phase != "play" or not deal.declarations:
            continue
        declaration = deal.declarations[-1]
        seat = next(s for s in range(3) if s != declaration.seat)
        held = [c for c in deal.hands[declaration.seat] if c.suit == declaration.suit and c.rank in (2, 3)]
        if not held:
            continue
        for made_up in sample_deals(observe(deal, seat), random.Random(seed), 6):
            assert all(c in made_up.hands[declaration.seat] for c in held)
        return
    pytest.fail("no deal with a declared pair still in hand found")


def test_a_seat_that_did_not_follow_suit_holds_none_of_it_in_any_made_up_deal():
    rules = PRESETS["faq"]
    found = 0
    for seed in range(300):
        deal = _midway(rules, seed)
        if deal.is_over or deal.phase != "play":
            continue
        obs = observe(deal, 0)
        voids = set()
        trick = []
        for mover, action in obs.plays:
            if isinstance(action, Play):
                if trick and action.card.suit != trick[0].suit and mover != 0:
                    voids.add((mover, trick[0].suit))
                trick = [] if len(trick) == rules.players - 1 else [*trick, action.card]
        if not voids:
            continue
        found += 1
        for made_up in sample_deals(obs, random.Random(seed), 6):
            for mover, suit in voids:
                assert not any(c.suit == suit for c in made_up.hands[mover])
        if found >= 5:
            return
    pytest.fail("too few deals with a shown void")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_normal_player_does_not_look_at_hidden_cards(name):
    """Its whole reasoning (every choice and score) is the same when the cards it cannot see
    are dealt differently among the other hands."""
    rules = PRESETS[name]
    for seed in range(10):
        deal = _midway(rules, seed, random_action)
        if deal.is_over:
            continue
        seat = deal.to_move
        before = decide(deal, random.Random(5))
        assert deal.why_illegal(before.action) is None
        shuffled = reshuffled(deal, seat, random.Random(seed))
        assert decide(shuffled, random.Random(5)).to_dict() == before.to_dict()


def test_the_normal_player_is_deterministic_for_a_seed():
    deal = _midway(PRESETS["faq-pairs"], 11)
    first = decide(deal, random.Random(9)).to_dict()
    assert decide(deal.copy(), random.Random(9)).to_dict() == first


def test_decisions_say_what_was_compared():
    rules = PRESETS["three-player"]
    kinds = set()
    for seed in range(30):
        deal = _midway(rules, seed)
        if deal.is_over:
            continue
        decision = decide(deal, random.Random(seed))
        kinds.add((decision.phase, decision.method))
        if decision.compared:
            assert len(decision.choices) >= 2
            assert decision.choices[0].action == decision.action
            utilities = [c.utility for c in decision.choices]
            assert utilities == sorted(utilities, reverse=True)
    assert ("play", "playout") in kinds and ("play", "solver") in kinds


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_normal_players_never_make_an_illegal_move(name):
    """Whole deals, every action verified by ``Deal.apply`` (more deals with --runslow)."""
    rules = PRESETS[name]
    seating = tuple("normal" if s % 2 == 0 else "easy" for s in range(rules.players))
    deal = play_deal(rules, 100, seating)
    assert deal.is_over


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_normal_players_never_make_an_illegal_move_over_many_deals(name):
    rules = PRESETS[name]
    for seed in range(25):
        seating = tuple("normal" if (s + seed) % 3 else "easy" for s in range(rules.players))
        assert play_deal(rules, 1000 + seed, seating).is_over


def test_player_types():
    assert set(PLAYERS) == {"easy", "normal", "expert"}


def test_rotations_seat_every_type_everywhere_once():
    assert rotations(["normal", "easy", "easy"]) == [
        ("normal", "easy", "easy"),
        ("easy", "normal", "easy"),
        ("easy", "easy", "normal"),
    ]
    assert rotations(["normal", "easy", "normal", "easy"]) == [
        ("normal", "easy", "normal", "easy"),
        ("easy", "normal", "easy", "normal"),
    ]


def test_interval_is_the_mean_with_1_96_standard_errors():
    result = interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959964 * math.sqrt(5 / 3) / 2
    assert result.mean == 2.5
    assert result.low == pytest.approx(2.5 - half) and result.high == pytest.approx(2.5 + half)


def test_arena_plays_duplicate_deals_and_reports_intervals():
    out = arena(PRESETS["faq"], ["normal", "easy", "easy"], 2, seed=4)
    assert out["games"] == 6 and [t["player"] for t in out["types"]] == ["normal", "easy"]
    assert out["difference"]["players"] == ["normal", "easy"]
    for t in out["types"]:
        assert t["low"] <= t["mean"] <= t["high"]
    text = "\n".join(lines(out))
    assert "normal - easy" in text and "95 % interval" in text
    # duplicate: the same cards in every rotation
    a = play_deal(PRESETS["faq"], 4, ("normal", "easy", "easy"))
    b = play_deal(PRESETS["faq"], 4, ("easy", "normal", "easy"))
    assert a.initial_hands == b.initial_hands


@pytest.mark.parametrize(
    "players, deals, message",
    [
        (["normal", "easy"], 3, "has 3 seats"),
        (["normal", "hard", "easy"], 3, "unknown player 'hard'"),
        (["normal", "easy", "easy"], 1, "at least 2 deals"),
    ],
)
def test_arena_refuses_bad_settings(players, deals, message):
    with pytest.raises(ValueError, match=message):
        arena(PRESETS["three-player"], players, deals)


def _figures_explain_the_order(d: dict) -> None:
    """What a hint shows of a decision never seems to contradict its choice: each choice's deal
    score is its utility without the tenth of its points, the bidding side's deal score comes from
    how often the contract was made, and the order is the utility's (a raise only with its margin)."""
    for c in d["choices"]:
        assert c["score"] == pytest.approx(c["utility"] - 0.1 * c["points"], abs=0.11)
        if c["made"] is not None and d["phase"] != "auction":
            amount = int(c["action"][6:]) if c["action"].startswith("raise:") else d["contract"]
            n = d["samples"]
            assert c["score"] == pytest.approx(amount * (2 * c["made"] - n) / n, abs=0.06)
    first, *rest = d["choices"]
    assert first["action"] == d["action"]
    if d["phase"] == "raise":
        assert d["raise_margin"] > 0
        if first["action"] == "hold":
            assert all(c["utility"] < first["utility"] + d["raise_margin"] for c in rest)
        else:
            assert all(first["utility"] >= c["utility"] for c in rest)
    else:
        assert d["raise_margin"] is None
        assert all(first["utility"] >= c["utility"] for c in rest)
    if d["phase"] == "auction":
        assert {c["action"] for c in d["choices"]} == {"p", str(d["contract"])} and d["defend"]["action"] == "p"


def test_a_hints_figures_explain_its_choice_at_every_phase():
    from engine import Bid, Pass

    rules = PRESETS["three-player"]
    phases = set()
    deal = Deal.new(rules, 44, dealer=44 % 3)  # seat 0 must open; then it holds or raises
    deal.apply(Bid(rules.min_bid))
    while deal.phase == "auction":
        d = decide(deal, random.Random(1)).to_dict()
        if d["samples"]:
            _figures_explain_the_order(d)
            phases.add(d["phase"])
        deal.apply(Pass())
    rng = random.Random(44)
    while not deal.is_over and len(phases) < 4:
        d = decide(deal, random.Random(len(deal.history))).to_dict()
        if d["samples"] and d["phase"] not in phases:
            _figures_explain_the_order(d)
            phases.add(d["phase"])
        deal.apply(computer_action(deal, rng))
    assert phases >= {"auction", "discard", "raise", "play"}
