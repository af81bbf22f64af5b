"""Practice drills: every theme yields puzzles that the engine accepts and whose answer is unique,
in the theme's game (the three-player game), and the follow-suit drills ask more than one question."""

import time

import pytest

from engine import puzzles
from engine.coach.drills import FOLLOW_SUIT, GAME_FOR, THEMES, DrillError, drill
from engine.core.actions import Play
from engine.core.notation import parse_position
from engine.core.play import winning_index

DUTY_CODE = {"follow-suit": "must_follow_suit", "overtake": "must_overtake", "must-trump": "must_trump"}


@pytest.mark.parametrize("theme", THEMES)
def test_drills_have_unique_engine_checked_answers(theme):
    for seed in range(8):
        start = time.perf_counter()
        spec = drill(theme, seed)
        assert time.perf_counter() - start < 20
        solution = puzzles.check(spec)
        several = theme == "follow-suit" and FOLLOW_SUIT[seed % len(FOLLOW_SUIT)] in ("several-legal", "mark-all")
        if spec["kind"] in ("legal-card", "best-card", "trick-winner") and not several:
            assert len(solution["cards"]) == 1, spec
        if spec["kind"] in ("legal-card", "all-legal"):
            deal = puzzles.load(spec).deal
            assert deal.play_duty()[1] == DUTY_CODE[theme]
        assert drill(theme, seed) == spec  # deterministic


@pytest.mark.parametrize("theme", THEMES)
def test_drills_are_in_the_three_player_game(theme):
    assert GAME_FOR[theme] == "three-player"
    for seed in range(12):
        assert parse_position(drill(theme, seed)["position"]).rules.name == "three-player", (theme, seed)


def test_scoring_drills_start_where_no_declaration_can_change_the_score():
    """The last lead of the three-player game always has the declaration window open (no strong
    drive); a scoring drill is taken there when no declaration is possible any more."""
    for seed in range(12):
        spec = drill("scoring", seed)
        deal = parse_position(spec["position"])
        assert deal.declare_state == "open"
        assert len(deal.hands[deal.to_move]) == 1 and not deal.trick
        assert all(isinstance(action, Play) for action in deal.legal_actions())
        assert puzzles.check(spec)["score"] == puzzles.answer_table(spec)["number"]


def test_follow_suit_drills_vary_and_each_has_one_answer():
    seen = set()
    for seed in range(16):
        spec = drill("follow-suit", seed)
        variant = FOLLOW_SUIT[seed % len(FOLLOW_SUIT)]
        seen.add(variant)
        deal = parse_position(spec["position"])
        hand = deal.hands[deal.to_move]
        solution = puzzles.check(spec)
        if variant == "one-legal":
            assert spec["kind"] == "legal-card" and len(solution["cards"]) == 1
        elif variant in ("several-legal", "mark-all"):
            assert spec["kind"] == ("legal-card" if variant == "several-legal" else "all-legal")
            legal = sorted(str(c) for c in deal.legal_cards())
            assert sorted(solution["cards"]) == legal  # the one set of right cards
            assert 2 <= len(legal) < len(hand), spec  # more than one legal card, and one that is not
            assert all(c.suit is deal.trick[0].suit for c in deal.legal_cards())
        else:
            assert spec["kind"] == "trick-winner" and len(solution["cards"]) == 1
            trick = [*deal.trick, next(c for c in hand if str(c) == spec["then"])]
            winner = trick[winning_index(deal.rules, trick, deal.trump)]
            assert str(winner) == solution["cards"][0]
            strength = deal.rules.strength
            # a card that did not follow suit (and is no trump) outranks the winner: the duty decides
            assert any(
                c.suit is not trick[0].suit and c.suit != deal.trump and strength[c.rank] > strength[winner.rank]
                for c in trick
            ), spec
        hints = ("trick_winner", "trick_winner_trump") if spec["kind"] == "trick-winner" else ("follow_suit",)
        assert spec["hint"]["code"] in hints  # the hint speaks of the question asked
    assert seen == set(FOLLOW_SUIT)


def test_unknown_theme():
    with pytest.raises(DrillError):
        drill("juggling", 1)
