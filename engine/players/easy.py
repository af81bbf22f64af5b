"""The "easy" computer player: a legal action for the seat to move from what that seat can see,
by simple rules of thumb (bid up to a rough estimate of the hand, lead aces, keep the pairs, win a
trick cheaply when the partner is not winning it). It bids up to ``hand_estimate``
(``engine.search.hand_value``), the rough value of a hand by which the made-up deals of
``observe`` also read what a bid says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from ..core.actions import Action, Answer, AskFull, AskHalf, Bid, Declare, Discard, Give, Hold, Pass, Play, Return
from ..core.cards import Card, Rank
from ..core.deal import Deal
from ..core.declare import PAIR_BITS
from ..core.play import mask_of, winning_index
from ..core.rules import RuleSet
from ..search.hand_value import hand_estimate


def _value(rules: RuleSet, card: Card) -> int:
    """How much a card is worth keeping: its points, its strength, and K/Q of a pair."""
    return rules.points[card.rank] * 10 + rules.strength[card.rank]


def _pair_cards(hand: Sequence[Card]) -> set[Card]:
    mask = mask_of(hand)
    return {c for c in hand if c.rank in (Rank.KING, Rank.QUEEN) and mask & PAIR_BITS[c.suit] == PAIR_BITS[c.suit]}


def computer_action(deal: Deal, rng: random.Random) -> Action:
    """A legal action for the seat to move, from what that seat can see."""
    rules = deal.rules
    seat = cast(int, deal.to_move)  # asked only while the deal is not over
    hand = deal.hands[seat]
    phase = deal.phase
    if phase in ("discard", "give", "return"):
        return _card_exchange(deal, rules, seat, hand, phase)
    if phase == "raise":
        return Hold()
    legal = deal.legal_actions()
    if phase == "auction":
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.amount)
        limit = hand_estimate(rules, hand)
        if rules.partnership and deal.high_bidder == rules.partner_of(seat):
            limit = 0  # do not bid against the partner
        if bids and (Pass() not in legal or bids[0].amount <= limit):
            return bids[0]
        return Pass() if Pass() in legal else legal[0]
    # trick play
    answers = [a for a in legal if isinstance(a, Answer)]
    if answers:
        return max(answers, key=lambda a: -1 if a.suit is None else rules.bonus[a.suit])
    declarations = [a for a in legal if isinstance(a, Declare)]
    if declarations:
        return max(declarations, key=lambda a: rules.bonus[a.suit])
    halves = [a for a in legal if isinstance(a, AskHalf)]
    if halves and rng.random() < 0.5:
        return max(halves, key=lambda a: rules.bonus[a.suit])
    if AskFull() in legal and rng.random() < 0.3:
        return AskFull()
    cards = [a.card for a in legal if isinstance(a, Play)]
    keep = _pair_cards(hand)
    if not deal.trick:
        aces = [c for c in cards if c.rank is Rank.ACE]
        if aces:
            return Play(aces[0])
        plain = [c for c in cards if c not in keep] or cards
        return Play(min(plain, key=lambda c: _value(rules, c)))
    trick = deal.trick
    winner_seat = (cast(int, deal.leader) + winning_index(rules, trick, deal.trump)) % rules.players
    partner_winning = rules.partnership and winner_seat == rules.partner_of(seat)
    last = len(trick) == rules.players - 1

    def wins(card: Card) -> bool:
        return winning_index(rules, [*trick, card], deal.trump) == len(trick)

    winners = [c for c in cards if wins(c) and c not in keep]
    if partner_winning and last:
        return Play(max(cards, key=lambda c: (c not in keep, rules.points[c.rank])))
    if winners and not partner_winning:
        return Play(min(winners, key=lambda c: _value(rules, c)))
    plain = [c for c in cards if c not in keep] or cards
    return Play(min(plain, key=lambda c: _value(rules, c)))


def _card_exchange(deal: Deal, rules: RuleSet, seat: int, hand: Sequence[Card], phase: str) -> Action:
    """The simple player's discard, give or return (its legal actions are listed only if
    none of its choices is legal: listing every subset is slow)."""
    size = rules.widow_size if phase == "discard" else rules.exchange_size
    keep = _pair_cards(hand)
    if phase == "give":  # help the bidder with the best cards
        order = sorted(hand, key=lambda c: -_value(rules, c))
    else:  # put away the cheapest cards that are not part of a pair
        order = sorted(hand, key=lambda c: (c in keep, _value(rules, c)))
    kinds: dict[str, type[Discard] | type[Give] | type[Return]] = {"discard": Discard, "give": Give, "return": Return}
    kind = kinds[phase]
    for start in range(len(hand) - size + 1):
        action = kind(tuple(order[start : start + size]))
        if deal.why_illegal(action) is None:
            return action
    return deal.legal_actions()[0]
