"""Trick play: which cards may be played, why a card may not, and who wins a trick.

This module is the one home of the card-play rules (lead restrictions, following suit,
overtaking, trumping). The deal state machine, the solver and the browser all ask it.

The duties, in the order the sources give them (S1 lists them exactly so):

1. leading: any card, except that on the first trick ``first_lead="ace_then_spade"`` makes
   the first leader (the bidder; without a contract the player after the dealer) lead an ace
   if they hold one, else a spade if they hold one (S1 option, S2);
2. holding the led suit: play it (maapakko); with ``must_overtake`` play a card of it higher
   than the highest led-suit card already in the trick when able (ylimenopakko, S0 S1 S2);
3. void in the led suit with a trump declared: play a trump (valttipakko); the house rule
   ``must_overtrump`` also makes the player beat the highest trump in the trick when able;
4. otherwise any card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .cards import ALL_CARDS, Card, Suit
from .rules import RuleSet

if TYPE_CHECKING:
    from .messages import ReasonArgs

# A reason's parameters as plain values (``Reason.of`` turns cards and suits into notation): a
# notation string, a number, a flag, or a tuple of them; which one depends on the key and the code.
Plain = str | int | bool | None | tuple["Plain", ...]


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal: a stable code plus parameters (cards and suits as notation).

    The site turns ``code`` + ``params`` into a sentence in Finnish or English; ``str()`` gives
    a plain English sentence for the command line.
    """

    code: str
    params: tuple[tuple[str, Plain], ...] = ()

    @classmethod
    def of(cls, code: str, **params: object) -> Reason:
        return cls(code, tuple(sorted((k, _plain(v)) for k, v in params.items())))

    @property
    def args(self) -> ReasonArgs:
        return dict(self.params)

    def to_dict(self) -> dict[str, str | ReasonArgs]:
        return {"code": self.code, "params": self.args}

    def __str__(self) -> str:
        from .messages import explain

        return explain(self)


def _plain(value: object) -> Plain:
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return cast(Plain, value)  # a number, flag, text or None: kept as it is


class IllegalAction(ValueError):
    """An action that the rules do not allow now; ``reason`` says which rule."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(str(reason))


SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
NO_TRUMP = -1


class CardTables:
    """Per rule set: each card's strength, and the mask of same-suit cards that beat it."""

    __slots__ = ("strength", "above")

    def __init__(self, rank_strength: Sequence[int]) -> None:
        self.strength = tuple(rank_strength[i % 9] for i in range(36))
        self.above = tuple(
            sum(1 << j for j in range(9 * (i // 9), 9 * (i // 9) + 9) if self.strength[j] > self.strength[i])
            for i in range(36)
        )


_TABLES: dict[tuple[int, ...], CardTables] = {}


def tables(rules: RuleSet) -> CardTables:
    t = _TABLES.get(rules.strength)
    if t is None:
        t = _TABLES[rules.strength] = CardTables(rules.strength)
    return t


def winning_position(strength: Sequence[int], trick: Sequence[int], trump: int) -> int:
    """Index in ``trick`` (card indices) of the card that wins it so far.

    The highest trump wins if a trump was played; otherwise the highest card of the led
    suit. A card of another suit never wins (S0: ♦7 led, then ♦K and ♠A: ♦K wins).
    """
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card // 9 == best_card // 9:
            if strength[card] > strength[best_card]:
                best, best_card = i, card
        elif card // 9 == trump:
            best, best_card = i, card
    return best


def beaters(t: CardTables, card: int, trump: int) -> int:
    """The mask of cards that beat ``card`` on top of a trick (``winning_position`` for one
    card): the stronger cards of its suit, and every trump when it is not a trump."""
    if trump < 0 or card // 9 == trump:
        return t.above[card]
    return t.above[card] | SUIT_MASKS[trump]


def winning_index(rules: RuleSet, trick: Sequence[Card], trump: Suit | None) -> int:
    """``winning_position`` for Card objects."""
    return winning_position(tables(rules).strength, [c.index for c in trick], NO_TRUMP if trump is None else trump)


def why_not_winner(rules: RuleSet, trick: Sequence[Card], trump: Suit | None, card: Card) -> Reason:
    """Why ``card`` of a complete ``trick`` does not win it (it is not the winner): a trump beat
    it (``beaten_by_trump``), it neither followed the led suit nor was a trump (``off_suit``), or
    a higher card of the led suit won (``lower_than``). Each names the winning card."""
    winner = trick[winning_index(rules, trick, trump)]
    if winner == card:
        raise ValueError(f"{card} wins this trick")
    led = trick[0].suit
    if trump is not None and winner.suit == trump and card.suit != trump and card.suit == led:
        return Reason.of("beaten_by_trump", card=card, winner=winner, led=led, trump=trump)
    if trump is not None and winner.suit == trump and card.suit == trump:
        return Reason.of("lower_trump", card=card, winner=winner, trump=trump)
    if card.suit != led:
        return Reason.of("off_suit", card=card, winner=winner, led=led)
    return Reason.of("lower_than", card=card, winner=winner, led=led)


def _highest_of_suit(strength: Sequence[int], trick: Sequence[int], suit: int) -> int:
    top = -1
    for card in trick:
        if card // 9 == suit and (top < 0 or strength[card] > strength[top]):
            top = card
    return top


ACES = sum(1 << (9 * s) for s in range(4))


def duty_mask(
    rules: RuleSet, hand: int, trick: Sequence[int], trump: int, first_trick: bool, t: CardTables | None = None
) -> tuple[int, str | None, int, int]:
    """The one implementation of the card-play duties, on bitmasks.

    ``hand`` is a mask of card indices, ``trick`` a list of card indices, ``trump`` a suit
    number or -1; ``t`` may pass ``tables(rules)`` in (the solver does, to save the lookup).
    Returns ``(allowed mask, duty code or None, suit, card to beat or -1)``.
    """
    if not trick:
        if first_trick and rules.first_lead == "ace_then_spade":
            if hand & ACES:
                return hand & ACES, "must_lead_ace", -1, -1
            if hand & SUIT_MASKS[0]:
                return hand & SUIT_MASKS[0], "must_lead_spade", 0, -1
        return hand, None, -1, -1
    led = trick[0] // 9
    follow = hand & SUIT_MASKS[led]
    if follow:
        if first_trick and rules.ace_must_show and follow & ACES:
            return follow & ACES, "ace_must_show", led, -1
        if rules.must_overtake:
            t = t or tables(rules)
            if rules.overtake_against_winner:
                target = trick[winning_position(t.strength, trick, trump)]
                if target // 9 != led:
                    target = -1
            else:
                target = _highest_of_suit(t.strength, trick, led)
            if target >= 0:
                higher = follow & t.above[target]
                if higher:
                    return higher, "must_overtake", led, target
        return follow, "must_follow_suit", led, -1
    if trump >= 0 and rules.must_trump:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            if rules.must_overtrump:
                t = t or tables(rules)
                top = _highest_of_suit(t.strength, trick, trump)
                if top >= 0 and trumps & t.above[top]:
                    return trumps & t.above[top], "must_overtrump", trump, top
            return trumps, "must_trump", trump, -1
    return hand, None, -1, -1


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def play_duty(
    rules: RuleSet, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, first_trick: bool
) -> tuple[list[Card], str | None, dict[str, Card | Suit]]:
    """The cards the rules allow from ``hand``, and the duty that excludes the others.

    Returns ``(allowed, code, params)``; ``code`` is None when every card in hand is allowed.
    """
    allowed, code, suit, target = duty_mask(
        rules, mask_of(hand), [c.index for c in trick], NO_TRUMP if trump is None else int(trump), first_trick
    )
    cards = [c for c in hand if allowed >> c.index & 1]
    params: dict[str, Card | Suit] = {}
    if suit >= 0:
        params["suit"] = Suit(suit)
    if target >= 0:
        params["beat"] = ALL_CARDS[target]
    if code == "ace_must_show":
        params["card"] = cards[0]
    return cards, code, params


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
    return Reason.of(cast(str, code), **params)  # a card not allowed: some duty (a code) excludes it
