"""Trump declarations and partner questions: the conditions, in one place.

* A declaration window opens for the winner of a trick, before they lead the next one; never
  before the first trick or after the last (S0, S1, S2). With ``strong_drive`` only if the
  winner also led the trick they won (S1 option).
* One declaration *or* one partner question per window (S0: one declaration per trick; S2).
* Declaring a suit needs its king and queen still in hand; each suit once per deal; the new
  trump replaces the old one, whose bonus is kept (S0, S1, S2, S3).
* Pairs (S1, S2, S3): ask the partner for a full pair (the partner names an undeclared suit
  whose K+Q they hold, if any) or, holding exactly one of a suit's K and Q, for the other half.
  With ``half_question_lockout`` (S2) a half question ends the pair's questions for the deal and
  the partner may no longer declare their own pairs.

Hands are bitmasks of card indices (suit * 9 + rank, ranks A T K Q J 9 8 7 6).
"""

from __future__ import annotations

KING_BITS = tuple(1 << (9 * s + 2) for s in range(4))
QUEEN_BITS = tuple(1 << (9 * s + 3) for s in range(4))
PAIR_BITS = tuple(k | q for k, q in zip(KING_BITS, QUEEN_BITS))
_UNDECLARED_KINGS = tuple(sum(KING_BITS[s] for s in range(4) if not declared >> s & 1) for declared in range(16))


def window_after_trick(rules, winner: int, trick_leader: int) -> str:
    """The declaration state for the winner of a trick: ``open`` or ``not_led`` (strong drive)."""
    return "open" if winner == trick_leader or not rules.strong_drive else "not_led"


def pair_suits(hand: int, declared: int) -> list[int]:
    """Undeclared suits (``declared`` is a mask of suit numbers) whose K and Q are both in ``hand``."""
    return [s for s in range(4) if not declared >> s & 1 and hand & PAIR_BITS[s] == PAIR_BITS[s]]


def has_pair(hand: int, declared: int) -> bool:
    """``pair_suits(hand, declared)`` is not empty, on bits (the solver asks after every trick)."""
    # a queen's bit shifted onto its king's: set where both are held
    return bool(hand & (hand >> 1) & _UNDECLARED_KINGS[declared])


def half_suits(hand: int, declared: int) -> list[int]:
    """Undeclared suits of which ``hand`` holds exactly one of the king and queen."""
    return [s for s in range(4) if not declared >> s & 1 and bin(hand & PAIR_BITS[s]).count("1") == 1]


def half_completes(hand: int, partner_hand: int, suit: int) -> bool:
    return (hand | partner_hand) & PAIR_BITS[suit] == PAIR_BITS[suit]


def questions_over(rules, seat: int, half_askers) -> bool:
    """Has this seat's pair used its questions with a half question (S2 lock-out)?"""
    return rules.half_question_lockout and any(rules.side_of(a) == rules.side_of(seat) for a in half_askers)


def pairs_broken(rules, seat: int, half_askers) -> bool:
    """May this seat no longer declare its own pairs because its partner asked for a half (S2)?"""
    return rules.half_question_lockout and rules.partner_of(seat) in half_askers


def questions_allowed(rules) -> bool:
    return rules.partnership and rules.partner_questions
