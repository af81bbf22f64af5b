"""Trick play: which cards may be played, why a card may not, and who wins a trick.

This module is the one home of the card-play rules (lead restrictions, following suit,
overtaking, trumping). The deal state machine, the solver and the browser all ask it.

The duties, in the order the sources give them (S1 lists them exactly so):

1. leading: any card, except that on the first trick ``first_lead="ace_then_spade"`` makes
   the bidder lead an ace if they hold one, else a spade if they hold one (S1 option, S2);
2. holding the led suit: play it (maapakko); with ``must_overtake`` play a card of it higher
   than the highest led-suit card already in the trick when able (ylimenopakko, S0 S1 S2);
3. void in the led suit with a trump declared: play a trump (valttipakko); the house rule
   ``must_overtrump`` also makes the player beat the highest trump in the trick when able;
4. otherwise any card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .rules import RuleSet

ACE = Rank.ACE
SPADES = Suit.SPADES


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal: a stable code plus parameters (cards and suits as notation).

    The site turns ``code`` + ``params`` into a sentence in Finnish or English; ``str()`` gives
    a plain English sentence for the command line.
    """

    code: str
    params: tuple = ()

    @classmethod
    def of(cls, code: str, **params) -> Reason:
        return cls(code, tuple(sorted((k, _plain(v)) for k, v in params.items())))

    @property
    def args(self) -> dict:
        return dict(self.params)

    def to_dict(self) -> dict:
        return {"code": self.code, "params": self.args}

    def __str__(self) -> str:
        from .messages import explain

        return explain(self)


def _plain(value):
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


class IllegalAction(ValueError):
    """An action that the rules do not allow now; ``reason`` says which rule."""

    def __init__(self, reason: Reason):
        self.reason = reason
        super().__init__(str(reason))


def winning_index(rules: RuleSet, trick: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``trick`` of the card that wins it so far.

    The highest trump wins if a trump was played; otherwise the highest card of the led
    suit. A card of another suit never wins (S0: ♦7 led, then ♦K and ♠A: ♦K wins).
    """
    strength = rules.strength
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card.suit is best_card.suit:
            if strength[card.rank] > strength[best_card.rank]:
                best, best_card = i, card
        elif card.suit is trump:
            best, best_card = i, card
    return best


def beats(rules: RuleSet, card: Card, target: Card) -> bool:
    """Does ``card`` rank above ``target`` in the same suit?"""
    return card.suit is target.suit and rules.strength[card.rank] > rules.strength[target.rank]


def _highest_of_suit(rules: RuleSet, trick: Sequence[Card], suit: Suit) -> Card | None:
    top = None
    for card in trick:
        if card.suit is suit and (top is None or rules.strength[card.rank] > rules.strength[top.rank]):
            top = card
    return top


def play_duty(
    rules: RuleSet, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, first_trick: bool
) -> tuple[list[Card], str | None, dict]:
    """The cards the rules allow from ``hand``, and the duty that excludes the others.

    Returns ``(allowed, code, params)``; ``code`` is None when every card in hand is allowed.
    """
    if not trick:
        if first_trick and rules.first_lead == "ace_then_spade":
            aces = [c for c in hand if c.rank is ACE]
            if aces:
                return aces, "must_lead_ace", {}
            spades = [c for c in hand if c.suit is SPADES]
            if spades:
                return spades, "must_lead_spade", {}
        return list(hand), None, {}
    led = trick[0].suit
    follow = [c for c in hand if c.suit is led]
    if follow:
        if first_trick and rules.ace_must_show:
            for c in follow:
                if c.rank is ACE:
                    return [c], "ace_must_show", {"suit": led, "card": c}
        if rules.must_overtake:
            if rules.overtake_against_winner:
                target = trick[winning_index(rules, trick, trump)]
                if target.suit is not led:
                    target = None
            else:
                target = _highest_of_suit(rules, trick, led)
            if target is not None:
                strength = rules.strength
                higher = [c for c in follow if strength[c.rank] > strength[target.rank]]
                if higher:
                    return higher, "must_overtake", {"suit": led, "beat": target}
        return follow, "must_follow_suit", {"suit": led}
    if trump is not None and rules.must_trump:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            if rules.must_overtrump:
                top = _highest_of_suit(rules, trick, trump)
                if top is not None:
                    strength = rules.strength
                    higher = [c for c in trumps if strength[c.rank] > strength[top.rank]]
                    if higher:
                        return higher, "must_overtrump", {"suit": trump, "beat": top}
            return trumps, "must_trump", {"suit": trump}
    return list(hand), None, {}


def legal_cards(
    rules: RuleSet, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, first_trick: bool
) -> list[Card]:
    return play_duty(rules, hand, trick, trump, first_trick)[0]


def why_card_illegal(
    rules: RuleSet,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    first_trick: bool,
    card: Card,
) -> Reason | None:
    """None if ``card`` may be played; otherwise the reason, naming the suit or card."""
    if card not in hand:
        return Reason.of("not_in_hand", card=card)
    allowed, code, params = play_duty(rules, hand, trick, trump, first_trick)
    if card in allowed:
        return None
    # A card outside the led suit breaks the follow-suit duty even when the duty in force is
    # the stricter one (overtake, ace must show): name the broken rule and the stricter duty.
    if code in ("must_overtake", "ace_must_show") and card.suit is not params["suit"]:
        extra = {"beat": params["beat"]} if code == "must_overtake" else {"card": params["card"]}
        return Reason.of("must_follow_suit", suit=params["suit"], **extra)
    if code == "must_overtrump" and card.suit is not params["suit"]:
        return Reason.of("must_trump", suit=params["suit"], beat=params["beat"])
    return Reason.of(code, **params)
