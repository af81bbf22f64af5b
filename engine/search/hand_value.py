"""A rough value of a hand: the points it can bring, from its aces, tens, guarded kings and
pairs. The made-up deals of ``observe`` read by it what a bid says about the hand behind it; the
easy player (``engine.players.easy``) bids up to it, and the normal player guesses by it who
takes the contract."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card, Rank
from ..core.declare import PAIR_BITS
from ..core.play import mask_of
from ..core.rules import RuleSet


def hand_estimate(rules: RuleSet, hand: Sequence[Card]) -> int:
    """A rough number of points a hand can bring: aces, tens, guarded kings, and pairs."""
    estimate = 0
    mask = mask_of(hand)
    for card in hand:
        if card.rank is Rank.ACE:
            estimate += 16
        elif card.rank is Rank.TEN:
            estimate += 10 if any(c.suit is card.suit and c.rank is Rank.ACE for c in hand) else 6
    for suit in range(4):
        if mask & PAIR_BITS[suit] == PAIR_BITS[suit]:
            estimate += rules.bonus[suit] * 3 // 4
    return estimate + (10 if rules.widow_size else 0)
